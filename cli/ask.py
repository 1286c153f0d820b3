"""`loremaster ask QUESTION`: ranked, cited entries for a player's question."""

from __future__ import annotations

import json
import sys

from cli.output import (
    Style,
    UsageError,
    add_game_flag,
    add_json_flag,
    echo,
    emit_json,
    print_lines,
)

#: the largest --batch file read (a thousand questions take about 100 KB)
MAX_BATCH_BYTES = 10_000_000


def add_arguments(parser) -> None:
    parser.add_argument("question", nargs="*", help="the question, in your own words")
    parser.add_argument("-k", type=int, default=5, help="how many entries to show (default 5)")
    parser.add_argument(
        "--batch", metavar="FILE", help="one question per line (text or JSON with 'q')"
    )
    parser.add_argument(
        "--explain",
        action="store_true",
        help="show, for each entry, the features and weights that ranked it",
    )
    add_game_flag(parser)
    add_json_flag(parser)


def _batch_questions(path: str) -> list[str]:
    from judge.base.reading import UnreadableFile, read_user_file, shown_path
    from judge.base.yamlio import decode_text

    try:
        raw = read_user_file(path, MAX_BATCH_BYTES, what="a file of questions")
    except UnreadableFile as exc:
        raise UsageError(str(exc)) from None
    shown = shown_path(path)
    text = decode_text(raw, shown)
    questions = []
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        if line.lstrip().startswith("{"):
            questions.append(_json_question(line, f"{shown}:{number}"))
        else:
            questions.append(line)
    return questions


def _json_question(line: str, where: str) -> str:
    column = len(line) - len(line.lstrip()) + 1
    try:
        return str(json.loads(line)["q"])
    except RecursionError:
        problem = 'the JSON nests too deeply; give the question as {"q": "..."}'
    except (ValueError, KeyError, TypeError):
        problem = 'not a JSON object with a \'q\' field, e.g. {"q": "can sentinel defend twice"}'
    raise UsageError(f"{where}:{column}: {problem}")


def result_document(
    question: str, meaning, hits, took_ms: float, answer=None, candidates=()
) -> dict:
    from judge.search.naming import named_cards

    return {
        "query": question,
        "game": meaning.game,
        "took_ms": round(took_ms, 3),
        "cards": list(meaning.cards),
        "unknown_cards": list(meaning.unknown_cards),
        "named_cards": [
            {"title": card.title, "designs": list(card.designs), "entries": card.ours}
            for card in named_cards(meaning)
        ],
        "corrected": dict(meaning.corrected),
        "answer": answer.to_json() if answer else None,
        "candidates": [
            {"id": line.id, "text": line.text, "citation": line.citation} for line in candidates
        ],
        "hits": [hit.to_json() for hit in hits],
    }


def _print_human(
    question: str, meaning, hits, answer, candidates, style: Style, routed: bool
) -> None:
    if routed:
        from judge.games import DEFAULT_GAME, ruleset

        if meaning.game != DEFAULT_GAME:
            print_lines(
                [
                    f"Answering for {ruleset(meaning.game).title}: the question uses its "
                    f"terms (--game {DEFAULT_GAME} to ask about the other game)."
                ]
            )
    from judge.search.naming import named_cards

    for card in named_cards(meaning):
        if not card.ours:
            quoted = card.title.replace('"', '\\"')
            look_up = f'`loremaster card "{quoted}"` has its facts'
            print_lines([f"{card.title}: no entry of ours; {look_up}"])
    if meaning.unknown_cards:
        # with no answer line there is no rules question to answer ("any ruling on
        # beregond?"): the entries below only share its words
        names = ", ".join(meaning.unknown_cards)
        rest = "; answering the rules question." if answer or candidates else "."
        print_lines([f"Nothing in the knowledge base is about {names}{rest}"])
    if meaning.corrected:
        read = ", ".join(f"{fixed} (for {typed})" for typed, fixed in meaning.corrected)
        print_lines([f"Showing results for {read}."])
    if not hits:
        print_lines(
            [f"Nothing found for {echo(question)}. Try other words, or `loremaster errata CARD`."]
        )
        return
    lines = []
    if answer:
        lines += [f"Answer: {answer.text}", f"   {answer.citation} [{answer.id}]", ""]
    elif candidates:
        lines.append("No confident answer. Rules that may decide this:")
        for line in candidates:
            lines += [f"- {line.text}", f"   {line.citation} [{line.id}]"]
        lines.append("")
    for rank, hit in enumerate(hits, start=1):
        lines.append(f"{rank}. {hit.title}  [{hit.listed_kind}]  {hit.id}")
        lines.append(f"   {hit.citation}")
        lines.append(f"   {style.emphasise(hit.snippet, hit.highlights)}")
        if hit.explain:
            lines.append(f"   {_explained(hit.explain)}")
    print_lines(lines)


def _explained(explain: dict) -> str:
    """A hit's fusion inputs on one line: each feature's value times its weight."""
    weights = explain["weights"]
    parts = [f"{name} {value:g}×{weights[name]:g}" for name, value in explain["features"].items()]
    return f"score {explain['fused']:g} = " + " + ".join(parts)


def run(args) -> int:
    from judge.search.engine import Searcher

    if args.k < 1:
        raise UsageError("loremaster ask: -k must be at least 1")
    if args.batch and args.question:
        raise UsageError("loremaster ask: give a question or --batch FILE, not both")
    if not args.batch and not " ".join(args.question).strip():  # none, or only blanks
        raise UsageError(
            "loremaster ask: what is the question? e.g. loremaster ask 'can sentinel defend twice'"
        )
    questions = _batch_questions(args.batch) if args.batch else [" ".join(args.question)]
    searcher = Searcher(learned=True)
    if len(questions) > 1:
        searcher.open_all()
    found_any = False
    for question in questions:
        meaning, hits, took_ms = searcher.ask(
            question, k=args.k, game=args.game, explain=args.explain
        )
        answer = searcher.answer(meaning, hits)
        candidates = searcher.candidates(meaning, hits)
        found_any = found_any or bool(hits)
        if args.json:
            emit_json(result_document(question, meaning, hits, took_ms, answer, candidates))
        else:
            _print_human(
                question, meaning, hits, answer, candidates, Style(), routed=args.game == "auto"
            )
    sys.stdout.flush()
    return 0 if found_any or args.batch else 1
