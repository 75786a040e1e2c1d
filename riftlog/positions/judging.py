"""A judge's questions about a position: is this decision legal, what may be done here.

:func:`check_decision` runs the rules engine's checker on a decision in the position and
returns the verdict with the rules it breaks (edition and id); :func:`legal_moves` lists
what the engine awaits and the legal decisions its move generator finds (the generator of
the bot and dispute reports: candidate decisions of every kind it knows, each checked by
the engine, so every move listed is legal, but a move of a kind it does not generate, e.g.
a particular damage assignment among many, is not listed).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from riftlog.errors import RiftlogError, UnsupportedCard, UnsupportedRule
from riftlog.positions.parser import PositionError, parse_position
from riftlog.rules import bot, engine
from riftlog.rules.board import hooks
from riftlog.rules.board.core import Violation
from riftlog.rules.board.state import GameState

#: Requests for which the engine's card and unit move generators are asked too.
CANDIDATE_KINDS = ("main", "priority", "focus", "showdown_choice", "combat_damage", "choice",
                   "trigger_order")


@dataclass(frozen=True, slots=True)
class Verdict:
    """``legal``, ``illegal`` (with the violations) or ``unverifiable`` (with why)."""

    verdict: str
    violations: tuple[Violation, ...] = ()
    reason: str = ""
    awaited: str = ""

    def lines(self) -> list[str]:
        """The verdict in plain words, one line per broken rule."""
        head = [f"{self.verdict}" + (f": {self.reason}" if self.reason else "")]
        return head + [f"  {v.citation}: {v.message}" for v in self.violations]


@dataclass(frozen=True, slots=True)
class Moves:
    """What the engine awaits in a position and the legal decisions it lists."""

    awaited: str
    requests: tuple[str, ...]
    moves: tuple[str, ...] = field(default=())
    complete: bool = False


def read_position(path: str | Path) -> GameState:
    """The state of a position file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PositionError(f"{path}: cannot read the position: {exc}") from None
    return parse_position(text, str(path))


def check_decision(state: GameState, decision: str) -> Verdict:
    """The engine's verdict on *decision* (JSON with a ``type``) in *state*."""
    from riftlog.recorder import parse_decision

    payload = parse_decision(decision)
    awaited = engine.awaited(state)
    try:
        violations = engine.check(state, payload)
    except (UnsupportedRule, UnsupportedCard) as exc:
        return Verdict("unverifiable", (), str(exc), awaited)
    if violations:
        return Verdict("illegal", tuple(violations), "", awaited)
    try:
        engine.apply_unchecked(state.clone(), payload)
    except (UnsupportedRule, UnsupportedCard) as exc:
        return Verdict("unverifiable", (), str(exc), awaited)
    except (RiftlogError, KeyError, IndexError, ValueError) as exc:
        return Verdict("illegal", (), f"it cannot be carried out: {exc}", awaited)
    return Verdict("legal", (), "", awaited)


def legal_moves(state: GameState, limit: int = 200) -> Moves:
    """What *state* awaits and the legal decisions the engine's generator finds."""
    engine.load_extensions()  # the card and unit move generators register themselves
    reqs = engine.pending(state) if state.phase != "over" else []
    words = tuple(f"{r.kind} from {r.player or 'a random outcome'}: {', '.join(r.decisions)}"
                  + (f" ({r.rule})" if r.rule else "") for r in reqs)
    if not reqs or reqs[0].player is None:
        return Moves(engine.awaited(state), words, (), complete=False)
    req, who = reqs[0], reqs[0].player
    cands: list[Any] = bot.flow_candidates(state, req)
    if req.kind in CANDIDATE_KINDS:
        for fn in hooks.CANDIDATES:
            try:
                cands += list(fn(state, who))
            except RiftlogError:
                continue
    out: list[str] = []
    seen: set[str] = set()
    for cand in cands:
        try:
            if engine.check(state, cand):
                continue
            engine.apply_unchecked(state.clone(), cand)
        except (RiftlogError, KeyError, IndexError, ValueError, TypeError):
            continue
        data = {k: v for k, v in cand.model_dump(mode="json").items()
                if k == "type" or v not in (None, [], {}, False)}
        text = json.dumps(data, sort_keys=True)
        if text not in seen:
            seen.add(text)
            out.append(text)
        if len(out) >= limit:
            break
    return Moves(engine.awaited(state), words, tuple(out), complete=False)
