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


def run(args) -> int:
    from judge.kb.knowledge import load

    query = typed_name(args.card, "errata", "card title")
    return render(look_up(query, load()), args.json)
