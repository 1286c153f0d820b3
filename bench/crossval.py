"""Out-of-fold figures for the learned stage: what decides whether a change stays.

Cross-validation grouped by set: each question file is a group, the entries' own player
questions (`questions:`) are one, the shared dev sets are theirs; the entries' own texts
are always trained on and never scored. A set is never scored by a model trained on it:
the entries' questions are held out alone (fold 0), and the other sets are dealt into
FOLDS folds, the largest first, each to the fold with the fewest questions so far.

Per held-out question: the lexical ranking (the engine without the learned stage), the
model's ranking (a model fitted without the question's fold, scored by the query side,
`judge.search.learned`, exactly as `ask` scores it), and their fusion. The fusion and
the confidence are fitted on the sets that tuned neither stage, the players' sets
(`bench/train/`, FUSION_SETS), the one of them scored by the fit on the other, every
other set by the fit on both: no set is scored by a fusion fitted on it either.

Printed per set: n, hit@1 and hit@3 of the lexical ranking, of the model alone and of
the fusion; the answer line's precision (its entry's line judged right, for the labelled
questions of `answer-lines.jsonl` whose first fused entry is right); and, with the
confidence threshold, how often an answer line is given and how often it is from a right
entry. Then totals, and the fitted profile.

`python bench/crossval.py [--folds N] [--cache FILE]`; `tools/train_ranker.py
--fit-profile [--cache FILE]` runs it and writes the fitted numbers into
`judge/search/profile.py`.
"""

from __future__ import annotations

import json
import math
import re
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO / "tools"))

FOLDS = 5
#: the sets neither stage was tuned on: the fusion and the confidence are fitted on them
FUSION_SETS = (
    "players-a.jsonl",
    "players-b.jsonl",
    "players-c.jsonl",
    "players-d.jsonl",
    "players-e.jsonl",
    "players-f.jsonl",
    "players-g.jsonl",
    "players-h.jsonl",
    "players-i.jsonl",
)
#: the answer line is given when it is from a right entry this often, out of fold ...
#: (the issue's target is 0.85; a threshold chosen for 0.85 on the pool reads 0.01-0.03
#: lower on a set held out of the pool, and real questions are harder than ours: the
#: margin keeps a wrong confident answer, the worst reply, rare on them too)
PRECISION_TARGET = 0.88
#: ... for at least this share of the questions (reported, not enforced)
COVERAGE_TARGET = 0.5
#: the L2 penalty of the fusion's conditional logit, per question
FUSION_L2 = 0.1
#: the depth of the model's ranking kept per question (the fusion reads its first
#: `profile.MODEL_DEPTH`, and ranks beyond)
KEPT = 60


class Row:
    """One held-out question's rankings: lexical and model as (score, id) best first;
    and the ids of the entries the facts of the cards it names point to."""

    __slots__ = ("question", "meaning", "lexical", "model", "fold", "pointed")

    def __init__(self, question, meaning, lexical, fold, pointed=frozenset()):
        self.question, self.meaning, self.lexical, self.fold = question, meaning, lexical, fold
        self.pointed: frozenset[str] = pointed
        self.model: list[tuple[float, str]] = []


def deal(groups: dict[str, int], folds: int) -> dict[str, int]:
    """Each group's fold: the entries' questions alone in fold 0, the rest dealt into
    folds 1..`folds`, the largest first, each to the emptiest fold (ties: the first)."""
    from train_ranker import ENTRIES, KB_QUESTIONS

    found = {KB_QUESTIONS: 0}
    sizes = [0] * folds
    for name, n in sorted(groups.items(), key=lambda item: (-item[1], item[0])):
        if name in (ENTRIES, KB_QUESTIONS):
            continue
        fold = min(range(folds), key=lambda f: (sizes[f], f))
        found[name] = fold + 1
        sizes[fold] += n
    return found


def rows(folds: int = FOLDS, log=print) -> tuple[list[Row], object]:
    """Every held-out question with its out-of-fold rankings; and the knowledge base."""
    from collections import Counter

    from train_ranker import ENTRIES, classes, fit, labelled

    from judge.kb.knowledge import load
    from judge.search.engine import Searcher
    from judge.search.learned import as_read, top

    kb = load()
    questions, _ = labelled(kb)
    groups = Counter(q.group for q in questions)
    fold_of = deal(dict(groups), folds)
    searcher = Searcher(learned=True)
    searcher.open_all()
    started = time.perf_counter()
    found = []
    for q in questions:
        if q.group == ENTRIES:
            continue
        game = (q.row or {}).get("game", "auto")
        meaning, lexical = searcher.lexical(q.text, game)
        found.append(Row(q, meaning, lexical, fold_of[q.group], pointed_ids(searcher, meaning)))
    log(f"  lexical rankings of {len(found)} questions: {time.perf_counter() - started:.0f} s")
    ids, games = classes(kb)
    for fold in sorted(set(fold_of.values())):
        started = time.perf_counter()
        trained = [q for q in questions if q.group == ENTRIES or fold_of[q.group] != fold]
        model = fit(trained, ids, games)
        by_game: dict[str, list[int]] = {}
        for n, game in enumerate(model.games):
            by_game.setdefault(game, []).append(n)
        held = [row for row in found if row.fold == fold]
        for row in held:
            scores = model.scores(as_read(row.question.text, row.meaning.corrected))
            best = top(scores, by_game.get(row.meaning.game, ()), KEPT)
            row.model = [(score, model.ids[n]) for score, n in best]
        log(
            f"  fold {fold}: trained on {len(trained)} texts, scored {len(held)}: "
            f"{time.perf_counter() - started:.0f} s"
        )
    searcher.close()
    return found, kb


def pointed_ids(searcher, meaning) -> frozenset[str]:
    """The ids of the entries the named cards' facts point to (`GameIndex.pointed`)."""
    index = searcher.index(meaning.game)
    return frozenset(index.entry_id(docnum) for docnum in index.pointed(meaning))


def rank_of(ranked: list[tuple[float, str]], ids: frozenset[str]) -> int | None:
    return next((r for r, (_, i) in enumerate(ranked, 1) if i in ids), None)


def candidate_features(row: Row):
    """(feature names, per candidate its features, per candidate whether it is right)."""
    from judge.search.learned import candidates, inputs

    found = [inputs(c) for c in candidates(row.lexical, row.model, row.pointed)]
    keys = [c.key for c in candidates(row.lexical, row.model, row.pointed)]
    return found, [k in row.question.ids for k in keys], keys


def fit_fusion(chosen: list[Row]) -> dict[str, float]:
    """The fusion weights: a conditional logit (softmax over each question's
    candidates; the right ones its targets) with an L2 penalty, by L-BFGS."""
    import numpy as np
    from scipy.optimize import minimize

    names = None
    blocks = []
    for row in chosen:
        found, right, _ = candidate_features(row)
        if not any(right) or not found:
            continue
        names = names or list(found[0])
        blocks.append(
            (np.array([[f[n] for n in names] for f in found]), np.array(right, dtype=bool))
        )
    if not blocks:
        return {}

    def loss(w):
        total, grad = 0.0, np.zeros_like(w)
        for x, right in blocks:
            s = x @ w
            m = s.max()
            e = np.exp(s - m)
            p = e / e.sum()
            pr = p[right].sum()
            total -= math.log(max(pr, 1e-300))
            # d/dw of -log(sum_right p) = E_p[x] - E_{p|right}[x]
            grad += p @ x - (p[right] @ x[right]) / max(pr, 1e-300)
        n = len(blocks)
        return total / n + 0.5 * FUSION_L2 * float(w @ w), grad / n + FUSION_L2 * w

    start = np.zeros(len(names))
    result = minimize(loss, start, jac=True, method="L-BFGS-B")
    return {n: round(float(v), 4) for n, v in zip(names, result.x, strict=True)}


def fused_ranking(row: Row, weights: dict[str, float]) -> list[tuple[float, str]]:
    from judge.search.learned import fuse

    return [(score, key) for score, key, _ in fuse(row.lexical, row.model, weights, row.pointed)]


def calibration_inputs(row: Row, weights: dict[str, float]) -> tuple[dict, bool]:
    """What the confidence reads of the question's fused ranking
    (`learned.confidence_inputs`), and whether its first entry is right."""
    from judge.search.learned import confidence_inputs, fuse

    fused = fuse(row.lexical, row.model, weights, row.pointed)
    if not fused:
        return {}, False
    return confidence_inputs(fused), fused[0][1] in row.question.ids


def fit_confidence(chosen: list[Row], weights) -> dict[str, float]:
    """The confidence's logistic (Platt scaling over `learned.confidence_inputs`)."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    data = [calibration_inputs(row, weights) for row in chosen]
    data = [(inputs, right) for inputs, right in data if inputs]
    names = list(data[0][0])
    x = np.array([[inputs[n] for n in names] for inputs, _ in data])
    y = np.array([right for _, right in data])
    logistic = LogisticRegression(C=10.0, max_iter=1000).fit(x, y)
    return {
        "intercept": round(float(logistic.intercept_[0]), 4),
        **{n: round(float(c), 4) for n, c in zip(names, logistic.coef_[0], strict=True)},
    }


def conf(calibration, inputs: dict) -> float:
    if not inputs:
        return 0.0
    z = calibration["intercept"] + sum(calibration.get(n, 0.0) * v for n, v in inputs.items())
    return 1.0 / (1.0 + math.exp(-z))


def threshold_for(scored: list[tuple[float, bool]]) -> float:
    """The lowest confidence above which the answers are right PRECISION_TARGET of the
    time (among every cut of the sorted confidences)."""
    ordered = sorted(scored, key=lambda pair: -pair[0])
    best, right = 1.0, 0
    for n, (value, correct) in enumerate(ordered, 1):
        right += correct
        if right / n >= PRECISION_TARGET:
            best = value
    return math.floor(best * 10_000) / 10_000


def realistic(name: str) -> bool:
    """Whether a set is one of the forum posts', the players' or the real dev set."""
    return bool(re.match(r"questions-posts\d*\.jsonl|players-|dev-real", name))


def hardest(name: str) -> bool:
    """Whether a set is one the threshold must hold for: the blind forum posts whose
    answer lines readers judged (`quality.READER_SETS`: posts about the entries no
    earlier set was about, written blind, as hard as any) and the real dev set. The
    other sets' first entries are right more often, so any threshold holds on them."""
    from quality import READER_SETS

    return name in READER_SETS or name == "dev-real.jsonl"


class Fit:
    """The fusion and the confidence fitted on the fusion sets' rows (`chosen`), and the
    threshold on the hardest sets' rows (`pool`, `hardest`): the lowest at which their
    first fused entry is right PRECISION_TARGET of the time."""

    def __init__(self, chosen: list[Row], pool: list[Row]):
        self.weights = fit_fusion(chosen)
        self.calibration = fit_confidence(chosen, self.weights)
        self.pool = [
            (row.question.group, conf(self.calibration, inputs), right)
            for row in pool
            for inputs, right in [calibration_inputs(row, self.weights)]
        ]
        self.threshold = threshold_for([(c, right) for _, c, right in self.pool])

    def without(self, name: str) -> Fit:
        """This fit with its threshold chosen without the set `name`."""
        found = object.__new__(Fit)
        found.weights, found.calibration, found.pool = self.weights, self.calibration, []
        found.threshold = threshold_for([(c, r) for group, c, r in self.pool if group != name])
        return found


def out_of_fold_fits(found: list[Row]) -> dict[str, Fit]:
    """Per set, the fit that scores it: fusion and confidence fitted on the fusion sets
    other than it, the threshold on the hardest sets other than it."""
    fitted: dict[tuple[str, ...], Fit] = {}
    pool = [row for row in found if hardest(row.question.group)]
    by_set = {}
    for name in dict.fromkeys(row.question.group for row in found):
        others = tuple(s for s in FUSION_SETS if s != name)
        if others not in fitted:
            chosen = [row for row in found if row.question.group in others]
            fitted[others] = Fit(chosen, pool)
        by_set[name] = fitted[others].without(name)
    return by_set


def _answer_labels():
    from quality import _answer_labels as labels

    return labels()


def report(found: list[Row], kb, log=print) -> dict:
    """Print the out-of-fold table; return the totals."""
    from quality import _judged_right

    from judge.search.engine import Searcher

    fits = out_of_fold_fits(found)
    labels = _answer_labels()
    searcher = Searcher(learned=True)
    table: dict[str, dict[str, list]] = {}
    for row in found:
        group = row.question.group
        fit = fits[group]
        ids = row.question.ids
        fused = fused_ranking(row, fit.weights)
        stats = table.setdefault(group, {k: [] for k in ("lex", "mod", "fus", "line", "gate")})
        stats["lex"].append(rank_of(row.lexical, ids))
        stats["mod"].append(rank_of(row.model, ids))
        stats["fus"].append(rank_of(fused, ids))
        inputs, right = calibration_inputs(row, fit.weights)
        confident = conf(fit.calibration, inputs) >= fit.threshold
        stats["gate"].append((confident, right))
        label = labels.get((group, (row.question.row or {}).get("id")))
        if label and right:
            hit = searcher.hit(fused[0][1], row.meaning)
            answer = searcher.index(row.meaning.game).line(row.meaning, hit) if hit else None
            judged = _judged_right(answer, label, kb)
            if judged is not None:
                stats["line"].append((judged, confident))
    searcher.close()

    def at(ranks, k):
        return sum(1 for r in ranks if r is not None and r <= k) / len(ranks) if ranks else 0.0

    header = (
        f"  {'set':28s} {'n':>5s}  {'lexical @1/@3':>13s}  {'model @1/@3':>11s}  "
        f"{'fused @1/@3':>11s}  {'line':>9s}  {'answered':>8s}  {'right':>5s}"
    )
    log(header)
    totals: dict[str, dict[str, list]] = {}

    def line_of(name, stats):
        n = len(stats["lex"])
        lines = stats["line"]
        given = [right for confident, right in stats["gate"] if confident]
        line = f"{sum(j for j, _ in lines) / len(lines):.2f}/{len(lines):<4d}" if lines else "-"
        log(
            f"  {name:28s} {n:5d}  {at(stats['lex'], 1):6.3f}/{at(stats['lex'], 3):.3f}  "
            f"{at(stats['mod'], 1):5.3f}/{at(stats['mod'], 3):.3f}  "
            f"{at(stats['fus'], 1):5.3f}/{at(stats['fus'], 3):.3f}  {line:>9s}  "
            f"{len(given) / n:8.2f}  " + (f"{sum(given) / len(given):5.2f}" if given else "    -")
        )

    for name, stats in table.items():
        line_of(name, stats)
        for total in _totals_of(name):
            into = totals.setdefault(total, {k: [] for k in stats})
            for k, v in stats.items():
                into[k].extend(v)
    for name, stats in totals.items():
        line_of(name, stats)
    return {
        name: {
            "n": len(s["lex"]),
            "lexical": (at(s["lex"], 1), at(s["lex"], 3)),
            "fused": (at(s["fus"], 1), at(s["fus"], 3)),
        }
        for name, s in totals.items()
    }


def _totals_of(name: str) -> list[str]:
    """The totals a set counts in: every set but the entries' own questions; the
    forum posts and players' sets, the closest to the hidden real questions."""
    found = []
    if name != "kb-questions":
        found.append("TOTAL question sets")
    if realistic(name):
        found.append("TOTAL posts, players, dev-real")
    if hardest(name):
        found.append("TOTAL reader-judged posts, dev-real")
    return found


def cached_rows(folds: int, cache: Path | None):
    """`rows`, or those `--cache FILE` saved (a pickle: for trying fusions quickly;
    delete it when the model or the lexical ranking changes)."""
    import pickle

    if cache and cache.is_file():
        from judge.kb.knowledge import load

        return pickle.loads(cache.read_bytes()), load()
    found, kb = rows(folds)
    if cache:
        cache.write_bytes(pickle.dumps(found))
    return found, kb


def fit_profile(write: bool = False, folds: int = FOLDS, cache: Path | None = None) -> None:
    """Fit the fusion and confidence on every fusion set's out-of-fold rows, print them
    and, with `write`, put them in `judge/search/profile.py`."""
    found, kb = cached_rows(folds, cache)
    report(found, kb)
    final = Fit(
        [row for row in found if row.question.group in FUSION_SETS],
        [row for row in found if hardest(row.question.group)],
    )
    print(f"fusion weights: {final.weights}")
    print(f"confidence: {final.calibration}, threshold {final.threshold}")
    if write:
        write_profile(final)


def write_profile(final: Fit) -> None:
    """Replace the fitted numbers in `judge/search/profile.py`."""
    path = REPO / "judge" / "search" / "profile.py"
    text = path.read_text(encoding="utf-8")
    weights = "".join(f'    "{name}": {value!r},\n' for name, value in final.weights.items())
    text = re.sub(
        r"FUSION_WEIGHTS = \{\n.*?\n\}\n", f"FUSION_WEIGHTS = {{\n{weights}}}\n", text, flags=re.S
    )
    text = re.sub(
        r"CONFIDENCE = \{.*?\}\n", f"CONFIDENCE = {json.dumps(final.calibration)}\n", text
    )
    text = re.sub(r"ANSWER_THRESHOLD = .*\n", f"ANSWER_THRESHOLD = {final.threshold!r}\n", text)
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path.relative_to(REPO)}")


def main(argv: list[str]) -> None:
    folds = int(argv[argv.index("--folds") + 1]) if "--folds" in argv else FOLDS
    cache = Path(argv[argv.index("--cache") + 1]) if "--cache" in argv else None
    started = time.perf_counter()
    print(f"cross-validation grouped by set ({folds} folds and the entries' questions):")
    found, kb = cached_rows(folds, cache)
    report(found, kb)
    print(f"  crossval took {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    # as the module `crossval`, so that the rows `--cache` pickles are `crossval.Row`s,
    # which `tools/train_ranker.py --fit-profile --cache` reads too
    import crossval

    crossval.main(sys.argv[1:])
