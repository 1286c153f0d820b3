"""TCG board YAML -> `Board` (contract: ../shared/contracts/board-state.md, "TCG").

Read through `judge.base.fields.Fields`, so every mistake names its file, line and column.
"""

from __future__ import annotations

from judge.base.fields import Fields, dotted
from judge.base.yamlio import Document, did_you_mean
from judge.games.tcg.keywords import KeywordError, read_keywords
from judge.games.tcg.phases import PHASES
from judge.games.tcg.state import LAST_SITE, Board, Character, Move, Skirmish

TOP = (
    "game",
    "phase",
    "site",
    "twilight_pool",
    "free_peoples",
    "shadow",
    "skirmishes",
    "players",
    "moves",
    "moving_to",
)
COMPANION = ("title", "strength", "vitality", "wounds", "keywords")
MINION = (*COMPANION, "site")
SKIRMISH = ("companion", "minions")
MOVE = ("site", "shadow_number")


def read_tcg_board(doc: Document) -> Board:
    """Build the board, or raise `InputError` at the first problem."""
    if not isinstance(doc.data, dict):
        raise doc.error((), "a TCG board is one mapping with 'free_peoples' and 'shadow' in it")
    f = Fields(doc, (), TOP, "the board")
    f.text("game", required=True)
    companions, fp_archery = _side(doc, f, "free_peoples", "companions", "a companion")
    minions, shadow_archery = _side(doc, f, "shadow", "minions", "a minion")
    board = Board(
        phase=f.text("phase", None, choices=PHASES),
        site=_site(f, "site", required=True),
        twilight_pool=f.integer("twilight_pool"),
        companions=companions,
        minions=minions,
        skirmishes=tuple(
            _skirmish(doc, path, companions, minions) for path in f.items("skirmishes")
        ),
        fp_archery_total=fp_archery,
        shadow_archery_total=shadow_archery,
        players=_players(f),
        moves=f.integer("moves", 1),
        moving_to=_move(doc, f),
    )
    f.done()
    return board


def _site(f: Fields, key: str, required: bool = False) -> int | None:
    if not required and not f.has(key):
        return None
    site = f.integer(key, required=required, minimum=1)
    if site > LAST_SITE:
        raise f.doc.error((*f.path, key), f"'{key}' is a site number, 1 to {LAST_SITE}, not {site}")
    return site


def _players(f: Fields) -> int:
    players = f.integer("players", 2)
    if players < 2:
        raise f.doc.error(
            ("players",), "the TCG needs at least 2 players (one Free Peoples, one Shadow)"
        )
    return players


def _side(doc: Document, f: Fields, side: str, cards: str, what: str):
    """One side's characters, and its archery total when the board overrides it."""
    if f.raw(side) is None:
        return (), None
    sf = Fields(doc, (side,), (cards, "archery_total"), f"the {side.replace('_', ' ')} side")
    characters = tuple(_character(doc, path, what) for path in sf.items(cards))
    _require_unique_titles(doc, characters, (side, cards))
    archery = sf.integer("archery_total") if sf.has("archery_total") else None
    sf.done()
    return characters, archery


def _character(doc: Document, path: tuple, what: str) -> Character:
    is_minion = what == "a minion"
    f = Fields(doc, path, MINION if is_minion else COMPANION, what)
    title = f.text("title", required=True)
    try:
        keywords = read_keywords(f.strings("keywords"))
    except KeywordError as error:
        raise doc.error((*path, "keywords"), str(error)) from None
    card = Character(
        title=title,
        path=dotted(path),
        strength=f.integer("strength", required=True),
        vitality=f.integer("vitality", required=True, minimum=1),
        wounds=f.integer("wounds"),
        keywords=keywords,
        site=_site(f, "site") if is_minion else None,
    )
    f.done()
    return card


def _require_unique_titles(doc: Document, cards: tuple[Character, ...], path: tuple) -> None:
    """Skirmishes name characters by title, so titles on one side must differ."""
    seen: set[str] = set()
    for index, card in enumerate(cards):
        if card.title in seen:
            raise doc.error(
                (*path, index, "title"),
                f"two cards are called '{card.title}'; number them (e.g. '{card.title} 2')",
            )
        seen.add(card.title)


def _skirmish(doc: Document, path: tuple, companions, minions) -> Skirmish:
    f = Fields(doc, path, SKIRMISH, "a skirmish")
    companion = _find(
        doc, (*path, "companion"), f.text("companion", required=True), companions, "companion"
    )
    names = f.strings("minions")
    if not names:
        raise doc.error(path, "a skirmish needs 'minions': [titles] (at least one)")
    found = tuple(
        _find(doc, (*path, "minions", i), name, minions, "minion") for i, name in enumerate(names)
    )
    f.done()
    return Skirmish(companion, found, dotted(path))


def _find(doc: Document, path: tuple, title: str, cards: tuple[Character, ...], kind: str):
    for card in cards:
        if card.title == title:
            return card
    titles = [c.title for c in cards]
    raise doc.error(
        path,
        f"no {kind} called '{title}' on the board{did_you_mean(title, titles)}",
    )


def _move(doc: Document, f: Fields) -> Move | None:
    if f.raw("moving_to") is None:
        return None
    mf = Fields(doc, ("moving_to",), MOVE, "the move ('moving_to')")
    move = Move(_site(mf, "site", required=True), mf.integer("shadow_number", required=True))
    mf.done()
    return move
