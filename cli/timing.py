"""`loremaster timing TRIGGERS.yaml`: the order of abilities sharing one trigger, and why."""

from __future__ import annotations

from cli.output import Result, add_json_flag, render


def add_arguments(parser) -> None:
    parser.epilog = (
        "The trigger file format, field by field, with a complete example: docs/timing.md."
    )
    parser.add_argument("triggers", help="YAML: trigger and abilities (docs/timing.md)")
    add_json_flag(parser)


def run(args) -> int:
    from judge.app.checking import timing_path

    result = timing_path(args.triggers)  # a bad file raises InputError: `main` reports it
    return render(Result(result, lambda style: timing_lines(result)), args.json)


def timing_lines(result: dict) -> list[str]:
    """The order as text, control characters in the file's names escaped (as in
    `cli.verdict.report_lines`)."""
    from judge.base.printable import printable

    return [printable(line) for line in _timing_lines(result)]


def _timing_lines(result: dict) -> list[str]:
    from cli.verdict import cite_text
    from judge.kb.knowledge import load

    kb = load()
    chooser = result["first_player"] or "the first player"
    lines = [
        f"Trigger: {result['trigger']}" if result["trigger"] else "Abilities sharing one trigger:"
    ]
    for number, step in enumerate(result["steps"], start=1):
        names = " / ".join(step["names"])
        if len(step["names"]) > 1:
            names += f"  ({chooser} chooses the order)"
        lines.append(f"{number}. {names}: {step['why']}")
        lines.extend(f"     {cite_text(c, kb)}" for c in step["cites"])
    for refusal in result["refused"]:
        lines.append(f"Not in the order: {refusal['why']}")
        lines.extend(f"     {cite_text(c, kb)}" for c in refusal["cites"])
    return lines
