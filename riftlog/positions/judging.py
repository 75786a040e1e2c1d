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

from riftlog.errors import RiftlogError, UnsupportedCard, UnsupportedRule
from riftlog.notation import format_decision
from riftlog.positions.parser import PositionError, parse_position
from riftlog.rules import engine
from riftlog.rules.board.core import Violation
from riftlog.rules.board.state import GameState
from riftlog.rules.legal_moves import legal_moves as enumerate_moves

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
    #: the same decisions in the notation (docs/notation.md), with a collapsed numeric
    #: choice's constraint after two spaces
    notation: tuple[str, ...] = field(default=())


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
    """What *state* awaits and every legal decision of the player awaited
    (:func:`riftlog.rules.legal_moves.legal_moves`: one canonical payment per play, a damage
    split as one legal split and its constraint), as JSON and in the notation."""
    engine.load_extensions()  # the card and unit move generators register themselves
    reqs = engine.pending(state) if state.phase != "over" else []
    words = tuple(f"{r.kind} from {r.player or 'a random outcome'}: {', '.join(r.decisions)}"
                  + (f" ({r.rule})" if r.rule else "") for r in reqs)
    if not reqs or reqs[0].player is None:
        return Moves(engine.awaited(state), words, (), complete=True)
    found = enumerate_moves(state, reqs[0].player)
    shown = found[:limit]
    out = tuple(json.dumps({k: v for k, v in m.decision.model_dump(mode="json").items()
                            if k == "type" or v not in (None, [], {}, False)}, sort_keys=True)
                for m in shown)
    lines = tuple(format_decision(state, m.decision)
                  + (f"  ({m.constraint})" if m.constraint else "") for m in shown)
    return Moves(engine.awaited(state), words, out, complete=len(found) <= limit,
                 notation=lines)
