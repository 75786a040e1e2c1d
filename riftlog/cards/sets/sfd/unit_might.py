"""Might a unit's trigger gives: Fiora, Peerless (SFD-110) doubles her Might for the combat;
Kato the Arm (SFD-112, errata 2026-01-14: another unit) gives a chosen friendly unit his
keywords and his Might this turn."""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.rules import card_api as api


def _on_board(state: api.GameState, oid: str) -> bool:
    obj = state.objects.get(oid)
    return obj is not None and obj.zone in ("base", "battlefield")


@api.custom("double_my_might_this_combat")
def _double_my_might_this_combat(state: api.GameState, ctx: dict[str, Any],
                                 log: list[api.GameAction]) -> None:
    """The source gets + its current Might (a doubling, 432.1) until the combat ends."""
    src = ctx["source"]
    if not _on_board(state, src):
        return
    now = max(0, api.might_of(state, src))
    if now:
        api.add_effect(state, {"source": src, "layer": "arithmetic", "affects": {"oid": src},
                               "might": now, "until": "end_of_combat"})
    log.append(api.GameAction("double", ctx["controller"], (src,),
                              {"attribute": "might", "by": now, "until": "end_of_combat"},
                              "public", "432.1", ctx["controller"]))


@api.custom("give_my_keywords_and_might")
def _give_my_keywords_and_might(state: api.GameState, ctx: dict[str, Any],
                                log: list[api.GameAction], to: V.Target) -> None:
    """The target *to* (if still legal) gains each keyword the source has now (with its
    value) and + the source's current Might, this turn."""
    src = ctx["source"]
    if not _on_board(state, src):
        return
    ch = api.characteristics(state, src)
    for name, value in sorted(ch.keywords.items()):
        keyword = name if value is None else f"{name} {value}"
        api.STEPS[V.GrantKeyword](state, ctx, V.GrantKeyword(keyword, to), log)
    api.STEPS[V.GiveMight](state, ctx, V.GiveMight(ch.effective_might, to), log)
