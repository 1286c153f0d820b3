"""`loremaster show ID`: one entry with its citation, links and users."""

from __future__ import annotations

from cli.output import Result, add_json_flag, echo, render, typed_name
from judge.app.describe import describe


def add_arguments(parser) -> None:
    parser.add_argument(
        "id", help="entry id or title, e.g. rr/engagement-check, faq/1.24, 'engagement check'"
    )
    add_json_flag(parser)


def result(kb, entry_id: str) -> Result:
    """The entry with its links as data and as text, or the closest ids when none matches.
    An entry is found by its id, or by its title or one of its aliases written out
    whole (case and accents aside), when exactly one entry has it."""
    entry = kb.get(entry_id.strip()) or _by_title(kb, entry_id)
    if entry is None:
        suggestions = kb.closest_ids(entry_id)
        return Result(
            {"error": f"no entry '{entry_id}'", "suggestions": suggestions},
            lambda style: [f"No entry {echo(entry_id)}. Closest: {', '.join(suggestions)}"],
            status=1,
            to_stderr=True,
        )
    data = describe(kb, entry)

    def text(style) -> list[str]:
        lines = style.heading(f"{entry.title}  [{entry.listed_kind}]  {entry.id}")
        lines += [style.markdown(entry.body), "", "Cited as: " + "; ".join(data["citations"])]
        for label, key in (
            ("Superseded by", "superseded"),
            ("See also", "see_also"),
            ("Linked from", "linked_from"),
            ("Related", "related"),
        ):
            if data[key]:
                refs = ", ".join(f"{r['title']} ({r['id']})" for r in data[key])
                lines.append(f"{label}: {refs}")
        if data["judge_uses"]:
            lines.append(
                "The judge uses this rule when " + "; when ".join(data["judge_uses"]) + "."
            )
        for printed in data["official"]:
            lines += ["", *style.heading(f"Official wording: {printed['citation']}")]
            lines.append(printed["text"])
            if printed["differences"]:
                lines.append("Differs from our text on: " + _differences(printed["differences"]))
        return lines

    return Result(data, text)


def _by_title(kb, typed: str):
    from judge.base.slug import title_key

    key = title_key(" ".join(typed.split()))
    named = [e for e in kb.entries if title_key(e.title) == key]
    named = named or [e for e in kb.entries if key in {title_key(a) for a in e.aliases}]
    return named[0] if len(named) == 1 else None


def _differences(found: list[dict]) -> str:
    return ", ".join(
        f"'{d['word']}' ({'only printed' if d['in_official'] else 'only ours'})" for d in found
    )


def run(args) -> int:
    from judge.kb.knowledge import load

    entry_id = typed_name([args.id], "show", "entry id")
    return render(result(load(), entry_id), args.json)
