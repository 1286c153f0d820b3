"""The phrase pairs kept beside each game's index (`judge.search.pair_postings`) score
as they would as a whoosh field, and a broken file costs only the pairs."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from whoosh import fields, query, scoring
from whoosh.analysis import ShingleFilter, SpaceSeparatedTokenizer

from judge.search import pair_postings
from judge.search.index_writing import AnalysedText
from judge.search.pair_postings import BUCKETS, PairPostings
from judge.search.profile import PAIR_WEIGHT
from judge.search.ram_storage import PrivateRamStorage
from judge.search.weighting import TermPostings

GAME = "lcg"


def _index():
    """An empty index in memory, named as a game's is."""
    return PrivateRamStorage().create_index(fields.Schema(body=AnalysedText()), indexname=GAME)


def _kept(texts: list[str]):
    """An index of `texts` (body only) with their pairs file beside it, and the term
    postings that read both."""
    ix = _index()
    writer = ix.writer()
    for text in texts:
        writer.add_document(body=text)
    writer.commit()
    pair_postings.write(ix, [text.split() for text in texts])
    pairs = PairPostings.read(ix, len(texts))
    postings = TermPostings(ix.reader())
    postings.keep("pairs", pairs)
    return pairs, postings


def _whooshs_pair_scores(texts: list[str]) -> dict[str, dict[int, float]]:
    """Each pair's BM25F score per entry, with the pairs as whoosh's own shingled field."""
    shingles = SpaceSeparatedTokenizer() | ShingleFilter(size=2, sep="_")
    schema = fields.Schema(
        pairs=fields.TEXT(analyzer=shingles, field_boost=PAIR_WEIGHT, phrase=False)
    )
    ix = PrivateRamStorage().create_index(schema)
    writer = ix.writer()
    for text in texts:
        writer.add_document(pairs=text)
    writer.commit()
    with ix.searcher(weighting=scoring.BM25F(B=0.75, K1=1.2)) as searcher:
        return {
            term.decode(): {
                hit.docnum: hit.score
                for hit in searcher.search(query.Term("pairs", term), limit=None)
            }
            for term in searcher.reader().lexicon("pairs")
        }


texts_of_two_words_or_more = st.lists(
    st.lists(st.sampled_from("abcdef"), min_size=2, max_size=12).map(" ".join),
    min_size=1,
    max_size=30,
)


@settings(max_examples=40, deadline=None)
@given(texts_of_two_words_or_more)
def test_pairs_score_as_whooshs_bm25f_scores_a_shingled_field(texts):
    # whoosh's shingle filter keeps a lone word as a "pair": every text has two words
    pairs, postings = _kept(texts)
    expected = _whooshs_pair_scores(texts)
    for pair, scores in expected.items():
        assert postings.frequency("pairs", pair) == len(scores)
        assert postings.scores("pairs", pair) == pytest.approx(scores)
    assert postings.frequency("pairs", "f_a_b") == 0


def test_a_long_entry_is_rounded_to_whooshs_stored_length():
    # 300 pairs: whoosh keeps a length in one byte, so long lengths are approximate
    texts = [" ".join(["a", "b"] * 150) + " c", "a b c"]
    _, postings = _kept(texts)
    assert postings.scores("pairs", "b_c") == pytest.approx(_whooshs_pair_scores(texts)["b_c"])


def test_a_lone_word_makes_no_pair():
    pairs, postings = _kept(["attack", "attack enemy"])
    assert pairs.lengths == [0, 1]
    assert postings.frequency("pairs", "attack_enemy") == 1
    assert postings.frequency("pairs", "attack") == 0


def _stored(texts: list[str]):
    """An index with only the pairs file of `texts` beside it, and the file's bytes."""
    ix = _index()
    pair_postings.write(ix, [text.split() for text in texts])
    with ix.storage.open_file(pair_postings.file_name(GAME)) as found:
        return ix, bytes(found.read())


def _rewritten(ix, raw: bytes) -> None:
    with ix.storage.create_file(pair_postings.file_name(GAME)) as out:
        out.write(raw)


def test_a_question_reads_only_the_buckets_of_its_own_pairs():
    ix, _ = _stored([f"x{n} y{n} z{n}" for n in range(2000)])
    pairs = PairPostings.read(ix, 2000)
    assert pairs.postings("x7_y7") == [7, PAIR_WEIGHT]
    assert pairs.postings("y7_x7") == []
    assert len(pairs._buckets) <= 2
    pairs.read_all()
    assert len(pairs._buckets) == BUCKETS
    assert pairs.postings("y1999_z1999") == [1999, PAIR_WEIGHT]


@pytest.mark.parametrize(
    "broken",
    [
        lambda raw: b"",
        lambda raw: b"{not json" + raw,
        lambda raw: raw[: len(raw) // 2],  # truncated: the buckets end short of the header's ends
        lambda raw: raw.replace(b'"lengths":[2,2]', b'"lengths":[2]', 1),  # one entry short
    ],
)
def test_a_broken_pairs_file_reads_as_no_pairs(broken):
    ix, raw = _stored(["a b c", "b c d"])
    _rewritten(ix, broken(raw))
    pairs = PairPostings.read(ix, 2)
    assert pairs.lengths == [0, 0]
    assert pairs.postings("b_c") == []


def test_a_missing_pairs_file_reads_as_no_pairs():
    assert PairPostings.read(_index(), 3).lengths == [0, 0, 0]


def test_a_corrupted_bucket_costs_only_its_own_pairs():
    ix, raw = _stored(["a b c", "b c d"])
    head, _, body = raw.partition(b"\n")
    ends = json.loads(head)["ends"]
    hurt = pair_postings.bucket_of("a_b")
    assert hurt != pair_postings.bucket_of("c_d")
    start = ends[hurt - 1] if hurt else 0
    garbled = body[:start] + b"?" * (ends[hurt] - start) + body[ends[hurt] :]
    _rewritten(ix, head + b"\n" + garbled)
    pairs = PairPostings.read(ix, 2)
    assert pairs.postings("a_b") == []
    assert pairs.postings("c_d") == [1, PAIR_WEIGHT]
