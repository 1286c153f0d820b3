"""`loremaster campaign [LOG.yaml]`: the campaign rules, or a campaign log's check."""

from __future__ import annotations

from cli.output import Result, add_json_flag, render


def add_arguments(parser) -> None:
    parser.epilog = "The campaign-log file format, field by field, with a complete example: docs/campaign-log.md."
    parser.add_argument(
        "log", nargs="?", help="campaign log YAML to check (omit for the rules outline)"
    )
    add_json_flag(parser)


def outline(kb) -> list[dict]:
    """The campaign rules in Appendix III order, then every other campaign-related entry."""
    from judge.games.lcg.campaign import APPENDIX_ORDER

    entries = {e.id: e for e in kb.entries if e.kind == "campaign"}
    ordered = [entries.pop(i) for i in APPENDIX_ORDER if i in entries] + sorted(
        entries.values(), key=lambda e: e.id
    )
    return [
        {"id": e.id, "title": e.title, "citation": str(e.citation), "summary": e.summary}
        for e in ordered
    ]


def run(args) -> int:
    if args.log:
        from cli.verdict import run_checked
        from judge.app.checking import check_campaign_path

        return run_checked(check_campaign_path, args.log, args.json)
    from judge.kb.knowledge import load

    sections = outline(load())
    return render(
        Result({"campaign_rules": sections}, lambda style: outline_lines(sections)), args.json
    )


def outline_lines(sections: list[dict]) -> list[str]:
    lines = ["Campaign Mode (Rules Reference, Appendix III)", ""]
    for number, section in enumerate(sections, start=1):
        lines += [
            f"{number}. {section['title']}  [{section['id']}]",
            f"   {section['summary']}",
            f"   {section['citation']}",
        ]
    return lines
