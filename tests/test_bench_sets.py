"""The bench's question sets and the training questions stay true to the knowledge
base: every entry a question names as its answer exists. A renamed or merged entry would otherwise turn its
questions into silent misses, and the bench would report a drop in quality that is
only a stale label."""

from __future__ import annotations

import importlib.util
import json
from functools import cache
from pathlib import Path

import pytest

BENCH = Path(__file__).parent.parent / "bench"
SETS = sorted(BENCH.glob("questions-*.jsonl"))
#: the learned stage's training questions (`bench/crossval.py`'s FUSION_SETS and the rest)
TRAINING = sorted((BENCH / "train").glob("*.jsonl"))


@cache
def _quality():
    spec = importlib.util.spec_from_file_location("quality", BENCH / "quality.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_bench_scores_every_set_in_the_folder():
    assert set(SETS) <= set(_quality().SETS)


@pytest.mark.parametrize("path", SETS + TRAINING, ids=lambda p: p.name)
def test_every_answer_a_question_names_is_an_entry(kb, path):
    matches = _quality().matches
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    missing = [
        (row["id"], target)
        for row in rows
        for target in row["expect"]
        if not any(
            entry.id == target["id"] if "id" in target else matches(entry, target)
            for entry in kb.entries
        )
    ]
    assert rows and not missing


def test_every_labelled_answer_line_is_still_a_line_of_its_entry(kb):
    """A label names its lines by their text: an edited line would drop its question
    from the answer-line measure without a word. Relabel it when a line changes."""
    from judge.kb.body_lines import body_lines

    labels = _quality()._answer_labels()
    known = {(path.name, json.loads(line)["id"]) for path in SETS for line in path.open() if line}
    stale = []
    for (name, question), label in labels.items():
        entry = kb.get(label["entry"])
        if name.startswith("questions-") and (name, question) not in known:
            stale.append((name, question, "no such question"))
        elif entry is None or not set(label["lines"]) <= set(body_lines(entry.body)):
            stale.append((name, question, label["entry"]))
    assert labels and stale == []


def test_the_typo_lookups_make_one_typo_each_in_the_middle_of_the_word():
    # dropped, swapped, doubled, changed to the key beside it
    assert _quality().typos("beravor") == ["bervor", "bervaor", "beraavor", "bersvor"]
    assert _quality().typos("gimlip")[3] == "gimkip"  # "l" ends its row: the key before
