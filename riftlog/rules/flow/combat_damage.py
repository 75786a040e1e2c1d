"""Combat damage and the combat result (v1.3 460-461; Tank 815, Backline 826, Stun 423).

* :func:`total_combat_damage` - the damage one side assigns: the sum of its units' Might
  (460.2.a-b), negative Might counting as 0 (143.2.b), stunned units adding nothing
  (423.1.b).
* :func:`check_assignment` - judges how a player split that damage among the opposing
  units: all of it (460.2.c), lethal in full before the next unit (460.2.c.3), no excess
  while units remain (460.2.c.4), Tank first (815.1.c.2), Backline and "assigned last"
  after the others (826.4.b, 460.2.c.5), a unit with both choosing one (460.2.c.7-8),
  same-priority units in any order (460.2.c.6), units that cannot be dealt damage outside
  the mandatory order (460.2.c.9).  Returns :class:`~riftlog.rules.board.core.Violation` items.
* :func:`legal_assignment` - one legal split (for bots and "what were the options").
* :func:`resolve_combat_outcome` - the Resolution Step (461) as a plain result: who is
  killed, healed and recalled, who won, who establishes control, whether it is a
  Conquer (461.5.d, 464.1) and whether combat is staged again (461.3.d.1).

Lethal damage is the non-zero damage that, with the damage already marked, reaches the
unit's current Might (460.2.c.2, 143.2.a).  The assigner may give the damage in any order
the rules allow; since a recorded assignment is a map (JSON objects have no order), the
checker accepts it when *some* allowed order produces it, or checks the recorded
``order`` when one is given.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from riftlog.errors import UnsupportedCard
from riftlog.events.combat import CombatDamageAssigned
from riftlog.rules import editions
from riftlog.rules.board import hooks
from riftlog.rules.board.core import GameAction, Violation
from riftlog.rules.board.layers import Characteristics, characteristics, printed_type
from riftlog.rules.board.shared import share_for
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.game_actions.scoring import can_score
from riftlog.rules.interpreter import kills

__all__ = [
    "ENFORCED_KEYWORDS",
    "CombatOutcome",
    "Slot",
    "check_assignment",
    "combat_units",
    "damage_decision_violations",
    "deal_combat_damage",
    "legal_assignment",
    "lethal_remaining",
    "record_assignment",
    "resolve_combat_outcome",
    "slots",
    "total_combat_damage",
]

#: Keywords this module enforces (checked by tests/rules/test_keywords.py).
ENFORCED_KEYWORDS: tuple[str, ...] = ("Tank", "Backline")

#: Assignment priorities (460.2.c.5): Tank first, ordinary units, then "last" units.
FIRST, NORMAL, LAST = 0, 1, 2


def _exact(ch: Characteristics) -> Characteristics:
    """Combat needs every unit's abilities known; refuse to guess (ARCHITECTURE)."""
    if not ch.exact:
        raise UnsupportedCard(
            f"{ch.name} ({ch.card})",
            "its rules text may change combat (Might, damage order) and is not encoded",
        )
    return ch


#: replay-perf: characteristics already computed in one combat damage step, by oid (see
#: :func:`_chars`); only valid while nothing that layers reads changes.
Memo = dict[str, Characteristics]


def _chars(state: GameState, oid: str, memo: Memo | None) -> Characteristics:
    """``layers.characteristics`` of *oid*, through *memo* when given (replay-perf), checked
    by :func:`_exact`."""
    ch = memo.get(oid) if memo is not None else None
    if ch is None:
        ch = characteristics(state, oid)
        if memo is not None:
            memo[oid] = ch
    return _exact(ch)


def total_combat_damage(state: GameState, side_units: Iterable[str],
                        memo: Memo | None = None) -> int:
    """The damage a side assigns: the summed current Might of its units (460.2.a-b).

    Negative Might counts as 0 (143.2.b); a stunned unit contributes nothing (423.1.b), nor
    does a unit with the engine flag ``no_combat_damage`` (issue 24: it deals no combat damage,
    RUP4 465.2.c sums the others' Might).
    """
    total = 0
    objects = state.objects
    for oid in side_units:
        if objects[oid].stunned:
            continue
        ch = _chars(state, oid, memo)
        if "no_combat_damage" in ch.flags:
            continue
        total += ch.effective_might
    return total


def _lethal(state: GameState, oid: str, ch: Characteristics) -> int | None:
    if "no_damage" in ch.flags:
        return None
    return max(1, ch.effective_might - state.objects[oid].damage)


def lethal_remaining(state: GameState, oid: str, memo: Memo | None = None) -> int | None:
    """Damage still needed to be lethal (at least 1: lethal damage is non-zero, 460.2.c.2);
    ``None`` for a unit that cannot be dealt damage (460.2.c.9)."""
    return _lethal(state, oid, _chars(state, oid, memo))


hooks.lethal_remaining.provide(lethal_remaining)


@dataclass(frozen=True, slots=True)
class Slot:
    """One unit damage may be assigned to: its lethal amount (``None``: cannot be dealt
    damage) and the priorities it may be assigned at (two when Tank and "assigned last"
    both apply, 460.2.c.7)."""

    oid: str
    name: str
    lethal: int | None
    priorities: frozenset[int]
    tank: bool
    last_reason: str | None  # "Backline" / "assigned last" / None

    def label(self) -> str:
        return f"{self.name} ({self.oid})"


#: replay-perf: the priority sets of a slot, by (tank, assigned last).
_PRIOS = {(False, False): frozenset({NORMAL}), (True, False): frozenset({FIRST}),
          (False, True): frozenset({LAST}), (True, True): frozenset({FIRST, LAST})}


def slots(state: GameState, units: Iterable[str], memo: Memo | None = None) -> list[Slot]:
    """The assignment slots of *units* (the opposing side's units in combat); *memo*: see
    :func:`_chars`."""
    out: list[Slot] = []
    for oid in units:
        ch = _chars(state, oid, memo)  # replay-perf: once per unit (lethal too)
        tank = ch.has("Tank")
        last = "Backline" if ch.has("Backline") else (
            "assigned last" if "assigned_last" in ch.flags else None)
        if last == "Backline" and state.edition == "v1.2":  # editions helper: no 826 in v1.2
            raise editions.new_in_v13(state, "826", f"{oid} has Backline")
        out.append(Slot(oid, ch.name, _lethal(state, oid, ch), _PRIOS[tank, last is not None],
                        tank, last))
    return out


def _blame(first: Slot, later: Slot) -> str:
    """The rule that put *first* before *later*."""
    if first.tank and FIRST not in later.priorities:
        return "815.1.c.2"
    if later.last_reason == "Backline":
        return "826.4.b"
    return "460.2.c.5"


def check_assignment(
    state: GameState,
    assigning_player: str,
    damage_total: int,
    assignment: Mapping[str, int],
    defending_units: Sequence[str],
    order: Sequence[str] | None = None,
    memo: Memo | None = None,
) -> list[Violation]:
    """Judge a combat damage assignment (v1.3 460.2.c).  Empty list: legal.

    *defending_units* are the opposing units damage may go to; *assignment* maps unit oid
    to damage; *order*, when recorded, is the sequence in which the player assigned;
    *memo*: see :func:`_chars`.
    """
    v: list[Violation] = []
    edition = state.edition
    for oid, amount in assignment.items():
        if oid not in defending_units:
            v.append(Violation("460.2.c", f"{assigning_player} assigned damage to {oid}, which is "
                               "not one of the opposing units in this combat", edition))
        elif not isinstance(amount, int) or amount < 0:
            v.append(Violation("460.2.c", f"damage assigned to {oid} must be a whole number "
                               f"of 0 or more, not {amount!r}", edition))
    if v:
        return v
    given = sum(assignment.values())
    if given != damage_total:
        v.append(Violation("460.2.c", f"{assigning_player} must assign exactly {damage_total} "
                           f"combat damage (the summed Might), but assigned {given}", edition))
        return v
    table = slots(state, defending_units, memo)
    if not table:
        return v
    a = {s.oid: assignment.get(s.oid, 0) for s in table}
    damageable = [s for s in table if s.lethal is not None]
    need = sum(s.lethal or 0 for s in damageable)
    if damage_total >= need:  # every unit gets lethal; the rest goes anywhere (460.2.c.4)
        for s in damageable:
            if a[s.oid] < (s.lethal or 0):
                v.append(Violation("460.2.c.3", f"{s.label()} must be assigned lethal damage "
                                   f"({s.lethal}) since there is enough damage for every unit, "
                                   f"but got {a[s.oid]}", edition))
        return v
    for s in table:
        if s.lethal is None and a[s.oid] > 0:
            v.append(Violation("460.2.c.9", f"{s.label()} cannot be dealt damage: it takes no "
                               "part in the lethal order, and damage may go to it only once every "
                               "other unit has lethal damage", edition))
    for s in damageable:
        if a[s.oid] > (s.lethal or 0):
            v.append(Violation("460.2.c.4", f"{s.label()} was assigned {a[s.oid]} damage, more "
                               f"than the {s.lethal} that is lethal, while other units have not "
                               "been assigned lethal damage", edition))
    partial = [s for s in damageable if 0 < a[s.oid] < (s.lethal or 0)]
    if len(partial) > 1:
        names = ", ".join(f"{s.label()} {a[s.oid]}/{s.lethal}" for s in partial)
        v.append(Violation("460.2.c.3", "a unit must be assigned lethal damage in full before "
                           f"damage goes to another unit, but several are partly assigned: {names}",
                           edition))
    if v:
        return v
    prefix = [s for s in damageable if a[s.oid] > 0]
    rest = [s for s in damageable if a[s.oid] == 0]
    if order is not None:
        return _check_order(state, order, prefix, rest, a)
    if _feasible(prefix, partial[0] if partial else None, rest) is None:
        v.append(_order_violation(prefix, rest, a, edition))
    return v


def _feasible(prefix: list[Slot], partial: Slot | None, rest: list[Slot]) -> int | None:
    """A priority level m such that the prefix can come first: every fully assigned unit
    at a level <= m, the partly assigned one at m, every untouched unit at >= m."""
    for m in (FIRST, NORMAL, LAST):
        if partial is not None and m not in partial.priorities:
            continue
        if all(min(s.priorities) <= m for s in prefix) and all(
            max(s.priorities) >= m for s in rest
        ):
            return m
    return None


def _order_violation(prefix: list[Slot], rest: list[Slot], a: Mapping[str, int],
                     edition: str) -> Violation:
    # Name a unit that had to come before something that was assigned damage.
    for w in rest:
        for s in prefix:
            if max(w.priorities) < min(s.priorities):
                return Violation(_blame(w, s),
                                 f"{w.label()} had to be assigned lethal damage ({w.lethal}) "
                                 f"before {s.label()} got any: {_why(w, s)}", edition)
    for s in prefix:
        if 0 < a[s.oid] < (s.lethal or 0):
            for f in prefix:
                if f is not s and min(f.priorities) > max(s.priorities):
                    return Violation(_blame(s, f), f"{s.label()} had to be assigned lethal damage "
                                     f"before {f.label()} got any: {_why(s, f)}", edition)
    return Violation("460.2.c.5", "this assignment follows no order the damage-assignment "
                     "requirements allow", edition)


def _why(first: Slot, later: Slot) -> str:
    if first.tank and not later.tank:
        return "it has Tank"
    if later.last_reason is not None:
        return f"{later.name} has {later.last_reason}"
    return "of the required assignment order"


def _check_order(state: GameState, order: Sequence[str], prefix: list[Slot], rest: list[Slot],
                 a: Mapping[str, int]) -> list[Violation]:
    edition = state.edition
    by_oid = {s.oid: s for s in (*prefix, *rest)}
    seq = [o for o in order if a.get(o, 0) > 0]
    if sorted(seq) != sorted(s.oid for s in prefix) or len(set(order)) != len(order):
        return [Violation("460.2.c", "the recorded order must list each unit that was assigned "
                          "damage exactly once", edition)]
    for o in seq[:-1]:
        s = by_oid[o]
        if a[o] < (s.lethal or 0):
            return [Violation("460.2.c.3", f"{s.label()} was followed by another unit before "
                              f"having lethal damage ({a[o]} of {s.lethal})", edition)]
    level = FIRST
    for i, o in enumerate(seq):
        s = by_oid[o]
        fits = [p for p in sorted(s.priorities) if p >= level]
        if not fits:
            before = by_oid[seq[i - 1]]
            return [Violation(_blame(s, before), f"{before.label()} may not be assigned "
                              f"damage before {s.label()}: {_why(s, before)}", edition)]
        level = fits[0]
    for w in rest:
        if max(w.priorities) < level:
            last = by_oid[seq[-1]]
            return [Violation(_blame(w, last),
                              f"{w.label()} had to be assigned lethal damage before {last.label()} "
                              f"got any: {_why(w, last)}", edition)]
    return []


def legal_assignment(state: GameState, damage_total: int,
                     defending_units: Sequence[str]) -> dict[str, int]:
    """One legal assignment: lethal damage in priority order (Tank, others, last), the
    excess on the last unit in that order; units that cannot be dealt damage only get
    damage when no other unit is left."""
    table = slots(state, defending_units)
    ordered = sorted((s for s in table if s.lethal is not None), key=lambda s: min(s.priorities))
    out: dict[str, int] = {}
    left = damage_total
    for s in ordered:
        give = min(left, s.lethal or 0)
        if give:
            out[s.oid] = give
        left -= give
    if left and table:
        target = ordered[-1] if ordered else table[0]
        out[target.oid] = out.get(target.oid, 0) + left
    return out


# --- the decision -----------------------------------------------------------------------


def damage_decision_violations(state: GameState, decision: CombatDamageAssigned) -> list[Violation]:
    """Judge a :class:`~riftlog.events.combat.CombatDamageAssigned` against the combat in
    progress: a combat in its damage step at that battlefield (460.1), assigned by the
    attacker first and then the defender, once each (460.2.c), with the side's summed
    Might among the other side's units (:func:`check_assignment`).  Assignments already
    made are kept in ``state.showdown.data["damage"]`` (see :func:`record_assignment`)."""
    ed = state.edition
    sd = state.showdown
    player = decision.player
    if sd is None or not sd.combat or sd.battlefield != decision.battlefield or sd.step != "damage":
        return [Violation("460.1", f"there is no combat damage step at {decision.battlefield} "
                          "now", ed)]
    if player not in (sd.attacker, sd.defender):
        return [Violation("460.2.c", f"{player} is neither the attacker nor the defender of "
                          "this combat", ed)]
    done = sd.data.get("damage", {})
    if player in done:
        return [Violation("460.2.c", f"{player} has already assigned their combat damage", ed)]
    if player == sd.defender and sd.attacker not in done:
        return [Violation("460.2.c", "the attacker assigns combat damage first", ed)]
    # replay-perf: the units' characteristics, handed to apply_combat_damage_assigned (see
    # there) when the engine shares a check with its apply; nothing is stored otherwise.
    keep = share_for(state, decision)
    memo: Memo | None = None
    if keep is not None:
        memo = keep["chars"] = {}
    front = state.queue[0] if state.queue else None
    if (front is not None and front["kind"] == "await" and front["request"] == "combat_damage"
            and front["player"] == player
            and front["options"].get("battlefield") == decision.battlefield):
        # replay-perf: the awaited request (combat.damage_request) holds this player's total
        # and the opposing units: the cleanup closing the last apply built it (its last step,
        # showdown.sync_request) and a decision is judged at that await, before any change.
        opts = front["options"]
        return check_assignment(state, player, opts["total"], decision.assignment,
                                opts["units"], decision.order, memo)
    other = sd.defender if player == sd.attacker else sd.attacker
    units = combat_units(state, decision.battlefield)
    total = total_combat_damage(state, units.get(player, []), memo)
    return check_assignment(state, player, total, decision.assignment,
                            units.get(other or "", []), decision.order, memo)


def record_assignment(state: GameState, decision: CombatDamageAssigned) -> None:
    """Keep a judged assignment until both players have assigned (460.2.c.1)."""
    if state.showdown is None:
        raise ValueError("v1.3 460: no combat in progress")
    state.showdown.data.setdefault("damage", {})[decision.player] = dict(decision.assignment)


def deal_combat_damage(state: GameState, log: list[GameAction],
                       memo: Memo | None = None) -> dict[str, int]:
    """Deal every assigned amount at once (460.2.c.1.a, 460.2.d) with the Deal primitive;
    a unit that cannot be dealt damage takes none (460.2.c.9).  Returns what was dealt.

    *memo* (replay-perf): characteristics computed earlier in this damage step, filled in
    here.  A Deal only marks damage, uses up Prevent (``mods["prevent"]``), records the
    damage mark and queues triggers: none of these is read by layers, so the units'
    characteristics are the same before, during and after the dealing."""
    if state.showdown is None:
        raise ValueError("v1.3 460: no combat in progress")
    if memo is None:
        memo = {}
    deal = actions.deal
    kills.note_assignments(state, memo)  # issue #5 (K1): excess damage (Tryndamere)
    objects = state.objects
    dealt: dict[str, int] = {}
    with kills.combat_sources(state):
        for pid, assignment in state.showdown.data.get("damage", {}).items():
            for oid, amount in assignment.items():
                obj = objects.get(oid)
                if obj is None or obj.zone != "battlefield" or amount < 1:
                    continue
                # (no UnsupportedCard here: note_assignments checked these through the memo)
                if "no_damage" in _chars(state, oid, memo).flags:
                    continue
                dealt[oid] = dealt.get(oid, 0) + deal(state, oid, amount, log, player=pid,
                                                      kind="combat")
    return dealt


# --- 461 the Resolution Step --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CombatOutcome:
    """The plain result of a combat's Resolution Step (v1.3 461).

    ``killed``: units with lethal damage (323.5 in the Combat Cleanup); ``healed``: the
    survivors whose damage is cleared (461.1.a.1); ``recalled``: attackers sent to base
    because defenders remain (461.1.a.2); ``remaining``: units left per player;
    ``winner``/``loser``: 461.3.a-b, both ``None`` for "No Result" (461.3.d);
    ``restage``: combat staged again (461.3.d.1); ``controller``: who controls the
    battlefield after 461.5 (``None``: uncontrolled); ``establishes``: the player who
    establishes control, if any; ``conquered_by``: that player when it is a Conquer
    (461.5.d, 464.1).
    """

    battlefield: str
    attacker: str
    defender: str
    killed: tuple[str, ...]
    healed: tuple[str, ...]
    recalled: tuple[str, ...]
    remaining: dict[str, tuple[str, ...]]
    winner: str | None
    loser: str | None
    restage: bool
    controller: str | None
    establishes: str | None
    conquered_by: str | None

    @property
    def result(self) -> str:
        return "no_result" if self.winner is None else "won"


def combat_units(state: GameState, battlefield: str) -> dict[str, list[str]]:
    """Units at *battlefield* by controller (attached gear is not a unit)."""
    out: dict[str, list[str]] = {}
    for oid in state.battlefield(battlefield).units:
        obj = state.objects[oid]
        if obj.attached_to is None and printed_type(obj.card) == "Unit":
            out.setdefault(obj.controller, []).append(oid)
    return out


def resolve_combat_outcome(
    state: GameState,
    battlefield: str,
    *,
    attacker: str | None = None,
    defender: str | None = None,
    assigned: Mapping[str, int] | None = None,
    staged_here: bool = False,
    memo: Memo | None = None,
) -> CombatOutcome:
    """The Resolution Step of the combat at *battlefield* (v1.3 461), without changing
    *state*.  Damage is what is marked now plus *assigned* (damage assigned but not yet
    dealt; a unit that cannot be dealt damage takes none).  Attacker and defender default
    to the current showdown's.  *staged_here*: a showdown or combat is staged here
    anyway, so nobody establishes control (461.5).  *memo*: see :func:`deal_combat_damage`.
    """
    sd = state.showdown
    attacker = attacker or (sd.attacker if sd is not None else None)
    defender = defender or (sd.defender if sd is not None else None)
    if attacker is None or defender is None:
        raise ValueError("v1.3 459.2.b: a combat needs an attacker and a defender")
    assigned = assigned or {}
    by_player = combat_units(state, battlefield)
    killed: list[str] = []
    survivors: dict[str, list[str]] = {attacker: [], defender: []}
    objects = state.objects
    for pid, units in by_player.items():
        for oid in units:
            ch = _chars(state, oid, memo)
            extra = 0 if "no_damage" in ch.flags else assigned.get(oid, 0)
            damage = objects[oid].damage + extra
            if damage > 0 and damage >= ch.effective_might:  # 143.2.a, 323.5
                killed.append(oid)
            else:
                survivors.setdefault(pid, []).append(oid)
    healed = tuple(o for units in survivors.values() for o in units
                   if state.objects[o].damage + assigned.get(o, 0) > 0)
    recalled: tuple[str, ...] = ()
    if survivors.get(defender):  # 461.1.a.2
        recalled = tuple(survivors[attacker])
        survivors[attacker] = []
    present = [p for p in (attacker, defender) if survivors.get(p)]
    others = [p for p, units in survivors.items() if units and p not in (attacker, defender)]
    winner = present[0] if len(present) == 1 and not others else None
    loser = None if winner is None else (defender if winner == attacker else attacker)
    restage = len(present) == 2  # 461.3.d.1
    bf = state.battlefield(battlefield)
    controller = bf.controller
    establishes = None
    conquered_by = None
    if not staged_here and not restage:
        holders = present + others
        if len(holders) == 1:
            establishes = holders[0]
            controller = establishes
            if bf.controller != establishes and can_score(state, establishes, battlefield,
                                                          "conquer", require_control=False):
                conquered_by = establishes
        elif not holders:
            controller = None  # 461.5.b
    return CombatOutcome(
        battlefield=battlefield, attacker=attacker, defender=defender,
        killed=tuple(killed), healed=healed, recalled=recalled,
        remaining={p: tuple(u) for p, u in survivors.items()},
        winner=winner, loser=loser, restage=restage, controller=controller,
        establishes=establishes, conquered_by=conquered_by,
    )
