"""Game-action primitives, second part (v1.3 423-439): stun, buff, double, swap, counter,
add, channel, attach, detach, predict, replace and create.

Split out of :mod:`riftlog.rules.game_actions.actions` (which re-exports every name here and is the
import point for callers); the conventions are that module's: ``fn(state, ..., log,
responsible=PERFORMER)`` mutates *state* in place, appends the
:class:`~riftlog.rules.board.core.GameAction` records to *log* and raises
:class:`~riftlog.rules.board.zones.ImpossibleAction` (citing ``v1.3 <id>``) when the action cannot
be carried out at all.  The hook lists :data:`UNITS_ENTER_READY` and
:data:`TOKEN_RESTRICTIONS` live here (``actions.<NAME>`` is the same list object).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from riftlog.errors import UnsupportedRule
from riftlog.rules.board import buffs, hooks, layers
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameObject, GameState
from riftlog.rules.board.zones import (
    PERFORMER,
    PUBLIC,
    ImpossibleAction,
    _battlefield,
    _board_object,
    _board_unit,
    _player,
    _resp,
    _target_list,
    apply_contested,
    base_of,
    card_type,
    change_zone,
    private,
)

__all__ = [
    "TOKEN_RESTRICTIONS", "UNITS_ENTER_READY", "add", "attach", "buff", "channel", "counter",
    "create", "detach", "double", "predict", "replace", "stun", "swap",
]


# --- 423 stun, 426 buff, 432 double, 433 swap ---------------------------------------------


def stun(
    state: GameState, oid: str, log: list[GameAction], *, player: str | None = None,
    responsible: str | None = PERFORMER,
) -> bool:
    """Stun a unit on the board (v1.3 423); False if it already was (423.1.a.1)."""
    obj = _board_unit(state, oid, "423.1")
    if obj.stunned:
        return False
    obj.stunned = True
    performer = player if player is not None else obj.controller
    log.append(GameAction("stun", performer, (oid,), {}, PUBLIC, "423.1",
                          _resp(responsible, performer)))
    return True


def buff(
    state: GameState, oid: str, log: list[GameAction], *, player: str | None = None,
    responsible: str | None = PERFORMER,
) -> bool:
    """Put a buff counter on a unit on the board (v1.3 426, 701): at most one, so False
    (nothing happens) if it already has one (426.1.b.1) - unless the unit may have any
    number of buffs (riftlog.rules.board.buffs, issue #5 K1)."""
    obj = _board_unit(state, oid, "426.1")
    if not buffs.add(state, obj):  # issue #5 (K1): counted buffs
        return False
    performer = player if player is not None else obj.controller
    log.append(GameAction("buff", performer, (oid,), {}, PUBLIC, "426.1",
                          _resp(responsible, performer)))
    # "buffed" (player: who buffed it, 411.4)
    hooks.fire_event(state, "buffed", obj=oid, player=performer, battlefield=obj.location)
    return True


def _add_mod(obj: GameObject, attribute: str, delta: int) -> None:
    obj.mods[attribute] = int(obj.mods.get(attribute, 0)) + delta


def double(
    state: GameState,
    oid: str,
    current: int,
    log: list[GameAction],
    *,
    attribute: str = "might",
    player: str | None = None,
    responsible: str | None = PERFORMER,
) -> None:
    """Double a numeric attribute of a unit (v1.3 432): a temporary increase equal to its
    *current* value (computed by the layer system), tracked in ``mods[attribute]``."""
    obj = _board_unit(state, oid, "432.1")
    _add_mod(obj, attribute, current)
    performer = player if player is not None else obj.controller
    log.append(GameAction("double", performer, (oid,), {"attribute": attribute, "by": current},
                          PUBLIC, "432.1", _resp(responsible, performer)))


def swap(
    state: GameState,
    first: tuple[str, str, int],
    second: tuple[str, str, int],
    log: list[GameAction],
    *,
    player: str | None = None,
    responsible: str | None = PERFORMER,
) -> None:
    """Swap two numeric values (v1.3 433): each of *first*/*second* is ``(oid, attribute,
    current value)``; the lower gets +difference, the higher -difference (433.1.b); equal
    values: nothing happens (433.1.c)."""
    (oa, aa, va), (ob, ab, vb) = first, second
    a = _board_unit(state, oa, "433.1")
    b = _board_unit(state, ob, "433.1")
    if va == vb:
        return
    diff = abs(va - vb)
    low, high = ((a, aa), (b, ab)) if va < vb else ((b, ab), (a, aa))
    _add_mod(low[0], low[1], diff)
    _add_mod(high[0], high[1], -diff)
    performer = player if player is not None else a.controller
    log.append(GameAction("swap", performer, (oa, ob), {"attributes": [aa, ab], "difference": diff},
                          PUBLIC, "433.1", _resp(responsible, performer)))


# --- 425 counter ----------------------------------------------------------------------------


def counter(
    state: GameState, item_id: str, log: list[GameAction], *, player: str | None = None,
    responsible: str | None = PERFORMER,
) -> None:
    """Counter a chain item (v1.3 425): it is cleared from the chain and does nothing; a
    countered spell goes to its owner's trash and was not played (425.1.b); no cost is
    refunded (425.1.c)."""
    index = next((i for i, it in enumerate(state.chain) if it.id == item_id), None)
    if index is None:
        raise ImpossibleAction("425.1", f"there is no item {item_id!r} on the chain")
    item = state.chain[index]
    if item.kind == "spell" and item.source is not None:
        change_zone(state, state.objects[item.source], "trash")  # removes the item
    else:
        del state.chain[index]
    performer = player if player is not None else item.controller
    log.append(GameAction("counter", performer, (item.source,) if item.source else (),
                          {"item": item_id, "kind": item.kind}, PUBLIC, "425.1",
                          _resp(responsible, performer)))


# --- 429 add, 430 channel ----------------------------------------------------------------------


def add(
    state: GameState,
    pid: str,
    log: list[GameAction],
    *,
    energy: int = 0,
    power: dict[str, int] | None = None,
    responsible: str | None = PERFORMER,
) -> None:
    """Add Energy and/or Power to *pid*'s Rune Pool (v1.3 429, 165.1).  Power is by
    domain name; ``"Any"`` is universal power (162.2.b)."""
    pool = _player(state, pid, "429.1").pool
    if energy < 0 or any(v < 0 for v in (power or {}).values()):
        raise ImpossibleAction("429.1", "cannot add a negative amount")
    pool.energy += energy
    for domain, n in (power or {}).items():
        if n:
            pool.power[domain] = pool.power.get(domain, 0) + n
    log.append(GameAction("add", pid, (), {"energy": energy, "power": dict(power or {})}, PUBLIC,
                          "429.1", _resp(responsible, pid)))


def channel(
    state: GameState,
    pid: str,
    log: list[GameAction],
    count: int = 1,
    *,
    exhausted: bool = False,
    responsible: str | None = PERFORMER,
) -> list[str]:
    """Channel: the top *count* runes of *pid*'s Rune Deck onto their base (v1.3 430),
    ready unless the effect says exhausted (430.2); as many as possible when the deck is
    short (315.3.b.1).  Returns the runes channeled."""
    p = _player(state, pid, "430.1")
    done: list[str] = []
    for _ in range(count):
        if not p.rune_deck:
            break
        obj = state.objects[p.rune_deck[0]]
        change_zone(state, obj, "base", base_of(pid), controller=pid)
        obj.exhausted = exhausted
        done.append(obj.oid)
        log.append(GameAction("channel", pid, (obj.oid,), {"card": obj.card, "exhausted": exhausted},
                              PUBLIC, "430.1", _resp(responsible, pid)))
    return done


# --- 434 attach, 435 detach --------------------------------------------------------------------


def attach(
    state: GameState,
    oid: str,
    to: str,
    log: list[GameAction],
    *,
    player: str | None = None,
    responsible: str | None = PERFORMER,
) -> bool:
    """Attach *oid* to the unit *to* (v1.3 434, 716): it takes the unit's location (not a
    move, 434.4.a), detaching first from any other (434.1.f).  False if already attached
    to it (434.1.g)."""
    obj = _board_object(state, oid, "434.1", "card")
    top = _board_unit(state, to, "434.1")
    if oid == to:
        raise ImpossibleAction("434.1.a", "a card cannot be attached to itself")
    if obj.attached_to == to:
        return False
    zone = top.zone
    change_zone(state, obj, zone, top.location)
    obj.attached_to = to
    if zone == "battlefield":
        bf = _battlefield(state, top.location)
        if oid in bf.gear:
            bf.gear.remove(oid)
            bf.units.append(oid)
    state.extra.setdefault("attached_turn", {})[oid] = state.turn  # "attached this turn"
    layers.start_effect_text(state, oid, to)  # 434.1.c: its Effect Text passives apply
    performer = player if player is not None else obj.controller
    log.append(GameAction("attach", performer, (oid, to), {}, PUBLIC, "434.1",
                          _resp(responsible, performer)))
    return True


def detach(
    state: GameState, oid: str, log: list[GameAction], *, player: str | None = None,
    responsible: str | None = PERFORMER,
) -> bool:
    """Detach a card (v1.3 435): it stays at its location (435.4); unattached gear at a
    battlefield is recalled in the next cleanup (435.4.a).  False if it was not attached
    (435.1.a.1)."""
    obj = _board_object(state, oid, "435.1", "card")
    if obj.attached_to is None:
        return False
    top = obj.attached_to
    obj.attached_to = None
    if obj.zone == "battlefield":
        bf = _battlefield(state, obj.location)
        bf.units.remove(oid)
        bf.gear.append(oid)
    performer = player if player is not None else obj.controller
    log.append(GameAction("detach", performer, (oid, top), {}, PUBLIC, "435.1",
                          _resp(responsible, performer)))
    return True


# --- 436 predict --------------------------------------------------------------------------------


def predict(
    state: GameState,
    pid: str,
    log: list[GameAction],
    *,
    count: int = 1,
    recycled: Sequence[str] = (),
    keep_order: Sequence[str] | None = None,
    responsible: str | None = PERFORMER,
) -> None:
    """Predict *count* (v1.3 436): look at the top cards of the Main Deck, recycle those in
    *recycled* (in that order: a recorded random order when 2+, 416.5) and put the rest
    back on top in *keep_order* (436.1.b).  As many as possible, never a burn out (436.4).
    Private to *pid*: others see how many were looked at and recycled."""
    p = _player(state, pid, "436.1")
    looked = p.main_deck[:max(0, count)]
    rest = [o for o in looked if o not in set(recycled)]
    if any(o not in looked for o in recycled) or len(set(recycled)) != len(recycled):
        raise ImpossibleAction("436.1.a", "only cards looked at may be recycled, each once")
    order = list(keep_order) if keep_order is not None else rest
    if sorted(order) != sorted(rest):
        raise ImpossibleAction("436.1.b", "the cards kept on top must be the ones not recycled")
    p.main_deck[:len(looked)] = order + list(recycled)
    for oid in recycled:
        change_zone(state, state.objects[oid], "main_deck")
    log.append(GameAction(
        "predict", pid, tuple(looked),
        {"count": len(looked), "recycled": len(recycled),
         "cards": [state.objects[o].card for o in looked]},
        private(pid), "436.1", _resp(responsible, pid),
    ))


# --- 438 replace, 439 create ---------------------------------------------------------------------


#: fn(state, controller, oid) -> bool: a unit token created for that
#: controller enters ready (e.g. "other friendly units enter ready"); filled by rules.abilities.
UNITS_ENTER_READY: list[Any] = []
#: issue #5 (K2): ``fn(state, card, controller, dest) -> reason | None``; a reason means the
#: token is not created (the caller gets ""); riftlog.rules.playing.restrictions.
TOKEN_RESTRICTIONS: list[Any] = []
#: issue 24: fn(state, controller, oid) -> True when the new token (any type) enters ready,
#: even when the effect creating it said exhausted (Renata Glasc, Industrialist)
TOKENS_ENTER_READY: list[Any] = []


def create(
    state: GameState,
    card: str,
    owner: str,
    log: list[GameAction],
    *,
    location: str | None = None,
    exhausted: bool | None = None,
    controller: str | None = None,
    responsible: str | None = PERFORMER,
    played: bool = True,
) -> str:
    """Create a token (v1.3 439, 176) of catalog card *card*, owned by *owner* (439.4).

    Permanents and runes go to *location* (``"base:<pid>"`` by default, or a battlefield
    oid); units enter exhausted unless *exhausted* says otherwise (143.4, 181.1).  A unit
    created at a battlefield its controller does not control contests it (187.3.a.1).
    Returns the new oid (``<owner>.t<n>``), or "" when a restriction kept a unit token from
    being played there (issue #5, TOKEN_RESTRICTIONS).

    A token an effect plays is Played (RUP4 185.2.a, 350.2; v1.3 182.1.a, 350.2): unless
    *played* is False (a token that replaces a permanent is not played, 438.1), the
    "played" trigger event fires for it, marked ``token`` (tokens are not cards, RUP4 185).
    """
    _player(state, owner, "439.4")
    kind = card_type(card)
    if kind not in ("Unit", "Gear", "Rune"):
        raise UnsupportedRule(f"v1.3 439.2: creating a {kind} token is not supported")
    ctrl = controller if controller is not None else owner
    dest = location if location is not None else base_of(ctrl)
    zone = "base" if dest.startswith("base:") else "battlefield"
    if zone == "battlefield":
        _battlefield(state, dest)
        # showdown/combat helper: 457.2.a (the caller reads the location, 457.2.b)
        if kind == "Unit" and hooks.excluded_from_combat(state, _battlefield(state, dest), ctrl):
            dest, zone = base_of(ctrl), "base"
    for refused in TOKEN_RESTRICTIONS if responsible is not None else ():  # issue #5 (K2):
        why = refused(state, card, ctrl, dest)  # "can't play there" (054.1, 055); not a 438 swap
        if why is not None:
            log.append(GameAction("create_prevented", ctrl, (), {"card": card, "to": dest,
                                  "why": why}, PUBLIC, "054.1", _resp(responsible, ctrl)))
            return ""
    oid = state.next_id(f"{owner}.t")
    obj = GameObject(oid=oid, card=card, owner=owner, controller=ctrl, zone=zone,
                     location=dest, token=True)
    obj.exhausted = (kind == "Unit") if exhausted is None else exhausted
    state.objects[oid] = obj
    if kind == "Unit" and exhausted is None and any(  # Magma Wurm
            ready(state, ctrl, oid) for ready in UNITS_ENTER_READY):
        obj.exhausted = False
    if obj.exhausted and any(ready(state, ctrl, oid) for ready in TOKENS_ENTER_READY):
        obj.exhausted = False  # issue 24: a replacement of how the token enters (369.3)
    target = _target_list(state, obj)
    assert target is not None
    target.append(oid)
    contested = False
    if zone == "battlefield" and kind == "Unit":
        contested = apply_contested(state, _battlefield(state, dest), ctrl)
    log.append(GameAction("create", ctrl, (oid,), {"card": card, "to": dest, "contested": contested},
                          PUBLIC, "439.1", _resp(responsible, ctrl)))
    if played:  # RUP4 185.2.a, 350.2 (v1.3 182.1.a): "when you play me / a unit" see it
        hooks.fire_event(state, "played", obj=oid, player=ctrl, token=True)
    return oid


def replace(
    state: GameState,
    oid: str,
    token_card: str,
    log: list[GameAction],
    *,
    player: str | None = None,
    responsible: str | None = PERFORMER,
) -> str:
    """Replace a permanent on the board with a token (v1.3 438): the token takes its place
    and inherits its status (438.1); the replaced card goes to Banishment (a token ceases
    to exist, 438.6), recorded in ``state.extra["replaced"]`` for swapping back (438.7).
    Returns the token's oid."""
    obj = _board_object(state, oid, "438.1", "permanent")
    performer = player if player is not None else obj.controller
    token = create(state, token_card, obj.controller, [], location=obj.location,
                   exhausted=obj.exhausted, controller=obj.controller, responsible=None,
                   played=False)
    new = state.objects[token]
    new.damage, new.buffed, new.stunned = obj.damage, obj.buffed, obj.stunned
    new.mods = dict(obj.mods)
    if obj.attached_to is not None:
        new.attached_to = obj.attached_to
    change_zone(state, obj, "banishment")
    if not obj.token:
        state.extra.setdefault("replaced", {})[token] = oid
    log.append(GameAction("replace", performer, (oid, token), {"card": obj.card, "with": token_card},
                          PUBLIC, "438.1", _resp(responsible, performer)))
    return token
