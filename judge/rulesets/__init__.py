"""One seam per game: everything game-specific sits behind a `Ruleset`.

A ruleset holds one game's turn structure as data, reads and validates that game's
board files, and judges them. Code outside `judge.rulesets` asks the registry for a
ruleset and never compares game names itself, so adding a game means adding one module
here and one line to `_REGISTRY`.

Rulesets are imported only when asked for, which keeps `loremaster ask` from paying for
a rules model it does not use.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

#: game key -> "module:attribute" of its ruleset; the first is the default game
_REGISTRY = {
    "lcg": "judge.rulesets.lcg:LCG",
    "tcg": "judge.rulesets.tcg:TCG",
}
GAMES: tuple[str, ...] = tuple(_REGISTRY)
DEFAULT_GAME = GAMES[0]


@dataclass(frozen=True, slots=True)
class TurnStep:
    """One step of a game's turn or round, as its rulebook numbers and names it."""

    number: str
    title: str
    phase: str
    action_window: bool
    entry_id: str


def __getattr__(name: str):
    """`Ruleset`, the protocol every game implements, lives in `judge.rulesets.protocol`:
    importing `typing` for it would slow every `check` for no work done at run time."""
    if name == "Ruleset":
        from judge.rulesets.protocol import Ruleset

        return Ruleset
    raise AttributeError(name)


def ruleset(game: str):
    """The `Ruleset` for a game key; `KeyError` names the games there are."""
    try:
        target = _REGISTRY[game]
    except KeyError:
        raise KeyError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}") from None
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


def game_named_by(question_words: tuple[str, ...]) -> str:
    """The game a question points to: the first other game whose markers (its name, or
    words only it uses, such as "skirmish") appear in the words; else the default game.
    Markers of several words match as consecutive words ("trading card game")."""
    for game in GAMES[1:]:
        if any(_says(question_words, marker) for marker in ruleset(game).markers):
            return game
    return DEFAULT_GAME


@cache
def name_words() -> frozenset[str]:
    """Every word of every game's names ("decipher", "fantasy", "flight")."""
    return frozenset(
        word for game in GAMES for name in ruleset(game).names for word in name.split()
    )


def game_name_words(question_words: tuple[str, ...]) -> frozenset[str]:
    """The question's words that only name a game ("tcg", "trading card game")."""
    return frozenset(
        word
        for game in GAMES
        for name in ruleset(game).names
        if _says(question_words, name)
        for word in name.split()
    )


def _says(question_words: tuple[str, ...], phrase: str) -> bool:
    """Whether the words hold the phrase's words together and in order; a hyphen parts
    words, as in the question's ("Ring-bearer": "ring", "bearer")."""
    return f" {' '.join(phrase.replace('-', ' ').split())} " in f" {' '.join(question_words)} "


def ruleset_for_board(doc):
    """The `Ruleset` a board document (a `judge.yamlio.Document`: not imported here, as
    `ask` uses this registry and reads no YAML) asks for by its `game` field (default:
    the LCG)."""
    data = doc.data
    game = data.get("game", DEFAULT_GAME) if isinstance(data, Mapping) else DEFAULT_GAME
    if not isinstance(game, str) or game not in _REGISTRY:  # `game: []` is bad input too
        raise doc.error(("game",), f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
    return ruleset(game)
