"""Property-based tests: every entry point that reads untrusted input, on generated inputs.

`make test` runs the fast profile (a few dozen inputs each); `make fuzz` runs the long one
(LOREMASTER_FUZZ=long: 10,000 inputs per property) and prints how many were tried.
"""

from __future__ import annotations

import time

import yaml
from boards import check, event, hero, player
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from judge.app.checking import check_document
from judge.base.yamlio import InputError, load_text

#: every character whoosh's query parser would treat as syntax, plus its keywords
WHOOSH_SYNTAX = list("+-&|!(){}[]^\"~*?:\\/<>='") + ["AND", "OR", "NOT", "ANDNOT", "TO"]
SLOWEST_QUESTION_SECONDS = 2.0

words = st.sampled_from(
    [
        "sentinel",
        "Gondor",
        "Éowyn",
        "willpower",
        "shadow",
        "6.4.2",
        "quest",
        "Beravor",
        *WHOOSH_SYNTAX,
    ]
)
questions = st.one_of(
    st.text(max_size=300),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=200),
    st.text(alphabet=st.characters(max_codepoint=0x1F), max_size=100),  # control characters
    st.lists(words, max_size=30).map(" ".join),
    st.lists(st.sampled_from(WHOOSH_SYNTAX), max_size=60).map("".join),
    st.integers(min_value=0, max_value=120_000).map(lambda n: ("éa (b* " * (n // 7 + 1))[:n]),
)


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(questions)
@example("sentinel " * 12_500)  # 100 KB
@example("".join(WHOOSH_SYNTAX) * 50)
@example("\x00\x1b[31m\r\n\t\u202e\ud7ff\U0010ffff")
@example("0./;:?")  # a sentence of no words asking after one that does not (make fuzz)
def test_the_question_analyser_never_raises_and_answers_in_bounded_time(question):
    from judge.search.understand import understand

    started = time.perf_counter()
    meaning = understand(question)
    assert meaning.game in ("lcg", "tcg")
    assert time.perf_counter() - started < SLOWEST_QUESTION_SECONDS


@given(text=st.one_of(questions, st.text()), stop=st.booleans())
def test_the_index_builds_stems_exactly_as_the_analyzer_would(text, stop):
    """The build analyses each distinct word once (`text.analysed`): for any text, the
    stems must be those whoosh's analyzer chain makes of the whole text."""
    from judge.search.text import analysed, analyzer

    assert analysed(text, stop).split() == [t.text for t in analyzer(stop)(text)]


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(question=st.one_of(st.lists(words, max_size=12).map(" ".join), st.text(max_size=80)))
@example(question="0./;:?")
def test_a_search_never_raises_and_never_parses_user_syntax(searcher, question):
    _, hits, _ = searcher.ask(question, k=3)
    assert len(hits) <= 3


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(
    command=st.sampled_from(["errata", "scenario", "show", "campaign"]),
    name=st.one_of(st.lists(words, max_size=6).map(" ".join), st.text(max_size=60)),
    as_json=st.booleans(),
)
@example(command="campaign", name="\x00", as_json=False)  # a log's file name (make fuzz)
@example(command="errata", name="-h", as_json=False)  # an option's spelling (make fuzz)
@example(command="show", name="--json", as_json=True)
def test_a_lookup_by_name_never_reaches_the_last_line_of_defence(
    cli, monkeypatch, command, name, as_json
):
    """`errata`, `scenario`, `show` and `campaign` read a name or an id the player typed:
    they answer or say that nothing matches, and never fail inside (with
    LOREMASTER_DEBUG set, an internal error raises instead of printing). The name comes
    after `--`, as a script passing a name it did not write must give it: "-h" is then
    a name, not a request for help."""
    monkeypatch.setenv("LOREMASTER_DEBUG", "1")
    result = cli(command, *(["--json"] if as_json else []), "--", name)
    assert result.code in (0, 1, 2)


# -- YAML: a result or one clean input error ---------------------------------------------

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**6), max_value=10**6),
    st.floats(allow_nan=False),
    st.text(max_size=12),
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


def _loads_or_clean_error(text: str):
    """The contract of every loader: a Document, or one InputError with a 1-based position."""
    try:
        return check_document(load_text(text, "in.yaml"))
    except InputError as exc:
        assert exc.line >= 1 and exc.column >= 1
        assert str(exc).startswith(f"in.yaml:{exc.line}:{exc.column}: ")
        assert "\n" not in str(exc)
        return None


@given(st.text(max_size=400))
def test_any_text_loads_or_gives_one_positioned_error(text):
    _loads_or_clean_error(text)


yaml_fragments = st.lists(
    st.sampled_from(
        [
            "a: &x [1, 2]",
            "b: *x",
            "- *y",
            "&y {c: d}",
            "players:",
            "  - name: Ann",
            "    threat: x",
            "[[[[",
            "]]",
            "{",
            "? ",
            ": :",
            "!!python/object:os.system",
            "!!binary AAA",
            "\t",
            "---",
            "...",
            "'",
            '"',
            "%YAML 1.1",
            "*undefined",
            "<<: *x",
        ]
    ),
    max_size=12,
).map("\n".join)


@given(yaml_fragments)
@example("? \n  - name: Ann")  # a list as a mapping key (found by make fuzz)
def test_broken_yaml_anchors_aliases_and_tags_give_one_positioned_error(text):
    _loads_or_clean_error(text)


@given(st.integers(min_value=1, max_value=5_000), st.sampled_from(["[", "{a: ", "- "]))
def test_deep_nesting_is_an_input_error_not_a_crash(depth, opener):
    _loads_or_clean_error(opener * depth)


def _board_fields() -> dict[str, tuple[str, ...]]:
    """Every field the board schema declares (`judge.games.lcg.board`), by the part of
    the board that has it: a field added to the schema is fuzzed without a test edit."""
    from judge.games.lcg import board

    return {"top": board.TOP, "player": board.PLAYER, "hero": board.CHARACTER, "quest": board.QUEST}


BOARD_FIELDS = _board_fields()


def _legal_board() -> dict:
    return {
        "phase": "quest",
        "step": "3.4",
        "players": [player("Ann", 30, heroes=[hero("Éowyn", committed=True)])],
        "quest": {"title": "Stage", "quest_points": 8, "progress": 0},
    }


@given(st.sampled_from(sorted(BOARD_FIELDS)), st.data(), values)
def test_a_wrong_type_in_any_field_is_an_input_error(level, data, wrong):
    board = _legal_board()
    target = {
        "top": board,
        "player": board["players"][0],
        "hero": board["players"][0]["heroes"][0],
        "quest": board["quest"],
    }
    target[level][data.draw(st.sampled_from(BOARD_FIELDS[level]))] = wrong
    _loads_or_clean_error(yaml.safe_dump(board, allow_unicode=True))


def test_a_newline_in_a_key_still_gives_a_one_line_error():
    """Found by `make fuzz`: an unknown key holding a newline split the message in two."""
    board = _legal_board()
    board["quest"]["\n"] = None
    assert _loads_or_clean_error(yaml.safe_dump(board)) is None


# -- the rules model: random legal boards ----------------------------------------------

stat = st.integers(min_value=0, max_value=12)


@st.composite
def quest_boards(draw) -> dict:
    heroes = [
        hero(f"Hero {i}", willpower=draw(stat), committed=draw(st.booleans()), hit_points=9)
        for i in range(draw(st.integers(min_value=1, max_value=3)))
    ]
    staging = [
        {
            "type": "location",
            "title": f"Place {i}",
            "threat": draw(stat),
            "quest_points": draw(st.integers(min_value=1, max_value=9)),
            "progress": 0,
        }
        for i in range(draw(st.integers(min_value=0, max_value=3)))
    ]
    qp = draw(st.integers(min_value=1, max_value=20))
    board = {
        "phase": "quest",
        "step": "3.4",
        "players": [player("Ann", draw(st.integers(min_value=0, max_value=49)), heroes=heroes)],
        "staging_area": staging,
        "quest": {"title": "Stage", "quest_points": qp, "progress": draw(st.integers(0, qp - 1))},
    }
    if draw(st.booleans()):
        points = draw(st.integers(min_value=1, max_value=9))
        board["active_location"] = {
            "title": "Road",
            "threat": draw(stat),
            "quest_points": points,
            "progress": draw(st.integers(min_value=0, max_value=points - 1)),
        }
    return board


@given(quest_boards())
def test_quest_resolution_conserves_progress_and_threat(board):
    report = check(board)
    data = event(report, "quest-resolution")
    willpower = sum(h["willpower"] for h in board["players"][0]["heroes"] if h["committed"])
    threat = sum(card["threat"] for card in board["staging_area"])
    assert (data["willpower"], data["threat"]) == (willpower, threat)
    assert data["progress"] == max(willpower - threat, 0)
    assert data["threat_raise"] == max(threat - willpower, 0)
    assert data["to_location"] + data["to_quest"] == data["progress"]
    active = board.get("active_location")
    room = active["quest_points"] - active["progress"] if active else 0
    assert data["to_location"] == min(data["progress"], room)
    assert data["explored"] == bool(active and data["progress"] >= room)


@given(
    phase=st.sampled_from(
        ["resource", "planning", "quest", "travel", "encounter", "combat", "refresh"]
    ),
    threats=st.lists(st.integers(min_value=0, max_value=60), min_size=1, max_size=4),
    damage=stat,
)
def test_the_rules_model_never_raises_on_legal_boards(phase, threats, damage):
    players = [
        player(f"P{i}", t, heroes=[hero(f"H{i}", hit_points=5, damage=damage)])
        for i, t in enumerate(threats)
    ]
    report = check({"phase": phase, "players": players})
    rules = {f.rule for f in report.findings}
    assert ("threat-elimination" in rules) == any(t >= 50 for t in threats)
    assert ("destroyed" in rules) == (damage >= 5)


PHASE_STEPS = {
    "resource": ["1.1", "1.2", "1.3"],
    "planning": ["2.1", "2.2"],
    "quest": ["3.1", "3.2", "3.3", "3.4", "3.5"],
    "travel": ["4.1", "4.2", "4.3"],
    "encounter": ["5.1", "5.2", "5.3", "5.4"],
    "combat": ["6.1", "6.2", "6.3", "6.10", "6.11"],
    "refresh": ["7.1", "7.2", "7.3", "7.4"],
}
keywords = st.lists(st.sampled_from(["sentinel", "ranged", "indestructible", "surge"]), max_size=2)


@st.composite
def characters(draw, prefix: str, is_hero: bool) -> list[dict]:
    made = []
    for i in range(draw(st.integers(min_value=1 if is_hero else 0, max_value=3))):
        card = {
            "title": f"{prefix} {i}",
            "willpower": draw(stat),
            "attack": draw(stat),
            "defense": draw(stat),
            "hit_points": draw(st.integers(min_value=1, max_value=12)),
            "damage": draw(stat),
            "exhausted": draw(st.booleans()),
            "committed": draw(st.booleans()),
            "keywords": draw(keywords),
        }
        if is_hero:
            card["threat_cost"] = draw(stat)
            card["resources"] = draw(stat)
        made.append(card)
    return made


@st.composite
def enemies(draw, prefix: str) -> list[dict]:
    return [
        {
            "title": f"{prefix} {i}",
            "engagement_cost": draw(st.integers(min_value=0, max_value=50)),
            "threat": draw(stat),
            "attack": draw(stat),
            "defense": draw(stat),
            "hit_points": draw(st.integers(min_value=1, max_value=12)),
            "damage": draw(stat),
            "shadow_cards": draw(st.integers(min_value=0, max_value=2)),
        }
        for i in range(draw(st.integers(min_value=0, max_value=2)))
    ]


@st.composite
def legal_boards(draw) -> dict:
    phase = draw(st.sampled_from(sorted(PHASE_STEPS)))
    players = [
        {
            "name": f"P{n}",
            "threat": draw(st.integers(min_value=0, max_value=60)),
            "heroes": draw(characters(f"Hero {n}", True)),
            "allies": draw(characters(f"Ally {n}", False)),
            "engaged": draw(enemies(f"Engaged {n}")),
        }
        for n in range(draw(st.integers(min_value=1, max_value=4)))
    ]
    staging = [{**e, "type": "enemy"} for e in draw(enemies("Staged"))]
    board = {"phase": phase, "players": players, "staging_area": staging}
    if draw(st.booleans()):
        board["step"] = draw(st.sampled_from(PHASE_STEPS[phase]))
    return board


@given(legal_boards())
def test_any_legal_board_is_judged_without_raising_and_cites_real_entries(kb, board):
    import json

    report = check(board)
    json.dumps(report.to_json())  # the --json document is always serialisable
    cited = [c for f in report.findings for c in f.cites] + [
        c for e in report.next for c in e.cites
    ]
    assert all(kb.get(c) is not None for c in cited), [c for c in cited if kb.get(c) is None]
    threats = [p["threat"] for p in board["players"]]
    rules = {f.rule for f in report.findings}
    assert ("threat-elimination" in rules) == any(t >= 50 for t in threats)


@st.composite
def tcg_boards(draw) -> dict:
    """Any TCG board the contract allows: strengths from 0, wounds up to vitality and
    beyond, skirmishes between the characters on the board."""
    from judge.games.tcg.phases import PHASES as TCG_PHASES

    keyword = st.sampled_from(["damage +1", "damage +2", "defender +1", "archer", "fierce", "Orc"])

    def side(prefix: str, minion: bool) -> list[dict]:
        made = []
        for i in range(draw(st.integers(min_value=0 if minion else 1, max_value=4))):
            card = {
                "title": f"{prefix} {i}",
                "strength": draw(st.integers(min_value=0, max_value=16)),
                "vitality": draw(st.integers(min_value=1, max_value=5)),
                "wounds": draw(st.integers(min_value=0, max_value=6)),
                "keywords": draw(st.lists(keyword, max_size=3)),
            }
            if minion:
                card["site"] = draw(st.integers(min_value=1, max_value=9))
            made.append(card)
        return made

    companions, minions = side("Companion", False), side("Minion", True)
    skirmishes = [
        {"companion": c["title"], "minions": [m["title"]]}
        for c, m in zip(companions, minions, strict=False)
    ]
    return {
        "game": "tcg",
        "phase": draw(st.sampled_from(TCG_PHASES)),
        "site": draw(st.integers(min_value=1, max_value=9)),
        "twilight_pool": draw(st.integers(min_value=0, max_value=20)),
        "free_peoples": {"companions": companions},
        "shadow": {"minions": minions},
        "skirmishes": skirmishes,
        "players": draw(st.integers(min_value=2, max_value=6)),
        "moves": draw(st.integers(min_value=1, max_value=5)),
    }


@given(tcg_boards())
def test_any_tcg_board_is_judged_by_the_rules_and_cites_real_entries(kb, board):
    import json

    report = check(board)
    json.dumps(report.to_json())
    assert all(kb.get(c) and kb.get(c).game == "tcg" for e in report.next for c in e.cites)
    for event_ in report.next:
        if event_.event == "skirmish-resolution":
            data = event_.data
            fp, shadow = data["fp_strength"], data["shadow_strength"]
            assert (data["winner"] == "free_peoples") == (fp > shadow)  # ties to the Shadow
            high, low = max(fp, shadow), min(fp, shadow)
            assert data["overwhelm"] == (high > low and high >= 2 * low)
            assert not (data["overwhelm"] and data["wounds"])  # overwhelmed: killed, no wounds
