"""Custom effects: plain Python for the unusual card, named by ``vocab.Custom(name)``.

Register with ``@custom("name")``: ``fn(state, ctx, log, *args) -> None | False``.  ``ctx``
is the resolution context of :mod:`riftlog.rules.effects` (``card``, ``source``,
``controller``, ``targets``, ``answers``, ``pc``, ``event``); return ``False`` after
calling ``effects.ask(...)`` to wait for a ChoiceMade (the answer is then in
``ctx["answers"][str(ctx["pc"])]`` when the function runs again).

Also add the name to :data:`riftlog.cards.abilities.CUSTOM_EFFECTS` (the card layer's
support check reads it; tests/cards_engine/test_framework.py checks both agree).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riftlog.rules.core import GameAction
from riftlog.rules.state import GameState

CustomFn = Callable[..., "bool | None"]

#: name -> function
CUSTOM: dict[str, CustomFn] = {}


def custom(name: str) -> Callable[[CustomFn], CustomFn]:
    def register(fn: CustomFn) -> CustomFn:
        if name in CUSTOM:
            raise ValueError(f"custom effect {name!r} is already defined")
        CUSTOM[name] = fn
        return fn
    return register


_ = (GameAction, GameState, Any)


# --- batch ogn_001_050 ---
def _ogn_target(state: GameState, ctx: dict[str, Any]) -> str | None:
    """The still-legal first declared target of the ability (None if gone)."""
    from riftlog.rules import effects

    specs = effects.targets_of(ctx["card"], ctx["ability"])
    legal = effects.still_legal(state, ctx, specs[0]) if specs else []
    return legal[0] if legal else None


@custom("ogn_discard_then_deal_energy")
def _ogn_discard_then_deal_energy(state: GameState, ctx: dict[str, Any],
                                  log: list[GameAction]) -> bool | None:
    """Get Excited!: discard 1 (a choice when 2+ cards), then deal the discarded card's
    printed Energy cost (131.4; its Power is ignored) to the target."""
    from riftlog.rules import actions, effects, triggers
    from riftlog.rules.resources import card_facts

    hand = state.players[ctx["controller"]].hand
    if not hand:
        return None
    if len(hand) == 1:
        picked = hand[0]
    else:
        answer = ctx["answers"].get(str(ctx["pc"]))
        if answer is None:
            effects.ask(state, ctx, "cards", {"from": list(hand), "count": 1}, "422.1")
            return False
        picked = answer["cards"][0]
    card_id = state.objects[picked].card
    actions.discard(state, [picked], log)
    triggers.fire(state, "discarded", obj=picked, player=ctx["controller"])
    n = card_facts(card_id).energy or 0
    target = _ogn_target(state, ctx)
    if target is not None and n > 0:
        actions.deal(state, target, n, log, source=ctx.get("source"), player=ctx["controller"])
    return None


def _ogn_splits(total: int, units: list[str]) -> list[dict[str, int]]:
    """Every way to divide *total* damage among *units* (each unit listed, 0 allowed)."""
    if not units:
        return []
    if len(units) == 1:
        return [{units[0]: total}]
    out = []
    for n in range(total, -1, -1):
        for rest in _ogn_splits(total - n, units[1:]):
            out.append({units[0]: n, **rest})
    return out


@custom("ogn_split_damage_here")
def _ogn_split_damage_here(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                           total: int) -> bool | None:
    """Volibear, Furious: *total* damage divided as its controller chooses among the enemy
    units at the source's location (a recorded ChoiceMade ``{"split": {oid: n}}``)."""
    from riftlog.cards import vocab as V
    from riftlog.rules import actions, effects

    enemies = effects.objects(state, ctx, V.All("unit", "enemy", at="here"))
    if not enemies:
        return None
    if len(enemies) == 1:
        split = {enemies[0]: total}
    else:
        answer = ctx["answers"].get(str(ctx["pc"]))
        if answer is None:
            effects.ask(state, ctx, "custom", {
                "what": "split damage", "total": total,
                "choices": [{"split": s} for s in _ogn_splits(total, enemies)]}, "417")
            return False
        split = dict(answer["split"])
    for oid, n in split.items():
        obj = state.objects.get(oid)
        if n > 0 and obj is not None and obj.zone in ("base", "battlefield"):
            actions.deal(state, oid, n, log, source=ctx.get("source"), player=ctx["controller"])
    return None


@custom("ogn_move_enemy_unit")
def _ogn_move_enemy_unit(state: GameState, ctx: dict[str, Any],
                         log: list[GameAction]) -> bool | None:
    """Charm: move the target to a destination its caster chooses as the spell resolves
    (444.1: no restriction but 444.2/442.2; a ChoiceMade ``{"to": location}``)."""
    from riftlog.rules import actions, effects
    from riftlog.rules.movement import destination_problem
    from riftlog.rules.zones import base_of

    target = _ogn_target(state, ctx)
    if target is None:
        return None
    unit = state.objects[target]
    places = [base_of(unit.controller or ""), *(bf.oid for bf in state.battlefields)]
    legal = [p for p in places if p != unit.location
             and destination_problem(state, unit.controller or "", p) is None]
    if not legal:
        return None
    if len(legal) == 1:
        dest = legal[0]
    else:
        answer = ctx["answers"].get(str(ctx["pc"]))
        if answer is None:
            effects.ask(state, ctx, "custom", {"what": "destination",
                                               "choices": [{"to": p} for p in legal]}, "444.1")
            return False
        dest = answer["to"]
    actions.move(state, target, dest, log, player=ctx["controller"])
    return None


@custom("ogn_alone_bonus")
def _ogn_alone_bonus(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                     n: int) -> bool | None:
    """En Garde: +*n* Might this turn more to the target if it is the only unit its
    caster controls at its location."""
    from riftlog.cards import vocab as V
    from riftlog.rules import effects

    target = _ogn_target(state, ctx)
    if target is None:
        return None
    where = state.objects[target].location
    mine = [o for o in effects.objects(state, ctx, V.All("unit", "friendly"))
            if state.objects[o].location == where]
    if mine == [target]:
        effects.STEPS[V.GiveMight](state, ctx, V.GiveMight(n, V.Chosen("t")), log)
    return None
# --- end batch ogn_001_050 ---
