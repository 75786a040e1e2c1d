"""The turn (v1.3 301-324): phases, the automatic flow, cleanups and victory.

:func:`advance` runs queued tasks until a decision is needed (see :mod:`riftlog.rules.board.hooks`
for the queue protocol).  A turn is the tasks ``awaken`` (315.1), ``beginning`` (315.2.a),
``scoring`` (315.2.b), ``channel`` (315.3), ``draw`` and ``draw_end`` (315.4), ``main``
(316), ``ending`` (317) and ``next_turn`` (317.3).  A cleanup (323) runs after every task
(phase transitions, 319.2) and after every decision.

Turn states (307-310): the turn is closed while ``state.chain`` has items and in a
showdown state while ``state.showdown`` is set.  The cleanup stages showdowns and
combats (323.8-323.14) through :mod:`riftlog.rules.flow.showdown`, which runs them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riftlog.errors import ImpossibleDecision, UnsupportedCard, UnsupportedRule
from riftlog.events.decisions import BurnOutPointGiven, PriorityPassed, TurnEnded
from riftlog.rules import editions
from riftlog.rules.board import hooks, layers, unknown_cards
from riftlog.rules.board.core import GameAction, Violation, handles
from riftlog.rules.board.hooks import await_entry, task
from riftlog.rules.board.modes import extra_rune_player, mode_spec
from riftlog.rules.board.resources import card_facts
from riftlog.rules.board.seats import next_player
from riftlog.rules.board.state import GameState
from riftlog.rules.flow import combat, showdown, timed_round
from riftlog.rules.game_actions import actions, scoring
from riftlog.rules.interpreter import effects, replacement_effects, triggers
from riftlog.rules.playing import cost_changes

#: Card id given to a battlefield that replaced a removed player's one (652.2.a).
TOKEN_BATTLEFIELD = "token:battlefield"

_FLOW_STOPS = frozenset({"await", "main"})


# --- the flow ---------------------------------------------------------------------------


def run_entry(state: GameState, fn: Any, *args: Any) -> Any:
    """Run *fn(state, *args)* so that what it appends to the queue comes first; returns
    what *fn* returns."""
    rest = state.queue
    state.queue = []
    try:
        return fn(state, *args)
    finally:
        if state.phase == "over":
            state.queue = []
        else:
            state.queue.extend(rest)


def _stale_chain_priority(state: GameState, entry: dict[str, Any]) -> bool:
    """Whether *entry* awaits a Closed State's priority (RUP4/v1.3 312.2.c: given while
    there is a chain to resolve) outside the Main Phase and showdowns, with the chain now
    empty: a loop left behind when a trigger finalized after a question (its cost or
    targets) started a loop of its own; the turn is Open again and nobody can pass."""
    return (entry["kind"] == "await" and entry["request"] == "priority"
            and entry.get("rule") == "312.2.c" and not state.chain
            and state.showdown is None and state.phase != "main")


def advance(state: GameState, log: list[GameAction], clean: bool = False) -> None:
    """Run tasks until the front of the queue awaits a decision or the game is over.

    *clean*: the caller's cleanup just settled clean (see :func:`cleanup`)."""
    while state.phase != "over" and state.queue:
        entry = state.queue[0]
        kind = entry["kind"]
        if kind in _FLOW_STOPS:
            if _stale_chain_priority(state, entry):
                state.queue.pop(0)  # 312.2.c: the chain it waited on has emptied
                continue
            if kind == "await" and entry["request"] == "deck_order" \
                    and unknown_cards.information(state) is not None:
                state.queue.pop(0)  # issue 21: a paper game records no shuffle
                run_entry(state, unknown_cards.shuffle_unrecorded, entry, log)
                continue
            return
        fn = hooks.TASKS.get(kind)
        if fn is None:
            raise UnsupportedRule(f"{state.edition} {entry.get('rule', '303')}: no task runs {kind!r}")
        state.queue.pop(0)
        waiting = len(state.queue)
        if fn is _ending:  # replay-perf: told whether its opening cleanup can be skipped
            clean = run_entry(state, _ending_step, entry, log, clean)
            quiet = clean and len(state.queue) == waiting + 1  # no end-of-turn trigger
        else:
            # replay-perf: a task that does nothing a cleanup acts on in this state
            plain = clean and fn in _QUIET_IF and _QUIET_IF[fn](state, entry.get("player"))
            run_entry(state, fn, entry, log)
            quiet = clean and (plain or fn in hooks.QUIET_TASKS or (
                fn in _QUIET_UNLESS_TRIGGERED and len(state.queue) == waiting))
        if state.phase != "over":
            if quiet:
                continue  # replay-perf: nothing a cleanup acts on can have changed
            if fn is _scoring and clean and len(state.queue) == waiting:
                # replay-perf: holds (they draw nothing) that fired no trigger changed only
                # points: the victory check is all the cleanup would do
                check_victory(state, log)
                continue
            clean = cleanup(state, log)
    if state.phase == "over":
        state.queue = []


# --- cleanups (318-324) -----------------------------------------------------------------


def team_of(state: GameState, pid: str) -> str:
    """The side a player scores for: their team in 2v2 (484.6), else themselves."""
    team = state.players[pid].team
    return f"team:{team}" if team is not None and state.mode == "2v2" else pid


def side_points(state: GameState) -> dict[str, int]:
    """Points of each side still in the game (a team's points are its players' sum)."""
    out: dict[str, int] = {}
    for p in state.players.values():
        if not p.eliminated:
            side = team_of(state, p.id)
            out[side] = out.get(side, 0) + p.points
    return out


def members(state: GameState, side: str) -> list[str]:
    return [pid for pid in state.seating if team_of(state, pid) == side]


def end_game(state: GameState, winners: list[str], reason: str, rule: str, log: list[GameAction]) -> None:
    """The game is over: *winners* (a list of player ids, [] for nobody) win."""
    state.winner = list(winners)
    state.end_reason = reason
    state.phase = "over"
    state.priority = None
    state.queue = []
    log.append(GameAction("game_over", None, (), {"winners": list(winners), "reason": reason},
                          rule=rule))


def check_victory(state: GameState, log: list[GameAction]) -> bool:
    """Cleanup task 1 (v1.3 323.1, 467): a side at or past the victory score with more
    points than any opponent wins.  Returns True when the game ended."""
    if state.phase == "over":
        return True
    if "time_called" in state.extra and timed_round.sudden_death_winner(state, log):
        return True  # TR 408.4.c.3
    # issue 7: no side can reach the Victory Score while all points together are short of it
    total = best = 0
    for p in state.players.values():
        if not p.eliminated and p.points > 0:
            total += p.points
            if p.points > best:
                best = p.points
    if total < state.victory_score:
        return False
    if best < state.victory_score and state.mode != "2v2":
        return False  # replay-perf: each player is a side and none is there yet
    points = side_points(state)
    if state.edition == "v1.2":  # editions helper: v1.2 322.1 has no tie-break (323.1 has)
        reached = [side for side, pts in points.items() if pts >= state.victory_score]
        if len(reached) > 1:  # with one side there, both editions make it the winner
            raise editions.unsupported(state, "322.1", "two sides reach the Victory Score "
                                       "together and v1.2 names no single winner")
    for side, pts in points.items():
        if pts >= state.victory_score and all(pts > q for s, q in points.items() if s != side):
            end_game(state, members(state, side), "victory_score", "323.1", log)
            return True
    return False


def might_of(state: GameState, oid: str) -> int:
    """A unit's current Might, from the layer system (468-475)."""
    return int(layers.might_of(state, oid))


#: What one cleanup pass did: changed something; settled; settled with nothing a later
#: pass could act on as long as no object, battlefield, point or queued wait changes.
_CHANGED, _SETTLED, _CLEAN = 1, 0, 2


def cleanup(state: GameState, log: list[GameAction]) -> bool:
    """A cleanup (v1.3 323), repeated while it changes something (322).

    Returns True when it settled *clean* (replay-perf, for :func:`advance`): no showdown,
    nothing contested or staged, no showdown or replacement entry waiting in the queue, no
    damaged unit on the board and no base holding a permanent its owner does not control.
    Then a next cleanup can only act once one of those, or a player's points, changed."""
    if _clean_as_is(state):
        return True
    for _ in range(100):
        if check_victory(state, log):
            return False
        outcome = _cleanup_once(state, log)
        if outcome != _CHANGED:
            return outcome == _CLEAN
    raise UnsupportedRule(f"{state.edition} 322: cleanups do not settle")  # pragma: no cover


def _cleanup_once(state: GameState, log: list[GameAction]) -> int:
    ed = state.edition
    changed = False
    if replacement_effects.awaiting(state):  # replacement helper: a kill awaits a choice
        return _SETTLED
    if state.showdown is not None and state.showdown.combat:  # 323.2 (showdown/combat helper)
        changed |= combat.cleanup_designations(state, log)
    # 323.4-323.5: units with lethal damage are killed (replay-perf: only damaged units
    # are looked at further; _lethal is False for the others).  replay-perf: the same pass
    # over the bases notes whether one holds a permanent its owner does not control (323.7,
    # for _recalls), so the bases are read once when nothing dies.
    objs = state.objects
    doomed: list[str] = []
    foreign = damaged = False
    for p in state.players.values():
        pid = p.id
        for oid in p.base:
            obj = objs[oid]
            if obj.damage or obj.controller != pid:  # replay-perf: one test for most
                if obj.controller != pid:
                    foreign = True
                if obj.damage:
                    damaged = True
                    if obj.damage > 0 and _lethal(state, oid):
                        doomed.append(oid)
    for bf in state.battlefields:
        for oid in bf.units:
            damage = objs[oid].damage
            if damage:
                damaged = True
                if damage > 0 and _lethal(state, oid):
                    doomed.append(oid)
    for oid in doomed:
        card = card_facts(state.objects[oid].card)
        if "Deathknell" in card.keyword_names and not card.supported:
            raise UnsupportedCard(str(card), f"{ed} 323.4: its Deathknell is not encoded")
    if doomed:  # replacement helper: they die together (simultaneous events, 373)
        with replacement_effects.resumable(None, responsible=None) as box:
            effects.kill(state, doomed, log, responsible=None)  # fires "dies" (808)
        changed = True
        if box["suspended"]:
            return _CHANGED  # the next pass waits for the choice
    # issue #5 (K1): damage dealt before this cleanup names no killer any more (428.5.c;
    # the damage marks of riftlog.rules.interpreter.kills)
    state.extra.pop("damage_marks", None)
    # 323.6 / 187.4.c: in an Open State (Neutral Open or Showdown Open: no chain, 309.2),
    # empty battlefields become uncontrolled - except the one where a showdown or combat
    # is under way (state.showdown.battlefield); elsewhere control is lost as usual.
    if state.edition == "v1.2":  # editions helper: v1.2 322.6 / 184.4.c
        changed |= _lose_control_v12(state, log)
    elif not state.chain:
        ongoing = state.showdown.battlefield if state.showdown is not None else None
        for bf in state.battlefields:
            if bf.controller is not None and not bf.units and bf.oid != ongoing:
                bf.controller = None
                log.append(GameAction("lose_control", None, (bf.oid,), rule="323.6"))
                changed = True
    # replay-perf: with no kill the bases are as scanned above
    changed |= _recalls(state, log, True if doomed else foreign)
    # 323.8-323.14 (showdown/combat helper)
    if showdown.quiet(state):  # nothing to stage: cleanup_staging would change nothing
        if changed:
            return _CHANGED
        return _SETTLED if damaged or foreign or ed == "v1.2" else _CLEAN
    return _CHANGED if showdown.cleanup_staging(state, log) or changed else _SETTLED


def _clean_as_is(state: GameState) -> bool:
    """replay-perf: the common cleanup, read in one go: True when :func:`cleanup` would
    change nothing and settle clean - nobody can have won (:func:`check_victory`), and a
    pass would settle at once: no showdown, v1.3; nothing in the queue a replacement or a
    showdown waits on; no damaged unit and nothing foreign in a base; no battlefield to
    lose control of (323.6), to recall from (323.7) or to stage (323.8-323.14).  Its
    damage marks go (428.5.c), as in the pass.  Anything else: the full cleanup.  Keep it
    in step with :func:`check_victory` and :func:`_cleanup_once`: a new cleanup step needs
    a test here and a case in tests/rules/test_cleanup_fast_path.py."""
    if state.showdown is not None or state.phase == "over" or state.edition == "v1.2":
        return False
    waits = hooks.CLEANUP_WAITS
    for e in state.queue:  # what replacement_effects.awaiting and showdown.quiet look for
        if "then" in e or "showdown" in e or "replacement_rerun" in e or \
                e.get("kind") in waits or e.get("request") == "showdown_choice":
            return False
    objs = state.objects
    chain = state.chain
    for bf in state.battlefields:  # first: where a cleanup most often has work
        units = bf.units
        if bf.gear or bf.facedown or bf.contested_by is not None or bf.showdown_staged or \
                bf.combat_staged or (not units and bf.controller is not None and not chain):
            return False
        for oid in units:
            if objs[oid].damage:
                return False
    total = best = 0
    for p in state.players.values():
        if not p.eliminated and p.points > 0:
            total += p.points
            if p.points > best:
                best = p.points
        pid = p.id
        for oid in p.base:
            obj = objs[oid]
            if obj.damage or obj.controller != pid:
                return False
    if total >= state.victory_score and (best >= state.victory_score or state.mode == "2v2"):
        return False  # check_victory decides
    state.extra.pop("damage_marks", None)
    return True


def _lethal(state: GameState, oid: str) -> bool:
    obj = state.objects[oid]
    if obj.damage <= 0 or card_facts(obj.card).type != "Unit":
        return False
    return obj.damage >= might_of(state, oid)


def _lose_control_v12(state: GameState, log: list[GameAction]) -> bool:
    """editions helper, v1.2 322.6 / 184.4.c: an empty battlefield that is not contested
    becomes uncontrolled at once, in any state (v1.3 323.6 waits for an Open State and
    spares the battlefield of a showdown or combat)."""
    changed = False
    ongoing = state.showdown.battlefield if state.showdown is not None else None
    for bf in state.battlefields:
        if bf.controller is not None and not bf.units and bf.contested_by is None:
            if state.chain or bf.oid == ongoing:
                editions.note(state, log, "lose-control-when-empty")
            bf.controller = None
            log.append(GameAction("lose_control", None, (bf.oid,), rule="323.6"))
            changed = True
    return changed


def _recalls(state: GameState, log: list[GameAction], foreign: bool = True) -> bool:
    """323.7: unattached gear at battlefields and permanents or runes in another player's
    base are recalled; hidden cards at battlefields their controller does not control go
    to their owner's trash.  *foreign* False: the caller saw that no base holds a permanent
    its owner does not control (replay-perf)."""
    changed = False
    if state.edition == "v1.2":  # editions helper: v1.2 322.7 recalls attached gear too
        for bf in state.battlefields:
            for oid in bf.units:
                if state.objects[oid].attached_to is not None:
                    raise editions.unsupported(state, "322.7", f"gear {oid} is attached at "
                                               f"battlefield {bf.oid}; v1.2 recalls it too")
    for bf in state.battlefields:
        if not bf.gear and not bf.facedown:
            continue  # replay-perf: nothing to recall here
        for oid in list(bf.gear):
            if state.objects[oid].attached_to is None:
                actions.recall(state, oid, log, responsible=None)
                changed = True
        for oid in list(bf.facedown):
            if state.objects[oid].controller != bf.controller:
                actions.change_zone(state, state.objects[oid], "trash")
                log.append(GameAction("trash", None, (oid,), rule="323.7"))
                changed = True
    if not foreign and not changed:  # replay-perf: the bases were scanned by the caller
        return False
    objs = state.objects
    for p in state.players.values():
        for oid in p.base:  # issue 7: the base is copied only when something is to go
            if objs[oid].controller != p.id:
                break
        else:
            continue
        for oid in list(p.base):
            if state.objects[oid].controller != p.id:
                if state.edition == "v1.2":  # editions helper: not in v1.2 322.7
                    editions.note(state, log, "recall-scope")
                    continue
                actions.recall(state, oid, log, responsible=None)
                changed = True
    return changed


# --- phases -----------------------------------------------------------------------------


def _tp(state: GameState) -> str:
    assert state.turn_player is not None
    return state.turn_player


def _first_turn(state: GameState, pid: str) -> bool:
    return pid not in state.extra.get("had_turn", [])


#: issue 24: fn(state, player) told as each turn begins (e.g. a count of each player's turns)
TURN_START_HOOKS: list[Callable[[GameState, str], None]] = []


@task("turn", quiet=True)
def _turn(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    """A new turn begins for ``entry["player"]`` (v1.3 306, 317.3)."""
    pid = entry["player"]
    state.turn += 1
    state.turn_player = pid
    state.priority = None
    state.extra["passes"] = []
    for p in state.players.values():
        p.turn_marks = {}
    log.append(GameAction("turn_start", pid, (), {"turn": state.turn}, rule="304"))
    for hook in TURN_START_HOOKS:
        hook(state, pid)
    for kind in ("awaken", "beginning", "scoring", "channel", "draw", "draw_end", "main_phase",
                 "ending", "next_turn"):
        state.queue.append({"kind": kind, "player": pid})


@task("awaken")
def _awaken(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    """315.1: the turn player readies everything they control."""
    state.phase = "awaken"
    pid = entry["player"]
    p = state.players[pid]
    on_board = list(p.base)
    for bf in state.battlefields:
        on_board += bf.units
        on_board += bf.gear
    objs = state.objects
    for oid in on_board:
        obj = objs[oid]
        if obj.controller == pid and obj.exhausted:
            actions.ready(state, oid, log, responsible=pid)
    for oid in p.legend:
        obj = state.objects[oid]
        if obj.exhausted:
            obj.exhausted = False
            log.append(GameAction("ready", pid, (oid,), rule="415.3.a", responsible=pid))


@task("beginning")
def _beginning(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    """315.2.a: the beginning step.  Teammates' battlefields are noted for 484.8.b."""
    state.phase = "beginning"
    scoring.mark_beginning_phase(state)
    triggers.fire(state, "beginning_phase", player=entry["player"])  # "at start of your Beginning Phase"


@task("scoring")
def _scoring(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    """315.2.b: the turn player holds every battlefield they control (462-467)."""
    state.step = "scoring"
    pid = entry["player"]
    before = state.players[pid].points
    for bf in state.battlefields:
        if bf.controller == pid:
            score(state, pid, bf.oid, "hold", log)
    cost_changes.note_hold_points(state, pid, state.players[pid].points - before)  # issue 24
    state.step = None


def score(state: GameState, pid: str, bf_oid: str, how: str, log: list[GameAction]) -> None:
    """*pid* scores battlefield *bf_oid* by ``"hold"`` or ``"conquer"`` (v1.3 464-466).

    Points, the once-per-turn limit (465) and the winning point (466.1.b) are
    :func:`riftlog.rules.game_actions.scoring.score`'s; the battlefield's score abilities (466.2) raise
    UnsupportedCard naming it until they are implemented.
    """
    result = scoring.score(state, pid, bf_oid, how, log)
    if result.scored:
        score_triggers(state, bf_oid, how, pid)


def score_triggers(state: GameState, bf_oid: str, how: str, pid: str) -> None:
    """466.2, 383.4.c-d: trigger the conquer/hold abilities of the scored battlefield, of
    the scorer's units there and of whatever says "when you conquer/hold"."""
    card = state.battlefield(bf_oid).card
    if card != TOKEN_BATTLEFIELD:
        facts = card_facts(card)
        if facts.has_text and not facts.supported:
            raise UnsupportedCard(str(facts), f"{state.edition} 466.2: its {how} abilities are not implemented")
    triggers.fire(state, "conquers" if how == "conquer" else "holds", player=pid,
                  battlefield=bf_oid)


@task("channel")
def _channel(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    """315.3: channel two runes (as many as there are, 315.3.b.1); the first-turn process
    of the mode may add one (480.7, 482.7, 483.7, 484.7)."""
    state.phase = "channel"
    pid = entry["player"]
    n = 2
    spec = mode_spec(state.mode)
    if _first_turn(state, pid) and pid == extra_rune_player(spec, state.turn_order):
        n += 1
    channel(state, pid, n, log)


def channel(state: GameState, pid: str, n: int, log: list[GameAction]) -> None:
    """Channel up to *n* runes from the top of the rune deck, ready, into the base (430)."""
    p = state.players[pid]
    taken = p.rune_deck[:n]
    for oid in taken:
        actions.change_zone(state, state.objects[oid], "base", actions.base_of(pid))
    if taken:
        log.append(GameAction("channel", pid, tuple(taken),
                              {"cards": [state.objects[o].card for o in taken]}, rule="430.1",
                              responsible=pid))


@task("draw")
def _draw(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    """315.4.b: the turn player draws 1 (burning out on an empty deck, 315.4.b.1, 431);
    the first player skips it on their first turn in 482.7, 483.7 and 484.7."""
    state.phase = "draw"
    pid = entry["player"]
    spec = mode_spec(state.mode)
    if spec.first_skips_draw and _first_turn(state, pid) and pid == state.turn_order[0]:
        log.append(GameAction("skip_draw", pid, (), rule=f"{spec.rule}.7"))
        return
    actions.draw(state, pid, log, 1)


@task("draw_end", quiet=True)
def _draw_end(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    """315.4.d / 166: every rune pool empties at the end of the draw phase."""
    empty_pools(state, log, "315.4.d")


def empty_pools(state: GameState, log: list[GameAction], rule: str) -> None:
    state.extra.pop("spell_pool", None)  # mechanics helper: spell-only resources empty too (166)
    state.extra.pop("gear_pool", None)  # issue 24: gear-only ones too (166)
    for p in state.players.values():
        if not p.pool.is_empty():
            p.pool.empty()
            log.append(GameAction("pool_empty", p.id, (), rule=rule))


@task("main_phase", quiet=True)
def _main(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    """316: the main phase; the turn player has priority in a neutral open state (312.2.a)."""
    pid = entry["player"]
    state.phase = "main"
    state.priority = pid
    had: list[str] = state.extra.setdefault("had_turn", [])
    if pid not in had:
        had.append(pid)
    state.queue.append({"kind": "main", "player": pid, "consumed_by": ["TurnEnded"]})


@task("ending")
def _ending(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    """317: ending step, then the expiration step's special cleanup: heal all units,
    "this turn" effects expire, every rune pool empties (317.2.a-d)."""
    _ending_step(state, entry, log, False)


def _ending_step(state: GameState, entry: dict[str, Any], log: list[GameAction],
                 clean: bool) -> bool:
    """:func:`_ending`; *clean*: the state is known to be settled clean (replay-perf: then
    the opening cleanup would change nothing and is skipped).  Returns whether it is
    still known clean once the end-of-turn triggers fired (and queued nothing)."""
    state.phase = "ending"
    state.priority = None
    if not clean:
        clean = cleanup(state, log)
        if state.phase == "over":
            return False
    triggers.fire(state, "end_of_turn", player=entry["player"])  # 317.1: "at the end of turn"
    state.queue.append({"kind": "expiration", "player": entry["player"]})
    return clean


@task("expiration", quiet=True)
def _expiration(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    """317.2: the expiration step (after end-of-turn triggers resolved)."""
    healed: list[str] = []
    modded = False  # replay-perf: whether expire_effects has mods to look at (one pass)
    for o in state.objects.values():
        if o.damage and o.zone in ("base", "battlefield"):
            healed.append(o.oid)
        if o.mods:
            modded = True
    for oid in healed:
        state.objects[oid].damage = 0
    if healed:
        log.append(GameAction("heal", None, tuple(healed), {"all": True}, rule="317.2.b"))
    gone = layers.expire_effects(state, "end_of_turn", modded)  # 317.2.c
    if gone:
        log.append(GameAction("expire", None, (), {"effects": len(gone)}, rule="317.2.c"))
    empty_pools(state, log, "317.2.d")


@task("next_turn", quiet=True)
def _next_turn(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    """317.3: the next player in turn order (skipping removed players) takes a turn."""
    pid = entry["player"]
    nxt = _after_additional_turns(state, pid)  # 735-738
    log.append(GameAction("turn_end", pid, (), {"turn": state.turn}, rule="317.3"))
    if "time_called" in state.extra and timed_round.turn_ended(state, log):  # TR 408
        return
    state.queue.append({"kind": "turn", "player": nxt})


# replay-perf: the quiet turn tasks (``@task(..., quiet=True)``: turn, draw_end, main_phase,
# expiration, next_turn) change no object, battlefield, point, showdown or chain and queue
# no wait - only the turn, phase, priority, turn marks, pools, expiring effects and damage
# being healed (the Might they may change matters to no undamaged unit).  After a clean
# cleanup (:func:`cleanup`) the cleanup after them would change nothing.
#: replay-perf: the same when they queued nothing - then no trigger fired: the Awaken and
#: Beginning steps only ready, note teammates' battlefields and fire triggers; the Channel
#: step only moves runes from their owner's Rune Deck into that owner's base, ready,
#: undamaged and controlled by the owner (zones.change_zone), and fires no trigger.
_QUIET_UNLESS_TRIGGERED = frozenset({_awaken, _beginning, _channel})


def _holds_nothing(state: GameState, pid: str | None) -> bool:
    return all(bf.controller != pid for bf in state.battlefields)


def _deck_holds_one(state: GameState, pid: str | None) -> bool:
    p = state.players.get(pid) if pid is not None else None
    return p is not None and bool(p.main_deck)


#: replay-perf: tasks quiet when ``fn(state, player)`` holds before they run: the Scoring
#: Step of a player who controls no battlefield does nothing; a draw from a non-empty Main
#: Deck moves one card to the hand (no burn out, no trigger).
_QUIET_IF: dict[Any, Any] = {_scoring: _holds_nothing, _draw: _deck_holds_one}


def _after_additional_turns(state: GameState, pid: str) -> str:
    """who takes the next turn when additional turns are queued
    (``state.extra["additional_turns"]``, next first, 735-738): they come right after the
    current turn, then the turn order resumes after the last regular turn (737)."""
    extra = state.extra
    queued = [p for p in extra.get("additional_turns", []) if not state.players[p].eliminated]
    if queued:
        if not extra.get("in_additional_turn"):
            extra["resume_after"] = pid
        extra["in_additional_turn"] = True
        nxt = str(queued.pop(0))
        if queued:
            extra["additional_turns"] = queued
        else:
            extra.pop("additional_turns", None)
        return nxt
    extra.pop("additional_turns", None)
    if extra.pop("in_additional_turn", None):
        pid = str(extra.pop("resume_after", pid))
    return next_player(state, pid)


# --- burn out (431) as a flow task -----------------------------------------------------


@task("burn_out")
def _burn_out(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    """Finish a draw that ran out of cards (413.4, 431): the trash's new order is a random
    outcome (431.2.b, 416.5), the opponent to gain the point a choice (431.2.c)."""

    pid = entry["player"]
    p = state.players[pid]
    if len(p.trash) > 1 and "order" not in entry:
        state.queue.append(await_entry(
            "deck_order", None, ["DeckOrderRecorded"], "431.2.b",
            {"player": pid, "deck": "main", "keep": list(p.main_deck), "randomize": list(p.trash)},
            then=entry,
        ))
        return
    opponents = state.opponents(pid)
    if "beneficiary" not in entry:
        if len(opponents) != 1:
            state.queue.append(await_entry(
                "burn_out_point", pid, ["BurnOutPointGiven"], "431.2.c", {"opponents": opponents},
                then=entry,
            ))
            return
        entry["beneficiary"] = opponents[0]
    actions.burn_out(state, pid, log, beneficiary=entry["beneficiary"], order=entry.get("order"),
                     repeated=bool(entry.get("repeated")))
    if state.phase == "over":
        return
    actions.draw(state, pid, log, int(entry.get("draw", 0)))
    for e in state.queue:
        if e.get("kind") == "burn_out":
            e["repeated"] = True


# --- turn-flow decisions ----------------------------------------------------------------


def _check_turn_ended(state: GameState, d: TurnEnded) -> list[Violation]:
    ed = state.edition
    if state.chain:
        return [Violation("305", "the turn cannot end while the chain has items; "
                          "pass priority until it resolves", ed)]
    if state.showdown is not None:
        return [Violation("308.1", "the turn cannot end during a showdown", ed)]
    return []


@handles(TurnEnded)(_check_turn_ended)
def _apply_turn_ended(state: GameState, d: TurnEnded, log: list[GameAction]) -> None:
    """316.6: the turn player ends the main phase; the ending phase follows."""
    log.append(GameAction("end_main", d.player, (), rule="316.6", responsible=d.player))


def _check_priority_passed(state: GameState, d: PriorityPassed) -> list[Violation]:
    if not state.chain and state.showdown is None:
        return [Violation("312.1", "there is nothing to pass priority on: the turn is "
                          "neutral and open (end the turn instead, 316.6)", state.edition)]
    return []


@handles(PriorityPassed)(_check_priority_passed)
def _apply_priority_passed(state: GameState, d: PriorityPassed, log: list[GameAction]) -> None:
    """312.2.d / 339: priority goes to the next player; when all passed, the top resolves."""
    if state.showdown is not None:  # 313, 346, 347 (showdown/combat helper)
        showdown.priority_passed(state, d, log)
        return
    passes: list[str] = state.extra.setdefault("passes", [])
    passes.append(d.player)
    log.append(GameAction("pass", d.player, (), rule="339", responsible=d.player))
    players = state.players
    for p in state.turn_order:  # replay-perf: a plain loop; everyone still in passed?
        if p not in passes and not players[p].eliminated:
            break
    else:
        if not hooks.CHAIN:
            raise UnsupportedRule(f"{state.edition} 340: resolving chain items is not implemented yet")
        state.extra["passes"] = []
        hooks.CHAIN[0](state, log)
        if not state.chain:
            state.priority = state.turn_player
        return
    state.priority = next_player(state, d.player)


def _check_burn_out_point(state: GameState, d: BurnOutPointGiven) -> list[Violation]:
    if d.opponent not in state.opponents(d.player):
        return [Violation("431.2.c", f"{d.opponent} is not an opponent of {d.player}", state.edition)]
    return []


@handles(BurnOutPointGiven)(_check_burn_out_point)
def _apply_burn_out_point(state: GameState, d: BurnOutPointGiven, log: list[GameAction]) -> None:
    """431.2.c: the burning-out player chose who gains the point; the burn out goes on."""
    then = dict(hooks.answering(state).get("then") or {})
    if d.opponent not in state.players:
        raise ImpossibleDecision(f"{state.edition} 431.2.c: there is no player {d.opponent!r}")
    then["beneficiary"] = d.opponent
    state.queue.append(then)


__all__ = [
    "TOKEN_BATTLEFIELD",
    "advance",
    "channel",
    "check_victory",
    "cleanup",
    "empty_pools",
    "end_game",
    "might_of",
    "next_player",
    "score",
    "side_points",
    "team_of",
]
