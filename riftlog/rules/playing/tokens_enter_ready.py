"""Tokens that enter ready (issue 24): while a permanent with the encoding flag
``"friendly_tokens_enter_ready"`` (Renata Glasc, Industrialist, SFD-171) is on the board, every
token its controller plays enters ready, replacing how it would enter (RUP4 369.3), even when
the effect that makes it says exhausted (184.1).  Registered in
``actions_modify.TOKENS_ENTER_READY``."""

from __future__ import annotations

from riftlog.cards import vocab as V
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions_modify
from riftlog.rules.interpreter import effects

__all__ = ["friendly_tokens_enter_ready"]


def _flagged(enc: V.Encoding) -> bool:
    return "friendly_tokens_enter_ready" in enc.flags


def friendly_tokens_enter_ready(state: GameState, player: str, oid: str) -> bool:
    """A permanent of *player* on the board (not the token *oid* itself) has the flag."""
    for lst in effects._board_lists(state):
        for other in lst:
            o = state.objects[other]
            if other != oid and o.controller == player and o.attached_to is None and \
                    effects.encoding_fact(o.card, _flagged, False):
                return True
    return False


if friendly_tokens_enter_ready not in actions_modify.TOKENS_ENTER_READY:
    actions_modify.TOKENS_ENTER_READY.append(friendly_tokens_enter_ready)
