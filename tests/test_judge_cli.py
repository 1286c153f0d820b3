"""The judge commands: input errors, exit codes, human and JSON output, the shared cases."""

from __future__ import annotations

import subprocess
import sys

import pytest
from helpers import REPO, SHARED, run_loremaster

BOARD = """\
game: lcg
phase: quest
step: "3.4"
players:
  - name: Ann
    threat: 31
    heroes:
      - {title: Aragorn, willpower: 2, committed: true, exhausted: true, hit_points: 5}
staging_area:
  - {type: location, title: Old Forest Road, threat: 1, quest_points: 3}
"""


def write(tmp_path, text, name="board.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_check_human_output_groups_findings_and_cites(cli, tmp_path):
    path = write(tmp_path, BOARD.replace("threat: 31", "threat: 52"))
    result = cli("check", path)
    assert result.code == 1
    assert "Violations (1):" in result.out and "[threat-elimination]" in result.out
    assert 'Rules Reference, "Threat Elimination Level", p. 17' in result.out
    assert "What happens next:" in result.out and "quest-resolution" in result.out


def test_check_json_matches_the_contract(cli, tmp_path):
    data = cli("check", write(tmp_path, BOARD), "--json").json()
    assert data["ok"] is True and data["game"] == "lcg"
    (event,) = data["next"]
    assert event["event"] == "quest-resolution" and event["step"] == "3.4"
    assert event["data"]["progress"] == 1 and event["cites"]


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ("players: [{name: Ann, threat: 3}\n", ":2:1:", "invalid YAML"),
        ("- name: Ann\n", ":1:1:", "one mapping"),
        (BOARD.replace("threat: 31", "threat: -1"), ":6:13:", "0 or more"),
        (BOARD.replace("threat: 31", "threat: lots"), ":6:13:", "whole number"),
        (
            BOARD.replace("quest_points: 3", "quest_pionts: 3"),
            ":10:",
            "did you mean 'quest_points'",
        ),
        (BOARD.replace("phase: quest", "phase: qest"), ":2:8:", "did you mean 'quest'"),
        (
            BOARD.replace("staging_area:", "  - {name: Ann, threat: 3}\nstaging_area:"),
            ":9:",
            "two players are called 'Ann'",
        ),
        (BOARD.replace('step: "3.4"', 'step: "5.3"'), ":3:7:", "belongs to the encounter phase"),
        (BOARD.replace('step: "3.4"', "step: 3.40"), ":3:7:", "quoted"),
    ],
)
def test_input_errors_name_file_line_column_and_a_fix(cli, tmp_path, text, where, words):
    path = write(tmp_path, text)
    result = cli("check", path)
    assert result.code == 2 and result.out == ""
    assert result.err.startswith(path + where) and words in result.err


def test_alias_bomb_is_rejected(cli, tmp_path):
    lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    for i in range(1, 9):
        prev, cur = chr(ord("a") + i - 1), chr(ord("a") + i)
        lines.append(
            f"{cur}: &{cur} [*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev}]"
        )
    result = cli("check", write(tmp_path, "\n".join(lines) + "\n"))
    assert result.code == 2 and "aliases" in result.err


def test_oversized_and_missing_files_are_input_errors(cli, tmp_path):
    big = write(tmp_path, "# " + "x" * 1_100_000 + "\n")
    assert cli("check", big).code == 2
    result = cli("check", str(tmp_path / "nope.yaml"))
    assert result.code == 2 and "no such file" in result.err


def test_timing_command_orders_and_explains(cli, tmp_path):
    path = write(
        tmp_path,
        """\
trigger: Dark Sorcery is revealed during staging
abilities:
  - {name: Dark Sorcery, type: when-revealed}
  - {name: Tower Gate, type: forced, word: after}
  - {name: Strength of Will, type: response, word: after, player: Bob}
  - {name: A Test of Will, type: response, cancels: Dark Sorcery, player: Ann}
""",
    )
    data = cli("timing", path, "--json").json()
    # the cancelled ability stays listed right after its cancel, and ties with nothing
    assert data["order"] == ["A Test of Will", "Dark Sorcery", "Tower Gate", "Strength of Will"]
    assert data["cancelled"] == ["Dark Sorcery"]
    assert "does not resolve" in data["steps"][1]["why"]
    assert all(step["cites"] for step in data["steps"]) and data["refused"] == []
    human = cli("timing", path)
    assert human.code == 0 and "1. A Test of Will" in human.out


def test_timing_says_when_a_cancel_has_nothing_to_cancel(cli, tmp_path):
    path = write(
        tmp_path,
        "abilities:\n  - {name: Aura, type: constant}\n"
        "  - {name: A Test of Will, type: response, cancels: true}\n",
    )
    data = cli("timing", path, "--json").json()
    assert data["order"] == ["Aura"] and data["refused"][0]["name"] == "A Test of Will"
    assert "Not in the order: A Test of Will cannot be played" in cli("timing", path).out


def test_deck_and_campaign_commands(cli, tmp_path):
    deck = write(
        tmp_path, "heroes: [Aragorn]\ncards:\n  - {title: Gandalf, count: 4}\n", "deck.yaml"
    )
    result = cli("deck", deck, "--json")
    assert result.code == 1 and {f["rule"] for f in result.json()["findings"]} == {
        "deck-size",
        "copy-limit",
    }
    log = write(
        tmp_path, "players:\n  - {name: Ann, heroes: [Aragorn], threat_penalty: 2}\n", "log.yaml"
    )
    data = cli("campaign", log, "--json").json()
    assert data["ok"] and [f["rule"] for f in data["findings"]] == ["threat-penalty"]
    assert data["next"][0]["event"] == "setup-checklist"
    outline = cli("campaign", "--json").json()["campaign_rules"]
    assert outline[0]["id"] == "rr/campaign/campaign-mode"


def test_no_traceback_reaches_the_user_from_a_subprocess(tmp_path):
    result = run_loremaster("check", write(tmp_path, "players: {"))
    assert result.code == 2 and "Traceback" not in result.err and result.err.count("\n") == 1


#: the shared cases run in this many parts, so the test workers share them out
JUDGE_CASE_PARTS = 3


@pytest.mark.skipif(
    not (SHARED / "eval" / "judge").is_dir(), reason="../shared/eval/judge is not on this machine"
)
@pytest.mark.parametrize("part", range(JUDGE_CASE_PARTS))
def test_shared_judge_cases_pass(part):
    """Every case in ../shared/eval/judge and its combat/ and round3/ folders, both games,
    through the real CLI. The runner reads one folder, so each part's cases (every
    JUDGE_CASE_PARTS-th, from `part`) are gathered into one; each case is a CLI run
    of its own, and in one part they would take the longest test of the suite."""
    cases = SHARED / "eval" / "judge"
    folders = (cases, cases / "combat", cases / "round3")
    every = sorted(p for folder in folders for p in folder.glob("*.expect.json"))
    cases = every[part::JUDGE_CASE_PARTS]
    assert cases, "more parts than cases"
    work = REPO / "build" / f"judge-cases-{part}"
    work.mkdir(parents=True, exist_ok=True)
    for old in work.iterdir():
        old.unlink()
    for case in cases:
        yaml_case = case.with_name(case.name.replace(".expect.json", ".yaml"))
        (work / case.name).write_bytes(case.read_bytes())
        (work / yaml_case.name).write_bytes(yaml_case.read_bytes())
    runner = SHARED / "eval" / "judge_cases.py"
    proc = subprocess.run(
        [
            sys.executable,
            str(runner),
            str(work),
            "--loremaster",
            f"{sys.executable} -m cli",
            "-v",
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout
    assert f"{len(cases)} passed, 0 failed" in proc.stdout
