"""The question read once: one list of stages over one query object.

Each stage takes the question as read so far (`understand.Understanding`, whose `text`
is the question's text as the stages read it) and returns it read further. A stage
reads what the stages before it wrote, never the question as typed: a misspelt word is
corrected once, before the table talk, the backstory and the intent are read from it,
and the ranking reads the finished query alone (`engine.GameIndex.ranking`).

The stages that need nothing of an index are `understand`'s; routing needs every
game's words (the searcher's, `engine.Searcher.routed`); the names, the spelling and
the game's own words need the game's index (`reading.GameReader`). A game with no
index (no entry of it) skips those.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from judge.search import understand
from judge.search.reading import GameReader

if TYPE_CHECKING:
    from judge.search.engine import Searcher
    from judge.search.understand import Understanding


class Stage(NamedTuple):
    """One step of reading: its name and what it does."""

    name: str
    run: Callable[[Understanding, Searcher], Understanding]


def _text(stage: Callable[[Understanding], Understanding]):
    """A stage of `understand`'s, which reads the text alone."""
    return lambda meaning, searcher: stage(meaning)


def _game(stage: Callable[[GameReader, Understanding], Understanding]):
    """A stage of the game's reader (`reading.GameReader`), when the game has an index."""

    def run(meaning: Understanding, searcher: Searcher) -> Understanding:
        reader = searcher.reader(meaning.game)
        return meaning if reader is None else stage(reader, meaning)

    return run


#: the stages, in order
STAGES = (
    Stage("normalise", _text(understand.normalised)),
    Stage("words", _text(understand.worded)),
    Stage("route", lambda meaning, searcher: searcher.routed(meaning)),
    Stage("names", _game(GameReader.named)),
    Stage("spell", _game(GameReader.spelt)),
    Stage("expand", _text(understand.expanded)),
    Stage("segment", _text(understand.segmented)),
    Stage("intent", _text(understand.intended)),
    Stage("own words", _game(GameReader.in_game)),
)


def read(question: str, game: str, searcher: Searcher) -> Understanding:
    """The question read by every stage; `game` "auto" lets the route stage choose."""
    meaning = understand.query(question, game)
    for stage in STAGES:
        meaning = stage.run(meaning, searcher)
    return meaning
