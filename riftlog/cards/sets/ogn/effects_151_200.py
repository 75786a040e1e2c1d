"""Custom effects of the Origins (OGN) cards 151-200 (prefix ``ogn151_``).

Split out of :mod:`riftlog.rules.interpreter.custom_effects` (same code and effect names; the helpers several
batches share stay there): registered in :data:`riftlog.rules.interpreter.custom_effects.CUSTOM` on import
(custom.py imports this module at its end) and named in
:data:`riftlog.cards.abilities.CUSTOM_EFFECTS`.
"""

from __future__ import annotations

from typing import Any

from riftlog.events.decisions import Payment
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    Cost,
    GameAction,
    GameState,
    ask_player,
    base_of,
    board_units,
    card_cost,
    card_facts,
    change_zone,
    controller_deal_bonus,
    custom,
    destination_problem,
    order_from,
    pay,
    spend_buff,
    unit_places,
)
from riftlog.rules.card_api import recycle_payments as power_payments

# --- Origins (OGN) ---
# Overt Operation, Qiyana, Sabotage, Mindsplitter, Warwick, Cemetery Attendant, Morbid
# Return, Ride the Wind, Acceptable Losses, Whirlwind, Kog'Maw, Tideturner, Twisted Fate.
# Card text is never copied here.


def _to_hand(state: GameState, oid: str, pid: str, log: list[GameAction]) -> None:

    obj = state.objects[oid]
    origin = obj.location or obj.zone
    change_zone(state, obj, "hand")
    log.append(GameAction("return_to_hand", pid, (oid,), {"card": obj.card, "from": origin},
                          "public", "420", pid))


@custom("overt_operation")
def _overt_operation(state: GameState, ctx: dict[str, Any],
                            log: list[GameAction]) -> bool | None:
    """Each buffed friendly unit in turn: the controller may spend its buff to ready it (a
    "may" ChoiceMade per unit); then every friendly unit gets a buff."""

    me = ctx["controller"]
    data = ctx.setdefault("ogn151_oo", {"units": [o for o in board_units(state, me)
                                                  if state.objects[o].buffed],
                                        "spend": [], "i": 0})
    answer = ctx["answers"].pop(str(ctx["pc"]), None)
    if answer is not None:
        if answer.get("use"):
            data["spend"].append(data["units"][data["i"]])
        data["i"] += 1
    if data["i"] < len(data["units"]):
        oid = data["units"][data["i"]]
        api.ask(state, ctx, "may", {"use": [True, False], "unit": oid,
                                        "what": "spend its buff to ready it"}, "702.2.b")
        return False
    for oid in data["spend"]:
        obj = state.objects[oid]
        if obj.zone in ("base", "battlefield") and obj.controller == me and obj.buffed:
            spend_buff(state, oid)  # issue #5 (K1): one buff (702.2.b)
            log.append(GameAction("spend_buff", me, (oid,), {}, "public", "702.2.b", me))
            api.ready(state, oid, log)
    for oid in board_units(state, me):
        api.buff(state, oid, log, player=me)
    return None


@custom("draw_or_channel")
def _draw_or_channel(state: GameState, ctx: dict[str, Any],
                            log: list[GameAction]) -> bool | None:
    """The controller picks: draw 1, or channel 1 rune exhausted (a ChoiceMade)."""

    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        api.ask(state, ctx, "custom", {"choices": [{"do": "draw"}, {"do": "channel"}]}, "378")
        return False
    if answer["do"] == "draw":
        api.draw(state, ctx["controller"], log, 1)
    else:
        api.channel(state, ctx["controller"], log, 1, exhausted=True)
    return None


@custom("hand_pick")
def _hand_pick(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                      name: str, mode: str) -> bool | None:
    """The chosen opponent (target *name*) reveals their hand; the controller picks one card
    of it: mode "recycle_non_unit" (a non-unit card, recycled) or "discard" (any card,
    discarded by its owner)."""

    chosen = ctx["targets"].get(name, [])
    if not chosen or chosen[0] not in state.players:
        return None
    opp = chosen[0]
    hand = list(state.players[opp].hand)
    key = str(ctx["pc"])
    if not ctx.get(f"ogn151_revealed{key}"):
        ctx[f"ogn151_revealed{key}"] = True
        api.reveal(state, hand, log, player=opp)
    if mode == "recycle_non_unit":
        options = [o for o in hand if api.card_type(state.objects[o].card) != "Unit"]
    else:
        options = hand
    if not options:
        return None
    picked = api.pick_one(state, ctx, options)
    if picked is None:
        return False
    if mode == "recycle_non_unit":
        api.recycle(state, [picked], log, player=ctx["controller"])
    else:
        api.discard(state, [picked], log, responsible=ctx["controller"])
        api.fire(state, "discarded", obj=picked, player=opp)
    return None


@custom("kill_damaged_enemies_here")
def _kill_damaged_enemies_here(state: GameState, ctx: dict[str, Any],
                                      log: list[GameAction]) -> None:
    """Kill every enemy unit with damage marked at the source's location."""

    src = state.objects.get(ctx.get("source") or "")
    where = src.location if src is not None and src.zone in ("base", "battlefield") else \
        (ctx.get("event") or {}).get("battlefield")
    if where is None:
        return None
    opponents = state.opponents(ctx["controller"])
    doomed = [o for o in board_units(state) if state.objects[o].location == where
              and state.objects[o].controller in opponents and state.objects[o].damage > 0]
    if doomed:
        api.kill(state, doomed, log, attribution=[ctx["source"]] if ctx.get("source") else [],
                     player=ctx["controller"])
    return None


@custom("unit_from_trash")
def _unit_from_trash(state: GameState, ctx: dict[str, Any],
                            log: list[GameAction]) -> bool | None:
    """Put a unit card of the controller's trash into their hand (picked with a ChoiceMade
    when there are several)."""

    me = ctx["controller"]
    options = [o for o in state.players[me].trash if api.card_type(state.objects[o].card) == "Unit"]
    if not options:
        return None
    picked = api.pick_one(state, ctx, options)
    if picked is None:
        return False
    _to_hand(state, picked, me, log)
    return None


@custom("move_anywhere")
def _move_anywhere(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                          name: str) -> bool | None:
    """Move the unit chosen as target *name* to a location the controller picks on
    resolution (its base or another battlefield it may move to, 444)."""

    spec = next(t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    units = api.still_legal(state, ctx, spec)
    if not units:
        return None
    obj = state.objects[units[0]]
    places = [base_of(obj.controller)] + [bf.oid for bf in state.battlefields]
    options = [p for p in places if p != obj.location
               and destination_problem(state, obj.controller, p) is None]
    if not options:
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        api.ask(state, ctx, "custom", {"choices": [{"to": p} for p in options]}, "444.1")
        return False
    api.move(state, obj.oid, answer["to"], log, player=ctx["controller"])
    return None


@custom("each_kills_gear")
def _each_kills_gear(state: GameState, ctx: dict[str, Any],
                            log: list[GameAction]) -> bool | None:
    """Each player, in turn order from the turn player, picks one gear they control (a
    ChoiceMade when they have several); the picked gear are killed together."""

    picks: dict[str, str | None] = ctx.setdefault("ogn151_gear", {})
    answer = ctx["answers"].pop(str(ctx["pc"]), None)
    waiting = ctx.pop("ogn151_gear_waiting", None)
    if answer is not None and waiting is not None:
        picks[waiting] = answer["cards"][0]
    for pid in order_from(state, state.turn_player or ctx["controller"]):
        if pid in picks:
            continue
        options = board_units(state, pid, "Gear")
        if len(options) <= 1:
            picks[pid] = options[0] if options else None
            continue
        ctx["ogn151_gear_waiting"] = pid
        ask_player(state, ctx, pid, {"kind": "cards", "from": options, "count": 1}, "378")
        return False
    doomed = [o for o in picks.values() if o and state.objects[o].zone in ("base", "battlefield")]
    if doomed:
        api.kill(state, doomed, log, attribution=[ctx["source"]] if ctx.get("source") else [],
                     player=ctx["controller"])
    return None


@custom("whirlwind")
def _whirlwind(state: GameState, ctx: dict[str, Any],
                      log: list[GameAction]) -> bool | None:
    """From the player after the controller, round the table, each player may return a
    unit on the board to its owner's hand (a ChoiceMade each: a unit or none)."""
    me = ctx["controller"]
    order = order_from(state, me)
    order = order[1:] + order[:1]
    i = ctx.setdefault("ogn151_ww", 0)
    answer = ctx["answers"].pop(str(ctx["pc"]), None)
    if answer is not None:
        oid = answer.get("unit")
        if oid is not None and state.objects[oid].zone in ("base", "battlefield"):
            _to_hand(state, oid, order[i], log)
        i += 1
        ctx["ogn151_ww"] = i
    while i < len(order):
        units = board_units(state)
        if units:
            ask_player(state, ctx, order[i], {"kind": "custom", "choices": [
                {"unit": None}, *({"unit": o} for o in units)]}, "378")
            return False
        i += 1
        ctx["ogn151_ww"] = i
    return None


@custom("deal_all_where_died")
def _deal_all_where_died(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                n: int) -> None:
    """Deal *n* to every unit at the battlefield where the source died (808: its location
    as it died; nothing if that was a base)."""

    where = (ctx.get("event") or {}).get("battlefield")
    if where not in {bf.oid for bf in state.battlefields}:
        return None
    for oid in [o for o in board_units(state) if state.objects[o].location == where]:
        api.deal(state, oid, n + controller_deal_bonus(state, ctx["controller"], n), log,
                     source=ctx.get("source"), player=ctx["controller"])
    return None


@custom("swap_places")
def _swap_places(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                        name: str) -> None:
    """The source moves to the location of the unit chosen as *name*, and that unit to the
    source's former location (a location it cannot go to: it is recalled, 442.2.c)."""

    spec = next(t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    picked = api.still_legal(state, ctx, spec)
    src = state.objects.get(ctx.get("source") or "")
    if not picked or src is None or src.zone not in ("base", "battlefield"):
        return None
    other = state.objects[picked[0]]
    mine, theirs = src.location, other.location
    assert mine is not None and theirs is not None
    for unit, dest in ((src, theirs), (other, mine)):
        if destination_problem(state, unit.controller, dest) is None:
            api.move(state, unit.oid, dest, log, player=ctx["controller"])
        else:
            api.recall(state, unit.oid, log, responsible=ctx["controller"])
    return None


@custom("twisted_fate")
def _twisted_fate(state: GameState, ctx: dict[str, Any],
                         log: list[GameAction]) -> bool | None:
    """Reveal the top rune of the controller's rune deck and recycle it; by its domain:
    Fury - 2 to an enemy unit at the source's location (picked) and 1 to each other enemy
    unit there; Mind - draw 1; Order - stun an enemy unit (picked); else nothing."""

    me = ctx["controller"]
    if "ogn151_tf" not in ctx:
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


@custom("look_keep_one")
def _look_keep_one(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                          n: int) -> bool | None:
    """Look at the top *n* of the controller's Main Deck (privately), put the one they pick
    into their hand and recycle the others (their order at the bottom is a recorded random
    outcome, 416.5)."""

    pid = ctx["controller"]
    p = state.players[pid]
    key = str(ctx["pc"])
    answer = ctx["answers"].get(key)
    data = ctx.setdefault(f"ogn151_look{key}", {})
    if "top" not in data:
        data["top"] = list(p.main_deck[:n])
        if not data["top"]:
            return None
        log.append(GameAction("look", pid, tuple(data["top"]),
                              {"cards": [state.objects[o].card for o in data["top"]],
                               "count": len(data["top"]), "zone": "main_deck"},
                              f"private:{pid}", "378", pid))

    if not api.offer_seen_card(state, ctx, pid, data["top"], log):
        return False
    top = api.still_in_deck(state, data["top"]) if "kept" not in data else data["top"]
    if not top:
        return None
    if "kept" not in data:
        if len(top) == 1:
            data["kept"] = top[0]
        elif answer is None or "cards" not in answer:
            api.ask(state, ctx, "cards", {"from": top, "count": 1}, "378")
            return False
        else:
            data["kept"] = answer["cards"][0]
        kept = state.objects[data["kept"]]
        change_zone(state, kept, "hand")
        log.append(GameAction("put_in_hand", pid, (kept.oid,), {"card": kept.card, "count": 1,
                              "zone": "main_deck"}, f"private:{pid}", "378", pid))
    rest = [o for o in top if o != data["kept"]]
    return _rest_to_bottom(state, ctx, log, pid, rest, answer)


@custom("follow_mover")
def _follow_mover(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> None:
    """Move the source to where the trigger event's unit moved (its ``to``), if it can."""

    src = state.objects.get(ctx.get("source") or "")
    dest = (ctx.get("event") or {}).get("to")
    if src is None or src.zone not in ("base", "battlefield") or not dest or src.location == dest:
        return None
    if destination_problem(state, src.controller or ctx["controller"], dest) is None:
        api.move(state, src.oid, dest, log, player=ctx["controller"])
    return None


@custom("play_from_trash")
def _play_from_trash(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                            optional: bool) -> bool | None:
    """The controller plays a unit card from their trash ignoring its Energy cost but paying
    its Power cost, to their base or a battlefield they control (355.2.a), entering
    exhausted.  Answer ``{"card": oid, "to": place, "payment": {"exhaust": [], "recycle":
    [rune oids]}}`` (one of the listed ways to pay), or ``{"card": None}`` when *optional*."""

    me = ctx["controller"]
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        places = unit_places(state, me)  # issue #5 (K2): base + controlled bfs, unless 054.1
        choices: list[dict[str, Any]] = [{"card": None}] if optional else []
        for oid in state.players[me].trash:
            if api.card_type(state.objects[oid].card) != "Unit":
                continue
            cost = Cost(0, dict(card_cost(state.objects[oid].card).power))
            for payment in power_payments(state, me, cost):
                choices += [{"card": oid, "to": t, "payment": payment} for t in places]
        if not choices or choices == [{"card": None}]:
            return None
        api.ask(state, ctx, "custom", {"choices": choices,
                                           "what": "a unit to play from the trash"}, "355.2")
        return False
    oid = answer.get("card")
    if oid is None or state.objects[oid].zone != "trash":
        return None
    obj = state.objects[oid]
    card_facts(obj.card).require_supported()
    cost = Cost(0, dict(card_cost(obj.card).power))
    pay(state, me, cost, Payment(**answer["payment"]), log)
    dest = answer["to"]
    change_zone(state, obj, "base" if dest.startswith("base:") else "battlefield", dest, controller=me)
    obj.exhausted = True  # 143.4: a unit enters the board exhausted
    log.append(GameAction("play", me, (oid,), {"card": obj.card, "from": "trash", "to": dest,
                                                "cost": cost.to_json()}, "public", "419.1", me))
    api.after_play(state, oid, me, log)
    return None


@custom("pay_exhaust_to_ready_it")
def _pay_exhaust_to_ready_it(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                    domain: str) -> bool | None:
    """The controller may pay one *domain* Power and exhaust the (ready) source to ready the
    trigger event's unit, if it is still a friendly unit on the board.  Answer ``{"pay":
    null}`` or ``{"pay": {"exhaust": [], "recycle": [runes]}}`` (one of the listed ways)."""

    me = ctx["controller"]
    src = state.objects.get(ctx.get("source") or "")
    unit = state.objects.get((ctx.get("event") or {}).get("obj") or "")
    if src is None or src.zone not in ("base", "battlefield") or src.exhausted or unit is None \
            or unit.zone not in ("base", "battlefield") or unit.controller != me:
        return None
    cost = Cost(0, {domain: 1})
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        ways = power_payments(state, me, cost)
        if not ways:
            return None
        api.ask(state, ctx, "custom", {"choices": [{"pay": None}, *({"pay": w} for w in ways)],
                                           "what": "pay and exhaust the source to ready the unit"},
                    "355.10.c.1")
        return False
    if answer.get("pay") is None:
        return None
    pay(state, me, cost, Payment(**answer["pay"]), log)
    api.exhaust(state, src.oid, log)
    api.ready(state, unit.oid, log)
    return None


@custom("reveal_until_unit_and_play")
def _reveal_until_unit_and_play(state: GameState, ctx: dict[str, Any],
                                       log: list[GameAction]) -> bool | None:
    """Reveal the controller's Main Deck from the top until a unit card is revealed; banish
    that unit and play it ignoring its cost (to their base or a battlefield they control:
    answer ``{"to": place}`` when there is a choice); then recycle the other revealed cards
    (a recorded random order when 2+, 416.5)."""

    me = ctx["controller"]
    p = state.players[me]
    key = str(ctx["pc"])
    data = ctx.setdefault(f"ogn151_aurora{key}", {})
    answer = ctx["answers"].get(key) or {}
    if "revealed" not in data:
        revealed: list[str] = []
        unit = None
        for oid in p.main_deck:
            revealed.append(oid)
            if api.card_type(state.objects[oid].card) == "Unit":
                unit = oid
                break
        data["revealed"], data["unit"] = revealed, unit
        if revealed:
            api.reveal(state, revealed, log, player=me)
    if "banished" not in data:

        if not api.offer_seen_card(state, ctx, me, data["revealed"], log):
            return False
        data["banished"] = True
        if data["unit"] is not None and state.objects[data["unit"]].zone != "main_deck":
            data["unit"] = None  # it left the deck as it was revealed: nothing to banish/play
        if data["unit"] is not None:
            api.banish(state, data["unit"], log, player=me)
    unit = data["unit"]
    if unit is not None and not data.get("played"):
        obj = state.objects[unit]
        if obj.zone == "banishment":
            card_facts(obj.card).require_supported()
            places = unit_places(state, me)  # issue #5 (K2): base + controlled bfs, unless 054.1
            if len(places) > 1 and "to" not in answer:
                api.ask(state, ctx, "custom", {"choices": [{"to": t} for t in places],
                                                   "what": "where to play the unit"}, "355.2")
                return False
            dest = answer.get("to", places[0])
            change_zone(state, obj, "base" if dest.startswith("base:") else "battlefield", dest,
                        controller=me)
            obj.exhausted = True  # 143.4
            log.append(GameAction("play", me, (unit,), {"card": obj.card, "from": "banishment",
                                                         "to": dest, "cost": "ignored"},
                                  "public", "419.1", me))
            data["played"] = True
            api.after_play(state, unit, me, log)
        data["played"] = True
    rest = [o for o in data["revealed"] if o != unit and state.objects[o].zone == "main_deck"]
    return _rest_to_bottom(state, ctx, log, me, rest, answer)


def _rest_to_bottom(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                           pid: str, rest: list[str], answer: dict[str, Any] | None) -> bool | None:
    """Move *rest* (cards of *pid*'s Main Deck) to its bottom (416.1): one at once, two or
    more in a recorded random order (416.5), awaited as a DeckOrderRecorded (False)."""

    if not rest:
        return None
    p = state.players[pid]
    if len(rest) == 1:
        order = rest
    elif answer is None or "order" not in answer:
        return api.await_deck_order(state, ctx, pid,
                                        [o for o in p.main_deck if o not in rest], rest)
    else:
        order = list(answer["order"])
    p.main_deck = [o for o in p.main_deck if o not in order] + order
    log.append(GameAction("recycle", pid, tuple(sorted(order)), {"count": len(order),
                          "zone": "main_deck"}, "public", "416.1", pid))
    return None
