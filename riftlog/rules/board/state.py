"""The game state: plain, JSON-serialisable data (v1.3 105-110, 120-128, 185-189).

The state is a tree of small slotted dataclasses holding only JSON types (str, int, bool,
None, lists, dicts).  Everything the engine knows about a game lives here: the chain,
the showdown, the pending request and "this turn" effects included, so that
``GameState.from_json(state.to_json()) == state`` always holds and a snapshot is just
``to_json()``.

Identity.  Every card in a game is a :class:`GameObject` with a stable object id
(``oid``, e.g. ``"p1.m07"``) assigned at setup; zones hold lists of oids and each object
records where it is.  Object ids never change when a card changes zones, so a recorded
decision can name the card it acts on.  (Rule 110 says temporary modifications end when a
card moves to or from a non-board zone; the engine clears them, the id stays.)

Ordered zones: a deck's index 0 is its top.  Trash and banishment are unordered
(v1.3 108.2.c, 108.6.d) but kept in arrival order for a stable display.

The engine mutates a state in place only inside its unchecked applier, on a state it
owns (``clone()`` first); every public entry point is pure from the caller's view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Literal, TypeVar

# Zones a card can be in (v1.3 107-108).  "base" and "battlefield" are board locations.
Zone = Literal[
    "legend",       # Legend Zone (107.4): not a location, never left
    "champion",     # Champion Zone (108.3)
    "main_deck",    # Main Deck Zone (108.4): secret order
    "rune_deck",    # Rune Deck Zone (108.5): secret order
    "hand",         # Hand (108.7): private, count public
    "base",         # a player's Base (107.1): location
    "battlefield",  # at a battlefield (107.2): location
    "facedown",     # a battlefield's Facedown Zone (107.3): not a location
    "trash",        # Trash (108.2)
    "banishment",   # Banishment (108.6)
    "chain",        # the Chain (108.1)
    "setaside",     # set aside (e.g. during a mulligan, 118.1)
    "battlefield_card",  # the battlefield card itself, on the board (169)
    "removed",      # a token that ceased to exist (176)
]

BOARD_ZONES: frozenset[str] = frozenset({"base", "battlefield", "facedown", "battlefield_card"})
# Zones whose contents are seen by nobody / by the owner only / by all (v1.3 128).
SECRET_ZONES: frozenset[str] = frozenset({"main_deck", "rune_deck"})
PRIVATE_ZONES: frozenset[str] = frozenset({"hand", "facedown", "setaside"})

Phase = Literal[
    "setup", "mulligan", "awaken", "beginning", "channel", "draw", "main", "ending", "over"
]

T = TypeVar("T", bound="Data")


def _jcopy(value: Any) -> Any:
    """A deep copy of plain JSON data (dicts, lists and scalars), much faster than deepcopy."""
    kind = type(value)
    if kind is dict:  # (issue 26: no call for a scalar, which _jcopy would return as is)
        return {k: v if type(v) in _SCALARS else _jcopy(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _SCALARS else _jcopy(v) for v in value]
    return value


_SCALARS = frozenset({str, int, bool, float, type(None)})


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


class Data:
    """Mixin: JSON round trip for slotted dataclasses of JSON-typed fields.

    Nested dataclasses are declared in ``NESTED`` (field name -> (class, "one"|"list"|"dict")).
    """

    NESTED: ClassVar[dict[str, tuple[type[Data], str]]] = {}

    def copy(self: T) -> T:
        """A deep, independent copy (the fast path of ``from_json(to_json())``)."""
        cls = type(self)
        new = cls.__new__(cls)  # (not object.__new__: see GameObject.copy)
        nested = self.NESTED
        names = _FIELD_NAMES.get(cls)
        if names is None:
            names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
        for name in names:
            value = getattr(self, name)
            how = nested.get(name)
            if how is None or value is None:
                value = _jcopy(value)
            elif how[1] == "one":
                value = value.copy()
            elif how[1] == "list":
                value = [v.copy() for v in value]
            else:
                value = {k: v.copy() for k, v in value.items()}
            object.__setattr__(new, name, value)
        return new

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            nested = self.NESTED.get(f.name)
            if nested is None:
                out[f.name] = _jcopy(value)
            elif value is None:
                out[f.name] = None
            elif nested[1] == "one":
                out[f.name] = value.to_json()
            elif nested[1] == "list":
                out[f.name] = [v.to_json() for v in value]
            else:
                out[f.name] = {k: v.to_json() for k, v in value.items()}
        return out

    @classmethod
    def from_json(cls: type[T], data: dict[str, Any]) -> T:
        kwargs: dict[str, Any] = {}
        for f in fields(cls):  # type: ignore[arg-type]
            if f.name not in data:
                continue
            value = data[f.name]
            nested = cls.NESTED.get(f.name)
            if nested is None or value is None:
                kwargs[f.name] = _jcopy(value)
            elif nested[1] == "one":
                kwargs[f.name] = nested[0].from_json(value)
            elif nested[1] == "list":
                kwargs[f.name] = [nested[0].from_json(v) for v in value]
            else:
                kwargs[f.name] = {k: nested[0].from_json(v) for k, v in value.items()}
        return cls(**kwargs)


@dataclass(slots=True, eq=True)
class GameObject(Data):
    """A card (or token) in the game, wherever it is (v1.3 120-124, 127, 185-189)."""

    oid: str
    card: str                 # catalog card id
    owner: str                # player id (127)
    controller: str           # player id (185-189); the owner outside the board
    zone: str                 # one of Zone
    location: str | None = None   # board location: "base:<pid>" or a battlefield oid
    exhausted: bool = False   # 414/415
    damage: int = 0           # 142
    buffed: bool = False      # 701: at most one buff
    stunned: bool = False     # 423
    face_down: bool = False   # 129.4 (hidden cards, 421)
    attached_to: str | None = None  # 716
    token: bool = False       # 176
    designation: str | None = None  # "attacker" / "defender" during combat (454-461)
    #: temporary modifications (110): e.g. {"might": 2, "keywords": ["Tank"]} "this turn"
    mods: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> GameObject:  # the hot path of GameState.clone(): one call per card
        # issue 26: the slots set one by one, ~25% faster than the dataclass __init__ (a
        # test checks that every field is copied); the class's own __new__, as object.__new__
        # refuses a class compiled by mypyc (the optional build, README "Compiled build")
        new = GameObject.__new__(GameObject)
        new.oid = self.oid
        new.card = self.card
        new.owner = self.owner
        new.controller = self.controller
        new.zone = self.zone
        new.location = self.location
        new.exhausted = self.exhausted
        new.damage = self.damage
        new.buffed = self.buffed
        new.stunned = self.stunned
        new.face_down = self.face_down
        new.attached_to = self.attached_to
        new.token = self.token
        new.designation = self.designation
        mods = self.mods
        new.mods = _jcopy(mods) if mods else {}
        return new


def game_object_of(vals: Sequence[Any]) -> GameObject:
    """A :class:`GameObject` from its field values in declaration order (a snapshot's plain
    tree; issue 26: the slots set from the list at once, ~20% faster than the constructor;
    ``ValueError`` when there are not exactly as many values as fields)."""
    new = GameObject.__new__(GameObject)
    (new.oid, new.card, new.owner, new.controller, new.zone, new.location, new.exhausted,
     new.damage, new.buffed, new.stunned, new.face_down, new.attached_to, new.token,
     new.designation, new.mods) = vals
    return new


@dataclass(slots=True, eq=True)
class RunePool(Data):
    """Energy and Power available to pay costs (v1.3 164-167); empties per 166."""

    energy: int = 0
    #: power by domain name ("Fury", ...); "Any" is universal power (135.2.e.5.b)
    power: dict[str, int] = field(default_factory=dict)

    def empty(self) -> None:
        self.energy = 0
        self.power = {}

    def is_empty(self) -> bool:
        return self.energy == 0 and not any(self.power.values())


def _new_pool(energy: int, power: dict[str, int]) -> RunePool:
    pool = RunePool.__new__(RunePool)
    pool.energy = energy
    pool.power = power
    return pool


@dataclass(slots=True, eq=True)
class PlayerState(Data):
    """One player's zones and counters.  Zone lists hold oids."""

    id: str
    name: str
    team: str | None = None
    legend: list[str] = field(default_factory=list)
    champion: list[str] = field(default_factory=list)
    main_deck: list[str] = field(default_factory=list)
    rune_deck: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    base: list[str] = field(default_factory=list)      # units, gear and runes in the base
    trash: list[str] = field(default_factory=list)
    banishment: list[str] = field(default_factory=list)
    setaside: list[str] = field(default_factory=list)
    #: battlefields the player brought and that are not on the board (e.g. FFA choices)
    battlefields_aside: list[str] = field(default_factory=list)
    pool: RunePool = field(default_factory=RunePool)
    points: int = 0
    mulliganed: bool = False
    eliminated: bool = False
    conceded: bool = False
    burn_outs: int = 0
    #: counters the rules track per turn (e.g. "scored": [battlefield oids])
    turn_marks: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> PlayerState:  # (issue 26: a zone is a list of oids: a list copy)
        new = PlayerState.__new__(PlayerState)
        new.id = self.id
        new.name = self.name
        new.team = self.team
        new.legend = self.legend[:]
        new.champion = self.champion[:]
        new.main_deck = self.main_deck[:]
        new.rune_deck = self.rune_deck[:]
        new.hand = self.hand[:]
        new.base = self.base[:]
        new.trash = self.trash[:]
        new.banishment = self.banishment[:]
        new.setaside = self.setaside[:]
        new.battlefields_aside = self.battlefields_aside[:]
        pool = self.pool
        new.pool = _new_pool(pool.energy, dict(pool.power))
        new.points = self.points
        new.mulliganed = self.mulliganed
        new.eliminated = self.eliminated
        new.conceded = self.conceded
        new.burn_outs = self.burn_outs
        marks = self.turn_marks
        new.turn_marks = _jcopy(marks) if marks else {}
        return new


# each class's nested states, set after the class statement: mypyc (the optional compiled
# build) would hand a ClassVar of a dataclass's body to ``dataclass()`` as a field
PlayerState.NESTED = {"pool": (RunePool, "one")}


@dataclass(slots=True, eq=True)
class BattlefieldState(Data):
    """A battlefield on the board (v1.3 107.2, 168-171, 187)."""

    oid: str
    card: str
    owner: str
    controller: str | None = None
    units: list[str] = field(default_factory=list)     # oids of units present (and attached gear)
    gear: list[str] = field(default_factory=list)      # unattached gear here (recalled in cleanup)
    facedown: list[str] = field(default_factory=list)  # Facedown Zone (107.3), max 1 by default
    contested_by: str | None = None                    # player who applied Contested (187.3)
    showdown_staged: bool = False                      # 316.5.b / 323.8
    combat_staged: bool = False                        # 323.9

    def copy(self) -> BattlefieldState:  # (issue 26: the lists hold oids: list copies)
        new = BattlefieldState.__new__(BattlefieldState)
        new.oid = self.oid
        new.card = self.card
        new.owner = self.owner
        new.controller = self.controller
        new.units = self.units[:]
        new.gear = self.gear[:]
        new.facedown = self.facedown[:]
        new.contested_by = self.contested_by
        new.showdown_staged = self.showdown_staged
        new.combat_staged = self.combat_staged
        return new


@dataclass(slots=True, eq=True)
class ChainItem(Data):
    """An item on the chain (v1.3 327-340): a spell card or an ability."""

    id: str                       # unique within the game, e.g. "c12"
    kind: str                     # "spell" | "ability"
    controller: str
    source: str | None            # oid of the card or the ability's source
    legal: bool = False           # pending item until finalized (337)
    targets: dict[str, Any] = field(default_factory=dict)
    choices: dict[str, Any] = field(default_factory=dict)
    effect: dict[str, Any] = field(default_factory=dict)   # our own encoding of what it does


@dataclass(slots=True, eq=True)
class Showdown(Data):
    """A showdown or combat in progress (v1.3 341-348, 454-461)."""

    battlefield: str
    combat: bool = False
    attacker: str | None = None          # attacking player (combat)
    defender: str | None = None          # defending player (combat)
    focus: str | None = None             # player with focus (313)
    passes: list[str] = field(default_factory=list)  # players who passed in a row
    step: str = "showdown"               # "showdown" | "damage" | "resolution"
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True, eq=True)
class GameState(Data):
    """Everything about one game at one moment.  See the module docstring."""

    edition: str                       # rules edition the game is judged under, e.g. "v1.3"
    mode: str                          # "duel" | "match" | "ffa3" | "ffa4" | "2v2"
    seating: list[str]                 # player ids in seating order
    players: dict[str, PlayerState]
    objects: dict[str, GameObject] = field(default_factory=dict)
    battlefields: list[BattlefieldState] = field(default_factory=list)
    victory_score: int = 8
    turn_order: list[str] = field(default_factory=list)   # from the first player (116)
    turn: int = 0                      # turns started so far (1 = first turn)
    turn_player: str | None = None
    phase: str = "setup"               # one of Phase
    step: str | None = None            # sub-step within a phase, when it matters
    priority: str | None = None        # 312
    chain: list[ChainItem] = field(default_factory=list)
    showdown: Showdown | None = None
    #: the engine's queue of what it awaits next (plain data; see rules.pending)
    queue: list[dict[str, Any]] = field(default_factory=list)
    #: effects lasting "this turn" or longer, as plain data
    effects: list[dict[str, Any]] = field(default_factory=list)
    #: counters for fresh ids (objects created, chain items)
    counters: dict[str, int] = field(default_factory=dict)
    winner: list[str] | None = None    # winning player(s) / team; [] for a draw
    end_reason: str | None = None
    #: anything a mode needs to remember (e.g. battlefields used in a match)
    extra: dict[str, Any] = field(default_factory=dict)

    # --- helpers ------------------------------------------------------------------

    def clone(self) -> GameState:
        """A deep, independent copy."""
        return self.copy()

    def copy(self) -> GameState:
        """A deep, independent copy (issue 26: each field copied as its type needs: lists of
        ids as list copies, plain data by :func:`_jcopy`, the nested states by their own
        copies; a test checks every field against the generic :meth:`Data.copy`)."""
        new = GameState.__new__(GameState)
        new.edition = self.edition
        new.mode = self.mode
        new.seating = self.seating[:]
        new.players = {k: p.copy() for k, p in self.players.items()}
        new.objects = {k: o.copy() for k, o in self.objects.items()}
        new.battlefields = [b.copy() for b in self.battlefields]
        new.victory_score = self.victory_score
        new.turn_order = self.turn_order[:]
        new.turn = self.turn
        new.turn_player = self.turn_player
        new.phase = self.phase
        new.step = self.step
        new.priority = self.priority
        chain = self.chain
        new.chain = [c.copy() for c in chain] if chain else []
        showdown = self.showdown
        new.showdown = showdown.copy() if showdown is not None else None
        new.queue = _jcopy(self.queue)
        new.effects = _jcopy(self.effects)
        new.counters = dict(self.counters)
        winner = self.winner
        new.winner = winner[:] if winner is not None else None
        new.end_reason = self.end_reason
        new.extra = _jcopy(self.extra)
        return new

    def obj(self, oid: str) -> GameObject:
        return self.objects[oid]

    def player(self, pid: str) -> PlayerState:
        return self.players[pid]

    def battlefield(self, oid: str) -> BattlefieldState:
        for bf in self.battlefields:
            if bf.oid == oid:
                return bf
        raise KeyError(oid)

    def opponents(self, pid: str) -> list[str]:
        """Players opposing *pid* (other teams in 2v2), not eliminated."""
        me = self.players[pid]
        return [
            p.id for p in self.players.values()
            if p.id != pid and not p.eliminated and (me.team is None or p.team != me.team)
        ]

    def next_id(self, prefix: str) -> str:
        n = self.counters.get(prefix, 0) + 1
        self.counters[prefix] = n
        return f"{prefix}{n}"

    def is_over(self) -> bool:
        return self.phase == "over"


GameState.NESTED = {  # (after the class: see PlayerState.NESTED)
    "players": (PlayerState, "dict"),
    "objects": (GameObject, "dict"),
    "battlefields": (BattlefieldState, "list"),
    "chain": (ChainItem, "list"),
    "showdown": (Showdown, "one"),
}
