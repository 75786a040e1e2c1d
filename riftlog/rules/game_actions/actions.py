"""Game-action primitives (v1.3 407-439): the engine's verbs.

Every primitive has the shape ``fn(state, ..., log, responsible=PERFORMER)``: it mutates
*state* in place (no copies: this is the replay hot path), appends the
:class:`~riftlog.rules.board.core.GameAction` records it caused to *log*, and raises
:class:`ImpossibleAction` (citing ``v1.3 <id>``) when the action cannot be carried out at
all (e.g. healing a card that is not a unit on the board).  Rules *legality* of a
player's decision is the checkers' job; primitives only refuse what is physically
impossible or malformed.

Responsibility (v1.3 411).  ``responsible`` defaults to :data:`PERFORMER`, meaning "the
player performing the action" (411.1); pass ``None`` for actions performed by the game's
procedures (411.2), or a player id where a rule assigns it (411.3).

Visibility (v1.3 128).  ``public`` actions carry card ids in ``details``.  A
``private:<pid>`` or ``secret`` action keeps its hidden facts (``objects`` and the
``details`` other than ``count``/``zone``/``battlefield``/``recycled``) for the audience
it names: a redacted copy for everybody else keeps ``kind``, ``player``, ``rule``,
``responsible`` and those public details (e.g. "p1 drew 1 card").

Zones.  Every zone change goes through :func:`riftlog.rules.board.zones.change_zone`; moves and
recalls live in :mod:`riftlog.rules.game_actions.movement` and are re-exported here.

Modules.  This module holds v1.3 413-422, 424, 427, 428, 431 and 437 (draw, burn out,
exhaust, ready, recycle, deal, heal, prevent, hide, discard, reveal, banish, kill); the
primitives of 423-439 that modify objects or make new ones (stun, buff, double, swap,
counter, add, channel, attach, detach, predict, replace, create) live in
:mod:`riftlog.rules.game_actions.actions_modify`.  Every name is re-exported here: import from (or
register hooks on) ``riftlog.rules.game_actions.actions`` as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from riftlog.rules.board import hooks, layers
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.point_limits import gain_refused
from riftlog.rules.board.state import GameObject, GameState
from riftlog.rules.board.unpreventable import damage_unpreventable
from riftlog.rules.board.zones import (
    _HIDDEN_ZONES,
    PERFORMER,
    PUBLIC,
    SECRET,
    ImpossibleAction,
    _battlefield,
    _board_object,
    _board_unit,
    _obj,
    _player,
    _resp,
    base_of,
    card_type,
    change_zone,
    many,
    private,
    zone_problems,
)
from riftlog.rules.game_actions.actions_modify import (
    TOKEN_RESTRICTIONS,
    UNITS_ENTER_READY,
    add,
    attach,
    buff,
    channel,
    counter,
    create,
    detach,
    double,
    predict,
    replace,
    stun,
    swap,
)
from riftlog.rules.game_actions.movement import destination_problem, move, recall

__all__ = [
    "PERFORMER", "PUBLIC", "SECRET", "TOKEN_RESTRICTIONS", "UNITS_ENTER_READY",
    "ImpossibleAction", "add", "attach", "banish", "base_of", "buff", "burn_out", "card_type",
    "change_zone", "channel", "counter", "create", "deal", "destination_problem", "detach",
    "discard", "double", "draw", "exhaust", "heal", "hide", "kill", "move", "predict", "prevent",
    "private", "ready", "recall", "recycle", "replace", "reveal", "stun", "swap", "zone_problems",
]


# --- 413 draw, 431 burn out ----------------------------------------------------------


def draw(
    state: GameState,
    pid: str,
    log: list[GameAction],
    count: int = 1,
    *,
    beneficiary: str | None = None,
    burn_out_order: Sequence[str] | None = None,
    responsible: str | None = PERFORMER,
) -> int:
    """*pid* draws *count* cards from the top of their Main Deck (v1.3 413).

    Each draw is one ``draw`` action private to the drawer (the card id is theirs to
    see; everybody sees that one card was drawn).  When the deck runs out, the player
    Burns Out (413.4, 431.1.a) and then draws the rest.  A burn out needs the new deck
    order when the trash holds 2+ cards (a recorded random outcome, 416.5) and the
    opponent to gain the point when there are several (431.2.c): if the caller did not
    supply them (*burn_out_order*, *beneficiary*), the draw stops and a
    ``{"kind": "burn_out", "player", "draw": <cards still owed>, "rule": "431.2"}`` entry
    is appended to ``state.queue`` for the turn flow to resolve (then call
    :func:`burn_out` and :func:`draw` again).  Returns the number of cards still owed.
    """
    p = _player(state, pid, "413.1")
    resp = _resp(responsible, pid)
    owed = count
    guard = 0
    while owed > 0:
        if not p.main_deck:
            if state.phase == "over":
                return owed
            opponents = state.opponents(pid)
            chosen = beneficiary if beneficiary is not None else (
                opponents[0] if len(opponents) == 1 else None
            )
            if chosen is None or (len(p.trash) > 1 and burn_out_order is None):
                state.queue.append({"kind": "burn_out", "player": pid, "draw": owed, "rule": "431.2"})
                return owed
            burn_out(state, pid, log, beneficiary=chosen, order=burn_out_order,
                     repeated=guard > 0, responsible=resp)
            burn_out_order = None
            guard += 1
            if guard > 1000:  # pragma: no cover - a victory always ends this loop
                raise ImpossibleAction("431.3", "burn out does not end")
            continue
        obj = state.objects[p.main_deck[0]]
        oid = obj.oid
        change_zone(state, obj, "hand")
        log.append(GameAction(
            "draw", pid, (oid,), {"card": obj.card, "count": 1, "zone": "main_deck"},
            private(pid), "413.1", resp,
        ))
        owed -= 1
    return 0


def burn_out(
    state: GameState,
    pid: str,
    log: list[GameAction],
    *,
    beneficiary: str,
    order: Sequence[str] | None = None,
    repeated: bool = False,
    responsible: str | None = PERFORMER,
) -> None:
    """*pid* Burns Out (v1.3 431.2): trash recycled into the Main Deck, an opponent +1.

    *order* is the new order of the recycled cards (top first), a recorded random
    outcome (431.2.b, 416.5); it may be omitted when the trash holds at most one card.
    *beneficiary* is the opponent the player chose to gain 1 point (431.2.c).  Points
    gained by a *repeated* burn out (one in sequence after the first, the main deck still
    empty: 431.3) win the game at once when they reach the Victory Score with the most
    points (431.3.b); otherwise winning is checked by the usual scoring rules.
    """
    p = _player(state, pid, "431.2")
    resp = _resp(responsible, pid)
    if beneficiary not in state.opponents(pid):
        raise ImpossibleAction("431.2.c", f"{beneficiary!r} is not an opponent of {pid}")
    trash = p.trash
    if order is None:
        if len(trash) > 1:
            raise ImpossibleAction(
                "431.2.b", f"{pid}'s trash of {len(trash)} cards needs a recorded deck order"
            )
        order = list(trash)
    elif sorted(order) != sorted(trash):
        raise ImpossibleAction("431.2.b", "the recorded order is not the cards of the trash")
    for oid in order:
        change_zone(state, state.objects[oid], "main_deck")
    p.burn_outs += 1
    log.append(GameAction(
        "burn_out", pid, tuple(sorted(order)),
        {"recycled": len(order), "beneficiary": beneficiary}, PUBLIC, "431.2", resp,
    ))
    gain = state.players[beneficiary]
    why = gain_refused(state, beneficiary)  # issue 24: a "can't gain points" (054)
    if why is not None:
        log.append(GameAction("gain_prevented", beneficiary, (), {"points": 1, "why": why},
                              PUBLIC, "054", resp))
    else:
        gain.points += 1
        log.append(GameAction(
            "gain_points", beneficiary, (), {"points": 1, "total": gain.points,
                                             "reason": "burn_out"}, PUBLIC, "431.2.c", resp,
        ))
    if repeated and gain.points >= state.victory_score and all(
        gain.points > q.points for q in state.players.values() if q.id != beneficiary
    ):
        state.winner = [beneficiary]
        state.end_reason = "burn_out"
        state.phase = "over"
        log.append(GameAction("win", beneficiary, (), {"reason": "burn_out"}, PUBLIC, "431.3.b", None))


# --- 414 exhaust, 415 ready ------------------------------------------------------------


def exhaust(
    state: GameState, oid: str, log: list[GameAction], *, responsible: str | None = PERFORMER
) -> bool:
    """Exhaust a non-spell game object on the board (v1.3 414).  False if it already was
    exhausted: nothing happens then (414.1.c)."""
    obj = _board_object(state, oid, "414.1")
    if obj.exhausted:
        return False
    obj.exhausted = True
    log.append(GameAction("exhaust", obj.controller, (oid,), {}, PUBLIC, "414.1",
                          _resp(responsible, obj.controller)))
    return True


#: issue #5 (K2): ``fn(state, obj, by_effect) -> reason | None``; a reason stops a ready
#: (by_effect: a spell or ability readies it, not the Ready Step).  riftlog.rules.playing.restrictions.
READY_RESTRICTIONS: list[Any] = []


def ready(
    state: GameState, oid: str, log: list[GameAction], *, responsible: str | None = PERFORMER
) -> bool:
    """Ready a non-spell game object on the board (v1.3 415).  False if already ready
    (415.1.c)."""
    obj = _board_object(state, oid, "415.1")
    if not obj.exhausted:
        return False
    for refused in READY_RESTRICTIONS:  # issue #5 (K2): "can't ready" effects (054.1)
        why = refused(state, obj, responsible == PERFORMER)
        if why is not None:
            log.append(GameAction("ready_prevented", obj.controller, (oid,), {"why": why},
                                  PUBLIC, "054.1", None))
            return False
    obj.exhausted = False
    log.append(GameAction("ready", obj.controller, (oid,), {}, PUBLIC, "415.1",
                          _resp(responsible, obj.controller)))
    if card_type(obj.card) == "Unit":  # mechanics helper: trigger event "readied" (415, 383)
        who = responsible if isinstance(responsible, str) and responsible in state.players \
            else obj.controller
        hooks.fire_event(state, "readied", obj=oid, player=who)
    return True


# --- 416 recycle -----------------------------------------------------------------------


def recycle(
    state: GameState,
    oids: str | Sequence[str],
    log: list[GameAction],
    *,
    player: str | None = None,
    responsible: str | None = PERFORMER,
) -> None:
    """Put cards on the bottom of the deck each belongs to (v1.3 416).

    Runes go to their owner's Rune Deck, other cards to their owner's Main Deck
    (416.1.a-c), in the order given: when several go to one Main Deck at once that order
    is a recorded random outcome (416.5); for runes the owner's choice (416.5.a).  Tokens
    cease to exist (182.1.e, 183.1).  *player* is who performs the recycle (default: the
    owner of the first card).
    """
    oids = many(oids)
    if not oids:
        return
    objs = [_obj(state, oid, "416.1") for oid in oids]
    if len(set(oids)) != len(oids):
        raise ImpossibleAction("416.1", "a card cannot be recycled twice at once")
    performer = player if player is not None else objs[0].owner
    visibility = PUBLIC
    for obj in objs:
        if obj.zone in ("main_deck", "removed", "legend", "battlefield_card"):
            raise ImpossibleAction("416.1", f"{obj.oid} cannot be recycled from {obj.zone}")
        if obj.zone in _HIDDEN_ZONES:
            visibility = private(obj.owner)
    cards = sorted(obj.card for obj in objs)
    for obj in objs:
        deck = "rune_deck" if card_type(obj.card) == "Rune" else "main_deck"
        change_zone(state, obj, deck)
    details: dict[str, Any] = {"count": len(objs)}
    if visibility == PUBLIC:
        details["cards"] = cards
    log.append(GameAction("recycle", performer, tuple(sorted(oids)), details, visibility,
                          "416.1", _resp(responsible, performer)))
    owners = sorted({o.owner for o in objs if card_type(o.card) != "Rune" and not o.token})
    if owners:  # mechanics helper: trigger event "recycles", once per owner whose deck got cards
        for owner in owners:
            hooks.fire_event(state, "recycles", player=owner)


# --- 417 deal, 418 heal, 437 prevent ---------------------------------------------------------


#: replacement helper (issue 4): ``fn(state, oid, amount, source, kind, log) -> amount`` - damage
#: replacement effects applied before the unit's Prevent values (riftlog.rules.interpreter.replacement_effects).
DAMAGE_REPLACEMENTS: list[Any] = []


def deal(
    state: GameState,
    oid: str,
    amount: int,
    log: list[GameAction],
    *,
    source: str | None = None,
    player: str | None = None,
    responsible: str | None = PERFORMER,
    kind: str | None = None,
) -> int:
    """Deal *amount* damage to a unit on the board (v1.3 417): mark it, nothing more.

    Only valid damage (1 or more, 417.1.e) is dealt; DAMAGE_REPLACEMENTS and the Prevent
    values tracked on the unit (``mods["prevent"]``, 437) reduce it first.  *kind*: the
    kind of source - "spell", "ability", "unit" (417.6.b.3) or "combat" (417.6.c); None
    when the caller does not say.  Lethal damage kills the unit in the next
    cleanup (143.2.a), not here.  Returns the damage actually dealt.
    """
    obj = _board_unit(state, oid, "417.1")
    performer = player if player is not None else obj.controller
    resp = _resp(responsible, performer)
    if amount < 1:
        return 0
    if _no_damage(state, obj):  # a unit that cannot be dealt damage
        return 0
    unpreventable = damage_unpreventable(state, performer)  # RUP4 142.3.b: no 437 applies
    for replace in () if unpreventable else DAMAGE_REPLACEMENTS:  # noqa: F402 - e.g. 437 by kind
        amount = replace(state, oid, amount, source, kind, log)
        if amount < 1:
            return 0  # 437.4: not dealt at all
    shield = None if unpreventable else obj.mods.get("prevent")
    if shield is not None:
        prevented = amount if shield == "all" else min(amount, int(shield))
        amount -= prevented
        if shield != "all":
            left = int(shield) - prevented
            if left > 0:
                obj.mods["prevent"] = left
            else:
                del obj.mods["prevent"]
        log.append(GameAction("prevent", performer, (oid,), {"amount": prevented}, PUBLIC,
                              "437.2", resp))
        if amount < 1:
            return 0  # 437.4: not dealt at all
    obj.damage += amount
    log.append(GameAction("deal", performer, (oid,), {"amount": amount, "source": source},
                          PUBLIC, "417.1", resp))
    # issue #5 (K1): who dealt it, for the kill credit (428.5.c)
    hooks.note_damage(state, oid, performer, source, kind)
    # "damaged" (the unit took damage)
    hooks.fire_event(state, "damaged", obj=oid, player=obj.controller, battlefield=obj.location,
                     amount=amount, source=source)
    return amount


def _no_damage(state: GameState, obj: GameObject) -> bool:
    """whether the unit has the layers flag ``no_damage`` (460.2.c.9)."""
    return bool(layers.has_flag(state, obj, "no_damage"))


def heal(
    state: GameState,
    oid: str,
    log: list[GameAction],
    *,
    amount: int | None = None,
    player: str | None = None,
    responsible: str | None = PERFORMER,
) -> int:
    """Clear damage from a unit on the board (v1.3 418): all of it, or *amount*.
    Returns the damage healed (0: nothing happened, no action logged)."""
    obj = _board_unit(state, oid, "418.1")
    healed = obj.damage if amount is None else max(0, min(amount, obj.damage))
    if healed == 0:
        return 0
    obj.damage -= healed
    performer = player if player is not None else obj.controller
    log.append(GameAction("heal", performer, (oid,), {"amount": healed}, PUBLIC, "418.1",
                          _resp(responsible, performer)))
    return healed


def prevent(
    state: GameState,
    oid: str,
    amount: int | str,
    log: list[GameAction],
    *,
    player: str | None = None,
    responsible: str | None = PERFORMER,
) -> None:
    """Track a Prevent Value on a unit (v1.3 437): *amount* or ``"all"``.  Values add up;
    "all" absorbs everything (437.1.b.1.b).  Consumed by :func:`deal`."""
    obj = _board_unit(state, oid, "437.1")
    if amount != "all" and (not isinstance(amount, int) or amount < 1):
        raise ImpossibleAction("437.1.b.1.a", f"invalid prevent value {amount!r}")
    current = obj.mods.get("prevent")
    if amount == "all" or current == "all":
        obj.mods["prevent"] = "all"
    else:
        obj.mods["prevent"] = int(current or 0) + int(amount)
    performer = player if player is not None else obj.controller
    log.append(GameAction("prevent_set", performer, (oid,), {"amount": amount}, PUBLIC, "437.1",
                          _resp(responsible, performer)))


# --- 421 hide, 422 discard, 424 reveal, 427 banish, 428 kill -----------------------------------


def hide(
    state: GameState,
    oid: str,
    battlefield: str,
    log: list[GameAction],
    *,
    responsible: str | None = PERFORMER,
) -> None:
    """Place a card from its owner's hand (or Champion Zone) facedown at a battlefield its
    owner controls (v1.3 421.1, 107.3.c), if the Facedown Zone has room (107.3.b).
    Private to the owner: others see that a card was hidden there."""
    obj = _obj(state, oid, "421.1")
    if obj.zone not in ("hand", "champion"):
        raise ImpossibleAction("421.2.a", f"{oid} is not in a hand or Champion Zone")
    bf = _battlefield(state, battlefield)
    if bf.controller != obj.owner:
        raise ImpossibleAction("107.3.c", f"{obj.owner} does not control battlefield {battlefield}")
    capacity = int(state.extra.get("facedown_capacity", {}).get(battlefield, 1))
    if len(bf.facedown) >= capacity:
        raise ImpossibleAction("107.3.b", f"the Facedown Zone of {battlefield} is full")
    origin = obj.zone
    change_zone(state, obj, "facedown", battlefield, controller=obj.owner)
    log.append(GameAction("hide", obj.owner, (oid,),
                          {"card": obj.card, "battlefield": battlefield, "zone": origin, "count": 1},
                          private(obj.owner), "421.1", _resp(responsible, obj.owner)))


def discard(
    state: GameState,
    oids: str | Sequence[str],
    log: list[GameAction],
    *,
    responsible: str | None = PERFORMER,
) -> None:
    """Put cards from their owner's hand into their trash (v1.3 422).  Public: the trash
    is public (108.2.d)."""
    oids = many(oids)
    objs = [_obj(state, oid, "422.1") for oid in oids]
    for obj in objs:
        if obj.zone != "hand":
            raise ImpossibleAction("422.1", f"{obj.oid} is not in a hand (it is in {obj.zone})")
    for obj in objs:
        change_zone(state, obj, "trash")
        log.append(GameAction("discard", obj.owner, (obj.oid,), {"card": obj.card}, PUBLIC,
                              "422.1", _resp(responsible, obj.owner)))
        if obj.owner in state.players:  # "discarded this turn" (Raging Soul)
            state.players[obj.owner].turn_marks["discarded_turn"] = state.turn


#: issue 24: hooks run after each reveal, ``fn(state, [(object, zone)], log)``
#: (riftlog.rules.interpreter.reveal_additions registers one)
REVEAL_HOOKS: list[Callable[[GameState, list[tuple[GameObject, str]], list[GameAction]], None]] = []


def reveal(
    state: GameState,
    oids: str | Sequence[str],
    log: list[GameAction],
    *,
    player: str | None = None,
    responsible: str | None = PERFORMER,
) -> None:
    """Reveal cards to all players (v1.3 424): they stay where they are (424.1.a.2)."""
    oids = many(oids)
    objs = [_obj(state, oid, "424.1") for oid in oids]
    if not objs:
        return
    performer = player if player is not None else objs[0].owner
    log.append(GameAction(
        "reveal", performer, tuple(oids),
        {"cards": [o.card for o in objs], "zones": [o.zone for o in objs]}, PUBLIC, "424.1",
        _resp(responsible, performer),
    ))
    for hook in REVEAL_HOOKS:  # issue 24: what a card does as it is revealed (370.1.b.1)
        hook(state, [(o, o.zone) for o in objs], log)


def banish(
    state: GameState,
    oids: str | Sequence[str],
    log: list[GameAction],
    *,
    player: str | None = None,
    responsible: str | None = PERFORMER,
) -> None:
    """Put cards from any zone into their owner's Banishment (v1.3 427).  A facedown card
    is revealed as it leaves (421.4); tokens cease to exist (183.1)."""
    oids = many(oids)
    for oid in oids:
        obj = _obj(state, oid, "427.1")
        if obj.zone in ("banishment", "removed", "legend", "battlefield_card"):
            raise ImpossibleAction("427.1", f"{oid} cannot be banished from {obj.zone}")
        performer = player if player is not None else obj.controller
        origin = obj.zone
        change_zone(state, obj, "banishment")
        log.append(GameAction("banish", performer, (oid,), {"card": obj.card, "from": origin},
                              PUBLIC, "427.1", _resp(responsible, performer)))


def kill(
    state: GameState,
    oids: str | Sequence[str],
    log: list[GameAction],
    *,
    attribution: Sequence[str] = (),
    player: str | None = None,
    responsible: str | None = PERFORMER,
    credit: dict[str, Any] | None = None,
) -> None:
    """Kill permanents: from the board straight to their owners' trash (v1.3 428).

    Temporary modifications end (110); attached cards detach and stay (435.4.b); tokens
    cease to exist (183.1).  *attribution* names the spells/abilities the kill is
    attributed to (428.5).  Deathknell (428.1.a.1.b) is the ability layer's business.
    *credit* (issue #5, K1): extra details for the log, e.g. ``{"killer": pid, "by": [...]}``.
    """
    oids = many(oids)
    for oid in oids:
        obj = _board_object(state, oid, "428.1", "permanent")
        if card_type(obj.card) not in ("Unit", "Gear"):
            raise ImpossibleAction("428.1", f"{oid} is not a permanent (it is a {card_type(obj.card)})")
        performer = player if player is not None else obj.controller
        origin = obj.location
        controller = obj.controller
        change_zone(state, obj, "trash")
        log.append(GameAction(
            "kill", performer, (oid,),
            {"card": obj.card, "from": origin, "controller": controller,
             "attribution": list(attribution), **(credit or {})},
            PUBLIC, "428.1", _resp(responsible, performer),
        ))
