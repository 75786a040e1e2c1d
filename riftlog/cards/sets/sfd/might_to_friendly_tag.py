"""+Might this turn for the controller's units of one tag, fixed as the effect resolves:
Danger Zone (SFD-182, Mechs)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


@api.custom("might_to_friendly_tag")
def _might_to_friendly_tag(state: api.GameState, ctx: dict[str, Any],
                           log: list[api.GameAction], tag: str, n: int) -> None:
    """Each unit on the board that the controller controls and that has *tag* now gets *n*
    Might until the end of the turn (units that gain the tag later get nothing)."""
    me = ctx["controller"]
    oids = [o for o in api.board_units(state, me) if tag in api.characteristics(state, o).tags]
    if not oids:
        return
    api.add_effect(state, {"source": ctx.get("source"), "layer": "arithmetic",
                           "affects": {"oids": oids}, "might": n, "until": "end_of_turn"})
    log.append(api.GameAction("give_might", me, tuple(oids), {"might": n, "until": "end_of_turn"},
                              "public", "471", me))
