"""Combat in the turn flow (v1.3 316.4, 323.2, 454-461).

The pure parts - the damage each side assigns, judging an assignment, the combat result -
are :mod:`riftlog.rules.flow.combat_damage`'s; this module runs the steps of combat (458):

1. The Combat Showdown Step (459): :func:`open_combat` - from a staged combat chosen in a
   Neutral Open state (323.12-323.13) or a non-combat showdown that becomes one (323.14,
   455.1) - names the Attacker (the player who applied Contested, 459.2.b.1) and the
   Defender (459.2.b.2), designates their units (459.2.b.3-4) and gives the Attacker
   Focus (459.2.c).  Units arriving later get their controller's designation in the
   next cleanup; units elsewhere lose theirs (:func:`cleanup_designations`, 323.2).
   The showdown itself runs as any other (:mod:`riftlog.rules.flow.showdown`).
2. The Combat Damage Step (460): :func:`damage_step` - when both sides still have units
   (460.1), the Attacker and then the Defender assign their summed Might
   (:class:`~riftlog.events.combat.CombatDamageAssigned`, checked by
   :func:`combat_damage.damage_decision_violations`: lethal first, Tank first, no excess
   while other units remain, 460.2.c); a side with no damage to assign (summed Might 0)
   assigns nothing, automatically (as does a side with
   no opposing unit left to assign to, or a player removed from the game, 652).  Then all the damage is dealt at once (460.2.d) with
   :func:`riftlog.rules.game_actions.actions.deal`.
3. The Resolution Step (461): :func:`resolution_step` - the Combat Cleanup kills units
   with lethal damage (323.5), heals all units (461.1.a.1) and recalls the attackers if
   defenders remain (461.1.a.2); the combat result (461.3: won/lost, or "No Result" with a
   combat staged again when both sides remain, 461.3.d.1); control (461.5: the only
   player with units left establishes control, a Conquer if they have not scored here
   this turn, :func:`riftlog.rules.flow.turn.score`; nobody left - uncontrolled; a tie keeps
   the battlefield with its controller and nobody scores); then combat ends: designations
   are removed and "this combat" effects expire (461.7).

"Heal all Units" (461.1.a.1) is read as written: every unit on the board, as in the
Expiration Step (317.2.b).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from riftlog.errors import ImpossibleDecision, UnsupportedCard, UnsupportedRule
from riftlog.events.combat import CombatDamageAssigned
from riftlog.rules import editions
from riftlog.rules.board import hooks, layers, resources
from riftlog.rules.board.core import GameAction, Violation, handles
from riftlog.rules.board.hooks import await_entry
from riftlog.rules.board.shared import take_shared
from riftlog.rules.board.state import BattlefieldState, GameState
from riftlog.rules.flow import combat_damage, showdown
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter import effects, replacement_effects, triggers

__all__ = [
    "apply_combat_damage_assigned",
    "candidates",
    "check_combat_damage_assigned",
    "cleanup_designations",
    "combat_participants",
    "damage_request",
    "damage_step",
    "excluded_from_combat",
    "open_combat",
    "resolution_step",
]


def _sides(state: GameState, bf: BattlefieldState) -> tuple[str, str]:
    """Attacker and Defender of a combat opening at *bf* (459.2.b.1-2, 457)."""
    opposing, units_by_player = showdown.opposing, showdown.units_by_player
    attacker = bf.contested_by
    sd = state.showdown
    if attacker is None and sd is not None:
        attacker = sd.data.get("contester")
    present = list(units_by_player(state, bf))
    if attacker is None or attacker not in present:
        raise UnsupportedRule(f"{state.edition} 459.2.b.1: a combat at {bf.oid} whose "
                              "contesting player has no units there is not implemented")
    defenders = [p for p in present if p != attacker and opposing(state, attacker, p)]
    if len(defenders) != 1:  # 457: the entries are closed (442.2.a, 444.2, 457.2)
        raise UnsupportedRule(f"{state.edition} 457.3: a combat at {bf.oid} between "
                              f"{[attacker, *defenders]} (not exactly two players) comes from "
                              "a choice the rules make invalid; the engine does not know which "
                              "earlier choice to refuse")
    return attacker, defenders[0]


def combat_participants(state: GameState, bf: BattlefieldState) -> frozenset[str] | None:
    """The players in the combat in progress or staged at *bf* (v1.3 457), or None when
    there is none: the Attacker and Defender of a combat in progress, else the players
    with units at a battlefield where a combat is staged."""
    sd = state.showdown
    if sd is not None and sd.combat and sd.battlefield == bf.oid:
        return frozenset(p for p in (sd.attacker, sd.defender) if p is not None)
    if bf.combat_staged:
        return frozenset(showdown.units_by_player(state, bf))
    return None


def excluded_from_combat(state: GameState, bf: BattlefieldState, player: str) -> bool:
    """457.2: with three or more players, *player* may not play units to *bf* while two
    others fight there (combat staged or under way) - only its two participants may
    (457: exactly two players per combat)."""
    if len(state.players) <= 2:
        return False
    parts = combat_participants(state, bf)
    return parts is not None and player not in parts


hooks.excluded_from_combat.provide(excluded_from_combat)


def open_combat(state: GameState, bf: BattlefieldState, log: list[GameAction]) -> None:
    """The Combat Showdown Step opens (459.2): designations (459.2.b), Focus to the
    Attacker (459.2.c).  The showdown in ``state.showdown`` becomes a Combat Showdown."""
    sd = state.showdown
    if sd is None or sd.battlefield != bf.oid:
        raise ImpossibleDecision(f"{state.edition} 459.1: no showdown at {bf.oid} to open a combat in")
    attacker, defender = _sides(state, bf)
    sd.combat = True
    sd.attacker = attacker
    sd.defender = defender
    sd.step = "showdown"
    sd.passes = []
    if state.edition == "v1.2":  # editions helper: the Initial Chain starts after this (v1.2 342.1)
        sd.data["v12_chain_mark"] = state.counters.get("c", 0)
    bf.combat_staged = False
    bf.showdown_staged = False
    _designate(state, bf)
    triggers.fire(state, "attacks", player=attacker, battlefield=bf.oid)
    triggers.fire(state, "defends", player=defender, battlefield=bf.oid)
    sd.focus = attacker  # 459.2.c
    if not state.chain:
        state.priority = attacker  # 313.2
    log.append(GameAction("combat_begins", attacker, (bf.oid,),
                          {"attacker": attacker, "defender": defender}, rule="459.2"))


def _designate(state: GameState, bf: BattlefieldState) -> bool:
    """459.2.b.3-4 / 323.2.a-b: units at the combat's battlefield carry their
    controller's designation."""
    sd = state.showdown
    assert sd is not None
    role = {sd.attacker: "attacker", sd.defender: "defender"}
    changed = False
    objects = state.objects
    for oid in bf.units:
        obj = objects[oid]
        want = role.get(obj.controller) if obj.attached_to is None else None
        if obj.designation != want:
            obj.designation = want
            changed = True
            seen = sd.data.setdefault("designated", [])
            # 383.4.e.2.a: once per combat; replay-perf: also the objects _designated visits
            if want is not None and oid not in seen:
                seen.append(oid)
                triggers.fire(state, "attacks" if want == "attacker" else "defends",
                              obj=oid, player=obj.controller, battlefield=bf.oid)
    return changed


def _designated(state: GameState) -> Iterable[Any]:
    """The objects that may hold a designation: replay-perf, those this combat designated
    (``sd.data["designated"]``, kept by :func:`_designate`, the only code that gives one;
    :func:`end_combat` removes them all), else every object."""
    sd = state.showdown
    seen = sd.data.get("designated") if sd is not None else None
    if seen is None:
        return state.objects.values()
    objects = state.objects
    return [objects[oid] for oid in seen if oid in objects]


def cleanup_designations(state: GameState, log: list[GameAction]) -> bool:
    """Cleanup step 2 (v1.3 323.2): assign or remove Attacker/Defender designations while
    a combat is in progress.  Returns True if a designation changed."""
    sd = state.showdown
    if sd is None or not sd.combat:
        return False
    bf = state.battlefield(sd.battlefield)
    changed = _designate(state, bf)
    where = bf.oid
    for obj in _designated(state):  # 323.2.c
        if obj.designation is not None and obj.location != where:
            obj.designation = None
            changed = True
    if changed:
        log.append(GameAction("designate", None, (bf.oid,), rule="323.2"))
    return changed


# --- 460 the Combat Damage Step ----------------------------------------------------------


def damage_step(state: GameState, log: list[GameAction]) -> None:
    """The Combat Showdown closed (348.1): go to the damage step if both sides still have
    units (460.1), else straight to the Resolution Step."""
    sd = state.showdown
    assert sd is not None and sd.combat
    present = showdown.units_by_player(state, state.battlefield(sd.battlefield))
    if sd.attacker in present and sd.defender in present:
        sd.step = "damage"
        sd.data["damage"] = {}
        state.priority = None  # assigning damage is a Limited Action (312.1.b.1)
        _advance_damage(state, log)
        return
    resolution_step(state, log)


def _assigner(state: GameState) -> str | None:
    """The next player to assign: the Attacker first, then the Defender (460.2.c)."""
    sd = state.showdown
    assert sd is not None
    done = sd.data.get("damage", {})
    for pid in (sd.attacker, sd.defender):
        if pid is not None and pid not in done:
            return pid
    return None


def _side_units(state: GameState) -> dict[str, list[str]]:
    sd = state.showdown
    assert sd is not None
    return combat_damage.combat_units(state, sd.battlefield)


def _advance_damage(state: GameState, log: list[GameAction],
                    memo: combat_damage.Memo | None = None) -> None:
    """Record the nothing-to-assign sides, then deal and resolve once all assigned.
    *memo*: characteristics already computed on this state (see
    :func:`apply_combat_damage_assigned`)."""
    sd = state.showdown
    assert sd is not None
    # replay-perf: each unit's characteristics once for the rest of this step - recording
    # an empty assignment and dealing the damage change nothing layers reads (see
    # combat_damage.deal_combat_damage).
    if memo is None:
        memo = {}
    while (pid := _assigner(state)) is not None:
        units = _side_units(state)
        other = sd.defender if pid == sd.attacker else sd.attacker
        if (not state.players[pid].eliminated and units.get(other or "")
                and combat_damage.total_combat_damage(state, units.get(pid, []), memo) > 0):
            return  # awaits CombatDamageAssigned (see damage_request)
        sd.data["damage"][pid] = {}
        log.append(GameAction("assign_damage", pid, (), {"assignment": {}, "total": 0},
                              rule="460.2.c"))
    combat_damage.deal_combat_damage(state, log, memo)  # 460.2.d
    resolution_step(state, log, memo)  # 460.3


def skip_removed_assigners(state: GameState, log: list[GameAction]) -> bool:
    """A player removed from the game (652) during the damage step assigns nothing."""
    pid = _assigner(state)
    if pid is None or not state.players[pid].eliminated:
        return False
    sd = state.showdown
    assert sd is not None
    sd.data["damage"][pid] = {}
    _advance_damage(state, log)
    return True


def damage_request(state: GameState) -> dict[str, Any]:
    """The await entry for the next assignment (460.2.c), with the assigner's total and
    the opposing units as options."""
    sd = state.showdown
    assert sd is not None
    pid = _assigner(state)
    if pid is None:
        raise ImpossibleDecision(f"{state.edition} 460.2.d: every player has assigned")
    units = _side_units(state)
    other = sd.defender if pid == sd.attacker else sd.attacker
    return await_entry("combat_damage", pid, ["CombatDamageAssigned"], "460.2.c", {
        "battlefield": sd.battlefield,
        "total": combat_damage.total_combat_damage(state, units.get(pid, [])),
        "units": list(units.get(other or "", [])),
    })


def check_combat_damage_assigned(state: GameState, d: CombatDamageAssigned) -> list[Violation]:
    """460.1-460.2.c, judged by :func:`combat_damage.damage_decision_violations`."""
    return combat_damage.damage_decision_violations(state, d)


@handles(CombatDamageAssigned)(check_combat_damage_assigned)
def apply_combat_damage_assigned(state: GameState, d: CombatDamageAssigned,
                                 log: list[GameAction]) -> None:
    """Keep the assignment (460.2.c.1); once both assigned, deal (460.2.d) and resolve."""
    # replay-perf: the characteristics check_combat_damage_assigned computed on this very
    # state (engine.Shared), taken before any change.  The engine's steps before this (the
    # queue popped and emptied, extra["answering"]) and recording the assignment change
    # nothing layers reads (tests/rules/test_combat_damage_shortcuts.py replays both ways).
    kept = take_shared(state, d)
    sd = state.showdown
    if sd is None or not sd.combat or sd.step != "damage" or sd.battlefield != d.battlefield:
        raise ImpossibleDecision(f"{state.edition} 460.1: there is no combat damage step at "
                                 f"{d.battlefield} now")
    if d.player not in (sd.attacker, sd.defender) or d.player in sd.data.get("damage", {}):
        raise ImpossibleDecision(f"{state.edition} 460.2.c: {d.player} cannot assign combat "
                                 "damage now")
    for oid in d.assignment:
        obj = state.objects.get(oid)
        if obj is None or obj.location != sd.battlefield:
            raise ImpossibleDecision(f"{state.edition} 460.2.c: {oid} is not a unit in this combat")
    combat_damage.record_assignment(state, d)
    log.append(GameAction("assign_damage", d.player, tuple(d.assignment),
                          {"assignment": dict(d.assignment)}, rule="460.2.c",
                          responsible=d.player))
    _advance_damage(state, log, kept["chars"] if kept is not None else None)


# --- 461 the Resolution Step --------------------------------------------------------------


def resolution_step(state: GameState, log: list[GameAction],
                    memo: combat_damage.Memo | None = None) -> None:
    """461: Combat Cleanup, combat result, control, the end of combat.  *memo*: the
    damage step's characteristics (see :func:`_advance_damage`)."""
    card_facts = resources.card_facts
    sd = state.showdown
    assert sd is not None and sd.combat
    bf = state.battlefield(sd.battlefield)
    sd.step = "resolution"
    outcome = combat_damage.resolve_combat_outcome(state, bf.oid, memo=memo)
    # 461.1: the Combat Cleanup - 323.5 kills, then 3c heal all, 3d recall attackers.
    if outcome.killed:
        for oid in outcome.killed:
            card = card_facts(state.objects[oid].card)
            if "Deathknell" in card.keyword_names and not card.supported:
                raise UnsupportedCard(str(card), f"{state.edition} 323.4: its Deathknell is not "
                                      "encoded")
        resumable = replacement_effects.resumable
        kill = effects.kill
        with resumable({"kind": "combat_resolution", "outcome": _outcome_data(outcome)},
                       responsible=None) as box:  # replacement helper: may wait (373)
            kill(state, list(outcome.killed), log, responsible=None)  # fires "dies" (808)
        if box["suspended"]:
            return  # the rest runs once the replacement choice is answered
    resolution_rest(state, outcome, log)


def _outcome_data(o: combat_damage.CombatOutcome) -> dict[str, Any]:
    """``dataclasses.asdict(o)`` (same keys and order), without its deep copy: the tuples
    are immutable, only the ``remaining`` dict is copied (replay-perf)."""
    return {"battlefield": o.battlefield, "attacker": o.attacker, "defender": o.defender,
            "killed": o.killed, "healed": o.healed, "recalled": o.recalled,
            "remaining": dict(o.remaining), "winner": o.winner, "loser": o.loser,
            "restage": o.restage, "controller": o.controller, "establishes": o.establishes,
            "conquered_by": o.conquered_by}


@hooks.task("combat_resolution")
def _resume_resolution(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    """replacement helper: the Resolution Step after a kill that waited for a choice."""
    resolution_rest(state, combat_damage.CombatOutcome(**entry["outcome"]), log)


def resolution_rest(state: GameState, outcome: Any, log: list[GameAction]) -> None:
    """461.1 after the kills: heal all, recall attackers (or what replaces it), 461.3-461.7."""
    tie_recall = replacement_effects.tie_recall
    establish = showdown.establish
    bf = state.battlefield(outcome.battlefield)
    damaged = [o.oid for o in state.objects.values()
               if o.damage and o.zone in ("base", "battlefield")]
    for oid in damaged:
        actions.heal(state, oid, log, responsible=None)  # 461.1.a.1
    outcome = tie_recall(state, outcome, log)  # replacement helper: e.g. Symbol of the Solari
    for oid in outcome.recalled:
        if state.objects[oid].zone == "battlefield":
            actions.recall(state, oid, log, responsible=None)  # 461.1.a.2
    log.append(GameAction("combat_result", outcome.winner, (bf.oid,), {
        "winner": outcome.winner, "loser": outcome.loser, "result": outcome.result,
        "attacker": outcome.attacker, "defender": outcome.defender,
    }, rule="461.3"))
    if outcome.winner is not None:  # issue 24: RUP4 466.3.a/c, units there share the win
        for oid in list(bf.units):
            unit = state.objects[oid]
            if unit.controller == outcome.winner and unit.attached_to is None:
                triggers.fire(state, "wins_combat", obj=oid, player=outcome.winner,
                              battlefield=bf.oid)
        # "when you win a combat" (461.3.a): once for the winning player
        triggers.fire(state, "player_wins_combat", player=outcome.winner, battlefield=bf.oid)
    if outcome.restage:  # 461.3.d.1
        if state.edition == "v1.2":  # editions helper: v1.2 444 stages no new combat
            raise editions.new_in_v13(state, "461.3.d.1", f"both sides still have units at "
                                      f"{bf.oid} after the combat")
        bf.combat_staged = True
        log.append(GameAction("stage_combat", None, (bf.oid,), rule="461.3.d.1"))
    # 461.5: control, when nothing is staged here.
    if not outcome.restage:
        if outcome.establishes is not None:
            if bf.controller != outcome.establishes:
                establish(state, bf, outcome.establishes, log, "461.5")
            bf.contested_by = None  # 461.5.a
        else:
            bf.contested_by = None  # 461.5.a
            if outcome.controller is None and bf.controller is not None:
                bf.controller = None  # 461.5.b
                log.append(GameAction("lose_control", None, (bf.oid,), rule="461.5.b"))
    end_combat(state, log)


def end_combat(state: GameState, log: list[GameAction]) -> None:
    """461.7: designations are removed and "this combat" effects expire; the turn returns
    to a Neutral state (the turn player has priority again, 312.2.a)."""
    sd = state.showdown
    assert sd is not None
    for obj in _designated(state):
        if obj.designation is not None:
            obj.designation = None  # 461.7.a
    gone = layers.expire_effects(state, "end_of_combat")  # 461.7.b
    log.append(GameAction("combat_ends", None, (sd.battlefield,), {"expired": len(gone)},
                          rule="461.7"))
    state.showdown = None
    state.priority = state.turn_player if not state.chain else state.priority


@hooks.candidates
def candidates(state: GameState, player: str) -> list[CombatDamageAssigned]:
    """One legal assignment for the player who assigns next (for bots), from
    :func:`combat_damage.legal_assignment`."""
    sd = state.showdown
    if sd is None or sd.step != "damage" or _assigner(state) != player:
        return []
    req = damage_request(state)["options"]
    assignment = combat_damage.legal_assignment(state, req["total"], req["units"])
    return [CombatDamageAssigned(player=player, battlefield=sd.battlefield, assignment=assignment)]
