"""Zones, locations and the one zone-change helper behind every game action.

* :func:`change_zone` removes an oid from exactly one container and adds it to exactly
  one, updating ``zone``/``location``/``controller`` and clearing temporary
  modifications per v1.3 110; :func:`zone_problems` checks that invariant.
* :class:`ImpossibleAction`: a game action that cannot be carried out (cites the rule).
* Card facts the primitives need (:func:`card_type`), visibility helpers, and the two
  helpers for arrivals at battlefields (:func:`apply_contested`, 187.3.a) and attached cards.

The other primitives live in :mod:`riftlog.rules.game_actions.actions`, which re-exports these.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from riftlog.cards import load_catalog
from riftlog.errors import ImpossibleDecision
from riftlog.rules.board import hooks
from riftlog.rules.board.state import BOARD_ZONES, BattlefieldState, GameObject, GameState

#: Default for ``responsible``: the player performing the action (v1.3 411.1).
PERFORMER = "@performer"

PUBLIC = "public"
SECRET = "secret"

#: Zones kept as a list on the owner's PlayerState.
_OWNER_ZONES = frozenset(
    {"legend", "champion", "main_deck", "rune_deck", "hand", "trash", "banishment", "setaside"}
)
#: Zones whose contents other players cannot see (v1.3 128): origin or destination there
#: makes an action private to the owner.
_HIDDEN_ZONES = frozenset({"main_deck", "rune_deck", "hand", "facedown", "setaside", "champion"})
_UNIT_ZONES = frozenset({"base", "battlefield"})


class ImpossibleAction(ImpossibleDecision):
    """A game action that cannot be carried out; ``rule`` is the rule id it breaks."""

    def __init__(self, rule: str, message: str, edition: str = "v1.3") -> None:
        self.rule = rule
        self.edition = edition
        super().__init__(f"{edition} {rule}: {message}")


def private(pid: str) -> str:
    """The visibility of an action whose details only *pid* may see."""
    return f"private:{pid}"


def base_of(pid: str) -> str:
    """The location id of *pid*'s base (``"base:<pid>"``)."""
    return f"base:{pid}"


# --- card facts --------------------------------------------------------------------

#: Card types by card id, for cards the catalog does not hold (tests, custom tokens).
EXTRA_CARD_TYPES: dict[str, str] = {}


@lru_cache(maxsize=4096)
def _catalog_type(card_id: str) -> str:
    return str(load_catalog().get(card_id).type)


def card_type(card_id: str) -> str:
    """The card type of a catalog card id ("Unit", "Spell", "Gear", "Rune", ...)."""
    extra = EXTRA_CARD_TYPES.get(card_id)
    return extra if extra is not None else _catalog_type(card_id)


def is_unit(obj: GameObject) -> bool:
    return card_type(obj.card) == "Unit"


def on_board(obj: GameObject) -> bool:
    """True for a unit, gear or rune at a location on the board (v1.3 107.1-107.2)."""
    return obj.zone in _UNIT_ZONES


# --- zones -------------------------------------------------------------------------


def _battlefield(state: GameState, oid: str | None) -> BattlefieldState:
    for bf in state.battlefields:
        if bf.oid == oid:
            return bf
    raise ImpossibleAction("107.2", f"{oid!r} is not a battlefield on the board")


def _location_owner(location: str | None) -> str | None:
    if location is not None and location.startswith("base:"):
        return location[5:]
    return None


def _current_list(state: GameState, obj: GameObject) -> list[str] | None:
    zone = obj.zone
    if zone in _OWNER_ZONES:
        lst: list[str] = getattr(state.players[obj.owner], zone)
        return lst
    if zone == "base":
        pid = _location_owner(obj.location)
        return state.players[pid].base if pid is not None else None
    if zone == "battlefield":
        bf = _battlefield(state, obj.location)
        return bf.units if obj.oid in bf.units else bf.gear
    if zone == "facedown":
        return _battlefield(state, obj.location).facedown
    if zone == "battlefield_aside":
        return state.players[obj.owner].battlefields_aside
    return None  # chain (ChainItem), removed, battlefield_card


def _target_list(state: GameState, obj: GameObject) -> list[str] | None:
    zone = obj.zone
    if zone == "battlefield":
        bf = _battlefield(state, obj.location)
        return bf.units if (obj.attached_to is not None or is_unit(obj)) else bf.gear
    return _current_list(state, obj)


def _clear_temporary(obj: GameObject) -> None:
    """v1.3 110: temporary modifications stop being tracked on a zone change."""
    obj.damage = 0
    obj.buffed = False
    obj.stunned = False
    obj.exhausted = False
    obj.designation = None
    obj.attached_to = None
    if obj.mods:
        obj.mods = {}


def change_zone(
    state: GameState,
    obj: GameObject,
    zone: str,
    location: str | None = None,
    *,
    controller: str | None = None,
    top: bool = False,
) -> None:
    """Move *obj* to *zone* (at *location* for board zones): the one zone-change helper.

    Removes the oid from its current container and appends it to the new one (``top``
    puts it first: index 0 is a deck's top).  Leaving the chain removes the card's spell
    item; entering the chain does not create one (the play process does).  Moving to or
    from a non-board zone clears temporary modifications (v1.3 110) and detaches cards
    attached to it, which stay at its last location (435.4.b).  A token put into a
    non-board zone other than the chain ceases to exist (183.1): it ends in zone
    ``"removed"``, in no container.  Off the board a card's controller is its owner.
    """
    old_zone = obj.zone
    was_board = old_zone in BOARD_ZONES
    to_board = zone in BOARD_ZONES
    left = (obj.controller, obj.location) if was_board and not to_board else None
    if was_board and not to_board:
        _release_attached(state, obj)
    cur = obj.zone
    # replay-perf: _current_list inlined for the owner's zones (hand, decks, trash ...)
    src = getattr(state.players[obj.owner], cur) if cur in _OWNER_ZONES else _current_list(state, obj)
    if src is not None:
        src.remove(obj.oid)
    elif old_zone == "chain":
        chain = state.chain
        for i, item in enumerate(chain):
            if item.source == obj.oid and item.kind == "spell":
                del chain[i]
                break
    if not (was_board and to_board):
        _clear_temporary(obj)
    obj.zone = zone
    obj.face_down = zone == "facedown"
    if to_board:
        obj.location = location
        if controller is not None:
            obj.controller = controller
        elif not was_board:
            obj.controller = obj.owner
    else:
        obj.location = None
        obj.controller = obj.owner
    if left is not None:  # the trigger event "leaves" (the board)
        hooks.fire_event(state, "leaves", obj=obj.oid, player=left[0], battlefield=left[1])
    if obj.token and not to_board and zone != "chain":
        obj.zone = "removed"
        return
    cur = obj.zone
    dst = getattr(state.players[obj.owner], cur) if cur in _OWNER_ZONES else _target_list(state, obj)
    if dst is not None:
        if top:
            dst.insert(0, obj.oid)
        else:
            dst.append(obj.oid)


def _release_attached(state: GameState, top_most: GameObject) -> None:
    """Cards attached to *top_most* detach and stay at its last location (435.4.b)."""
    container = _current_list(state, top_most)
    if not container:
        return
    for oid in list(container):
        other = state.objects[oid]
        if other.attached_to == top_most.oid:
            other.attached_to = None
            if other.zone == "battlefield":
                bf = _battlefield(state, other.location)
                bf.units.remove(oid)
                bf.gear.append(oid)


def zone_problems(state: GameState) -> list[str]:
    """Inconsistencies between objects' zones and the zone lists (empty when consistent)."""
    seen: dict[str, str] = {}
    problems: list[str] = []

    def visit(where: str, oids: Iterable[str]) -> None:
        for oid in oids:
            if oid in seen:
                problems.append(f"{oid} is in both {seen[oid]} and {where}")
            seen[oid] = where

    for p in state.players.values():
        for zone in sorted(_OWNER_ZONES):
            visit(f"{p.id}.{zone}", getattr(p, zone))
        visit(f"{p.id}.base", p.base)
        visit(f"{p.id}.battlefield_aside", p.battlefields_aside)
    for bf in state.battlefields:
        visit(f"{bf.oid}.units", bf.units)
        visit(f"{bf.oid}.gear", bf.gear)
        visit(f"{bf.oid}.facedown", bf.facedown)
    for item in state.chain:
        if item.kind == "spell" and item.source is not None:
            visit("chain", [item.source])
    for oid, obj in state.objects.items():
        where = seen.get(oid)
        if obj.zone in ("removed", "battlefield_card"):
            if where is not None:
                problems.append(f"{oid} is {obj.zone} but listed in {where}")
            continue
        if where is None:
            problems.append(f"{oid} ({obj.zone}) is in no zone list")
            continue
        if obj.zone in _OWNER_ZONES or obj.zone == "battlefield_aside":
            expect = f"{obj.owner}.{obj.zone}"
            if where != expect:
                problems.append(f"{oid}: zone {obj.zone} but listed in {where}")
        elif obj.zone == "base":
            if where != f"{_location_owner(obj.location)}.base":
                problems.append(f"{oid}: location {obj.location} but listed in {where}")
        elif obj.zone in ("battlefield", "facedown"):
            if not where.startswith(f"{obj.location}."):
                problems.append(f"{oid}: location {obj.location} but listed in {where}")
        elif obj.zone == "chain" and where != "chain":
            problems.append(f"{oid}: on the chain but listed in {where}")
        if obj.zone not in BOARD_ZONES and obj.controller != obj.owner:
            problems.append(f"{oid}: off the board but controlled by {obj.controller}")
    return problems


# --- helpers -----------------------------------------------------------------------


def _resp(responsible: str | None, performer: str | None) -> str | None:
    return performer if responsible == PERFORMER else responsible


def _obj(state: GameState, oid: str, rule: str) -> GameObject:
    obj = state.objects.get(oid)
    if obj is None:
        raise ImpossibleAction(rule, f"there is no game object {oid!r}")
    return obj


def _board_object(state: GameState, oid: str, rule: str, what: str = "game object") -> GameObject:
    obj = _obj(state, oid, rule)
    if obj.zone not in _UNIT_ZONES and not (obj.zone == "legend" and what == "game object"):
        raise ImpossibleAction(rule, f"{oid} is not a {what} on the board (it is in {obj.zone})")
    return obj


def _board_unit(state: GameState, oid: str, rule: str) -> GameObject:
    obj = _board_object(state, oid, rule, "unit")
    if not is_unit(obj):
        raise ImpossibleAction(rule, f"{oid} is not a unit (it is a {card_type(obj.card)})")
    return obj


def _player(state: GameState, pid: str, rule: str) -> Any:
    p = state.players.get(pid)
    if p is None:
        raise ImpossibleAction(rule, f"there is no player {pid!r}")
    return p


def many(oids: str | Sequence[str]) -> Sequence[str]:
    """One oid or several, as a sequence."""
    return (oids,) if isinstance(oids, str) else oids


def apply_contested(state: GameState, bf: BattlefieldState, arriving: str) -> bool:
    """v1.3 187.3.a.1 / 445: a battlefield becomes Contested when a unit of a player who
    does not control it arrives, unless it already is.  True if it became contested."""
    if bf.controller == arriving or bf.contested_by is not None:
        return False
    bf.contested_by = arriving
    return True


def attached_to(state: GameState, top: GameObject) -> list[GameObject]:
    container = _current_list(state, top)
    if not container:
        return []
    return [state.objects[o] for o in container if state.objects[o].attached_to == top.oid]
