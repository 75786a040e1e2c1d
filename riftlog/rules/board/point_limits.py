"""Whether a player may gain points now (issue 24): a list of "can't gain points" checks
(RUP4 054, a "can't" beats any instruction), consulted wherever points are gained - scoring
(466.1), burning out (431.2.c), effects (194.1.c).  Filled by
:mod:`riftlog.rules.playing.permanent_restrictions`; this module imports nothing of the
engine, so every layer may ask it."""

from __future__ import annotations

from collections.abc import Callable

from riftlog.rules.board.state import GameState

__all__ = ["GAIN_RESTRICTIONS", "gain_refused"]

#: fn(state, player) -> why the player cannot gain points now, or None
GAIN_RESTRICTIONS: list[Callable[[GameState, str], str | None]] = []


def gain_refused(state: GameState, player: str) -> str | None:
    """Why *player* cannot gain points now (the first restriction that says so), or None."""
    for refused in GAIN_RESTRICTIONS:
        why = refused(state, player)
        if why is not None:
            return why
    return None
