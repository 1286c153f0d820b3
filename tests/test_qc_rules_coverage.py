"""Every rules page of the Quest Companion has an entry (the manifest lists the printed
page titles, extracted from the source), and the entry says it is printed there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

PAGES = yaml.safe_load(
    (Path(__file__).parent / "manifest" / "qc" / "rules-pages.yaml").read_text(encoding="utf-8")
)


def _names(entry) -> set[str]:
    """Where an entry says it is printed in the Quest Companion, and what it is called."""
    names = {entry.title, *entry.aliases}
    names |= {c.section for c in entry.also_in if c.source == "qc"}
    if entry.source == "qc":
        names.add(entry.section)
    return {_plain(n) for n in names if n}


def _plain(title: str) -> str:
    """A page title as the entries write it: FAQ pages lose their "FAQ (1.44)" prefix,
    and quotes of every style go (the pages use '...', the entries “...”)."""
    title = re.sub(r"^faq \(\d\.\d\d\) ", "", title.casefold())
    return re.sub("[\"'“”‘’]", "", title).strip()


def test_the_manifest_lists_every_rules_page():
    titles = [(page.get("faq"), page["title"]) for page in PAGES]
    assert len(titles) == len(set(titles)) > 300
    titles = [title for _, title in titles]
    for needed in ("Easy Mode", "Nightmare Mode", "Difficulty Levels", "Seafaring Rules"):
        assert needed in titles


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p["title"])
def test_every_rules_page_has_its_entry(kb, page):
    entry = kb.get(page["id"])
    assert entry is not None and entry.game == "lcg", page
    assert _plain(page["title"]) in _names(entry), page
    if "faq" in page:  # a FAQ ruling's page: "FAQ (1.44) ..." is ruling 1.44
        assert entry.number == page["faq"], page


def test_every_quest_companion_rules_entry_is_in_the_manifest(kb):
    listed = {page["id"] for page in PAGES}
    own = {
        e.id for e in kb.entries if e.id.startswith("qc/") and not e.id.startswith("qc/campaign/")
    }
    assert own <= listed


def test_easy_mode_is_the_answer_to_which_cards_to_take_out(cli):
    result = cli("ask", "easy mode which cards do i take out", "--json").json()
    assert result["hits"][0]["id"] == "qc/easy-mode"
