"""Jayce, Man of Progress (SFD-084): as he is played, his controller may kill a friendly gear;
if it dies, they may play a gear from their hand this turn ignoring its Energy cost (Energy
cost at most the given amount; its Power cost is paid: RUP4/v1.3 356.1.b.2)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


@api.custom("kill_gear_for_a_free_gear")
def _kill_gear_for_a_free_gear(state: api.GameState, ctx: dict[str, Any],
                               log: list[api.GameAction], name: str, max_energy: int) -> None:
    """Kill the chosen gear *name* if it is still a legal target; if it went to the trash
    ("if you do"), the controller gets the permission for the rest of the turn."""
    spec = next(t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    killed = False
    for oid in api.still_legal(state, ctx, spec):
        api.kill(state, [oid], log, attribution=[ctx["source"]], player=ctx["controller"])
        killed = killed or state.objects[oid].zone == "trash"
    if killed:
        api.grant_play_permission(state, ctx["controller"], card_type="Gear", from_zone="hand",
                                  max_energy=max_energy, ignore="energy", source=ctx["source"])
