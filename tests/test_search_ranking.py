"""The ranking's mechanisms, each shown on a small knowledge base built for it.

Every mechanism test also switches the mechanism off and checks that the answer then
changes: a test that passes either way would prove nothing.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge.kb.body_lines import plain
from judge.search import engine, naming, reading, scoring
from judge.search.engine import Searcher
from judge.search.index import ensure
from judge.search.snippets import snippet, word_stems
from judge.search.text import WORD, analysed, analyzer, stem
from judge.search.understand import (
    concepts,
    edges_named,
    phases_named,
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
    from judge.search import understand

    question = (
        "the enemy was sent back to the staging area halfway through its attack, does it stop"
    )
    searcher = Searcher()
    assert _top(searcher, question) == "faq/1.32"
    unread = {("sent", "back"), ("halfway", "through")}
    table = {key: meant for key, meant in understand.SYNONYMS.items() if key not in unread}
    monkeypatch.setattr(understand, "SYNONYMS", table)
    understand._stemmed_synonyms.cache_clear()
    understand._openings.cache_clear()
    try:
        assert _top(searcher, question) != "faq/1.32"
    finally:
        monkeypatch.undo()
        understand._stemmed_synonyms.cache_clear()
        understand._openings.cache_clear()


def test_a_question_saying_nothing_of_campaigns_favours_campaign_entries_less():
    from judge.search.understand import kind_weights

    assert kind_weights(("can", "we", "both", "have", "aragorn")).get("campaign") < 1.0
    assert kind_weights(("is", "aragorn", "a", "fallen", "hero")).get("campaign") > 1.0


def test_a_campaign_entrys_whole_title_is_about_campaigns():
    """No word of "fellowship of heroes" is a campaign word, so campaign entries weigh
    less, and the Fellowship Sphere, whose aliases say "fellowship hero", came first;
    the campaign entry's whole title says what the question is about."""
    from judge.search.understand import kind_weights

    assert kind_weights(("fellowship", "of", "heroes")).get("campaign") < 1.0
    assert _top(Searcher(), "fellowship of heroes") == "rr/campaign/fellowship-of-heroes"


def test_a_timing_question_favours_the_steps_and_the_glossary_not_rulings(monkeypatch):
    """Timing words ask for the round's steps and the glossary's ordering rules; a
    ruling that shares them is about a special case ("Card Effects during Setup")."""
    from judge.search import understand, vocabulary

    weights = understand.kind_weights(("which", "happens", "first"))
    assert weights["glossary"] > 1.0 and weights.get("faq", 1.0) == 1.0
    question = "until the end of the round versus at the end of the round, which happens first"
    searcher = Searcher()
    assert _top(searcher, question) == "rr/lasting-effects"
    favoured = tuple((keys, {**w, "faq": 1.2}) for keys, w in vocabulary.INTENTS)
    monkeypatch.setattr(understand, "INTENTS", favoured)
    assert _top(searcher, question) != "rr/lasting-effects"


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
    from judge.search.vocabulary import EXACT_SYNONYMS, SYNONYMS

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
    from judge.search.vocabulary import EXACT_SYNONYMS, SYNONYMS

    said = {w for key in (*SYNONYMS, *EXACT_SYNONYMS) for w in key}
    return sorted(said | {"tapped", "guys", "the", "enemy", "deck", "attack"})


@given(st.lists(st.sampled_from(_synonym_words()), max_size=12).map(tuple))
def test_synonyms_are_read_longest_phrase_first_at_every_word(question_words):
    """Only the key lengths a word opens are tried; the reading is the plain one."""
    assert synonyms_by_position(question_words) == _longest_synonym_first(question_words)


def test_every_rules_word_table_talk_leads_to_is_one_the_entries_use(kb):
    """Table talk is read as rules words to find the entries that say them ("cap":
    limit): a rules word no entry says would find nothing."""
    from judge.search.text import STOP_WORDS, words
    from judge.search.vocabulary import EXACT_SYNONYMS, SYNONYMS

    said = {stem(w) for e in kb.entries if e.game == "lcg" for w in words(e.body)}
    for talk, meant in {**SYNONYMS, **EXACT_SYNONYMS}.items():
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


def test_phases_are_named_only_with_the_word_phase_or_turn():
    phases = {"quest", "refresh", "combat", "planning"}
    assert phases_named(("in", "the", "refresh", "phase", "when"), phases) == {"refresh"}
    assert phases_named(("my", "friend's", "planning", "turn"), phases) == {"planning"}
    assert phases_named(("the", "quest", "card", "says"), phases) == frozenset()
    meaning, _, _ = Searcher().ask("combat phase: who attacks first?")
    assert meaning.phases == {"combat"}


def test_the_start_or_end_of_a_phase_or_round_is_named_with_of():
    phases = {"refresh", "combat", "encounter", "round"}

    def edges(text):
        return edges_named(tuple(text.split()), phases)

    assert edges("a forced effect at the start of the refresh phase") == {("refresh", "begin")}
    assert edges("at the beginning of each combat phase") == {("combat", "begin")}
    assert edges("at the end of the round") == {("round", "end")}
    # how long an effect lasts: the question asks the rule of lasting effects
    assert edges("lasts until the end of the round") == frozenset()
    assert edges("until the end of the round or at the end of the round") == frozenset()
    assert edges("end of encounter phase then start of combat phase") == {
        ("encounter", "end"),
        ("combat", "begin"),
    }
    # no phase of ours, or no "phase": a moment, but not a phase's first or last step
    assert edges("at the end of the attack") == frozenset()
    assert edges("the start of the game") == frozenset()
    assert edges("the end of combat") == frozenset()


def test_a_phases_first_step_answers_for_its_start(monkeypatch):
    """ "At the start of the combat phase" is step 6.1, though "action window" and
    "shadow cards" name other entries."""
    question = (
        "is there an action window at the start of the combat phase before shadow cards are dealt?"
    )
    assert [hit.id for hit in Searcher().ask(question, k=1)[1]] == ["rr/step-6.1"]
    monkeypatch.setattr(engine, "EDGE_STEP_BONUS", 1.0)
    assert [hit.id for hit in Searcher().ask(question, k=1)[1]] != ["rr/step-6.1"]


def test_a_question_that_only_names_a_phase_is_set_in_none():
    phases = {"refresh", "combat"}
    assert phases_named(("combat", "phase"), phases) == frozenset()
    assert phases_named(("how", "does", "the", "refresh", "phase", "work"), phases) == frozenset()
    assert phases_named(("refresh", "phase", "threat"), phases) == {"refresh"}


@pytest.mark.parametrize(
    ("question", "overview"),
    [
        ("combat phase", "rr/combat-phase"),
        ("how does the refresh phase work", "rr/refresh-phase"),
        ("travel phase", "rr/travel-phase"),
    ],
)
def test_a_phase_named_on_its_own_is_answered_by_its_overview(question, overview):
    """Not by the step that begins it, whose title says the same words."""
    assert [hit.id for hit in Searcher().ask(question, k=1)[1]] == [overview]


@pytest.mark.parametrize(
    ("question", "entry"),
    [("quest resolution", "rr/step-3.4"), ("deckbuilding", "rr/deckbuilding")],
)
def test_an_entrys_title_counts_as_one_of_its_lines(question, entry):
    """No line of step 3.4 repeats "quest resolution", and the Deckbuilding entry's
    body never says "deckbuilding": an entry whose one line happens to say the words
    (the Quest Phase overview, Encounter's deckbuilding bullet) used to win."""
    assert [hit.id for hit in Searcher().ask(question, k=1)[1]] == [entry]


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


def test_covering_the_whole_question_beats_repeating_one_word(tmp_path, monkeypatch):
    _glossary(
        tmp_path,
        "sentinel",
        "Sentinel",
        "Sentinel: a sentinel character defends for another player. Sentinel.",
        aliases='["sentinel keyword", "sentinel defender"]',
    )
    _glossary(
        tmp_path,
        "archery-x",
        "Archery X",
        "At the start of combat, archery deals damage to characters; a sentinel may take it.",
    )
    _fillers(tmp_path, 8)
    searcher = _searcher(tmp_path)
    question = "archery damage on a sentinel"
    monkeypatch.setattr(engine, "LINE_CANDIDATES", 0)  # lines weigh coverage too: off
    assert _top(searcher, question) == "rr/archery-x"
    monkeypatch.setattr(engine, "COVERAGE_POWER", 0.0)
    assert _top(searcher, question) == "rr/sentinel"


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


def test_one_line_saying_the_whole_question_beats_words_spread_out(tmp_path, monkeypatch):
    _glossary(
        tmp_path,
        "sentinel",
        "Sentinel",
        "A sentinel character may defend for another player.\n\n"
        "- Archery is dealt at the start of combat.\n- Damage then goes on characters.",
        aliases='["sentinel keyword", "against archery"]',
    )
    _glossary(
        tmp_path,
        "attacks",
        "Attacks",
        "An attack is made by an enemy against a player, in the combat phase, one at a "
        "time, and a character may be declared as its defender. Archery is no attack, so "
        "a sentinel cannot defend against archery.",
    )
    _fillers(tmp_path, 8)
    searcher = _searcher(tmp_path)
    question = "can my sentinel defend against archery"
    assert _top(searcher, question) == "rr/attacks"
    monkeypatch.setattr(engine, "LINE_CANDIDATES", 0)
    assert _top(searcher, question) == "rr/sentinel"


def test_a_long_questions_title_words_count_less():
    """A short question names its topic: its words count in full in titles. In a long
    one each word is one of many things said, and a title match counts less."""
    searcher = Searcher()
    index = searcher.index("lcg")

    def title_weights(meaning):
        return {c.term: c.weight for c in index._clauses(meaning) if c.field == "title"}

    full = engine.FIELD_WEIGHTS["title"]
    assert title_weights(understand("enemy attack"))["enemi"] == full
    long = understand(
        "the big spider attacked me this round during a long combat and nobody died, "
        "would that enemy card then stay engaged with me?"
    )
    said = len(set(long.content))
    assert said > scoring.TOPIC_WORDS
    assert title_weights(long)["enemi"] == pytest.approx(full * scoring.TOPIC_WORDS / said)
    searcher.close()


def test_a_long_question_saying_a_whole_title_favours_it_less(tmp_path, monkeypatch):
    """Saying an entry's whole title ("staging area") favours that entry, but in a long
    question it is one of many things said: there the entry that answers the rest of
    the question wins."""
    _glossary(
        tmp_path,
        "staging-area",
        "Staging Area",
        "The staging area is where revealed encounter cards wait until they leave it. "
        "Each card in the staging area adds its threat.",
    )
    _glossary(
        tmp_path,
        "guarded",
        "Guarded",
        "An objective guarded by an enemy can be claimed once that enemy is killed or leaves play.",
    )
    _fillers(tmp_path, 8)
    searcher = _searcher(tmp_path)
    question = (
        "our objective came out with a big wolf on it, and we finally killed that wolf "
        "this round in combat: do we claim it now or only once it leaves the staging area"
    )
    assert _top(searcher, question) == "rr/guarded"
    monkeypatch.setattr(scoring, "TOPIC_WORDS", 100)
    assert _top(searcher, question) == "rr/staging-area"


def test_names_of_cards_we_have_no_entry_for_weigh_as_backstory(tmp_path, monkeypatch):
    """The player's Eowyn and Unexpected Courage set the scene; the rule asked about is
    in the other words. Weighed in full, the rare names pull in an entry that only
    mentions them."""
    _glossary(
        tmp_path,
        "committing",
        "Committing Characters",
        "A character committed to the quest stays committed even when a card effect readies it.",
    )
    _glossary(
        tmp_path,
        "hero-abilities",
        "Hero Abilities",
        "Eowyn adds willpower when she quests. Unexpected Courage readies Eowyn once per round.",
    )
    _fillers(tmp_path, 8)
    question = (
        "Eowyn quested, and then Eowyn was readied by Unexpected Courage: is she still committed?"
    )
    assert _top(_searcher(tmp_path), question) == "rr/committing"
    monkeypatch.setattr(reading.GameReader, "_with_story_names", lambda self, meaning, *_: meaning)
    assert _top(_searcher(tmp_path), question) == "rr/hero-abilities"


def test_naming_a_phase_favours_the_steps_that_do_its_work_not_its_edges(tmp_path, monkeypatch):
    _step(tmp_path, "7.1", "Refresh phase begins", "refresh", "This step opens the phase.")
    _step(
        tmp_path,
        "7.3",
        "Raise threat",
        "refresh",
        "Each player's threat rises by 1, once per round.",
    )
    _step(tmp_path, "3.3", "Staging", "quest", "Cards are revealed from the encounter deck.")
    _fillers(tmp_path, 6)
    monkeypatch.setattr(engine, "LINE_CANDIDATES", 0)
    searcher = _searcher(tmp_path)
    question = "refresh phase: when does threat rise?"
    assert _top(searcher, question) == "rr/step-7.3"
    index = searcher.index("lcg")
    monkeypatch.setattr(index, "_working_steps", frozenset(range(10)))  # edges favoured too
    assert _top(searcher, question) == "rr/step-7.1"


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


def test_story_names_are_only_names_of_nothing_we_know():
    searcher = Searcher()
    meaning, _, _ = searcher.ask("Can I use Thalin's ability on an enemy in the staging area?")
    assert meaning.cards == ("Thalin",) and stem("thalin") not in meaning.background
    meaning, _, _ = searcher.ask("Can Eowyn's ability target an enemy in the staging area?")
    assert stem("eowyn") in meaning.background  # a name we know nothing about
    meaning, _, _ = searcher.ask("After I've declared a defender, can I ready it?")
    assert meaning.background == frozenset()  # "I've" is capitalised, but no name
    meaning, _, _ = searcher.ask("tcg: must an event with 'Skirmish:' be played in a skirmish?")
    assert meaning.game == "tcg" and meaning.background == frozenset()  # a TCG rule's name
    searcher.close()


def test_a_scenarios_encounter_card_named_only_on_its_page_points_at_the_page(monkeypatch):
    """Thaurdir has no entry, but the Battle of Carn Dûm's page names him: written as a
    name, he is what the question is about, not its backstory."""
    from judge.search import reading

    question = "Couple of Thaurdir questions: can he be damaged on his Captain side?"
    searcher = Searcher()
    meaning, hits, _ = searcher.ask(question, k=1)
    assert stem("thaurdir") not in meaning.background
    assert hits[0].id == "scenario/the-battle-of-carn-dum"
    monkeypatch.setattr(reading, "SCENARIO_CARD_ENTRIES", 0)
    assert searcher.ask(question, k=1)[1][0].id != "scenario/the-battle-of-carn-dum"
    searcher.close()


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


def test_naming_a_phase_favours_its_steps(tmp_path, monkeypatch):
    _glossary(tmp_path, "round-sequence", "Round Sequence", "In the refresh phase, threat goes up.")
    _threat_and_staging_steps(tmp_path)
    searcher = _searcher(tmp_path)
    question = "refresh phase: when does threat go up?"
    monkeypatch.setattr(engine, "LINE_CANDIDATES", 0)  # the step's one line would win too
    assert _top(searcher, question) == "rr/step-7.3"
    monkeypatch.setattr(engine, "PHASE_STEP_BONUS", 1.0)
    assert _top(searcher, question) == "rr/round-sequence"


def test_a_phase_the_question_is_set_in_is_not_what_it_asks_about(tmp_path, monkeypatch):
    """ "How much does threat go up in the refresh phase?" says the overview's whole
    title, "Refresh Phase", but only to set the scene: the step that raises threat
    answers, and the overview gains nothing for being named."""
    _glossary(
        tmp_path,
        "refresh-phase",
        "Refresh Phase",
        "In the refresh phase each player's threat goes up by 1, cards ready and the token passes.",
    )
    _threat_and_staging_steps(tmp_path)
    _fillers(tmp_path, 6)
    monkeypatch.setattr(engine, "LINE_CANDIDATES", 0)
    searcher = _searcher(tmp_path)
    question = "how much does threat go up in the refresh phase"
    assert _top(searcher, question) == "rr/step-7.3"
    monkeypatch.setattr(searcher.index("lcg"), "_phase_overviews", {})
    assert _top(searcher, question) == "rr/refresh-phase"


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


def test_a_phase_asked_to_be_explained_is_the_phase_not_a_scene():
    assert _top(Searcher(), "can you explain combat phase?") == "rr/combat-phase"


def test_a_one_word_title_is_said_only_as_the_whole_question():
    """Asked alone, "assault" looks the keyword up; Assault on Osgiliath, whose title
    it starts, had scored more on the word. Within a question a one-word title is one
    of its words, which any entry may use."""
    from judge.search.scoring import says_title

    assert says_title(("assault",), " assault ")
    assert not says_title(("assault",), " assault keyword ")
    assert not says_title((), " ")
    searcher = Searcher()
    assert _top(searcher, "assault") == "kw/assault"
    assert _top(searcher, "tcg wounds") == "tcg/wounds"  # not Damage +1's "extra wounds"


def test_a_step_named_as_a_point_in_time_is_not_what_the_question_asks(monkeypatch):
    """ "Before I declare my defender" says step 6.4.1's whole title, but as the moment
    the question is set against: the window before it is step 6.4b's."""
    from judge.search.scoring import says_title

    said = " action window befor declar defend "
    assert not says_title(("declar", "defend"), said)
    assert not says_title(("engag", "check"), " forc befor after engag check ")
    # what follows a step is its own entry's to say
    assert says_title(("declar", "defend"), " action window after declar defend ")
    assert says_title(("declar", "defend"), " can i declar defend twice ")
    assert says_title(("action", "window"), said)
    searcher = Searcher()
    question = "is there an action window before i declare my defender"
    best = [hit.id for hit in searcher.ask(question, k=3)[1]]
    # the window's step, or the entry on action windows, whose questions say as much
    assert best[0] != "rr/step-6.4.1" and "rr/step-6.4b" in best[:2]
    monkeypatch.setattr(scoring, "_TIME_REFERENCES", ())
    assert _top(searcher, question) == "rr/step-6.4.1"
    searcher.close()


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


@given(
    st.lists(
        st.tuples(st.frozensets(_STEMS, min_size=1, max_size=3), st.floats(0.01, 1.0)),
        max_size=6,
    ),
    st.frozensets(_STEMS, max_size=5),
)
def test_the_share_a_line_says_is_the_sum_over_the_concepts_it_says(concepts, line):
    """`LineShares` looks a line up by its stems; its sum must be exactly the plain
    one over the concepts in order, or ties between lines would break differently."""
    found = [scoring.Concept(stems, frozenset(), share) for stems, share in concepts]
    plain_sum = sum(c.share for c in found if not c.stems.isdisjoint(line))
    assert scoring.LineShares(found)(line) == plain_sum


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


def test_an_entry_titled_after_a_card_it_covers_weighs_as_a_ruling_on_one_card(monkeypatch):
    """The campaign rule for Aragorn answers a question about Aragorn, not every
    question on fallen heroes: without a card named, it weighs as a ruling on one
    card does; switched off, it comes first."""
    from judge.search import understand as understanding

    searcher = Searcher()
    index = searcher.index("lcg")
    one_cards = {index._index_reader.stored_fields(d)["id"] for d in index._one_cards}
    assert "qc/campaign/aragorn" in one_cards and "rr/campaign/campaign-pool" not in one_cards
    assert not any(i.startswith(("errata/", "faq/qa/")) for i in one_cards)
    question = "do fallen heroes come back"
    assert searcher.ask(question, k=1)[1][0].id != "qc/campaign/aragorn"
    about = "what happens to Aragorn when the fellowship Aragorn arrives in our campaign"
    assert searcher.ask(about, k=1)[1][0].id == "qc/campaign/aragorn"
    monkeypatch.setitem(understanding.RULES_QUESTION_WEIGHTS, understanding.ONE_CARDS, 1.0)
    assert searcher.ask(question, k=1)[1][0].id == "qc/campaign/aragorn"
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
    searched = index._telling(meaning.content, meaning.background, engine.MAX_QUERY_WORDS)
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


def test_a_title_the_question_says_only_in_part_names_something_else(tmp_path, monkeypatch):
    """Both entries share the question's words; one is titled by something it never says."""
    searcher = _glossary_searcher(
        tmp_path,
        {
            "Lasting Effects": "A lasting effect lasts until its stated time: one lasting "
            "until the end of the round has ended when another ability that triggers at "
            "the end of the round starts.",
            "Effects during Setup": "During setup, an effect that lasts until the end of "
            "the round instead lasts until the end of the first round; another that triggers at "
            "the end then waits too.",
        },
    )
    question = "an effect lasts until the end of the round, another triggers at the end"
    assert _top(searcher, question) == "rr/lasting-effects"
    monkeypatch.setattr(scoring, "UNSAID_TITLE_PENALTY", 0.0)
    assert _top(searcher, question) == "rr/effects-during-setup"


def test_a_title_said_whole_or_not_at_all_is_neutral():
    """A question may describe a rule without naming it ("can my guy defend for my
    buddy?" is Sentinel): only a title said in part loses, and less in a long question."""
    from judge.search.scoring import title_factor

    assert title_factor(0.0, 1.0) == title_factor(1.0, 1.0) == 1.0
    assert title_factor(0.25, 1.0) < title_factor(0.75, 1.0) < 1.0
    assert title_factor(0.25, 1.0) < title_factor(0.25, 0.5) < 1.0
    searcher = Searcher()
    assert _top(searcher, "can my guy defend for my buddy?") == "kw/sentinel"
    searcher.close()


def test_a_question_an_entry_answers_counts_as_one_of_its_lines(tmp_path, monkeypatch):
    """A player question in an entry's front matter that says the whole question lifts
    it over an entry that says the same words in separate lines."""
    _glossary(
        tmp_path,
        "resources",
        "Resources",
        "Each hero has a resource pool, and resources pay for cards.\n\n"
        "- An ability may exhaust a hero, and an exhausted hero keeps its other abilities.\n"
        "- A friend may pay for your cards: paying is something a friend may do for you.\n"
        "- A hero's ability may help a friend's hero.\n"
        "- To exhaust a hero, turn it sideways; its ability may be used again once it readies.",
    )
    _glossary(
        tmp_path,
        "costs",
        "Costs",
        "A cost is paid by the player who initiates the effect, from the cards they control.",
        questions='["can i exhaust my friend\'s hero to pay for my ability"]',
    )
    _fillers(tmp_path, 8)
    searcher = _searcher(tmp_path)
    question = "may I exhaust my friend's hero to pay for my ability?"
    assert _top(searcher, question) == "rr/costs"
    index = searcher.index("lcg")
    monkeypatch.setattr(index, "_question_lines", {d: [] for d in range(20)})
    monkeypatch.setattr(index, "_said_lines", {})
    assert _top(searcher, question) == "rr/resources"
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


def test_errata_asked_of_a_named_card_is_not_any_cards_errata(monkeypatch):
    """The question asks whether its Blade of Gondolin was errata'd to be restricted:
    A Burning Brand's errata also speaks of Restricted, but it is another card's."""
    question = (
        "My Blade of Gondolin doesn't say restricted, but someone at the store said "
        "there's errata. Does it count toward the 2 restricted attachments?"
    )
    searcher = Searcher()
    assert not searcher.ask(question, k=1)[1][0].id.startswith("errata/")
    index = searcher.index("lcg")
    monkeypatch.setattr(index, "_unasked_errata_weight", lambda meaning: lambda docnum: 1.0)
    assert searcher.ask(question, k=1)[1][0].id.startswith("errata/")
    searcher.close()


def test_a_quoted_word_names_the_entry_it_titles(monkeypatch):
    """A one-word title in quotes is named, as a longer title said whole is: "cares
    about 'printed' traits" asks about Printed, not about the trait the hero gained."""
    from judge.search import understand

    question = (
        "card cares about 'printed' traits, my hero got the trait from an attachment, counts?"
    )
    assert understand.quoted_terms(question) == {"print"}
    searcher = Searcher()
    assert _top(searcher, question) == "rr/printed"
    monkeypatch.setattr(understand, "quoted_terms", lambda question: frozenset())
    assert _top(searcher, question) != "rr/printed"
    searcher.close()


@pytest.mark.parametrize(
    ("question", "quoted"),
    [
        ("his says \"When...\" and mine says 'after'", {"when", "after"}),
        ("it says “instead”, right?", {"instead"}),
        ("I didn't know it's 'the' rule, don't ask", {"the"}),  # no quote in "didn't"
        ("the 'Forest Snare' card", set()),  # two words: a name
        # the label of quoted card text names its ability type
        ('it reads "Response: After you play an ally, draw"', {"respons"}),
        ("Combat Action: ready a hero", {"action"}),
    ],
)
def test_quoted_terms_are_single_words_in_quotes_and_ability_labels(question, quoted):
    from judge.search.understand import quoted_terms

    assert quoted_terms(question) == quoted


def test_a_word_naming_a_kind_of_entry_is_covered_by_every_entry_of_that_kind(monkeypatch):
    """Thalin's erratum never says "errata", nor Sentinel's entry "keyword", nor his
    Q&A "faq"; his Q&A ruling, the Keywords glossary and another card's Q&A that
    mentions him say as much of the rest, and the word besides. A Q&A is a ruling of
    the FAQ, and each of its lines says the kind it is (`_by_lines`)."""
    searcher = Searcher()
    assert _top(searcher, "thalin errata") == "errata/thalin"
    assert _top(searcher, "sentinel keyword") == "kw/sentinel"
    assert _top(searcher, "thalin faq") == "faq/qa/thalin"
    index = searcher.index("lcg")
    unnamed = dict.fromkeys(("errata", "keyword", "faq", "qa"), frozenset())
    monkeypatch.setattr(index, "_of_kind", unnamed)
    assert _top(searcher, "thalin errata") == "faq/qa/thalin"
    assert _top(searcher, "sentinel keyword") == "rr/keywords"
    assert _top(searcher, "thalin faq") != "faq/qa/thalin"
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


def test_a_quoted_abilitys_label_names_its_rule_and_its_text_sets_the_scene(monkeypatch):
    """ "Setup: Search the encounter deck for X" is a Setup ability: the question asks
    when setup abilities resolve, not how searching works; "Shadow:" names Shadow
    Effects, whose title says what kind of text it is about besides."""
    from judge.search import understand

    setup = 'quest card "Setup: Search the encounter deck for X" when does it happen'
    shadow = 'enemy shadow "Shadow: Attacking enemy gets +2 attack." when does that resolve'
    searcher = Searcher()
    assert _top(searcher, setup) == "rr/setup" and _top(searcher, shadow) == "rr/shadow-effects"
    monkeypatch.setattr(understand, "card_text_words", lambda question: frozenset())
    assert _top(Searcher(), setup) != "rr/setup"
    monkeypatch.undo()
    monkeypatch.setattr(scoring, "quotes_title", lambda title, quoted: title == ("shadow",))
    assert _top(Searcher(), shadow) != "rr/shadow-effects"
    searcher.close()


def test_asking_for_a_choice_asks_whether_an_ability_is_optional(monkeypatch):
    """Forced abilities are "not optional": a player asks whether they get a choice."""
    from judge.search import understand, vocabulary

    question = '"Forced: After this enemy attacks, raise your threat by 2." do i get a choice?'
    assert synonyms_by_position(("do", "i", "get", "a", "choice"))[4] == ("optional",)
    assert _top(Searcher(), question) == "rr/forced"
    monkeypatch.delitem(vocabulary.SYNONYMS, ("a", "choice"))
    monkeypatch.setattr(understand, "_stemmed_synonyms", understand._stemmed_synonyms.__wrapped__)
    monkeypatch.setattr(understand, "_openings", understand._openings.__wrapped__)
    assert _top(Searcher(), question) != "rr/forced"


@pytest.mark.parametrize(
    "said", [("am", "i", "out"), ("i'm", "out"), ("im", "out"), ("we're", "out")]
)
def test_being_out_of_the_game_is_elimination_however_contracted(said):
    assert synonyms_by_position(said)[len(said) - 1] == ("eliminated",)
