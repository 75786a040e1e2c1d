"""Temptation (SFD-129): the chosen enemy unit moves to another location where a unit of its
controller is.  The place is chosen as the spell is played (RUP4 355.4; the encoding's
``MoveDestination``, ``CardPlayed.choices["to"]``, a Repeat run's ``"to@k"``) and checked
again as it resolves: no longer valid, the unit does not move."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


@api.custom("move_enemy_to_its_friends")
def _move_enemy_to_its_friends(state: api.GameState, ctx: dict[str, Any],
                               log: list[api.GameAction], target: Any) -> bool | None:
    """Move the target enemy unit, if still legal, to the place chosen for this run, if it
    is still one where another unit of its controller is (355.4.a)."""
    units = api.objects(state, ctx, target)
    if not units:
        return None
    oid = units[0]
    dest = api.chosen_place(state, ctx, oid, "to", near_friends=True)
    if dest is not None:
        api.move(state, oid, dest, log, player=ctx["controller"])
    return None
