"""Read a position (``docs/positions.md``) into a :class:`~riftlog.rules.board.state.GameState`.

:func:`parse_position` builds the state or raises :class:`PositionError` naming the line
and what is inconsistent: an unknown card, an object listed twice or never defined, a
player, battlefield or phase that does not exist, objects whose zones disagree with the
lists that hold them, a card in a zone its type cannot be in.  Engine lines left out of a
hand-written position get the values a game at that moment has (for the main phase: the
turn player's open main phase); for other moments write the ``engine queue`` line.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from riftlog.cards.catalog import Catalog, load_catalog
from riftlog.errors import RiftlogError
from riftlog.positions.printer import (
    BATTLEFIELD_LISTS,
    FLAGS,
    HEADER,
    PLAYER_LISTS,
    TURNS_KEY,
    default_owner,
)
from riftlog.rules.board.state import (
    BattlefieldState,
    ChainItem,
    GameObject,
    GameState,
    PlayerState,
    RunePool,
    Showdown,
)
from riftlog.rules.flow import turn_limits

PHASES = ("setup", "mulligan", "awaken", "beginning", "channel", "draw", "main", "ending", "over")
MODES = ("duel", "match", "ffa3", "ffa4", "2v2")
#: The card id of a card a position counts but does not name (``deck 31``).
HIDDEN = "?"
#: Zones and the card types they may hold (a check on hand-written positions).
ZONE_TYPES: dict[str, frozenset[str]] = {
    "legend": frozenset({"Legend"}),
    "champion": frozenset({"Unit"}),
    "rune_deck": frozenset({"Rune"}),
    "battlefield_card": frozenset({"Battlefield"}),
    "main_deck": frozenset({"Unit", "Spell", "Gear"}),
}


class PositionError(RiftlogError, ValueError):
    """A position that cannot be read or does not make a consistent state."""


def tokens(text: str) -> list[str]:
    """Split at spaces outside quotes, brackets and braces; ``#`` outside them ends the line."""
    if '"' in text:
        return _scan(text)
    out: list[str] = []
    held: list[str] | None = None
    depth = 0
    for piece in text.split():  # fast path: no quotes, so brackets can be counted
        if held is None and piece.startswith("#"):
            break
        d = piece.count("[") + piece.count("{") - piece.count("]") - piece.count("}")
        if held is None:
            if d == 0:
                out.append(piece)
            else:
                held, depth = [piece], d
        else:
            held.append(piece)
            depth += d
            if depth == 0:
                out.append(" ".join(held))
                held = None
    if held is not None:
        raise ValueError("an unclosed bracket or brace")
    return out


def _scan(text: str) -> list[str]:
    out: list[str] = []
    cur: list[str] = []
    depth = 0
    quoted = escaped = False
    for ch in text:
        if quoted:
            cur.append(ch)
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
            continue
        if ch == '"':
            quoted = True
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif depth == 0 and ch.isspace():
            if cur:
                out.append("".join(cur))
                cur = []
            continue
        elif depth == 0 and ch == "#" and not cur:
            break
        cur.append(ch)
    if quoted or depth:
        raise ValueError("an unclosed quote, bracket or brace")
    if cur:
        out.append("".join(cur))
    return out


@dataclass
class _Def:
    oid: str
    card: str
    attrs: list[str]
    zone: str
    location: str | None
    owner: str
    line: int


@dataclass
class _Builder:
    catalog: Catalog
    source: str
    line: int = 0
    header: dict[str, Any] = field(default_factory=dict)
    players: dict[str, PlayerState] = field(default_factory=dict)
    battlefields: list[BattlefieldState] = field(default_factory=list)
    chain: list[ChainItem] = field(default_factory=list)
    showdown: Showdown | None = None
    defs: dict[str, _Def] = field(default_factory=dict)
    listed: dict[str, tuple[str, int]] = field(default_factory=dict)
    engine: dict[str, Any] = field(default_factory=dict)
    context: PlayerState | BattlefieldState | None = None
    own_turns: dict[str, int] = field(default_factory=dict)  # issue 24: 'turns N'

    def error(self, message: str, line: int | None = None) -> PositionError:
        return PositionError(f"{self.source}, line {line or self.line}: {message}")

    # --- values ---------------------------------------------------------------------

    def parse_json(self, text: str, what: str) -> Any:
        try:
            return json.loads(text)
        except ValueError as exc:
            raise self.error(f"{what}: {text[:60]!r} is not JSON ({exc})") from None

    def number(self, text: str, what: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise self.error(f"{what} must be a whole number, not {text!r}") from None
        if value < 0:
            raise self.error(f"{what} must not be negative ({value})")
        return value

    def keyed(self, words: list[str], allowed: tuple[str, ...]) -> tuple[dict[str, str], list[str]]:
        keys: dict[str, str] = {}
        bare: list[str] = []
        for w in words:
            if "=" in w:
                k, v = w.split("=", 1)
                if k not in allowed:
                    raise self.error(f"unknown setting {k!r} (known: {', '.join(allowed)})")
                keys[k] = v
            else:
                bare.append(w)
        return keys, bare

    def obj(self, token: str, zone: str, location: str | None, owner: str,
            where: str) -> str:
        """Define (``oid=CARD[attrs]``) or refer to (``oid``) an object; returns its id."""
        if "=" not in token:
            oid = token
        else:
            oid, rest = token.split("=", 1)
            card, attrs = rest, ""
            if "[" in rest:
                if not rest.endswith("]"):
                    raise self.error(f"{token!r}: attributes go in [...] at the end")
                card, attrs = rest[:-1].split("[", 1)
            if oid in self.defs:
                raise self.error(f"object {oid} is defined twice (first on line "
                                 f"{self.defs[oid].line})")
            if card != HIDDEN and card not in self.catalog:
                raise self.error(f"{oid}: no card {card!r} in the catalog")
            try:
                words = tokens(attrs)
            except ValueError as exc:
                raise self.error(f"{token!r}: {exc}") from None
            self.defs[oid] = _Def(oid, card, words, zone, location, owner, self.line)
        if not oid:
            raise self.error(f"an object in {where} has no id")
        if oid in self.listed and where != "object":
            raise self.error(f"object {oid} is in {where} and already in "
                             f"{self.listed[oid][0]} (line {self.listed[oid][1]})")
        if where != "object":
            self.listed[oid] = (where, self.line)
        return oid

    def items(self, words: list[str], word: str, zone: str, location: str | None,
              owner: str, where: str) -> list[str]:
        """``COUNT`` (hidden cards) or ``COUNT: items`` -> the object ids."""
        if not words:
            raise self.error(f"'{word}' needs a count")
        count_text = words[0].rstrip(":")
        count = self.number(count_text, f"the count of {where}")
        rest = words[1:]
        if not words[0].endswith(":") and not rest:
            hidden = [f"{owner}.{word}-hidden-{i + 1}" for i in range(count)]
            for oid in hidden:
                self.obj(f"{oid}={HIDDEN}", zone, location, owner, where)
            return hidden
        out = [self.obj(t, zone, location, owner, where) for t in rest]
        if len(out) != count:
            raise self.error(f"{where} says {count} but lists {len(out)}")
        return out

    # --- lines ----------------------------------------------------------------------

    def feed(self, number: int, words: list[str]) -> None:
        self.line = number
        head, rest = words[0], words[1:]
        handler = getattr(self, "line_" + head.replace("-", "_"), None)
        if handler is not None:
            handler(rest)
            return
        for word, attr, zone in PLAYER_LISTS:
            if head == word:
                self.player_list(rest, word, attr, zone)
                return
        for word, attr, zone in BATTLEFIELD_LISTS:
            if head == word:
                self.battlefield_list(rest, word, attr, zone)
                return
        raise self.error(f"unknown line {head!r}")

    def line_riftlog(self, rest: list[str]) -> None:
        if " ".join(["riftlog", *rest]) != HEADER:
            raise self.error(f"unknown header; this reader knows {HEADER!r}")

    def line_game(self, rest: list[str]) -> None:
        if len(rest) < 2:
            raise self.error("'game' takes a mode and a rules edition: game duel v1.3")
        if rest[0] not in MODES:
            raise self.error(f"unknown mode {rest[0]!r}; one of {', '.join(MODES)}")
        self.header.update(mode=rest[0], edition=rest[1])
        if len(rest) >= 4 and rest[2] == "victory":
            self.header["victory_score"] = self.number(rest[3], "the victory score")
        elif len(rest) > 2:
            raise self.error(f"after the edition: 'victory N', not {' '.join(rest[2:])!r}")

    def line_seating(self, rest: list[str]) -> None:
        self.header["seating"] = rest

    def line_order(self, rest: list[str]) -> None:
        self.header["turn_order"] = [] if rest == ["-"] else rest

    def line_turn(self, rest: list[str]) -> None:
        if not rest:
            raise self.error("'turn' needs a number")
        self.header["turn"] = self.number(rest[0], "the turn")
        pairs = rest[1:]
        if len(pairs) % 2:
            raise self.error("after the turn number: pairs like 'player p1 phase main'")
        for key, value in zip(pairs[::2], pairs[1::2], strict=True):
            if key == "player":
                self.header["turn_player"] = None if value == "-" else value
            elif key == "phase":
                if value not in PHASES:
                    raise self.error(f"unknown phase {value!r}; one of {', '.join(PHASES)}")
                self.header["phase"] = value
            elif key == "step":
                self.header["step"] = value
            elif key == "priority":
                self.header["priority"] = value
            else:
                raise self.error(f"unknown turn setting {key!r} (player, phase, step, priority)")

    def line_over(self, rest: list[str]) -> None:
        keys, _ = self.keyed(rest, ("winners", "reason"))
        who = keys.get("winners", "none")
        self.header["winner"] = None if who == "none" else [] if who == "draw" else who.split(",")
        self.header["end_reason"] = self.parse_json(keys.get("reason", "null"), "reason")

    def line_player(self, rest: list[str]) -> None:
        if len(rest) < 2:
            raise self.error('a player line starts: player p1 "Name"')
        pid, name = rest[0], self.parse_json(rest[1], "the player's name")
        if pid in self.players:
            raise self.error(f"player {pid} is described twice")
        p = PlayerState(id=pid, name=str(name))
        words = rest[2:]
        i = 0
        while i < len(words):
            w = words[i]
            if w in ("team", "points", "burn-outs", "turns"):
                if i + 1 >= len(words):
                    raise self.error(f"'{w}' needs a value")
                value = words[i + 1]
                if w == "team":
                    p.team = value
                elif w == "points":
                    p.points = self.number(value, f"{pid}'s points")
                elif w == "turns":  # issue 24: their own turns begun, this one included
                    self.own_turns[pid] = self.number(value, f"{pid}'s own turns")
                else:
                    p.burn_outs = self.number(value, f"{pid}'s burn outs")
                i += 2
                continue
            if w not in ("mulliganed", "eliminated", "conceded"):
                raise self.error(f"unknown player setting {w!r}")
            setattr(p, w, True)
            i += 1
        self.players[pid] = p
        self.context = p

    def _player(self, word: str) -> PlayerState:
        if not isinstance(self.context, PlayerState):
            raise self.error(f"'{word}' belongs under a 'player' line")
        return self.context

    def player_list(self, rest: list[str], word: str, attr: str, zone: str) -> None:
        p = self._player(word)
        location = f"base:{p.id}" if zone == "base" else None
        setattr(p, attr, self.items(rest, word, zone, location, p.id, f"{p.id}'s {word}"))

    def line_pool(self, rest: list[str]) -> None:
        p = self._player("pool")
        pool = RunePool()
        for w in rest:
            key, _, value = w.partition("=")
            n = self.number(value, f"pool {key}")
            if key == "energy":
                pool.energy = n
            else:
                pool.power[key] = n
        p.pool = pool

    def line_marks(self, rest: list[str]) -> None:
        self._player("marks").turn_marks = self.parse_json(" ".join(rest), "marks")

    def line_battlefield(self, rest: list[str]) -> None:
        if not rest:
            raise self.error("a battlefield line names the battlefield: battlefield bf1=OGN-277")
        keys, bare = self.keyed(rest[1:], ("owner", "controller", "contested-by"))
        owner = keys.get("owner") or rest[0].split(".", 1)[0]
        named = rest[0].split("=", 1)[0]
        oid = self.obj(rest[0], "battlefield_card", named, owner, "the battlefields")
        ctl = keys.get("controller", "-")
        bf = BattlefieldState(oid=oid, card=self.defs[oid].card if oid in self.defs else "",
                              owner=owner, controller=None if ctl == "-" else ctl,
                              contested_by=keys.get("contested-by"))
        for w in bare:
            if w not in ("showdown-staged", "combat-staged"):
                raise self.error(f"unknown battlefield setting {w!r}")
            setattr(bf, w.replace("-", "_"), True)
        self.battlefields.append(bf)
        self.context = bf

    def battlefield_list(self, rest: list[str], word: str, attr: str, zone: str) -> None:
        bf = self.context
        if not isinstance(bf, BattlefieldState):
            raise self.error(f"'{word}' belongs under a 'battlefield' line")
        setattr(bf, attr, self.items(rest, word, zone, bf.oid, bf.controller or bf.owner,
                                     f"{bf.oid}'s {word}"))

    def line_showdown(self, rest: list[str]) -> None:
        if len(rest) < 2:
            raise self.error("showdown BATTLEFIELD combat|plain step=...")
        keys, bare = self.keyed(rest[1:], ("step", "attacker", "defender", "focus", "passes",
                                           "data"))
        if bare not in (["combat"], ["plain"]):
            raise self.error("a showdown is 'combat' or 'plain'")
        self.showdown = Showdown(
            battlefield=rest[0], combat=bare == ["combat"], attacker=keys.get("attacker"),
            defender=keys.get("defender"), focus=keys.get("focus"),
            passes=keys["passes"].split(",") if keys.get("passes") else [],
            step=keys.get("step", "showdown"),
            data=self.parse_json(keys["data"], "showdown data") if "data" in keys else {})

    def line_chain(self, rest: list[str]) -> None:
        if len(rest) < 2:
            raise self.error("chain ID spell|ability controller=P source=OID legal|pending")
        keys, bare = self.keyed(rest[2:], ("controller", "source", "targets", "choices",
                                           "effect"))
        if "controller" not in keys:
            raise self.error(f"chain item {rest[0]} needs controller=")
        source = keys.get("source", "-")
        self.chain.append(ChainItem(
            id=rest[0], kind=rest[1], controller=keys["controller"],
            source=None if source == "-" else source, legal=bare == ["legal"],
            **{k: self.parse_json(keys[k], k) if k in keys else {}
               for k in ("targets", "choices", "effect")}))

    def line_object(self, rest: list[str]) -> None:
        if len(rest) != 1 or "=" not in rest[0]:
            raise self.error("object OID=CARD[zone=... at=...]")
        oid = rest[0].split("=", 1)[0]
        self.obj(rest[0], "removed", None, oid.split(".", 1)[0], "object")

    def line_engine(self, rest: list[str]) -> None:
        if not rest:
            raise self.error("engine queue|effects|counters|extra|object-order ...")
        what = rest[0]
        if what == "object-order":
            self.engine["order"] = rest[1:]
        elif what in ("queue", "effects", "counters", "extra"):
            self.engine[what] = self.parse_json(" ".join(rest[1:]), f"engine {what}")
        else:
            raise self.error(f"unknown engine line {what!r}")

    # --- the state --------------------------------------------------------------------

    def make_object(self, d: _Def, players: dict[str, PlayerState]) -> GameObject:
        self.line = d.line
        o = GameObject(oid=d.oid, card=d.card, owner=default_owner(d.oid, d.owner, players),
                       controller="", zone=d.zone, location=d.location)
        keys, bare = self.keyed(d.attrs, ("damage", "attached", "as", "owner", "controller",
                                          "zone", "at", "mods"))
        for w in bare:
            if w == "face-down":
                o.face_down = True
            elif w in FLAGS:
                setattr(o, w, True)
            else:
                raise self.error(f"{d.oid}: unknown attribute {w!r}")
        o.owner = keys.get("owner", o.owner)
        o.controller = keys.get("controller", o.owner)
        o.damage = self.number(keys.get("damage", "0"), f"{d.oid}'s damage")
        o.attached_to = keys.get("attached")
        o.designation = keys.get("as")
        o.zone = keys.get("zone", o.zone)
        if "at" in keys:
            o.location = None if keys["at"] == "-" else keys["at"]
        if "mods" in keys:
            o.mods = self.parse_json(keys["mods"], f"{d.oid}'s mods")
        return o

    def build(self) -> GameState:
        h = self.header
        for key in ("mode", "seating"):
            if key not in h:
                raise PositionError(f"{self.source}: no '{'game' if key == 'mode' else key}' line")
        missing = [pid for pid in h["seating"] if pid not in self.players]
        if missing:
            raise PositionError(f"{self.source}: seated player(s) {', '.join(missing)} have "
                                "no 'player' line")
        players = {pid: self.players[pid] for pid in h["seating"]}
        players.update(self.players)
        objects = {oid: self.make_object(d, players) for oid, d in self.defs.items()}
        for bf in self.battlefields:
            if bf.oid not in objects:
                raise PositionError(f"{self.source}: battlefield {bf.oid} names no card "
                                    f"(write it as {bf.oid}=CARD-ID, or define it on an "
                                    "'object' line)")
            bf.card = objects[bf.oid].card
        if "order" in self.engine:
            order = self.engine["order"]
            order = sorted(objects) if order == ["sorted"] else order
            if sorted(order) != sorted(objects):
                raise PositionError(f"{self.source}: 'engine object-order' does not list "
                                    "exactly the objects of the position")
            objects = {oid: objects[oid] for oid in order}
        state = GameState(
            edition=h["edition"], mode=h["mode"], seating=list(h["seating"]), players=players,
            objects=objects, battlefields=self.battlefields,
            victory_score=h.get("victory_score", 11 if h["mode"] != "duel" and
                                h["mode"] != "match" else 8),
            turn_order=h.get("turn_order", list(h["seating"])), turn=h.get("turn", 0),
            turn_player=h.get("turn_player"), phase=h.get("phase", "main"),
            step=h.get("step"), priority=h.get("priority"), chain=self.chain,
            showdown=self.showdown, winner=h.get("winner"), end_reason=h.get("end_reason"))
        self.engine_defaults(state)
        self.own_turn_counts(state)
        return state

    def own_turn_counts(self, state: GameState) -> None:
        """issue 24: each player's own turns (``turns N`` on the player lines, kept where
        Forgotten Monument reads them).  A position that names none, in a game that counts
        them, gets them from the turn number and the turn order (positions written before
        the setting existed, hand-written ones); one named both ways must agree."""
        given = dict(self.own_turns)
        stored = state.extra.get(TURNS_KEY)
        if given:
            if stored is not None and stored != given:
                raise PositionError(f"{self.source}: the players' 'turns' ({given}) disagree "
                                    f"with 'engine extra' {TURNS_KEY} ({stored})")
            state.extra[TURNS_KEY] = given
        elif stored is None and turn_limits.counts_turns(state):
            state.extra[TURNS_KEY] = turn_limits.turns_by_turn_number(state)

    def engine_defaults(self, state: GameState) -> None:
        e = self.engine
        state.effects = e.get("effects", [])
        if "counters" in e:
            state.counters = e["counters"]
        else:
            ids = [int(c.id[1:]) for c in state.chain if c.id[1:].isdigit()]
            state.counters = {"c": max(ids)} if ids else {}
        if "extra" in e:
            state.extra = e["extra"]
        else:
            n = min(state.turn, len(state.turn_order))
            state.extra = {"battlefields_used": {}, "passes": [], "triggers": [],
                           "had_turn": list(state.turn_order[:n])}
        if "queue" in e:
            state.queue = e["queue"]
        elif state.phase == "over":
            state.queue = []
        elif state.phase == "main" and state.turn_player and not state.chain \
                and state.showdown is None:
            tp = state.turn_player
            state.queue = [{"kind": "main", "player": tp, "consumed_by": ["TurnEnded"]},
                           {"kind": "ending", "player": tp}, {"kind": "next_turn", "player": tp}]
            if state.priority is None:
                state.priority = tp
        else:
            raise PositionError(
                f"{self.source}: the engine cannot tell what it awaits in phase {state.phase}"
                + (" with a chain or showdown" if state.chain or state.showdown else "")
                + "; add an 'engine queue' line (riftlog state GAME --at N --position shows "
                  "one)")


def parse_position(text: str, source: str = "position", catalog: Catalog | None = None,
                   check: bool = True) -> GameState:
    """The state a position describes; :class:`PositionError` says what is wrong and where.

    With *check* the state is also checked for consistency (:func:`position_problems`).
    """
    b = _Builder(catalog or load_catalog(), source)
    for number, raw in enumerate(text.splitlines(), start=1):
        b.line = number
        try:
            words = tokens(raw)
        except ValueError as exc:
            raise b.error(str(exc)) from None
        if words:
            b.feed(number, words)
    state = b.build()
    if check:
        problems = position_problems(state, b.catalog)
        if problems:
            raise PositionError(f"{source}: inconsistent position: " + "; ".join(problems[:8])
                                + (f" (and {len(problems) - 8} more)" if len(problems) > 8
                                   else ""))
    return state


def position_problems(state: GameState, catalog: Catalog | None = None) -> list[str]:
    """What makes *state* inconsistent (empty: nothing): players, zones, cards, references."""
    from riftlog.rules import engine

    cat = catalog or load_catalog()
    out: list[str] = []
    pids = set(state.players)
    for what, pid in (("turn player", state.turn_player), ("priority", state.priority)):
        if pid is not None and pid not in pids:
            out.append(f"the {what} {pid} is not a player")
    for pid in state.turn_order:
        if pid not in pids:
            out.append(f"turn order names {pid}, not a player")
    for oid, o in state.objects.items():
        for role in ("owner", "controller"):
            if getattr(o, role) not in pids:
                out.append(f"{oid}: {role} {getattr(o, role)} is not a player")
        if o.attached_to is not None and o.attached_to not in state.objects:
            out.append(f"{oid}: attached to {o.attached_to}, which is not in the position")
        allowed = ZONE_TYPES.get(o.zone)
        if allowed and o.card != HIDDEN and o.card in cat and not o.token \
                and cat.get(o.card).type not in allowed:
            out.append(f"{oid}: a {cat.get(o.card).type} ({o.card}) cannot be in the "
                       f"{o.zone.replace('_', ' ')} zone")
    bfs = {bf.oid for bf in state.battlefields}
    for bf in state.battlefields:
        for role in ("controller", "contested_by"):
            who = getattr(bf, role)
            if who is not None and who not in pids:
                out.append(f"battlefield {bf.oid}: {role.replace('_', ' ')} {who} is not a "
                           "player")
    if state.showdown is not None and state.showdown.battlefield not in bfs:
        out.append(f"the showdown is at {state.showdown.battlefield}, not a battlefield on "
                   "the board")
    for item in state.chain:
        if item.source is not None and item.source not in state.objects:
            out.append(f"chain item {item.id}: source {item.source} is not in the position")
    try:
        out += engine.zone_problems(state)
    except (KeyError, AttributeError) as exc:
        out.append(f"zones cannot be checked: {exc}")
    return out
