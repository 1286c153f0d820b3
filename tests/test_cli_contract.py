"""Every command keeps the exit-status contract (docs/cli.md): 0 answered or ok, 1 "the
answer is no" or nothing found, 2 bad input; and with `--json`, an input error is one
JSON document on stdout as well as one line on stderr."""

from __future__ import annotations

import json

import pytest
from helpers import REPO

EXAMPLES = REPO / "examples"
VIOLATION = (
    "players:\n  - name: Ann\n    threat: 52\n    heroes: [{title: Aragorn, sphere: Leadership}]\n"
)


@pytest.fixture
def files(tmp_path):
    (tmp_path / "bad.yaml").write_text("players: [\n", encoding="utf-8")
    (tmp_path / "no.yaml").write_text(VIOLATION, encoding="utf-8")
    return tmp_path


CASES = [
    # command, arguments, expected exit status
    ("ask", ["can sentinel defend twice"], 0),
    ("ask", [""], 2),
    ("ask", ["   "], 2),
    ("show", ["rr/engagement-check"], 0),
    ("show", ["Engagement Check"], 0),
    ("show", ["rr/no-such-entry"], 1),
    ("errata", ["beravor"], 0),
    ("errata", ["sherbet"], 1),
    ("errata", [""], 2),
    ("card", ["aragorn"], 0),
    ("card", ["qwzx vbnm"], 1),
    ("card", [""], 2),
    ("scenario", ["passage through mirkwood"], 0),
    ("scenario", ["qwzx vbnm"], 1),
    ("scenario", [""], 2),
    ("check", [str(EXAMPLES / "boards" / "combat.yaml")], 0),
    ("check", ["{no}"], 1),
    ("check", ["{bad}"], 2),
    ("timing", [str(EXAMPLES / "triggers.yaml")], 0),
    ("timing", ["{bad}"], 2),
    ("deck", ["{bad}"], 2),
    ("campaign", [], 0),
    ("campaign", ["{bad}"], 2),
    ("validate", [], 0),
]


@pytest.mark.parametrize(("command", "arguments", "status"), CASES)
def test_each_command_keeps_the_exit_status_contract(cli, files, command, arguments, status):
    arguments = [a.format(bad=files / "bad.yaml", no=files / "no.yaml") for a in arguments]
    done = cli(command, *arguments)
    assert done.code == status, (done.out[-500:], done.err[-500:])
    assert "Traceback" not in done.err


@pytest.mark.parametrize("command", ["check", "timing", "deck", "campaign"])
def test_an_input_error_with_json_is_one_json_document_on_stdout(cli, files, command):
    done = cli(command, str(files / "bad.yaml"), "--json")
    assert done.code == 2
    error = json.loads(done.out)["error"]
    assert error["file"].endswith("bad.yaml") and error["line"] == 2 and error["column"] >= 1
    assert error["message"] and f"bad.yaml:{error['line']}:" in done.err


def test_a_usage_error_with_json_is_a_json_document_too(cli):
    done = cli("ask", "", "--json")
    assert done.code == 2 and json.loads(done.out)["error"]["message"].startswith("loremaster ask")


def test_the_help_speaks_of_both_games():
    from helpers import run_loremaster

    shown = " ".join(run_loremaster("--help").out.split())
    assert "Trading Card Game" in shown and "The Card Game" in shown
