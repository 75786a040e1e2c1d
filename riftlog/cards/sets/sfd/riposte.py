"""Riposte (SFD-206): counter the chosen spell and give the chosen friendly unit +Might equal
to that spell's printed Energy cost this turn."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


@api.custom("riposte")
def _riposte(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction],
             unit: str, spell: str) -> None:
    """Counter the target *spell* (425) if it is still on the chain; the target *unit*, if
    still legal, gets +Might equal to that spell's printed Energy cost (RUP4 206: the printed
    cost, whatever was paid) until the end of the turn."""
    specs = {t.name: t for t in api.targets_of(ctx["card"], ctx["ability"])}
    spells = api.still_legal(state, ctx, specs[spell])
    if not spells:
        return
    item = next(i for i in state.chain if i.id == spells[0])
    energy = api.card_facts(state.objects[item.source].card).energy or 0 if item.source else 0
    api.counter(state, item.id, log, player=ctx["controller"])
    units = [o for o in api.still_legal(state, ctx, specs[unit])
             if state.objects[o].zone in ("base", "battlefield")]
    if units and energy:
        api.add_effect(state, {"source": ctx.get("source"), "layer": "arithmetic",
                               "affects": {"oids": units}, "might": energy,
                               "until": "end_of_turn"})
        log.append(api.GameAction("give_might", ctx["controller"], tuple(units),
                                  {"might": energy, "until": "end_of_turn"}, "public", "471",
                                  ctx["controller"]))
