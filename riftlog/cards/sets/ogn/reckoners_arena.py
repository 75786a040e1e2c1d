"""Reckoner's Arena (OGN-286): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
)


@custom("conquer_effects_here")
def _conquer_effects_here(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> None:
    """The conquer abilities (383.4.c) of the units at the source battlefield trigger as if
    their controller had conquered it."""

    bf_oid = ctx.get("source") or ""
    bf = next((b for b in state.battlefields if b.oid == bf_oid), None)
    if bf is None:
        return
    pending = state.extra.setdefault("triggers", [])
    found = 0
    for oid in bf.units:
        obj = state.objects[oid]
        for index, ab in api.listeners(obj.card):
            if ab.when.event == "conquers" and ab.when.subject == "me":
                pending.append({"id": state.next_id("tr"), "card": obj.card, "source": oid,
                                "ability": index, "controller": obj.controller,
                                "event": {"player": obj.controller, "battlefield": bf_oid}})
                found += 1
    if found:
        state.queue.append({"kind": "triggers"})
    elif not pending:
        state.extra.pop("triggers", None)
