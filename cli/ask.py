"""`loremaster ask QUESTION`: ranked, cited entries for a player's question."""

from __future__ import annotations

import json
import sys

from cli.output import (
    Style,
    UsageError,
    add_game_flag,
    add_json_flag,
    emit_json,
    print_lines,
)

#: how much of an unanswered question the "Nothing found" line repeats
ECHO_CHARS = 80


def add_arguments(parser) -> None:
    parser.add_argument("question", nargs="*", help="the question, in your own words")
    parser.add_argument("-k", type=int, default=5, help="how many entries to show (default 5)")
    parser.add_argument(
        "--batch", metavar="FILE", help="one question per line (text or JSON with 'q')"
    )
    add_game_flag(parser)
    add_json_flag(parser)


def _batch_questions(path: str) -> list[str]:
    try:
        with open(path, encoding="utf-8") as handle:
            lines = [line.rstrip("\n") for line in handle]
    except OSError as exc:
        raise UsageError(f"{path}: cannot read: {exc.strerror}") from None
    questions = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        if line.lstrip().startswith("{"):
            try:
                questions.append(str(json.loads(line)["q"]))
            except (ValueError, KeyError, TypeError):
                raise UsageError(f"{path}:{number}:1: not a JSON object with a 'q' field") from None
        else:
            questions.append(line)
    return questions


def result_document(question: str, meaning, hits, took_ms: float, answer=None) -> dict:
    return {
        "query": question,
        "game": meaning.game,
        "took_ms": round(took_ms, 3),
        "cards": list(meaning.cards),
        "unknown_cards": list(meaning.unknown_cards),
        "corrected": dict(meaning.corrected),
        "answer": answer.to_json() if answer else None,
        "hits": [hit.to_json() for hit in hits],
    }


def _print_human(question: str, meaning, hits, answer, style: Style, routed: bool) -> None:
    if routed:
        from judge.games import DEFAULT_GAME, ruleset

        if meaning.game != DEFAULT_GAME:
            print_lines(
                [
                    f"Answering for {ruleset(meaning.game).title}: the question uses its "
                    f"terms (--game {DEFAULT_GAME} to ask about the other game)."
                ]
            )
    if meaning.unknown_cards:
        # with no answer line there is no rules question to answer ("any ruling on
        # beregond?"): the entries below only share its words
        names = ", ".join(meaning.unknown_cards)
        rest = "; answering the rules question." if answer else "."
        print_lines([f"Nothing in the knowledge base is about {names}{rest}"])
    if meaning.corrected:
        read = ", ".join(f"{fixed} (for {typed})" for typed, fixed in meaning.corrected)
        print_lines([f"Showing results for {read}."])
    if not hits:
        print_lines(
            [
                f"Nothing found for {_echo(question)!r}. Try other words, or `loremaster errata CARD`."
            ]
        )
        return
    lines = []
    if answer:
        lines += [f"Answer: {answer.text}", f"   {answer.citation} [{answer.id}]", ""]
    for rank, hit in enumerate(hits, start=1):
        lines.append(f"{rank}. {hit.title}  [{hit.listed_kind}]  {hit.id}")
        lines.append(f"   {hit.citation}")
        lines.append(f"   {style.emphasise(hit.snippet, hit.highlights)}")
    print_lines(lines)


def _echo(question: str) -> str:
    """The question as typed, cut to ECHO_CHARS: a pasted page is not printed back whole."""
    if len(question) <= ECHO_CHARS:
        return question
    return question[: ECHO_CHARS - 1].rstrip() + "…"


def run(args) -> int:
    from judge.search.engine import Searcher

    if args.k < 1:
        raise UsageError("loremaster ask: -k must be at least 1")
    if args.batch and args.question:
        raise UsageError("loremaster ask: give a question or --batch FILE, not both")
    if not args.batch and not args.question:
        raise UsageError(
            "loremaster ask: what is the question? e.g. loremaster ask 'can sentinel defend twice'"
        )
    questions = _batch_questions(args.batch) if args.batch else [" ".join(args.question)]
    searcher = Searcher()
    if len(questions) > 1:
        searcher.open_all()
    found_any = False
    for question in questions:
        meaning, hits, took_ms = searcher.ask(question, k=args.k, game=args.game)
        answer = searcher.answer(meaning, hits)
        found_any = found_any or bool(hits)
        if args.json:
            emit_json(result_document(question, meaning, hits, took_ms, answer))
        else:
            _print_human(question, meaning, hits, answer, Style(), routed=args.game == "auto")
    sys.stdout.flush()
    return 0 if found_any or args.batch else 1
