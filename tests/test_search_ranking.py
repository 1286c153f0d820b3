"""The ranking's mechanisms, each shown on a small knowledge base built for it.

Every mechanism test also switches the mechanism off and checks that the answer then
changes: a test that passes either way would prove nothing.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge.kb.body_lines import plain
from judge.search import naming, profile, reading, scoring
from judge.search.engine import Searcher
from judge.search.index import ensure
from judge.search.snippets import snippet, word_stems
from judge.search.text import WORD, analysed, analyzer, stem
from judge.search.understand import (
    concepts,
    phrasing,
    synonyms_by_position,
    understand,
)


def _entry(root, folder, slug, front, body):
    path = root / folder / f"{slug}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = ["---", *(f"{key}: {value}" for key, value in front.items()), "---", "", body, ""]
    path.write_text("\n".join(lines), encoding="utf-8")


def _glossary(root, slug, title, body, **extra):
    front = {
        "id": f"rr/{slug}",
        "title": f'"{title}"',
        "kind": "glossary",
        "game": "lcg",
        "source": "rr",
        "section": "Glossary",
        "page": 1,
        **extra,
    }
    _entry(root, "rules/glossary", slug, front, body)


def _step(root, number, title, phase, body):
    front = {
        "id": f"rr/step-{number}",
        "title": f'"{title}"',
        "kind": "step",
        "game": "lcg",
        "source": "rr",
        "section": '"Appendix I: Timing and Gameplay"',
        "page": 1,
        "number": f'"{number}"',
        "phase": phase,
        "action_window": "false",
    }
    _entry(root, "rules/timing", f"step-{number}", front, body)


def _fillers(root, count):
    """Ordinary entries, so that the words of a small knowledge base have document
    frequencies."""
    for n in range(count):
        _glossary(root, f"filler-{n}", f"Filler {n}", "Quest cards, locations and damage.")


def _searcher(root):
    """A searcher over a small knowledge base built for one test, indexed in a cache of
    its own: in the run's cache, its index would evict the real knowledge base's as
    stale, and the next test searching that would rebuild it (2-3 s each time)."""
    import os

    shared = os.environ["LOREMASTER_CACHE_DIR"]
    os.environ["LOREMASTER_CACHE_DIR"] = str(root / "cache")
    try:
        return Searcher(ensure(root=root))
    finally:
        os.environ["LOREMASTER_CACHE_DIR"] = shared


def _glossary_searcher(root, entries: dict[str, str]):
    """A searcher over glossary entries (title -> body) and a few fillers."""
    from judge.base.slug import slugify

    for title, body in entries.items():
        _glossary(root, slugify(title), title, body)
    _fillers(root, 8)
    return _searcher(root)


def _top(searcher, question):
    return searcher.ask(question, k=3)[1][0].id


# --- stemming -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("eliminated", "elimination"),
        ("fallen", "fall"),
        ("played", "play"),
        ("drawn", "draw"),
        ("can't", "cannot"),
        ("ran", "run"),
        ("kept", "keeps"),
        ("snuck", "sneak"),
    ],
)
def test_word_forms_share_a_stem(one, other):
    assert stem(one) == stem(other)


@pytest.mark.parametrize("word", ["engaged", "nazgûl", "don't", "2", "6.4.2", "ALLY", "lórien"])
def test_the_fast_stem_agrees_with_the_index_analyzer(word):
    tokens = [token.text for token in analyzer(False)(word)]
    assert stem(word) == tokens[0]


@pytest.mark.parametrize("stop", [True, False])
@pytest.mark.parametrize(
    "text",
    [
        "The Nazgûl of Dol Guldur engages; step 6.4.2 applies.",
        "Don't  exhaust\nLórien's ALLY — it’s the one at 50 threat.",
        "",
    ],
)
def test_analysed_text_is_what_the_analyzer_makes_of_it(text, stop):
    """The index build stems each distinct word once (`analysed`); the stems must be
    exactly those whoosh's analyzer chain gives the whole text."""
    assert analysed(text, stop).split() == [t.text for t in analyzer(stop)(text)]


def test_snippet_stems_line_up_with_the_words_they_mark():
    body = "**Nazgûl** of Dol Guldur: the *enemy* engages; 6.4.2 applies."
    assert len(word_stems(body)) == len(WORD.findall(plain(body)))
    assert word_stems(body)[0] == stem("nazgul")


def _snippet(body: str, asked: list[str]):
    return snippet(plain(body), asked, word_stems(body))


def test_a_snippet_is_the_first_window_with_the_most_asked_words():
    filler = " ".join(f"w{i}" for i in range(40))
    excerpt, spans = _snippet(f"{filler} sentinel defends, then {filler}", ["sentinel"])
    assert excerpt.startswith("… w9 ") and excerpt.endswith(" sentinel …")
    assert [excerpt[a:b] for a, b in spans] == ["sentinel"]
    excerpt, _ = _snippet(f"{filler} sentinel defends, then {filler}", ["sentinel", "then"])
    assert excerpt.startswith("… w11 ") and excerpt.endswith(" then …")


def test_a_short_body_is_its_own_snippet():
    assert _snippet("Sentinel: defend for others.", ["defend"]) == (
        "Sentinel: defend for others.",
        ((10, 16),),
    )
    assert _snippet("", ["defend"]) == ("", ())


@given(st.lists(st.booleans(), max_size=90))
def test_any_body_gets_the_first_window_with_the_most_matches(flags):
    """Each word distinct ("x0", "x1", ...), the flagged ones asked for: the excerpt
    opens with the first word of the first window that holds the most of them."""
    from judge.search.snippets import WINDOW

    words = [f"x{i}" for i in range(len(flags))]
    asked = [word for word, flag in zip(words, flags, strict=True) if flag]
    counts = [
        sum(flags[start : start + WINDOW]) for start in range(max(len(flags) - WINDOW, 0) + 1)
    ]
    excerpt, spans = _snippet(" ".join(words), asked)
    assert len(spans) == max(counts)
    if words:
        assert excerpt.removeprefix("… ").split()[0] == words[counts.index(max(counts))]


# --- understanding ----------------------------------------------------------------


def test_a_value_after_a_word_reads_as_x():
    assert phrasing(("archery", "2", "enemy")) == (stem("archery"), "x", stem("enemy"))
    assert phrasing(("2", "enemies")) == ("2", stem("enemies"))  # nothing before it
    assert phrasing(("deal", "10", "20"))[2] == "20"  # a run of numbers is a list
    assert phrasing(("archery", "123"))[1] == "123"  # not a keyword value


def test_player_words_and_their_rules_words_form_one_concept():
    words = ("bad", "guy", "attacks")
    groups = concepts(words, synonyms_by_position(words))
    assert (stem("bad"), stem("enemy")) in groups
    assert (stem("guy"), stem("enemy")) in groups
    words = ("do", "they", "count", "as", "the", "same", "card")
    assert (stem("same"), stem("copy")) in concepts(words, synonyms_by_position(words))


@pytest.mark.parametrize(
    ("question", "meant"),
    [
        ("can we use actions while setting up the scenario", "setup"),
        ("does the leftover damage spill onto someone else", "surplus"),
        ("can i pull the troll to me on purpose", "optional"),
        ("pumped willpower til end of phase", "until"),
        ("cards in the vp pile, are they in play", "display"),
        ("how much does my threat go up each round", "raise"),
        ("does the cost went down with that card", "reduce"),
        ("what happens once we beat the scenario", "defeat"),
        ("the engagement cost is exactly my threat", "equal"),
        ("willpower tied with the threat", "equal"),
        ("borrowed my friend's ally", "control"),
        ("the enemy was sent back to the staging area", "return"),
        ("what if it leaves play halfway through the attack", "during"),
        ("can i fire off his response twice", "trigger"),
        ("the earliest point i can play an event", "first"),
        ("a doomed card came up in staging", "revealed"),
        ("can my friend flip through my hand", "look"),
        ("which one resolves 1st", "first"),
        ("two swords on one companion", "weapon"),
        ("my card swaps out the damage for something else", "replace"),
    ],
)
def test_table_talk_reads_as_the_rules_words(question, meant):
    assert meant in understand(question).expansions


def test_an_enemy_sent_back_mid_attack_finds_the_ruling_on_attacks_that_change_hands(
    monkeypatch,
):
    """ "Sent back" and "halfway through" are the table's words for the ruling's
    "returned" and "during": without them the question's rarest word is "sent", which
    only unrelated entries say."""
    from judge.games.lexicon import vocabulary
    from judge.search import understand

    question = (
        "the enemy was sent back to the staging area halfway through its attack, does it stop"
    )
    searcher = Searcher()
    assert _top(searcher, question) == "faq/1.32"
    for unread in (("sent", "back"), ("halfway", "through")):
        monkeypatch.delitem(vocabulary("lcg").synonyms, unread)
    understand._stemmed_synonyms.cache_clear()
    understand._openings.cache_clear()
    try:
        assert _top(searcher, question) != "faq/1.32"
    finally:
        monkeypatch.undo()
        understand._stemmed_synonyms.cache_clear()
        understand._openings.cache_clear()


def test_a_question_of_campaign_play_favours_campaign_entries():
    from judge.search.understand import kind_weights

    assert kind_weights(("can", "we", "both", "have", "aragorn")).get("campaign", 1.0) == 1.0
    assert kind_weights(("is", "aragorn", "a", "fallen", "hero")).get("campaign") > 1.0


@pytest.mark.parametrize(
    ("question", "content"),
    [
        ("e.g. sentinel", ("sentinel",)),  # single letters say nothing
        ("archery x", ("archery", "x")),  # but X is the keyword's value
        ("am I supposed to exhaust him too", ("to", "exhaust")),  # how players talk
        ("it didn't exhaust", ("exhaust",)),
        ("lotr ambush keyword", ("ambush", "keyword")),  # both games' world, no rule
        ("what does peril mean", ("peril",)),  # asks for the rule, is none
        ("they have totally different text", ("different", "text")),  # "totally" is no total
        ("noob question lol, could I ever quest", ("quest",)),
        ("whats the first action window, dont we get one", ("first", "action", "window", "one")),
        ("as well as exhaust", ("well", "exhaust")),  # "well" is a word, not "we'll"
        ("we've been resolving it, youve seen", ("resolving", "seen")),
        ("it lets me shed a card", ("lets", "shed", "card")),  # words, not "let's", "she'd"
    ],
)
def test_words_that_say_nothing_about_the_rules_are_not_searched(question, content):
    assert understand(question).content == content


def test_who_said_what_at_the_table_is_no_other_player():
    """'my friend says...' reports an argument; 'my friend's hero' is another player's."""
    reported = understand("my friend says exhausted characters cannot defend, is he right?")
    assert "another" not in reported.expansions and "friend" not in reported.content
    assert {"exhausted", "characters", "defend"} <= set(reported.content)
    assert "another" in understand("can my hero defend for my friend's hero").expansions
    assert "table" in understand("the table has 4 players").content


def test_cant_without_its_apostrophe_is_cannot():
    from judge.search.text import analysed

    assert analysed("i cant attack") == analysed("i can't attack") == analysed("cannot attack")


def test_slang_whose_stem_is_another_word_is_read_only_as_written():
    """'decked' means running out of cards, but its stem is 'deck'."""
    assert synonyms_by_position(("i", "got", "decked")) == {2: ("running", "out", "of", "cards")}
    assert synonyms_by_position(("the", "encounter", "deck")) == {}
    assert synonyms_by_position(("my", "guys"))[1] == ("characters",)  # others by stem


def _longest_synonym_first(question_words: tuple[str, ...]) -> dict[int, tuple[str, ...]]:
    """The plain reading `synonyms_by_position` must agree with: at each word, every
    key length from the longest down, in the stemmed table and the exact one."""
    from judge.games.lexicon import vocabulary

    SYNONYMS, EXACT_SYNONYMS = vocabulary("lcg")[:2]
    table = {tuple(stem(w) for w in key): value for key, value in SYNONYMS.items()}
    stems = tuple(stem(w) for w in question_words)
    longest = max(len(key) for key in (*table, *EXACT_SYNONYMS))
    found, i = {}, 0
    while i < len(stems):
        for n in range(longest, 0, -1):
            key, written = stems[i : i + n], question_words[i : i + n]
            meant = table.get(key) or EXACT_SYNONYMS.get(written)
            if len(key) == n and meant:
                found.update(dict.fromkeys(range(i, i + n), meant))
                i += n
                break
        else:
            i += 1
    return found


def _synonym_words() -> list[str]:
    from judge.games.lexicon import vocabulary

    SYNONYMS, EXACT_SYNONYMS = vocabulary("lcg")[:2]
    said = {w for key in (*SYNONYMS, *EXACT_SYNONYMS) for w in key}
    return sorted(said | {"tapped", "guys", "the", "enemy", "deck", "attack"})


@given(st.lists(st.sampled_from(_synonym_words()), max_size=12).map(tuple))
def test_synonyms_are_read_longest_phrase_first_at_every_word(question_words):
    """Only the key lengths a word opens are tried; the reading is the plain one."""
    assert synonyms_by_position(question_words) == _longest_synonym_first(question_words)


@pytest.mark.parametrize("game", ["lcg", "tcg"])
def test_every_rules_word_table_talk_leads_to_is_one_the_entries_use(kb, game):
    """Table talk is read as rules words to find the entries that say them ("cap":
    limit): a rules word no entry of the game says (in its searchable text) would find
    nothing. The TCG's are read in its own words first ("destroyed" is killed:
    `Ruleset.rules_words`)."""
    from judge.games import ruleset
    from judge.games.lexicon import vocabulary
    from judge.search.text import STOP_WORDS, words

    own = ruleset(game).rules_words
    entries = [e for e in kb.entries if e.game == game]
    said = {
        stem(w)
        for e in entries
        for w in words(" ".join((e.title, *e.aliases, *e.questions, e.body)))
    }
    for talk, meant in {**vocabulary(game).synonyms, **vocabulary(game).exact_synonyms}.items():
        meant = [own.get(w, w) for w in meant]
        unsaid = [w for w in meant if w not in STOP_WORDS and stem(w) not in said]
        assert not unsaid, f"{' '.join(talk)!r} leads to {unsaid}, which no entry says"


def test_abbreviations_and_other_spellings_read_as_the_rules_words():
    assert synonyms_by_position(("a", "3rd", "restricted", "attachment"))[1] == ("third",)
    assert synonyms_by_position(("can", "my", "char", "wear", "armour")) == {
        2: ("character",),
        4: ("armor",),
    }
    assert synonyms_by_position(("is", "there", "a", "cap"))[3] == ("limit",)
    assert synonyms_by_position(("does", "it", "roll", "over"))[2] == ("surplus",)
    assert synonyms_by_position(("can", "i", "mull"))[2] == ("mulligan",)
    assert synonyms_by_position(("the", "deck", "ran", "dry"))[2] == ("runs", "out")
    assert synonyms_by_position(("is", "it", "dealt", "right", "away"))[3] == ("immediately",)
    assert synonyms_by_position(("get", "my", "resources", "back"))[2] == ("cost", "paid")


def test_a_word_made_past_tense_with_apostrophe_d_is_that_word():
    """ "errata'd" asks about errata as "errata" does; "I'd" and "we'd" stay stop words."""
    from judge.search.text import words

    assert words("Was Nori errata'd? I'd say we\u2019d Feint'd it") == [
        *("was", "nori", "errata", "i'd", "say", "we'd", "feint", "it"),
    ]
    assert understand("was nori errata'd").kind_weights == understand("nori errata").kind_weights


def test_guys_are_characters_only_when_they_are_someones():
    assert synonyms_by_position(("hey", "guys", "about", "surge")) == {}
    assert synonyms_by_position(("can", "my", "guys", "defend"))[2] == ("characters",)
    assert synonyms_by_position(("can", "my", "guy", "defend"))[2] == ("characters",)


def test_everyday_verbs_are_no_table_talk():
    """'will the enemy attack' asks about the future, not willpower; 'does X change'
    asks about a value, not errata."""
    assert synonyms_by_position(("will", "the", "enemy", "attack")) == {}
    assert synonyms_by_position(("a", "damage", "counter")) == {}
    assert synonyms_by_position(("does", "x", "change")) == {}
    assert synonyms_by_position(("the", "word", "then")) == {}
    assert synonyms_by_position(("was", "beravor", "changed"))[2] == ("errata",)


def test_out_means_eliminated_only_in_the_phrases_that_say_so():
    assert synonyms_by_position(("i", "threated", "out"))[2] == ("eliminated",)
    assert synonyms_by_position(("my", "hero", "is", "out")) == {}
    assert synonyms_by_position(("ran", "out", "of", "cards")) == {}
    assert synonyms_by_position(("at", "50", "am", "i", "out"))[4] == ("eliminated",)


# --- ranking ----------------------------------------------------------------------


def test_players_questions_find_their_entry(tmp_path):
    _glossary(
        tmp_path,
        "engagement-check",
        "Engagement Check",
        "Each enemy whose engagement cost is at most a player's threat engages that player.",
        questions='["will the warg scuttle over to my side of the table"]',
    )
    _glossary(tmp_path, "threat", "Threat", "A player's threat rises each refresh phase.")
    assert _top(_searcher(tmp_path), "does the warg scuttle over to me") == "rr/engagement-check"


def test_an_older_ruling_ranks_below_the_newer_entry_that_restates_it(tmp_path, monkeypatch):
    _glossary(
        tmp_path, "engaged", "Engaged", "An engaged enemy adds no threat to the staging area."
    )
    front = {
        "id": "faq/1.20",
        "title": '"Engaged Enemies"',
        "kind": "faq",
        "game": "lcg",
        "source": "faq",
        "section": '"(1.20) Engaged Enemies"',
        "number": '"1.20"',
        "superseded_by": '["rr/engaged"]',
    }
    body = "Enemies engaged with a player do not add their threat when the players quest."
    _entry(tmp_path, "faq/rulings", "1.20", front, body)
    _fillers(tmp_path, 6)
    searcher = _searcher(tmp_path)
    question = "do engaged enemies add their threat when we quest"
    assert [h.id for h in searcher.ask(question, k=2)[1]] == ["rr/engaged", "faq/1.20"]
    monkeypatch.setattr(scoring, "newest_first", lambda ranked, superseded_by, asked_for: ranked)
    assert _top(searcher, question) == "faq/1.20"
    monkeypatch.undo()
    # asked for by its number, or as a ruling, the older ruling is what the player wants
    assert _top(searcher, "faq 1.20 engaged enemies") == "faq/1.20"
    assert _top(searcher, "any ruling on engaged enemies adding threat when we quest") == (
        "faq/1.20"
    )


def test_a_long_questions_title_words_count_less():
    """A short question names its topic: its words count in full in titles. In a long
    one each word is one of many things said, and a title match counts less."""
    searcher = Searcher()
    index = searcher.index("lcg")

    def title_weights(meaning):
        return {c.term: c.weight for c in index._clauses(meaning) if c.field == "title"}

    full = profile.FIELD_WEIGHTS["title"]
    assert title_weights(understand("enemy attack"))["enemi"] == full
    long = understand(
        "the big spider attacked me this round during a long combat and nobody died, "
        "would that enemy card then stay engaged with me?"
    )
    said = len(set(long.content))
    assert said > profile.TOPIC_WORDS
    assert title_weights(long)["enemi"] == pytest.approx(full * profile.TOPIC_WORDS / said)
    searcher.close()


def test_a_question_about_a_named_card_is_answered_by_its_rulings_in_any_phase(
    tmp_path, monkeypatch
):
    """ "In the combat phase, can I play Feint...": the phase is the card's setting, and
    Feint's own ruling answers, not the combat step the phase would favour."""
    _step(
        tmp_path,
        "6.2",
        "Deal shadow cards",
        "combat",
        "In the combat phase shadow cards are dealt to each engaged enemy.",
    )
    front = {
        "id": "faq/qa/feint",
        "title": '"Feint"',
        "kind": "qa",
        "game": "lcg",
        "source": "faq",
        "section": '"Q&A"',
        "cards": "[Feint]",
    }
    _entry(
        tmp_path,
        "faq/qa",
        "feint",
        front,
        "Feint is played in the combat action window before shadow cards are dealt.",
    )
    _fillers(tmp_path, 6)
    searcher = _searcher(tmp_path)
    question = "in the combat phase, can I play Feint after shadow cards are dealt?"
    assert _top(searcher, question) == "faq/qa/feint"
    monkeypatch.setattr(naming, "about_a_card", lambda meaning: False)
    assert _top(searcher, question) == "rr/step-6.2"


def _threat_and_staging_steps(root):
    """Step 7.3, which raises threat in the refresh phase, and a step of another phase."""
    _step(
        root,
        "7.3",
        "Raise threat",
        "refresh",
        "Each player's threat goes up by 1, once per refresh phase.",
    )
    _step(root, "3.3", "Staging", "quest", "Cards are revealed from the encounter deck.")


@pytest.mark.parametrize(
    ("question", "content"),
    [
        ("can you explain combat phase?", ("combat", "phase")),
        ("Could someone please describe sentinel", ("sentinel",)),
        ("tell me about the staging area", ("staging", "area")),
        # a later sentence's too
        ("sentinel makes sense. can you explain ranged?", ("sentinel", "makes", "sense", "ranged")),
        ("can you defend with an exhausted hero", ("can", "defend", "exhausted", "hero")),
        ("can i tell my friend about my hand", ("can", "tell", "friend", "hand")),
    ],
)
def test_a_request_for_an_explanation_is_no_part_of_what_is_asked(question, content):
    """ "Can you explain" asks, in no words of the rules, for what the rest names; its
    "can" is a rules word elsewhere ("can you defend"), and it kept a question that
    names only a phase from asking about the phase itself."""
    assert understand(question).content == content


def test_summed_term_scores_are_whooshs_bm25f_ranking():
    """The engine sums cached per-term scores itself; whoosh's own search of the same
    clauses, with plain BM25F, must rank and score the entries identically, whether
    the entries' length norms were worked out as met or all beforehand (`prepare`).
    (The phrase pairs are not in whoosh's index: tests/test_pair_postings.py compares
    their scores with whoosh's.)"""
    from whoosh import query, scoring

    searcher = Searcher()
    index = searcher.index("lcg")
    plain_searcher = index._ix.searcher(weighting=scoring.BM25F(B=0.75, K1=1.2))
    for question in (
        "can my sentinel defend an attack against my friend twice",
        "what happens at 50 threat in the refresh phase 7.3",
    ):
        clauses = [c for c in index._clauses(understand(question)) if c.field != "pairs"]
        whoosh_query = query.Or([query.Term(f, t, boost=w) for f, t, w in clauses])
        for _ in range(2):  # the second time, every term's scores come from the cache
            ours = index._best(clauses, 40)
            found = plain_searcher.search(whoosh_query, limit=40)
            assert [d for _, d in ours] == [hit.docnum for hit in found]
            assert [s for s, _ in ours] == pytest.approx([hit.score for hit in found])
        index.prepare()
    plain_searcher.close()
    searcher.close()


def test_the_named_scenarios_entries_are_candidates_beyond_the_best():
    """`_best`'s `also` (a named scenario's entries) joins the best with its own score
    when the question's words match it at all, wherever it ranks."""
    searcher = Searcher()
    index = searcher.index("lcg")
    clauses = index._clauses(understand("can my sentinel defend an attack against my friend"))
    everything = index._best(clauses, 10_000)
    best, (low_score, low), unmatched = index._best(clauses, 5), everything[-1], 10**9
    assert low not in {d for _, d in best}
    assert index._best(clauses, 5, (low, best[0][1], unmatched)) == [*best, (low_score, low)]
    searcher.close()


def test_loaded_fields_answer_frequencies_as_whoosh_does_without_its_terms_table():
    """Once `prepare` has read every term of a field, a term's frequency and entries
    come from what it read, a missing term's too (a typo, a word the field never uses),
    and they are whoosh's own."""
    searcher = Searcher()
    index = searcher.index("lcg")
    index.prepare()
    postings, reader = index._postings, index._index_reader
    for field in ("title", "body", "anywhere"):
        present = postings.terms(field)[::50]
        for term in (*present, "sentinal", "zzzz"):
            expected = reader.doc_frequency(field, term)
            assert postings.frequency(field, term) == expected
            entries = reader.postings(field, term).all_ids() if expected else ()
            assert postings.documents(field, term) == frozenset(entries)
        assert (field, "sentinal") not in postings._infos  # never looked up in whoosh
    searcher.close()


_STEMS = st.sampled_from(["sentinel", "defend", "attack", "enemi", "threat", "engag", "player"])


def test_a_card_named_only_as_an_example_leaves_a_rules_question():
    """Card-specific entries gain weight when the question asks about a card; a card
    it gives as an example ("e.g. Light of Valinor") sets no such weight."""
    searcher = Searcher()
    about, _, _ = searcher.ask("does Light of Valinor let an exhausted hero quest?")
    example, _, _ = searcher.ask(
        "can a hero quest without exhausting, for example with Light of Valinor?"
    )
    assert about.cards == example.cards == ("Light of Valinor",)
    assert about.kind_weights.get("qa", 1.0) == 1.0
    assert example.kind_weights["qa"] < 1.0
    searcher.close()


def test_a_long_asking_sentence_is_searched_whole():
    """Forum questions ask in long sentences; their commoner words ("attack",
    "defend") are searched too, not cut after the rarest dozen."""
    searcher = Searcher()
    question = (
        "If my hero defends an attack from an enemy engaged with another player, "
        "does the shadow card still resolve, and can the damage be healed before "
        "the enemy attacks again this round?"
    )
    meaning, _, _ = searcher.ask(question)
    index = searcher.index("lcg")
    searched = index._telling(meaning.content, meaning.background, profile.MAX_QUERY_WORDS)
    assert len(set(meaning.content)) > 12 and stem("attack") in searched
    assert len(searched) == len({stem(w) for w in meaning.content})
    searcher.close()


def test_wording_names_text_not_errata_unless_a_card_is_named():
    """ "The wording 'exhaust a hero to ...'" quotes a card's text to ask a rules
    question; a card named with "wording" still finds its errata through the card."""
    searcher = Searcher()
    asked = "the wording 'exhaust a hero to draw a card' - which part is the cost?"
    assert _top(searcher, asked) == "rr/to"
    assert _top(searcher, "nazgul of dol guldur wording") == "errata/nazgul-of-dol-guldur"
    searcher.close()


def test_the_answer_line_is_the_one_a_matching_question_of_the_entry_names(tmp_path, monkeypatch):
    """The index keeps, for each of an entry's questions, the line its `answer:`
    opens; the answer line leans on them."""
    _glossary(
        tmp_path,
        "quest-advancement",
        "Quest Advancement",
        "The players advance to the next stage as soon as its quest points are met.\n\n"
        "- Progress beyond what was required is lost.",
        questions='[{ask: "do leftover tokens carry over", answer: "Progress beyond"}]',
    )
    _fillers(tmp_path, 8)
    searcher = _searcher(tmp_path)
    question = "do my extra progress tokens carry over to the next quest stage?"
    meaning, hits, _ = searcher.ask(question, k=3)
    assert hits[0].id == "rr/quest-advancement"
    assert searcher.answer(meaning, hits).text.startswith("Progress beyond")
    index = searcher.index("lcg")
    monkeypatch.setattr(index, "_answering_lines", {d: [None] for d in range(20)})
    assert searcher.answer(meaning, hits).text.startswith("The players advance")
    searcher.close()


def test_a_name_said_twice_asks_about_copies(monkeypatch):
    """Two players' Elronds are two copies of one unique card, a rule the question
    never names: it is searched for as if said."""
    searcher = Searcher()
    question = "my friend is playing elrond, can i play elrond in my deck too?"
    meaning = searcher.ask(question)[0]
    assert {"unique", "copy"} <= set(meaning.content)
    assert _top(searcher, question) == "rr/unique-cards"
    assert "unique" not in searcher.ask("can elrond heal a hero")[0].content
    # a number said twice is a value, not a name
    said = searcher.ask("my threat is 30 and its engagement cost is 30, does it engage me")[0]
    assert "unique" not in said.content
    # a story names its cards again as it goes on: one copy each
    story = (
        "We reached The Carrock tonight and The Carrock became our active location after a "
        "long quest phase full of trouble. Does progress from questing land on the Carrock?"
    )
    assert "unique" not in searcher.ask(story)[0].content
    # a name written as one (capitalised) only sets the scene, but it is still said twice
    written = "My friend is running Gandalf as a hero. Can I still play my Gandalf ally?"
    assert {"unique", "copy"} <= set(searcher.ask(written)[0].content)
    monkeypatch.setattr(reading, "COPY_WORDS", ())
    assert _top(searcher, question) != "rr/unique-cards"
    searcher.close()


def test_a_story_saying_a_name_with_two_card_types_asks_about_copies(monkeypatch):
    """A backstory names its cards again as it goes on, but a name said as a hero and
    as an ally is two cards sharing a title."""
    searcher = Searcher()
    story = (
        "My buddy is running Faramir as a hero and I've got the Faramir ally in my deck. "
        "Can I play my Faramir while his is out? we're different players so i figured "
        "it doesnt matter"
    )
    meaning = searcher.ask(story)[0]
    assert meaning.background and {"unique", "copy"} <= set(meaning.content)
    assert _top(searcher, story) == "rr/unique-cards"
    monkeypatch.setattr(naming, "CARD_TYPE_WORDS", {})
    assert "unique" not in searcher.ask(story)[0].content
    assert _top(searcher, story) != "rr/unique-cards"
    searcher.close()


def test_a_sphere_said_with_two_card_types_is_no_card(monkeypatch):
    """ "A Tactics ally, but no Tactics heroes" names one sphere twice: many cards,
    not two copies of one."""
    searcher = Searcher()
    story = (
        "Gandalf's ability let me put a Tactics ally into play from my hand during combat, "
        "but none of my heroes are Tactics. Was that legal?"
    )
    assert "unique" not in searcher.ask(story)[0].content
    monkeypatch.setattr(reading, "SPHERES", frozenset())
    assert "unique" in searcher.ask(story)[0].content
    searcher.close()


@pytest.mark.parametrize(
    "keyword", ["tcg/ambush", "tcg/archer", "tcg/damage-bonus", "tcg/defender-bonus", "tcg/fierce"]
)
def test_a_tcg_keyword_asked_for_as_a_keyword_is_its_own_entry_not_the_keywords_page(keyword):
    """The TCG's entries are all of one kind, so "keyword" covers none of them in
    particular: each loaded keyword's entry says it is one in its aliases ("fierce
    keyword"), or the Keywords page, which lists them all, comes first."""
    from judge.kb.knowledge import load

    title = load().get(keyword).title.lower()
    assert _top(Searcher(), f"lotr tcg {title} keyword") == keyword


@pytest.mark.parametrize(
    ("question", "expected"),
    [("what happens in step 6.4a", "rr/step-6.4a"), ("step 6.8B", "rr/step-6.8b")],
)
def test_a_lettered_step_is_found_by_its_number(question, expected):
    """ "6.4a" is one word, a step's number: split as "6.4" and "a" it named step
    6.4, which the framework entries mention, and no step came first."""
    from judge.search.text import words

    assert words(question)[-1] == expected.removeprefix("rr/step-")
    searcher = Searcher()
    assert _top(searcher, question) == expected
    searcher.close()


@pytest.mark.parametrize(
    "said", [("am", "i", "out"), ("i'm", "out"), ("im", "out"), ("we're", "out")]
)
def test_being_out_of_the_game_is_elimination_however_contracted(said):
    assert synonyms_by_position(said)[len(said) - 1] == ("eliminated",)
