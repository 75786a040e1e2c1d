"""Twisted Fate, Gambler (OGN-200): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    board_units,
    card_facts,
    controller_deal_bonus,
    custom,
)


@custom("twisted_fate")
def _twisted_fate(state: GameState, ctx: dict[str, Any],
                  log: list[GameAction]) -> bool | None:
    """Reveal the top rune of the controller's rune deck and recycle it; by its domain:
    Fury - 2 to an enemy unit at the source's location (picked) and 1 to each other enemy
    unit there; Mind - draw 1; Order - stun an enemy unit (picked); else nothing."""

    me = ctx["controller"]
    if "ogn151_tf" not in ctx:
        if not api.look_first(state, ctx, me, me, log, deck="rune_deck"):  # Void Hatchling
            return False
        deck = state.players[me].rune_deck
        if not deck:
            return None
        top = deck[0]
        api.reveal(state, [top], log, player=me)
        api.recycle(state, [top], log, player=me)
        ctx["ogn151_tf"] = list(card_facts(state.objects[top].card).domains)
        src = state.objects.get(ctx.get("source") or "")
        ctx["ogn151_tf_here"] = src.location if src is not None and \
            src.zone in ("base", "battlefield") else (ctx.get("event") or {}).get("battlefield")
    domains = ctx["ogn151_tf"]
    domain = domains[0] if len(domains) == 1 else None
    opponents = state.opponents(me)
    enemies = [o for o in board_units(state) if state.objects[o].controller in opponents]
    if domain == "Mind":
        api.draw(state, me, log, 1)
        return None
    if domain == "Fury":
        enemies = [o for o in enemies if state.objects[o].location == ctx["ogn151_tf_here"]]
    elif domain != "Order":
        return None
    if not enemies:
        return None
    picked = api.pick_one(state, ctx, enemies)
    if picked is None:
        return False
    if domain == "Order":
        api.stun(state, picked, log, player=me)
        return None
    api.deal(state, picked, 2 + controller_deal_bonus(state, me, 2), log, source=ctx.get("source"), player=me)
    for oid in enemies:
        if oid != picked and state.objects[oid].zone in ("base", "battlefield"):
            api.deal(state, oid, 1 + controller_deal_bonus(state, me, 1), log, source=ctx.get("source"),
                     player=me)
    return None
