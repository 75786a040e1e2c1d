"""Readying on a condition of the board: Dropboarder (SFD-072) readies itself when its
controller has two gear or more."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


def _on_board(state: api.GameState, pid: str, kind: str, *, teammates: bool = False) -> list[str]:
    """*pid*'s objects of *kind* on the board; with *teammates*, every friendly one (489.8.e)."""
    return [o for o, obj in state.objects.items()
            if (api.friendly(state, pid, obj.controller) if teammates else obj.controller == pid)
            and obj.zone in ("base", "battlefield") and api.card_type(obj.card) == kind]


@api.custom("ready_me_with_gear")
def _ready_me_with_gear(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction],
                        n: int) -> None:
    """Ready the source when its controller controls *n* gear or more (checked now)."""
    src = state.objects.get(ctx["source"])
    if src is None or src.zone not in ("base", "battlefield"):
        return
    if len(_on_board(state, ctx["controller"], "Gear")) >= n:
        api.ready(state, ctx["source"], log)
