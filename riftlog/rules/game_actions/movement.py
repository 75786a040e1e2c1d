"""The Standard Move (v1.3 144, 420.3, 440-448) as a decision: check, apply, candidates.

A Standard Move is a Discretionary Action (410.1, 420.3): the player with priority, in
their own Main Phase, in a Neutral Open state (144.1), exhausts one or more ready units
they control (the cost, 144.2, paid together 144.3.c) and moves them to one destination
(144.3.a) - base to battlefield, battlefield to base, battlefield to battlefield only for
units with Ganking (144.4, 810).  The move itself is the primitive
:func:`move` (contested status 445/187.3.a is applied there), defined here with
:func:`recall` (449-453) and :func:`destination_problem` (442.2, 444.2); both primitives
are re-exported by :mod:`riftlog.rules.game_actions.actions`.  The cleanup after a move (448) is the
turn flow's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from riftlog.errors import ImpossibleDecision
from riftlog.events.play import StandardMove
from riftlog.rules.board import hooks
from riftlog.rules.board.core import GameAction, Violation, handles
from riftlog.rules.board.core import rules_module as _mod  # replay-perf: late imports, kept
from riftlog.rules.board.layers import characteristics
from riftlog.rules.board.state import GameState
from riftlog.rules.board.zones import (
    PERFORMER,
    PUBLIC,
    ImpossibleAction,
    _battlefield,
    _board_object,
    _board_unit,
    _location_owner,
    _resp,
    apply_contested,
    attached_to,
    base_of,
    card_type,
    change_zone,
    many,
)

__all__ = [
    "ENFORCED_KEYWORDS", "apply_standard_move", "candidates", "check_standard_move",
    "destination_problem", "has_ganking", "move", "recall", "resolve_destination",
]

#: Keywords whose effect this module enforces (see :mod:`riftlog.rules.board.keywords`).
ENFORCED_KEYWORDS: tuple[str, ...] = ("Ganking",)


def resolve_destination(player: str, destination: str) -> str:
    """``"base"`` means the player's own base; anything else is taken as given."""
    return base_of(player) if destination == "base" else destination


def has_ganking(state: GameState, oid: str) -> bool:
    """Whether the unit has Ganking now (v1.3 810), per the layer system."""

    return characteristics(state, oid).has("Ganking")


def _timing(state: GameState, player: str) -> list[Violation]:
    ed = state.edition
    out: list[Violation] = []
    if state.phase != "main" or state.turn_player != player:
        out.append(Violation("144.1.a", f"{player} may make a standard move only in their own "
                             f"Main Phase (it is {state.turn_player}'s {state.phase} phase)", ed))
    if state.showdown is not None:
        what = "combat" if state.showdown.combat else "showdown"
        out.append(Violation("144.1.c", f"no standard move during a {what} "
                             f"(at {state.showdown.battlefield})", ed))
    if state.chain:
        out.append(Violation("144.1.b", "no standard move while the chain has items "
                             "(the turn is in a Closed State)", ed))
    if not out and state.priority != player:
        out.append(Violation("312.1", f"{player} does not have priority", ed))
    return out


# "can't move" restrictions of cards (054), e.g. a battlefield units
# cannot leave for base.  fn(state, unit, destination) -> (rule, message) | None.
MOVE_RESTRICTIONS: list[Callable[[GameState, Any, str], tuple[str, str] | None]] = []


def move_restriction(state: GameState, obj: Any, destination: str) -> tuple[str, str] | None:
    """The first card restriction forbidding *obj* to move to *destination*, or None."""
    for fn in MOVE_RESTRICTIONS:
        problem = fn(state, obj, destination)
        if problem is not None:
            return problem
    return None


def check_standard_move(state: GameState, d: StandardMove) -> list[Violation]:
    """Everything wrong with a Standard Move decision (empty when it is legal)."""
    ed = state.edition
    player = d.player
    if player not in state.players:
        return [Violation("144", f"there is no player {player!r}", ed)]
    out = _timing(state, player)
    dest = resolve_destination(player, d.destination)
    if len(set(d.units)) != len(d.units):
        out.append(Violation("144.3", "a unit is named twice in one standard move", ed))
    to_base = dest.startswith("base:")
    for oid in d.units:
        obj = state.objects.get(oid)
        if obj is None or obj.zone not in ("base", "battlefield") or card_type(obj.card) != "Unit":
            where = "does not exist" if obj is None else f"is in {obj.zone}"
            if obj is not None and obj.zone in ("base", "battlefield"):
                where = f"is a {card_type(obj.card)}"
            out.append(Violation("442.3", f"{oid} is not a unit on the board: it {where}", ed))
            continue
        if obj.controller != player:
            out.append(Violation("188.3.a", f"{oid} is controlled by {obj.controller}, not {player}", ed))
        if obj.exhausted:
            out.append(Violation("144.2", f"{oid} is exhausted and cannot pay its standard move's "
                                 "cost (exhausting it, 414.4)", ed))
        restricted = move_restriction(state, obj, dest)
        if restricted is not None:
            out.append(Violation(restricted[0], restricted[1], ed))
        if obj.location == dest:
            out.append(Violation("355.4.a", f"{oid} is already at {dest}", ed))
        elif to_base and obj.zone == "base":
            out.append(Violation("144.4.b", f"{oid} is in a base, not at a battlefield", ed))
        elif not to_base and obj.zone == "battlefield" and not has_ganking(state, oid):
            out.append(Violation("144.4.c.1", f"{oid} is at battlefield {obj.location} and has no "
                                 f"Ganking, so it cannot move to another battlefield ({dest})", ed))
    problem = destination_problem(state, player, dest)
    if problem is not None:
        rule, message = problem
        out.append(Violation("144.4.a.1" if rule == "444.2" else rule, message, ed))
    return out


def destination_problem(state: GameState, mover: str, destination: str) -> tuple[str, str] | None:
    """Why units controlled by *mover* cannot move to *destination*, as ``(rule, message)``,
    or None.  Covers the restrictions of every kind of move (v1.3 442.2, 444.2)."""
    owner = _location_owner(destination)
    if owner is not None:
        if owner != mover:
            return "144.4.b", f"units move to their own base, not to {owner}'s"
        return None
    bf = None
    for b in state.battlefields:  # replay-perf: plain loops, no generators
        if b.oid == destination:
            bf = b
            break
    if bf is None:
        return "442.2", f"{destination!r} is not a battlefield or base on the board"
    objects = state.objects
    present: set[str] = set()
    for u in bf.units:
        o = objects[u]
        if o.attached_to is None and o.controller != mover:
            present.add(o.controller)
    if len(present) >= 2:
        return "444.2", (
            f"battlefield {bf.oid} already has units of two other players "
            f"({', '.join(sorted(present))})"
        )
    team = state.players[mover].team
    if (
        team is not None
        and bf.controller is not None
        and bf.controller != mover
        and state.players[bf.controller].team == team
    ):
        return "442.2.b", f"battlefield {bf.oid} is controlled by {mover}'s teammate {bf.controller}"
    if len(state.players) > 2 and (bf.combat_staged or (
        state.showdown is not None and state.showdown.combat and state.showdown.battlefield == bf.oid
    )):
        # who is in that combat: its attacker and defender, or (staged) the players with units there
        if state.showdown is not None and state.showdown.battlefield == bf.oid:
            involved = {state.showdown.attacker, state.showdown.defender}
        else:
            involved = {state.objects[u].controller for u in bf.units}
        # replay-perf: worked out only here, where it is read
        permanents = {objects[o].controller for o in bf.units} | {
            objects[o].controller for o in bf.gear
        }
        if state.edition == "v1.2":
            # v1.2 (its 425.2.a): only a player without permanents there is kept out
            refused = mover not in permanents
        else:
            # v1.3 442.2.a: kept out when not in the combat, or without permanents there
            refused = mover not in involved or mover not in permanents
        if refused:
            return "442.2.a", f"a combat is staged or under way at {bf.oid} without {mover}"
    return None


def move(
    state: GameState,
    oids: str | Sequence[str],
    destination: str,
    log: list[GameAction],
    *,
    player: str | None = None,
    responsible: str | None = PERFORMER,
) -> bool:
    """Move units on the board to one *destination* together (v1.3 420, 441-447).

    *destination* is ``"base:<controller>"`` or a battlefield oid.  Cards attached to a
    moving unit go with it (their location is the unit's, 434.4; not a move).  A
    battlefield the movers' controller does not control becomes Contested (445); the
    showdown or combat that may follow and the cleanup after the move (446-448) belong to
    the turn flow.  Refuses non-units (442.3), units already there, and destinations no
    move may reach (444.2, 442.2).  Returns True if a battlefield became contested.
    """
    oids = many(oids)
    if not oids:
        raise ImpossibleAction("420.1", "a move needs at least one unit")
    units = [_board_unit(state, oid, "442.3") for oid in oids]
    if len(units) > 1:  # replay-perf: one unit is never named twice nor split by controller
        if len(set(oids)) != len(oids):
            raise ImpossibleAction("420.1", "a unit is named twice in one move")
        if len({u.controller for u in units}) != 1:
            raise ImpossibleAction("420.1", "units of different controllers move separately")
    mover = units[0].controller
    for u in units:
        if u.location == destination:
            raise ImpossibleAction("441.1", f"{u.oid} is already at {destination}")
    problem = destination_problem(state, mover, destination)
    for u in units:  # card restrictions (054)
        problem = problem or move_restriction(state, u, destination)
    if problem is not None:
        raise ImpossibleAction(*problem)
    zone = "base" if destination.startswith("base:") else "battlefield"
    origins = []
    for u in units:
        origins.append(u.location)
        riders = attached_to(state, u)
        change_zone(state, u, zone, destination)
        for rider in riders:
            change_zone(state, rider, zone, destination)
            rider.attached_to = u.oid
    contested = False
    if zone == "battlefield":
        contested = apply_contested(state, _battlefield(state, destination), mover)
    performer = player if player is not None else mover
    log.append(GameAction(
        "move", performer, tuple(oids),
        {"from": origins, "to": destination, "contested": contested}, PUBLIC, "420.1",
        _resp(responsible, performer),
    ))
    fire = hooks.fire_event  # "moves" (battlefield = origin)
    for i, u in enumerate(units):
        if i == 0:  # lead = first of the group
            fire(state, "moves", obj=u.oid, player=mover, battlefield=origins[0],
                 to=destination, lead=True)
        else:
            fire(state, "moves", obj=u.oid, player=mover, battlefield=origins[i],
                 to=destination)
    return contested


def recall(
    state: GameState, oid: str, log: list[GameAction], *, responsible: str | None = None
) -> None:
    """Recall a permanent to its controller's base (v1.3 449-453): not a move (451), and
    its damage, exhausted and buffed status stay as they are (453.1).  By default the
    game's procedures are responsible (corrective recalls, 411.2)."""
    obj = _board_object(state, oid, "450", "permanent")
    dest = base_of(obj.controller)
    if obj.location == dest:
        return
    origin = obj.location
    riders = attached_to(state, obj)
    change_zone(state, obj, "base", dest)
    for rider in riders:
        change_zone(state, rider, "base", dest)
        rider.attached_to = obj.oid
    log.append(GameAction("recall", obj.controller, (oid,), {"from": origin, "to": dest},
                          PUBLIC, "450", _resp(responsible, obj.controller)))


# --- the Standard Move decision ----------------------------------------------------------


@handles(StandardMove)(check_standard_move)
def apply_standard_move(state: GameState, d: StandardMove, log: list[GameAction]) -> None:
    """Pay the cost (exhaust every unit, 144.3.c), then move them together (420.3.b)."""
    objects = state.objects
    for oid in d.units:  # replay-perf: a plain loop, not any() over a generator
        if objects.get(oid) is None:
            raise ImpossibleDecision(f"{state.edition} 442.3: the standard move names an unknown "
                                     "unit")
    dest = resolve_destination(d.player, d.destination)
    exhaust = _mod("actions").exhaust
    for oid in d.units:
        exhaust(state, oid, log, responsible=d.player)
    move(state, d.units, dest, log, player=d.player, responsible=d.player)


hooks.main_decision("UnitsMoved")


@hooks.candidates
def candidates(state: GameState, player: str) -> list[StandardMove]:
    """Single-unit Standard Moves *player* could legally make now (for bots)."""
    if _timing(state, player):
        return []
    out: list[StandardMove] = []
    home = base_of(player)
    spots = [bf.oid for bf in state.battlefields]
    ready = [
        oid for oid in [*state.players[player].base,
                        *(u for bf in state.battlefields for u in bf.units)]
        if (o := state.objects[oid]).controller == player and not o.exhausted
        and o.attached_to is None and card_type(o.card) == "Unit"
    ]
    for oid in ready:
        obj = state.objects[oid]
        targets = spots if obj.zone == "base" else [home] + (
            spots if has_ganking(state, oid) else [])
        for dest in targets:
            if dest != obj.location and destination_problem(state, player, dest) is None:
                out.append(StandardMove(player=player, units=(oid,),
                                        destination="base" if dest == home else dest))
    return out
