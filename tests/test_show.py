"""`loremaster show`: every id renders; unknown ids suggest the closest."""

from __future__ import annotations

from helpers import run_loremaster


def test_show_prints_body_citation_and_links(cli):
    result = cli("show", "rr/engagement-check")
    assert result.code == 0
    assert "Engagement Check" in result.out
    assert 'Cited as: Rules Reference, "Engagement Check", p. 7' in result.out
    assert "See also:" in result.out


def test_show_json_has_citation_links_and_users(cli):
    data = cli("show", "faq/1.24", "--json").json()
    assert data["id"] == "faq/1.24" and data["number"] == "1.24"
    assert data["citation"] == "FAQ (1.24) Questing Successfully"
    assert {"see_also", "linked_from", "used_by", "related"} <= set(data)


def test_show_sends_an_older_ruling_to_the_entry_that_now_prints_it(cli):
    assert "Superseded by: Engaged (rr/engaged)" in cli("show", "faq/1.20").out
    data = cli("show", "faq/1.20", "--json").json()
    assert data["superseded"] == [{"id": "rr/engaged", "title": "Engaged", "kind": "glossary"}]
    assert cli("show", "faq/1.24", "--json").json()["superseded"] == []


def test_show_errata_cites_set_code(cli):
    data = cli("show", "errata/beravor", "--json").json()
    assert data["citations"][0] == "FAQ errata: Beravor (CORE 12)"


def test_unknown_id_exits_1_with_closest_ids(cli):
    result = cli("show", "rr/engagment-check")
    assert result.code == 1
    assert "rr/engagement-check" in result.err


def test_every_id_can_be_shown(kb):
    from cli.show import describe

    for entry in kb.entries:
        data = describe(kb, entry)
        assert data["citation"] and data["body"].strip(), entry.id


def test_show_in_a_subprocess_prints_plain_text_when_piped():
    result = run_loremaster("show", "rr/the-grim-rule")
    assert result.code == 0 and "Traceback" not in result.err
    assert "\x1b[" not in result.out


def test_a_merged_entrys_old_id_opens_the_merged_entry(cli):
    """rr/sentinel and kw/sentinel stated one rule; the glossary id keeps working."""
    old, new = cli("show", "rr/sentinel", "--json"), cli("show", "kw/sentinel", "--json")
    assert old.code == new.code == 0
    assert old.json()["id"] == new.json()["id"] == "kw/sentinel"


def test_no_keyword_and_glossary_entry_share_a_title(kb):
    """One entry per rule: a keyword stated in the glossary is one merged entry."""
    titles: dict[str, set[str]] = {}
    for entry in kb.entries:
        if entry.kind in ("keyword", "glossary"):
            titles.setdefault(entry.title.casefold(), set()).add(entry.kind)
    assert [t for t, kinds in titles.items() if len(kinds) > 1] == []
