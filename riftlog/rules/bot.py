"""A random player: legal decisions drawn from a seeded :class:`random.Random`.

This lives OUTSIDE the pure engine's contract: the engine never draws random numbers;
the bot does, and hands the engine ordinary payloads (decisions and random outcomes), so a
simulated game is recorded exactly like a real one.

Candidates come from the pending request (setup and flow decisions) and from every
generator registered with :func:`riftlog.rules.board.hooks.candidates` (plays, moves ...).
:func:`choose` keeps those the checker accepts and the engine can carry out (candidates
reaching an unimplemented rule or card are skipped), then picks one at random.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

from riftlog.errors import ImpossibleDecision, UnsupportedCard, UnsupportedRule
from riftlog.events.decisions import (
    BattlefieldChosen,
    BurnOutPointGiven,
    GameConceded,
    MulliganChosen,
    PriorityPassed,
    TurnEnded,
)
from riftlog.events.payloads import GameCreated
from riftlog.events.registry import Payload
from riftlog.rules import engine
from riftlog.rules.board import hooks
from riftlog.rules.board.core import Request
from riftlog.rules.board.state import GameState
from riftlog.seeding import pick_outcome

__all__ = ["choose", "play_random_game", "random_outcome", "simulate"]


def random_outcome(state: GameState, req: Request, rng: random.Random) -> Payload:
    """A fair random outcome for a request with ``player=None`` (drawn as seeded games
    draw theirs: :func:`riftlog.seeding.pick_outcome`)."""
    outcome = pick_outcome(state, req, rng)
    if outcome is None:
        raise UnsupportedRule(f"the bot cannot produce a random outcome for {req.decisions}")
    return outcome


def flow_candidates(state: GameState, req: Request) -> list[Payload]:
    """The setup and turn-flow decisions that could answer *req*."""
    pid = req.player
    assert pid is not None
    out: list[Payload] = []
    if "MulliganChosen" in req.decisions:
        hand = state.players[pid].hand
        for n in range(3):
            out += [MulliganChosen(player=pid, set_aside=c) for c in itertools.combinations(hand, n)]
    if "BattlefieldChosen" in req.decisions:
        out += [BattlefieldChosen(player=pid, battlefield=b) for b in req.options["battlefields"]]
    if "BurnOutPointGiven" in req.decisions:
        out += [BurnOutPointGiven(player=pid, opponent=o) for o in req.options["opponents"]]
    if "TurnEnded" in req.decisions:
        out.append(TurnEnded(player=pid))
    if "PriorityPassed" in req.decisions:
        out.append(PriorityPassed(player=pid))
    return out


def _carried_out(state: GameState, decision: Payload) -> bool:
    try:
        engine.apply_unchecked(state, decision)
    except (UnsupportedRule, UnsupportedCard, ImpossibleDecision):
        return False
    return True


def choose(state: GameState, rng: random.Random, concede: float = 0.0,
           policy: Callable[[Payload], bool] | None = None) -> Payload:
    """A random legal decision (or random outcome) answering what *state* awaits.

    With probability *concede* the awaited player concedes instead (650).  *policy*, when
    given, keeps only the candidate decisions it accepts (a playing style, e.g. never
    moving units to battlefields); the decision chosen is still legal.  Raises
    :class:`UnsupportedRule` when nothing legal can be carried out.
    """
    # every listed type: the candidates (and so the seeded draws) stay as recorded
    reqs = engine.pending(state, every_listed=True)
    if not reqs:
        raise UnsupportedRule("the game awaits nothing: it is over")
    req = reqs[0]
    if req.player is None:
        return random_outcome(state, req, rng)
    if concede and rng.random() < concede:
        return GameConceded(player=req.player)
    cands: list[Any] = flow_candidates(state, req)
    if req.kind in ("main", "priority", "focus", "showdown_choice", "combat_damage", "choice",
                    "trigger_order"):
        for fn in hooks.CANDIDATES:
            cands += [c for c in fn(state, req.player) if c.type in req.decisions]
    if policy is not None:
        cands = [c for c in cands if policy(c)]
    rng.shuffle(cands)
    for cand in cands:
        if not engine.check(state, cand) and _carried_out(state, cand):
            return cand  # type: ignore[no-any-return]
    raise UnsupportedRule(f"no legal decision for {req.player} ({req.kind}) can be carried out")


def simulate(created: GameCreated, seed: int | str, max_turns: int = 30,
             concede: float = 0.0) -> tuple[list[Payload], GameState]:
    """Play a game by random legal decisions; returns the payloads and the final state.

    Stops when the game is over or when turn *max_turns* would begin its main phase.
    """
    rng = random.Random(seed)
    state = engine.new_game(created)
    out: list[Payload] = []
    while not state.is_over() and state.turn <= max_turns:
        decision = choose(state, rng, concede)
        engine.apply_in_place(state, decision)
        out.append(decision)
    return out, state


def play_random_game(created: GameCreated, seed: int | str, max_turns: int = 30) -> list[Payload]:
    """The payloads of a game played by random legal decisions from *seed* (see :func:`simulate`)."""
    return simulate(created, seed, max_turns)[0]
