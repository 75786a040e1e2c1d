"""Ava Achiever (OGN-107): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.look_and_play import _begin_once, _data, _pick, _printed_type
from riftlog.rules import card_api as api
from riftlog.rules.card_api import GameAction, GameState, card_facts, custom


@custom("pe_pay_power")
def _pe_pay_power(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                  domain: str, n: int) -> bool | None:
    """Finalize cost of a triggered ability: pay *n* power of *domain* as recorded, else
    not paid (742.1.b)."""
    return api.pay_power(state, ctx, log, domain, n)


@custom("pe_ava")
def _pe_ava(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """Ava Achiever (OGN-107), once its power cost was paid (742.1.b): the controller plays
    a card with Hidden from their hand ignoring its cost; a unit goes to Ava's battlefield
    (the combat's, if Ava is no longer at one)."""
    me = ctx["controller"]
    data = _data(ctx)
    if "hidden" not in data:
        data["hidden"] = [o for o in state.players[me].hand
                          if "Hidden" in card_facts(state.objects[o].card).keyword_names]
    done, picked = _pick(state, ctx, data, me, data["hidden"], optional=False, rule="419.3",
                         what="a card with Hidden to play")
    if not done:
        return False
    if picked is not None and _begin_once(data):
        src = state.objects.get(ctx.get("source") or "")
        here = src.location if src is not None and src.zone == "battlefield" else \
            (ctx.get("event") or {}).get("battlefield")
        kind = _printed_type(state.objects[picked].card)
        api.begin_play(state, ctx, log, api.permit_play(
            picked, me, "hand", ignore="cost", to=here if kind == "Unit" else None))
    return None
