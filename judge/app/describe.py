"""An entry with everything around it, as data: citations, links both ways, rules-model users.

`loremaster show --json` prints it and the app's entry screen draws it, so both live in
the engine rather than in either front end.
"""

from __future__ import annotations


def describe(kb, entry) -> dict:
    """Everything `show` prints, as data (shared by the JSON output and the app)."""
    from judge.games import judge_uses, used_by

    def ref(other):
        return {"id": other.id, "title": other.title, "kind": other.listed_kind}

    def refs(ids):
        return [ref(kb.by_id[i]) for i in ids if i in kb.by_id]

    data = entry.to_dict()
    data.update(
        # the contract's kind ("tcg" for the TCG's entries), and the kind of rule it is
        kind=entry.listed_kind,
        rule_kind=entry.kind,
        citation=str(entry.citation),
        citations=[str(c) for c in entry.citations],
        see_also=refs(entry.see_also),
        # the newer entries that now print this one's rule (a FAQ ruling the Rules
        # Reference restates): a reader of the older ruling is sent to the rule's home
        superseded=refs(entry.superseded_by),
        linked_from=[ref(e) for e in kb.linked_from(entry.id)],
        used_by=used_by(entry.id),
        judge_uses=judge_uses(entry.id),
        related=[ref(e) for e in kb.related(entry)],
        official=official_wording(entry),
    )
    return data


def official_wording(entry) -> list[dict]:
    """The printed wording from the player's imported documents, each with its citation
    and the deciding words where it and our restatement differ."""
    from judge.kb.entries import SOURCES
    from judge.kb.importer.compare import differences
    from judge.kb.importer.store import official_wording as stored

    shown = []
    for wording in stored().get(entry.id, ()):
        cite = next((c for c in entry.citations if c.source == wording["document"]), None)
        shown.append(
            {
                "document": SOURCES.get(wording["document"], wording["document"]),
                "citation": str(cite) if cite else SOURCES.get(wording["document"], ""),
                "text": wording["text"],
                "differences": differences(entry.body, wording["text"]),
            }
        )
    return shown
