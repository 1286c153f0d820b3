"""Build `cards/facts.json`: every card of the Card Game, as facts and never as text.

Run by hand when the card database changes, never at install time:

    .venv/bin/python tools/build_card_facts.py [--source PATH] [--check]

It reads DragnCards' card database (`../shared/sources/cards/cardDb.tsv`, community data
from the printed cards) and keeps only what the project may ship (see that folder's
README): titles, types, spheres, traits, keywords and their values, printed stats, packs,
quantities, encounter sets, quest stages, and what is derived from the text without
repeating it: which ability types a side has (its own, and those it grants another card),
flags such as "limit once per round" or "puts a card into play", and the knowledge-base
entries those facts point to. No card, flavour or shadow text reaches the output, not
even a fragment: every derived value is a label from the tables below.

Printings are grouped into designs (reprints of one card) and a design's facts are the
union over its printings, since reprints can lose a field (the Core Aragorn row has no
text; its reprint has the Response). `--check` rebuilds in memory and exits 1 when the
file on disk differs, so a test can pin it.
"""

from __future__ import annotations

import csv
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for _path in (ROOT, ROOT / "tools"):  # the project, and the tools' shared command line
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from judge.base.slug import fold_accents, slugify, title_key  # noqa: E402

DEFAULT_SOURCE = ROOT.parent / "shared" / "sources" / "cards" / "cardDb.tsv"
OUTPUT = ROOT / "cards" / "facts.json"
SOURCE_NAME = "DragnCards card database (community data from the printed cards)"
SCHEMA = 1

# --- What a row is -----------------------------------------------------------------

#: Printed stats: output name -> column. A hero's threat cost sits in the `cost` column
#: and a quest card's stage number there too (see `stats`).
STAT_COLUMNS = {
    "cost": "cost",
    "threat": "threat",
    "engagement_cost": "engagementCost",
    "willpower": "willpower",
    "attack": "attack",
    "defense": "defense",
    "hit_points": "hitPoints",
    "quest_points": "questPoints",
    "victory_points": "victoryPoints",
}
PLAYER_SPHERES = {"Leadership", "Lore", "Spirit", "Tactics", "Neutral", "Fellowship", "Baggins"}
#: The four team-vs-team event packs reuse Core and Khazad-dum titles with new text: their
#: cards are never reprints of a card outside them.
EVENT_PACKS = {
    "The Wizard's Quest",
    "The Woodland Realm",
    "The Mines of Moria",
    "Escape from Khazad-dum",
}
#: Text similarity (0-100, rapidfuzz ratio of normalised text) from which two printings
#: with the same title, type, sphere, stats and traits are one design. Player reprints
#: were re-worded with errata (84 and up measured); encounter reprints are verbatim, and
#: Nightmare and event versions of a title sit at 50-89.
SAME_DESIGN = {"player": 80.0}
SAME_DESIGN_OTHER = 90.0

# --- Keywords ----------------------------------------------------------------------

#: Keywords not in the knowledge base (no `kw/` entry) but printed as keywords.
EXTRA_KEYWORDS = ("Escape",)
#: Misspellings in the data -> the keyword meant.
KEYWORD_TYPOS = {"arechery": "Archery", "archer": "Archery", "idestructible": "Indestructible"}

# --- Ability types -----------------------------------------------------------------

#: Trigger labels as printed ("Label:"), longest first so "Quest Action" wins over
#: "Action"; misspellings of the data map to the label meant.
ABILITY_LABELS = (
    "Valour Planning Action",
    "Valour Combat Action",
    "Dire When Revealed",
    "Valour Response",
    "Valour Action",
    "Planning Action",
    "Encounter Action",
    "Resource Action",
    "Refresh Action",
    "Combat Action",
    "Travel Action",
    "Quest Response",
    "Quest Action",
    "When Revealed",
    "When Revaled",
    "When Sacked",
    "Resolution",
    "Wizardry",
    "Response",
    "Action",
    "Forced",
    "Travel",
    "Shadow",
    "Setup",
    "Burgle",
    "Riddle",
)
LABEL_TYPOS = {"When Revaled": "When Revealed", "Dire When Revealed": "When Revealed"}

# --- Flags: what a rules answer turns on ------------------------------------------
# Each flag is a pattern over the side's own text, lower-cased with accents folded and
# the side's own title replaced by "~". Cost flags are read from each ability's cost.

FLAG_PATTERNS = {
    "puts-into-play": r"(?<!cannot be )\bput(?:s|ting)?\b[^.;]{0,80}?\binto play\b",
    "cancels": r"(?<!cannot be )(?<!can't be )(?<!not be )(?<!a player )\bcancel(?:s|led|ed|ing)?\b",
    "cannot-be-cancelled": r"\bcannot be cancel",
    "immune-to-player-card-effects": r"\bimm+uned? to (?:non-[^ ]+ )?player card effects",
    "immune-other": r"\bimm+uned? to (?!(?:non-[^ ]+ )?player card effects)",
    "attacks-outside-combat": r"\bimmediate(?:ly)? attack|\bmakes? an? attack\b"
    r"|\battacks (?:the first player|each player|you\b|the engaged player)",
    "additional-attack": r"\badditional attacks?\b|\battacks? (?:again|twice)\b",
    "engages": r"(?<!cannot )(?<!cannot optionally )\bengages?\b(?! check)",
    "cannot-be-optionally-engaged": r"cannot (?:[^.;]*? or )?(?:be )?optionally engage",
    "heals": r"(?<!cannot be )(?<!not be )\bheal(?:s|ed|ing)?\b",
    "cannot-be-healed": r"cannot be healed",
    "draws-cards": r"(?<!cannot )\bdraws? (?:(?:\w+ ){0,2}cards?|it|them)\b",
    "adds-resources": r"\badds? (?:\w+ ){0,2}resources? to\b|\bgains? (?:\d+|x|\w+) resources?\b",
    "raises-threat": r"\brais(?:e|es|ed|ing)\b[^.;]{0,40}?(?<!\[)\bthreat\b(?!\])",
    "lowers-threat": r"(?<!cannot )\b(?:reduc(?:e|es|ed|ing)|lower(?:s|ed|ing)?)\b[^.;]{0,40}?"
    r"(?<!\[)\bthreat\b(?!\]| cost)",
    "direct-damage": r"\b(?:deals?|assigns?) (?:\w+ ){0,2}damage\b|\bassigned as damage\b",
    "returns-to-hand": r"\breturns?\b[^.;]{0,60}?\bto (?:your|his|her|their|its|the)?"
    r"(?: ?owner'?s| ?controller'?s| ?that player'?s)? ?hand\b",
    "readies": r"\breadies\b|(?<!not )(?<!cannot )\bready (?:~|(?:a|an|the|that|this|him|her|it|"
    r"each|all|up|one|two|three|\d|x|target|attached|your|his|their|another|any|those|them)\b)",
    "searches": r"\bsearch(?:es)?\b",
    "then": r"\bthen\b",
    "instead": r"\binstead\b",
    "cannot": r"\b(?:cannot|can't)\b(?! be cancel)",
    "takes-control": r"(?<!cannot )\b(?:take|takes|gain|gains) control\b",
    "cannot-have-attachments": r"cannot have (?:[\w\[\]-]+ ){0,3}attachments?",
    "victory-display": r"\bvictory display\b",
    "reveals-encounter-cards": r"\breveals?\b[^.;]{0,50}?encounter (?:card|deck)"
    r"|\bencounter\b[^.;]{0,80}?\breveals? (?:it|them)\b",
    "places-progress": r"\b(?:place|places|placing|put|puts) (?:\w+ ){0,2}progress\b",
    "blanks-text": r"\bblank\b",
    "cannot-be-damaged": r"cannot (?:[^.;]*? or )?(?:be damaged|take damage|be dealt damage)",
    "lasting-effect": r"\buntil the end of the (?:phase|round|game)\b|\bfor this attack\b"
    r"|\bthis (?:phase|round)\b",
    "declares-attacker": r"(?<!is )(?<!are )(?<!been )\bdeclare[sd]? (?:[\w~']+ ){0,3}as an attacker",
    "moves": r"\bmov(?:e|es|ed|ing)\b",
    "enters-play": r"\benters? (?:or leaves )?play\b",
    "leaves-play": r"\bleaves? play\b|\benters or leaves play\b",
    "becomes-attachment": r"\b(?:counts )?as (?:an? )?[\w -]{0,20}attachment with\b",
    "deals-shadow-cards": r"\bdeal(?:s|t)? (?:\w+ ){0,4}shadow cards?\b",
    "x-value": r"\bx is\b|\bwhere x\b|\bx equals\b",
    "first-player-controls": r"\bfirst player gains control\b",
    "no-engagement-checks": r"\bdo(?:es)? not make engagement checks\b|\bno engagement checks\b",
}
#: Period words of a printed limit ("Limit once per round") -> flag suffix.
_LIMIT = re.compile(
    r"\blimit (once|twice|\d+|one|two|three) (?:times? )?(?:per|each) "
    r"(round|phase|game|attack|turn)\b"
)
_LIMIT_EACH_PLAYER = re.compile(r"\beach player (?:once|one time) (?:per|each) (round|phase)")
_CARD_LIMIT = re.compile(
    r"\blimit (\d+|one) (?:cop(?:y|ies) (?:of [^.]*? )?)?per "
    r"(deck|hero|character|location|enemy|quest|player|ally|attack)\b"
)
_COUNT_WORDS = {
    "once": "once",
    "one": "once",
    "1": "once",
    "twice": "twice",
    "two": "twice",
    "2": "twice",
    "three": "3-times",
}

#: Knowledge-base entries behind each fact. Every id is checked to exist at build time.
ABILITY_ENTRIES = {
    "Action": ["rr/action-action-ability", "rr/appendix-i/action-windows"],
    "Response": ["rr/response", "faq/1.08"],
    "Forced": ["rr/forced", "faq/1.09", "faq/1.58"],
    "When Revealed": ["rr/reveal", "faq/1.22"],
    "Travel": ["rr/travel", "rr/travel-phase"],
    "Shadow": ["rr/shadow-effects"],
    "Setup": ["rr/setup", "faq/1.19"],
    "Quest Action": ["rr/action-action-ability", "rr/quest-phase"],
    "Combat Action": ["rr/action-action-ability", "rr/combat-phase"],
    "Planning Action": ["rr/action-action-ability", "rr/planning-phase"],
    "Refresh Action": ["rr/action-action-ability", "rr/refresh-phase"],
    "Resource Action": ["rr/action-action-ability", "rr/resource-phase"],
    "Travel Action": ["rr/action-action-ability", "rr/travel-phase"],
    "Encounter Action": ["rr/action-action-ability", "rr/encounter-phase"],
    "Quest Response": ["rr/response", "rr/quest-phase"],
    "Valour Action": ["qc/valour-trigger", "rr/action-action-ability"],
    "Valour Response": ["qc/valour-trigger", "rr/response"],
    "Valour Planning Action": ["qc/valour-trigger", "rr/planning-phase"],
    "Valour Combat Action": ["qc/valour-trigger", "rr/combat-phase"],
    "Resolution": ["rr/campaign/campaign-cards"],
}
FLAG_ENTRIES = {
    "limit": ["rr/limits", "faq/1.51"],
    "limit-card": ["rr/limits"],
    "puts-into-play": ["rr/play-and-put-into-play", "faq/1.16"],
    "cancels": ["rr/cancel", "faq/1.53", "faq/1.54"],
    "cannot-be-cancelled": ["rr/cancel"],
    "immune-to-player-card-effects": ["rr/immune", "faq/1.47"],
    "immune-other": ["rr/immune"],
    "attacks-outside-combat": ["rr/attacks-outside-the-combat-phase", "faq/1.28"],
    "declares-attacker": ["faq/1.11", "rr/combat-phase"],
    "additional-attack": ["faq/1.42"],
    "engages": ["rr/engaged", "faq/1.49"],
    "cannot-be-optionally-engaged": ["rr/optional-engagement"],
    "cost-exhaust": ["rr/cost", "rr/exhausted"],
    "cost-discard": ["rr/cost", "faq/1.48"],
    "cost-spend-resources": ["rr/cost", "rr/resources"],
    "cost-raise-threat": ["rr/cost", "rr/threat-threat-dial"],
    "cost-damage": ["rr/cost", "rr/damage"],
    "heals": ["rr/hit-points"],
    "cannot-be-healed": ["rr/hit-points", "rr/cannot"],
    "draws-cards": ["rr/drawing-cards"],
    "adds-resources": ["rr/resources", "faq/1.25"],
    "raises-threat": ["rr/threat-threat-dial"],
    "lowers-threat": ["rr/threat-threat-dial"],
    "direct-damage": ["rr/damage"],
    "returns-to-hand": ["rr/in-play-and-out-of-play"],
    "readies": ["rr/ready"],
    "searches": ["rr/search", "faq/1.21"],
    "then": ["rr/then", "faq/1.15"],
    "instead": ["rr/instead", "rr/replacement-effects"],
    "cannot": ["rr/cannot", "faq/1.14"],
    "takes-control": ["rr/ownership-and-control"],
    "first-player-controls": ["rr/ownership-and-control", "qc/objective-ally-cards"],
    "cannot-have-attachments": ["rr/cannot-have-attachments", "faq/1.56"],
    "victory-display": ["rr/discard-pile-and-victory-display", "faq/1.29"],
    "reveals-encounter-cards": ["rr/reveal", "faq/1.45"],
    "places-progress": ["rr/quest-advancement"],
    "blanks-text": ["rr/blank"],
    "cannot-be-damaged": ["rr/cannot-be-damaged"],
    "lasting-effect": ["rr/lasting-effects", "faq/1.55"],
    "delayed-effect": ["rr/delayed-effects"],
    "moves": ["rr/move"],
    "enters-play": ["rr/enters-play"],
    "leaves-play": ["rr/in-play-and-out-of-play"],
    "becomes-attachment": ["rr/attachment-cards", "faq/1.23"],
    "deals-shadow-cards": ["rr/shadow-effects"],
    "x-value": ["rr/the-letter-x", "faq/1.40"],
    "no-engagement-checks": ["rr/engagement-check"],
    "encounter-card-actions": ["qc/encounter-cards-with-actions"],
}
TYPE_ENTRIES = {
    "Hero": ["rr/hero-cards", "rr/anatomy/hero"],
    "Ally": ["rr/ally-cards", "rr/anatomy/ally"],
    "Attachment": ["rr/attachment-cards", "rr/anatomy/attachment"],
    "Event": ["rr/event-cards", "rr/anatomy/event"],
    "Enemy": ["rr/enemy-cards", "rr/anatomy/enemy"],
    "Location": ["rr/location-cards", "rr/anatomy/location"],
    "Treachery": ["rr/treachery-cards", "rr/anatomy/treachery"],
    "Objective": ["rr/objective-cards", "rr/anatomy/objective"],
    "Objective Ally": ["qc/objective-ally-cards", "rr/objective-cards"],
    "Objective Hero": ["rr/objective-cards"],
    "Quest": ["rr/quest-cards-quest-deck", "rr/anatomy/quest"],
    "Ship Objective": ["qc/ship-objectives"],
    "Ship Enemy": ["qc/ship-enemies"],
    "Treasure": ["qc/treasure-cards"],
    "Contract": ["qc/contracts"],
    "Campaign": ["rr/campaign/campaign-cards"],
    "Nightmare": ["qc/nightmare-mode"],
}
SPHERE_ENTRIES = {
    "Neutral": ["rr/neutral-cards"],
    "Baggins": ["qc/baggins-sphere"],
    "Fellowship": ["qc/fellowship-sphere"],
    "Boon": ["rr/campaign/boons"],
    "Burden": ["rr/campaign/burdens"],
}
CARD_ENTRY_KINDS = ("errata", "qa")

# --- Reading rows ------------------------------------------------------------------


def read_rows(source: Path) -> list[dict[str, str]]:
    """The database's rows, read raw: its text holds bare quote marks, which csv's
    default quoting would take for field delimiters. Short rows leave their missing
    columns empty."""
    with source.open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
        return [{k: (v or "").strip() for k, v in row.items() if k} for row in reader]


def side_keys(rows: list[dict[str, str]]) -> list[str]:
    """`<databaseId>/<side>` for each row. Single-sided cards are side A; a row whose
    side is blank or repeated (two quest rows both marked A) takes B from its image."""
    keys, seen = [], set()
    for row in rows:
        back = ".B." in row.get("imageUrl", "")
        side = row.get("side") or ("B" if back else "A")
        key = f"{row['databaseId']}/{side}"
        if key in seen and back:
            key = f"{row['databaseId']}/B"
        n = 2
        while key in seen:
            key, n = f"{row['databaseId']}/{side}{n}", n + 1
        seen.add(key)
        keys.append(key)
    return keys


def _value(raw: str) -> int | str:
    """A printed number as an int; anything else ("X", "-", "1*") as printed."""
    return int(raw) if raw.isdigit() else raw


def category(row: dict[str, str]) -> str:
    """player / encounter / quest / setup / campaign, from the type and the card back.

    Boons, contracts and the player spheres are player cards; burdens are encounter
    cards unless printed with a player back (Poisoned Counsels)."""
    kind, back, sphere = row["type"], row.get("cardBack", ""), row.get("sphere", "")
    if kind == "Quest":
        return "quest"
    if kind == "Campaign":
        return "campaign"
    if kind in ("Rules", "Nightmare"):
        return "setup"
    if back == "player" or kind == "Contract" or sphere in PLAYER_SPHERES:
        return "player"
    if back == "multi_sided" and sphere == "Boon":
        return "player"
    return "encounter"


def stats(row: dict[str, str]) -> dict[str, int | str]:
    """Printed stats, blanks left out. A hero's `cost` column is its threat cost; a quest
    card's is its stage number."""
    found = {}
    for name, column in STAT_COLUMNS.items():
        raw = row.get(column, "")
        if not raw:
            continue
        if name == "cost" and row["type"] in ("Hero", "Objective Hero"):
            name = "threat"
        elif name == "cost" and row["type"] == "Quest":
            name = "stage"
        found[name] = _value(raw)
    return found


def traits(row: dict[str, str]) -> list[str]:
    return [t.strip() for t in row.get("traits", "").split(".") if t.strip()]


# --- Keywords ----------------------------------------------------------------------


class Keywords:
    """The keyword vocabulary: the knowledge base's `kw/` titles plus a few extras."""

    def __init__(self, kb_keywords: dict[str, str]):
        #: folded name -> (printed name, kb id or None)
        self.names = {title_key(n): (n, i) for n, i in kb_keywords.items()}
        for extra in EXTRA_KEYWORDS:
            self.names.setdefault(title_key(extra), (extra, None))
        alternatives = "|".join(
            sorted((re.escape(k) for k in (*self.names, *KEYWORD_TYPOS)), key=len, reverse=True)
        )
        self.phrase = re.compile(
            rf"^({alternatives})(?::?\s+(\d+|x)(\*)?(?:\s+(per player))?|\s*\(([^)]{{1,40}})\))?$"
        )
        self.given = re.compile(
            rf"\bgains?\s+(?:the\s+)?({alternatives})"
            rf"(?:\s+(\d+|x)\b)?(?:\s+keyword)?",
        )

    def parse(self, phrase: str) -> tuple[str, int | str | None] | None:
        """`Archery 2` -> ("Archery", 2); `Guarded (enemy)` -> ("Guarded", "enemy");
        anything that is not a keyword -> None."""
        m = self.phrase.match(title_key(phrase).strip(" ."))
        if not m:
            return None
        word, number, star, per_player, paren = m.groups()
        name = self.names[title_key(KEYWORD_TYPOS.get(word, word))][0]
        if number is None:
            return name, paren
        value: int | str = number.upper() if number == "x" else int(number)
        if star or per_player:
            value = f"{value}{'*' if star else ''}{' per player' if per_player else ''}"
        return name, value


_SENTENCES = re.compile(r"(?<=[.!?])\s*|\s{2,}")


def split_keyword_phrases(text: str, vocabulary: Keywords) -> tuple[dict, str]:
    """The keywords column's keywords, and the rest of it, which is rules text the data
    sometimes puts there ("Attach to a hero.", "Immune to player card effects.")."""
    found, rest = {}, []
    for phrase in _SENTENCES.split(text):
        parsed = vocabulary.parse(phrase) if 0 < len(phrase) < 48 else None
        if parsed:
            found.setdefault(parsed[0], parsed[1])
        elif phrase.strip():
            rest.append(phrase.strip())
    return found, " ".join(rest)


# --- Text: quotes, abilities and flags ---------------------------------------------

_QUOTE_MARKS = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'"})
_SOFT_OPEN = re.compile(r"(?:[:,(]|\btext|\bgains?)\s*([`'])(?=[A-Z\[])")
_OWN_SUBJECT = re.compile(
    r"(?:(?:^|\s)(?:it|is|he|she|this card|this stage|this location|this enemy|this side|~)"
    r"\s+(?:also\s+)?(?:gains?|has|have)|(?:^|\s)~\s[^,.;]*\b(?:gains?|has)\b|\btreat\b)[^.]*$"
)
_GIVEN = re.compile(r"\b(?:gains?|gain the text|have|has|with the text|counts as)\b[^.]*$")
#: The card becomes an attachment with the quoted text ("Counts as a Condition attachment
#: with the text: ..."): the text is its own, whatever card it is attached to.
_AS_ATTACHMENT = re.compile(
    r"\b(?:counts )?as (?:an? )?[^.]*attachment[^.]*$|\bcounts an? [^.]*attachment"
)
#: "... loses the text ..." last before the quote (not "loses Indestructible and gains:")
_REMOVED = re.compile(r"\blos(?:e|es)\b(?:(?!\bgains?\b)[^.])*$")


def _fold(text: str, title: str) -> str:
    """Lower case, accents folded, curly quotes straightened, the side's own title as
    `~` (so "Aragorn gains" reads as the card itself)."""
    text = title_key(text.translate(_QUOTE_MARKS)).replace("\u00a0", " ")
    own = title_key(title)
    return text.replace(own, "~") if own else text


def quoted_parts(text: str, title: str) -> list[tuple[str, str]]:
    """The text cut into (role, part); role is "plain" (unquoted), "own", "granted",
    "removed" or "reference".

    Double quotes always quote; a backtick or single quote only opens after `:`, `,`,
    `(`, "text" or "gains" and before a capital (elsewhere it is an apostrophe) and closes
    after a sentence's end. A quoted ability a card gives itself ("While in the staging
    area, it gains: ...", "counts as a Condition attachment with the text ...") is its
    own; given to another card, granted; quoted to name it ('cancel the "when revealed"
    effects'), a reference only."""
    text = text.translate(_QUOTE_MARKS)
    parts, i, plain = [], 0, []
    while i < len(text):
        ch = text[i]
        soft = ch in "`'" and _SOFT_OPEN.search(text[max(0, i - 8) : i + 2]) is not None
        if ch != '"' and not soft:
            plain.append(ch)
            i += 1
            continue
        if ch == '"':
            end = text.find('"', i + 1)
        else:
            m = re.compile(rf"(?<=[.!?)\]])\s*{re.escape(ch)}").search(text, i + 1)
            end = m.end() - 1 if m else -1
        end = len(text) if end < 0 else end
        before = "".join(plain)
        context = re.split(r"[.!?]\s", _fold(before[-160:], title))[-1]
        if _REMOVED.search(context):
            role = "removed"
        elif _GIVEN.search(context) or context.rstrip().endswith(":"):
            own = _AS_ATTACHMENT.search(context) or (
                _OWN_SUBJECT.search(context) and not _names_another(before, title)
            )
            role = "own" if own else "granted"
        else:
            role = "reference"
        parts += [("plain", before), (role, text[i + 1 : end])]
        plain, i = [], end + 1
    parts.append(("plain", "".join(plain)))
    return [(role, part) for role, part in parts if part.strip()]


_NAME = re.compile(
    r"\b[A-Z][\w'-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w'-]*)*(?![\w'-])"
    r"(?!\s+(?:heroes|hero|characters?|enem(?:y|ies)|locations?|all(?:y|ies)|attachments?|cards?"
    r"|objectives?|treacher(?:y|ies)|events?|traits?|stages?|side quests?)\b)"
)
_NOT_NAMES = {
    *("X", "While", "If", "When", "After", "Attached", "Each", "The", "This", "Then"),
    *("Counts", "Condition", "Location", "Quest", "Enemy", "Hero", "Ally", "Attachment"),
    *("Objective", "Stage"),
    *(w for label in ABILITY_LABELS for w in label.split()),
}


def _names_another(before: str, title: str) -> bool:
    """Whether the sentence leading up to a pronoun ("he gains:") names a card other
    than this one ("While Urdug is engaged with a player, he gains ..." on Tiny). A
    capitalised word before a card type ("Silvan hero", "Orc enemy") is a trait."""
    sentence = re.split(r"(?<=[.!?])\s*", before.translate(_QUOTE_MARKS))[-1].strip(" (\"'`")
    title = fold_accents(title)
    sentence = fold_accents(sentence).replace(title, "~")
    if re.search(
        r"(?:^|\s)(?:~|this \w+)\s[^,.;]*\b(?:gains?|has)\b[^,.;]*$", _fold(sentence, title)
    ):
        return False
    from rapidfuzz import fuzz

    own = set(title.split())
    for m in _NAME.finditer(sentence):
        found = m.group().split()
        if m.start() == 0:
            found = found[1:]
        found = [w for w in found if w not in _NOT_NAMES]
        if found and fuzz.ratio(" ".join(found), title) >= 85:  # misspelt: "Mitril Lode"
            continue
        words = [w for w in found if w not in own]
        if any(w[0].isupper() and w not in ("of", "the") for w in words):
            return True
    return False


_LABEL = re.compile(
    r"(?:^|(?<=[.!?()\]\"'`:;])|(?<=\s\s))\s*("
    + "|".join(re.escape(label) for label in ABILITY_LABELS)
    + r")\s*:",
    re.IGNORECASE,
)
_LABEL_NAMES = {label.lower(): LABEL_TYPOS.get(label, label) for label in ABILITY_LABELS}


def abilities(part: str) -> list[tuple[str, str]]:
    """(label, body) for each triggered ability starting in `part`; a label must open a
    sentence and start with a capital, as printed."""
    matches = [m for m in _LABEL.finditer(part) if m.group(1)[0].isupper()]
    return [
        (
            _LABEL_NAMES[m.group(1).lower()],
            part[m.end() : matches[n + 1].start() if n + 1 < len(matches) else len(part)],
        )
        for n, m in enumerate(matches)
    ]


_CONDITION = re.compile(r"^\s*(?:(?:after|when|if|at|before|during|while)\b[^,]*,\s*)+")
#: What follows the "to" of "Exhaust X to <effect>": an effect's verb (so "deal 1 damage to
#: Arwen" is not read as a cost).
_EFFECT_VERBS = (
    "add|attach|attack|bypass|cancel|choose|claim|commit|deal|declare|defend|discard|double|"
    "draw|engage|exhaust|flip|gain|give|have|heal|increase|look|lower|make|move|place|play|"
    "prevent|put|raise|ready|reduce|remove|replace|resolve|return|reveal|search|shuffle|"
    "skip|spend|switch|take|target|travel|treat|trigger|use"
)
_COST = re.compile(
    r"^\s*((?:exhaust|discard|spend|pay|raise|deal|remove|return|add|place|reveal|move|search)\b"
    rf".*?)\bto (?:immediately )?(?:{_EFFECT_VERBS})\b"
)
COST_FLAGS = {
    "cost-exhaust": r"\bexhaust",
    "cost-discard": r"\bdiscard(?!\w* pile)",
    "cost-spend-resources": r"\b(?:spend|pay)\b",
    "cost-raise-threat": r"\braise (?:your|his|her|each player'?s) threat",
    "cost-damage": r"\bdeals? \w+ damage",
}
#: "At the end of the phase" inside an effect (a delayed effect); opening a Forced ability
#: it is the trigger instead.
_DELAYED = re.compile(r"\bat the end of the (?:phase|round)\b")


def cost_flags(body: str, label: str = "") -> set[str]:
    """Cost flags of one triggered ability: the part before "to" when the ability opens
    (after its triggering condition) with a cost verb, as in "Exhaust X to ...". A Travel
    ability is all cost (the price of travelling to the location)."""
    first = re.split(r"(?<=[.!?])\s", body.strip(), maxsplit=1)[0]
    m = _COST.match(_CONDITION.sub("", first))
    cost = m.group(1) if m else body if label == "Travel" else ""
    return {flag for flag, pattern in COST_FLAGS.items() if re.search(pattern, cost)}


def _sentence_keywords(part: str, vocabulary: Keywords, into: dict) -> None:
    """Keywords printed as sentences of their own ("Surge.", "Archery 2."), or as a
    keyword's own label ("Scour: ...", "Escape: 4")."""
    for phrase in _SENTENCES.split(part):
        head, colon, tail = phrase.partition(":")
        if colon and 0 < len(head.strip()) < 20 and (parsed := vocabulary.parse(head)):
            value = tail.strip(" .")
            into.setdefault(parsed[0], _value(value) if re.fullmatch(r"\d+|X", value) else None)
            continue
        parsed = vocabulary.parse(phrase) if 0 < len(phrase.strip()) < 48 else None
        if parsed:
            into.setdefault(*parsed)


def text_facts(row: dict[str, str], vocabulary: Keywords) -> dict:
    """Keywords, ability types, granted abilities and flags of one side.

    Keywords are the keyword sentences of the keywords column and of the text's
    unquoted part (the data puts them in either); the rest of the keywords column is
    rules text and read with the text. Abilities and flags come from the side's own
    text (unquoted, or quoted as given to itself) and its shadow text; abilities quoted
    as given to another card are `granted`; keywords the text gives are `gains_keywords`."""
    title = row["name"]
    keywords, column_rest = split_keyword_phrases(row.get("keywords", ""), vocabulary)
    if row.get("victoryPoints"):
        keywords["Victory"] = _value(row["victoryPoints"])
    own_types, granted_types, flags, gains, own_text = set(), set(), set(), {}, []
    for source in (column_rest, row.get("text", "")):
        for role, part in quoted_parts(source, title):
            if role in ("removed", "reference"):
                continue
            if role == "plain":
                _sentence_keywords(part, vocabulary, keywords)
            elif role == "granted" or role == "own":
                _sentence_keywords(part, vocabulary, gains)
            for label, body in abilities(part):
                if role == "granted":
                    granted_types.add(label)
                    continue
                own_types.add(label)
                folded = _fold(body, title)
                flags |= cost_flags(folded, label)
                delayed = _DELAYED.search(folded)
                if delayed and (label != "Forced" or folded[: delayed.start()].strip()):
                    flags.add("delayed-effect")
            if role != "granted":
                folded = _fold(part, title)
                own_text.append(folded)
                for m in vocabulary.given.finditer(folded):
                    parsed = vocabulary.parse(" ".join(g for g in m.groups() if g))
                    if parsed:
                        gains.setdefault(*parsed)
    text = " ".join(own_text)
    flags |= {flag for flag, pattern in FLAG_PATTERNS.items() if re.search(pattern, text)}
    if row.get("shadow"):
        # a shadow effect resolves during an attack: an attack it makes is an additional
        # attack in the combat phase, not one outside it
        own_types.add("Shadow")
        shadow = _fold(row["shadow"], title)
        found = {flag for flag, pattern in FLAG_PATTERNS.items() if re.search(pattern, shadow)}
        if "attacks-outside-combat" in found:
            found = (found - {"attacks-outside-combat"}) | {"additional-attack"}
        flags |= found
        text = f"{text} {shadow}"
    for m in _LIMIT.finditer(text):
        count = _COUNT_WORDS.get(m.group(1), f"{m.group(1)}-times")
        flags.add(f"limit-{count}-per-{m.group(2)}")
    for m in _LIMIT_EACH_PLAYER.finditer(text):
        flags |= {f"limit-once-per-{m.group(1)}", "limit-each-player"}
    for m in _CARD_LIMIT.finditer(text):
        flags.add(f"limit-{'1' if m.group(1) == 'one' else m.group(1)}-per-{m.group(2)}")
    tags = row.get("tags", "")
    for tag, flag in TAG_FLAGS.items():
        if tag in tags:
            flags.add(flag)
    if any(row.get(column) == "X" for column in STAT_COLUMNS.values()):
        flags.add("x-value")
    if category(row) != "player" and own_types & ACTION_TYPES:
        flags.add("encounter-card-actions")
    return {
        "keywords": keywords,
        "abilities": sorted(own_types),
        "granted": sorted(granted_types),
        "gains_keywords": {k: v for k, v in gains.items() if k not in keywords},
        "flags": sorted(flags),
    }


TAG_FLAGS = {
    "immuneToPlayerCardEffects": "immune-to-player-card-effects",
    "firstPlayerControls": "first-player-controls",
    "doesNotMakeEngagementChecks": "no-engagement-checks",
}
ACTION_TYPES = {
    "Action",
    "Quest Action",
    "Combat Action",
    "Planning Action",
    "Travel Action",
    "Refresh Action",
    "Resource Action",
    "Encounter Action",
}


# --- Designs -----------------------------------------------------------------------


def _comparable_text(row: dict[str, str]) -> str:
    text = " ".join(row.get(k, "") for k in ("keywords", "text", "shadow"))
    text = _fold(text, row["name"])
    return " ".join(re.sub(r"[^a-z0-9~+\-\[\] ]+", " ", text).split())


def _same_stats(a: dict, b: dict) -> bool:
    """Same printed stats, a blank stat (lost in a reprint) matching any."""
    sa, sb = a["stats"], b["stats"]
    return all(sa[k] == sb[k] for k in sa.keys() & sb.keys())


def _same_traits(a: dict, b: dict) -> bool:
    ta, tb = set(a["traits"]), set(b["traits"])
    return not ta or not tb or ta == tb


def group_designs(sides: dict[str, dict], rows: dict[str, dict[str, str]]) -> list[list[str]]:
    """Printings grouped into designs: same title (slug), type, sphere and side letter,
    compatible stats and traits, near-identical text (or one printing's text lost),
    never across the team-vs-team event packs' boundary. Two cards of one pack are one
    design only when their text is identical (the Two-Player starter's two Gandalfs; the
    Grey Havens' Lost Islands differ by a few words and are separate cards)."""
    from rapidfuzz import fuzz

    groups: dict[tuple, list[dict]] = defaultdict(list)
    designs: list[list[str]] = []
    for key, side in sides.items():
        row = rows[key]
        letter = key.rsplit("/", 1)[1] if row.get("cardBack") == "multi_sided" else ""
        group = groups[(slugify(row["name"]), row["type"], row.get("sphere", ""), letter)]
        text = _comparable_text(row) if row.get("text") or row.get("shadow") else ""
        threshold = SAME_DESIGN.get(side["category"], SAME_DESIGN_OTHER)
        best, best_score = None, -1.0
        for design in group:
            if (side["pack"] in EVENT_PACKS) != (design["first_pack"] in EVENT_PACKS):
                continue
            if not all(_same_stats(side, other) for other in design["members"]):
                continue
            others = [t for t in design["texts"] if t]
            score = max((fuzz.ratio(text, t) for t in others), default=100.0) if text else 100.0
            needed = 99.5 if side["pack"] in design["packs"] else threshold
            identical = bool(text) and score >= 99.5  # then a different trait is a typo
            if not identical and not all(_same_traits(side, o) for o in design["members"]):
                continue
            if score >= needed and score > best_score:
                best, best_score = design, score
        if best is None:
            best = {
                "keys": [],
                "packs": set(),
                "members": [],
                "texts": [],
                "first_pack": side["pack"],
            }
            group.append(best)
            designs.append(best["keys"])
        best["keys"].append(key)
        best["packs"].add(side["pack"])
        best["members"].append(side)
        best["texts"].append(text)
    return designs


def design_id(side: dict, taken: set[str]) -> str:
    """`<title>-<type>-<sphere or encounter set>`, then the pack, then a number, until
    unique: `aragorn-hero-leadership`, `hill-troll-enemy-wilderlands`."""
    quest = (
        f"-{side['stats'].get('stage', '')}{side['side'].lower()}" if side.get("stage_side") else ""
    )
    parts = [
        side["title"],
        side["type"],
        side["sphere"] or side.get("encounter_set") or side["pack"],
    ]
    base = slugify(" ".join(parts)) + quest
    candidate = base
    if candidate in taken:
        candidate = f"{base}-{slugify(side['pack'])}"
    n = 2
    while candidate in taken:
        candidate, n = f"{base}-{n}", n + 1
    taken.add(candidate)
    return candidate


def _most_common(values: list) -> object:
    """The value most printings agree on; on a tie, the earliest printing's."""
    counts = Counter(json.dumps(v, sort_keys=True) for v in values)
    return max(values, key=lambda v: counts[json.dumps(v, sort_keys=True)], default=None)


def merge(members: list[dict]) -> dict:
    """A design's facts: the union over its printings (a reprint can lose a field)."""
    titles = Counter(m["title"] for m in members)
    order = {t: n for n, t in reversed(list(enumerate(m["title"] for m in members)))}
    first = members[0]
    merged = {
        "title": max(titles, key=lambda t: (titles[t], -order[t])),
        "type": first["type"],
        "category": first["category"],
        "sphere": first["sphere"],
        "unique": any(m["unique"] for m in members),
        "traits": _most_common([m["traits"] for m in members if m["traits"]]) or [],
        "keywords": {},
        "gains_keywords": {},
        "stats": {},
        "abilities": sorted({a for m in members for a in m["abilities"]}),
        "granted": sorted({a for m in members for a in m["granted"]}),
        "flags": sorted({f for m in members for f in m["flags"]}),
        "encounter_sets": sorted({m["encounter_set"] for m in members if m["encounter_set"]}),
        "titles": sorted(titles),
        "members": members,
    }
    for m in members:
        for field in ("keywords", "gains_keywords", "stats"):
            for name, value in m[field].items():
                merged[field].setdefault(name, value)
    for name in merged["keywords"]:
        merged["gains_keywords"].pop(name, None)
    return merged


# --- Knowledge-base pointers ---------------------------------------------------------


def knowledge_base(root: Path) -> list:
    """Every entry, read by the knowledge base's own loader (no cache written)."""
    from judge.kb.knowledge import compile_entries

    return compile_entries(root)


def keyword_entries(entries: list) -> dict[str, str]:
    """Printed keyword name -> `kw/` id (`Archery X` -> Archery). `Guarded (X)` and
    `Player Card With Doomed X` are the X forms of entries the plain name already has."""
    found = {}
    for e in sorted(entries, key=lambda e: e.id):
        if e.kind != "keyword":
            continue
        name = re.sub(r"\s*\(?\bX\)?$", "", e.title.strip("\"'")).strip()
        if name.lower().startswith("player card"):
            continue
        found.setdefault(name, e.id)
    return found


def card_entries(entries: list, designs: dict[str, dict]) -> dict[str, list[str]]:
    """Design id -> the errata and Q&A entries whose `cards:` name one of its titles.

    An entry about one version of a title says which (`set: "CORE 8"`, or "Legolas
    (CORE 5)" in its text): then only the designs with a printing of that number (from
    the Core Set for CORE) get it; with no number, or none matching, every design of
    that title does."""
    by_title: dict[str, list[str]] = defaultdict(list)
    for did, design in designs.items():
        for title in design["titles"]:
            by_title[title_key(title)].append(did)
    found: dict[str, set[str]] = defaultdict(set)
    for e in entries:
        if e.kind not in CARD_ENTRY_KINDS:
            continue
        for card in e.cards:
            candidates = sorted(set(by_title.get(title_key(card), ())))
            numbers = set()
            if e.set_code and title_key(card) == title_key(e.title):
                numbers.add(tuple(e.set_code.rsplit(" ", 1)))
            for m in re.finditer(re.escape(card) + r"'?s? \(([A-Za-z]{1,6}) (\d{1,3})\)", e.body):
                numbers.add((m.group(1), m.group(2)))
            narrowed = [
                did
                for did in candidates
                if any(_printed_as(designs[did], code, number) for code, number in numbers)
            ]
            for did in narrowed or candidates:
                found[did].add(e.id)
    return {did: sorted(ids) for did, ids in found.items()}


def _printed_as(design: dict, code: str, number: str) -> bool:
    for p in design["members"]:
        if str(p["number"]) == number and (code.upper() != "CORE" or p["pack"] == "Core Set"):
            return True
    return False


def pointers(facts: dict, keyword_ids: dict[str, str], known: set[str]) -> dict[str, list[str]]:
    """Fact label -> the knowledge-base entries a rules answer about it would cite."""
    found: dict[str, list[str]] = {}

    def add(label: str, ids: list[str]) -> None:
        ids = [i for i in ids if i]
        missing = [i for i in ids if i not in known]
        if missing:
            raise SystemExit(f"build_card_facts: no knowledge-base entry {missing} for {label}")
        if ids:
            found.setdefault(label, [])
            found[label] += [i for i in ids if i not in found[label]]

    for name in facts["keywords"]:
        kid = keyword_ids.get(name)
        if name == "Doomed" and facts["category"] == "player":
            kid = "kw/player-card-with-doomed-x"
        if name == "Guarded" and facts["keywords"][name] is not None:
            kid = "kw/guarded-x"
        add(name, [kid] if kid else [])
    for name in facts["gains_keywords"]:
        add(f"gains {name}", [keyword_ids[name]] if name in keyword_ids else [])
    for label in facts["abilities"]:
        add(label, ABILITY_ENTRIES.get(label, []))
    for label in facts["granted"]:
        add(f"grants {label}", ["rr/gains", *ABILITY_ENTRIES.get(label, [])])
    for flag in facts["flags"]:
        if re.match(r"limit-(?:once|twice|\d+-times)-per-(?:round|phase|game|attack|turn)$", flag):
            add(flag, FLAG_ENTRIES["limit"])
        elif flag.startswith("limit-") and flag != "limit-each-player":
            add(flag, FLAG_ENTRIES["limit-card"])
        else:
            add(flag, FLAG_ENTRIES.get(flag, []))
    if any(f.startswith("limit-") for f in facts["flags"]) and "Action" in facts["abilities"]:
        add("limit-on-action", ["faq/1.10"])
    if facts["unique"]:
        add(
            "unique",
            ["rr/unique-cards"]
            + (["qc/unique-encounter-cards"] if facts["category"] == "encounter" else []),
        )
    add(facts["type"], TYPE_ENTRIES.get(facts["type"], []))
    if facts["type"] == "Side Quest":
        add(
            "Side Quest",
            [
                "qc/side-quest",
                "qc/player-side-quest"
                if facts["category"] == "player"
                else "qc/encounter-side-quest",
            ],
        )
    if facts["sphere"]:
        add(facts["sphere"], SPHERE_ENTRIES.get(facts["sphere"], ["rr/spheres-of-influence"]))
    return found


# --- The whole file ----------------------------------------------------------------


def build(source: Path, kb_root: Path = ROOT) -> dict:
    rows = read_rows(source)
    entries = knowledge_base(kb_root)
    known = {e.id for e in entries}
    keyword_ids = keyword_entries(entries)
    vocabulary = Keywords(keyword_ids)

    by_key, sides = {}, {}
    for key, row in zip(side_keys(rows), rows, strict=True):
        by_key[key] = row
        facts = text_facts(row, vocabulary)
        side = {
            "card": row["databaseId"],
            "side": key.rsplit("/", 1)[1],
            "title": row["name"],
            "type": row["type"],
            "category": category(row),
            "sphere": row.get("sphere", ""),
            "unique": row.get("unique", "") in ("1", "Yes", "yes", "True"),
            "traits": traits(row),
            "stats": stats(row),
            "pack": row.get("packName", ""),
            "number": _value(row.get("numberInPack", "")),
            "quantity": _value(row.get("deckbuilderQuantity", "")),
            "encounter_set": row.get("encounterSet", ""),
            **facts,
        }
        if row["type"] == "Quest":
            side["stage_side"] = True
        sides[key] = side

    designs, taken = {}, set()
    for keys in group_designs(sides, by_key):
        members = [sides[k] for k in keys]
        did = design_id(members[0], taken)
        design = merge(members)
        design["printings"] = keys
        design["entries"] = pointers(design, keyword_ids, known)
        designs[did] = design
        for k in keys:
            sides[k]["design"] = did
    for did, ids in card_entries(entries, designs).items():
        designs[did]["card_entries"] = ids
    for design in designs.values():
        design["titles"] = [t for t in design["titles"] if t != design["title"]]
        del design["members"]
    for side in sides.values():
        del side["card"], side["side"]
        side.pop("stage_side", None)
    return {
        "source": SOURCE_NAME,
        "schema": SCHEMA,
        "counts": {
            "sides": len(sides),
            "cards": len({k.split("/")[0] for k in sides}),
            "designs": len(designs),
        },
        "sides": {k: _without_empty(v) for k, v in sides.items()},
        "designs": {k: _without_empty(v) for k, v in designs.items()},
    }


def _without_empty(record: dict) -> dict:
    """Blank, empty and false fields left out: the loader reads them as defaults."""
    return {k: v for k, v in record.items() if v not in ("", [], {}, False, None)}


def render(facts: dict) -> bytes:
    """Compact, sorted, UTF-8: rebuilding from the same source gives the same bytes."""
    text = json.dumps(facts, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return (text + "\n").encode("utf-8")


def main(argv: list[str] | None = None) -> int:
    import built_file

    return built_file.main(
        argv,
        tool="build_card_facts",
        description=__doc__.split("\n", 1)[0],
        source=DEFAULT_SOURCE,
        what="the card database",
        output=OUTPUT,
        build=lambda source: render(build(source)),
    )


if __name__ == "__main__":
    raise SystemExit(main())
