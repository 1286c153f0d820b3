"""How players talk versus how the rules are written.

Entry-specific names live in each entry's `aliases`; this table holds only the general
table-talk vocabulary that maps onto rules words everywhere ("tap" means exhaust in
every entry). Keys are word sequences as the player types them, matched by stem:
one form stands for its inflections ("tap" finds "tapped" and "tapping"), and a
second form of the same stem would only overwrite the first. `EXACT_SYNONYMS` holds
the words matched only as written.
"""

from __future__ import annotations

SYNONYMS: dict[tuple[str, ...], tuple[str, ...]] = {
    ("tap",): ("exhaust",),
    ("untap",): ("ready",),
    ("mana",): ("resources",),
    ("money",): ("resources",),
    ("gold",): ("resources",),
    # "do I get my resources back?": was the cost refunded
    ("refund",): ("cost", "paid"),
    ("resources", "back"): ("cost", "paid"),
    ("monster",): ("enemy",),
    ("mob",): ("enemy",),
    ("baddie",): ("enemy",),
    ("bad", "guy"): ("enemy",),
    ("orc",): ("enemy",),
    ("troll",): ("enemy",),
    ("goblin",): ("enemy",),
    ("spider",): ("enemy",),
    ("chump",): ("defend",),
    ("tank",): ("defend",),
    ("beat",): ("defeat", "win"),  # "once we beat the scenario"
    ("spread",): ("split",),  # "spread the archery damage across players"
    # two effects at odds: which one overrides the other ("cannot" does; the card
    # overrides the rulebook). Not "who wins", which a TCG skirmish asks
    ("which", "wins"): ("override",),
    ("takes", "precedence"): ("override",),
    ("trump",): ("override",),
    ("swing",): ("attack",),
    # "do they hit me in order?"; not "hit points", nor "my threat hit 50"
    ("hit", "me"): ("attack",),
    ("hit", "us"): ("attack",),
    ("swung",): ("attacked",),
    ("snipe",): ("attack",),
    ("slap",): ("attach",),
    ("ping",): ("damage",),
    ("zap",): ("damage",),
    ("bounce",): ("return", "hand"),
    ("mill",): ("discard", "top", "deck"),
    ("scry",): ("look", "top", "deck"),  # "scrying the encounter deck" (not "scoring")
    ("mull",): ("mulligan",),
    ("quester",): ("committed", "character"),
    ("go", "questing"): ("commit",),  # "do my heroes exhaust to go questing?"
    ("borrow",): ("control",),  # "borrowed my teammate's ally"
    ("splash",): ("sphere",),
    ("how", "hard"): ("difficulty",),
    ("how", "difficult"): ("difficulty",),
    ("how", "tough"): ("difficulty",),
    ("block",): ("defend",),
    ("blocker",): ("defender",),
    ("kill",): ("destroy",),
    ("die",): ("destroyed",),
    ("dead",): ("destroyed",),
    # "hey guys" greets the table: only someone's guys are characters
    ("my", "guys"): ("characters",),
    ("our", "guys"): ("characters",),
    ("your", "guys"): ("characters",),
    ("his", "guys"): ("characters",),
    ("her", "guys"): ("characters",),
    ("their", "guys"): ("characters",),
    ("other", "guys"): ("characters",),
    ("dude",): ("character",),
    ("char",): ("character",),
    ("unit",): ("character",),
    ("dial",): ("threat",),
    ("hp",): ("hit", "points"),
    ("health",): ("hit", "points"),
    ("life",): ("hit", "points"),
    ("dmg",): ("damage",),
    ("wounds",): ("damage",),
    ("wp",): ("willpower",),
    ("atk",): ("attack",),
    ("def",): ("defense",),
    ("defence",): ("defense",),
    ("armour",): ("armor",),
    ("sword",): ("weapon",),  # "two swords on one companion": the rules say weapons
    ("axe",): ("weapon",),
    ("dagger",): ("weapon",),
    ("spear",): ("weapon",),
    ("graveyard",): ("discard", "pile"),
    ("trash",): ("discard",),
    ("pitch",): ("discard",),
    ("deck", "out"): ("running", "out", "of", "cards"),
    ("buddy",): ("another", "player"),
    ("friend",): ("another", "player"),
    ("teammate",): ("another", "player"),
    ("ally", "player"): ("another", "player"),
    ("turn",): ("round",),
    ("flip",): ("reveal",),
    ("flip", "through"): ("look",),  # "can my friend flip through my hand"
    # "a doomed card comes up": is revealed from the encounter deck
    ("comes", "up"): ("revealed",),
    ("came", "up"): ("revealed",),
    ("pull",): ("engage",),
    ("aggro",): ("engage",),
    ("quest", "points"): ("progress",),
    ("location", "lock"): ("staging", "area", "locations"),
    ("boss",): ("unique", "enemy"),
    ("stat",): ("strength",),
    ("boost",): ("modifier",),
    ("buff",): ("modifier",),
    ("nerf",): ("modifier",),
    ("double",): ("modifiers",),
    ("halve",): ("modifiers",),
    ("interrupt",): ("cancel",),
    ("swap", "out"): ("replace",),  # "swaps out the damage for...": a replacement effect
    ("fizzle",): ("cancel",),
    ("fizzles",): ("resolved",),
    ("once", "per"): ("limit",),
    ("max",): ("limit",),
    ("max", "number"): ("how", "many"),  # "the max number of heroes"
    ("maximum", "number"): ("how", "many"),
    ("bottom", "out"): ("below", "zero"),  # "it bottomed out at 0": no value goes below
    ("cap",): ("limit",),
    ("lose",): ("eliminated",),
    ("lost",): ("defeat",),
    ("threat", "out"): ("eliminated",),
    ("knocked", "out"): ("eliminated",),
    ("am", "i", "out"): ("eliminated",),
    ("i'm", "out"): ("eliminated",),
    ("im", "out"): ("eliminated",),
    ("we're", "out"): ("eliminated",),
    ("are", "we", "out"): ("eliminated",),
    ("1",): ("one",),
    ("2",): ("two",),
    ("3",): ("three",),
    ("4",): ("four",),
    ("5",): ("five",),
    ("1st",): ("first",),
    ("2nd",): ("second",),
    ("3rd",): ("third",),
    ("misprint",): ("errata",),
    ("set", "up"): ("setup",),  # "while setting up the scenario"
    ("go", "up"): ("raise",),  # "threat goes up"; "goes" and "went" stem apart from "go"
    ("goes", "up"): ("raise",),
    ("went", "up"): ("raise",),
    ("go", "down"): ("reduce",),  # "does the cost go down"
    ("goes", "down"): ("reduce",),
    ("went", "down"): ("reduce",),
    ("pump",): ("modifier",),
    ("run", "dry"): ("runs", "out"),  # "the encounter deck runs dry"
    ("ran", "dry"): ("runs", "out"),
    ("right", "away"): ("immediately",),  # "does the damage go on right away?"
    ("straight", "away"): ("immediately",),
    ("til",): ("until",),
    ("till",): ("until",),
    ("on", "purpose"): ("optional",),
    ("a", "choice"): ("optional",),  # "do i get a choice?": is it optional or forced
    ("fire", "off"): ("trigger",),  # "can i fire off his action": "fire" alone is rare
    ("earliest",): ("first",),  # "the earliest point in a round": the rules say first
    ("latest",): ("last",),
    ("send", "back"): ("return",),  # "sent back to the staging area"
    ("sent", "back"): ("return",),
    ("halfway", "through"): ("during",),  # "halfway through its attack"
    ("midway",): ("during",),
    ("middle", "of"): ("during",),
    ("vp",): ("victory", "display"),
    ("victory", "pile"): ("victory", "display"),
    ("leftover",): ("surplus",),  # damage beyond what destroys a character
    ("excess",): ("surplus",),
    ("spill",): ("surplus",),
    ("overflow",): ("surplus",),
    ("trample",): ("surplus",),
    ("roll", "over"): ("surplus",),
    ("overquest",): ("surplus",),
    ("same", "card"): ("copy",),  # "do they count as the same card?"
    ("same", "name"): ("title", "copy"),
    # a tie: the rules say "equal" ("threat equal to the engagement cost")
    ("tie",): ("equal",),  # "tied", "ties": the table is keyed by stems
    ("exactly",): ("equal",),  # "engagement cost is exactly 30"
    ("same", "as"): ("equal",),  # "willpower is the same as the threat"
}

#: player words matched only as written, not by their stem, which is another word
#: ("decked" stems to "deck", which any question about a deck says)
EXACT_SYNONYMS: dict[tuple[str, ...], tuple[str, ...]] = {
    ("guy",): ("character",),  # stems as "guys", which greets the table ("hey guys")
    ("changed",): ("errata",),  # stems as "change" ("does X change?")
    ("decked",): ("running", "out", "of", "cards"),
}

#: Words that reveal what kind of answer a question wants, and how much to favour it.
#: Weights multiply a hit's score; nothing is ever filtered out.
#: words that ask for a card's errata: they choose the kind of entry, not a rule in it
ERRATA_WORDS = frozenset({"errata", "erratum", "misprint", "reworded", "corrected", "changed"})
#: the stems of the words that name a kind of entry -> the kinds it names: every entry of
#: those kinds covers the word, whether or not its text says it ("thalin errata",
#: "sentinel keyword"). Not "corrected" or "changed", which say more: "does my threat
#: change?" A card's questions and answers are rulings of the FAQ too ("thalin faq")
KIND_NAMES = {
    **dict.fromkeys(("errata", "erratum", "misprint"), ("errata",)),
    "keyword": ("keyword",),
    "faq": ("faq", "qa"),
    # "ruling 1.15", "any rulings on this?" ("rules" shares the stem: a word so common
    # that it weighs next to nothing)
    "rule": ("faq", "qa"),
}

INTENTS: tuple[tuple[frozenset[str], dict[str, float]], ...] = (
    (ERRATA_WORDS, {"errata": 3.0, "qa": 1.4}),
    # timing words favour the round's steps and the glossary's ordering rules, not
    # rulings: a ruling that shares them is usually about a special case ("Card
    # Effects during Setup")
    (
        frozenset({"timing", "window", "step", "order", "first", "before", "resolve", "resolves"}),
        {"step": 1.3, "glossary": 1.1},
    ),
    (
        frozenset({"campaign", "fallen", "boon", "boons", "burden", "burdens", "log", "pool"}),
        {"campaign": 2.0},
    ),
    (frozenset({"keyword", "keywords"}), {"keyword": 1.5, "glossary": 1.2}),
    (frozenset({"faq", "ruling", "rulings", "official"}), {"faq": 1.5, "qa": 1.3}),
)

#: Phrases (as word sequences) that signal the same intents.
INTENT_PHRASES: tuple[tuple[tuple[str, ...], dict[str, float]], ...] = (
    (("when", "can", "i"), {"step": 1.4, "glossary": 1.1}),
    (("which", "happens", "first"), {"glossary": 1.2}),
    (("campaign", "mode"), {"campaign": 1.5}),
)

#: who a forum post quotes ("my friend says...", "the table thought..."): the people at
#: the table, not the other player a rule speaks of; and what they do when quoted
NARRATORS = frozenset(
    {"friend", "friends", "buddy", "buddies", "wife", "husband", "partner", "mate", "mates"}
    | {"group", "table", "everyone", "everybody", "people", "brother", "sister", "son"}
    | {"daughter", "dad", "girlfriend", "boyfriend", "roommate", "others"}
)
SAYING = frozenset(
    {"says", "said", "say", "thinks", "think", "thought", "argues", "argued", "claims"}
    | {"claimed", "insists", "insisted", "reckons", "believes", "swears", "disagrees"}
    | {"disagreed", "told", "ruled", "read"}
)
