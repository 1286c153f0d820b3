"""The games, one package each behind one seam: this registry of their `Ruleset`s.

A ruleset holds one game's turn structure as data, reads and validates that game's
board files, declares its rules and step events, and judges boards. Code outside
`judge.games` asks this registry for a ruleset or for the game keys and never writes a
game's name itself, so adding a game means adding one package here and one line to
`_REGISTRY`.

Rulesets are imported only when asked for, which keeps `loremaster ask` from paying for
a rules model it does not use.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache

#: game key -> "module:attribute" of its ruleset; the first is the default game
_REGISTRY = {
    "lcg": "judge.games.lcg.ruleset:LCG",
    "tcg": "judge.games.tcg.ruleset:TCG",
}
GAMES: tuple[str, ...] = tuple(_REGISTRY)
DEFAULT_GAME = GAMES[0]


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
    from judge.base.phrases import phrase_at

    return bool(phrase_at(tuple(question_words), tuple(phrase.replace("-", " ").split())))


def implementations() -> dict[str, tuple[str, ...]]:
    """Every game's rule functions -> the entry ids each implements."""
    return {
        name: cites for game in GAMES for name, cites in ruleset(game).implementations().items()
    }


def used_by(entry_id: str) -> list[str]:
    """The rule functions, of every game, that implement an entry."""
    return sorted(name for name, cites in implementations().items() if entry_id in cites)


def judge_uses(entry_id: str) -> list[str]:
    """When the judge uses an entry's rule, in a player's words: "checking every board
    for threat elimination", "working out step 5.3". Read from the declarations: an
    invariant names its rule and the phases it runs in, a step event its steps; a
    function that only helps them is covered by the step or check it serves."""
    uses: list[str] = []
    for game in GAMES:
        game_rules = ruleset(game)
        for rule in game_rules.rules():
            if entry_id in rule.cites:
                where = (
                    f" in the {', '.join(sorted(map(str, rule.only)))} phase" if rule.only else ""
                )
                uses.append(f"checking a board{where} for {rule.rule.replace('-', ' ')}")
        for row in game_rules.events():
            if entry_id in getattr(row.function(), "cites", ()):
                at = f"step {', '.join(row.steps)}" if row.steps else f"the {row.phase} phase"
                uses.append(f"working out what happens at {at}")
    if not uses and used_by(entry_id):
        uses.append("working out a step or checking a board (through a helper of its model)")
    return list(dict.fromkeys(uses))


def ruleset_for_board(doc):
    """The `Ruleset` a board document (a `judge.base.yamlio.Document`: not imported here, as
    `ask` uses this registry and reads no YAML) asks for by its `game` field (default:
    the LCG)."""
    data = doc.data
    game = data.get("game", DEFAULT_GAME) if isinstance(data, Mapping) else DEFAULT_GAME
    if not isinstance(game, str) or game not in _REGISTRY:  # `game: []` is bad input too
        raise doc.error(("game",), f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
    return ruleset(game)


def listed_kind(kind: str, game: str) -> str:
    """An entry's kind as the CLI contract lists it: an entry of a game other than the
    default one is listed under its game's key ("tcg"), whatever its kind of rule, so
    that the contract's kinds stay what they were when each game had one; the kind
    itself (glossary, keyword, step, ...) is what search reads for kind words."""
    return kind if game == GAMES[0] else game
