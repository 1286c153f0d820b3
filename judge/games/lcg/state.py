"""The board state as immutable, typed values (contract: ../shared/contracts/board-state.md).

Each value remembers its `path` in the input (`players[0].heroes[1]`) so that findings
can point at it.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.games.lcg.rounds import PHASES_BY_DIGIT

#: a player whose threat reaches this is eliminated at once (Rules Reference, "Threat
#: Elimination Level"); 50 itself eliminates
ELIMINATION_THREAT = 50

#: the board's `phase` values: setup, then the seven phases of a round
PHASES = ("setup", *PHASES_BY_DIGIT[1:])


@dataclass(frozen=True, slots=True)
class Attachment:
    title: str
    path: str
    unique: bool = False
    restricted: bool = False
    exhausted: bool = False


@dataclass(frozen=True, slots=True)
class Character:
    """A hero or an ally."""

    title: str
    path: str
    is_hero: bool
    unique: bool
    threat_cost: int = 0
    willpower: int = 0
    attack: int = 0
    defense: int = 0
    hit_points: int = 0
    damage: int = 0
    exhausted: bool = False
    committed: bool = False
    resources: int = 0
    keywords: tuple[str, ...] = ()
    attachments: tuple[Attachment, ...] = ()

    @property
    def destroyed(self) -> bool:
        """Damage reaching its hit points destroys it; a card whose hit points the board
        leaves out (0) is never judged destroyed."""
        return self.hit_points > 0 and self.damage >= self.hit_points


@dataclass(frozen=True, slots=True)
class Enemy:
    title: str
    path: str
    unique: bool = False
    engagement_cost: int = 0
    threat: int = 0
    attack: int = 0
    defense: int = 0
    hit_points: int = 0
    damage: int = 0
    shadow_cards: int = 0
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Location:
    title: str
    path: str
    unique: bool = False
    threat: int = 0
    quest_points: int = 0
    progress: int = 0
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Objective:
    title: str
    path: str
    unique: bool = False
    threat: int = 0


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    path: str
    threat: int
    eliminated: bool = False
    threat_raise_extra: int = 0
    heroes: tuple[Character, ...] = ()
    allies: tuple[Character, ...] = ()
    engaged: tuple[Enemy, ...] = ()

    @property
    def characters(self) -> tuple[Character, ...]:
        return self.heroes + self.allies


@dataclass(frozen=True, slots=True)
class Quest:
    title: str
    path: str
    stage: int = 1
    quest_points: int = 0
    progress: int = 0
    final: bool = False


@dataclass(frozen=True, slots=True)
class EnemyAttack:
    """The enemy attack being resolved (steps 6.4b-6.4.4); `defender` None is undefended."""

    enemy: Enemy
    player: Player
    defender: Character | None
    attack_modifier: int = 0
    damage_to: Character | None = None
    path: str = "attack"

    @property
    def defending(self) -> Character | None:
        """The defender still in play when damage is assigned: one whose damage already
        reaches its hit points has left play, and the attack is then undefended
        (step 6.4.3)."""
        if self.defender is None or self.defender.destroyed:
            return None
        return self.defender


@dataclass(frozen=True, slots=True)
class PlayerAttack:
    """The player attack being resolved (steps 6.8b-6.8.4)."""

    player: Player
    enemy: Enemy
    attackers: tuple[Character, ...]
    defense_modifier: int = 0
    path: str = "player_attack"


@dataclass(frozen=True, slots=True)
class RevealedCard:
    """An encounter card revealed in staging (step 3.3), with the keywords it shows."""

    title: str
    path: str
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CardVersion:
    """A card the board names by title, whose printed values came from one of several
    versions of it that differ in them: which one (`version`, e.g. "Leadership Hero (Core
    Set)"), how many the board left to choose from, and the values they differ in."""

    path: str
    title: str
    version: str
    versions: int
    differs: tuple[str, ...] = ()
    #: the board fields that pick a version of this kind of card
    picked_by: tuple[str, ...] = ("sphere", "pack")


@dataclass(frozen=True, slots=True)
class Board:
    """One LCG table at one moment."""

    players: tuple[Player, ...]
    first_player: str
    phase: str | None = None
    step: str | None = None
    round: int = 1
    staging_area: tuple[Enemy | Location | Objective, ...] = ()
    active_locations: tuple[Location, ...] = ()
    quest: Quest | None = None
    #: cards left in the encounter deck; None when the board does not say
    encounter_deck: int | None = None
    victory_points: int = 0
    attack: EnemyAttack | None = None
    player_attack: PlayerAttack | None = None
    revealed: tuple[RevealedCard, ...] = ()
    travel_to: Location | None = None
    #: the cards whose printed values were read from one of several versions
    card_versions: tuple[CardVersion, ...] = ()

    @property
    def staging_enemies(self) -> tuple[Enemy, ...]:
        return tuple(card for card in self.staging_area if isinstance(card, Enemy))

    @property
    def staging_locations(self) -> tuple[Location, ...]:
        return tuple(card for card in self.staging_area if isinstance(card, Location))

    @property
    def enemies_in_play(self) -> tuple[Enemy, ...]:
        """Engaged enemies (in player order of the list) then the staging area's."""
        return (*(e for p in self.players for e in p.engaged), *self.staging_enemies)

    def controller(self, card: Character) -> Player:
        """The player whose hero or ally this is."""
        return next(p for p in self.players if card in p.characters)

    def engaged_player(self, enemy: Enemy) -> Player | None:
        """The player an enemy is engaged with, or None when it is in the staging area."""
        return next((p for p in self.players if enemy in p.engaged), None)

    def in_player_order(self) -> tuple[Player, ...]:
        """Players clockwise from the first player (Rules Reference, "In Player Order")."""
        names = [p.name for p in self.players]
        start = names.index(self.first_player) if self.first_player in names else 0
        return self.players[start:] + self.players[:start]

    def active_players(self) -> tuple[Player, ...]:
        """Players still in the game, in player order from the first player."""
        return tuple(p for p in self.in_player_order() if not p.eliminated)

    def players_below_elimination(self) -> tuple[Player, ...]:
        """Active players whose threat has not reached 50: a player at 50 or more is
        eliminated at once, even when the board has not marked it yet."""
        return tuple(p for p in self.active_players() if p.threat < ELIMINATION_THREAT)
