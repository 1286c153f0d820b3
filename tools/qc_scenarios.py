"""Extract the facts of the Quest Companion's scenario pages (titles, numbers, counts).

Run by hand when the source changes: `python tools/qc_scenarios.py SOURCE > out.json`.
It reads only facts (page titles, official difficulty, keyword and card headings, Easy
Mode set names, card titles and counts); the prose of the pages is never copied, the
knowledge-base entries restate it in our own words. `tests/manifest/scenarios.yaml` and
the scenario entries' front matter are written from its output.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

SECTIONS = ("Keywords", "Rulings", "FAQ & Errata", "Difficulty level", "Related Quests")
_DIFFICULTY = re.compile(r"^Official difficulty \((\d+)\)$")
_REMOVAL = re.compile(r"^(\d+)x\s+(.+)$")
_SKIP = ("User rating", "rated by", "Rate this Quest!", "easymode", "Easy Mode")
#: Easy Mode card titles the Quest Companion spells otherwise than the card itself
#: (the card database's title is the fact: "Chieftan Ufthak" as printed on the Core card).
CARD_TITLES = {
    "Hummerthorns": "Hummerhorns",
    "Caught in the Web": "Caught in a Web",
    "Chieftain Ufthak": "Chieftan Ufthak",
    "Dol Guldur Beast Master": "Dol Guldur Beastmaster",
    "Necromancer's Reach": "The Necromancer's Reach",
    "Múmak": "Mumak",
    "Sacked": "Sacked!",
    "Stone-giant": "Stone-Giant",
    "Pelargir Dock": "Pelargir Docks",
    "Hunters From Mordor": "Hunters from Mordor",
    "Avalanche": "Avalanche!",
    "Knife in the Back": "A Knife in the Back",
}


def pages(text: str) -> list[list[str]]:
    """The document's pages (split on its `Home` / `Back` lines), blank lines dropped."""
    found, current = [], []
    for line in text.split("\n"):
        if line.strip() in ("Home", "Back"):
            if current:
                found.append(current)
            current = []
        elif line.strip():
            current.append(line.rstrip())
    if current:
        found.append(current)
    return found


def _is_heading(line: str) -> bool:
    """A sub-heading: a short line that is not a sentence, question, answer or bullet.
    A card title may end in "!" ("Sacked!"), so one "!" does not make a sentence."""
    s = line.strip()
    return (
        len(s) <= 60
        and not s.removesuffix("!").endswith((".", ":", "?", "!", '"', ")"))
        and not s.startswith(("•", "Q:", "Q.", "A:", "Should"))
        and not s[:1].isdigit()
    ) or bool(re.match(r"^[A-Z][\w' -]+ \(?X\)?$", s))


def scenario(lines: list[str]) -> dict:
    """One scenario page's facts."""
    title = lines[0].strip()
    facts = {
        "title": title,
        "difficulty": None,
        "keywords": [],
        "rulings": [],
        "cards": [],
        "easy_mode": {},
        "easy_rule": None,
        "fan_made": False,
    }
    section, current_set = None, None
    for raw in lines[1:]:
        line = raw.strip()
        match = _DIFFICULTY.match(line)
        if match:
            facts["difficulty"] = int(match.group(1))
            continue
        if line in SECTIONS:
            section = line
            continue
        if line == "A Long-extended Party":
            facts["fan_made"] = True
            continue
        if line.startswith(_SKIP):
            continue
        if section == "Keywords" and _is_heading(line):
            facts["keywords"].append(line)
        elif section == "Rulings" and _is_heading(line):
            facts["rulings"].append(line)
        elif section == "FAQ & Errata" and _is_heading(line):
            facts["cards"].append(line)
        elif section == "Difficulty level":
            if raw.startswith("    ") and line.startswith("•"):
                found = _REMOVAL.match(line.lstrip("• ").strip())
                if found:
                    title = found.group(2).strip()
                    card = {"title": CARD_TITLES.get(title, title), "count": int(found.group(1))}
                    facts["easy_mode"].setdefault(current_set, []).append(card)
            elif line.startswith("•"):
                current_set = line.lstrip("• ").strip()
                facts["easy_mode"].setdefault(current_set, [])
            elif "difficulty" in line and "indicator" in line:
                facts["easy_rule"] = "gold-border"
            if "add one resource to each hero" in line:
                facts["extra_resource"] = True
    return facts


def scenarios(text: str) -> list[dict]:
    """Every scenario page (a page carrying the quest rating block), in document order."""
    return [scenario(page) for page in pages(text) if "Rate this Quest!" in page]


# The Quest Companion's text keeps no product or cycle names (its navigation was lost
# in extraction), so they come from the products' published contents: (cycle, product,
# scenario titles as printed on the pages). A product of None means the scenario's own
# title is its product (adventure packs and single-scenario releases).
PRODUCTS = (
    (
        None,
        "Core Set",
        ("Passage Through Mirkwood", "Journey Down the Anduin", "Escape from Dol Guldur"),
    ),
    (
        "Shadows of Mirkwood",
        None,
        (
            "The Hunt for Gollum",
            "Conflict At The Carrock",
            "A Journey to Rhosgobel",
            "The Hills of Emyn Muil",
            "The Dead Marshes",
            "Return to Mirkwood",
        ),
    ),
    ("Dwarrowdelf", "Khazad-dûm", ("Into the Pit", "The Seventh Level", "Flight from Moria")),
    (
        "Dwarrowdelf",
        None,
        (
            "The Redhorn Gate",
            "Road to Rivendell",
            "The Watcher in the Water",
            "The Long Dark",
            "Foundations of Stone",
            "Shadow and Flame",
        ),
    ),
    (
        "Against the Shadow",
        "Heirs of Númenor",
        ("Peril In Pelargir", "Into Ithilien", "The Siege of Cair Andros"),
    ),
    (
        "Against the Shadow",
        None,
        (
            "The Steward's Fear",
            "The Drúadan Forest",
            "Encounter at Amon-Dín",
            "Assault on Osgiliath",
            "The Blood of Gondor",
            "The Morgul Vale",
        ),
    ),
    (
        "The Hobbit saga",
        "The Hobbit: Over Hill and Under Hill",
        (
            "We Must Away, Ere Break of Day",
            "Over the Misty Mountains Grim",
            "Dungeons Deep and Caverns Dim",
        ),
    ),
    (
        "The Hobbit saga",
        "The Hobbit: On the Doorstep",
        ("Flies and Spiders", "The Lonely Mountain", "The Battle of Five Armies"),
    ),
    (
        "The Lord of the Rings saga",
        "The Black Riders",
        ("A Shadow of the Past", "A Knife in the Dark", "Flight to the Ford"),
    ),
    (
        "The Lord of the Rings saga",
        "The Road Darkens",
        ("The Ring Goes South", "Journey in the Dark", "Breaking of the Fellowship"),
    ),
    (
        "The Lord of the Rings saga",
        "The Treason of Saruman",
        ("The Uruk-hai", "Helm's Deep", "The Road to Isengard"),
    ),
    (
        "The Lord of the Rings saga",
        "The Land of Shadow",
        ("The Passage of the Marshes", "Journey to the Cross-roads", "Shelob's Lair"),
    ),
    (
        "The Lord of the Rings saga",
        "The Flame of the West",
        (
            "The Passing of the Grey Company",
            "The Siege of Gondor",
            "The Battle of the Pelennor Fields",
        ),
    ),
    (
        "The Lord of the Rings saga",
        "The Mountain of Fire",
        ("The Tower of Cirith Ungol", "The Black Gate Opens", "Mount Doom"),
    ),
    (
        "Ring-maker",
        "The Voice of Isengard",
        ("The Fords of Isen", "To Catch an Orc", "Into Fangorn"),
    ),
    (
        "Ring-maker",
        None,
        (
            "The Dunland Trap",
            "The Three Trials",
            "Trouble in Tharbad",
            "The Nín-in-Eilph",
            "Celebrimbor's Secret",
            "The Antlered Crown",
        ),
    ),
    (
        "Angmar Awakened",
        "The Lost Realm",
        ("Intruders in Chetwood", "The Weather Hills", "Deadmen's Dike"),
    ),
    (
        "Angmar Awakened",
        None,
        (
            "The Wastes of Eriador",
            "Escape from Mount Gram",
            "Across the Ettenmoors",
            "The Treachery of Rhudaur",
            "The Battle of Carn-Dûm",
            "The Dread Realm",
        ),
    ),
    (
        "Dream-chaser",
        "The Grey Havens",
        ("Voyage Across Belegaer", "The Fate of Númenor", "Raid on the Grey Havens"),
    ),
    (
        "Dream-chaser",
        None,
        (
            "Flight of the Stormcaller",
            "The Thing in the Depths",
            "Temple of the Deceived",
            "The Drowned Ruins",
            "A Storm on Cobas Haven",
            "The City of Corsairs",
        ),
    ),
    (
        "Haradrim",
        "The Sands of Harad",
        ("Escape from Umbar", "Desert Crossing", "The Long Arm of Mordor"),
    ),
    (
        "Haradrim",
        None,
        (
            "The Mûmakil",
            "Race Across Harad",
            "Beneath the Sands",
            "The Black Serpent",
            "The Dungeons of Cirith Gurat",
            "The Crossing of Poros",
        ),
    ),
    (
        "Ered Mithrin",
        "The Wilds of Rhovanion",
        ("Journey Up the Anduin", "Lost in Mirkwood", "The King's Quest"),
    ),
    (
        "Ered Mithrin",
        None,
        (
            "The Withered Heath",
            "Roam Across Rhovanion",
            "Fire in the Night",
            "The Ghost of Framsburg",
            "Mount Gundabad",
            "The Fate of Wilderland",
        ),
    ),
    (
        "Vengeance of Mordor",
        "A Shadow in the East",
        ("The River Running", "Danger in Dorwinion", "The Temple of Doom"),
    ),
    (
        "Vengeance of Mordor",
        None,
        (
            "Wrath and Ruin",
            "The City of Ulfast",
            "Challenge of the Wainriders",
            "Under the Ash Mountains",
            "The Land of Sorrow",
            "The Fortress of Nurn",
        ),
    ),
    (
        "Standalone scenarios",
        None,
        (
            "The Massing at Osgiliath",
            "The Battle of Laketown",
            "The Stone of Erech",
            "The Old Forest",
            "Fog on the Barrow-Downs",
            "The Ruins of Belegost",
            "Murder at the Prancing Pony",
            "Attack on Dol Guldur",
            "The Siege of Annúminas",
            "The Wizard's Quest",
            "The Woodland Realm",
            "The Oath",
            "The Caves of Nibin-Dûm",
            "The Mines of Moria",
            "Escape from Khazad-dûm",
            "The Hunt for the Dreadnaught",
        ),
    ),
    (
        "Oaths of the Rohirrim (ALeP)",
        None,
        (
            "Ambush at Erelas",
            "The Battle for the Beacon",
            "The Horse-Lord's Ire",
            "The Aldburg Plot",
            "Fire on the Eastemnet",
            "The Gap of Rohan",
            "The Glittering Caves",
            "Mustering of the Rohirrim",
            "Blood in the Isen",
        ),
    ),
    (
        "A Long-extended Party scenarios",
        "The Shire's Reckoning",
        ("Pies for the Party", "Sundown on the Shire", "Secrets of the Old Forest"),
    ),
    (
        "A Long-extended Party scenarios",
        None,
        ("The Scouring of the Shire", "The Nine are Abroad", "The Siege of Erebor"),
    ),
)

MIN_NAME = 6  # letters of a word that makes a rules topic a name ("fortitude", not "clues")
NOT_KEYWORDS = ("and",)  # a stray connective between two parts of the Vast keyword text


def product_of(title: str) -> tuple[str, str | None]:
    """(product, cycle) of a scenario page title."""
    for cycle, product, titles in PRODUCTS:
        if title in titles:
            return product or title, cycle
    raise KeyError(f"no product listed for {title!r}: add it to PRODUCTS")


def _existing(root: Path, ids: list[str]) -> list[str]:
    return [i for i in ids if (root / _path_of(i)).is_file()]


def _path_of(entry_id: str) -> str:
    kind, _, slug = entry_id.partition("/")
    if entry_id.startswith("faq/qa/"):
        return f"faq/qa/{entry_id.removeprefix('faq/qa/')}.md"
    return {"errata": f"errata/{slug}.md", "kw": f"rules/keywords/{slug}.md"}[kind]


def _cards_index(root: Path) -> dict[str, list[str]]:
    """Slug of every card an errata or Q&A entry names -> those entries' ids."""
    import yaml

    from judge.base.slug import slugify

    found: dict[str, list[str]] = {}
    for folder in ("errata", "faq/qa"):
        for path in sorted((root / folder).glob("*.md")):
            meta = yaml.safe_load(path.read_text(encoding="utf-8").split("---")[1])
            for card in meta.get("cards") or ():
                found.setdefault(slugify(card), []).append(meta["id"])
    return found


def links(facts: dict, root: Path, by_card: dict[str, list[str]]) -> dict:
    """Keyword ids, ruling ids and the rules topics that are not keywords."""
    from judge.base.slug import slugify

    slug = slugify(facts["title"])
    keywords, topics = [], []
    for name in facts["keywords"]:
        if name in NOT_KEYWORDS:
            continue
        found = _existing(root, [f"kw/{slugify(name)}"])
        (keywords.extend(found) if found else topics.append(name))
    rulings = []
    for card in facts["cards"]:
        key = slugify(card)
        found = _existing(root, [f"errata/{key}", f"faq/qa/{key}"]) or by_card.get(key, [])
        found = found or _existing(root, [f"faq/qa/{slug}"])  # a page-wide "FAQ" block
        if not found:
            raise KeyError(f"{facts['title']}: no entry for the ruling on {card!r}")
        rulings.extend(found)
    return {
        "keywords": list(dict.fromkeys(keywords)),
        "rulings": list(dict.fromkeys(rulings)),
        "topics": topics + facts["rulings"],
    }


def _q(text: str) -> str:
    """A YAML double-quoted scalar (JSON strings are valid YAML)."""
    return json.dumps(text, ensure_ascii=False)


def _flow(items) -> str:
    return "[" + ", ".join(_q(i) for i in items) + "]"


EXTRA_RESOURCE = (
    "During setup step 2 (placing heroes and setting threat), each hero gets 1 extra resource."
)
GOLD_BORDER = (
    "Leave out of the encounter deck every card whose encounter set icon has the gold"
    " difficulty border."
)


def aliases(title: str, topics: list[str]) -> list[str]:
    """The title as players type it, plus the page's own rules topics (`named_topics`)."""
    from judge.base.slug import fold_accents

    plain = fold_accents(title).lower()
    found = [plain, plain.replace("-", " ")]
    if plain.startswith(("the ", "a ")):
        found.append(plain.split(" ", 1)[1])
    found.append(f"{plain} easy mode")
    found += [fold_accents(t).lower().replace('"', "") for t in topics]
    return list(dict.fromkeys(found))


def named_topics(found: list[dict], root: Path) -> dict[str, list[str]]:
    """Scenario title -> its rules topics that name something only it has ("Fortitude
    Tests", "Reanimated Dead"): printed on one page only, with a word that no other
    entry uses. Such a topic is a name players search by, so it becomes an alias;
    generic topics ("Setup", "Next Player") would steal rules questions."""
    from collections import Counter

    from judge.kb.knowledge import compile_entries
    from judge.search.text import STOP_WORDS, stem, words

    # stems of every entry's text, scenario pages keyed by title so a page's own text
    # does not count against its topics
    texts = {}
    for e in compile_entries(root):
        key = e.title if e.kind == "scenario" else e.id
        texts[key] = {stem(w) for w in words(" ".join((e.title, e.body, *e.aliases)))}
    pages = {f["title"]: links(f, root, {})["topics"] for f in found if f["rulings"]}
    count = Counter(t for topics in pages.values() for t in set(topics))

    def is_name(title: str, topic: str) -> bool:
        rare = [stem(w) for w in words(topic) if len(w) >= MIN_NAME and w not in STOP_WORDS]
        others = [seen for key, seen in texts.items() if key != title]
        return any(all(word not in seen for seen in others) for word in rare)

    return {
        title: [t for t in topics if count[t] == 1 and is_name(title, t)]
        for title, topics in pages.items()
    }


def questions(title: str, facts: dict) -> list[str]:
    name = title.lower()
    found = [
        f"how do i set up {name} in easy mode",
        f"what keywords come up in {name}",
        f"how hard is {name}, what is its official difficulty",
    ]
    if facts["easy_mode"]:
        found.insert(1, f"which cards do i take out of the encounter deck for {name} on easy")
    if facts["cards"]:
        found.append(f"are there any rulings or errata for the cards in {name}")
    return found


def render(
    facts: dict, root: Path, by_card, related: list[str], sequence: int, topics: list[str]
) -> str:
    from judge.base.slug import slugify

    title = facts["title"]
    product, cycle = product_of(title)
    linked = links(facts, root, by_card)
    easy = facts["easy_mode"]
    setup = []
    if facts.get("extra_resource"):
        setup.append(EXTRA_RESOURCE)
    if facts["easy_rule"]:
        setup.append(GOLD_BORDER)
    meta = [
        "---",
        f"id: scenario/{slugify(title)}",
        f"title: {_q(title)}",
        "kind: scenario",
        "game: lcg",
        "source: qc",
        f"section: {_q(title)}",
        f"aliases: {_flow(aliases(title, topics))}",
        "questions:",
        *(f"  - {_q(q)}" for q in questions(title, facts)),
        # no `cards`: the page's card rulings are linked through `rulings` and
        # `see_also`, so a card's name finds its own ruling rather than every page
        "cards: []",
        f"see_also: {_flow(linked['rulings'])}",
        f"product: {_q(product)}",
        f"sequence: {sequence}",
    ]
    if cycle:
        meta.append(f"cycle: {_q(cycle)}")
    if facts["difficulty"] is not None:
        meta.append(f"difficulty: {facts['difficulty']}")
    meta += [
        f"encounter_sets: {_flow(easy)}",
        f"keywords: {_flow(linked['keywords'])}",
        f"rulings: {_flow(linked['rulings'])}",
        f"related: {_flow(related)}",
        f"easy_setup: {_flow(setup)}",
    ]
    if easy:
        meta.append("easy_mode:")
        for name, cards in easy.items():
            meta.append(f"  {_q(name)}:")
            meta += [f"    - {{title: {_q(c['title'])}, count: {c['count']}}}" for c in cards]
    meta.append("---")
    return "\n".join(meta) + "\n" + body(facts, product, cycle, linked) + "\n"


def body(facts: dict, product: str, cycle: str | None, linked: dict) -> str:
    title = facts["title"]
    if product == title:
        where = f"the {cycle} group" if cycle else "its own release"
    else:
        where = f"{product}" + (f", part of the {cycle} group" if cycle else "")
    rated = (
        f"an official difficulty of {facts['difficulty']}"
        if facts["difficulty"] is not None
        else "no official difficulty rating"
    )
    lines = [f"{title} is a scenario from {where}; its page gives it {rated}."]
    if facts["fan_made"]:
        lines[0] += (
            " The page marks it as an unofficial fan scenario by A Long-extended Party (ALeP)."
        )
    lines.append("")
    # Easy Mode first: it is what the table most often opens a scenario page for
    easy = facts["easy_mode"]
    if easy:
        removals = "; ".join(
            f"from {name}: " + ", ".join(f"{c['title']} ({c['count']})" for c in cards)
            for name, cards in easy.items()
        )
        total = sum(c["count"] for cards in easy.values() for c in cards)
        lines.append(
            f"- **Easy Mode:** {EXTRA_RESOURCE} Then build the encounter deck without these"
            f" {total} cards (copies in brackets): {removals}."
        )
    elif facts["easy_rule"]:
        lines.append(f"- **Easy Mode:** {EXTRA_RESOURCE} {GOLD_BORDER}")
    else:
        lines.append("- **Easy Mode:** the page gives no Easy Mode changes for this scenario.")
    # keyword names stay out of the text (they are in `keywords`): repeated on a
    # hundred pages they would drown the keywords' own entries in search
    if linked["topics"]:
        lines.append("- **Scenario rules the page explains:** " + "; ".join(linked["topics"]) + ".")
    cards = [c for c in facts["cards"] if c != "FAQ"]
    if cards:
        lines.append(f"- **Card rulings and errata:** {', '.join(cards)} (see the linked entries).")
    elif "FAQ" in facts["cards"]:
        lines.append("- **Rulings:** the page carries a general Q&A block for this scenario.")
    return "\n".join(lines)


#: The headings of an entry's hand-written sections, which a regeneration keeps.
NOTES = ("## Scenario rules", "## Easy Mode sources")


def kept_notes(path: Path) -> str:
    """The hand-written part of an existing entry (from its first `NOTES` heading)."""
    if not path.is_file():
        return ""
    text = path.read_text(encoding="utf-8")
    starts = [i for i in (text.find("\n" + heading) for heading in NOTES) if i >= 0]
    return "\n" + text[min(starts) + 1 :] if starts else ""


def write(source: Path, root: Path) -> None:
    """Write every scenario entry and `tests/manifest/scenarios.yaml` under `root`."""
    from judge.base.slug import slugify

    found = scenarios(source.read_text(encoding="utf-8"))
    by_card = _cards_index(root)
    topics = named_topics(found, root)
    groups: dict[str, list[str]] = {}
    for facts in found:
        product, cycle = product_of(facts["title"])
        group = product if product != facts["title"] else cycle
        groups.setdefault(group, []).append(f"scenario/{slugify(facts['title'])}")
    folder = root / "rules" / "scenarios"
    folder.mkdir(parents=True, exist_ok=True)
    manifest = [
        "# Quest Companion scenario pages (every page with a quest rating block): title and",
        "# the Easy Mode removals (encounter set -> card titles and counts), as printed.",
    ]
    for sequence, facts in enumerate(found, start=1):
        slug = slugify(facts["title"])
        product, cycle = product_of(facts["title"])
        group = product if product != facts["title"] else cycle
        related = [i for i in groups[group] if i != f"scenario/{slug}"]
        path = folder / f"{slug}.md"
        text = render(
            facts, root, by_card, related, sequence, topics.get(facts["title"], [])
        ) + kept_notes(path)
        path.write_text(text, encoding="utf-8")
        manifest.append(f"- id: scenario/{slug}")
        manifest.append(f"  title: {_q(facts['title'])}")
        if facts["difficulty"] is not None:
            manifest.append(f"  difficulty: {facts['difficulty']}")
        manifest.append("  easy_mode:" + ("" if facts["easy_mode"] else " {}"))
        for name, cards in facts["easy_mode"].items():
            manifest.append(f"    {_q(name)}:")
            manifest += [f"      - {{title: {_q(c['title'])}, count: {c['count']}}}" for c in cards]
    (root / "tests" / "manifest" / "scenarios.yaml").write_text(
        "\n".join(manifest) + "\n", encoding="utf-8"
    )


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    write(Path(sys.argv[1]), Path(__file__).resolve().parents[1])
