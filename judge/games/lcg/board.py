"""Board-state YAML -> `Board` (contract: ../shared/contracts/board-state.md, "LCG")."""

from __future__ import annotations

from dataclasses import fields, replace

from judge.base.fields import Fields, dotted, require_unique_names
from judge.base.yamlio import Document, did_you_mean
from judge.games import GAMES
from judge.games.lcg.keyword_names import KEYWORD_NAMES, keyword_name
from judge.games.lcg.printed import PRINTED_TYPES, CardValues, PrintedCard, UnknownVersion
from judge.games.lcg.state import (
    PHASES,
    Attachment,
    Board,
    CardVersion,
    Character,
    Enemy,
    EnemyAttack,
    Location,
    Objective,
    Player,
    PlayerAttack,
    Quest,
    RevealedCard,
)

TOP = (
    "game",
    "round",
    "phase",
    "step",
    "first_player",
    "players",
    "staging_area",
    "active_location",
    "quest",
    "encounter_deck",
    "victory_points",
    "attack",
    "player_attack",
    "revealed",
    "travel_to",
)


#: the fields that pick which version of a card named by title gives its printed values
#: (encounter cards have no sphere)
VERSION = ("sphere", "pack")
ENCOUNTER_VERSION = ("pack",)

#: a card's field -> the card facts' name of the printed value it takes when the board
#: leaves it out (a hero's threat cost is its printed threat)
PRINTED_STATS = {
    "threat_cost": "threat",
    "willpower": "willpower",
    "attack": "attack",
    "defense": "defense",
    "hit_points": "hit_points",
    "engagement_cost": "engagement_cost",
    "threat": "threat",
    "quest_points": "quest_points",
}


def _yaml_fields(card: type) -> tuple[str, ...]:
    """The fields a board file gives a card: its model dataclass's fields, which are the
    one definition of the card (`path` is where it sits in the file, not a field), and
    for a card that may be named by title, the fields that pick its version."""
    own = tuple(f.name for f in fields(card) if f.name not in ("path", "is_hero"))
    if card in (Character, Attachment):
        return (*own, *VERSION)
    return (*own, *ENCOUNTER_VERSION) if card in (Enemy, Location) else own


def _numbers_of(card: type) -> tuple[str, ...]:
    """The whole-number stats among a card's fields (absent ones read as 0)."""
    return tuple(f.name for f in fields(card) if f.type == "int")


PLAYER = _yaml_fields(Player)
CHARACTER = _yaml_fields(Character)
# heroes only: threat_cost is the first of a character's numbers
CHARACTER_NUMBERS = _numbers_of(Character)
ATTACHMENT = _yaml_fields(Attachment)
ENEMY = _yaml_fields(Enemy)
ENEMY_NUMBERS = _numbers_of(Enemy)
LOCATION = _yaml_fields(Location)
LOCATION_NUMBERS = _numbers_of(Location)
STAGING = ("type", *dict.fromkeys(ENEMY + LOCATION))
QUEST = _yaml_fields(Quest)
ATTACK = ("enemy", "player", "defender", "attack_modifier", "damage_to")
PLAYER_ATTACK = ("player", "enemy", "attackers", "defense_modifier")
REVEALED = ("title", "keywords")


class _Missing:
    """A card's printed values that neither the board nor the card facts give."""

    def __init__(self, path: tuple, title: str, kind: str, printed: PrintedCard | None):
        self.path, self.title, self.kind, self.printed = path, title, kind, printed
        self.values: dict[str, int | str | None] = {}  # field -> what the card prints


class _Cards:
    """The card facts as one board's reading uses them: each card named by title takes
    the printed values the board leaves out; the values still missing are remembered so
    that a step reading one of them is refused (`refuse_missing`), never worked out with
    a 0; and which version gave the values, where there were several."""

    def __init__(self, doc: Document, cards: CardValues | None):
        self.doc, self.cards = doc, cards
        self.missing: dict[str, _Missing] = {}
        self.versions: list[CardVersion] = []

    def card(
        self, f: Fields, path: tuple, kind: str, numbers: tuple[str, ...], unique: bool
    ) -> dict:
        """The title, unique flag and numbers of a card (and its keywords, when its kind
        has them): each as the board writes it, else as printed, else the default."""
        title = f.text("title", required=True)
        printed = self._look_up(f, path, kind, title)
        used: dict[str, str] = {}  # the card facts' name -> the field, of each value taken
        values: dict = {"title": title, "path": dotted(path)}
        if f.has("unique") or printed is None:
            values["unique"] = f.flag("unique", unique)
        else:
            values["unique"], used["unique"] = printed.unique, "unique"
        missing = _Missing(path, title, kind, printed)
        for name in numbers:
            printed_name = PRINTED_STATS.get(name)
            if f.has(name) or printed_name is None:
                values[name] = f.integer(name)
            elif printed is not None and printed.number(printed_name) is not None:
                values[name] = printed.number(printed_name)
                used[printed_name] = name
            else:
                values[name] = 0
                missing.values[name] = printed.stat(printed_name) if printed else None
        if kind == "attachment":
            if f.has("restricted") or printed is None:
                values["restricted"] = f.flag("restricted")
            else:
                values["restricted"] = "Restricted" in dict(printed.keywords)
                used["keywords"] = "restricted"
        elif f.has("keywords") or printed is None:
            values["keywords"] = _keywords(f)
        else:
            values["keywords"] = _printed_keywords(printed)
            used["keywords"] = "keywords"
        if missing.values:
            self.missing[values["path"]] = missing
        differs = tuple(used[name] for name in used if printed and name in printed.varies)
        if differs:
            self.versions.append(
                CardVersion(
                    values["path"],
                    printed.title,
                    printed.version,
                    printed.versions,
                    differs,
                    ENCOUNTER_VERSION if kind in ("enemy", "location") else VERSION,
                )
            )
        return values

    def _look_up(self, f: Fields, path: tuple, kind: str, title: str) -> PrintedCard | None:
        sphere = f.text("sphere") if "sphere" in f.allowed else None  # player cards only
        pack = f.text("pack")
        if self.cards is None:
            return None
        try:
            printed = self.cards.printed(PRINTED_TYPES[kind], title, sphere, pack)
        except UnknownVersion as exc:
            raise self.doc.error((*path, "sphere" if sphere else "pack"), str(exc)) from None
        if printed is None and (sphere or pack):
            raise self.doc.error(
                (*path, "title"),
                f"no {kind} called '{title}' is in the card facts, so "
                f"'{'sphere' if sphere else 'pack'}' picks no version of it"
                + self.suggestion(title, kind),
            )
        return printed

    def suggestion(self, title: str, kind: str) -> str:
        """`; did you mean 'Hill Troll'?` when a card of that kind has a close title."""
        if self.cards is None:
            return ""
        close = self.cards.close_titles(title, PRINTED_TYPES[kind])
        return f"; did you mean '{close[0]}'?" if close else ""

    def refuse_missing(self, board: Board) -> None:
        """An input error at the first card whose value the board's step reads but that
        neither the board nor the card facts give (`judge.games.lcg.needs`)."""
        from judge.games.lcg.needs import needed_values

        for card, name, why in needed_values(board):
            missing = self.missing.get(card.path)
            if missing is None or name not in missing.values:
                continue
            printed, title = missing.values[name], missing.title
            if missing.printed is None:
                problem = (
                    f"{title} needs {name} (or a card title we know): {why} reads it; write "
                    f"'{name}: N'" + self.suggestion(title, missing.kind)
                )
            elif printed is None:
                problem = (
                    f"{title} needs {name}: {why} reads it, and the card facts give none for "
                    f"the {missing.printed.version}; write '{name}: N'"
                )
            else:
                problem = (
                    f"{title} needs {name}: {why} reads it, and the card prints {printed}; "
                    f"write the value it has now ('{name}: N')"
                )
            raise self.doc.error((*missing.path, "title"), problem)


def _printed_keywords(printed: PrintedCard) -> tuple[str, ...]:
    """A card's printed keywords as a board writes them (`sentinel`, `archery 2`,
    `guarded (enemy)`); only those a board may give (`KEYWORD_NAMES`)."""
    written = []
    for name, value in printed.keywords:
        if name.lower() not in KEYWORD_NAMES:
            continue
        if value is None:
            written.append(name.lower())
        elif isinstance(value, int) or str(value).lower() == "x":
            written.append(f"{name.lower()} {str(value).lower()}")
        else:
            written.append(f"{name.lower()} ({value})")
    return tuple(written)


def _keywords(f: Fields) -> tuple[str, ...]:
    """Keywords in lower case, each spelled as a keyword entry names it."""
    keywords = tuple(k.lower() for k in f.strings("keywords"))
    for index, keyword in enumerate(keywords):
        name = keyword_name(keyword)
        if name not in KEYWORD_NAMES:
            raise f.doc.error(
                (*f.path, "keywords", index),
                f"'{keyword}' is not a keyword{did_you_mean(name, sorted(KEYWORD_NAMES))}; "
                "write keywords as printed, e.g. sentinel, ranged, archery 2",
            )
    return keywords


def _attachment(cards: _Cards, path: tuple) -> Attachment:
    f = Fields(cards.doc, path, ATTACHMENT, "an attachment")
    card = Attachment(**cards.card(f, path, "attachment", (), False), exhausted=f.flag("exhausted"))
    f.done()
    return card


def _character(cards: _Cards, path: tuple, is_hero: bool) -> Character:
    allowed = CHARACTER if is_hero else tuple(k for k in CHARACTER if k != "threat_cost")
    f = Fields(cards.doc, path, allowed, "a hero" if is_hero else "an ally")
    numbers = CHARACTER_NUMBERS if is_hero else CHARACTER_NUMBERS[1:]
    card = Character(
        **cards.card(f, path, "hero" if is_hero else "ally", numbers, is_hero),
        is_hero=is_hero,
        exhausted=f.flag("exhausted"),
        committed=f.flag("committed"),
        attachments=tuple(_attachment(cards, p) for p in f.items("attachments")),
    )
    f.done()
    return card


def _enemy(cards: _Cards, path: tuple, f: Fields | None = None) -> Enemy:
    f = f or Fields(cards.doc, path, ENEMY, "an engaged enemy")
    return _encounter_card(cards, Enemy, f, path, ENEMY_NUMBERS)


def _location(cards: _Cards, path: tuple, f: Fields | None = None) -> Location:
    f = f or Fields(cards.doc, path, LOCATION, "the active location")
    return _encounter_card(cards, Location, f, path, LOCATION_NUMBERS)


def _encounter_card(cards: _Cards, card: type, f: Fields, path: tuple, numbers: tuple[str, ...]):
    """An enemy or location: a title, its numbers and keywords, nothing else allowed."""
    built = card(**cards.card(f, path, card.__name__.lower(), numbers, False))
    f.done()
    return built


def _staging_card(cards: _Cards, path: tuple) -> Enemy | Location | Objective:
    doc = cards.doc
    kind = Fields(doc, path, STAGING, "a staging-area card").text(
        "type", required=True, choices=("enemy", "location", "objective")
    )
    if kind == "enemy":
        f = Fields(doc, path, ("type", *ENEMY), "an enemy in the staging area")
        f.text("type")
        return _enemy(cards, path, f)
    if kind == "location":
        f = Fields(doc, path, ("type", *LOCATION), "a location in the staging area")
        f.text("type")
        return _location(cards, path, f)
    f = Fields(doc, path, ("type", "title", "unique", "threat"), "an objective")
    f.text("type")
    card = Objective(
        f.text("title", required=True), dotted(path), f.flag("unique"), f.integer("threat")
    )
    f.done()
    return card


def _player(cards: _Cards, path: tuple) -> Player:
    f = Fields(cards.doc, path, PLAYER, "a player")
    player = Player(
        name=f.text("name", required=True),
        path=dotted(path),
        threat=f.integer("threat", required=True),
        eliminated=f.flag("eliminated"),
        threat_raise_extra=f.integer("threat_raise_extra"),
        heroes=tuple(_character(cards, p, True) for p in f.items("heroes")),
        allies=tuple(_character(cards, p, False) for p in f.items("allies")),
        engaged=tuple(_enemy(cards, p) for p in f.items("engaged")),
    )
    f.done()
    return player


def _active_locations(cards: _Cards, f: Fields) -> tuple[Location, ...]:
    """One mapping, or a list when a card allows two active locations (FAQ 1.34)."""
    value = f.raw("active_location")
    if value is None:
        return ()
    if isinstance(value, list):
        return tuple(_location(cards, ("active_location", i)) for i in range(len(value)))
    return (_location(cards, ("active_location",)),)


def _quest(doc: Document, f: Fields) -> Quest | None:
    if f.raw("quest") is None:
        return None
    q = Fields(doc, ("quest",), QUEST, "the quest")
    quest = Quest(
        title=q.text("title", "quest"),
        path="quest",
        stage=q.integer("stage", 1),
        quest_points=q.integer("quest_points"),
        progress=q.integer("progress"),
        final=q.flag("final"),
    )
    q.done()
    return quest


def _find(doc: Document, path: tuple, title: str, cards: tuple, what: str):
    """The card in play with this title, or an input error suggesting the closest one."""
    for card in cards:
        if card.title == title:
            return card
    titles = list(dict.fromkeys(card.title for card in cards))
    raise doc.error(
        path, f"no {what} called '{title}' is on the board{did_you_mean(title, titles)}"
    )


def _player_named(doc: Document, path: tuple, name: str, players: tuple[Player, ...]) -> Player:
    for player in players:
        if player.name == name:
            return player
    names = [p.name for p in players]
    raise doc.error(path, f"'{name}' is not one of the players{did_you_mean(name, names)}")


def _characters(board: Board) -> tuple[Character, ...]:
    return tuple(c for p in board.players for c in p.characters)


def _enemy_and_player(
    doc: Document, key: str, f: Fields, board: Board, which: str
) -> tuple[Enemy, Player]:
    """An attack's enemy, by title, and the player on the other side: the one named by
    'player', else the one the enemy is engaged with; an enemy in the staging area
    engages no one, so the player must be named (`which` says how)."""
    enemy = _find(
        doc, (key, "enemy"), f.text("enemy", required=True), board.enemies_in_play, "enemy"
    )
    name = f.text("player")
    player = (
        _player_named(doc, (key, "player"), name, board.players)
        if name is not None
        else board.engaged_player(enemy)
    )
    if player is None:
        raise doc.error(
            (key, "enemy"), f"{enemy.title} is in the staging area: say {which} with 'player'"
        )
    return enemy, player


def _attack(doc: Document, board: Board) -> EnemyAttack | None:
    """`attack:` names cards by title; they must be on the board (contract, combat section)."""
    if not isinstance(doc.data.get("attack"), dict):
        return None
    f = Fields(doc, ("attack",), ATTACK, "the attack")
    enemy, player = _enemy_and_player(doc, "attack", f, board, "which player it attacks")
    characters = _characters(board)
    defender_title = f.text("defender")
    damage_to_title = f.text("damage_to")
    attack = EnemyAttack(
        enemy=enemy,
        player=player,
        defender=None
        if defender_title is None
        else _find(doc, ("attack", "defender"), defender_title, characters, "character"),
        attack_modifier=f.integer("attack_modifier", minimum=None),
        damage_to=None
        if damage_to_title is None
        else _find(doc, ("attack", "damage_to"), damage_to_title, characters, "character"),
    )
    # a defender that has left play (its damage reaches its hit points) leaves the
    # attack undefended, and the player then names the hero for its damage
    if attack.defending is not None and attack.damage_to is not None:
        raise doc.error(
            ("attack", "damage_to"),
            "'damage_to' is for an undefended attack: a defended attack's damage goes to the "
            "defender (unless the defender has left play)",
        )
    f.done()
    return attack


def _player_attack(doc: Document, board: Board) -> PlayerAttack | None:
    if not isinstance(doc.data.get("player_attack"), dict):
        return None
    f = Fields(doc, ("player_attack",), PLAYER_ATTACK, "the player attack")
    enemy, player = _enemy_and_player(doc, "player_attack", f, board, "which player attacks it")
    characters = _characters(board)
    titles = f.strings("attackers")
    if not titles:
        raise doc.error(("player_attack",), "the player attack needs 'attackers': [titles]")
    attackers = tuple(
        _find(doc, ("player_attack", "attackers", i), t, characters, "character")
        for i, t in enumerate(titles)
    )
    attack = PlayerAttack(
        player=player,
        enemy=enemy,
        attackers=attackers,
        defense_modifier=f.integer("defense_modifier", minimum=None),
    )
    f.done()
    return attack


def _revealed(doc: Document, path: tuple) -> RevealedCard:
    f = Fields(doc, path, REVEALED, "a revealed encounter card")
    card = RevealedCard(f.text("title", required=True), dotted(path), _keywords(f))
    f.done()
    return card


def _travel_to(doc: Document, f: Fields, board: Board) -> Location | None:
    title = f.text("travel_to")
    if title is None:
        return None
    return _find(
        doc, ("travel_to",), title, board.staging_locations, "location in the staging area"
    )


def read_board(doc: Document, cards: CardValues | None = None) -> Board:
    """Build the board, or raise `InputError` at the first problem.

    With `cards`, a hero, ally, enemy, location or attachment named by title takes the
    printed values the board leaves out from them; values the board writes always win."""
    return _read_board(_Cards(doc, cards))


def _read_board(cards: _Cards) -> Board:
    doc = cards.doc
    f = Fields(doc, (), TOP, "the board")
    f.text("game", GAMES[0], choices=GAMES)
    players = tuple(_player(cards, p) for p in f.items("players"))
    if not players:
        raise doc.error(("players",), "the board needs at least one player under 'players'")
    names = [p.name for p in players]
    require_unique_names(doc, names)
    first = f.text("first_player", names[0])
    if first not in names:
        raise doc.error(
            ("first_player",),
            f"first_player '{first}' is not one of the players: {', '.join(names)}",
        )
    phase = f.text("phase", None, choices=PHASES)
    step = f.text("step")
    board = Board(
        players=players,
        first_player=first,
        phase=phase,
        step=step,
        round=f.integer("round", 1),
        staging_area=tuple(_staging_card(cards, p) for p in f.items("staging_area")),
        active_locations=_active_locations(cards, f),
        quest=_quest(doc, f),
        encounter_deck=f.integer("encounter_deck", None),
        victory_points=f.integer("victory_points"),
        revealed=tuple(_revealed(doc, p) for p in f.items("revealed")),
    )
    for key in ("attack", "player_attack"):
        value = f.raw(key)
        if value is not None and not isinstance(value, dict):
            raise doc.error((key,), f"'{key}' must be a mapping of fields (enemy: ..., ...)")
    board = replace(
        board,
        attack=_attack(doc, board),
        player_attack=_player_attack(doc, board),
        travel_to=_travel_to(doc, f, board),
        card_versions=tuple(cards.versions),
    )
    f.done()
    return board


def read_lcg_board(doc: Document, cards: CardValues | None = None):
    """An LCG board from its document, its step checked against its phase; a value the
    step's rules read that neither the board nor `cards` give is an input error."""
    from judge.games.lcg.rounds import phase_of_step

    data = doc.data
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else "empty" if data is None else "a single value"
        raise doc.error(
            (), f"a board state is one mapping with a 'players' list at the top, not {kind}"
        )
    reading = _Cards(doc, cards)
    board = _read_board(reading)
    if board.step is not None:
        phase = phase_of_step(board.step)
        if phase is None:
            raise doc.error(
                ("step",),
                f'\'{board.step}\' is not a framework step number (Appendix I), e.g. "3.4" or "6.4.1"',
            )
        if phase != "round" and board.phase is None:
            board = replace(board, phase=phase)
        elif phase not in ("round", board.phase):
            raise doc.error(
                ("step",),
                f"step {board.step} belongs to the {phase} phase, but phase is '{board.phase}'",
            )
    reading.refuse_missing(board)
    return board
