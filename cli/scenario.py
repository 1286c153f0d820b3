"""`loremaster scenario NAME`: a scenario page, or its Easy Mode checklist with --easy."""

from __future__ import annotations

from cli.output import add_json_flag, echo, emit_json, print_lines, typed_name


def add_arguments(parser) -> None:
    parser.add_argument(
        "name", nargs="+", help="scenario title; typos and missing accents are fine"
    )
    parser.add_argument("--easy", action="store_true", help="print the Easy Mode checklist")
    add_json_flag(parser)


def _ref(kb, entry_id: str) -> str:
    entry = kb.get(entry_id)
    return f"{entry.title} ({entry_id})" if entry else entry_id


def page_lines(kb, scenario) -> list[str]:
    """The scenario page as plain lines (also what the app shows)."""
    difficulty = scenario.difficulty if scenario.difficulty is not None else "not rated"
    lines = [
        f"Product: {scenario.product}" + (f" ({scenario.cycle})" if scenario.cycle else ""),
        f"Official difficulty: {difficulty}",
    ]
    if scenario.encounter_sets:
        lines.append(f"Encounter sets named: {', '.join(scenario.encounter_sets)}")
    for label, ids in (
        ("Keywords", scenario.keywords),
        ("Rulings and errata", scenario.rulings),
        ("Related quests", scenario.related),
    ):
        if ids:
            lines.append(f"{label}: " + ", ".join(_ref(kb, i) for i in ids))
    return [*lines, "", *card_lines(scenario)]


def card_lines(scenario) -> list[str]:
    """The scenario's quest stages and its encounter sets' cards, from the card facts
    (`judge.kb.scenario_cards`); where the facts lack them, the lines say so."""
    from judge.kb.scenario_cards import CARDS_SOURCE

    stages = scenario.quest_stages()
    lines = ["Quest stages:" if stages else "Quest stages: the card facts have none for it."]
    lines += [f"  {q.stage}{q.side} {q.title}" + _points(q.quest_points) for q in stages]
    sets = scenario.encounter_cards()
    if not sets:
        lines.append("Encounter cards: no source names this scenario's encounter sets.")
    else:
        lines.append("Encounter cards (one printing of each set):")
    for found in sets:
        named = " (set named by DragnCards' Normal deck)" if found.named_by == "dragncards" else ""
        if found.pack is None:
            lines.append(f"  {found.encounter_set}{named}: the card facts have no cards of it.")
            continue
        lines.append(f"  {found.encounter_set}, {found.pack}, {found.total} cards{named}:")
        lines += [f"    {c.count}x {c.title} ({c.type})" for c in found.cards]
    return [*lines, f"Card facts: {CARDS_SOURCE}"]


def _points(points) -> str:
    return "" if points is None else f": {points} quest points"


def easy_lines(scenario) -> list[str]:
    """The Easy Mode checklist: setup notes, then per encounter set the cards to remove."""
    lines = ["Easy Mode:"]
    lines += [f"  - {note}" for note in scenario.easy_setup]
    for name, cards in scenario.easy_mode:
        lines.append(f"  {name}:")
        lines += [f"    [ ] {r.count}x {r.title}" for r in cards]
    if len(lines) == 1:
        lines.append("  The Quest Companion gives no Easy Mode changes for this scenario.")
    return lines + dragncards_lines(scenario)


def dragncards_lines(scenario) -> list[str]:
    """DragnCards' Easy deck beside the Quest Companion: the cards the gold-border rule
    removes where the page lists none, or DragnCards' list where it differs from the page's."""
    from judge.kb.scenario_cards import DECKS_SOURCE

    chosen = scenario.easy_checklist()
    if chosen.unsourced:
        return [
            "  DragnCards has no Easy deck for this scenario to say which cards have the border."
        ]
    if chosen.dragncards:
        lines = [
            "  Cards with the gold border, from DragnCards' Easy decks (Normal minus Easy),",
            "  not from the Quest Companion:",
        ]
        mark, theirs = "[ ] ", chosen.removals
    elif chosen.differs is not None:
        lines = ["  DragnCards' Easy deck differs from this list; it removes:"]
        mark, theirs = "", chosen.differs
    else:
        return []
    for name, cards in theirs:
        lines.append(f"  {name}:")
        lines += [f"    {mark}{r.count}x {r.title}" for r in cards]
    return [*lines, f"  Source: {DECKS_SOURCE}"]


def run(args) -> int:
    from judge.kb.knowledge import load
    from judge.kb.scenario_pages import find_scenario, scenario_by_title

    query = typed_name(args.name, "scenario", "scenario title")
    kb = load()
    match = find_scenario(query, kb)
    if match.title is None:
        names = [title for title, _ in match.candidates]
        close = match.several
        if args.json:
            key = "matches" if close else "suggestions"
            emit_json({"query": query, "scenario": None, key: names})
            return 0 if close else 1
        if close:
            print_lines([f"Several scenarios match {echo(query)}:"] + [f"  {n}" for n in names])
            return 0
        hint = f" Did you mean: {', '.join(names[:3])}?" if names else ""
        print_lines([f"No scenario matches {echo(query)}.{hint}"])
        return 1
    scenario = scenario_by_title(kb, match.title)
    if args.json:
        emit_json(scenario.to_json())
        return 0
    lines = [scenario.title, "=" * len(scenario.title)]
    lines += easy_lines(scenario) if args.easy else page_lines(kb, scenario)
    lines += ["", f"Cited as: {scenario.citation}"]
    print_lines(lines)
    return 0
