"""The learned stage: a linear model that reads a question's words and scores every
entry it was trained on, and its fusion with the lexical ranking.

The model is one-vs-rest over entry ids: per entry, a weight for each feature of a
question (`features`: the stems of its words, as the index analyses them, and adjacent
pairs of them), fitted by `tools/train_ranker.py` on every entry's own text and player
questions and on every labelled question set. Its weights ship in one file
(`model/ranker.bin`, `MODEL_PATH`) with the knowledge-base hash and the training data's
hash it was fitted on; `tests/test_learned.py` fails when either has changed
(`make model` refits it).

This is the query side: pure Python (the file is read with `array`, never numpy or
scikit-learn), and cheap to open, since a one-question `ask` opens it: features are
found by the hash of their text (`feature_key`) in a sorted array, so nothing is built
per feature at load time.

The fusion (`fuse`) combines, for each candidate entry, its lexical rank and score with
the model's score and rank in one linear score whose weights (`judge.search.profile`)
were fitted out of fold (`bench/crossval.py`). An entry the model was not trained on (a
new entry) still ranks by its lexical features; its model features take their floors.
"""

from __future__ import annotations

import array
import bisect
import heapq
import json
import math
import struct
import sys
import zlib
from collections import Counter
from functools import cache
from pathlib import Path
from typing import NamedTuple

from judge.search import profile
from judge.search.text import MAX_CHARACTERS, STOP_WORDS, stem, words

MODEL_PATH = Path(__file__).with_name("model") / "ranker.bin"
#: the file's first bytes, then the header's length (uint32, little-endian)
MAGIC = b"LOREMASTER-RANKER-1\n"
#: the header's "format": bump when the features or the file layout change
FORMAT = 1
#: the arrays after the header, in order, with their `array` type codes (the 4-byte
#: ones first, so that each starts aligned and is read in place, `Model.read`)
SECTIONS = (
    ("keys", "I"),  # each feature's key (`feature_key`), sorted
    ("idf", "f"),  # each feature's inverse document frequency
    ("scales", "f"),  # each feature's weight per unit of its postings' `weights`
    ("starts", "I"),  # where each feature's postings begin (one more: the end)
    ("intercepts", "f"),  # per entry, its intercept
    ("classes", "H"),  # per posting, the entry (its index in the header's `ids`)
    ("weights", "b"),  # per posting, the entry's weight for the feature, in `scales`
)


def features(text: str) -> list[str]:
    """A text's features, as the model reads them: the stems of its words without the
    stop words (`judge.search.text`, as the index analyses them), each adjacent pair of
    those stems ("put play"), and the words' opening three letters ("~abi"), which a
    misspelt or unstemmed word often keeps ("abilitys", "abilty")."""
    stems = [s for s in (stem(w) for w in words(text) if w not in STOP_WORDS) if s]
    found = list(stems)
    found += [f"{a} {b}" for a, b in zip(stems, stems[1:], strict=False)]
    found += [f"~{s[:3]}" for s in stems if len(s) > 3 and s.isalpha()]
    return found


def as_read(question: str, corrected) -> str:
    """The question with the reader's spelling corrections in it (`Understanding.corrected`:
    (as typed, as read) pairs): the model reads "stewart of gondor" as the lexical stage
    does, "steward of gondor", a name its training texts spell right."""
    import re

    for typed, fixed in corrected:
        question = re.sub(rf"(?<!\w){re.escape(typed)}(?!\w)", fixed, question, flags=re.I)
    return question


def feature_key(feature: str) -> int:
    """A feature's key in the model file: the CRC-32 of its text (two features sharing
    one were one feature in training too: the trainer keys them the same way)."""
    return zlib.crc32(feature.encode("utf-8"))


def weighted(text: str, idf) -> dict[int, float]:
    """A text's features as its tf-idf vector, by position in the model's keys
    (`idf(key)` gives a known key's (position, idf), or None): sublinear counts
    (1 + ln n) times idf, normalised to length 1; unknown features are dropped."""
    counts = Counter(feature_key(f) for f in features(text))
    vector = {}
    for key, n in counts.items():
        known = idf(key)
        if known is not None:
            position, weight = known
            vector[position] = (1.0 + math.log(n)) * weight
    norm = math.sqrt(sum(v * v for v in vector.values()))
    return {p: v / norm for p, v in vector.items()} if norm else {}


class Model:
    """The model file, opened: score a question against every entry it knows.

    `arrays` are the SECTIONS by name: `array.array`s, or views of the file read in
    place (`read`), which a one-question `ask` pages in only where its features are."""

    def __init__(self, header: dict, arrays: dict):
        self.header = header
        self.ids: tuple[str, ...] = tuple(header["ids"])
        self.games: tuple[str, ...] = tuple(header["games"])
        self._arrays = arrays
        self._keys = arrays["keys"]
        self._idf = arrays["idf"]
        self._scales = arrays["scales"]
        self._starts = arrays["starts"]
        self._classes = arrays["classes"]
        self._weights = arrays["weights"]
        self._intercepts = arrays["intercepts"]
        self._index: dict[str, int] | None = None

    @classmethod
    def read(cls, path: Path = MODEL_PATH) -> Model | None:
        """The model in `path`, read in place (memory-mapped), or None when there is
        none or it is not one we read."""
        import mmap

        try:
            with open(path, "rb") as handle:
                data = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
            return cls.from_bytes(data)
        except (OSError, ValueError, KeyError, TypeError, struct.error):
            return None

    @classmethod
    def from_bytes(cls, data) -> Model:
        """The model in `data` (bytes or a memory map): each array a view of it, or a
        copy on a big-endian machine."""
        if data[: len(MAGIC)] != MAGIC:
            raise ValueError("not a ranker file")
        at = len(MAGIC)
        (size,) = struct.unpack_from("<I", data, at)
        at += 4
        header = json.loads(bytes(data[at : at + size]))
        if header.get("format") != FORMAT:
            raise ValueError("another format")
        at += size
        at += -at % 4
        view = memoryview(data)
        arrays = {}
        for name, code in SECTIONS:
            length = header["lengths"][name] * array.array(code).itemsize
            part = view[at : at + length]
            if len(part) != length:
                raise ValueError("truncated")
            if sys.byteorder == "little":
                arrays[name] = part.cast(code)
            else:
                found = array.array(code, part.tobytes())
                found.byteswap()
                arrays[name] = found
            at += length
        return cls(header, arrays)

    def to_bytes(self) -> bytes:
        lengths = {name: len(self._arrays[name]) for name, _ in SECTIONS}
        header = {**self.header, "lengths": lengths}
        encoded = json.dumps(header, ensure_ascii=False, sort_keys=True).encode("utf-8")
        parts = [MAGIC, struct.pack("<I", len(encoded)), encoded]
        parts.append(b"\0" * (-sum(map(len, parts)) % 4))
        for name, code in SECTIONS:
            found = array.array(code, memoryview(self._arrays[name]).tobytes())
            if sys.byteorder != "little":
                found.byteswap()
            parts.append(found.tobytes())
        return b"".join(parts)

    def _known(self, key: int) -> tuple[int, float] | None:
        position = bisect.bisect_left(self._keys, key)
        if position < len(self._keys) and self._keys[position] == key:
            return position, self._idf[position]
        return None

    def vector(self, text: str) -> dict[int, float]:
        """The question's tf-idf vector, by feature position."""
        return weighted(text, self._known)

    def scores(self, text: str) -> list[float]:
        """Every entry's score for a question (by its index in `ids`): its intercept
        plus the question's features' weights for it, of its first MAX_CHARACTERS."""
        totals = list(self._intercepts)
        starts, classes, weights, scales = self._starts, self._classes, self._weights, self._scales
        for position, value in self.vector(text[:MAX_CHARACTERS]).items():
            unit = value * scales[position]
            begin, end = starts[position], starts[position + 1]
            for entry, weight in zip(classes[begin:end], weights[begin:end], strict=True):
                totals[entry] += unit * weight
        return totals

    def position(self, entry_id: str) -> int | None:
        """The entry's index in `ids`, or None when the model does not know it."""
        if self._index is None:
            self._index = {found: n for n, found in enumerate(self.ids)}
        return self._index.get(entry_id)


class Candidate(NamedTuple):
    """One entry's inputs to the fusion: its lexical rank (1 = first) and score as a
    share of the first's, the model's rank, score and gap to its first (None when
    absent); and, for the first of either ranking, its lead over that ranking's second
    (the log of the lexical scores' ratio, the model scores' difference)."""

    key: int
    lexical_rank: int | None
    lexical_share: float | None
    model_rank: int | None
    model_score: float | None
    model_gap: float | None
    lexical_lead: float = 0.0
    model_lead: float = 0.0
    #: whether a fact of a card the question names points to the entry (`pointed`)
    card_fact: bool = False


def candidates(
    lexical: list[tuple[float, int]],
    model: list[tuple[float, int]],
    pointed: frozenset[int] = frozenset(),
) -> list[Candidate]:
    """The entries either ranking puts near its top, with each one's inputs.

    `lexical`: (score, key) best first, as the engine ranks them; `model`: (score, key)
    for the entries the model knows, best first. The first `profile.LEXICAL_DEPTH` of
    the one and `profile.MODEL_DEPTH` of the other are candidates; a candidate's
    ranks count in the whole lists. `pointed`: the entries the named cards' facts point
    to (a Response to the rules of responses), candidates too: a card's ability type
    decides many questions whose words never name it."""
    top = lexical[0][0] if lexical else 0.0
    lexical_at = {key: (rank, score) for rank, (score, key) in enumerate(lexical, 1)}
    model_top = model[0][0] if model else 0.0
    model_at = {key: (rank, score) for rank, (score, key) in enumerate(model, 1)}
    keys = dict.fromkeys(
        [key for _, key in lexical[: profile.LEXICAL_DEPTH]]
        + [key for _, key in model[: profile.MODEL_DEPTH]]
        + sorted(pointed)
    )
    second = lexical[1][0] if len(lexical) > 1 else 0.0
    lexical_lead = math.log(top / second) if top > 0 and second > 0 else profile.LEAD_CAP
    model_lead = model[0][0] - model[1][0] if len(model) > 1 else profile.LEAD_CAP
    found = []
    for key in keys:
        lex_rank, lex_score = lexical_at.get(key, (None, None))
        mod_rank, mod_score = model_at.get(key, (None, None))
        found.append(
            Candidate(
                key,
                lex_rank,
                lex_score / top if lex_score is not None and top > 0 else None,
                mod_rank,
                mod_score,
                None if mod_score is None else mod_score - model_top,
                min(lexical_lead, profile.LEAD_CAP) if lex_rank == 1 else 0.0,
                min(model_lead, profile.LEAD_CAP) if mod_rank == 1 else 0.0,
                key in pointed,
            )
        )
    return found


def inputs(candidate: Candidate) -> dict[str, float]:
    """A candidate's features, each as `profile.FUSION_WEIGHTS` names it."""
    lex_rank, share = candidate.lexical_rank, candidate.lexical_share
    mod_rank, score, gap = candidate.model_rank, candidate.model_score, candidate.model_gap
    return {
        "lexical_first": 1.0 if lex_rank == 1 else 0.0,
        "lexical_reciprocal_rank": 1.0 / lex_rank if lex_rank else 0.0,
        "lexical_log_share": math.log(max(share, profile.SHARE_FLOOR))
        if share is not None
        else math.log(profile.SHARE_FLOOR),
        "model_first": 1.0 if mod_rank == 1 else 0.0,
        "model_reciprocal_rank": 1.0 / mod_rank if mod_rank else 0.0,
        "model_score": score if score is not None else profile.MODEL_SCORE_FLOOR,
        "model_gap": max(gap, profile.MODEL_GAP_FLOOR)
        if gap is not None
        else profile.MODEL_GAP_FLOOR,
        "lexical_lead": candidate.lexical_lead,
        "model_lead": candidate.model_lead,
        "card_fact": 1.0 if candidate.card_fact else 0.0,
    }


def fused_score(features_of: dict[str, float], weights: dict[str, float]) -> float:
    return sum(weights.get(name, 0.0) * value for name, value in features_of.items())


def fuse(
    lexical: list[tuple[float, int]],
    model: list[tuple[float, int]],
    weights: dict[str, float] | None = None,
    pointed: frozenset[int] = frozenset(),
) -> list[tuple[float, int, dict[str, float]]]:
    """The candidates (`candidates`) by fused score, best first: (score, key, its
    features). Ties keep the lexical order."""
    weights = profile.FUSION_WEIGHTS if weights is None else weights
    scored = []
    for order, candidate in enumerate(candidates(lexical, model, pointed)):
        found = inputs(candidate)
        scored.append((fused_score(found, weights), -order, candidate.key, found))
    scored.sort(reverse=True)
    return [(score, key, found) for score, _, key, found in scored]


def confidence_inputs(fused: list[tuple[float, int, dict[str, float]]]) -> dict[str, float]:
    """What the confidence reads of a fused ranking: the first's softmax share among the
    candidates and its lead over the second; whether both rankings put it first; and
    its own leads in each (`inputs`)."""
    top = fused[0][0]
    total = sum(math.exp(score - top) for score, _, _ in fused)
    first = fused[0][2]
    return {
        "share": 1.0 / total,
        "lead": min(top - fused[1][0], profile.LEAD_CAP) if len(fused) > 1 else profile.LEAD_CAP,
        "agree": first["lexical_first"] * first["model_first"],
        "lexical_lead": first["lexical_lead"],
        "model_lead": first["model_lead"],
    }


def confidence(fused: list[tuple[float, int, dict[str, float]]], calibration=None) -> float:
    """How likely the first fused entry is a right one, 0-1: a logistic over
    `confidence_inputs` (`profile.CONFIDENCE`, fitted out of fold)."""
    if not fused:
        return 0.0
    calibration = profile.CONFIDENCE if calibration is None else calibration
    z = calibration["intercept"] + sum(
        calibration.get(name, 0.0) * value for name, value in confidence_inputs(fused).items()
    )
    return 1.0 / (1.0 + math.exp(-z))


def top(scores: list[float], allowed, most: int) -> list[tuple[float, int]]:
    """The `most` best (score, index) among the indexes `allowed`, best first."""
    return heapq.nlargest(most, ((scores[n], n) for n in allowed))


@cache
def load() -> Model | None:
    """The shipped model (`MODEL_PATH`), read once per process; None when it is missing
    or unreadable (the ranking is then the lexical one, with the model's floors)."""
    return Model.read(MODEL_PATH)


def explained(features_of: dict[str, float], weights: dict[str, float] | None = None) -> dict:
    """A hit's fusion inputs for `ask --explain`: each feature's value and weight, and
    the score they sum to."""
    weights = profile.FUSION_WEIGHTS if weights is None else weights
    return {
        "features": {name: round(value, 4) for name, value in features_of.items()},
        "weights": {name: weights.get(name, 0.0) for name in features_of},
        "fused": round(fused_score(features_of, weights), 4),
    }
