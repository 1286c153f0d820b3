"""`loremaster ask` and the index: player wording, hostile input, caching and races."""

from __future__ import annotations

import json

import pytest

from judge.search.engine import Searcher
from judge.search.index import ensure
from judge.search.text import stem


def top_ids(searcher, question, k=3):
    return [hit.id for hit in searcher.ask(question, k=k)[1]]


@pytest.mark.parametrize(
    "question",
    [
        'title:x AND ( * "',
        "kind:errata OR",
        "sentinel)))",
        '"""',
        "* ? ~ ^2 [a TO z] {}",
        "NOT AND OR",
    ],
)
def test_query_syntax_characters_are_just_words(searcher, question):
    meaning, hits, _ = searcher.ask(question)
    assert isinstance(hits, list)
    assert all(word.isalnum() or "." in word or "'" in word for word in meaning.words)


def test_syntax_does_not_steer_results(searcher):
    assert (
        top_ids(searcher, "sentinel kind:errata")[:2]
        == top_ids(searcher, "sentinel kind errata")[:2]
    )


def test_empty_and_huge_questions(searcher):
    assert searcher.ask("")[1] == []
    assert searcher.ask("   \n\t ")[1] == []
    meaning, hits, took_ms = searcher.ask("engagement " * 1000)
    assert hits and "engag" in hits[0].title.lower()
    assert len(meaning.words) <= 64


def test_accents_fold(searcher):
    assert (
        top_ids(searcher, "Nazgûl of Dol Guldur errata")[0]
        == top_ids(searcher, "nazgul of dol guldur errata")[0]
    )


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("beravore errata", "errata/beravor"),
        ("nazgul of dol gulder errata", "errata/nazgul-of-dol-guldur"),
        ("protector of lorien limit", "errata/protector-of-lorien"),
    ],
)
def test_card_typos_find_the_card(searcher, question, expected):
    assert expected in top_ids(searcher, question)


def test_step_and_ruling_numbers_are_recognised(searcher):
    assert top_ids(searcher, "what happens in 6.4.2")[0] == "rr/step-6.4.2"
    assert top_ids(searcher, "ruling 1.24")[0] == "faq/1.24"


def test_player_vocabulary_maps_to_rules_words(searcher):
    assert "rr/ready" in top_ids(
        searcher, "when do my tapped guys untap", k=5
    ) or "rr/step-7.2" in top_ids(searcher, "when do my tapped guys untap", k=5)


def test_the_max_number_asks_how_many(searcher):
    """'max' alone is a limit ('is there a max on tokens?'); 'the max number of
    heroes' asks how many, as the deckbuilding rules put it."""
    assert top_ids(searcher, "whats the max number of heroes")[0] in {
        "rr/hero-cards",
        "rr/deckbuilding",
    }


def test_a_value_that_bottoms_out_asks_about_going_below_zero(monkeypatch):
    from judge.games.lexicon import vocabulary
    from judge.search import understand
    from judge.search.engine import Searcher

    question = "his attack gets -2 and bottoms out at 0, then a card gives +2: is it 2 or 1?"
    modifiers = {"faq/1.43", "rr/modifiers"}
    searcher = Searcher()
    assert top_ids(searcher, question)[0] in modifiers
    monkeypatch.delitem(vocabulary("lcg").synonyms, ("bottom", "out"))
    monkeypatch.setattr(understand, "_stemmed_synonyms", understand._stemmed_synonyms.__wrapped__)
    monkeypatch.setattr(understand, "_openings", understand._openings.__wrapped__)
    assert top_ids(searcher, question)[0] not in modifiers
    searcher.close()


def test_two_effects_at_odds_ask_which_overrides(monkeypatch):
    """ "Which wins" and "takes precedence" ask which effect overrides the other:
    "cannot" does, whatever the rest of the question says about targets."""
    from judge.games.lexicon import vocabulary
    from judge.search import understand
    from judge.search.engine import Searcher

    question = (
        "an ally says it can't be chosen as a target but a treachery targets each ally, "
        "which one takes precedence?"
    )
    searcher = Searcher()
    assert top_ids(searcher, question)[0] == "rr/cannot"
    monkeypatch.delitem(vocabulary("lcg").synonyms, ("takes", "precedence"))
    monkeypatch.setattr(understand, "_stemmed_synonyms", understand._stemmed_synonyms.__wrapped__)
    monkeypatch.setattr(understand, "_openings", understand._openings.__wrapped__)
    assert top_ids(searcher, question)[0] != "rr/cannot"
    searcher.close()


def test_hits_carry_highlighted_snippets(searcher):
    (hit,) = searcher.ask("sentinel defend", k=1)[1]
    assert hit.highlights
    for start, end in hit.highlights:
        assert hit.snippet[start:end].lower().startswith(("sentinel", "defend"))


def test_stale_index_is_rebuilt_and_the_old_one_removed_once_unused(small_kb):
    import os
    import time

    from judge.base.cache import UNUSED_SECONDS

    first = ensure(root=small_kb)
    again = ensure(root=small_kb)
    assert again.path == first.path and not again.built_now
    path = small_kb / "rules" / "keywords" / "sentinel.md"
    path.write_text(path.read_text() + "\nAn added sentence about defending.\n")
    rebuilt = ensure(root=small_kb)
    # just used: another process (or checkout) may be opening it, so it stays
    assert rebuilt.built_now and rebuilt.path != first.path and first.path.exists()
    unused = time.time() - UNUSED_SECONDS - 60
    os.utime(first.path / "meta.json", (unused, unused))
    path.write_text(path.read_text() + "\nAnother.\n")
    ensure(root=small_kb)
    assert not first.path.exists()


def test_batch_answers_every_line_in_order(cli, tmp_path):
    batch = tmp_path / "q.jsonl"
    batch.write_text('{"q": "sentinel"}\nerrata for beravor\n\n{"q": "6.4.2"}\n')
    result = cli("ask", "--batch", str(batch), "--json", "-k", "2")
    lines = [json.loads(line) for line in result.out.splitlines()]
    assert [line["query"] for line in lines] == ["sentinel", "errata for beravor", "6.4.2"]
    assert all(line["game"] == "lcg" and "took_ms" in line for line in lines)


def test_ask_json_hit_shape(cli):
    data = cli("ask", "can my guy defend for my buddy?", "--json").json()
    hit = data["hits"][0]
    assert {
        "id",
        "kind",
        "game",
        "title",
        "number",
        "cards",
        "source",
        "section",
        "page",
        "score",
        "snippet",
    } <= set(hit)


def test_ask_usage_errors_exit_2(cli):
    assert cli("ask").code == 2
    assert cli("ask", "x", "-k", "0").code == 2


def test_everyday_words_are_not_mistaken_for_card_names(searcher):
    """ "during" is close to "Durin" but is a rules word, so no card is recognised."""
    meaning, _, _ = searcher.ask("can I play an action during staging")
    assert meaning.cards == ()


def test_open_all_opens_every_games_index_before_any_question():
    fresh = Searcher()
    assert fresh._games == {}
    fresh.open_all()
    assert set(fresh._games) == set(fresh.info.meta["games"]) >= {"lcg", "tcg"}
    # every word's postings are in memory before the first question
    assert ("body", stem("sentinel")) in fresh.index("lcg")._postings._scores
    fresh.close()


@pytest.mark.parametrize("invisible", ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"])
def test_an_invisible_character_inside_a_word_does_not_change_the_answer(cli, invisible):
    """Zero-width characters and soft hyphens pasted into a question split no word:
    "sen\u200btinel de\u200dfend twice" asks what "sentinel defend twice" asks (it
    answered about Théodred)."""
    plain = cli("ask", "sentinel defend twice", "--json").json()
    typed = f"sen{invisible}tinel de{invisible}fend tw{invisible}ice"
    hidden = cli("ask", typed, "--json").json()
    assert [h["id"] for h in hidden["hits"]] == [h["id"] for h in plain["hits"]]
    assert hidden["hits"][0]["id"] == "kw/sentinel"


def test_a_batch_file_not_in_utf8_names_its_line_and_column(cli, tmp_path):
    batch = tmp_path / "q.txt"
    batch.write_bytes(b"sentinel\ncan I \xff defend\n")
    result = cli("ask", "--batch", str(batch))
    assert result.code == 2 and result.out == ""
    assert result.err == f"{batch}:2:7: not UTF-8 text (byte 0xff); save the file as UTF-8\n"


def test_a_deeply_nested_json_line_is_a_clean_error(cli, tmp_path):
    batch = tmp_path / "q.jsonl"
    batch.write_text('{"q": "sentinel"}\n  {"q": ' + "[" * 100_000 + "]" * 100_000 + "}\n")
    result = cli("ask", "--batch", str(batch))
    assert result.code == 2 and result.out == "" and result.err.count("\n") == 1
    assert result.err.startswith(f"{batch}:2:3: the JSON nests too deeply")
