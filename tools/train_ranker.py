#!/usr/bin/env python3
"""Fit the learned stage's model (`judge.search.learned`) and ship it.

`python tools/train_ranker.py` (`make model`) fits one linear SVM per entry (one-vs-rest
over entry ids, scikit-learn's LinearSVC) on the features `learned.features` gives, as
tf-idf (`learned.weighted`, reproduced here in scipy), and writes the pruned weights to
`judge/search/model/ranker.bin` with the knowledge base's content hash and the training
data's hash. The training texts:
- every entry's own text (title, aliases, cards, summary and body), one text each;
- every entry's player questions (`questions:`), one text each;
- every labelled question set: `bench/questions-*.jsonl` (targets resolved to entry ids
  by `bench/quality.py`'s `matches`), `bench/train/*.jsonl` (targets by id), and the
  shared dev sets `../shared/eval/dev-questions.jsonl` and `dev-real.jsonl`;
- and each labelled question of one sentence again, told inside a story drawn from the
  posts (`with_stories`).

`--fit-profile` fits the fusion and the confidence out of fold (`bench/crossval.py`) and
writes their numbers into `judge/search/profile.py`.

scikit-learn is the `[train]` extra (and the `[test]` one): a player never installs it,
and the query side never imports it.
"""

from __future__ import annotations

import array
import hashlib
import json
import math
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

BENCH = REPO / "bench"
SHARED = REPO.parent / "shared" / "eval"
#: the group of the entries' own texts: always trained on, never scored
ENTRIES = "entries"
#: the group of the entries' player questions (`questions:` in their front matter)
KB_QUESTIONS = "kb-questions"


def training_files() -> list[Path]:
    """Every labelled question file the model trains on, in a stable order."""
    found = sorted(BENCH.glob("questions-*.jsonl")) + sorted((BENCH / "train").glob("*.jsonl"))
    found += [p for p in (SHARED / "dev-questions.jsonl", SHARED / "dev-real.jsonl") if p.is_file()]
    return found


def group_name(path: Path) -> str:
    """A question file's group: its name (`questions-posts4.jsonl`)."""
    return path.name


def file_hashes(paths: list[Path]) -> dict[str, str]:
    """Each training file's SHA-256, by its name."""
    return {group_name(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in paths}


def data_hash(hashes: dict[str, str]) -> str:
    """One hash of the training files (their names and contents' hashes)."""
    joined = "\n".join(f"{name}\0{digest}" for name, digest in sorted(hashes.items()))
    return hashlib.sha256(joined.encode()).hexdigest()


def entry_text(entry) -> str:
    return "\n".join(
        (entry.title, *entry.aliases, *entry.cards, entry.summary or "", entry.body or "")
    )


def resolve(target: dict, kb) -> list[str]:
    """The ids of the entries a question's target names."""
    from quality import matches

    if target.get("id"):
        found = kb.redirects.get(target["id"], target["id"])
        return [found] if found in kb.by_id else []
    return [entry.id for entry in kb.entries if matches(entry, target)]


class Question:
    """One labelled text: its words, the ids of the entries that answer it, its group."""

    __slots__ = ("text", "ids", "group", "row")

    def __init__(self, text: str, ids: frozenset[str], group: str, row: dict | None = None):
        self.text, self.ids, self.group, self.row = text, ids, group, row


def labelled(kb) -> tuple[list[Question], dict[str, int]]:
    """Every training text with its entries, by group; and, per file, how many of its
    questions name no entry we have (left out)."""
    from judge.kb.body_lines import body_lines

    found = [Question(entry_text(e), frozenset([e.id]), ENTRIES) for e in kb.entries]
    # and each line of its body alone: a rule stated in one line is asked about alone
    found += [
        Question(line, frozenset([e.id]), ENTRIES)
        for e in kb.entries
        for line in body_lines(e.body)
    ]
    found += [
        Question(ask, frozenset([e.id]), KB_QUESTIONS) for e in kb.entries for ask in e.questions
    ]
    unresolved = {}
    for path in training_files():
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        lost = 0
        for row in filter(None, rows):
            ids = frozenset(i for t in row["expect"] for i in resolve(t, kb))
            if ids:
                found.append(Question(row["q"], ids, group_name(path), row))
            else:
                lost += 1
        unresolved[group_name(path)] = lost
    return found, unresolved


def with_stories(questions: list[Question]) -> list[Question]:
    """The training texts, and each labelled question of one sentence once more, told
    inside a story: sentences that tell (`focus.told_sentences`) drawn at random from
    the posts among `questions`, before it or after it (`profile.STORY_SENTENCES`,
    `STORY_MIN_WORDS`, `STORY_BEFORE`). A forum post buries its question in its story
    ("Solo, Aragorn and Gimli, the Hill Troll came out..."), and a model trained on
    short questions alone reads the story's words as much as the asking ones; a copy
    whose story says nothing of its entries teaches it that such words say little.
    Only `questions` are read, so a fold's copies hold nothing of the sets it holds
    out. Seeded: the same texts, the same copies."""
    import random

    from judge.search import focus, profile

    told = [
        sentence
        for q in questions
        if q.group != ENTRIES
        for sentence in focus.told_sentences(q.text)
        if len(sentence.split()) >= profile.STORY_MIN_WORDS
    ]
    if not told:
        return questions
    chosen = random.Random(0)
    copies = []
    for q in questions:
        if q.group == ENTRIES or len(focus.sentences(q.text)) > 1:
            continue
        story = chosen.sample(told, chosen.randint(*profile.STORY_SENTENCES))
        before = chosen.random() < profile.STORY_BEFORE
        text = " ".join([*story, q.text] if before else [q.text, *story])
        copies.append(Question(text, q.ids, q.group, q.row))
    return questions + copies


class Features:
    """The tf-idf features of a set of training texts, as `learned.weighted` reads a
    question: keys, document frequencies, idf."""

    def __init__(self, texts: list[str], min_df: int, counted: int | None = None):
        """Kept: the features of at least `min_df` of the first `counted` texts (all by
        default): a story's copies (`with_stories`) make no feature of their own."""
        from judge.search.learned import feature_key, features

        self.counts = [Counter(feature_key(f) for f in features(t)) for t in texts]
        df = Counter(key for counts in self.counts for key in counts)
        seen = Counter(key for counts in self.counts[:counted] for key in counts)
        kept = sorted(key for key, n in seen.items() if n >= min_df)
        self.keys = kept
        self.position = {key: n for n, key in enumerate(kept)}
        n = len(texts)
        # scikit-learn's smooth idf, in float32 as the model file stores it
        self.idf = array.array("f", (math.log((1 + n) / (1 + df[k])) + 1 for k in kept))

    def matrix(self, texts: list[str] | None = None, rows: list[int] | None = None):
        """The tf-idf rows of the training texts `rows` (all by default), or of `texts`."""
        import numpy as np
        from scipy.sparse import csr_matrix

        from judge.search.learned import feature_key, features

        if texts is not None:
            counted = [Counter(feature_key(f) for f in features(t)) for t in texts]
        else:
            counted = [
                self.counts[i] for i in (rows if rows is not None else range(len(self.counts)))
            ]
        indptr, indices, values = [0], [], []
        for counts in counted:
            row = {}
            for key, n in counts.items():
                at = self.position.get(key)
                if at is not None:
                    row[at] = (1.0 + math.log(n)) * self.idf[at]
            norm = math.sqrt(sum(v * v for v in row.values())) or 1.0
            for at, v in sorted(row.items()):
                indices.append(at)
                values.append(v / norm)
            indptr.append(len(indices))
        return csr_matrix(
            (np.array(values, dtype=np.float64), np.array(indices), np.array(indptr)),
            shape=(len(counted), len(self.keys)),
        )


def fit(
    questions: list[Question],
    ids: list[str],
    games: list[str],
    keep: int | None = None,
    with_estimator: bool = False,
    **header,
):
    """The model fitted on `questions`, as a `learned.Model`, keeping per feature the
    `keep` largest weights by magnitude (`profile.MODEL_KEEP`); `with_estimator`: also
    the scikit-learn estimator and the `Features` (for the tests)."""
    import numpy as np
    from sklearn.multiclass import OneVsRestClassifier
    from sklearn.preprocessing import MultiLabelBinarizer
    from sklearn.svm import LinearSVC

    from judge.search import profile
    from judge.search.learned import FORMAT

    originals = len(questions)
    questions = with_stories(questions)
    features = Features([q.text for q in questions], profile.MIN_DF, originals)
    x = features.matrix()
    binarizer = MultiLabelBinarizer(classes=ids)
    y = binarizer.fit_transform([sorted(q.ids) for q in questions])
    svm = OneVsRestClassifier(LinearSVC(C=profile.TRAIN_C, max_iter=5000, random_state=0), n_jobs=2)
    svm.fit(x, y)
    coef = np.vstack([estimator.coef_.ravel() for estimator in svm.estimators_])
    intercepts = np.array([estimator.intercept_[0] for estimator in svm.estimators_])
    model_header = {"format": FORMAT, "ids": ids, "games": games, **header}
    model = pruned(coef, intercepts, features, keep or profile.MODEL_KEEP, model_header)
    return (model, svm, features) if with_estimator else model


def pruned(coef, intercepts, features: Features, keep: int, header: dict):
    """A `learned.Model` of the weights `coef` (entries x features) that keeps, per
    feature, its `keep` largest weights by magnitude, each stored in one signed byte as
    a multiple of the feature's scale (its largest magnitude / 127)."""
    import numpy as np

    from judge.search.learned import Model

    columns = coef.T  # features x entries
    order = np.sort(np.argsort(-np.abs(columns), axis=1, kind="stable")[:, :keep], axis=1)
    chosen = np.take_along_axis(columns, order, axis=1)
    scales = np.abs(chosen).max(axis=1) / 127.0
    scales[scales == 0] = 1.0
    units = np.rint(chosen / scales[:, None]).astype(np.int8)
    kept = units != 0
    counts = kept.sum(axis=1)
    starts = np.concatenate([[0], np.cumsum(counts)]).astype(np.uint32)
    return Model(
        header,
        {
            "keys": array.array("I", features.keys),
            "idf": features.idf,
            "scales": array.array("f", scales.astype(np.float32).tobytes()),
            "starts": array.array("I", starts.tobytes()),
            "intercepts": array.array("f", intercepts.astype(np.float32).tobytes()),
            "classes": array.array("H", order[kept].astype(np.uint16).tobytes()),
            "weights": array.array("b", units[kept].tobytes()),
        },
    )


def classes(kb) -> tuple[list[str], list[str]]:
    """The model's classes: every entry's id, and its game."""
    return [e.id for e in kb.entries], [e.game for e in kb.entries]


def train(kb=None):
    """The model fitted on every training text, with its hashes."""
    from judge.base.paths import kb_root
    from judge.kb.hashing import content_hash
    from judge.kb.knowledge import load

    kb = kb or load()
    questions, _ = labelled(kb)
    hashes = file_hashes(training_files())
    ids, games = classes(kb)
    return fit(
        questions,
        ids,
        games,
        kb_hash=content_hash(kb_root()),
        data_hash=data_hash(hashes),
        files=hashes,
        texts=len(questions),
    )


def main(argv: list[str]) -> None:
    import time

    from judge.search.learned import MODEL_PATH

    if "--fit-profile" in argv:
        from crossval import fit_profile

        cache = Path(argv[argv.index("--cache") + 1]) if "--cache" in argv else None
        fit_profile(write=True, cache=cache)
        return
    started = time.perf_counter()
    model = train()
    MODEL_PATH.parent.mkdir(parents=True, exist_ok=True)
    data = model.to_bytes()
    MODEL_PATH.write_bytes(data)
    header = model.header
    print(
        f"{MODEL_PATH.relative_to(REPO)}: {len(model.ids)} entries, "
        f"{header['texts']} training texts, {len(data) / 1e6:.1f} MB, "
        f"{time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
