"""`loremaster timing TRIGGERS.yaml`: the order of abilities sharing one trigger, and why."""

from __future__ import annotations

import sys

from judge.cli.output import add_json_flag, emit_json, print_lines


def add_arguments(parser) -> None:
    parser.epilog = (
        "The trigger file format, field by field, with a complete example: docs/timing.md."
    )
    parser.add_argument("triggers", help="YAML: trigger and abilities (docs/timing.md)")
    add_json_flag(parser)


def run(args) -> int:
    from judge.checking import timing_path
    from judge.yamlio import InputError

    try:
        result = timing_path(args.triggers)
    except InputError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    if args.json:
        emit_json(result)
        return 0
    from judge.cli.verdict import cite_text
    from judge.knowledge import load

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
    print_lines(lines)
    return 0
