"""Custom effects of the Origins (OGN) cards 001-100.

Split out of :mod:`riftlog.rules.interpreter.custom_effects` (same code and effect names; the helpers several
batches share stay there): registered in :data:`riftlog.rules.interpreter.custom_effects.CUSTOM` on import
(custom.py imports this module at its end) and named in
:data:`riftlog.cards.abilities.CUSTOM_EFFECTS`.
"""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.events.decisions import Payment
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    Cost,
    GameAction,
    GameState,
    base_of,
    card_facts,
    change_zone,
    controller_deal_bonus,
    custom,
    destination_problem,
    pay,
    payment_violations,
    pick_place,
    unit_places,
)
from riftlog.rules.card_api import recycle_payments as power_payments


# --- Origins (OGN) ---
def _ogn_target(state: GameState, ctx: dict[str, Any]) -> str | None:
    """The still-legal first declared target of the ability (None if gone)."""

    specs = api.targets_of(ctx["card"], ctx["ability"])
    legal = api.still_legal(state, ctx, specs[0]) if specs else []
    return legal[0] if legal else None


@custom("ogn_discard_then_deal_energy")
def _ogn_discard_then_deal_energy(state: GameState, ctx: dict[str, Any],
                                  log: list[GameAction]) -> bool | None:
    """Get Excited!: discard 1 (a choice when 2+ cards), then deal the discarded card's
    printed Energy cost (131.4; its Power is ignored) to the target."""

    hand = state.players[ctx["controller"]].hand
    if not hand:
        return None
    if len(hand) == 1:
        picked = hand[0]
    else:
        answer = ctx["answers"].get(str(ctx["pc"]))
        if answer is None:
            api.ask(state, ctx, "cards", {"from": list(hand), "count": 1}, "422.1")
            return False
        picked = answer["cards"][0]
    card_id = state.objects[picked].card
    api.discard(state, [picked], log)
    api.fire(state, "discarded", obj=picked, player=ctx["controller"])
    api.fire(state, "discards", player=ctx["controller"])  # once per discard
    n = card_facts(card_id).energy or 0
    target = _ogn_target(state, ctx)
    if target is not None and n > 0:
        n += api.spell_bonus_damage(state, ctx)  # Ravenborn Tome (713)
        api.deal(state, target, n + controller_deal_bonus(state, ctx["controller"], n), log,  # 714
                     source=ctx.get("source"), player=ctx["controller"])
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

    enemies = api.objects(state, ctx, V.All("unit", "enemy", at="here"))
    if not enemies:
        return None
    total += api.controller_bonus_damage(state, ctx["controller"])  # 715.3
    if len(enemies) == 1:
        split = {enemies[0]: total}
    else:
        answer = ctx["answers"].get(str(ctx["pc"]))
        if answer is None:
            api.ask(state, ctx, "custom", {
                "what": "split damage", "total": total,
                "choices": [{"split": s} for s in _ogn_splits(total, enemies)]}, "417")
            return False
        split = dict(answer["split"])
    for oid, n in split.items():
        obj = state.objects.get(oid)
        if n > 0 and obj is not None and obj.zone in ("base", "battlefield"):
            api.deal(state, oid, n, log, source=ctx.get("source"), player=ctx["controller"])
    return None


@custom("ogn_move_enemy_unit")
def _ogn_move_enemy_unit(state: GameState, ctx: dict[str, Any],
                         log: list[GameAction]) -> bool | None:
    """Charm: move the target to a destination its caster chooses as the spell resolves
    (444.1: no restriction but 444.2/442.2; a ChoiceMade ``{"to": location}``)."""

    target = _ogn_target(state, ctx)
    if target is None:
        return None
    unit = state.objects[target]
    places = [base_of(unit.controller or ""), *(bf.oid for bf in state.battlefields)]
    legal = [p for p in places if p != unit.location
             and destination_problem(state, unit.controller or "", p) is None]
    if not legal:
        return None
    dest = pick_place(state, ctx, legal, "destination", "444.1")
    if dest is None:
        return False
    api.move(state, target, dest, log, player=ctx["controller"])
    return None


@custom("ogn_alone_bonus")
def _ogn_alone_bonus(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                     n: int) -> bool | None:
    """En Garde: +*n* Might this turn more to the target if it is the only unit its
    caster controls at its location."""

    target = _ogn_target(state, ctx)
    if target is None:
        return None
    where = state.objects[target].location
    mine = [o for o in api.objects(state, ctx, V.All("unit", "friendly"))
            if state.objects[o].location == where]
    if mine == [target]:
        api.STEPS[V.GiveMight](state, ctx, V.GiveMight(n, V.Chosen("t")), log)
    return None
@custom("ogn_unless_lets_draw")
def _ogn_unless_lets_draw(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                          damage: int, draw: int) -> bool | None:
    """Shakedown: the target's controller chooses (a ChoiceMade ``{"let_draw": bool}``)
    between the caster drawing *draw* and the target taking *damage*."""

    target = _ogn_target(state, ctx)
    if target is None:
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        chooser = state.objects[target].controller or ctx["controller"]
        opts = {"kind": "custom", "source": ctx.get("source"), "card": ctx["card"],
                "what": "let the caster draw instead of taking damage", "target": target,
                "choices": [{"let_draw": True}, {"let_draw": False}]}
        state.queue.append(api.await_entry("choice", chooser, ["ChoiceMade"], "378", opts,
                                             then={"kind": "effects", "ctx": ctx}))
        return False
    if answer.get("let_draw"):
        api.draw(state, ctx["controller"], log, draw)
    else:
        api.deal(state, target, damage + controller_deal_bonus(state, ctx["controller"], damage), log,
                     source=ctx.get("source"), player=ctx["controller"])
    return None
def _ogn_energy_payments(state: GameState, pid: str, n: int) -> list[dict[str, list[str]]]:
    """The distinct ways to pay *n* Energy now: the pool as it is, else exhausting ready runes
    (runes of one card are interchangeable: one option per kind)."""
    import itertools


    cost = Cost(n)
    if not payment_violations(state, pid, cost, Payment()):
        return [{"exhaust": []}]
    ready = [o for o in state.players[pid].base if api.card_type(state.objects[o].card) == "Rune"
             and not state.objects[o].exhausted]
    out: list[dict[str, list[str]]] = []
    seen: set[tuple[str, ...]] = set()
    for combo in itertools.combinations(ready, n):
        sig = tuple(sorted(state.objects[o].card for o in combo))
        if sig not in seen and not payment_violations(state, pid, cost, Payment(exhaust=combo)):
            seen.add(sig)
            out.append({"exhaust": list(combo)})
    return out


@custom("ogn_may_pay_to_return_me")
def _ogn_may_pay_to_return_me(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                              energy: int) -> bool | None:
    """Vayne, Hunter: its controller may pay *energy* to return the source to its owner's
    hand.  Answer ``{"pay": None}`` (decline) or ``{"pay": {"exhaust": [rune oids]}}`` (one of
    the listed ways to pay)."""

    me = ctx["controller"]
    src = state.objects.get(ctx.get("source") or "")
    if src is None or src.zone not in ("base", "battlefield"):
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        ways = _ogn_energy_payments(state, me, energy)
        api.ask(state, ctx, "custom", {"what": f"pay {energy} Energy to return it to hand",
                                           "choices": [{"pay": None}] + [{"pay": w} for w in ways]},
                    "378")
        return False
    if answer.get("pay") is None:
        return None
    pay(state, me, Cost(energy), Payment(exhaust=tuple(answer["pay"]["exhaust"])), log)
    origin = src.location
    change_zone(state, src, "hand")
    log.append(GameAction("return_to_hand", me, (src.oid,), {"card": src.card, "from": origin},
                          "public", "420", me))
    return None
@custom("ogn_may_pay_play_me_from_trash")
def _ogn_may_pay_play_me_from_trash(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                    power: tuple[tuple[str, int], ...]) -> bool | None:
    """Flame Chompers: its controller may pay *power* (instead of its cost) to play the
    source from the trash, to their base or a battlefield they control (355.2.a), entering
    exhausted.  Answer ``{"play": None}`` or ``{"play": {"to": place, "payment": {...}}}``
    (one of the listed ways to pay)."""

    me = ctx["controller"]
    obj = state.objects.get(ctx.get("source") or "")
    if obj is None or obj.zone != "trash" or obj.owner != me:
        return None
    cost = Cost(0, dict(power))
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        places = unit_places(state, me)  # issue #5 (K2): base + controlled bfs, unless 054.1
        ways = power_payments(state, me, cost)
        choices: list[dict[str, Any]] = [{"play": None}]
        choices += [{"play": {"to": t, "payment": w}} for w in ways for t in places]
        api.ask(state, ctx, "custom", {"what": "pay to play it from the trash",
                                           "choices": choices}, "378")
        return False
    chosen = answer.get("play")
    if chosen is None:
        return None
    pay(state, me, cost, Payment(**chosen["payment"]), log)
    dest = chosen["to"]
    change_zone(state, obj, "base" if dest.startswith("base:") else "battlefield", dest, controller=me)
    obj.exhausted = True  # 143.4
    log.append(GameAction("play", me, (obj.oid,), {"card": obj.card, "from": "trash", "to": dest,
                                                    "cost": cost.to_json()}, "public", "419.1", me))
    api.after_play(state, obj.oid, me, log)
    return None
@custom("ogn_deal_then_if_it_dies")
def _ogn_deal_then_if_it_dies(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                              n: int, ability: int) -> bool | None:
    """Disintegrate: deal *n* to the target; if that kills it (the kill happens at the
    cleanup right after, 323.5), the card's ability #*ability* (a "dies"/"delayed" trigger)
    triggers, reflexively (387).  A delayed entry watching that unit is removed again by
    the task ``ogn_expire_watch`` after that cleanup."""

    target = _ogn_target(state, ctx)
    if target is None:
        return None
    n += api.bonus_damage(state, target, n) + api.spell_bonus_damage(state, ctx) + \
        api.controller_bonus_damage(state, ctx["controller"])  # 713-715
    api.deal(state, target, n, log, source=ctx.get("source"), player=ctx["controller"])
    watch = {"card": ctx["card"], "source": ctx.get("source"), "ability": ability,
             "controller": ctx["controller"], "turn": state.turn, "objects": [target]}
    state.extra.setdefault("delayed", []).append(watch)
    state.queue.append({"kind": "ogn_expire_watch", "watch": watch})
    return None


# --- Origins (OGN) ---
@custom("ogn_kill_then_buff_me")
def _ogn_kill_then_buff_me(state: GameState, ctx: dict[str, Any],
                           log: list[GameAction]) -> bool | None:
    """Adaptatron: kill the chosen gear if it is still a legal target; only if it was
    killed, buff the source."""

    specs = api.targets_of(ctx["card"], ctx["ability"])
    legal = api.still_legal(state, ctx, specs[0]) if specs else []
    if not legal:
        return None
    api.kill(state, legal, log, attribution=[ctx["source"]] if ctx.get("source") else [],
                 player=ctx["controller"])
    src = state.objects.get(ctx.get("source") or "")
    if src is not None and src.zone in ("base", "battlefield"):
        api.buff(state, src.oid, log, player=ctx["controller"])
    return None


@custom("ogn_cards_or_runes")
def _ogn_cards_or_runes(state: GameState, ctx: dict[str, Any],
                        log: list[GameAction]) -> bool | None:
    """Party Favors: each other player (turn order from the controller) picks "cards" or
    "runes" (a ChoiceMade by that player); then, per player, both draw 1 or both channel 1
    exhausted rune."""

    me = ctx["controller"]
    picks: dict[str, str] = ctx.setdefault("favors", {})
    key = str(ctx["pc"])
    order = state.turn_order
    start = order.index(me) if me in order else 0
    others = [p for p in order[start:] + order[:start]
              if p != me and not state.players[p].eliminated]
    asked = ctx.get("favors_asking")
    answer = ctx["answers"].pop(key, None)
    if asked is not None and answer is not None:
        picks[asked] = answer["pick"]
        ctx.pop("favors_asking", None)
    for pid in others:
        if pid not in picks:
            ctx["favors_asking"] = pid
            state.queue.append(api.await_entry(
                "choice", pid, ["ChoiceMade"], "378",
                {"kind": "custom", "card": ctx["card"], "source": ctx.get("source"),
                 "choices": [{"pick": "cards"}, {"pick": "runes"}]},
                then={"kind": "effects", "ctx": ctx}))
            return False
    for pid in others:
        for who in (me, pid):
            if picks[pid] == "cards":
                api.draw(state, who, log, 1)
            else:
                api.channel(state, who, log, 1, exhausted=True)
    return None
