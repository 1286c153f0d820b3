"""One output path: `--json` prints exactly one document, text honours NO_COLOR and TERM=dumb."""

from __future__ import annotations

import json
import sys

import pytest

from cli import output
from cli.main import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def terminal(monkeypatch):
    """Pretend stdout is a colour terminal; tests then set NO_COLOR or TERM to opt out."""
    monkeypatch.setattr(output, "is_terminal", lambda: True)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    return monkeypatch


@pytest.mark.parametrize(
    "argv",
    [
        ("errata", "gondor", "--json"),
        ("errata", "beravor", "--json"),
        ("errata", "zzzzqqq", "--json"),
        ("show", "rr/engagement-check", "--json"),
        ("show", "rr/no-such-entry", "--json"),
        ("validate", "--json"),
        ("campaign", "--json"),
    ],
)
def test_json_output_is_exactly_one_document(capsys, argv):
    _, out, _ = run(capsys, *argv)
    assert out.endswith("\n") and out.count("\n") == 1, out[:300]
    json.loads(out)


def test_validate_json_lists_problems_and_root(capsys):
    code, out, _ = run(capsys, "validate", "--json")
    document = json.loads(out)
    assert document["problems"] == [] and code == 0
    assert document["root"]


def test_errata_text_has_no_markdown_heading_marks(capsys):
    _, out, _ = run(capsys, "errata", "beravor")
    assert "## " not in out
    assert "Beravor\n=======" in out


def test_errata_on_a_colour_terminal_shows_bold_titles_not_hashes(capsys, terminal):
    _, out, _ = run(capsys, "errata", "beravor")
    assert "## " not in out
    assert "\x1b[1mBeravor\x1b[0m" in out


@pytest.mark.parametrize("opt_out", [("NO_COLOR", "1"), ("TERM", "dumb")])
def test_no_escape_codes_when_the_terminal_opts_out(capsys, terminal, opt_out):
    terminal.setenv(*opt_out)
    for argv in (("errata", "beravor"), ("show", "rr/engagement-check")):
        _, out, _ = run(capsys, *argv)
        assert "\x1b[" not in out, argv


@pytest.mark.parametrize("opt_out", [("NO_COLOR", "1"), ("TERM", "dumb")])
def test_search_highlights_respect_the_opt_outs(terminal, opt_out):
    assert "\x1b[" in output.Style().emphasise("sentinel", [(0, 3)])
    terminal.setenv(*opt_out)
    assert output.Style().emphasise("sentinel", [(0, 3)]) == "sentinel"


def test_a_quoted_heading_is_cited_with_one_pair_of_quotes(capsys):
    _, out, _ = run(capsys, "show", "rr/cannot-have-attachments", "--json")
    citation = json.loads(out)["citation"]
    assert '""' not in citation
    assert '"Cannot have attachments"' in citation


def test_an_unanswered_question_is_echoed_short_not_whole(capsys):
    """A pasted page that matches nothing is not printed back in full."""
    code, out, _ = run(capsys, "ask", "x" * 120_000)
    assert code == 1
    assert out.startswith("Nothing found for 'x") and len(out) < 200
    assert "x" * 79 + "…" in out and "x" * 80 not in out


def test_a_card_we_lack_is_named_and_a_rules_question_answered_only_when_asked(capsys):
    """ "Can Eowyn defend?" asks a rules question besides the card; "any ruling on
    beregond?" asks nothing else, and no line of the entries listed answers it."""
    _, out, _ = run(capsys, "ask", "after questing can Eowyn still defend")
    assert out.startswith("Éowyn: no entry of ours")
    _, out, _ = run(capsys, "ask", "any ruling on beregond?")
    assert out.startswith("Beregond: no entry of ours")
    assert "Answer:" not in out


def test_a_missing_entry_goes_to_stderr_in_text_and_stdout_in_json(capsys):
    code, out, err = run(capsys, "show", "rr/no-such-entry")
    assert code == 1 and out == "" and err.startswith("No entry 'rr/no-such-entry'")
    code, out, err = run(capsys, "show", "rr/no-such-entry", "--json")
    assert code == 1 and err == "" and json.loads(out)["suggestions"]


def test_a_typed_id_is_echoed_without_its_control_characters(capsys):
    """An id the player typed is shown escaped: a terminal escape in it ("\x1b[2J" clears
    the screen) is printed as text, never sent to the terminal."""
    code, _, err = run(capsys, "show", "rr/\x1b[2Jnothing")
    assert code == 1 and "\x1b" not in err and "\\x1b[2J" in err


def test_bad_input_files_take_the_one_error_path(capsys, tmp_path):
    bad = tmp_path / "board.yaml"
    bad.write_text("players: [\n", encoding="utf-8")
    for command in ("check", "timing", "deck"):
        code, out, err = run(capsys, command, str(bad), "--json")
        assert code == 2 and json.loads(out)["error"]["line"] == 2, command  # one document
        assert err.startswith(f"{bad}:") and err.count("\n") == 1, err


def test_a_command_leaves_the_garbage_collector_as_it_found_it(cli, monkeypatch):
    """One-job commands run without collections (a cold `ask` is faster); a caller that
    runs on, like this test process, gets the collector back, and `serve` keeps it."""
    import gc

    from cli import commands
    from cli import main as cli_main

    assert cli("ask", "sentinel").code == 0
    assert gc.isenabled()
    seen = []
    monkeypatch.setattr(commands, "run", lambda argv: seen.append(gc.isenabled()) or 0)
    assert cli_main.main(["ask", "sentinel"]) == 0
    assert cli_main.main(["serve"]) == 0
    assert seen == [False, True]
    assert gc.isenabled()


def test_a_command_run_as_the_process_exits_without_collecting(monkeypatch):
    """Run as the process (`loremaster ask ...`, no argv given), a one-job command
    leaves the collector off: the interpreter would otherwise collect everything the
    command allocated on its way out."""
    import gc

    from cli import commands
    from cli import main as cli_main

    monkeypatch.setattr(commands, "run", lambda argv: 0)
    monkeypatch.setattr(sys, "argv", ["loremaster", "ask", "sentinel"])
    try:
        assert cli_main.main() == 0
        assert not gc.isenabled()
        gc.enable()
        monkeypatch.setattr(sys, "argv", ["loremaster", "serve"])
        assert cli_main.main() == 0
        assert gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.parametrize(
    ("command", "what"),
    [("errata", "card title"), ("scenario", "scenario title"), ("show", "entry id")],
)
def test_a_pasted_page_as_a_name_is_refused_at_once_and_not_echoed(capsys, command, what):
    """A name or id longer than any (output.MAX_NAME_CHARS) is refused before any
    fuzzy matching (seconds on a megabyte), and only a short prefix is shown."""
    import time

    started = time.perf_counter()
    code, out, err = run(capsys, command, "sentinel " * 110_000)
    assert time.perf_counter() - started < 1.0
    assert code == 2 and out == "" and err.count("\n") == 1 and len(err) < 300
    assert f"longer than any {what} ({output.MAX_NAME_CHARS} at most)" in err
    assert err.startswith(f"loremaster {command}: 'sentinel sentinel")


def test_a_name_at_the_limit_is_still_looked_up(capsys):
    code, _, err = run(capsys, "errata", "b" * output.MAX_NAME_CHARS)
    assert code == 1 and err == ""


@pytest.mark.parametrize("typed", ["notanumber", "sherbet", "qwzx"])
def test_a_weak_fuzzy_match_does_not_answer_but_is_suggested(capsys, typed):
    """ "sherbet" is closest to Shelob, and not close enough: no card's errata is shown
    (never Bert's); exit 1 with the close titles, when there are any, instead."""
    code, out, _ = run(capsys, "errata", typed)
    assert code == 1 and out.startswith(f"No card matches '{typed}'.")
    assert "====" not in out and "errata/" not in out
    code, out, _ = run(capsys, "errata", typed, "--json")
    document = json.loads(out)
    assert code == 1 and document["card"] is None and document["entries"] == []
    assert bool(document["suggestions"]) == (typed != "qwzx")


@pytest.mark.parametrize(
    ("typed", "title"),
    [
        ("theodrd", "Théodred"),
        ("aragon", "Aragorn"),
        ("bret", "Bert"),
        ("tahlin", "Thalin"),
        ("bilbo", "Bilbo Baggins"),
        ("test of will", "A Test of Will"),
        ("stewart of gondor", "Steward of Gondor"),
        ("nazgul of dol gulder", "Nazgûl of Dol Guldur"),
    ],
)
def test_a_typo_or_part_of_a_title_still_finds_the_card(capsys, typed, title):
    code, out, _ = run(capsys, "errata", typed, "--json")
    assert json.loads(out)["card"] == title
    code, out, _ = run(capsys, "errata", typed)
    assert out.startswith(f"{title}\n" if code == 0 else f"No errata for {title} (")


def test_the_answering_thresholds_are_declared_constants():
    from judge.kb import card_lookup

    assert card_lookup.CLEAR_WIN > card_lookup.CLOSE and card_lookup.TYPO_LETTERS >= 3
    assert not card_lookup.names_the_title("robert", "bert")
    assert card_lookup.names_the_title("bret", "bert")
