"""Loading the knowledge base: typed entries, the compiled cache and its invalidation."""

from __future__ import annotations

import json

import pytest

from judge.base.paths import kb_root
from judge.kb.entries import Citation, Entry, format_citation
from judge.kb.files import KnowledgeBaseError
from judge.kb.knowledge import compile_entries, load


def test_every_entry_round_trips_through_the_compiled_form(kb):
    for entry in kb.entries:
        assert Entry.from_dict(json.loads(json.dumps(entry.to_dict()))) == entry


def test_entries_are_immutable(kb):
    entry = kb.get("rr/engagement-check")
    with pytest.raises(AttributeError):
        entry.title = "changed"


def test_loaded_entry_keeps_front_matter_facts(kb):
    entry = kb.get("rr/engagement-check")
    assert entry.title == "Engagement Check"
    assert entry.kind == "glossary" and entry.game == "lcg" and entry.page == 7
    assert str(entry.citation) == 'Rules Reference, "Engagement Check", p. 7'


def test_compiled_cache_matches_a_fresh_parse(kb):
    assert list(kb.entries) == compile_entries(kb_root())


def test_changed_file_invalidates_the_compiled_cache(kb_copy):
    first = load(kb_copy)
    path = kb_copy / "rules" / "glossary" / "engagement-check.md"
    path.write_text(path.read_text().replace("\npage: 7\n", "\npage: 8\n"))
    second = load(kb_copy)
    assert first.kb_hash != second.kb_hash
    assert (first.get("rr/engagement-check").page, second.get("rr/engagement-check").page) == (7, 8)


def test_unreadable_file_is_reported_with_path_and_line(kb_copy):
    path = kb_copy / "rules" / "glossary" / "engagement-check.md"
    path.write_text("---\nid: [unclosed\n---\nbody\n")
    with pytest.raises(KnowledgeBaseError) as caught:
        compile_entries(kb_copy)
    assert caught.value.problems[0].startswith("rules/glossary/engagement-check.md:")


def test_links_are_followed_in_both_directions(kb):
    entry = kb.get("rr/engagement-check")
    assert entry.see_also, "Engagement Check links to related entries"
    target = entry.see_also[0]
    assert "rr/engagement-check" in [e.id for e in kb.linked_from(target)]


@pytest.mark.parametrize(
    ("cite", "text"),
    [
        (
            Citation("rr", "Glossary", "Engagement Check", page=7),
            'Rules Reference, "Engagement Check", p. 7',
        ),
        (
            Citation(
                "faq",
                "(1.24) Questing Successfully",
                "Questing Successfully",
                number="1.24",
                kind="faq",
            ),
            "FAQ (1.24) Questing Successfully",
        ),
        (
            Citation("faq", "Errata", "Beravor", set_code="CORE 12", kind="errata"),
            "FAQ errata: Beravor (CORE 12)",
        ),
        (Citation("qc", "Journey Down the Anduin"), 'Quest Companion, "Journey Down the Anduin"'),
        (Citation("summary", "Keywords: Archery X"), 'Rules summary, "Keywords: Archery X"'),
        (
            Citation(
                "rr",
                "Appendix I: Timing and Gameplay",
                "Engagement checks",
                page=24,
                number="5.3",
                kind="step",
            ),
            'Rules Reference, Appendix I, "5.3 Engagement checks", p. 24',
        ),
    ],
)
def test_citations_follow_the_sources_readme(cite, text):
    assert format_citation(cite) == text


def test_every_entry_says_what_players_ask_it(kb):
    """Search matches questions against these: an entry without them is hard to find."""
    thin = [e.id for e in kb.entries if len(e.questions) < 3]
    assert thin == []
    for entry in kb.entries:
        aliases = {a.lower() for a in entry.aliases}
        assert not aliases & {q.lower() for q in entry.questions}, entry.id


def test_every_written_question_names_the_line_that_answers_it(kb):
    """`ask` shows the line a question names when a player asks something like it
    (`answer.best_line`). Scenario entries are generated, with questions about the
    page as a whole."""
    unanswered = [
        (e.id, question)
        for e in kb.entries
        if e.kind != "scenario"
        for question, opening in zip(e.questions, e.question_answers, strict=True)
        if opening is None
    ]
    assert unanswered == []


def test_a_question_is_a_string_or_its_words_with_the_opening_of_its_answer(tmp_path):
    from judge.kb.files import read_entry_file, to_entry

    path = tmp_path / "rules" / "glossary" / "x.md"
    path.parent.mkdir(parents=True)
    path.write_text(
        "---\nid: rr/x\ntitle: X\nkind: glossary\ngame: lcg\nsource: rr\n"
        'section: Glossary\nquestions:\n  - ask: "can my guy defend twice"\n'
        '    answer: "A defender exhausts"\n  - "who defends"\n---\n'
        "Defending.\n\n- A defender exhausts.\n"
    )
    entry = to_entry(read_entry_file(path, tmp_path))
    assert entry.questions == ("can my guy defend twice", "who defends")
    assert entry.question_answers == ("A defender exhausts", None)
    from judge.kb.entries import Entry

    assert Entry.from_dict(entry.to_dict()) == entry


def test_the_documented_front_matter_is_exactly_the_declared_schema():
    """docs/knowledge-base.md's example front matter names every declared field once."""
    import re

    from helpers import REPO

    from judge.kb.entries import FIELDS

    text = (REPO / "docs" / "knowledge-base.md").read_text(encoding="utf-8")
    block = text.split("## Front matter", 1)[1].split("```yaml", 1)[1].split("```", 1)[0]
    documented = re.findall(r"^([a-z_]+):", block, re.M)
    assert sorted(documented) == sorted(FIELDS)


def test_every_declared_field_reaches_the_entry():
    from dataclasses import fields

    from judge.kb.entries import FRONT_MATTER, Entry

    attributes = {f.name for f in fields(Entry)}
    for field in FRONT_MATTER:
        target = "scenario" if field.shape == "scenario" else field.attr or field.name
        assert target in attributes, field.name


def test_an_entry_titled_after_a_card_it_covers_is_about_that_card(kb):
    by_id = {entry.id: entry for entry in kb.entries}
    assert by_id["qc/campaign/aragorn"].titled_after_a_card
    assert by_id["qc/gollum-smeagol"].titled_after_a_card
    assert not by_id["kw/permanent"].titled_after_a_card  # covers Aragorn, about a rule
