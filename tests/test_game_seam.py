"""One seam per game: only rulesets (and each game's own model) ask which game this is."""

from __future__ import annotations

import ast

import pytest
from helpers import REPO

from judge.games import GAMES, ruleset

#: the rulesets and the rules models behind them may speak of their own game
INSIDE_A_RULESET = ("judge/rulesets/", "judge/model/", "judge/tcg/")
GAME_NAMES = set(GAMES) | {"lcg", "tcg"}


def _mentions_game(node: ast.AST) -> bool:
    return any(
        (isinstance(n, ast.Name) and "game" in n.id.lower())
        or (isinstance(n, ast.Attribute) and "game" in n.attr.lower())
        for n in ast.walk(node)
    )


def _names_a_game(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Constant) and n.value in GAME_NAMES for n in ast.walk(node))


def game_comparisons(source: str) -> list[int]:
    """Lines where a game value is compared with a game's name (==, !=, in, ...)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_mentions_game(s) for s in sides) and any(_names_a_game(s) for s in sides):
                lines.append(node.lineno)
        if isinstance(node, ast.Match) and _mentions_game(node.subject):
            lines.extend(c.pattern.lineno for c in node.cases if _names_a_game(c.pattern))
    return lines


def test_the_detector_finds_a_comparison_of_a_game_with_a_game_name():
    assert game_comparisons('if board.game == "tcg":\n    pass\n') == [1]
    assert game_comparisons('ok = game in ("lcg", "x")\n') == [1]
    assert game_comparisons('if source == "tcg":\n    pass\n') == []


def test_no_module_outside_a_ruleset_compares_game_names():
    offenders = []
    for path in sorted([*(REPO / "judge").rglob("*.py"), *(REPO / "tui").rglob("*.py")]):
        relative = path.relative_to(REPO).as_posix()
        if relative.startswith(INSIDE_A_RULESET):
            continue
        offenders += [f"{relative}:{n}" for n in game_comparisons(path.read_text(encoding="utf-8"))]
    assert offenders == []


def test_every_registered_game_is_a_ruleset_with_its_turn_and_phases(kb):
    for game in GAMES:
        rules = ruleset(game)
        assert rules.game == game and rules.title and rules.markers
        assert rules.turn(kb) and rules.phases()
        # its own words replace rules words: none is a word of its own to replace
        assert not set(rules.rules_words) & set(rules.rules_words.values())


def test_table_talk_is_read_in_each_games_own_words():
    """ "died" is read as the Card Game's "destroyed", which the TCG calls "killed";
    and a TCG player's "turn" is the TCG's own word, not the Card Game's round."""
    from judge.search.engine import Searcher
    from judge.search.understand import in_own_words, understand

    meaning = understand("my legolas died last turn")
    assert "destroyed" in meaning.expansions and "round" in meaning.expansions
    own = in_own_words(meaning, ruleset("tcg").rules_words)
    assert "killed" in own.expansions and "destroyed" not in own.expansions
    assert "round" not in own.expansions and ("turn",) in own.concepts
    assert in_own_words(meaning, ruleset("lcg").rules_words) == meaning
    asked = "tcg legolas died last turn and i just drew another legolas. can i put him out?"
    assert Searcher().ask(asked, k=1)[1][0].id == "tcg/killed"


def test_a_question_is_routed_by_the_games_markers():
    from judge.games import DEFAULT_GAME, game_named_by

    tcg = ruleset("tcg")
    assert game_named_by(("who", "wins", "a", "skirmish", "tie")) == tcg.game
    assert game_named_by(("rules", "of", "the", "trading", "card", "game")) == tcg.game
    assert game_named_by(("twilight", "at", "site", "4")) == tcg.game
    assert game_named_by(("can", "sentinel", "defend", "twice")) == DEFAULT_GAME
    # a phrase marker needs its words together, and in order
    assert game_named_by(("card", "trading", "game")) == DEFAULT_GAME
    # a hyphen parts a phrase's words as it parts the question's
    from judge.games import _says

    assert _says(("the", "ring", "bearer", "exerts"), "ring-bearer")


def test_no_marker_of_another_game_is_a_word_of_the_default_games_titles(kb):
    """A marker that titles an LCG entry would send that entry's own questions away."""
    from judge.games import DEFAULT_GAME
    from judge.search.text import words

    titles = {
        " ".join(words(name))
        for entry in kb.entries
        if entry.game == DEFAULT_GAME
        for name in (entry.title, *entry.aliases)
    }
    for game in GAMES[1:]:
        for marker in ruleset(game).markers:
            said = " ".join(words(marker))  # "ring-bearer" as a question says it
            assert not any(f" {said} " in f" {title} " for title in titles), marker


def test_a_games_name_chooses_the_game_and_is_not_searched_for(cli):
    from judge.games import game_name_words

    assert game_name_words(("how", "do", "i", "win", "the", "trading", "card", "game")) == {
        "trading",
        "card",
        "game",
    }
    assert game_name_words(("which", "card", "game", "rules")) == set()
    result = cli("ask", "how do i win the lord of the rings trading card game", "--json").json()
    assert result["game"] == "tcg" and result["hits"][0]["id"] == "tcg/winning-the-game"


def test_the_games_full_title_is_a_name_not_rules_words(cli):
    """ "the lord of the rings card game" names the Card Game; after "decipher" the
    question is about the TCG, and the title's words ("card", "game", "lord") no longer
    pull in the TCG's introduction and how to win it."""
    from judge.games import game_name_words

    said = ("decipher", "lord", "of", "the", "rings", "card", "game", "roaming", "rules")
    assert game_name_words(said) == {"decipher", "lord", "of", "the", "rings", "card", "game"}
    result = cli("ask", "decipher lord of the rings card game roaming rules", "--json").json()
    assert result["game"] == "tcg" and result["hits"][0]["id"] == "tcg/roaming"


@pytest.mark.parametrize(
    ("question", "game"),
    [
        ("how does archery work", "lcg"),  # both games have archery: the default keeps it
        ("can sam defend for frodo", "lcg"),
        ("fellowship sphere aragorn in the saga", "lcg"),
        ("what happens when my minion is overwhelmed", "tcg"),  # only the TCG's words
        ("what does fierce do", "tcg"),
        # a TCG term that is everyday English too, in a Card Game question
        ("nightmare mode, we keep getting overwhelmed: who engages the 34 cost enemy", "lcg"),
        ("can i exert an exhausted companion", "tcg"),
        # words the Card Game uses now and then, the TCG all the time
        ("the card says wound 2 companions, can i put both wounds on sam", "tcg"),
        ("are my opponent's companions active during my turn", "tcg"),
        ("what does it mean to spot a card", "tcg"),  # 5 TCG entries, 1 Card Game one
        # a trait both games use now and then is no sign
        ("can my hero with a weapon also hold armor attachments", "lcg"),
        # a document's name is no game's word
        ("what does the quest companion say about archery", "lcg"),
    ],
)
def test_a_question_that_names_no_game_goes_where_its_own_words_are(cli, question, game):
    assert cli("ask", question, "--json").json()["game"] == game


def test_a_games_own_words_are_the_ones_it_uses_many_times_more_often():
    from types import SimpleNamespace

    from judge.search.routing import exclusive_stems

    def entries(game, body, n):
        return [SimpleNamespace(game=game, title="", aliases=(), questions=(), body=body)] * n

    card_game = entries("lcg", "the hero quests on. Quest Companion", 96)
    card_game += entries("lcg", "a wound on the hero", 3) + entries("lcg", "armor on the hero", 1)
    tcg = entries("tcg", "a wound on the companion, by the minion", 37)
    tcg += entries("tcg", "armor on the companion", 3)
    own = exclusive_stems(SimpleNamespace(entries=(*card_game, *tcg)))
    # 3 in 100 against 37 in 40: the TCG's word; "companion" the Card Game only cites
    assert {"wound", "companion", "minion"} <= set(own["tcg"])
    assert "hero" in own["lcg"] and "companion" not in own["lcg"]
    # 3 in 40 against 1 in 100 is not many times more often; both use "on" alike
    assert not {"armor", "on"} & set(own["lcg"] + own["tcg"])
    # a word the other game uses once in a thousand entries: 6 in 100 is common use,
    # 4 in 100 is not, whatever the ratio
    many = entries("lcg", "the hero", 999) + entries("lcg", "spot", 1)

    def owns_spot(times: int) -> bool:
        tcg_entries = entries("tcg", "spot", times) + entries("tcg", "minion", 100 - times)
        return "spot" in exclusive_stems(SimpleNamespace(entries=(*many, *tcg_entries)))["tcg"]

    assert owns_spot(6) and not owns_spot(4)
