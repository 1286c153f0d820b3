"""The index build's shortcuts through whoosh's writer (`judge.search.index_writing`)
store exactly what whoosh's own fields and codec store."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from whoosh import fields, formats
from whoosh.analysis import SpaceSeparatedTokenizer
from whoosh.codec.whoosh3 import W3Codec

from judge.search.index_writing import INLINE_LIMIT, AnalysedText, Codec
from judge.search.ram_storage import PrivateRamStorage


def _plain_schema():
    """whoosh's own fields for the same text: its tokenizer and formats."""
    spaces = SpaceSeparatedTokenizer()
    anywhere = fields.TEXT(analyzer=spaces, phrase=False)
    anywhere.format = formats.Existence()
    return fields.Schema(
        body=fields.TEXT(analyzer=spaces, field_boost=1.5, phrase=False),
        anywhere=anywhere,
    )


def _our_schema():
    return fields.Schema(
        body=AnalysedText(field_boost=1.5),
        anywhere=AnalysedText(existence=True),
    )


def _written(schema, codec, texts: list[str]):
    index = PrivateRamStorage().create_index(schema)
    writer = index.writer(codec=codec)
    for text in texts:
        writer.add_document(body=text, anywhere=text)
    writer.commit()
    return index.reader()


def _contents(reader) -> dict:
    """Every term's postings (entry, weight) and frequencies, and every entry's length
    in every field: all that the search reads from an index."""
    postings = {}
    for field, term in reader.all_terms():
        matcher = reader.postings(field, term)
        found = []
        while matcher.is_active():
            found.append((matcher.id(), matcher.weight()))
            matcher.next()
        postings[field, term] = (found, reader.doc_frequency(field, term))
    lengths = {
        field: [reader.doc_field_length(n, field) for n in range(reader.doc_count())]
        for field in ("body", "anywhere")
    }
    return {"postings": postings, "lengths": lengths}


def _same_as_plain(texts: list[str]) -> None:
    plain = _contents(_written(_plain_schema(), W3Codec(), texts))
    ours = _contents(_written(_our_schema(), Codec(), texts))
    assert ours == plain


def test_fields_and_codec_store_what_whoosh_stores():
    _same_as_plain(
        [
            "shadow card deal shadow defend",  # a repeated word: frequency 2
            "",
            "deal shadow card attack enemy shadow card",
        ]
    )


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.sampled_from("abcdef"), min_size=2, max_size=8).map(" ".join)))
def test_any_texts_are_stored_as_whoosh_stores_them(texts):
    _same_as_plain(texts)


def test_short_posting_lists_live_in_the_term_table_and_long_ones_in_blocks():
    texts = ["common rare"] + ["common"] * INLINE_LIMIT
    reader = _written(_our_schema(), Codec(), texts)
    assert reader.term_info("body", "rare").is_inlined()
    assert not reader.term_info("body", "common").is_inlined()
    assert [d for d, _ in _contents(reader)["postings"]["body", b"common"][0]] == list(
        range(len(texts))
    )
