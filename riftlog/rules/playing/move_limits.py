"""Move restrictions a permanent on the board puts on every unit (issue 24):
:class:`riftlog.cards.vocab_moves.NoUnitMovesToBase` (Minotaur Reckoner, SFD-014).  A "can't"
beats any permission (RUP4 054); registered in ``movement.MOVE_RESTRICTIONS``, which the
standard move, effects' moves and the move legality checks all consult."""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.cards.vocab_moves import NoUnitMovesToBase
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import movement
from riftlog.rules.interpreter import effects

__all__ = ["no_unit_moves_to_base"]


def _has_it(enc: V.Encoding) -> bool:
    return any(isinstance(a, NoUnitMovesToBase) for a in enc.abilities)


def no_unit_moves_to_base(state: GameState, obj: Any, destination: str) -> tuple[str, str] | None:
    """The first permanent on the board forbidding moves to a base, when *destination* is one."""
    if not destination.startswith("base:"):
        return None
    for lst in effects._board_lists(state):
        for oid in lst:
            src = state.objects[oid]
            if src.attached_to is None and effects.encoding_fact(src.card, _has_it, False):
                return "054", f"{obj.oid} cannot move to a base while {oid} is on the board"
    return None


if no_unit_moves_to_base not in movement.MOVE_RESTRICTIONS:
    movement.MOVE_RESTRICTIONS.append(no_unit_moves_to_base)
