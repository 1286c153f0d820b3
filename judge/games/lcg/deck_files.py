"""Deck files other programs write: a RingsDB text export and an OCTGN (or DragnCards)
`.o8d` deck, each read into `judge.games.lcg.deck.DeckLine`s with the line and column of
every card, so a malformed file is an `InputError` at `FILE:LINE:COL`.

The text is given (the app reads the file); which cards the lines name is looked up
later, through the card facts (`judge.games.lcg.deck.build_deck`).
"""

from __future__ import annotations

import re
from pathlib import PurePath
from xml.parsers import expat

from judge.base.yamlio import InputError
from judge.games.lcg.deck import DeckLine

#: the formats `deck_format` tells apart
FORMATS = ("yaml", "ringsdb", "o8d")

#: a RingsDB export's section headings (singular or plural) -> where their cards go and
#: the card types they hold
RINGSDB_SECTIONS = {
    "hero": ("hero", ("Hero",)),
    "ally": ("card", ("Ally",)),
    "attachment": ("card", ("Attachment",)),
    "event": ("card", ("Event",)),
    "player side quest": ("card", ("Side Quest",)),
    "side quest": ("card", ("Side Quest",)),
    "treasure": ("card", ("Treasure",)),
    "contract": ("card", ("Contract",)),
    "sideboard": ("sideboard", ()),
}
#: an `.o8d` deck's player sections (OCTGN's and DragnCards' names) -> the same; its
#: shared sections (Quest, Encounter, Special, Setup, ...) are not the player's deck
O8D_SECTIONS = {
    "hero": ("hero", ("Hero",)),
    "ally": ("card", ("Ally",)),
    "attachment": ("card", ("Attachment",)),
    "event": ("card", ("Event",)),
    "side quest": ("card", ("Side Quest",)),
    "player side quest": ("card", ("Side Quest",)),
    "treasure": ("card", ("Treasure",)),
    "contract": ("card", ("Contract",)),
    "sideboard": ("sideboard", ()),
}
#: a deck holds far fewer: more XML elements than this is no deck
MAX_O8D_ELEMENTS = 5_000
#: more copies of one card than this on one line is no deck either
MAX_COUNT = 100

_HEADING = re.compile(r"^(?P<name>[A-Za-z][A-Za-z ]*?)\s*(?:\(\s*\d+\s*\))?:?$")
_CARD = re.compile(r"^(?P<count>\d+)\s*[xX×]\s*(?P<title>.+?)\s*(?:\((?P<pack>[^()]+)\))?$")
_WHAT_A_LINE_IS = (
    "a RingsDB text export lists cards as '3x Gandalf (Core Set)' under headings such as "
    "'Heroes (3)' or 'Allies (15)'"
)


def deck_format(name: str, text: str) -> str:
    """Which format a deck file is in: by its extension (`.o8d`/`.xml`, `.txt`,
    `.yaml`/`.yml`), else by its first line (`<` opens XML; a card line or a section
    heading is a RingsDB export); YAML otherwise."""
    suffix = PurePath(name).suffix.lower()
    if suffix in (".o8d", ".xml"):
        return "o8d"
    if suffix == ".txt":
        return "ringsdb"
    if suffix in (".yaml", ".yml"):
        return "yaml"
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    if first.startswith("<"):
        return "o8d"
    if any(
        _section(line.strip(), RINGSDB_SECTIONS) or _CARD.match(line.strip())
        for line in text.splitlines()
    ):
        return "ringsdb"
    return "yaml"


def _section(line: str, sections: dict) -> tuple[str, tuple[str, ...]] | None:
    found = _HEADING.match(line)
    if not found:
        return None
    name = " ".join(found.group("name").lower().split())
    for form in (name, name.removesuffix("s"), name.removesuffix("es"), name[:-3] + "y"):
        if form in sections:
            return sections[form]
    return None


def read_ringsdb(text: str, file: str) -> list[DeckLine]:
    """The cards of a RingsDB text export: the deck's name and its "Packs:" lines come
    before the first heading and are skipped, as is a footer after the last card; any
    other line among the cards is an error."""
    lines: list[DeckLine] = []
    section: tuple[str, tuple[str, ...]] | None = None
    stray: tuple[int, str] | None = None  # the first line among the cards that is neither
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        heading = _section(line, RINGSDB_SECTIONS)
        card = _CARD.match(line)
        if heading is not None and card is None:
            _refuse_stray(stray, file)
            section = heading
            continue
        if card is None:
            if section is not None and stray is None:
                stray = (number, raw)
            continue
        if section is None:
            raise InputError(
                file,
                number,
                raw.find(line) + 1,
                f"a card before any section heading: {_WHAT_A_LINE_IS}",
            )
        _refuse_stray(stray, file)
        count = int(card.group("count"))
        if not 1 <= count <= MAX_COUNT:
            raise InputError(file, number, raw.find(line) + 1, _bad_count(card.group("count")))
        where, types = section
        lines.append(
            DeckLine(
                where,
                card.group("title").strip(),
                count,
                f"line {number}",
                number,
                raw.find(card.group("title")) + 1,
                pack=card.group("pack"),
                types=types,
                strict=False,
            )
        )
    if not lines:
        raise InputError(file, 1, 1, f"no cards in this deck: {_WHAT_A_LINE_IS}")
    return lines


def _refuse_stray(stray: tuple[int, str] | None, file: str) -> None:
    """A line among the cards that is neither a card nor a heading, once a card or a
    heading follows it (a trailing footer is left alone)."""
    if stray is not None:
        number, raw = stray
        shown = raw.strip()
        shown = shown if len(shown) <= 60 else shown[:59] + "…"
        raise InputError(
            file,
            number,
            raw.find(raw.strip()) + 1,
            f"'{shown}' is neither a card nor a section heading: {_WHAT_A_LINE_IS}",
        )


def _bad_count(count: str) -> str:
    return f"a card's count is a whole number from 1 to {MAX_COUNT}, not {count[:12]}"


class _Refused(Exception):
    pass


def read_o8d(text: str, file: str) -> list[DeckLine]:
    """The player cards of an `.o8d` deck: `<deck>` holding `<section name="Hero">`
    and the like, each holding `<card qty="1" id="GUID">Title</card>`.

    Parsed with expat (the parser under `xml.etree`), refusing any DOCTYPE, and with it
    every entity declaration (a "billion laughs" file) and external entity; the file's
    size is capped by the reader, the number of elements here."""
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    elements: list[dict] = []  # every element: name, attributes, text, position, parent
    stack: list[dict] = []

    def refuse(what: str):
        def handler(*_):
            raise _Refused(what)

        return handler

    def start(name, attributes):
        if len(elements) >= MAX_O8D_ELEMENTS:
            raise _Refused(f"more than {MAX_O8D_ELEMENTS:,} elements; a deck holds far fewer")
        element = {
            "name": name,
            "attributes": attributes,
            "text": [],
            "at": (parser.CurrentLineNumber, parser.CurrentColumnNumber + 1),
            "parent": stack[-1] if stack else None,
        }
        elements.append(element)
        stack.append(element)

    def end(_name):
        stack.pop()

    def characters(data):
        if stack:
            stack[-1]["text"].append(data)

    parser.StartDoctypeDeclHandler = refuse("a DOCTYPE declaration")
    parser.EntityDeclHandler = refuse("an entity declaration")
    parser.ExternalEntityRefHandler = refuse("an external entity")
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    try:
        parser.Parse(text, True)
    except _Refused as exc:
        raise InputError(
            file,
            parser.CurrentLineNumber,
            parser.CurrentColumnNumber + 1,
            f"an .o8d deck may not hold {exc}",
        ) from None
    except expat.ExpatError as exc:
        raise InputError(
            file,
            exc.lineno,
            exc.offset + 1,
            f"not a well-formed .o8d deck (XML): {expat.ErrorString(exc.code)}",
        ) from None
    if not elements or elements[0]["name"] != "deck":
        at = elements[0]["at"] if elements else (1, 1)
        top = f"<{elements[0]['name']}>" if elements else "nothing"
        raise InputError(file, *at, f"an .o8d deck has <deck> at the top, not {top}")
    return [line for e in elements if e["name"] == "card" for line in _o8d_card(e, file)]


def _o8d_card(element: dict, file: str) -> list[DeckLine]:
    """The card's line, or none when it sits in a shared section (the encounter deck,
    the quest) rather than the player's."""
    parent = element["parent"]
    line, column = element["at"]
    if parent is None or parent["name"] != "section":
        raise InputError(file, line, column, "a <card> belongs inside a <section name=...>")
    name = " ".join(parent["attributes"].get("name", "").lower().split())
    if name not in O8D_SECTIONS:
        return []
    where, types = O8D_SECTIONS[name]
    qty = element["attributes"].get("qty", "1").strip()
    if not qty.isdigit() or not 1 <= int(qty) <= MAX_COUNT:
        raise InputError(file, line, column, f'qty="{qty[:12]}": {_bad_count(qty)}')
    title = " ".join("".join(element["text"]).split())
    card_id = element["attributes"].get("id", "").strip() or None
    if not title and card_id is None:
        raise InputError(file, line, column, 'a <card> needs an id="..." or its title')
    return [
        DeckLine(
            where,
            title or card_id,
            int(qty),
            f"line {line}",
            line,
            column,
            card_id=card_id,
            types=types,
            strict=False,
        )
    ]
