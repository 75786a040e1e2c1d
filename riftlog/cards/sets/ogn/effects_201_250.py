"""Custom effects of the Origins (OGN) cards 201-250 (prefix ``b201_``).

Split out of :mod:`riftlog.rules.interpreter.custom_effects` (same code and effect names; the helpers several
batches share stay there): registered in :data:`riftlog.rules.interpreter.custom_effects.CUSTOM` on import
(custom.py imports this module at its end) and named in
:data:`riftlog.cards.abilities.CUSTOM_EFFECTS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riftlog.cards import vocab as V
from riftlog.errors import UnsupportedRule
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    ask_player,
    board_units,
    card_facts,
    change_zone,
    controller_deal_bonus,
    custom,
    order_from,
    spend_buff,
    unit_places,
)

# --- Origins (OGN) ---
# Invert Timelines, Possession, Cull the Weak, Hidden Blade, Solari Chief, King's Edict,
# Stormbringer, Forge of the Future, Albus Ferros.  Card text is never copied here.


def _pick_per_player(state: GameState, ctx: dict[str, Any], players: list[str],
                          legal: Callable[[str, list[str]], list[str]], rule: str
                          ) -> dict[str, str] | None:
    """Each of *players* in order picks one unit among ``legal(pid, picked so far)`` (a
    recorded ChoiceMade when it is a real choice).  Returns {pid: oid}, or None while a
    choice is awaited."""
    key = f"picks{ctx['pc']}"
    picks: dict[str, str | None] = ctx.setdefault(key, {})
    answer = ctx["answers"].pop(str(ctx["pc"]), None)
    waiting = ctx.pop(f"{key}_waiting", None)
    if answer is not None and waiting is not None:
        picks[waiting] = answer["cards"][0]
    for pid in players:
        if pid in picks:
            continue
        options = legal(pid, [o for o in picks.values() if o])
        if len(options) <= 1:
            picks[pid] = options[0] if options else None
            continue
        ctx[f"{key}_waiting"] = pid
        ask_player(state, ctx, pid, {"kind": "cards", "from": options, "count": 1}, rule)
        return None
    return {p: o for p, o in picks.items() if o}


@custom("discard_hands_then_draw")
def _discard_hands_then_draw(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                  n: int) -> None:
    """Every player discards their whole hand, then every player draws *n*."""

    order = order_from(state, state.turn_player or ctx["controller"])
    for pid in order:
        hand = list(state.players[pid].hand)
        if not hand:
            continue
        api.discard(state, hand, log)
        for oid in hand:
            api.fire(state, "discarded", obj=oid, player=pid)
        api.fire(state, "discards", player=pid)
    for pid in order:
        api.draw(state, pid, log, n)


@custom("take_control_and_recall")
def _take_control_and_recall(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                  name: str) -> None:
    """The controller gains control of the chosen unit and recalls it to their base."""

    me = ctx["controller"]
    spec = next(t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    for oid in api.still_legal(state, ctx, spec):
        obj = state.objects[oid]
        log.append(GameAction("take_control", me, (oid,), {"from": obj.controller},
                              "public", "186", me))
        obj.controller = me
        api.recall(state, oid, log, responsible=me)


@custom("each_player_kills_own_unit")
def _each_player_kills_own_unit(state: GameState, ctx: dict[str, Any],
                                     log: list[GameAction]) -> bool | None:
    """Each player, in turn order from the turn player, picks one unit they control; all the
    picked units are killed together."""

    players = order_from(state, state.turn_player or ctx["controller"])
    picks = _pick_per_player(state, ctx, players,
                                  lambda pid, _: board_units(state, pid), "378")
    if picks is None:
        return False
    doomed = [o for o in picks.values() if state.objects[o].zone in ("base", "battlefield")]
    if doomed:
        api.kill(state, doomed, log, attribution=[ctx["source"]] if ctx.get("source") else [],
                     player=ctx["controller"])
    return None


@custom("others_pick_units_to_kill")
def _others_pick_units_to_kill(state: GameState, ctx: dict[str, Any],
                                    log: list[GameAction]) -> bool | None:
    """Starting with the next player, each other player picks a unit the controller does not
    control and nobody picked yet; those units are killed."""

    me = ctx["controller"]
    players = [p for p in order_from(state, me) if p != me]
    picks = _pick_per_player(
        state, ctx, players,
        lambda pid, taken: [o for o in board_units(state)
                            if state.objects[o].controller != me and o not in taken], "378")
    if picks is None:
        return False
    doomed = [o for o in picks.values() if state.objects[o].zone in ("base", "battlefield")]
    if doomed:
        api.kill(state, doomed, log, attribution=[ctx["source"]] if ctx.get("source") else [],
                     player=me)
    return None


@custom("kill_then_its_controller_draws")
def _kill_then_its_controller_draws(state: GameState, ctx: dict[str, Any],
                                         log: list[GameAction], name: str, n: int) -> None:
    """Kill the chosen unit; the player who controlled it draws *n*."""

    spec = next(t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    for oid in api.still_legal(state, ctx, spec):
        controller = state.objects[oid].controller
        api.kill(state, [oid], log, attribution=[ctx["source"]] if ctx.get("source") else [],
                     player=ctx["controller"])
        api.draw(state, controller, log, n)


@custom("kill_if_stunned_else_stun")
def _kill_if_stunned_else_stun(state: GameState, ctx: dict[str, Any],
                                    log: list[GameAction], name: str) -> None:

    spec = next(t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    for oid in api.still_legal(state, ctx, spec):
        if state.objects[oid].stunned:
            api.kill(state, [oid], log,
                         attribution=[ctx["source"]] if ctx.get("source") else [],
                         player=ctx["controller"])
        else:
            api.stun(state, oid, log, player=ctx["controller"])


@custom("deal_its_might_to_enemies_at")
def _deal_its_might_to_enemies_at(state: GameState, ctx: dict[str, Any],
                                       log: list[GameAction], unit: str, bf: str) -> None:
    """Deal the chosen unit's Might to every enemy unit at the chosen battlefield."""

    spec = next(t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name == unit)
    mine = api.still_legal(state, ctx, spec)
    if not mine:
        return
    n = max(0, api.might_of(state, mine[0]))
    for oid in api.objects(state, ctx, V.All("unit", "enemy", at=V.Chosen(bf))):
        api.deal(state, oid, n + controller_deal_bonus(state, ctx["controller"], n), log,
                     source=ctx.get("source"), player=ctx["controller"])


@custom("recycle_up_to_from_trashes")
def _recycle_up_to_from_trashes(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                     n: int) -> bool | None:
    """Recycle up to *n* cards chosen among every player's trash.  Two or more going to one
    Main Deck land in a recorded random order (416.5: a DeckOrderRecorded per such deck)."""

    pool = [o for p in state.turn_order for o in state.players[p].trash]
    if not pool:
        return None
    key = str(ctx["pc"])
    answer = ctx["answers"].get(key)
    if answer is None:
        api.ask(state, ctx, "cards", {"from": pool, "count": min(n, len(pool)),
                                          "up_to": True}, "416.1")
        return False
    orders: dict[str, list[str]] = ctx.setdefault("b201_orders", {})
    if "order" in answer:
        orders[ctx.pop("b201_order_for")] = list(answer.pop("order"))
    picked = [o for o in answer["cards"] if state.objects[o].zone == "trash"]
    owners = [p for p in state.turn_order if p not in orders
              and sum(1 for o in picked if state.objects[o].owner == p) >= 2]
    if owners:
        pid = owners[0]
        ctx["b201_order_for"] = pid
        mine = [o for o in picked if state.objects[o].owner == pid]
        return api.await_deck_order(state, ctx, pid, list(state.players[pid].main_deck),
                                        mine)
    for pid in state.turn_order:
        mine = orders.get(pid) or [o for o in picked if state.objects[o].owner == pid]
        if mine:
            api.recycle(state, mine, log, player=ctx["controller"])
    return None


@custom("require_same_location")
def _require_same_location(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                *names: str) -> None:
    """Targets that had to share a location (355.11.a) and no longer do: 355.11.b lets the
    controller pick a subset, a choice not modelled yet."""

    specs = [t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name in names]
    places = {state.objects[o].location for spec in specs for o in api.still_legal(state, ctx, spec)}
    if len(places) > 1:
        raise UnsupportedRule(f"{state.edition} 355.11.b: the targets are no longer at one "
                              "location; choosing a subset of them is not implemented yet")


@custom("play_unit_from_trash")
def _play_unit_from_trash(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                               max_energy: int, max_power: int) -> bool | None:
    """The controller may play a unit card from their trash whose printed cost is at most
    *max_energy* Energy and *max_power* Power, ignoring its cost, to their base or a
    battlefield they control (355.2.a).  Answer ``{"card": oid, "to": place}`` or
    ``{"card": None}``."""

    me = ctx["controller"]
    cards = [o for o in state.players[me].trash
             if api.card_type(state.objects[o].card) == "Unit"
             and (card_facts(state.objects[o].card).energy or 0) <= max_energy
             and (card_facts(state.objects[o].card).power or 0) <= max_power]
    if not cards:
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        places = unit_places(state, me)  # issue #5 (K2): base + controlled bfs, unless 054.1
        choices: list[dict[str, Any]] = [{"card": None}]
        choices += [{"card": c, "to": t} for c in cards for t in places]
        api.ask(state, ctx, "custom", {"choices": choices,
                                           "what": "a unit to play from the trash, or none"}, "355.2")
        return False
    oid = answer.get("card")
    if oid is None or state.objects[oid].zone != "trash":
        return None
    obj = state.objects[oid]
    dest = answer["to"]
    change_zone(state, obj, "base" if dest.startswith("base:") else "battlefield", dest, controller=me)
    obj.exhausted = True  # a unit enters the board exhausted
    log.append(GameAction("play", me, (oid,), {"card": obj.card, "from": "trash", "to": dest,
                                                "cost": "ignored"}, "public", "419.1", me))
    api.after_play(state, oid, me, log)
    return None


@custom("spend_buffs_to_channel")
def _spend_buffs_to_channel(state: GameState, ctx: dict[str, Any],
                                 log: list[GameAction]) -> bool | None:
    """Spend any number of buffs of the controller's units; channel 1 rune exhausted each."""

    me = ctx["controller"]
    buffed = [o for o in board_units(state, me) if state.objects[o].buffed]
    if not buffed:
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        api.ask(state, ctx, "cards", {"from": buffed, "count": len(buffed), "up_to": True,
                                          "what": "units whose buff is spent"}, "703")
        return False
    spent = [o for o in answer["cards"] if state.objects[o].buffed]
    for oid in spent:
        spend_buff(state, oid)  # issue #5 (K1): one buff (702.2.b)
        log.append(GameAction("spend_buff", me, (oid,), {}, "public", "703", me))
    if spent:
        api.channel(state, me, log, len(spent), exhausted=True)
    return None
