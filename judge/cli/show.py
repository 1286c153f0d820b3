"""`loremaster show ID`: one entry with its citation, links and users."""

from __future__ import annotations

import sys

from judge.cli.output import add_json_flag, emit_json, is_terminal, print_lines, print_markdown


def add_arguments(parser) -> None:
    parser.add_argument("id", help="entry id, e.g. rr/engagement-check or faq/1.24")
    add_json_flag(parser)


def describe(kb, entry) -> dict:
    """Everything `show` prints, as data (shared by the JSON output and the app)."""
    from judge.model.registry import used_by

    def ref(other):
        return {"id": other.id, "title": other.title, "kind": other.kind}

    see_also = [ref(kb.by_id[i]) for i in entry.see_also if i in kb.by_id]
    data = entry.to_dict()
    data.update(
        citation=str(entry.citation),
        citations=[str(c) for c in entry.citations],
        see_also=see_also,
        linked_from=[ref(e) for e in kb.linked_from(entry.id)],
        used_by=used_by(entry.id),
        related=[ref(e) for e in kb.related(entry)],
    )
    return data


def run(args) -> int:
    from judge.knowledge import load

    kb = load()
    entry = kb.get(args.id.strip())
    if entry is None:
        suggestions = kb.closest_ids(args.id)
        if args.json:
            emit_json({"error": f"no entry '{args.id}'", "suggestions": suggestions})
        print(f"No entry '{args.id}'. Closest: {', '.join(suggestions)}", file=sys.stderr)
        return 1
    data = describe(kb, entry)
    if args.json:
        emit_json(data)
        return 0
    heading = f"{entry.title}  [{entry.kind}]  {entry.id}"
    print_lines([heading, "=" * min(len(heading), 78) if not is_terminal() else ""])
    print_markdown(entry.body)
    lines = ["", "Cited as: " + "; ".join(data["citations"])]
    for label, key in (
        ("See also", "see_also"),
        ("Linked from", "linked_from"),
        ("Related", "related"),
    ):
        if data[key]:
            lines.append(f"{label}: " + ", ".join(f"{r['title']} ({r['id']})" for r in data[key]))
    if data["used_by"]:
        lines.append("Used by the rules model: " + ", ".join(data["used_by"]))
    print_lines(lines)
    return 0
