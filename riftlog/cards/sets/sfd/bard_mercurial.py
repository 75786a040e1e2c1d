"""Bard, Mercurial (SFD-079): if his legend was exhausted as he was played, his controller
moves any number of their units together to one open battlefield (no unit there and no
controller, 169.10.c).  The units (RUP4 355.10, 355.12, 355.13) and the battlefield (the
move's destination, 355.4) are chosen as the ability goes on the chain (the encoding's
targets ``"t"`` and ``"bf"``) and checked again as it resolves."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


@api.custom("move_units_to_an_open_battlefield")
def _move_units_to_an_open_battlefield(state: api.GameState, ctx: dict[str, Any],
                                       log: list[api.GameAction], units: Any,
                                       open_battlefield: Any) -> None:
    """Move the chosen units that are still legal and may go there, together, to the chosen
    battlefield if it is still open; otherwise nothing moves."""
    dest = next(iter(api.still_legal(state, ctx, open_battlefield)), None)
    if dest is None:
        return
    picked = [o for o in api.still_legal(state, ctx, units)
              if state.objects[o].location != dest and state.objects[o].attached_to is None
              and not api.move_forbidden(state, state.objects[o], dest)]
    if picked:
        api.move(state, picked, dest, log, player=ctx["controller"])
