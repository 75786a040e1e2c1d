"""A player's damage that can't be prevented (RUP4 142.3.a-b: "that player's damage" is the
damage that player marks, i.e. the player responsible for the Deal).

A permanent whose characteristics carry the layers flag :data:`OWN_DAMAGE_UNPREVENTABLE`
(printed in its encoding's ``flags``, or given by an effect) makes the damage its controller
marks unpreventable while it is on the board: no Prevent value of the unit dealt damage and
no prevention effect (``actions.DAMAGE_REPLACEMENTS``, 437) applies to it, and a one-shot
prevention is not used up by it.  Other players' damage is prevented as usual.  The rule
defining "that player's damage" is new in RUP4 (no v1.3 counterpart); the engine applies the
same meaning under v1.3, where no rule says otherwise.
"""

from __future__ import annotations

from riftlog.rules.board import layers
from riftlog.rules.board.state import GameState

__all__ = ["OWN_DAMAGE_UNPREVENTABLE", "damage_unpreventable"]

#: the layers flag: "the damage of my controller can't be prevented"
OWN_DAMAGE_UNPREVENTABLE = "own_damage_unpreventable"


def damage_unpreventable(state: GameState, player: str | None) -> bool:
    """Whether the damage *player* marks can't be prevented now (RUP4 142.3.b)."""
    if player is None or player not in state.players:
        return False
    objects = state.objects
    lists = [state.players[player].base, *(bf.units for bf in state.battlefields),
             *(bf.gear for bf in state.battlefields)]
    for lst in lists:  # replay-perf: plain loops; has_flag is memoised per card
        for oid in lst:
            obj = objects[oid]
            if obj.controller == player and layers.has_flag(state, obj, OWN_DAMAGE_UNPREVENTABLE):
                return True
    return False
