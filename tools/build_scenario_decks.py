"""Build `cards/scenario_decks.json`: what DragnCards' ready-made scenario decks tell us.

Run by hand when the decks or the scenario pages change, never at install time:

    .venv/bin/python tools/build_scenario_decks.py [--source PATH] [--check]

It reads DragnCards' pre-built decks (`../shared/sources/cards/preBuiltDecks.json`) and
keeps, per scenario page of `rules/scenarios/`, facts only: the encounter sets its Normal
deck is built from, and the cards its Easy deck leaves out (Normal minus Easy, titles and
counts). Titles come from `cards/facts.json` by the decks' card ids. The Quest Companion
gives a removal list for only 35 scenarios; for the others its page only says to take out
the cards with a gold difficulty border, and these lists say which cards those are.
`--check` rebuilds in memory and exits 1 when the file on disk differs.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for _path in (ROOT, ROOT / "tools"):  # the project, and the tools' shared command line
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from judge.kb.scenario_cards import DECKS_SOURCE, fold  # noqa: E402

DEFAULT_SOURCE = ROOT.parent / "shared" / "sources" / "cards" / "preBuiltDecks.json"
OUTPUT = ROOT / "cards" / "scenario_decks.json"

#: Scenario page title -> DragnCards' deck label, where the two name it differently
#: beyond case, accents, hyphens and a leading "The".
DECK_LABELS = {
    "Journey Down the Anduin": "Journey Along the Anduin",
    "The Crossing of Poros": "The Crossings of Poros",
    "The Siege of Annúminas": "Standard The Siege of Annúminas",
}
NORMAL, EASY = "Q", "E"  # the first letter of a Normal and of an Easy deck's key
EASY_LABEL = " (Easy)"
#: Load groups that hold the encounter deck's cards (the quest deck and the players'
#: cards are not part of it).
ENCOUNTER_GROUPS = re.compile(r"^shared(EncounterDeck\d*|StagingArea|SetAside|ActiveLocation)$")
#: A `// comment` after a value: DragnCards' file is JSON with a few such comments.
_COMMENT = re.compile(r"(?<=[\]\},\"])[ \t]*//[^\n]*")


def read_decks(source: Path) -> dict[str, dict]:
    return json.loads(_COMMENT.sub("", source.read_text(encoding="utf-8")))["preBuiltDecks"]


def scenario_titles(root: Path) -> dict[str, str]:
    """Scenario id -> title of every scenario page."""
    import yaml

    found = {}
    for path in sorted((root / "rules" / "scenarios").glob("*.md")):
        meta = yaml.safe_load(path.read_text(encoding="utf-8").split("---")[1])
        found[meta["id"]] = meta["title"]
    return found


def deck_keys(decks: dict[str, dict], title: str) -> tuple[str | None, str | None]:
    """The keys of a scenario's Normal deck and of its Easy partner (same number), the
    first Normal deck that has an Easy one winning (the sagas have two editions)."""
    label = fold(DECK_LABELS.get(title, title))
    normal = [k for k, v in decks.items() if k[0] == NORMAL and fold(v["label"]) == label]
    for key in normal:
        easy = EASY + key[1:]
        if easy in decks and fold(decks[easy]["label"]) == fold(decks[key]["label"] + EASY_LABEL):
            return key, easy
    return (normal[0] if normal else None), None


def encounter_counts(deck: dict, sides: dict) -> Counter:
    """(encounter set, title) -> copies in the deck's encounter cards."""
    found: Counter = Counter()
    for card in deck["cards"]:
        side = sides.get(f"{card['databaseId']}/A")
        if side and ENCOUNTER_GROUPS.match(card["loadGroupId"]):
            found[(side.get("encounter_set", ""), side["title"])] += card["quantity"]
    return found


def scenario_deck(decks: dict, normal: str, easy: str | None, sides: dict) -> dict:
    counts = encounter_counts(decks[normal], sides)
    record = {
        "deck": normal,
        "encounter_sets": list(dict.fromkeys(s for s, _ in counts if s)),
    }
    if easy:
        removed = counts - encounter_counts(decks[easy], sides)
        easy_removes: dict[str, list[dict]] = {}
        for (name, title), count in removed.items():
            easy_removes.setdefault(name, []).append({"title": title, "count": count})
        record |= {"easy_deck": easy, "easy_removes": easy_removes}
    return record


def build(source: Path, root: Path = ROOT) -> dict:
    decks = read_decks(source)
    sides = json.loads((root / "cards" / "facts.json").read_bytes())["sides"]
    scenarios = {}
    for scenario_id, title in scenario_titles(root).items():
        normal, easy = deck_keys(decks, title)
        if normal:
            scenarios[scenario_id] = scenario_deck(decks, normal, easy, sides)
    return {"source": DECKS_SOURCE, "scenarios": scenarios}


def render(data: dict) -> bytes:
    """Sorted, indented UTF-8: rebuilding from the same source gives the same bytes."""
    return (json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n").encode()


def main(argv: list[str] | None = None) -> int:
    import built_file

    return built_file.main(
        argv,
        tool="build_scenario_decks",
        description=__doc__.split("\n", 1)[0],
        source=DEFAULT_SOURCE,
        what="the decks",
        output=OUTPUT,
        build=lambda source: render(build(source)),
    )


if __name__ == "__main__":
    raise SystemExit(main())
