import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from judge.base.slug import fold_accents, slugify


def test_slug_folds_accents_and_joins_words():
    assert slugify("Nazgûl of Dol Guldur") == "nazgul-of-dol-guldur"


def test_slug_drops_apostrophes_and_punctuation():
    assert slugify("Narvi's Belt") == "narvis-belt"
    assert slugify('The letter "X"') == "the-letter-x"
    assert slugify("O Elbereth! Gilthoniel!") == "o-elbereth-gilthoniel"
    assert slugify("First Player / First Player Token") == "first-player-first-player-token"


def test_slug_keeps_step_and_ruling_numbers():
    assert slugify("6.4.2") == "6.4.2"
    assert slugify("(1.24) Questing Successfully") == "1.24-questing-successfully"
    assert slugify("Copy (of a card).") == "copy-of-a-card"


def test_fold_accents_keeps_plain_letters():
    assert fold_accents("Lórien Háma Óin") == "Lorien Hama Oin"


@given(st.text())
@example("e\u0301te \u2018expert game\u2019 \ufb01nd Nazgu\u0302l")
@example("sen\u200btinel de\u00adfend")
def test_fold_accents_is_the_whole_text_decomposed_without_its_marks(text):
    """Folding only the runs of non-ASCII characters gives what decomposing the whole
    text and dropping its combining marks and invisible characters gives."""
    import unicodedata

    from judge.base.slug import INVISIBLE

    decomposed = unicodedata.normalize("NFKD", text)
    assert fold_accents(text) == "".join(
        c for c in decomposed if not unicodedata.combining(c) and c not in INVISIBLE
    )


@pytest.mark.parametrize("invisible", ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"])
def test_an_invisible_character_inside_a_word_does_not_split_it(invisible):
    """Pasted text carries zero-width characters and soft hyphens: "sen\u200btinel" is
    the word sentinel, in questions, entries and slugs alike."""
    assert fold_accents(f"sen{invisible}tinel") == "sentinel"
    assert slugify(f"The{invisible}odred") == "theodred"
