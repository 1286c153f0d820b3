"""State invariants: what the rules say must already have happened at any moment.

Each rule is declared once with `@invariant` (rule id, severity, the entries it
implements, the phases it applies in) and yields (message, path) pairs. A stat left out
of the YAML is 0, which means "unknown" for hit points and quest points: those checks
need a positive value to judge.
"""

from __future__ import annotations

from collections.abc import Iterator

from judge.base.slug import title_key
from judge.games.lcg.keywords import has_keyword
from judge.games.lcg.state import ELIMINATION_THREAT, Board
from judge.rules.declarations import invariant

RESTRICTED_LIMIT = 2
Found = Iterator[tuple[str, str]]


@invariant(
    "threat-elimination",
    "violation",
    "rr/threat-elimination-level",
    "faq/1.57",
    "rr/player-elimination",
)
def threat_elimination(board: Board) -> Found:
    """A player whose threat reaches 50 is eliminated at once (50 itself eliminates)."""
    for player in board.players:
        if not player.eliminated and player.threat >= ELIMINATION_THREAT:
            yield (
                f"{player.name}'s threat is {player.threat}: a player is eliminated on reaching "
                f"{ELIMINATION_THREAT}.",
                f"{player.path}.threat",
            )


@invariant("no-heroes", "violation", "rr/player-elimination", "rr/hero-cards", outside=("setup",))
def no_heroes(board: Board) -> Found:
    """After setup, a player left with no heroes is eliminated."""
    for player in board.players:
        if not player.eliminated and not player.heroes:
            yield (
                f"{player.name} controls no heroes: a player whose heroes are all gone is eliminated.",
                f"{player.path}.heroes",
            )


@invariant(
    "hero-count", "violation", "rr/setup", "rr/hero-cards", "rr/deckbuilding", only=("setup",)
)
def hero_count(board: Board) -> Found:
    """At setup each player has 1 to 3 heroes."""
    for player in board.players:
        if not 1 <= len(player.heroes) <= 3:
            yield (
                f"{player.name} starts with {len(player.heroes)} heroes: each player begins with 1 to 3.",
                f"{player.path}.heroes",
            )


@invariant(
    "destroyed", "violation", "rr/damage", "rr/hit-points", "rr/destroy", "kw/indestructible"
)
def destroyed(board: Board) -> Found:
    """Damage equal to hit points destroys a character or an enemy (indestructible enemies excepted)."""
    for player in board.players:
        for card in player.characters:
            if card.destroyed:
                yield (
                    f"{card.title} has {card.damage} damage and {card.hit_points} hit points: it is destroyed "
                    "and goes to its owner's discard pile.",
                    f"{card.path}.damage",
                )
    for enemy in board.enemies_in_play:
        if (
            enemy.hit_points > 0
            and enemy.damage >= enemy.hit_points
            and not has_keyword(enemy.keywords, "indestructible")
        ):
            yield (
                f"{enemy.title} has {enemy.damage} damage and {enemy.hit_points} hit points: it is destroyed "
                "and goes to the encounter discard pile.",
                f"{enemy.path}.damage",
            )


@invariant("explored", "violation", "rr/explored", "faq/1.18", "rr/location-cards")
def explored(board: Board) -> Found:
    """A location with progress equal to its quest points is explored and discarded, active or not."""
    for location in (*board.staging_locations, *board.active_locations):
        if location.quest_points > 0 and location.progress >= location.quest_points:
            yield (
                f"{location.title} has {location.progress} progress on {location.quest_points} quest points: "
                "it is explored and should be in the discard pile.",
                f"{location.path}.progress",
            )


def _complete(board: Board) -> bool:
    quest = board.quest
    return quest is not None and 0 < quest.quest_points <= quest.progress


@invariant("quest-advance", "violation", "rr/quest-advancement")
def quest_advance(board: Board) -> Found:
    """A stage with enough progress advances at once."""
    if _complete(board) and not board.quest.final:
        quest = board.quest
        yield (
            f"{quest.title} (stage {quest.stage}) has {quest.progress} of {quest.quest_points} progress: "
            "the players should already have advanced to the next stage.",
            "quest.progress",
        )


@invariant("game-won", "info", "rr/quest-advancement", "rr/winning-the-game")
def game_won(board: Board) -> Found:
    """Completing the final stage wins the game."""
    if _complete(board) and board.quest.final:
        quest = board.quest
        yield (
            f"{quest.title} (stage {quest.stage}) is complete and it is the final stage: the players win.",
            "quest.progress",
        )


@invariant("active-location-count", "warning", "rr/active-location", "faq/1.34")
def active_location_count(board: Board) -> Found:
    """Only one location is active unless a card says otherwise."""
    if len(board.active_locations) > 1:
        titles = ", ".join(loc.title for loc in board.active_locations)
        yield (
            f"{len(board.active_locations)} active locations ({titles}): only a card effect allows more than one.",
            "active_location",
        )


@invariant("restricted-limit", "violation", "kw/restricted", "kw/restricted")
def restricted_limit(board: Board) -> Found:
    """A character holds at most 2 restricted attachments."""
    for player in board.players:
        for card in player.characters:
            count = sum(1 for a in card.attachments if a.restricted)
            if count > RESTRICTED_LIMIT:
                yield (
                    f"{card.title} has {count} restricted attachments: the limit is {RESTRICTED_LIMIT}, "
                    "extra ones are discarded at once.",
                    f"{card.path}.attachments",
                )


@invariant("unique-in-play", "violation", "rr/unique-cards")
def unique_in_play(board: Board) -> Found:
    """Only one copy of a unique card (by title) may be in play across all players."""
    seen: dict[str, str] = {}
    reported: set[str] = set()
    for player in board.players:
        for card in player.characters:
            for title, unique, path in (
                (card.title, card.unique, card.path),
                *((a.title, a.unique, a.path) for a in card.attachments),
            ):
                if not unique:
                    continue
                key = title_key(title)
                if key in seen and key not in reported:
                    reported.add(key)
                    yield (
                        f"Two copies of the unique card {title} are in play ({seen[key]} and {path}).",
                        path,
                    )
                seen.setdefault(key, path)


@invariant("resources-on-non-hero", "violation", "rr/resources", "rr/step-1.2")
def resources_on_non_hero(board: Board) -> Found:
    """Resources live only in heroes' resource pools."""
    for player in board.players:
        for ally in player.allies:
            if ally.resources > 0:
                yield (
                    f"The ally {ally.title} holds {ally.resources} resources: only heroes have resource pools.",
                    f"{ally.path}.resources",
                )


@invariant(
    "committed-outside-quest",
    "violation",
    "rr/step-3.2",
    "rr/step-3.5",
    "rr/quest-phase",
    outside=(None, "quest"),
)
def committed_outside_quest(board: Board) -> Found:
    """Characters are committed only during the quest phase."""
    for player in board.players:
        for card in player.characters:
            if card.committed:
                yield (
                    f"{card.title} is committed in the {board.phase} phase: characters stop being committed "
                    "when the quest phase ends.",
                    f"{card.path}.committed",
                )


@invariant("committed-ready", "warning", "rr/step-3.2", "rr/exhausted", only=(None, "quest"))
def committed_ready(board: Board) -> Found:
    """Committing exhausts a character; a ready committed one needs a card effect to explain it."""
    for player in board.players:
        for card in player.characters:
            if card.committed and not card.exhausted:
                yield (
                    f"{card.title} is committed but ready: committing exhausts a character unless a card "
                    "says otherwise.",
                    f"{card.path}.exhausted",
                )


@invariant(
    "shadow-outside-combat",
    "violation",
    "rr/shadow-effects",
    "rr/step-6.11",
    outside=(None, "combat"),
)
def shadow_outside_combat(board: Board) -> Found:
    """Shadow cards are dealt in 6.2 and all discarded in 6.11."""
    for enemy in board.enemies_in_play:
        if enemy.shadow_cards > 0:
            yield (
                f"{enemy.title} has {enemy.shadow_cards} shadow card(s) in the {board.phase} phase: shadow "
                "cards are discarded at the end of combat.",
                f"{enemy.path}.shadow_cards",
            )


@invariant("eliminated-with-cards", "violation", "rr/player-elimination", "faq/1.57")
def eliminated_with_cards(board: Board) -> Found:
    """An eliminated player's cards leave play and their engaged enemies go back to staging."""
    for player in board.players:
        if player.eliminated and (player.engaged or player.characters):
            yield (
                f"{player.name} is eliminated but still has cards in play: their cards leave play and "
                "engaged enemies return to the staging area.",
                player.path,
            )


@invariant("card-version", "info", "rr/copy-of-a-card")
def card_version(board: Board) -> Found:
    """A card named by title takes the values the board leaves out from one version of
    that title (versions are copies of one card, but their values can differ): the oldest
    of those its `sphere` or `pack` leave. Where they differ in a value taken, say which
    version gave it, so a player can pick another."""
    for card in board.card_versions:
        yield (
            f"{card.title}: its {card.versions} versions differ in "
            f"{', '.join(card.differs).replace('_', ' ')}; the board leaves them out, so the "
            f"judge reads those of the oldest, the {card.version}; give "
            f"{' or '.join(repr(f) for f in card.picked_by)} to pick another.",
            card.path,
        )
