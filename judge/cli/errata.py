"""`loremaster errata CARD`: a card's errata and every ruling and Q&A that names it."""

from __future__ import annotations

from judge.cli.output import add_json_flag, emit_json, print_lines, print_markdown


def add_arguments(parser) -> None:
    parser.add_argument("card", nargs="+", help="card title; typos and missing accents are fine")
    add_json_flag(parser)


def _entry_json(entry) -> dict:
    return {
        "id": entry.id,
        "kind": entry.kind,
        "title": entry.title,
        "set": entry.set_code,
        "citation": str(entry.citation),
        "citations": [str(c) for c in entry.citations],
        "text": entry.body,
    }


def run(args) -> int:
    from judge.cards import find_card
    from judge.knowledge import load

    query = " ".join(args.card)
    kb = load()
    match = find_card(query, kb.card_titles)
    if match.title is None:
        names = [title for title, _ in match.candidates]
        close = bool(match.candidates) and match.candidates[0][1] >= 70
        if args.json:
            key = "matches" if close else "suggestions"
            emit_json({"query": query, "card": None, key: names, "entries": []})
        if close:
            print_lines([f"Several cards match {query!r}:"] + [f"  {name}" for name in names])
            return 0
        print_lines(
            [
                f"No card matches {query!r}."
                + (f" Did you mean: {', '.join(names[:3])}?" if names else "")
            ]
        )
        return 1
    entries = kb.entries_for_card(match.title)
    if args.json:
        emit_json(
            {"query": query, "card": match.title, "entries": [_entry_json(e) for e in entries]}
        )
        return 0
    has_errata = any(e.kind == "errata" for e in entries)
    lines = [match.title, "=" * len(match.title)]
    if not has_errata:
        lines.append("No errata for this card; rulings that name it:")
    print_lines(lines)
    for entry in entries:
        print_lines(
            [
                "",
                f"## {entry.title}  [{entry.kind}]  {entry.id}",
                f"{'; '.join(map(str, entry.citations))}",
            ]
        )
        print_markdown(entry.body)
    return 0
