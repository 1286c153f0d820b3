"""`loremaster errata CARD`: a card's errata and every ruling and Q&A that names it."""

from __future__ import annotations

from cli.output import Result, add_json_flag, echo, render, typed_name


def add_arguments(parser) -> None:
    parser.add_argument("card", nargs="+", help="card title; typos and missing accents are fine")
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


def look_up(query: str, kb) -> Result:
    """The card `query` names and its entries, or the cards it might mean."""
    from judge.kb.card_lookup import find_card

    match = find_card(query, kb.card_titles)
    if match.title is None and not match.several:
        known = _in_card_database(query, kb)
        if known is not None:
            return known
    if match.title is None:
        names = [title for title, _ in match.candidates]
        if match.several:
            return Result(
                {"query": query, "card": None, "matches": names, "entries": []},
                lambda style: [f"Several cards match {echo(query)}:"] + [f"  {n}" for n in names],
            )
        hint = f" Did you mean: {', '.join(names[:3])}?" if names else ""
        return Result(
            {"query": query, "card": None, "suggestions": names, "entries": []},
            lambda style: [f"No card matches {echo(query)}.{hint}"],
            status=1,
        )
    entries = kb.entries_for_card(match.title)

    def text(style) -> list[str]:
        lines = style.heading(match.title)
        if not any(e.kind == "errata" for e in entries):
            lines.append("No errata for this card; rulings that name it:")
        for entry in entries:
            lines += ["", *style.heading(f"{entry.title}  [{entry.listed_kind}]  {entry.id}")]
            lines += ["; ".join(map(str, entry.citations)), style.markdown(entry.body)]
        return lines

    document = {"query": query, "card": match.title, "entries": [_entry_json(e) for e in entries]}
    return Result(document, text)


def _in_card_database(query: str, kb) -> Result | None:
    """A card the knowledge base has no entry about, found in the card facts: there is
    no errata for it (exit 1, "the answer is no"), and the rulings that name it are
    listed (a ruling may name a card in its text without being about it)."""
    from judge.base.slug import slugify
    from judge.kb import card_facts
    from judge.kb.card_lookup import find_card

    if not card_facts.available():
        return None
    # the same rule as for the knowledge base's cards: a typo of a title, or its words
    match = find_card(query, {slugify(key): key for key in card_facts.card_title_keys()})
    designs = card_facts.by_title(match.title) if match.title else ()
    if not designs:
        return None
    design = designs[0]
    version = f"{design.packs[0]} {design.type.lower()}" if design.packs else design.type.lower()
    naming = [e for e in kb.entries if _names(e, design.title)]
    document = {
        "query": query,
        "card": design.title,
        "errata": [],
        "entries": [_entry_json(e) for e in naming],
        "source": "DragnCards card database",
    }

    def text(style) -> list[str]:
        said = f"{len(naming)} entr{'ies' if len(naming) != 1 else 'y'} of ours name{'s' if len(naming) == 1 else ''} it"
        lines = [f"No errata for {design.title} ({version}); {said}" + (":" if naming else ".")]
        lines += [f"  {e.title}  [{e.listed_kind}]  {e.id}  ({e.citation})" for e in naming]
        return lines

    return Result(document, text, status=1)


def _names(entry, title: str) -> bool:
    """Whether an entry's text names the card by its whole title."""
    import re

    from judge.base.slug import fold_accents

    pattern = rf"(?<!\w){re.escape(fold_accents(title).casefold())}(?!\w)"
    return bool(re.search(pattern, fold_accents(entry.body).casefold()))


def run(args) -> int:
    from judge.kb.knowledge import load

    query = typed_name(args.card, "errata", "card title")
    return render(look_up(query, load()), args.json)
