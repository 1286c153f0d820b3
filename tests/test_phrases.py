"""Where a phrase's words stand among a text's words (`judge.base.phrases`)."""

from __future__ import annotations

from judge.base.phrases import phrase_at


def test_a_phrase_is_found_only_whole_and_in_order():
    said = ("can", "the", "ring", "bearer", "ring", "bearer")
    assert phrase_at(said, ("ring", "bearer")) == [2, 4]
    assert phrase_at(said, ("bearer", "can")) == []
    assert phrase_at(said[:3], ("the", "ring", "bearer")) == []


def test_an_empty_phrase_stands_nowhere():
    assert phrase_at(("a", "b"), ()) == []
