"""Arise! (SFD-198): unit tokens, one per Equipment its controller controls, then up to two
of them readied (as its errata of 2026-01-14 reads)."""

from __future__ import annotations

import itertools
from typing import Any

from riftlog.rules import card_api as api


def _equipment(state: api.GameState, pid: str) -> list[str]:
    return [o for o in api.board_units(state, pid, kind="Gear")
            if "Equipment" in api.characteristics(state, o).tags]


@api.custom("token_per_equipment_then_ready_some")
def _token_per_equipment_then_ready_some(state: api.GameState, ctx: dict[str, Any],
                                         log: list[api.GameAction], token: str,
                                         most: int) -> bool | None:
    """Play unit token *token* to the controller's base once per Equipment they control; then
    they ready up to *most* of those tokens still on the board.  Answer ``{"ready": [oids]}``
    (one of the listed sets, the empty one included)."""
    me = ctx["controller"]
    data: dict[str, Any] = ctx.setdefault(f"pe{ctx['pc']}", {})
    if "tokens" not in data:  # the tokens are played once, before the question
        data["tokens"] = [api.create(state, token, me, log, location=api.base_of(me))
                          for _ in _equipment(state, me)]
    here = [o for o in data["tokens"] if o in state.objects
            and state.objects[o].zone in ("base", "battlefield")]
    if not here:
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        sets = [list(c) for k in range(min(most, len(here)), -1, -1)
                for c in itertools.combinations(here, k)]
        api.ask(state, ctx, "custom", {"what": f"ready up to {most} of the new tokens",
                                       "choices": [{"ready": r} for r in sets]}, "355.13")  # "up to": zero too
        return False
    for oid in answer["ready"]:
        api.ready(state, oid, log)
    return None
