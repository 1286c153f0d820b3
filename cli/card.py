"""`loremaster card NAME`: every version of a card's title as facts, with its errata,
rulings and Q&A and the rules it touches; `card --stats` counts the cards.

The facts and entries come from `judge.app.card_report`; this module only draws them.
"""

from __future__ import annotations

from cli.output import Result, UsageError, add_json_flag, echo, render, typed_name


def add_arguments(parser) -> None:
    parser.add_argument(
        "name",
        nargs="*",
        help="card title, with words that pick a version (hero, lore, core, ...); typos are fine",
    )
    parser.add_argument("--stats", action="store_true", help="count the cards instead")
    add_json_flag(parser)


def _ref_line(ref) -> str:
    """An entry as `Title  [kind]  id  (citation)`; the id alone when untitled."""
    if not ref.title:
        return ref.id
    return f"{ref.title}  [{ref.kind}]  {ref.id}  ({ref.citation})"


def version_lines(style, found) -> list[str]:
    """One version's block: what it is, its printed values and facts, its entries."""
    lines = [f"{style.strong(found.design.title)} · {found.kind}  [{found.design.id}]"]
    lines += [f"  {label}: {value}" for label, value in found.facts()]
    lines.append("  Errata: " + ("" if found.errata else "none"))
    lines += [f"    {_ref_line(e)}" for e in found.errata]
    lines.append("  Rulings and Q&A: " + ("" if found.rulings else "none"))
    lines += [f"    {_ref_line(e)}" for e in found.rulings]
    if found.rules:
        lines.append("  Rules this card touches:")
        for fact in found.rules:
            refs = "; ".join(f"{e.title} [{e.id}]" if e.title else e.id for e in fact.entries)
            lines.append(f"    {fact.fact}: {refs}")
    return [line.rstrip() for line in lines]


def report_result(report) -> Result:
    """The versions found, as the contract's JSON and as one text block each."""
    from judge.app.card_report import CITATION

    if not report.found:
        close = list(report.close)
        hint = f" Closest titles: {', '.join(close)}." if close else ""

        return Result(
            report.to_json(),
            lambda style: [f"No card matches {echo(report.query)}.{hint}"],
            status=1,
        )

    def text(style) -> list[str]:
        count = len(report.matches)
        kinds = ", ".join(dict.fromkeys(v.design.type for v in report.matches))
        versions = f"{count} version{'s' if count != 1 else ''}"
        titles = list(dict.fromkeys(v.design.title for v in report.matches))
        if len(titles) > 1:  # a name several titles share ("thorin"): each, none guessed
            heading = (
                f"{echo(report.query)}: {len(titles)} titles, {versions} ({', '.join(titles)})"
            )
            lines = style.heading(heading)
        else:
            title = report.title or titles[0]
            lines = style.heading(f"{title}: {versions} ({kinds})")
            if title.casefold() != report.query.casefold():
                lines.append(f"(for {echo(report.query)})")
        for found in report.matches:
            lines += ["", *version_lines(style, found)]
        return [*lines, "", f"Card facts: {CITATION}"]

    return Result(report.to_json(), text)


def stats_result(counts: dict) -> Result:
    def text(style) -> list[str]:
        kinds = [(k, n) for k, n in counts.items() if k not in ("cards", "designs", "sides")]
        return [
            f"{counts['cards']:,} cards ({counts['designs']:,} designs, "
            f"{counts['sides']:,} printed sides)",
            ", ".join(f"{n:,} {kind}" for kind, n in kinds if kind != "source"),
            f"Source: {counts['source']}",
        ]

    return Result(counts, text)


def run(args) -> int:
    from judge.app import card_report

    if args.stats:
        if args.name:
            raise UsageError("loremaster card: --stats takes no card name")
        return render(stats_result(card_report.stats()), args.json)
    name = typed_name(args.name, "card", "card title").strip()
    if not name:
        raise UsageError("loremaster card: give a card's name, e.g. loremaster card aragorn")
    if not card_report.available():
        raise UsageError("loremaster card: the card facts (cards/facts.json) are not installed")
    kb = None
    if not args.json:  # the JSON names entries by id; the text gives titles and citations
        from judge.kb.knowledge import load

        kb = load()
    return render(report_result(card_report.look_up(name, kb)), args.json)
