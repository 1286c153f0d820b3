"""The files a user learns from: examples/ checks cleanly, docs/ lists every field."""

from __future__ import annotations

import importlib
import re

import pytest
from helpers import REPO

EXAMPLES = REPO / "examples"
BOARDS = sorted((EXAMPLES / "boards").glob("*.yaml"))
DOCS = ("board-state.md", "tcg-board.md", "timing.md", "deck.md", "campaign-log.md")


def test_there_is_an_example_board_for_every_phase_of_every_game_and_combat_step():
    from judge.games import GAMES, ruleset

    for game in GAMES:
        boards = [p for p in BOARDS if _game(p) == game]
        assert {_phase(p) for p in boards} == set(ruleset(game).phases()), game
    steps = {_step(p) for p in BOARDS}
    assert {"3.3", "3.4", "4.2", "5.3", "6.1", "6.2", "6.4.3", "6.8.3"} <= steps


def _game(path) -> str:
    return re.search(r"^game: (\S+)", path.read_text(encoding="utf-8"), re.M).group(1)


def _phase(path) -> str:
    return re.search(r"^phase: (\S+)", path.read_text(encoding="utf-8"), re.M).group(1)


def _step(path) -> str | None:
    found = re.search(r'^step: "([^"]+)"', path.read_text(encoding="utf-8"), re.M)
    return found.group(1) if found else None


@pytest.mark.parametrize("board", BOARDS, ids=lambda p: p.stem)
def test_every_example_board_checks_cleanly(cli, board):
    result = cli("check", str(board), "--json")
    data = result.json()
    assert result.code == 0 and data["ok"], data["findings"]
    assert data["next"] and all(event["cites"] for event in data["next"])


@pytest.mark.parametrize(
    ("command", "name"),
    [
        ("timing", "triggers.yaml"),
        ("deck", "deck.yaml"),
        ("deck", "deck.txt"),
        ("deck", "deck.o8d"),
        ("campaign", "campaign-log.yaml"),
    ],
)
def test_every_other_example_runs_cleanly(cli, command, name):
    result = cli(command, str(EXAMPLES / name), "--json")
    assert result.code == 0, result.err
    assert "refused" not in result.json() or result.json()["refused"] == []


def test_check_example_prints_a_board_that_checks(cli, tmp_path):
    printed = cli("check", "--example", "combat")
    assert printed.code == 0 and "attack:" in printed.out
    path = tmp_path / "board.yaml"
    path.write_text(printed.out, encoding="utf-8")
    assert cli("check", str(path), "--json").json()["next"][0]["event"] == "enemy-attack"
    assert cli("check", "--example").out == (EXAMPLES / "boards" / "quest.yaml").read_text(
        encoding="utf-8"
    )


def test_an_unknown_example_is_a_usage_error_with_a_suggestion(cli):
    result = cli("check", "--example", "comabt")
    assert result.code == 2 and "did you mean 'combat'" in result.err


def _schema_tables(text: str):
    """(module.NAME, first-column fields) for each table marked `<!-- schema: ... -->`."""
    for match in re.finditer(r"<!-- schema: ([\w.]+) -->\n((?:\|.*\n)+)", text):
        rows = match.group(2).splitlines()[2:]
        yield match.group(1), [re.search(r"`([^`]+)`", row).group(1) for row in rows]


@pytest.mark.parametrize("doc", DOCS)
def test_each_docs_field_table_lists_exactly_the_fields_the_loader_accepts(doc):
    tables = list(_schema_tables((REPO / "docs" / doc).read_text(encoding="utf-8")))
    assert tables
    for target, fields in tables:
        module, _, name = target.rpartition(".")
        accepted = getattr(importlib.import_module(module), name)
        assert sorted(fields) == sorted(accepted), target


def test_every_field_list_of_the_inputs_is_documented():
    documented = {
        target
        for doc in DOCS
        for target, _ in _schema_tables((REPO / "docs" / doc).read_text(encoding="utf-8"))
    }
    names = {
        f"judge.games.lcg.inputs.{n}"
        for n in ("TRIGGERS", "ABILITY", "DECK", "DECK_HERO", "DECK_CARD", "CAMPAIGN")
    } | {"judge.games.lcg.inputs.CAMPAIGN_PLAYER", "judge.games.lcg.inputs.CAMPAIGN_CARD"}
    names |= {
        f"judge.games.lcg.board.{n}"
        for n in ("TOP", "PLAYER", "CHARACTER", "ATTACHMENT", "ENEMY", "LOCATION", "QUEST")
    }
    names |= {f"judge.games.lcg.board.{n}" for n in ("ATTACK", "PLAYER_ATTACK", "REVEALED")}
    names |= {f"judge.games.tcg.board.{n}" for n in ("TOP", "MINION", "SKIRMISH", "MOVE")}
    assert names <= documented


@pytest.mark.parametrize(
    ("command", "doc"),
    [
        ("check", "docs/board-state.md"),
        ("check", "docs/tcg-board.md"),
        ("timing", "docs/timing.md"),
        ("deck", "docs/deck.md"),
        ("campaign", "docs/campaign-log.md"),
    ],
)
def test_each_command_help_points_to_its_doc(command, doc, capsys):
    from cli.main import main

    with pytest.raises(SystemExit):
        main([command, "--help"])
    assert doc in capsys.readouterr().out
    assert (REPO / doc).is_file()
