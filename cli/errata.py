"""`loremaster errata CARD`: a card's errata and every ruling and Q&A that names it.

The card is found as `card` finds it (`judge.app.card_report.find_versions`, over the
card database: typos, shortenings, first names, the names players call cards by, words
beside the title that pick a version); the knowledge base then says what it has on that
title (`judge.kb.card_lookup.card_entries`). Without the card facts installed, the
titles the knowledge base knows are matched instead.
"""

from __future__ import annotations

from cli.output import Result, add_json_flag, echo, render, typed_name

SOURCE = "DragnCards card database"
#: the most versions a "no errata" line names before it counts the rest
_VERSIONS_SHOWN = 3


def add_arguments(parser) -> None:
    parser.add_argument(
        "card",
        nargs="+",
        help="card title, with words that pick a version (hero, lore, core, ...); typos are fine",
    )
    add_json_flag(parser)


def _entry_json(entry) -> dict:
    return {
        "id": entry.id,
        "kind": entry.listed_kind,
        "title": entry.title,
        "set": entry.set_code,
        "citation": str(entry.citation),
        "citations": [str(c) for c in entry.citations],
        "text": entry.body,
    }


def _ref_line(entry) -> str:
    return f"  {entry.title}  [{entry.listed_kind}]  {entry.id}  ({entry.citation})"


def _versions(designs) -> str:
    """The versions looked up, as `Core Set hero, The Flame of the West hero`."""
    said = list(
        dict.fromkeys(
            f"{d.packs[0]} {d.type.lower()}" if d.packs else d.type.lower() for d in designs
        )
    )
    if len(said) > _VERSIONS_SHOWN:
        rest = len(said) - _VERSIONS_SHOWN
        said = [*said[:_VERSIONS_SHOWN], f"{rest} more version{'s' if rest != 1 else ''}"]
    return f" ({', '.join(said)})" if said else ""


def _card_lines(style, card) -> list[str]:
    """One title: its errata and the entries about it in full, the others that name it
    listed; or that it has none, with what names it."""
    if not card.errata:
        naming = [*card.about, *card.named]
        n = len(naming)
        said = f"{n} entr{'ies' if n != 1 else 'y'} of ours name{'s' if n == 1 else ''} it"
        lines = [f"No errata for {card.title}{_versions(card.designs)}; {said}{':' if n else '.'}"]
        lines += [_ref_line(e) for e in naming]
        if card.other_errata:
            lines.append(f"Errata for another version of {card.title}:")
            lines += [_ref_line(e) for e in card.other_errata]
        return lines
    lines = style.heading(card.title)
    for entry in (*card.errata, *card.about):
        lines += ["", *style.heading(f"{entry.title}  [{entry.listed_kind}]  {entry.id}")]
        lines += ["; ".join(map(str, entry.citations)), style.markdown(entry.body)]
    if card.named:
        n = len(card.named)
        lines += ["", f"Also named by {n} entr{'ies' if n != 1 else 'y'} of ours:"]
        lines += [_ref_line(e) for e in card.named]
    return lines


def _card_json(card) -> dict:
    return {
        "card": card.title,
        "designs": [d.id for d in card.designs],
        "errata": [e.id for e in card.errata],
        "other_errata": [e.id for e in card.other_errata],
        "entries": [_entry_json(e) for e in card.entries],
    }


def _one_card(query: str, card) -> Result:
    """The title meant: exit 0 with its errata, or 1 ("the answer is no") without."""
    document = {"query": query, **_card_json(card), "source": SOURCE}
    return Result(document, lambda style: _card_lines(style, card), status=0 if card.errata else 1)


def _several_titles(query: str, cards: list) -> Result:
    """A name several titles share ("thorin"): each title, none guessed (exit 0)."""
    titles = [c.title for c in cards]

    def text(style) -> list[str]:
        lines = style.heading(f"{echo(query)}: {len(titles)} titles ({', '.join(titles)})")
        for card in cards:
            lines += ["", *_card_lines(style, card)]
        return lines

    document = {
        "query": query,
        "card": None,
        "matches": titles,
        "entries": [],
        "cards": [_card_json(c) for c in cards],
        "source": SOURCE,
    }
    return Result(document, text)


def _unmatched(query: str, close: tuple[str, ...], several: tuple[str, ...]) -> Result:
    """No title meant: the close titles the name says equally well (exit 0), or the
    closest titles as suggestions (exit 1), never some other card's errata."""
    if len(several) > 1:
        return Result(
            {"query": query, "card": None, "matches": list(several), "entries": []},
            lambda style: [f"Several cards match {echo(query)}:"] + [f"  {n}" for n in several],
        )
    names = list(close)
    hint = f" Did you mean: {', '.join(names[:3])}?" if names else ""
    return Result(
        {"query": query, "card": None, "suggestions": names, "entries": []},
        lambda style: [f"No card matches {echo(query)}.{hint}"],
        status=1,
    )


def look_up(query: str, kb) -> Result:
    """The card `query` names, as `card` finds it, and the entries about it; or the
    titles it shares, or the titles it might mean."""
    from judge.app import card_report
    from judge.base.slug import slugify
    from judge.games.lexicon import english
    from judge.kb import card_facts
    from judge.kb.card_lookup import card_entries, names_the_title

    if not card_report.available():
        return _in_knowledge_base(query, kb)
    match = card_report.find_versions(query)
    found = card_report.oldest_first(match.designs)
    titles = dict.fromkeys(d.title for d in found)
    cards = [
        card_entries(
            kb, title, tuple(d for d in found if d.title == title), card_facts.by_title(title)
        )
        for title in titles
    ]
    if len(cards) == 1:
        return _one_card(query, cards[0])
    if cards:
        return _several_titles(query, cards)
    # a tie between titles that each hold the name in whole words ("gondor") is several
    # cards matching; a tie of weaker matches, or of titles sharing only "the", offers them
    key = slugify(query)
    said = set(key.split("-")) - english().stop_words
    several = tuple(t for t in match.close if said and names_the_title(key, slugify(t)))
    return _unmatched(query, match.close, several)


def _in_knowledge_base(query: str, kb) -> Result:
    """Without the card facts: the cards some entry is about, matched by title."""
    from judge.kb.card_lookup import card_entries, find_card

    match = find_card(query, kb.card_titles)
    names = tuple(title for title, _ in match.candidates)
    if match.title is None:
        return _unmatched(query, names, names if match.several else ())
    return _one_card(query, card_entries(kb, match.title))


def run(args) -> int:
    from judge.kb.knowledge import load

    query = typed_name(args.card, "errata", "card title")
    return render(look_up(query, load()), args.json)
