"""Scenario names in a question: the scenario's own rulings and keywords rank first.

"journey down the anduin, banks dealt as a shadow card" names a scenario; the Q&A and
errata its Quest Companion page links to (and the keywords it uses) are what the table
is asking about, so they gain over look-alike entries for other scenarios. Titles are
recognised like card titles (typos, missing accents), by `CardRecogniser`.
"""

from __future__ import annotations

#: factor on the score of an entry that a named scenario's page links to
SCENARIO_LINK_BONUS = 1.6


def index_meta(kb) -> dict:
    """What the index keeps about scenarios: titles, and for each the document numbers
    (entry order) of the entries its page links to."""
    from judge.scenarios import scenarios
    from judge.slug import slugify

    docnum = {entry.id: n for n, entry in enumerate(kb.entries)}
    found = scenarios(kb)
    return {
        "titles": {slugify(s.title): s.title for s in found},
        "links": {
            s.title: [docnum[i] for i in (*s.rulings, *s.keywords) if i in docnum] for s in found
        },
    }


class ScenarioRecogniser:
    """Which scenarios a question names, and the entries that therefore gain."""

    def __init__(self, meta: dict):
        from judge.search.cards import CardRecogniser

        self._titles = CardRecogniser(meta.get("titles", {}), {})
        self._links: dict[str, list[int]] = meta.get("links", {})

    def favoured(self, question_words: tuple[str, ...]) -> dict[int, float]:
        """Document number -> score factor for the entries of the scenarios named."""
        return {
            docnum: SCENARIO_LINK_BONUS
            for title in self._titles.recognise(question_words, limit=2)
            for docnum in self._links.get(title, ())
        }
