"""The Standard Move (v1.3 144, 420.3, 440-448) as a decision: check, apply, candidates.

A Standard Move is a Discretionary Action (410.1, 420.3): the player with priority, in
their own Main Phase, in a Neutral Open state (144.1), exhausts one or more ready units
they control (the cost, 144.2, paid together 144.3.c) and moves them to one destination
(144.3.a) - base to battlefield, battlefield to base, battlefield to battlefield only for
units with Ganking (144.4, 810).  The move itself is the primitive
:func:`riftlog.rules.zones.move` (contested status 445/187.3.a is applied there); the
cleanup after it (448) is the turn flow's.
"""

from __future__ import annotations

from riftlog.errors import ImpossibleDecision
from riftlog.events.play import StandardMove
from riftlog.rules import hooks
from riftlog.rules.actions import exhaust
from riftlog.rules.core import GameAction, Violation, handles
from riftlog.rules.state import GameState
from riftlog.rules.zones import base_of, card_type, destination_problem, move

__all__ = ["ENFORCED_KEYWORDS", "candidates", "check_standard_move", "has_ganking", "resolve_destination"]

#: Keywords whose effect this module enforces (see :mod:`riftlog.rules.keywords`).
ENFORCED_KEYWORDS: tuple[str, ...] = ("Ganking",)


def resolve_destination(player: str, destination: str) -> str:
    """``"base"`` means the player's own base; anything else is taken as given."""
    return base_of(player) if destination == "base" else destination


def has_ganking(state: GameState, oid: str) -> bool:
    """Whether the unit has Ganking now (v1.3 810), per the layer system."""
    from riftlog.rules.layers import characteristics

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


@handles(StandardMove)(check_standard_move)
def apply_standard_move(state: GameState, d: StandardMove, log: list[GameAction]) -> None:
    """Pay the cost (exhaust every unit, 144.3.c), then move them together (420.3.b)."""
    objs = [state.objects.get(oid) for oid in d.units]
    if any(o is None for o in objs):
        raise ImpossibleDecision(f"{state.edition} 442.3: the standard move names an unknown unit")
    dest = resolve_destination(d.player, d.destination)
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
