"""The validator accepts the real knowledge base and catches each kind of defect."""

from __future__ import annotations

import shutil

import pytest

from judge.base.paths import kb_root
from judge.kb.validate import validate

GOOD = """---
id: rr/test-entry
title: Test Entry
kind: glossary
game: lcg
source: rr
section: Glossary
page: 3
see_also: [rr/engagement-check]
---
A restated rule.
"""


@pytest.fixture
def kb_sample(tmp_path):
    """A knowledge base of the two entries these tests link to, redirect to and copy
    (validating all of them takes half a second per check), in the real folders."""
    from judge.base.paths import KB_FOLDERS

    for folder in KB_FOLDERS:
        (tmp_path / folder).mkdir(parents=True)
    for kept in ("rules/glossary/engagement-check.md", "rules/keywords/sentinel.md"):
        (tmp_path / kept).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(kb_root() / kept, tmp_path / kept)
    return tmp_path


def _write(root, text, name="test-entry.md", folder="rules/glossary"):
    path = root / folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def _problems_for(root, name="test-entry.md"):
    return [p for p in validate(root) if name in p]


def test_real_knowledge_base_is_valid():
    assert validate(kb_root()) == []


def test_a_good_entry_passes(kb_sample):
    _write(kb_sample, GOOD)
    assert _problems_for(kb_sample) == []


def test_missing_field_is_reported(kb_sample):
    _write(kb_sample, GOOD.replace("section: Glossary\n", ""))
    assert any("missing required field 'section'" in p for p in _problems_for(kb_sample))


def test_duplicate_id_names_both_files(kb_sample):
    _write(
        kb_sample,
        GOOD.replace("rr/test-entry", "rr/engagement-check"),
        name="engagement-check-2.md",
    )
    problems = [p for p in validate(kb_sample) if "duplicate id" in p]
    assert (
        problems and "engagement-check.md" in problems[0] and "engagement-check-2.md" in problems[0]
    )


def test_broken_see_also_link_gives_line_and_suggestion(kb_sample):
    _write(kb_sample, GOOD.replace("[rr/engagement-check]", "[rr/engagment-check]"))
    (problem,) = _problems_for(kb_sample)
    assert problem.startswith("rules/glossary/test-entry.md:9:")
    assert "unknown id 'rr/engagment-check'" in problem and "rr/engagement-check" in problem


def test_a_bullet_inside_a_bullet_is_reported_for_the_answer_line(kb_sample):
    """`ask` shows one line: "the travel target" alone does not say who decides it."""
    body = "- The first player decides:\n  - which location to travel to;\n  - ties.\n"
    _write(kb_sample, GOOD + "\n" + body)
    # the file's line of the first nested bullet: after GOOD's 11 lines, a blank line
    # and the parent bullet
    assert any("test-entry.md:14: a bullet inside a bullet" in p for p in _problems_for(kb_sample))
    # and so is one whose body starts after blank lines
    _write(kb_sample, GOOD.replace("A restated rule.\n", "\n\n" + body))
    assert any("test-entry.md:14: a bullet inside a bullet" in p for p in _problems_for(kb_sample))
    flat = "- Travel: the first player decides which location to travel to.\n"
    _write(kb_sample, GOOD + "\n" + flat)
    assert _problems_for(kb_sample) == []


def test_unknown_kind_is_reported(kb_sample):
    _write(kb_sample, GOOD.replace("kind: glossary", "kind: gloss"))
    assert any("unknown kind 'gloss'" in p and ":4:" in p for p in _problems_for(kb_sample))


def test_misspelt_field_gets_did_you_mean(kb_sample):
    _write(kb_sample, GOOD.replace("see_also:", "see_alsoo:"))
    assert any(
        "unknown field 'see_alsoo'" in p and "see_also" in p for p in _problems_for(kb_sample)
    )


def test_invalid_yaml_reports_line(kb_sample):
    _write(kb_sample, GOOD.replace("page: 3", "page: [3"))
    (problem,) = _problems_for(kb_sample)
    assert "invalid YAML" in problem and problem.startswith("rules/glossary/test-entry.md:")


def test_file_name_must_match_id(kb_sample):
    _write(kb_sample, GOOD, name="other-name.md")
    assert any("does not match id" in p for p in _problems_for(kb_sample, "other-name.md"))


def test_step_needs_phase_and_action_window(kb_sample):
    text = GOOD.replace("rr/test-entry", "rr/step-9.9").replace("kind: glossary", "kind: step")
    text = text.replace("page: 3", 'number: "9.9"')
    _write(kb_sample, text, name="step-9.9.md", folder="rules/timing")
    problems = _problems_for(kb_sample, "step-9.9.md")
    assert any("phase" in p for p in problems) and any("action_window" in p for p in problems)


def test_unquoted_number_is_rejected(kb_sample):
    text = GOOD.replace("rr/test-entry", "faq/9.99").replace("kind: glossary", "kind: faq")
    _write(kb_sample, text.replace("page: 3", "number: 9.99"), name="9.99.md", folder="faq/rulings")
    assert any("quoted string" in p for p in _problems_for(kb_sample, "9.99.md"))


def test_questions_must_be_a_list_of_strings(kb_sample):
    _write(kb_sample, GOOD.replace("page: 3\n", "page: 3\nquestions: can my guy defend\n"))
    assert any("questions must be a list" in p for p in _problems_for(kb_sample))
    _write(kb_sample, GOOD.replace("page: 3\n", 'page: 3\nquestions: ["can my guy defend"]\n'))
    assert _problems_for(kb_sample) == []


ANSWERED = GOOD.replace(
    "page: 3\n",
    'page: 3\nquestions:\n  - ask: "can my guy defend twice"\n    answer: OPENING\n',
).replace(
    "A restated rule.\n",
    "A restated rule.\n\n- A defender exhausts.\n- A defender exhausts only once.\n",
)


def test_a_questions_answer_must_open_exactly_one_line_of_the_body(kb_sample):
    _write(kb_sample, ANSWERED.replace("OPENING", '"A defender exhausts only"'))
    assert _problems_for(kb_sample) == []
    _write(kb_sample, ANSWERED.replace("OPENING", '"A **defender** exhausts only"'))
    assert _problems_for(kb_sample) == []  # copied with its Markdown, it still names the line
    _write(kb_sample, ANSWERED.replace("OPENING", '"A defender exhausts"'))
    (problem,) = _problems_for(kb_sample)
    assert problem.startswith("rules/glossary/test-entry.md:10: questions[0]")  # its line
    assert "opens 2 lines" in problem and "add words" in problem
    _write(kb_sample, ANSWERED.replace("OPENING", '"A defender readies"'))
    (problem,) = _problems_for(kb_sample)
    assert "opens no line of the body" in problem


def test_a_question_mapping_needs_its_question_and_no_other_key(kb_sample):
    _write(kb_sample, ANSWERED.replace("  - ask:", "  - asks:").replace("OPENING", '"A restated"'))
    assert any("questions must be a list of questions" in p for p in _problems_for(kb_sample))


def test_a_link_to_a_merged_id_names_the_entry_it_was_merged_into(kb_sample):
    _write(kb_sample, GOOD.replace("[rr/engagement-check]", "[rr/sentinel]"))
    (problem,) = _problems_for(kb_sample)
    assert "'rr/sentinel' was merged into 'kw/sentinel'" in problem


def test_a_redirect_may_not_be_an_entrys_id_or_point_twice(kb_sample):
    _write(kb_sample, GOOD.replace("page: 3\n", "page: 3\nredirects: [rr/engagement-check]\n"))
    assert any("still an entry's id" in p for p in _problems_for(kb_sample))
    _write(kb_sample, GOOD.replace("page: 3\n", "page: 3\nredirects: [rr/sentinel]\n"))
    assert any("'rr/sentinel' already redirects" in p for p in validate(kb_sample))
