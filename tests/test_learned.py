"""The learned stage: the shipped model matches the knowledge base and the training
sets, the query side reproduces the trainer's features and scores in pure Python, and
the fusion, the confidence and the candidates keep their contract."""

from __future__ import annotations

import hashlib
import importlib.util
import math
import subprocess
import sys
from pathlib import Path

import pytest

from judge.search import learned, profile

REPO = Path(__file__).resolve().parent.parent
STALE = "the shipped model is stale: run `make model` (tools/train_ranker.py) and commit it"


def _trainer():
    spec = importlib.util.spec_from_file_location("train_ranker", REPO / "tools/train_ranker.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def model():
    found = learned.Model.read()
    assert found is not None, f"no readable {learned.MODEL_PATH}: run `make model`"
    return found


def test_the_shipped_model_is_fitted_on_this_knowledge_base(model):
    from judge.base.paths import kb_root
    from judge.kb.hashing import content_hash

    assert model.header["kb_hash"] == content_hash(kb_root()), STALE


def test_the_shipped_model_is_fitted_on_these_training_sets(model):
    """Every labelled set the trainer reads, with the contents it was fitted on: a set
    added, removed or edited since makes the model stale. (Without ../shared, only the
    sets of this repository are compared.)"""
    trainer = _trainer()
    files = trainer.training_files()
    now = trainer.file_hashes(files)
    shipped = model.header["files"]
    if (trainer.SHARED / "dev-real.jsonl").is_file():
        assert now == shipped, STALE
    else:
        assert {n: h for n, h in shipped.items() if n in now} == now, STALE


def test_every_entry_is_in_the_model_or_ranks_lexically(model, kb):
    """The model knows every entry it was fitted with; an entry it does not know (one
    added since, or a model file missing) still ranks by its lexical features."""
    assert set(model.ids) == {entry.id for entry in kb.entries}, STALE
    lexical = [(10.0, "new/entry"), (5.0, "kw/sentinel")]
    fused = learned.fuse(lexical, [(1.0, "kw/sentinel")])
    assert {key for _, key, _ in fused} == {"new/entry", "kw/sentinel"}
    alone = learned.fuse(lexical, [])
    assert [key for _, key, _ in alone] == ["new/entry", "kw/sentinel"]


def test_without_a_model_file_the_ranking_is_the_lexical_one(monkeypatch, tmp_path):
    from judge.search.engine import Searcher

    monkeypatch.setattr(learned, "MODEL_PATH", tmp_path / "missing.bin")
    learned.load.cache_clear()
    try:
        searcher = Searcher(learned=True)
        question = "can sentinel defend for another player"
        _, lexical = searcher.lexical(question)
        _, hits, _ = searcher.ask(question, k=3)
        assert [hit.id for hit in hits] == [entry_id for _, entry_id in lexical[:3]]
    finally:
        learned.load.cache_clear()


def test_the_model_file_reads_back_as_written(model):
    again = learned.Model.from_bytes(model.to_bytes())
    question = "my buddy declared no defenders, can my sentinel defend that attack"
    assert again.scores(question) == model.scores(question)
    assert again.header == {**model.header, "lengths": again.header["lengths"]}


def test_the_query_side_reproduces_the_trainers_features_and_scores(kb):
    """A small fit, unpruned: the pure-Python vector equals scipy's tf-idf rows, and
    the scores scikit-learn's decision function, to the weights' one-byte steps."""
    pytest.importorskip("sklearn")
    import numpy as np

    trainer = _trainer()
    entries = [e for e in kb.entries if e.kind == "keyword"][:12]
    questions = [trainer.Question(trainer.entry_text(e), frozenset([e.id]), "x") for e in entries]
    questions += [
        trainer.Question(ask, frozenset([e.id]), "y") for e in entries for ask in e.questions
    ]
    ids = [e.id for e in entries]
    fitted, estimator, features = trainer.fit(
        questions, ids, [e.game for e in entries], keep=len(ids), with_estimator=True
    )
    asked = ["can an enemy with archery hit my allies?", "Sentinel defends twice??"]
    rows = features.matrix(texts=asked).toarray()
    expected = estimator.decision_function(features.matrix(texts=asked))
    for question, row, scores in zip(asked, rows, expected, strict=True):
        vector = fitted.vector(question)
        assert set(vector) == set(np.flatnonzero(row))
        assert all(math.isclose(v, row[p], rel_tol=1e-5) for p, v in vector.items())
        assert np.allclose(fitted.scores(question), scores, atol=0.02)


def test_the_training_tells_each_short_question_again_inside_another_posts_story():
    trainer = _trainer()
    story = (
        "Solo game with Aragorn, Gimli and Legolas against the Hill Troll tonight. "
        "The troll came out of staging and wrecked my whole board in one attack. "
        "Does sentinel let Gimli defend for my other deck?"
    )
    own_text = "Sentinel: a character with it may defend for another player anywhere."
    questions = [
        trainer.Question(own_text, frozenset({"kw/sentinel"}), trainer.ENTRIES),
        trainer.Question(story, frozenset({"kw/sentinel"}), "posts"),
        trainer.Question("can ranged attack another players enemy", frozenset({"kw/ranged"}), "x"),
    ]
    told = trainer.with_stories(questions)
    assert told[:3] == questions
    (copy,) = told[3:]  # the long post and the entry's own text get none
    assert copy.ids == frozenset({"kw/ranged"}) and copy.group == "x"
    assert "can ranged attack another players enemy" in copy.text
    assert "troll" in copy.text.lower() and "Sentinel:" not in copy.text
    assert "Does sentinel" not in copy.text  # asking sentences are no story
    again = trainer.with_stories(questions)
    assert [q.text for q in again] == [q.text for q in told]


def test_the_query_side_imports_no_numerical_library():
    script = (
        "from judge.search.engine import Searcher\n"
        "s = Searcher(learned=True)\n"
        "m, hits, _ = s.ask('can my guy defend for my buddy?', explain=True)\n"
        "s.answer(m, hits); s.candidates(m, hits)\n"
        "import sys; print(' '.join(sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    modules = set(out.stdout.split())
    assert "judge.search.learned" in modules
    for heavy in ("numpy", "sklearn", "scipy"):
        assert heavy not in modules, heavy


def test_the_fusion_ranks_by_its_weights_and_explains_them():
    lexical = [(9.0, "a"), (8.0, "b"), (1.0, "c")]
    model = [(2.0, "c"), (0.5, "a"), (-1.0, "b")]
    fused = learned.fuse(lexical, model)
    assert [score for score, _, _ in fused] == sorted((s for s, _, _ in fused), reverse=True)
    for score, _, features in fused:
        assert math.isclose(score, learned.fused_score(features, profile.FUSION_WEIGHTS))
        explained = learned.explained(features)
        assert set(explained["features"]) == set(profile.FUSION_WEIGHTS)
        assert explained["weights"] == {n: profile.FUSION_WEIGHTS[n] for n in features}
    lexical_only = {name: 0.0 for name in profile.FUSION_WEIGHTS}
    lexical_only["lexical_reciprocal_rank"] = 1.0
    assert [key for _, key, _ in learned.fuse(lexical, model, lexical_only)][:2] == ["a", "b"]
    model_only = {name: 0.0 for name in profile.FUSION_WEIGHTS}
    model_only["model_score"] = 1.0
    assert learned.fuse(lexical, model, model_only)[0][1] == "c"


def test_the_confidence_is_a_probability_that_grows_with_the_lead():
    low = learned.fuse([(9.0, "a"), (8.9, "b")], [(0.1, "b"), (0.0, "a")])
    high = learned.fuse([(9.0, "a"), (1.0, "b")], [(2.0, "a"), (-1.0, "b")])
    for fused in (low, high):
        assert 0.0 <= learned.confidence(fused) <= 1.0
    assert learned.confidence(high) > learned.confidence(low)
    assert learned.confidence([]) == 0.0


def test_every_number_of_the_profile_says_what_it_does():
    """One declared profile module: each of its numbers has a comment line above it."""
    lines = (REPO / "judge/search/profile.py").read_text(encoding="utf-8").splitlines()
    for n, line in enumerate(lines):
        if line[:1].isupper() and " = " in line:
            assert lines[n - 1].startswith("#"), line


def test_ask_json_carries_candidates_confidence_and_explain(cli):
    result = cli("ask", "can my sentinel defend for my buddy", "--json", "--explain").json()
    assert 1 <= len(result["candidates"]) <= 3
    for candidate, hit in zip(result["candidates"], result["hits"], strict=False):
        assert set(candidate) == {"id", "text", "citation"} and candidate["id"] == hit["id"]
    answer = result["answer"]
    assert answer is not None and 0.0 <= answer["confidence"] <= 1.0
    assert answer["confidence"] >= profile.ANSWER_THRESHOLD
    for hit in result["hits"]:
        assert set(hit["explain"]) == {"features", "weights", "fused"}
    plain = cli("ask", "can my sentinel defend for my buddy", "--json").json()
    assert all("explain" not in hit for hit in plain["hits"])


def test_without_a_confident_answer_the_rules_that_may_decide_it_are_shown(cli, monkeypatch):
    monkeypatch.setattr(profile, "ANSWER_THRESHOLD", 1.01)  # no answer is that confident
    question = "can my sentinel defend for my buddy"
    result = cli("ask", question, "--json").json()
    assert result["answer"] is None and result["candidates"]
    human = cli("ask", question).out
    assert "Rules that may decide this" in human
    assert result["candidates"][0]["text"] in human


def test_the_training_data_hash_covers_every_file(tmp_path):
    trainer = _trainer()
    one, two = tmp_path / "questions-a.jsonl", tmp_path / "questions-b.jsonl"
    one.write_text('{"q": "x"}\n')
    two.write_text('{"q": "y"}\n')
    first = trainer.data_hash(trainer.file_hashes([one, two]))
    two.write_text('{"q": "z"}\n')
    assert trainer.data_hash(trainer.file_hashes([one, two])) != first
    assert (
        trainer.file_hashes([one])["questions-a.jsonl"]
        == hashlib.sha256(b'{"q": "x"}\n').hexdigest()
    )
