"""Showdowns in the turn flow (v1.3 187, 313, 316.5, 323.8-323.14, 341-348).

Staging.  A battlefield becomes Contested when a unit of a player who does not control it
arrives (187.3.a, applied by :mod:`riftlog.rules.game_actions.movement` and :mod:`riftlog.rules.playing.play`
as ``BattlefieldState.contested_by``).  Every cleanup ends with :func:`cleanup_staging`:

* 323.8 - a showdown is staged at each contested battlefield, and stays staged while the
  contesting player has units there (323.8.a);
* 323.9 / 323.10 - a combat is staged there while units of two opposing players are
  present (456);
* 323.11 / 323.13 - in a Neutral Open state the turn player chooses one staged
  battlefield (:class:`~riftlog.events.showdown.ShowdownChosen`, a recorded decision when
  there are several, automatic when there is one) and its showdown begins, as a Combat
  Showdown if a combat is staged there too (323.12, 456.3; :mod:`riftlog.rules.flow.combat`);
* 323.14 - in a Showdown Open state a combat staged where a non-combat showdown is under
  way turns it into a Combat Showdown (455.1, 459.1).

A contest that ends with nothing staged (the contesting player's units left before the
showdown began) is cleared: nobody established control (187.3.b reading; a stale
Contested status would stop the battlefield from ever being contested again, 187.3.a.1).

Focus (313, 345-347).  As a showdown begins the contesting player gains Focus and with it
Priority (345, 313.2).  In a Showdown Open state the player with Focus plays an Action or
Reaction card (the timing is :mod:`riftlog.rules.playing.play`'s, 308.1.a) or passes
(``PriorityPassed``): Focus then goes to the next player in turn order (347.4); once every
player has passed in a row with no chain the showdown ends (347.3.a).  A spell starts a
chain as usual (347.1.a); priority moves as on any chain (339), and when the last item
resolves Focus passes to the next player (340.2.a, 346).

The engine's request during a showdown is derived by :func:`sync_request` at each
cleanup: ``"focus"`` (open), ``"priority"`` (closed) or ``"combat_damage"`` (460.2.c), a
queue ``await`` entry marked ``"showdown": True``.

The end (348).  A Combat Showdown proceeds to the combat damage step (348.1,
:mod:`riftlog.rules.flow.combat`).  A non-combat showdown ends with the only player whose units
remain establishing control (187.4, 348.2.a) - a Conquer if they have not scored the
battlefield this turn (348.2.a.1, 464.1; :func:`riftlog.rules.flow.turn.score`).
"""

from __future__ import annotations

from typing import Any

from riftlog.errors import ImpossibleDecision, UnsupportedRule
from riftlog.events.decisions import PriorityPassed
from riftlog.events.showdown import ShowdownChosen
from riftlog.rules import editions
from riftlog.rules.board import hooks
from riftlog.rules.board.core import GameAction, Violation, handles
from riftlog.rules.board.hooks import await_entry
from riftlog.rules.board.seats import next_player
from riftlog.rules.board.state import BattlefieldState, GameState, Showdown
from riftlog.rules.board.zones import card_type
from riftlog.rules.flow import combat, turn
from riftlog.rules.game_actions import scoring

__all__ = [
    "active_players",
    "begin",
    "candidates",
    "cleanup_staging",
    "priority_passed",
    "quiet",
    "staged",
    "sync_request",
    "units_by_player",
]


# --- helpers ------------------------------------------------------------------------------


def active_players(state: GameState) -> list[str]:
    """Players still in the game, in turn order."""
    return [p for p in state.turn_order if not state.players[p].eliminated]


def next_active(state: GameState, pid: str) -> str:
    """The next player in turn order after *pid* who is still in the game (347.4)."""
    return next_player(state, pid)


def units_by_player(state: GameState, bf: BattlefieldState) -> dict[str, list[str]]:
    """Units at *bf* by controller (attached gear is not a unit)."""
    out: dict[str, list[str]] = {}
    for oid in bf.units:
        obj = state.objects[oid]
        if obj.attached_to is None and card_type(obj.card) == "Unit":
            out.setdefault(obj.controller, []).append(oid)
    return out


def opposing(state: GameState, a: str, b: str) -> bool:
    """Whether *a* and *b* are opponents (teammates in 2v2 are not, 484)."""
    return b in state.opponents(a)


def _two_sides(state: GameState, present: list[str]) -> bool:
    return any(opposing(state, a, b) for a in present for b in present if a != b)


def staged(state: GameState) -> list[str]:
    """Battlefields with a staged showdown or combat, in board order."""
    return [bf.oid for bf in state.battlefields if bf.showdown_staged or bf.combat_staged]


def neutral_open(state: GameState) -> bool:
    """310.1: no showdown or combat in progress and no chain."""
    return state.showdown is None and not state.chain


# --- staging (323.8-323.14) ---------------------------------------------------------------


def quiet(state: GameState) -> bool:
    """No showdown, nothing contested or staged and no showdown entry in the queue: then
    :func:`cleanup_staging` changes nothing (replay-perf; an entry that only might matter
    makes it False)."""
    if state.showdown is not None:
        return False
    for bf in state.battlefields:
        if bf.contested_by is not None or bf.showdown_staged or bf.combat_staged:
            return False
    for e in state.queue:
        if "showdown" in e or ("request" in e and e["request"] == "showdown_choice"):
            return False
    return True


def cleanup_staging(state: GameState, log: list[GameAction]) -> bool:
    """Cleanup steps 6-9 (v1.3 323.8-323.14); returns True if something changed.

    Called by :func:`riftlog.rules.flow.turn.cleanup` after the recalls of 323.7, unless
    :func:`quiet` (then every step would change nothing).  Ends with :func:`sync_request`,
    so the engine's pending request follows the showdown.
    """
    changed = False
    current = state.showdown.battlefield if state.showdown is not None else None
    for bf in state.battlefields:
        if bf.oid == current:
            continue
        if bf.contested_by is None and not bf.showdown_staged and not bf.combat_staged:
            continue  # issue 7: _stage would change nothing here
        changed |= _stage(state, bf, log)
    sd = state.showdown
    if sd is not None and sd.focus is not None and state.players[sd.focus].eliminated:
        sd.focus = next_active(state, sd.focus)  # a removed player's Focus moves on (652)
        changed = True
    if sd is not None and sd.step == "damage":
        changed |= combat.skip_removed_assigners(state, log)
    if sd is not None and not sd.combat and not state.chain and sd.step == "showdown":
        bf = state.battlefield(sd.battlefield)
        present = list(units_by_player(state, bf))
        if _two_sides(state, present):  # 323.14, 455.1: it becomes a Combat Showdown
            if state.edition == "v1.2":  # editions helper: v1.2 345.2.b waits for the end
                raise editions.unsupported(state, "345.2.b", f"opposing units are both at "
                                           f"{bf.oid} during its showdown; v1.2 stages a "
                                           "combat when the showdown ends instead")
            combat.open_combat(state, bf, log)
            changed = True
    if neutral_open(state) and state.turn_player is not None and state.phase != "over":
        options = staged(state)
        # a pending choice that no longer has two options goes (issue 7: the queue is
        # rebuilt only when it holds one)
        if len(options) < 2:
            for e in state.queue:
                if e.get("request") == "showdown_choice":
                    state.queue[:] = [x for x in state.queue
                                      if x.get("request") != "showdown_choice"]
                    break
        if len(options) == 1:  # 323.11 / 323.13: the only choice is made for the player
            begin(state, options[0], log)
            changed = True
        elif options:
            _await_choice(state, options)
    sync_request(state)
    return changed


def _stage(state: GameState, bf: BattlefieldState, log: list[GameAction]) -> bool:
    """323.8-323.10 at one battlefield with no showdown under way."""
    if bf.contested_by is None:
        if bf.showdown_staged or bf.combat_staged:  # e.g. a combat staged again (461.3.d.1)
            return _stage_combat(state, bf, log)
        return False
    present = units_by_player(state, bf)
    changed = False
    if bf.contested_by in present:
        if not bf.showdown_staged:
            bf.showdown_staged = True  # 323.8
            log.append(GameAction("stage_showdown", bf.contested_by, (bf.oid,), rule="323.8"))
            changed = True
    elif bf.showdown_staged:  # 323.8.a: the contesting player's units left
        bf.showdown_staged = False
        log.append(GameAction("unstage_showdown", None, (bf.oid,), rule="323.8.a"))
        changed = True
    changed |= _stage_combat(state, bf, log)
    if not bf.showdown_staged and not bf.combat_staged:
        who = bf.contested_by
        bf.contested_by = None  # nothing left to establish: the contest is over
        if editions.is_rup4(state):  # editions helper: RUP4 323.11 / 323.11.a
            _uncontest_rup4(state, bf, who, present, log)
        else:
            log.append(GameAction("uncontest", who, (bf.oid,), rule="187.3.b"))
        changed = True
    return changed


def _uncontest_rup4(state: GameState, bf: BattlefieldState, who: str | None,
                    present: dict[str, list[str]], log: list[GameAction]) -> None:
    """editions helper, RUP4 323.11 / 323.11.a: Contested goes in the cleanup; then a
    player whose units are at a battlefield they do not control applies Contested there
    (v1.3 leaves them there uncontested)."""
    log.append(GameAction("uncontest", who, (bf.oid,), rule=editions.native(state, "323.11")))
    others = [p for p, units in present.items() if units and p != bf.controller]
    if len(others) > 1:
        raise editions.unsupported(state, "323.11.a", f"units of {', '.join(others)} are at "
                                   f"{bf.oid} once its Contested status is removed")
    if others:
        bf.contested_by = others[0]
        log.append(GameAction("contest", others[0], (bf.oid,), rule=editions.native(state, "323.11.a")))
        editions.note(state, log, "contested-cleanup")


def _stage_combat(state: GameState, bf: BattlefieldState, log: list[GameAction]) -> bool:
    present = list(units_by_player(state, bf))
    two = _two_sides(state, present)
    if two and not bf.combat_staged:
        bf.combat_staged = True  # 323.9
        log.append(GameAction("stage_combat", None, (bf.oid,), rule="323.9"))
        return True
    if not two and bf.combat_staged:
        bf.combat_staged = False  # 323.10, 456.2
        log.append(GameAction("unstage_combat", None, (bf.oid,), rule="323.10"))
        return True
    return False


def _await_choice(state: GameState, options: list[str]) -> None:
    """323.11 / 323.13 / 456.1: the turn player chooses which battlefield goes first."""
    for e in state.queue:
        if e.get("kind") == "await" and e.get("request") == "showdown_choice":
            e["options"] = {"battlefields": list(options)}
            return
    state.queue.insert(0, await_entry("showdown_choice", state.turn_player, ["ShowdownChosen"],
                                      "323.11", {"battlefields": list(options)}))


def begin(state: GameState, bf_oid: str, log: list[GameAction]) -> None:
    """A showdown begins at *bf_oid* (v1.3 323.11, 344): the contesting player gains Focus
    and Priority (345, 313.2).  With a combat staged there it opens as a Combat Showdown
    (323.12, 456.3, 459)."""
    bf = state.battlefield(bf_oid)
    contester = bf.contested_by
    if contester is None:
        raise UnsupportedRule(f"{state.edition} 345: a showdown staged at {bf_oid} with no "
                              "contesting player: 345 gives Focus to the player who applied "
                              "Contested, and no rule names who gains it when nobody did "
                              "(unreachable here: 323.8-323.9 stage only at contested "
                              "battlefields)")
    was_combat = bf.combat_staged
    bf.showdown_staged = False
    bf.combat_staged = False
    state.showdown = Showdown(battlefield=bf_oid, focus=contester, data={"contester": contester})
    state.priority = contester
    state.extra["passes"] = []
    log.append(GameAction("showdown_begins", contester, (bf_oid,), {"combat": was_combat},
                          rule="344"))
    if was_combat:
        combat.open_combat(state, bf, log)


# --- the request while a showdown is under way ------------------------------------------


def _is_mine(entry: dict[str, Any]) -> bool:
    return bool(entry.get("showdown"))


#: Queue entries that go before the showdown request: awaited decisions, a burn out, and
#: the ability framework's tasks (triggers going on the chain, an effect resuming after a
#: choice; rules.triggers / rules.effects).
_GO_FIRST = frozenset({"await", "burn_out", "triggers", "trigger_step", "effects"})


#: request kinds whose entry accepts decision types that are always refused at that moment
#: (issue 20): ``engine.pending`` leaves those of :func:`never_legal` out of the request
NEVER_LEGAL_KINDS = frozenset({"focus"})


def never_legal(state: GameState, kind: str, player: str | None) -> tuple[str, ...]:
    """Decision types a *kind* request to *player* accepts but always refuses now: while a
    player has Focus the turn cannot end (the showdown goes on, 341) and no Standard Move
    is made (144.1.c); a card is hidden only on its player's own turn (811.1.b: in an
    Open State, which a showdown without a chain is, so the turn player may hide then)."""
    if kind != "focus":
        return ()
    if player != state.turn_player:
        return ("TurnEnded", "UnitsMoved", "CardHidden")
    return ("TurnEnded", "UnitsMoved")


def sync_request(state: GameState) -> None:
    """Keep exactly one showdown request at the front of the queue while a showdown is
    under way: Focus (313.1, open), Priority (312.2.c, closed) or a combat damage
    assignment (460.2.c).  Another awaited decision or a burn out goes first."""
    for e in state.queue:  # replay-perf: a plain loop, not any() over a generator
        if e.get("showdown"):
            state.queue[:] = [e for e in state.queue if not _is_mine(e)]
            break
    sd = state.showdown
    if sd is None or state.phase == "over":
        return
    if state.queue and state.queue[0]["kind"] in _GO_FIRST:
        return
    entry: dict[str, Any]
    if sd.step == "damage":
        entry = combat.damage_request(state)
    elif state.chain:
        sd.passes = []  # 347.3.a: a spell was played, the passes in a row start again
        entry = await_entry("priority", state.priority, ["PriorityPassed", *_unique(
            hooks.REACTION_DECISIONS)], "312.2.c")
    else:
        state.priority = sd.focus  # 313.2
        entry = await_entry("focus", sd.focus, ["PriorityPassed", "TurnEnded", *_unique(
            [*hooks.MAIN_DECISIONS, *hooks.REACTION_DECISIONS])], "313.1",
            {"battlefield": sd.battlefield, "combat": sd.combat})
    entry["showdown"] = True
    state.queue.insert(0, entry)


def _unique(names: list[str]) -> list[str]:
    key = tuple(names)  # replay-perf: the registered decisions rarely change
    hit = _UNIQUE.get(key)
    if hit is None:
        hit = []
        for n in names:
            if n not in hit and n not in ("PriorityPassed", "TurnEnded"):
                hit.append(n)
        _UNIQUE[key] = hit
    return list(hit)


_UNIQUE: dict[tuple[str, ...], list[str]] = {}


# --- passing focus and priority (313, 339, 346, 347) -------------------------------------


def priority_passed(state: GameState, d: PriorityPassed, log: list[GameAction]) -> None:
    """*d.player* passes during a showdown.

    Closed state: as on any chain (339); once everyone passed in a row the newest item
    resolves (340.1), and when the chain is empty again Focus passes (340.2.a, 346).  Open
    state: Focus passes to the next player (347.4); when every player has passed in a row
    the showdown ends (347.3.a, 348).
    """
    sd = state.showdown
    if sd is None:
        raise ImpossibleDecision(f"{state.edition} 313: no showdown is under way")
    active = active_players(state)
    if state.chain:
        passes: list[str] = state.extra.setdefault("passes", [])
        passes.append(d.player)
        log.append(GameAction("pass", d.player, (), rule="339", responsible=d.player))
        if not all(p in passes for p in active):
            state.priority = next_active(state, d.player)  # 312.2.d
            return
        if not hooks.CHAIN:
            raise UnsupportedRule(f"{state.edition} 340: resolving chain items is not implemented yet")
        state.extra["passes"] = []
        # the last item left is the one that opened the chain (346.1)
        opener = state.chain[0] if len(state.chain) == 1 else None
        hooks.CHAIN[0](state, log)
        opened_by_trigger = opener is not None and bool(opener.effect.get("trigger"))
        if opened_by_trigger and state.edition == "v1.2" and not state.chain \
                and state.showdown is sd:  # editions helper: v1.2 343, 343.1, 342.1
            opened_by_trigger = _v12_initial_chain(state, sd, opener.id if opener else "", log)
        # 340.2.a, 346: Focus passes, unless a triggered ability opened the chain (346.1)
        if not state.chain and state.showdown is sd and not opened_by_trigger:
            sd.focus = next_active(state, sd.focus or d.player)
            sd.passes = []
            state.priority = sd.focus
            log.append(GameAction("focus", sd.focus, (sd.battlefield,), rule="346"))
        return
    sd.passes.append(d.player)
    log.append(GameAction("pass_focus", d.player, (sd.battlefield,), rule="347.3",
                          responsible=d.player))
    if all(p in sd.passes for p in active):  # 347.3.a, 348
        end_showdown(state, log)
        return
    sd.focus = next_active(state, d.player)  # 347.4
    state.priority = sd.focus


def _v12_initial_chain(state: GameState, sd: Showdown, opener: str,
                       log: list[GameAction]) -> bool:
    """editions helper: under v1.2 Focus stays only after the Initial Chain (343.1): the
    triggered abilities of the combat opening (342.1, 442.1.b), i.e. a chain whose first
    item is the first one created since the combat opened, before anyone passed Focus.
    v1.3 keeps Focus after any chain a triggered ability opened (346.1).  True when Focus
    stays."""
    if sd.combat:
        mark = sd.data.get("v12_chain_mark")
        if mark is None:
            raise editions.unsupported(state, "343.1", "a combat showdown opened before the "
                                       "game was judged under v1.2 has no Initial Chain mark")
        if opener == f"c{int(mark) + 1}" and not sd.passes:
            return True
    editions.note(state, log, "focus-after-trigger-chain")
    return False


def end_showdown(state: GameState, log: list[GameAction]) -> None:
    """The showdown closes (348): a Combat Showdown goes on to the damage step (348.1);
    a non-combat one settles control (348.2)."""
    sd = state.showdown
    assert sd is not None
    log.append(GameAction("showdown_ends", None, (sd.battlefield,), {"combat": sd.combat},
                          rule="348"))
    if sd.combat:
        combat.damage_step(state, log)
        return
    bf = state.battlefield(sd.battlefield)
    present = units_by_player(state, bf)
    state.showdown = None
    state.priority = state.turn_player if not state.chain else state.priority
    if len(present) > 1:  # only teammates can get here: opposing units make it a combat (323.14)
        raise UnsupportedRule(f"{state.edition} 348.2: a non-combat showdown ends with units "
                              f"of {sorted(present)} (teammates) at {bf.oid}: 348.2.a lets only a "
                              "lone player establish Control, so nobody does; the battlefield "
                              "then stays Contested (187.3.b) and 323.8.a stages a showdown "
                              "there again, which would repeat without end - the rules give "
                              "no outcome for teammates' units remaining together")
    contester = bf.contested_by
    bf.contested_by = None  # 187.3.b
    if len(present) == 1:
        (pid,) = present
        if bf.controller != pid:
            establish(state, bf, pid, log, "348.2.a")
    elif contester is not None:
        log.append(GameAction("uncontest", contester, (bf.oid,), rule="187.3.b"))


def establish(state: GameState, bf: BattlefieldState, pid: str, log: list[GameAction],
              rule: str) -> None:
    """*pid* establishes control of *bf* (187.4); a Conquer if they have not scored it
    this turn (348.2.a.1, 461.5.d, 464.1)."""
    before = bf.controller
    bf.controller = pid
    bf.contested_by = None
    log.append(GameAction("control", pid, (bf.oid,), {"from": before}, rule=rule))
    if scoring.can_score(state, pid, bf.oid, "conquer"):
        # issue 24: who controlled it before, while its conquer triggers fire (read by
        # vocab_events.ConqueredUncontrolled); gone again once the score is done
        state.extra["conquered_from"] = before
        try:
            turn.score(state, pid, bf.oid, "conquer", log)
        finally:
            state.extra.pop("conquered_from", None)


# --- the ShowdownChosen decision ----------------------------------------------------------


def check_showdown_chosen(state: GameState, d: ShowdownChosen) -> list[Violation]:
    ed = state.edition
    if not neutral_open(state):
        return [Violation("323.11", "a showdown begins only in a Neutral Open state", ed)]
    options = staged(state)
    if d.battlefield not in options:
        return [Violation("323.11", f"no showdown or combat is staged at {d.battlefield}; "
                          f"staged: {', '.join(options) or 'none'}", ed)]
    return []


@handles(ShowdownChosen)(check_showdown_chosen)
def apply_showdown_chosen(state: GameState, d: ShowdownChosen, log: list[GameAction]) -> None:
    """323.11-323.13: the showdown (or combat) at the chosen battlefield begins."""
    if d.battlefield not in staged(state):
        raise ImpossibleDecision(f"{state.edition} 323.11: nothing is staged at {d.battlefield}")
    if state.showdown is not None:
        raise ImpossibleDecision(f"{state.edition} 455: a showdown is already under way")
    log.append(GameAction("choose_showdown", d.player, (d.battlefield,), rule="323.11",
                          responsible=d.player))
    begin(state, d.battlefield, log)


@hooks.candidates
def candidates(state: GameState, player: str) -> list[ShowdownChosen]:
    """Each staged battlefield the turn player may choose (for bots)."""
    if player != state.turn_player or not neutral_open(state):
        return []
    return [ShowdownChosen(player=player, battlefield=b) for b in staged(state)]
