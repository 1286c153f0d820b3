"""Ablation of the lexical stage's hand rules, out of fold: what each one is worth now
that the learned stage is fused with the lexical ranking.

Each ablation switches one rule off (a factor set to 1, a weight to 0, a step made the
identity) for the whole run; the lexical rankings of every labelled question are
worked out again, the fusion and confidence are refitted on the players' sets as
`bench/crossval.py` fits them, and the fused out-of-fold hit@1/@3 of each total is
printed beside the run with every rule on. The model's out-of-fold rankings are those of
the run with every rule on (a rule that changes the spelling read changes what the
model reads a little too; that is left out). A rule whose removal costs nothing out of
fold does not pay for its code.

`python bench/ablate.py [--cache FILE] [NAME ...]`: with names, only those ablations.
"""

from __future__ import annotations

import sys
import time
from contextlib import ExitStack
from pathlib import Path
from unittest import mock

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import crossval  # noqa: E402


class Merged(dict):
    """An ablation's value merged into a table rather than replacing it."""


def _same_method(self, meaning, *args, **kwargs):
    return meaning


def _nothing(*args, **kwargs):
    return iter(())


#: name -> (target, value) patches that switch one rule off
ABLATIONS: dict[str, list[tuple[str, object]]] = {
    "phrase pairs": [("judge.search.profile.PHRASE_WEIGHT", 0.0)],
    "expansions": [("judge.search.profile.EXPANSION_WEIGHT", 0.0)],
    "coverage": [("judge.search.profile.COVERAGE_POWER", 0.0)],
    "scenario favoured": [
        (
            "judge.search.scenario_mentions.ScenarioRecogniser.favoured",
            lambda self, *a: {},
        )
    ],
    "newest first": [("judge.search.scoring.newest_first", lambda ranked, *a: ranked)],
    "intents": [("judge.search.understand.intents", lambda game: ((), ()))],
    "rules-question weights": [("judge.search.profile.RULES_QUESTION_WEIGHTS", {})],
    "backstory weight": [("judge.search.profile.BACKSTORY_WEIGHT", 1.0)],
    "follow-up weight": [("judge.search.profile.FOLLOW_UP_WEIGHT", 1.0)],
    "number clause": [("judge.search.profile.NUMBER_WEIGHT", 0.0)],
    "aliases double": [
        ("judge.search.profile.FIELD_WEIGHTS", Merged(aliases=1.0)),
    ],
    "table talk": [("judge.search.reading.in_own_words", lambda meaning, words: meaning)],
    "copies": [("judge.search.reading.GameReader._with_copies", _same_method)],
    "player names": [("judge.search.player_names.PlayerNames.said", lambda self, *a, **k: [])],
    "possessive titles": [
        ("judge.search.card_mentions.CardRecogniser._possessive_runs", lambda self, w: iter(()))
    ],
    "one-word typo titles": [
        ("judge.search.card_mentions.CardRecogniser.misspelt", lambda self, word: None)
    ],
    "distinctive title words": [
        ("judge.search.card_mentions.CardRecogniser._distinctive", lambda self, *a: None)
    ],
    "unknown single names": [("judge.search.card_mentions._single_names", _nothing)],
    "unknown possessed names": [("judge.search.card_mentions._possessed_names", _nothing)],
    "unknown written names": [("judge.search.card_mentions._written_names", _nothing)],
    "typos in phrases": [("judge.search.spelling.Speller.in_phrases", lambda self, *a: {})],
    "typos in titles": [("judge.search.spelling.Speller.in_titles", lambda self, *a: {})],
    "scenario link bonus": [
        ("judge.search.profile.SCENARIO_LINK_BONUS", 1.0),
        ("judge.search.profile.SCENARIO_PAGE_MENTIONED", 1.0),
        ("judge.search.profile.SCENARIO_PAGE_OPENED", 1.0),
    ],
}


def _patches(name: str):
    """The patches of one ablation."""
    for target, value in ABLATIONS[name]:
        yield (
            mock.patch.dict(target, value)
            if isinstance(value, Merged)
            else mock.patch(target, value)
        )


def lexical_rows(base: list[crossval.Row]) -> list[crossval.Row]:
    """The rows again with the lexical rankings of the engine as patched now."""
    from judge.search.engine import Searcher

    searcher = Searcher(learned=True)
    searcher.open_all()
    found = []
    for row in base:
        game = (row.question.row or {}).get("game", "auto")
        meaning, lexical = searcher.lexical(row.question.text, game)
        pointed = crossval.pointed_ids(searcher, meaning)
        again = crossval.Row(row.question, meaning, lexical, row.fold, pointed)
        again.model = row.model
        found.append(again)
    searcher.close()
    return found


def totals(found: list[crossval.Row]) -> dict[str, tuple[float, float]]:
    """Fused out-of-fold hit@1/@3 per total (`crossval._totals_of`)."""
    fits = crossval.out_of_fold_fits(found)
    ranks: dict[str, list[int | None]] = {}
    for row in found:
        fused = crossval.fused_ranking(row, fits[row.question.group].weights)
        rank = crossval.rank_of(fused, row.question.ids)
        for total in crossval._totals_of(row.question.group):
            ranks.setdefault(total, []).append(rank)

    def at(found_ranks, k):
        return sum(1 for r in found_ranks if r is not None and r <= k) / len(found_ranks)

    return {name: (at(r, 1), at(r, 3)) for name, r in ranks.items()}


def main(argv: list[str]) -> None:
    cache = Path(argv[argv.index("--cache") + 1]) if "--cache" in argv else None
    names = [a for a in argv if a in ABLATIONS] or list(ABLATIONS)
    base, _ = crossval.cached_rows(crossval.FOLDS, cache)
    reference = totals(lexical_rows(base))
    print(f"{'ablation':28s} " + "  ".join(f"{t[6:30]:>24s}" for t in reference))
    print(
        f"{'(all rules on)':28s} "
        + "  ".join(f"{a:.3f}/{b:.3f}".rjust(24) for a, b in reference.values())
    )
    for name in names:
        started = time.perf_counter()
        with ExitStack() as stack:
            for patch in _patches(name):
                stack.enter_context(patch)
            found = totals(lexical_rows(base))
        cells = [
            f"{found[t][0] - reference[t][0]:+.3f}/{found[t][1] - reference[t][1]:+.3f}"
            for t in reference
        ]
        print(
            f"{name:28s} "
            + "  ".join(c.rjust(24) for c in cells)
            + f"   ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
