""""Can't" restrictions a permanent on the board puts on units and players (issue 24; RUP4
054: a "can't" beats any permission or instruction):

* :class:`riftlog.cards.vocab_restrictions.NoUnitMovesToBase` (Minotaur Reckoner, SFD-014),
  in ``movement.MOVE_RESTRICTIONS``, which the standard move, effects' moves and the move
  legality checks all consult;
* :class:`riftlog.cards.vocab_restrictions.OpponentsGainNoPoints` (Tianna Crownguard,
  SFD-060), in ``point_limits.GAIN_RESTRICTIONS``, which every gain of points consults."""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.cards.vocab_restrictions import NoUnitMovesToBase, OpponentsGainNoPoints
from riftlog.rules.board import point_limits
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import movement
from riftlog.rules.interpreter import effects

__all__ = ["no_unit_moves_to_base", "opponents_gain_no_points"]


def _has_it(enc: V.Encoding) -> bool:
    return any(isinstance(a, NoUnitMovesToBase) for a in enc.abilities)


def no_unit_moves_to_base(state: GameState, obj: Any, destination: str) -> tuple[str, str] | None:
    """The first permanent on the board forbidding moves to a base, when *destination* is one."""
    if not destination.startswith("base:"):
        return None
    objects = state.objects
    nothing: set[str] = set()  # issue 26: cards already found without it, asked once
    for lst in effects._board_lists(state):
        for oid in lst:
            src = objects[oid]
            card = src.card
            if src.attached_to is not None or card in nothing:
                continue
            if effects.encoding_fact(card, _has_it, False):
                return "054", f"{obj.oid} cannot move to a base while {oid} is on the board"
            nothing.add(card)
    return None


if no_unit_moves_to_base not in movement.MOVE_RESTRICTIONS:
    movement.MOVE_RESTRICTIONS.append(no_unit_moves_to_base)


def _gains_none(enc: V.Encoding) -> bool:
    return any(isinstance(a, OpponentsGainNoPoints) for a in enc.abilities)


def opponents_gain_no_points(state: GameState, player: str) -> str | None:
    """A permanent at a battlefield, controlled by an opponent of *player*, forbidding them
    to gain points."""
    for bf in state.battlefields:
        for oid in bf.units:
            src = state.objects[oid]
            if src.attached_to is None and src.controller in state.opponents(player) and \
                    effects.encoding_fact(src.card, _gains_none, False):
                return f"{oid} is at {bf.oid}: {player} cannot gain points"
    return None


if opponents_gain_no_points not in point_limits.GAIN_RESTRICTIONS:
    point_limits.GAIN_RESTRICTIONS.append(opponents_gain_no_points)
