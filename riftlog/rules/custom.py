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


def unit_places(state: GameState, player: str) -> list[str]:
    """issue #5 (K2): where an effect lets *player* play a unit (riftlog.rules.restrictions)."""
    from riftlog.rules.restrictions import unit_places as places

    return places(state, player)


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
    triggers.fire(state, "discards", player=ctx["controller"])  # once per discard (batch 201_250)
    n = card_facts(card_id).energy or 0
    target = _ogn_target(state, ctx)
    if target is not None and n > 0:
        n += effects.spell_bonus_damage(state, ctx)  # batch ogn_001_050: Ravenborn Tome (713)
        actions.deal(state, target, n + _ogs_bonus(state, ctx["controller"], n), log,  # batch ogs: 714
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
    from riftlog.cards import vocab as V
    from riftlog.rules import actions, effects

    enemies = effects.objects(state, ctx, V.All("unit", "enemy", at="here"))
    if not enemies:
        return None
    total += effects.controller_bonus_damage(state, ctx["controller"])  # batch ogs: 715.3
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
@custom("ogn_unless_lets_draw")
def _ogn_unless_lets_draw(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                          damage: int, draw: int) -> bool | None:
    """Shakedown: the target's controller chooses (a ChoiceMade ``{"let_draw": bool}``)
    between the caster drawing *draw* and the target taking *damage*."""
    from riftlog.rules import actions, hooks

    target = _ogn_target(state, ctx)
    if target is None:
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        chooser = state.objects[target].controller or ctx["controller"]
        opts = {"kind": "custom", "source": ctx.get("source"), "card": ctx["card"],
                "what": "let the caster draw instead of taking damage", "target": target,
                "choices": [{"let_draw": True}, {"let_draw": False}]}
        state.queue.append(hooks.await_entry("choice", chooser, ["ChoiceMade"], "378", opts,
                                             then={"kind": "effects", "ctx": ctx}))
        return False
    if answer.get("let_draw"):
        actions.draw(state, ctx["controller"], log, draw)
    else:
        actions.deal(state, target, damage + _ogs_bonus(state, ctx["controller"], damage), log,  # batch ogs
                     source=ctx.get("source"), player=ctx["controller"])
    return None
def _ogn_energy_payments(state: GameState, pid: str, n: int) -> list[dict[str, list[str]]]:
    """The distinct ways to pay *n* Energy now: the pool as it is, else exhausting ready runes
    (runes of one card are interchangeable: one option per kind)."""
    import itertools

    from riftlog.events.decisions import Payment
    from riftlog.rules import effects
    from riftlog.rules.resources import Cost, payment_violations

    cost = Cost(n)
    if not payment_violations(state, pid, cost, Payment()):
        return [{"exhaust": []}]
    ready = [o for o in state.players[pid].base if effects._type(state.objects[o].card) == "Rune"
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
    from riftlog.events.decisions import Payment
    from riftlog.rules import effects
    from riftlog.rules.resources import Cost, pay
    from riftlog.rules.zones import change_zone

    me = ctx["controller"]
    src = state.objects.get(ctx.get("source") or "")
    if src is None or src.zone not in ("base", "battlefield"):
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        ways = _ogn_energy_payments(state, me, energy)
        effects.ask(state, ctx, "custom", {"what": f"pay {energy} Energy to return it to hand",
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
    from riftlog.events.decisions import Payment
    from riftlog.rules import abilities, effects
    from riftlog.rules.resources import Cost, pay
    from riftlog.rules.zones import change_zone

    me = ctx["controller"]
    obj = state.objects.get(ctx.get("source") or "")
    if obj is None or obj.zone != "trash" or obj.owner != me:
        return None
    cost = Cost(0, dict(power))
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        places = unit_places(state, me)  # issue #5 (K2): base + controlled bfs, unless 054.1
        ways = _ogn151_power_payments(state, me, cost)
        choices: list[dict[str, Any]] = [{"play": None}]
        choices += [{"play": {"to": t, "payment": w}} for w in ways for t in places]
        effects.ask(state, ctx, "custom", {"what": "pay to play it from the trash",
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
    abilities.after_play(state, obj.oid, me, log)
    return None
@custom("ogn_deal_then_if_it_dies")
def _ogn_deal_then_if_it_dies(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                              n: int, ability: int) -> bool | None:
    """Disintegrate: deal *n* to the target; if that kills it (the kill happens at the
    cleanup right after, 323.5), the card's ability #*ability* (a "dies"/"delayed" trigger)
    triggers, reflexively (387).  A delayed entry watching that unit is removed again by
    the task ``ogn_expire_watch`` after that cleanup."""
    from riftlog.rules import actions, effects

    target = _ogn_target(state, ctx)
    if target is None:
        return None
    n += effects.bonus_damage(state, target, n) + effects.spell_bonus_damage(state, ctx) + \
        effects.controller_bonus_damage(state, ctx["controller"])  # 713-715
    actions.deal(state, target, n, log, source=ctx.get("source"), player=ctx["controller"])
    watch = {"card": ctx["card"], "source": ctx.get("source"), "ability": ability,
             "controller": ctx["controller"], "turn": state.turn, "objects": [target]}
    state.extra.setdefault("delayed", []).append(watch)
    state.queue.append({"kind": "ogn_expire_watch", "watch": watch})
    return None
# --- end batch ogn_001_050 ---


# --- batch ogn_051_100 ---
@custom("ogn_kill_then_buff_me")
def _ogn_kill_then_buff_me(state: GameState, ctx: dict[str, Any],
                           log: list[GameAction]) -> bool | None:
    """Adaptatron: kill the chosen gear if it is still a legal target; only if it was
    killed, buff the source."""
    from riftlog.rules import actions, effects

    specs = effects.targets_of(ctx["card"], ctx["ability"])
    legal = effects.still_legal(state, ctx, specs[0]) if specs else []
    if not legal:
        return None
    effects.kill(state, legal, log, attribution=[ctx["source"]] if ctx.get("source") else [],
                 player=ctx["controller"])
    src = state.objects.get(ctx.get("source") or "")
    if src is not None and src.zone in ("base", "battlefield"):
        actions.buff(state, src.oid, log, player=ctx["controller"])
    return None


@custom("ogn_cards_or_runes")
def _ogn_cards_or_runes(state: GameState, ctx: dict[str, Any],
                        log: list[GameAction]) -> bool | None:
    """Party Favors: each other player (turn order from the controller) picks "cards" or
    "runes" (a ChoiceMade by that player); then, per player, both draw 1 or both channel 1
    exhausted rune."""
    from riftlog.rules import actions, hooks

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
            state.queue.append(hooks.await_entry(
                "choice", pid, ["ChoiceMade"], "378",
                {"kind": "custom", "card": ctx["card"], "source": ctx.get("source"),
                 "choices": [{"pick": "cards"}, {"pick": "runes"}]},
                then={"kind": "effects", "ctx": ctx}))
            return False
    for pid in others:
        for who in (me, pid):
            if picks[pid] == "cards":
                actions.draw(state, who, log, 1)
            else:
                actions.channel(state, who, log, 1, exhausted=True)
    return None
# --- end batch ogn_051_100 ---


# --- batch ogn_101_150 ---
def _b150_each(state: GameState, ctx: dict[str, Any], who: Any) -> list[str]:
    from riftlog.rules import effects

    return effects.objects(state, ctx, who)


@custom("b150_mutual_damage")
def _b150_mutual_damage(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                        one: Any, other: Any) -> None:
    """A fight: each of the two units hits the other for as much as its own Might, both at
    once; each unit is the source of what it deals (417.6.b.3).  Nothing if one is gone."""
    from riftlog.rules import actions, layers

    a = _b150_each(state, ctx, one)
    b = _b150_each(state, ctx, other)
    if not a or not b:
        return None
    x, y = a[0], b[0]
    might_x, might_y = max(0, layers.might_of(state, x)), max(0, layers.might_of(state, y))
    actions.deal(state, y, might_x, log, source=x, player=ctx["controller"])
    actions.deal(state, x, might_y, log, source=y, player=ctx["controller"])
    return None


@custom("b150_channel_or_draw")
def _b150_channel_or_draw(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                          n: int, draw: int) -> None:
    """Channel *n* runes exhausted; if fewer than *n* could be channeled, draw *draw*."""
    from riftlog.rules import actions

    done = actions.channel(state, ctx["controller"], log, n, exhausted=True)
    if len(done) < n:
        actions.draw(state, ctx["controller"], log, draw)
    return None


@custom("b150_owner_channels")
def _b150_owner_channels(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                         name: str) -> None:
    """The owner of each card chosen as *name* that is now in a hand channels 1 rune
    exhausted (after it was returned to that hand)."""
    from riftlog.rules import actions

    for oid in ctx["targets"].get(name, []):
        obj = state.objects.get(oid)
        if obj is not None and obj.zone == "hand":
            actions.channel(state, obj.owner, log, 1, exhausted=True)
    return None


@custom("b150_raise_might_to")
def _b150_raise_might_to(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                         who: Any) -> None:
    """Of the two units chosen (in order), the first gets +X Might this turn, X being what
    it lacks to equal the second's Might (nothing if it already has as much)."""
    from riftlog.rules import layers

    picked = _b150_each(state, ctx, who)
    if len(picked) != 2:
        return None
    first, second = picked
    diff = layers.might_of(state, second) - layers.might_of(state, first)
    if diff <= 0:
        return None
    layers.add_effect(state, {"source": ctx.get("source"), "layer": "arithmetic",
                              "affects": {"oids": [first]}, "might": diff,
                              "until": "end_of_turn"})
    log.append(GameAction("give_might", ctx["controller"], (first,),
                          {"might": diff, "until": "end_of_turn"}, "public", "471",
                          ctx["controller"]))
    return None


@custom("b150_reveal_hidden_damage")
def _b150_reveal_hidden_damage(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                               who: Any, n: int) -> bool | None:
    """Reveal the top *n* of the controller's Main Deck (424); deal 1 to the chosen unit per
    revealed card with Hidden; recycle the revealed cards (their order at the bottom is a
    recorded random outcome, 416.5)."""
    from riftlog.rules import actions, hooks
    from riftlog.rules.resources import card_facts

    pid = ctx["controller"]
    deck = state.players[pid].main_deck
    key = str(ctx["pc"])
    answer = ctx["answers"].get(key)
    if answer is None:
        top = list(deck[:n])
        if not top:
            return None
        actions.reveal(state, top, log, player=pid)
        hits = sum(1 for o in top if "Hidden" in card_facts(state.objects[o].card).keyword_names)
        for oid in _b150_each(state, ctx, who):
            actions.deal(state, oid, hits, log, source=ctx.get("source"), player=pid)
        answer = ctx["answers"][key] = {"revealed": top}
    from riftlog.rules import deck_seen  # issue #5 (K2): abilities of cards revealed on top

    if not deck_seen.offer(state, ctx, pid, list(answer["revealed"]), log):
        return False
    rest = deck_seen.still_in_deck(state, list(answer["revealed"]))
    if "order" not in answer:
        if len(rest) <= 1:
            answer["order"] = rest
        else:
            keep = [o for o in deck if o not in rest]
            state.queue.append(hooks.await_entry(
                "deck_order", None, ["DeckOrderRecorded"], "416.5",
                {"player": pid, "deck": "main", "keep": keep, "randomize": rest},
                then={"kind": "effects", "ctx": ctx}))
            return False
    order = [o for o in answer["order"] if o in rest]
    if not order:
        return None
    p = state.players[pid]
    p.main_deck = [o for o in p.main_deck if o not in order] + order
    log.append(GameAction("recycle", pid, tuple(sorted(order)), {"count": len(order),
                          "zone": "main_deck"}, "public", "416.1", pid))
    return None


@custom("b150_banish_owner_plays")
def _b150_banish_owner_plays(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                             who: Any) -> None:
    """Banish the chosen unit, then its owner plays it to their own base ignoring its cost
    (a play: it enters exhausted, 143.4, and "played" triggers fire, 383.4.a)."""
    from riftlog.rules import abilities, actions
    from riftlog.rules.resources import card_facts
    from riftlog.rules.zones import base_of, change_zone

    for oid in _b150_each(state, ctx, who):
        actions.banish(state, oid, log, player=ctx["controller"])
        obj = state.objects.get(oid)
        if obj is None or obj.zone != "banishment":  # a token ceased to exist (183.1)
            continue
        card_facts(obj.card).require_supported()
        owner = obj.owner
        change_zone(state, obj, "base", base_of(owner), controller=owner)
        obj.exhausted = True
        log.append(GameAction("play", owner, (oid,), {"card": obj.card, "from": "banishment",
                              "to": base_of(owner), "cost": None, "accelerate": False},
                              "public", "419.1", owner))
        abilities.after_play(state, oid, owner, log)
    return None


@custom("b150_recycle_from_trash")
def _b150_recycle_from_trash(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                             n: int) -> bool | None:
    """Recycle *n* cards of the controller's choice from their trash, as many as there are
    (416.6); 2+ cards go to the bottom of the Main Deck in a recorded random order (416.5)."""
    from riftlog.rules import actions, effects, hooks

    pid = ctx["controller"]
    trash = state.players[pid].trash
    key = str(ctx["pc"])
    ans = ctx["answers"].get(key)
    if ans is None:
        if not trash:
            return None
        if len(trash) > n:
            effects.ask(state, ctx, "cards", {"from": list(trash), "count": n}, "416.6")
            return False
        ans = ctx["answers"][key] = {"cards": list(trash)}
    picked = list(ans["cards"])
    if "order" not in ans:
        if len(picked) >= 2:
            state.queue.append(hooks.await_entry(
                "deck_order", None, ["DeckOrderRecorded"], "416.5",
                {"player": pid, "deck": "main", "keep": list(state.players[pid].main_deck),
                 "randomize": picked}, then={"kind": "effects", "ctx": ctx}))
            return False
        ans["order"] = picked
    order = [o for o in ans["order"] if state.objects[o].zone == "trash"]
    if order:
        actions.recycle(state, order, log, player=pid)
    return None


@custom("b150_additional_turn_banish_self")
def _b150_additional_turn_banish_self(state: GameState, ctx: dict[str, Any],
                                      log: list[GameAction]) -> None:
    """The controller takes a turn right after this one (735; queued before earlier queued
    additional turns, 738), then the resolving spell card is banished instead of going to
    the trash."""
    from riftlog.rules import actions

    pid = ctx["controller"]
    queued = state.extra.setdefault("additional_turns", [])
    queued.insert(0, pid)
    log.append(GameAction("additional_turn", pid, (), {"queued": list(queued)}, "public", "735", pid))
    src = state.objects.get(ctx.get("source") or "")
    if src is not None and src.zone == "chain":
        actions.banish(state, src.oid, log, player=pid)
    return None


@custom("b150_recycle_me_from_trash")
def _b150_recycle_me_from_trash(state: GameState, ctx: dict[str, Any],
                                log: list[GameAction]) -> bool | None:
    """A cost (742.1.b): recycle the source card from its owner's trash; False when it is
    not there any more (not paid)."""
    from riftlog.rules import actions

    src = state.objects.get(ctx.get("source") or "")
    if src is None or src.zone != "trash":
        return False
    actions.recycle(state, src.oid, log, player=ctx["controller"])
    return None


@custom("b150_ready_runes")
def _b150_ready_runes(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> None:
    """Ready every rune the controller has on the board."""
    from riftlog.rules import actions, layers

    for oid in list(state.players[ctx["controller"]].base):
        obj = state.objects[oid]
        if obj.exhausted and layers.printed_type(obj.card) == "Rune":
            actions.ready(state, oid, log)
    return None


# --- end batch ogn_101_150 ---


# --- batch ogn_201_250 ---
# Invert Timelines, Possession, Cull the Weak, Hidden Blade, Solari Chief, King's Edict,
# Stormbringer, Forge of the Future, Albus Ferros.  Card text is never copied here.


def _b201_board_units(state: GameState, pid: str | None = None) -> list[str]:
    from riftlog.rules import effects

    return [o for lst in effects._board_lists(state) for o in lst
            if effects._type(state.objects[o].card) == "Unit"
            and (pid is None or state.objects[o].controller == pid)]


def _b201_order_from(state: GameState, first: str) -> list[str]:
    order = [p for p in state.turn_order if not state.players[p].eliminated]
    if first not in order:
        return order
    i = order.index(first)
    return order[i:] + order[:i]


def _b201_ask(state: GameState, ctx: dict[str, Any], pid: str, options: dict[str, Any],
              rule: str) -> None:
    """Ask *pid* (not necessarily the controller) for a ChoiceMade, then resume ctx."""
    from riftlog.rules import hooks

    opts = {"source": ctx.get("source"), "card": ctx["card"], **options}
    state.queue.append(hooks.await_entry("choice", pid, ["ChoiceMade"], rule, opts,
                                         then={"kind": "effects", "ctx": ctx}))


def _b201_pick_per_player(state: GameState, ctx: dict[str, Any], players: list[str],
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
        _b201_ask(state, ctx, pid, {"kind": "cards", "from": options, "count": 1}, rule)
        return None
    return {p: o for p, o in picks.items() if o}


@custom("b201_discard_hands_then_draw")
def _b201_discard_hands_then_draw(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                  n: int) -> None:
    """Every player discards their whole hand, then every player draws *n*."""
    from riftlog.rules import actions, triggers

    order = _b201_order_from(state, state.turn_player or ctx["controller"])
    for pid in order:
        hand = list(state.players[pid].hand)
        if not hand:
            continue
        actions.discard(state, hand, log)
        for oid in hand:
            triggers.fire(state, "discarded", obj=oid, player=pid)
        triggers.fire(state, "discards", player=pid)
    for pid in order:
        actions.draw(state, pid, log, n)


@custom("b201_take_control_and_recall")
def _b201_take_control_and_recall(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                  name: str) -> None:
    """The controller gains control of the chosen unit and recalls it to their base."""
    from riftlog.rules import actions, effects

    me = ctx["controller"]
    spec = next(t for t in effects.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    for oid in effects.still_legal(state, ctx, spec):
        obj = state.objects[oid]
        log.append(GameAction("take_control", me, (oid,), {"from": obj.controller},
                              "public", "186", me))
        obj.controller = me
        actions.recall(state, oid, log, responsible=me)


@custom("b201_each_player_kills_own_unit")
def _b201_each_player_kills_own_unit(state: GameState, ctx: dict[str, Any],
                                     log: list[GameAction]) -> bool | None:
    """Each player, in turn order from the turn player, picks one unit they control; all the
    picked units are killed together."""
    from riftlog.rules import effects

    players = _b201_order_from(state, state.turn_player or ctx["controller"])
    picks = _b201_pick_per_player(state, ctx, players,
                                  lambda pid, _: _b201_board_units(state, pid), "378")
    if picks is None:
        return False
    doomed = [o for o in picks.values() if state.objects[o].zone in ("base", "battlefield")]
    if doomed:
        effects.kill(state, doomed, log, attribution=[ctx["source"]] if ctx.get("source") else [],
                     player=ctx["controller"])
    return None


@custom("b201_others_pick_units_to_kill")
def _b201_others_pick_units_to_kill(state: GameState, ctx: dict[str, Any],
                                    log: list[GameAction]) -> bool | None:
    """Starting with the next player, each other player picks a unit the controller does not
    control and nobody picked yet; those units are killed."""
    from riftlog.rules import effects

    me = ctx["controller"]
    players = [p for p in _b201_order_from(state, me) if p != me]
    picks = _b201_pick_per_player(
        state, ctx, players,
        lambda pid, taken: [o for o in _b201_board_units(state)
                            if state.objects[o].controller != me and o not in taken], "378")
    if picks is None:
        return False
    doomed = [o for o in picks.values() if state.objects[o].zone in ("base", "battlefield")]
    if doomed:
        effects.kill(state, doomed, log, attribution=[ctx["source"]] if ctx.get("source") else [],
                     player=me)
    return None


@custom("b201_kill_then_its_controller_draws")
def _b201_kill_then_its_controller_draws(state: GameState, ctx: dict[str, Any],
                                         log: list[GameAction], name: str, n: int) -> None:
    """Kill the chosen unit; the player who controlled it draws *n*."""
    from riftlog.rules import actions, effects

    spec = next(t for t in effects.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    for oid in effects.still_legal(state, ctx, spec):
        controller = state.objects[oid].controller
        effects.kill(state, [oid], log, attribution=[ctx["source"]] if ctx.get("source") else [],
                     player=ctx["controller"])
        actions.draw(state, controller, log, n)


@custom("b201_kill_if_stunned_else_stun")
def _b201_kill_if_stunned_else_stun(state: GameState, ctx: dict[str, Any],
                                    log: list[GameAction], name: str) -> None:
    from riftlog.rules import actions, effects

    spec = next(t for t in effects.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    for oid in effects.still_legal(state, ctx, spec):
        if state.objects[oid].stunned:
            effects.kill(state, [oid], log,
                         attribution=[ctx["source"]] if ctx.get("source") else [],
                         player=ctx["controller"])
        else:
            actions.stun(state, oid, log, player=ctx["controller"])


@custom("b201_deal_its_might_to_enemies_at")
def _b201_deal_its_might_to_enemies_at(state: GameState, ctx: dict[str, Any],
                                       log: list[GameAction], unit: str, bf: str) -> None:
    """Deal the chosen unit's Might to every enemy unit at the chosen battlefield."""
    from riftlog.cards import vocab as V
    from riftlog.rules import actions, effects, layers

    spec = next(t for t in effects.targets_of(ctx["card"], ctx["ability"]) if t.name == unit)
    mine = effects.still_legal(state, ctx, spec)
    if not mine:
        return
    n = max(0, layers.might_of(state, mine[0]))
    for oid in effects.objects(state, ctx, V.All("unit", "enemy", at=V.Chosen(bf))):
        actions.deal(state, oid, n + _ogs_bonus(state, ctx["controller"], n), log,  # batch ogs
                     source=ctx.get("source"), player=ctx["controller"])


@custom("b201_recycle_up_to_from_trashes")
def _b201_recycle_up_to_from_trashes(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                     n: int) -> bool | None:
    """Recycle up to *n* cards chosen among every player's trash.  Two or more going to one
    Main Deck land in a recorded random order (416.5: a DeckOrderRecorded per such deck)."""
    from riftlog.rules import actions, effects, hooks

    pool = [o for p in state.turn_order for o in state.players[p].trash]
    if not pool:
        return None
    key = str(ctx["pc"])
    answer = ctx["answers"].get(key)
    if answer is None:
        effects.ask(state, ctx, "cards", {"from": pool, "count": min(n, len(pool)),
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
        state.queue.append(hooks.await_entry(
            "deck_order", None, ["DeckOrderRecorded"], "416.5",
            {"player": pid, "deck": "main", "keep": list(state.players[pid].main_deck),
             "randomize": mine}, then={"kind": "effects", "ctx": ctx}))
        return False
    for pid in state.turn_order:
        mine = orders.get(pid) or [o for o in picked if state.objects[o].owner == pid]
        if mine:
            actions.recycle(state, mine, log, player=ctx["controller"])
    return None


@custom("b201_require_same_location")
def _b201_require_same_location(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                *names: str) -> None:
    """Targets that had to share a location (355.11.a) and no longer do: 355.11.b lets the
    controller pick a subset, a choice not modelled yet."""
    from riftlog.errors import UnsupportedRule
    from riftlog.rules import effects

    specs = [t for t in effects.targets_of(ctx["card"], ctx["ability"]) if t.name in names]
    places = {state.objects[o].location for spec in specs for o in effects.still_legal(state, ctx, spec)}
    if len(places) > 1:
        raise UnsupportedRule(f"{state.edition} 355.11.b: the targets are no longer at one "
                              "location; choosing a subset of them is not implemented yet")


@custom("b201_play_unit_from_trash")
def _b201_play_unit_from_trash(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                               max_energy: int, max_power: int) -> bool | None:
    """The controller may play a unit card from their trash whose printed cost is at most
    *max_energy* Energy and *max_power* Power, ignoring its cost, to their base or a
    battlefield they control (355.2.a).  Answer ``{"card": oid, "to": place}`` or
    ``{"card": None}``."""
    from riftlog.rules import abilities, effects
    from riftlog.rules.resources import card_facts
    from riftlog.rules.zones import change_zone

    me = ctx["controller"]
    cards = [o for o in state.players[me].trash
             if effects._type(state.objects[o].card) == "Unit"
             and (card_facts(state.objects[o].card).energy or 0) <= max_energy
             and (card_facts(state.objects[o].card).power or 0) <= max_power]
    if not cards:
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        places = unit_places(state, me)  # issue #5 (K2): base + controlled bfs, unless 054.1
        choices: list[dict[str, Any]] = [{"card": None}]
        choices += [{"card": c, "to": t} for c in cards for t in places]
        effects.ask(state, ctx, "custom", {"choices": choices,
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
    abilities.after_play(state, oid, me, log)
    return None


@custom("b201_spend_buffs_to_channel")
def _b201_spend_buffs_to_channel(state: GameState, ctx: dict[str, Any],
                                 log: list[GameAction]) -> bool | None:
    """Spend any number of buffs of the controller's units; channel 1 rune exhausted each."""
    from riftlog.rules import actions, effects

    me = ctx["controller"]
    buffed = [o for o in _b201_board_units(state, me) if state.objects[o].buffed]
    if not buffed:
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        effects.ask(state, ctx, "cards", {"from": buffed, "count": len(buffed), "up_to": True,
                                          "what": "units whose buff is spent"}, "703")
        return False
    spent = [o for o in answer["cards"] if state.objects[o].buffed]
    for oid in spent:
        _k1_spend(state, oid)  # issue #5 (K1): one buff (702.2.b)
        log.append(GameAction("spend_buff", me, (oid,), {}, "public", "703", me))
    if spent:
        actions.channel(state, me, log, len(spent), exhausted=True)
    return None


# --- batch ogn_151_200 ---
# Overt Operation, Qiyana, Sabotage, Mindsplitter, Warwick, Cemetery Attendant, Morbid
# Return, Ride the Wind, Acceptable Losses, Whirlwind, Kog'Maw, Tideturner, Twisted Fate.
# Card text is never copied here.


def _ogn151_ask(state: GameState, ctx: dict[str, Any], pid: str, options: dict[str, Any],
                rule: str) -> None:
    """Ask *pid* (maybe not the controller) for a ChoiceMade, then resume ctx."""
    from riftlog.rules import hooks

    opts = {"source": ctx.get("source"), "card": ctx["card"], **options}
    state.queue.append(hooks.await_entry("choice", pid, ["ChoiceMade"], rule, opts,
                                         then={"kind": "effects", "ctx": ctx}))


def _ogn151_units(state: GameState, pid: str | None = None, kind: str = "Unit") -> list[str]:
    from riftlog.rules import effects

    return [o for lst in effects._board_lists(state) for o in lst
            if effects._type(state.objects[o].card) == kind
            and (pid is None or state.objects[o].controller == pid)]


def _ogn151_order_from(state: GameState, first: str) -> list[str]:
    order = [p for p in state.turn_order if not state.players[p].eliminated]
    if first not in order:
        return order
    i = order.index(first)
    return order[i:] + order[:i]


def _ogn151_to_hand(state: GameState, oid: str, pid: str, log: list[GameAction]) -> None:
    from riftlog.rules.zones import change_zone

    obj = state.objects[oid]
    origin = obj.location or obj.zone
    change_zone(state, obj, "hand")
    log.append(GameAction("return_to_hand", pid, (oid,), {"card": obj.card, "from": origin},
                          "public", "420", pid))


@custom("ogn151_overt_operation")
def _ogn151_overt_operation(state: GameState, ctx: dict[str, Any],
                            log: list[GameAction]) -> bool | None:
    """Each buffed friendly unit in turn: the controller may spend its buff to ready it (a
    "may" ChoiceMade per unit); then every friendly unit gets a buff."""
    from riftlog.rules import actions, effects

    me = ctx["controller"]
    data = ctx.setdefault("ogn151_oo", {"units": [o for o in _ogn151_units(state, me)
                                                  if state.objects[o].buffed],
                                        "spend": [], "i": 0})
    answer = ctx["answers"].pop(str(ctx["pc"]), None)
    if answer is not None:
        if answer.get("use"):
            data["spend"].append(data["units"][data["i"]])
        data["i"] += 1
    if data["i"] < len(data["units"]):
        oid = data["units"][data["i"]]
        effects.ask(state, ctx, "may", {"use": [True, False], "unit": oid,
                                        "what": "spend its buff to ready it"}, "702.2.b")
        return False
    for oid in data["spend"]:
        obj = state.objects[oid]
        if obj.zone in ("base", "battlefield") and obj.controller == me and obj.buffed:
            _k1_spend(state, oid)  # issue #5 (K1): one buff (702.2.b)
            log.append(GameAction("spend_buff", me, (oid,), {}, "public", "702.2.b", me))
            actions.ready(state, oid, log)
    for oid in _ogn151_units(state, me):
        actions.buff(state, oid, log, player=me)
    return None


@custom("ogn151_draw_or_channel")
def _ogn151_draw_or_channel(state: GameState, ctx: dict[str, Any],
                            log: list[GameAction]) -> bool | None:
    """The controller picks: draw 1, or channel 1 rune exhausted (a ChoiceMade)."""
    from riftlog.rules import actions, effects

    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        effects.ask(state, ctx, "custom", {"choices": [{"do": "draw"}, {"do": "channel"}]}, "378")
        return False
    if answer["do"] == "draw":
        actions.draw(state, ctx["controller"], log, 1)
    else:
        actions.channel(state, ctx["controller"], log, 1, exhausted=True)
    return None


@custom("ogn151_hand_pick")
def _ogn151_hand_pick(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                      name: str, mode: str) -> bool | None:
    """The chosen opponent (target *name*) reveals their hand; the controller picks one card
    of it: mode "recycle_non_unit" (a non-unit card, recycled) or "discard" (any card,
    discarded by its owner)."""
    from riftlog.rules import actions, effects, triggers

    chosen = ctx["targets"].get(name, [])
    if not chosen or chosen[0] not in state.players:
        return None
    opp = chosen[0]
    hand = list(state.players[opp].hand)
    key = str(ctx["pc"])
    if not ctx.get(f"ogn151_revealed{key}"):
        ctx[f"ogn151_revealed{key}"] = True
        actions.reveal(state, hand, log, player=opp)
    if mode == "recycle_non_unit":
        options = [o for o in hand if effects._type(state.objects[o].card) != "Unit"]
    else:
        options = hand
    if not options:
        return None
    picked = effects.pick_one(state, ctx, options)
    if picked is None:
        return False
    if mode == "recycle_non_unit":
        actions.recycle(state, [picked], log, player=ctx["controller"])
    else:
        actions.discard(state, [picked], log, responsible=ctx["controller"])
        triggers.fire(state, "discarded", obj=picked, player=opp)
    return None


@custom("ogn151_kill_damaged_enemies_here")
def _ogn151_kill_damaged_enemies_here(state: GameState, ctx: dict[str, Any],
                                      log: list[GameAction]) -> None:
    """Kill every enemy unit with damage marked at the source's location."""
    from riftlog.rules import effects

    src = state.objects.get(ctx.get("source") or "")
    where = src.location if src is not None and src.zone in ("base", "battlefield") else \
        (ctx.get("event") or {}).get("battlefield")
    if where is None:
        return None
    opponents = state.opponents(ctx["controller"])
    doomed = [o for o in _ogn151_units(state) if state.objects[o].location == where
              and state.objects[o].controller in opponents and state.objects[o].damage > 0]
    if doomed:
        effects.kill(state, doomed, log, attribution=[ctx["source"]] if ctx.get("source") else [],
                     player=ctx["controller"])
    return None


@custom("ogn151_unit_from_trash")
def _ogn151_unit_from_trash(state: GameState, ctx: dict[str, Any],
                            log: list[GameAction]) -> bool | None:
    """Put a unit card of the controller's trash into their hand (picked with a ChoiceMade
    when there are several)."""
    from riftlog.rules import effects

    me = ctx["controller"]
    options = [o for o in state.players[me].trash if effects._type(state.objects[o].card) == "Unit"]
    if not options:
        return None
    picked = effects.pick_one(state, ctx, options)
    if picked is None:
        return False
    _ogn151_to_hand(state, picked, me, log)
    return None


@custom("ogn151_move_anywhere")
def _ogn151_move_anywhere(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                          name: str) -> bool | None:
    """Move the unit chosen as target *name* to a location the controller picks on
    resolution (its base or another battlefield it may move to, 444)."""
    from riftlog.rules import actions, effects
    from riftlog.rules.movement import destination_problem
    from riftlog.rules.zones import base_of

    spec = next(t for t in effects.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    units = effects.still_legal(state, ctx, spec)
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
        effects.ask(state, ctx, "custom", {"choices": [{"to": p} for p in options]}, "444.1")
        return False
    actions.move(state, obj.oid, answer["to"], log, player=ctx["controller"])
    return None


@custom("ogn151_each_kills_gear")
def _ogn151_each_kills_gear(state: GameState, ctx: dict[str, Any],
                            log: list[GameAction]) -> bool | None:
    """Each player, in turn order from the turn player, picks one gear they control (a
    ChoiceMade when they have several); the picked gear are killed together."""
    from riftlog.rules import effects

    picks: dict[str, str | None] = ctx.setdefault("ogn151_gear", {})
    answer = ctx["answers"].pop(str(ctx["pc"]), None)
    waiting = ctx.pop("ogn151_gear_waiting", None)
    if answer is not None and waiting is not None:
        picks[waiting] = answer["cards"][0]
    for pid in _ogn151_order_from(state, state.turn_player or ctx["controller"]):
        if pid in picks:
            continue
        options = _ogn151_units(state, pid, "Gear")
        if len(options) <= 1:
            picks[pid] = options[0] if options else None
            continue
        ctx["ogn151_gear_waiting"] = pid
        _ogn151_ask(state, ctx, pid, {"kind": "cards", "from": options, "count": 1}, "378")
        return False
    doomed = [o for o in picks.values() if o and state.objects[o].zone in ("base", "battlefield")]
    if doomed:
        effects.kill(state, doomed, log, attribution=[ctx["source"]] if ctx.get("source") else [],
                     player=ctx["controller"])
    return None


@custom("ogn151_whirlwind")
def _ogn151_whirlwind(state: GameState, ctx: dict[str, Any],
                      log: list[GameAction]) -> bool | None:
    """From the player after the controller, round the table, each player may return a
    unit on the board to its owner's hand (a ChoiceMade each: a unit or none)."""
    me = ctx["controller"]
    order = _ogn151_order_from(state, me)
    order = order[1:] + order[:1]
    i = ctx.setdefault("ogn151_ww", 0)
    answer = ctx["answers"].pop(str(ctx["pc"]), None)
    if answer is not None:
        oid = answer.get("unit")
        if oid is not None and state.objects[oid].zone in ("base", "battlefield"):
            _ogn151_to_hand(state, oid, order[i], log)
        i += 1
        ctx["ogn151_ww"] = i
    while i < len(order):
        units = _ogn151_units(state)
        if units:
            _ogn151_ask(state, ctx, order[i], {"kind": "custom", "choices": [
                {"unit": None}, *({"unit": o} for o in units)]}, "378")
            return False
        i += 1
        ctx["ogn151_ww"] = i
    return None


@custom("ogn151_deal_all_where_died")
def _ogn151_deal_all_where_died(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                n: int) -> None:
    """Deal *n* to every unit at the battlefield where the source died (808: its location
    as it died; nothing if that was a base)."""
    from riftlog.rules import actions

    where = (ctx.get("event") or {}).get("battlefield")
    if where not in {bf.oid for bf in state.battlefields}:
        return None
    for oid in [o for o in _ogn151_units(state) if state.objects[o].location == where]:
        actions.deal(state, oid, n + _ogs_bonus(state, ctx["controller"], n), log,  # batch ogs
                     source=ctx.get("source"), player=ctx["controller"])
    return None


@custom("ogn151_swap_places")
def _ogn151_swap_places(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                        name: str) -> None:
    """The source moves to the location of the unit chosen as *name*, and that unit to the
    source's former location (a location it cannot go to: it is recalled, 442.2.c)."""
    from riftlog.rules import actions, effects
    from riftlog.rules.movement import destination_problem

    spec = next(t for t in effects.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    picked = effects.still_legal(state, ctx, spec)
    src = state.objects.get(ctx.get("source") or "")
    if not picked or src is None or src.zone not in ("base", "battlefield"):
        return None
    other = state.objects[picked[0]]
    mine, theirs = src.location, other.location
    assert mine is not None and theirs is not None
    for unit, dest in ((src, theirs), (other, mine)):
        if destination_problem(state, unit.controller, dest) is None:
            actions.move(state, unit.oid, dest, log, player=ctx["controller"])
        else:
            actions.recall(state, unit.oid, log, responsible=ctx["controller"])
    return None


@custom("ogn151_twisted_fate")
def _ogn151_twisted_fate(state: GameState, ctx: dict[str, Any],
                         log: list[GameAction]) -> bool | None:
    """Reveal the top rune of the controller's rune deck and recycle it; by its domain:
    Fury - 2 to an enemy unit at the source's location (picked) and 1 to each other enemy
    unit there; Mind - draw 1; Order - stun an enemy unit (picked); else nothing."""
    from riftlog.rules import actions, effects
    from riftlog.rules.resources import card_facts

    me = ctx["controller"]
    if "ogn151_tf" not in ctx:
        deck = state.players[me].rune_deck
        if not deck:
            return None
        top = deck[0]
        actions.reveal(state, [top], log, player=me)
        actions.recycle(state, [top], log, player=me)
        ctx["ogn151_tf"] = list(card_facts(state.objects[top].card).domains)
        src = state.objects.get(ctx.get("source") or "")
        ctx["ogn151_tf_here"] = src.location if src is not None and \
            src.zone in ("base", "battlefield") else (ctx.get("event") or {}).get("battlefield")
    domains = ctx["ogn151_tf"]
    domain = domains[0] if len(domains) == 1 else None
    opponents = state.opponents(me)
    enemies = [o for o in _ogn151_units(state) if state.objects[o].controller in opponents]
    if domain == "Mind":
        actions.draw(state, me, log, 1)
        return None
    if domain == "Fury":
        enemies = [o for o in enemies if state.objects[o].location == ctx["ogn151_tf_here"]]
    elif domain != "Order":
        return None
    if not enemies:
        return None
    picked = effects.pick_one(state, ctx, enemies)
    if picked is None:
        return False
    if domain == "Order":
        actions.stun(state, picked, log, player=me)
        return None
    actions.deal(state, picked, 2 + _ogs_bonus(state, me, 2), log, source=ctx.get("source"), player=me)  # batch ogs
    for oid in enemies:
        if oid != picked and state.objects[oid].zone in ("base", "battlefield"):
            actions.deal(state, oid, 1 + _ogs_bonus(state, me, 1), log, source=ctx.get("source"),  # batch ogs
                         player=me)
    return None


@custom("ogn151_look_keep_one")
def _ogn151_look_keep_one(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                          n: int) -> bool | None:
    """Look at the top *n* of the controller's Main Deck (privately), put the one they pick
    into their hand and recycle the others (their order at the bottom is a recorded random
    outcome, 416.5)."""
    from riftlog.rules import effects
    from riftlog.rules.zones import change_zone

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
    from riftlog.rules import deck_seen  # issue #5 (K2): abilities of cards seen on top

    if not deck_seen.offer(state, ctx, pid, data["top"], log):
        return False
    top = deck_seen.still_in_deck(state, data["top"]) if "kept" not in data else data["top"]
    if not top:
        return None
    if "kept" not in data:
        if len(top) == 1:
            data["kept"] = top[0]
        elif answer is None or "cards" not in answer:
            effects.ask(state, ctx, "cards", {"from": top, "count": 1}, "378")
            return False
        else:
            data["kept"] = answer["cards"][0]
        kept = state.objects[data["kept"]]
        change_zone(state, kept, "hand")
        log.append(GameAction("put_in_hand", pid, (kept.oid,), {"card": kept.card, "count": 1,
                              "zone": "main_deck"}, f"private:{pid}", "378", pid))
    rest = [o for o in top if o != data["kept"]]
    return _ogn151_rest_to_bottom(state, ctx, log, pid, rest, answer)


@custom("ogn151_follow_mover")
def _ogn151_follow_mover(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> None:
    """Move the source to where the trigger event's unit moved (its ``to``), if it can."""
    from riftlog.rules import actions
    from riftlog.rules.movement import destination_problem

    src = state.objects.get(ctx.get("source") or "")
    dest = (ctx.get("event") or {}).get("to")
    if src is None or src.zone not in ("base", "battlefield") or not dest or src.location == dest:
        return None
    if destination_problem(state, src.controller or ctx["controller"], dest) is None:
        actions.move(state, src.oid, dest, log, player=ctx["controller"])
    return None


def _ogn151_power_payments(state: GameState, pid: str, cost: Any) -> list[dict[str, list[str]]]:
    """The ways to pay a power-only *cost*: the pool as it is, or recycling a set of the
    player's runes (runes of one card and state are interchangeable: one of each kind)."""
    import itertools

    from riftlog.events.decisions import Payment
    from riftlog.rules import effects
    from riftlog.rules.resources import payment_violations

    if not payment_violations(state, pid, cost, Payment()):
        return [{"exhaust": [], "recycle": []}]
    runes = [o for o in state.players[pid].base if effects._type(state.objects[o].card) == "Rune"]
    out: list[dict[str, list[str]]] = []
    seen: set[tuple[tuple[str, bool], ...]] = set()
    for k in range(1, sum(cost.power.values()) + 1):
        for combo in itertools.combinations(runes, k):
            sig = tuple(sorted((state.objects[o].card, state.objects[o].exhausted) for o in combo))
            if sig in seen:
                continue
            seen.add(sig)
            if not payment_violations(state, pid, cost, Payment(recycle=combo)):
                out.append({"exhaust": [], "recycle": list(combo)})
        if out:
            break
    return out


@custom("ogn151_play_from_trash")
def _ogn151_play_from_trash(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                            optional: bool) -> bool | None:
    """The controller plays a unit card from their trash ignoring its Energy cost but paying
    its Power cost, to their base or a battlefield they control (355.2.a), entering
    exhausted.  Answer ``{"card": oid, "to": place, "payment": {"exhaust": [], "recycle":
    [rune oids]}}`` (one of the listed ways to pay), or ``{"card": None}`` when *optional*."""
    from riftlog.events.decisions import Payment
    from riftlog.rules import abilities, effects
    from riftlog.rules.resources import Cost, card_cost, card_facts, pay
    from riftlog.rules.zones import change_zone

    me = ctx["controller"]
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        places = unit_places(state, me)  # issue #5 (K2): base + controlled bfs, unless 054.1
        choices: list[dict[str, Any]] = [{"card": None}] if optional else []
        for oid in state.players[me].trash:
            if effects._type(state.objects[oid].card) != "Unit":
                continue
            cost = Cost(0, dict(card_cost(state.objects[oid].card).power))
            for payment in _ogn151_power_payments(state, me, cost):
                choices += [{"card": oid, "to": t, "payment": payment} for t in places]
        if not choices or choices == [{"card": None}]:
            return None
        effects.ask(state, ctx, "custom", {"choices": choices,
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
    abilities.after_play(state, oid, me, log)
    return None


@custom("ogn151_pay_exhaust_to_ready_it")
def _ogn151_pay_exhaust_to_ready_it(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                    domain: str) -> bool | None:
    """The controller may pay one *domain* Power and exhaust the (ready) source to ready the
    trigger event's unit, if it is still a friendly unit on the board.  Answer ``{"pay":
    null}`` or ``{"pay": {"exhaust": [], "recycle": [runes]}}`` (one of the listed ways)."""
    from riftlog.events.decisions import Payment
    from riftlog.rules import actions, effects
    from riftlog.rules.resources import Cost, pay

    me = ctx["controller"]
    src = state.objects.get(ctx.get("source") or "")
    unit = state.objects.get((ctx.get("event") or {}).get("obj") or "")
    if src is None or src.zone not in ("base", "battlefield") or src.exhausted or unit is None \
            or unit.zone not in ("base", "battlefield") or unit.controller != me:
        return None
    cost = Cost(0, {domain: 1})
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        ways = _ogn151_power_payments(state, me, cost)
        if not ways:
            return None
        effects.ask(state, ctx, "custom", {"choices": [{"pay": None}, *({"pay": w} for w in ways)],
                                           "what": "pay and exhaust the source to ready the unit"},
                    "355.10.c.1")
        return False
    if answer.get("pay") is None:
        return None
    pay(state, me, cost, Payment(**answer["pay"]), log)
    actions.exhaust(state, src.oid, log)
    actions.ready(state, unit.oid, log)
    return None


@custom("ogn151_reveal_until_unit_and_play")
def _ogn151_reveal_until_unit_and_play(state: GameState, ctx: dict[str, Any],
                                       log: list[GameAction]) -> bool | None:
    """Reveal the controller's Main Deck from the top until a unit card is revealed; banish
    that unit and play it ignoring its cost (to their base or a battlefield they control:
    answer ``{"to": place}`` when there is a choice); then recycle the other revealed cards
    (a recorded random order when 2+, 416.5)."""
    from riftlog.rules import abilities, actions, effects
    from riftlog.rules.resources import card_facts
    from riftlog.rules.zones import change_zone

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
            if effects._type(state.objects[oid].card) == "Unit":
                unit = oid
                break
        data["revealed"], data["unit"] = revealed, unit
        if revealed:
            actions.reveal(state, revealed, log, player=me)
    if "banished" not in data:
        from riftlog.rules import deck_seen  # issue #5 (K2): abilities of cards revealed on top

        if not deck_seen.offer(state, ctx, me, data["revealed"], log):
            return False
        data["banished"] = True
        if data["unit"] is not None and state.objects[data["unit"]].zone != "main_deck":
            data["unit"] = None  # it left the deck as it was revealed: nothing to banish/play
        if data["unit"] is not None:
            actions.banish(state, data["unit"], log, player=me)
    unit = data["unit"]
    if unit is not None and not data.get("played"):
        obj = state.objects[unit]
        if obj.zone == "banishment":
            card_facts(obj.card).require_supported()
            places = unit_places(state, me)  # issue #5 (K2): base + controlled bfs, unless 054.1
            if len(places) > 1 and "to" not in answer:
                effects.ask(state, ctx, "custom", {"choices": [{"to": t} for t in places],
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
            abilities.after_play(state, unit, me, log)
        data["played"] = True
    rest = [o for o in data["revealed"] if o != unit and state.objects[o].zone == "main_deck"]
    return _ogn151_rest_to_bottom(state, ctx, log, me, rest, answer)


def _ogn151_rest_to_bottom(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                           pid: str, rest: list[str], answer: dict[str, Any] | None) -> bool | None:
    """Move *rest* (cards of *pid*'s Main Deck) to its bottom (416.1): one at once, two or
    more in a recorded random order (416.5), awaited as a DeckOrderRecorded (False)."""
    from riftlog.rules import hooks

    if not rest:
        return None
    p = state.players[pid]
    if len(rest) == 1:
        order = rest
    elif answer is None or "order" not in answer:
        keep = [o for o in p.main_deck if o not in rest]
        state.queue.append(hooks.await_entry(
            "deck_order", None, ["DeckOrderRecorded"], "416.5",
            {"player": pid, "deck": "main", "keep": keep, "randomize": rest},
            then={"kind": "effects", "ctx": ctx}))
        return False
    else:
        order = list(answer["order"])
    p.main_deck = [o for o in p.main_deck if o not in order] + order
    log.append(GameAction("recycle", pid, tuple(sorted(order)), {"count": len(order),
                          "zone": "main_deck"}, "public", "416.1", pid))
    return None
# --- end batch ogn_151_200 ---


# --- batch ogn_251_298 ---
def _b251_event_player(ctx: dict[str, Any]) -> str:
    player: str = (ctx.get("event") or {}).get("player") or ctx["controller"]
    return player


def _b251_runes(state: GameState, pid: str, exhausted: bool | None = None) -> list[str]:
    from riftlog.rules import layers

    return [o for o in state.players[pid].base if layers.printed_type(state.objects[o].card) == "Rune"
            and state.objects[o].controller == pid
            and (exhausted is None or state.objects[o].exhausted == exhausted)]


def _b251_pick(state: GameState, ctx: dict[str, Any], key: str, options: list[Any],
               rule: str) -> tuple[bool, Any]:
    """Ask the controller to pick one of *options* (a recorded ChoiceMade, kind "custom",
    answer ``{key: option}``); (False, None) while waiting."""
    from riftlog.rules import effects

    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        effects.ask(state, ctx, "custom", {"choices": [{key: o} for o in options]}, rule)
        return False, None
    return True, answer.get(key)


@custom("b251_that_player_channels")
def _b251_that_player_channels(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                               n: int = 1) -> None:
    """The player the event is about channels *n* runes (e.g. at their Beginning Phase)."""
    from riftlog.rules import actions

    actions.channel(state, _b251_event_player(ctx), log, n)


@custom("b251_that_player_gains_points")
def _b251_that_player_gains_points(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                   n: int = 1) -> None:
    """The player the event is about gains *n* points (not a score)."""
    pid = _b251_event_player(ctx)
    player = state.players[pid]
    player.points += n
    log.append(GameAction("gain_points", pid, (), {"points": n, "total": player.points,
                                                   "reason": ctx["card"]}, "public", "466.1.a",
                          ctx["controller"]))


@custom("b251_champion_back")
def _b251_champion_back(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """The controller may put their Chosen Champion (113) from their trash back into their
    empty Champion Zone."""
    from riftlog.rules.zones import change_zone

    pid = ctx["controller"]
    champ = state.objects.get(f"{pid}.champ")
    if champ is None or champ.zone != "trash" or champ.owner != pid or state.players[pid].champion:
        return None
    done, use = _b251_pick(state, ctx, "use", [True, False], "383.3.a")
    if not done:
        return False
    if use:
        change_zone(state, champ, "champion")
        log.append(GameAction("return_champion", pid, (champ.oid,), {"card": champ.card,
                              "from": "trash", "to": "champion"}, "public", "113", pid))
    return None


@custom("b251_spend_buff_to_draw")
def _b251_spend_buff_to_draw(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                             n: int = 1) -> bool | None:
    """The controller may spend a buff of one of their units (702.2.b) to draw *n*."""
    from riftlog.rules import actions, layers

    pid = ctx["controller"]
    buffed = [o for bf in state.battlefields for o in bf.units] + list(state.players[pid].base)
    buffed = [o for o in buffed if state.objects[o].controller == pid and state.objects[o].buffed
              and layers.printed_type(state.objects[o].card) == "Unit"]
    if not buffed:
        return None
    done, unit = _b251_pick(state, ctx, "unit", [*buffed, None], "702.2.b")
    if not done:
        return False
    if unit is not None:
        _k1_spend(state, unit)  # issue #5 (K1): one buff (702.2.b)
        log.append(GameAction("spend_buff", pid, (unit,), {}, "public", "702.2.b", pid))
        actions.draw(state, pid, log, n)
    return None


@custom("b251_conquer_effects_here")
def _b251_conquer_effects_here(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> None:
    """The conquer abilities (383.4.c) of the units at the source battlefield trigger as if
    their controller had conquered it."""
    from riftlog.rules import triggers

    bf_oid = ctx.get("source") or ""
    bf = next((b for b in state.battlefields if b.oid == bf_oid), None)
    if bf is None:
        return
    pending = state.extra.setdefault("triggers", [])
    found = 0
    for oid in bf.units:
        obj = state.objects[oid]
        for index, ab in triggers.listeners(obj.card):
            if ab.when.event == "conquers" and ab.when.subject == "me":
                pending.append({"id": state.next_id("tr"), "card": obj.card, "source": oid,
                                "ability": index, "controller": obj.controller,
                                "event": {"player": obj.controller, "battlefield": bf_oid}})
                found += 1
    if found:
        state.queue.append({"kind": "triggers"})
    elif not pending:
        state.extra.pop("triggers", None)


@custom("b251_recycle_a_rune")
def _b251_recycle_a_rune(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """The controller recycles one of their runes (their pick, not a target)."""
    from riftlog.rules import actions

    mine = _b251_runes(state, ctx["controller"])
    if not mine:
        return None
    if len(mine) == 1:
        actions.recycle(state, mine, log, player=ctx["controller"])
        return None
    done, rune = _b251_pick(state, ctx, "rune", mine, "416")
    if not done:
        return False
    actions.recycle(state, [rune], log, player=ctx["controller"])
    return None


@custom("b251_ready_runes")
def _b251_ready_runes(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                      n: int = 2) -> bool | None:
    """The controller readies up to *n* of their exhausted runes (their pick)."""
    import itertools

    from riftlog.rules import actions

    tired = _b251_runes(state, ctx["controller"], exhausted=True)
    if not tired:
        return None
    options = [list(c) for k in range(min(n, len(tired)), -1, -1)
               for c in itertools.combinations(tired, k)]
    done, picked = _b251_pick(state, ctx, "runes", options, "415")
    if not done:
        return False
    for oid in picked:
        actions.ready(state, oid, log)
    return None


@custom("b251_look_two_recycle_any")
def _b251_look_two_recycle_any(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                               n: int = 2) -> bool | None:
    """Look at the top *n* of the Main Deck (privately); recycle any of them, put the rest
    back on top in any order.  Answer ``{"recycle": [oids], "top": [oids, top first]}``."""
    import itertools

    from riftlog.rules import deck_seen  # issue #5 (K2): abilities of cards seen on top

    pid = ctx["controller"]
    deck = state.players[pid].main_deck
    key = str(ctx["pc"])
    looked = ctx.setdefault("looked", {})
    if key not in looked:
        looked[key] = deck[:n]
        if looked[key]:
            log.append(GameAction("look", pid, tuple(looked[key]), {
                "cards": [state.objects[o].card for o in looked[key]], "count": len(looked[key]),
                "zone": "main_deck"}, f"private:{pid}", "416", pid))
    if not deck_seen.offer(state, ctx, pid, looked[key], log):
        return False
    top = deck_seen.still_in_deck(state, looked[key])
    if not top:
        return None
    answer = ctx["answers"].get(key)
    if answer is None:
        choices = []
        for k in range(len(top) + 1):
            for gone in itertools.permutations(top, k):
                rest = [o for o in top if o not in gone]
                for order in itertools.permutations(rest):
                    choices.append({"recycle": list(gone), "top": list(order)})
        from riftlog.rules import effects

        effects.ask(state, ctx, "custom", {"choices": choices}, "416")
        return False
    recycled, kept = list(answer["recycle"]), list(answer["top"])
    del deck[:len(top)]
    deck[0:0] = kept
    deck.extend(recycled)
    log.append(GameAction("arrange", pid, tuple(top), {"count": len(top), "recycled": len(recycled),
                          "zone": "main_deck"}, f"private:{pid}", "416", pid))
    return None


@custom("b251_win_with_units_here")
def _b251_win_with_units_here(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                              n: int = 7) -> None:
    """The controller wins the game if they have *n* or more units at the source."""
    from riftlog.rules import layers, scoring

    pid = ctx["controller"]
    bf = next((b for b in state.battlefields if b.oid == ctx.get("source")), None)
    if bf is None or state.phase == "over":
        return
    mine = [o for o in bf.units if state.objects[o].controller == pid
            and layers.printed_type(state.objects[o].card) == "Unit"]
    if len(mine) < n:
        return
    team = sorted(scoring._team(state, pid))
    state.winner = team
    state.end_reason = "card"
    state.phase = "over"
    for p in team:
        log.append(GameAction("win", p, (), {"reason": "card", "card": ctx["card"]},
                              "public", "467", None))


@custom("b251_move_to_or_from_base")
def _b251_move_to_or_from_base(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                               unit: str = "t") -> bool | None:
    """Move the chosen unit to its base if it is at a battlefield, else from its base to a
    battlefield its controller's units may go to (the controller's pick as it resolves)."""
    from riftlog.rules import actions, effects
    from riftlog.rules.movement import destination_problem
    from riftlog.rules.zones import base_of

    oid = next(iter(ctx["targets"].get(unit, [])), None)
    if oid is None or state.objects[oid].zone not in ("base", "battlefield"):
        return None
    obj = state.objects[oid]
    if obj.zone == "battlefield":
        dest = base_of(obj.controller)
    else:
        places = [b.oid for b in state.battlefields
                  if destination_problem(state, obj.controller, b.oid) is None
                  and not effects.move_forbidden(state, obj, b.oid)]
        if not places:
            return None
        done, dest = _b251_pick(state, ctx, "to", places, "420.1")
        if not done:
            return False
    if not effects.move_forbidden(state, obj, dest):
        actions.move(state, oid, dest, log, player=ctx["controller"])
    return None


@custom("b251_might_damage")
def _b251_might_damage(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                       dealer: str = "t", taker: str = "e", mutual: bool = False) -> None:
    """The unit chosen as *dealer* deals damage equal to its Might to the one chosen as
    *taker* (and back, if *mutual*); both must still be on the board (359.3.e.12)."""
    from riftlog.rules import actions, effects, layers

    a = next(iter(ctx["targets"].get(dealer, [])), None)
    b = next(iter(ctx["targets"].get(taker, [])), None)
    objs = state.objects
    if a is None or b is None or objs[a].zone not in ("base", "battlefield") or \
            objs[b].zone not in ("base", "battlefield"):
        return
    pairs = [(a, b, layers.might_of(state, a))]
    if mutual:
        pairs.append((b, a, layers.might_of(state, b)))
    for src, dst, n in pairs:
        if n > 0:
            actions.deal(state, dst, n + effects.bonus_damage(state, dst, n), log, source=src,
                         player=ctx["controller"])


@custom("b251_move_then_duel")
def _b251_move_then_duel(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """Move the chosen enemy unit to a place its controller's units may go (the player
    picks), then pick a second enemy unit at that place; each of the two hits the other
    for its own Might."""
    from riftlog.rules import actions, effects
    from riftlog.rules.movement import destination_problem
    from riftlog.rules.zones import base_of

    answers = ctx["answers"].setdefault("b251", {})
    oid = next(iter(ctx["targets"].get("t", [])), None)
    if oid is None or state.objects[oid].zone not in ("base", "battlefield"):
        return None
    obj = state.objects[oid]
    if "to" not in answers:
        places = [base_of(obj.controller), *(bf.oid for bf in state.battlefields)]
        places = [p for p in places if p != obj.location
                  and destination_problem(state, obj.controller, p) is None
                  and not effects.move_forbidden(state, obj, p)]
        if not places:
            answers["to"] = None
        else:
            done, dest = _b251_pick(state, ctx, "to", places, "420.1")
            if not done:
                return False
            answers["to"] = dest
            ctx["answers"].pop(str(ctx["pc"]), None)
            actions.move(state, oid, dest, log, player=ctx["controller"])
    if answers.get("to") is None or state.objects[oid].zone not in ("base", "battlefield"):
        return None
    where = state.objects[oid].location
    others = [o for lst in ([*state.players[obj.controller].base],
                            *([*b.units] for b in state.battlefields)) for o in lst
              if o != oid and state.objects[o].location == where
              and state.objects[o].controller in state.opponents(ctx["controller"])]
    if not others:
        return None
    done, other = _b251_pick(state, ctx, "unit", others, "359.3")
    if not done:
        return False
    ctx["targets"]["b251_other"] = [other]
    _b251_might_damage(state, ctx, log, "t", "b251_other", True)
    return None


@custom("b251_may_move_friendly_to_its_bf")
def _b251_may_move_friendly_to_its_bf(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                      name: str = "t") -> bool | None:
    """The controller may move one of their units to the battlefield where the unit chosen
    as *name* is."""
    from riftlog.rules import actions, effects, layers
    from riftlog.rules.movement import destination_problem

    foe = next(iter(ctx["targets"].get(name, [])), None)
    if foe is None or state.objects[foe].zone != "battlefield":
        return None
    dest = state.objects[foe].location or ""
    pid = ctx["controller"]
    if destination_problem(state, pid, dest) is not None:
        return None
    mine = [o for o in [*state.players[pid].base, *(u for b in state.battlefields for u in b.units)]
            if state.objects[o].controller == pid and state.objects[o].location != dest
            and layers.printed_type(state.objects[o].card) == "Unit"
            and not effects.move_forbidden(state, state.objects[o], dest)]
    if not mine:
        return None
    done, unit = _b251_pick(state, ctx, "unit", [*mine, None], "420.1")
    if not done:
        return False
    if unit is not None:
        actions.move(state, unit, dest, log, player=pid)
    return None
@custom("b251_kill_group_max_might")
def _b251_kill_group_max_might(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                               name: str = "t", most: int = 4) -> bool | None:
    """Kill the units chosen for *name* (all at one battlefield, total Might at most *most*).
    If they no longer fit together, the controller picks a subset that does (355.11.b)."""
    import itertools

    from riftlog.rules import effects, layers

    alive = [o for o in ctx["targets"].get(name, []) if o in state.objects
             and state.objects[o].zone == "battlefield"
             and layers.printed_type(state.objects[o].card) == "Unit"]

    def fits(group: tuple[str, ...]) -> bool:
        return len({state.objects[o].location for o in group}) <= 1 and \
            sum(layers.might_of(state, o) for o in group) <= most

    if fits(tuple(alive)):
        picked = alive
    else:
        options = [list(g) for k in range(len(alive), -1, -1)
                   for g in itertools.combinations(alive, k) if fits(g)]
        done, chosen = _b251_pick(state, ctx, "units", options, "355.11.b")
        if not done:
            return False
        picked = list(chosen)
    if picked:
        effects.kill(state, picked, log, attribution=[ctx["source"]] if ctx.get("source") else [],
                     player=ctx["controller"])
    return None
@custom("b251_deal_paid_to_enemies_at")
def _b251_deal_paid_to_enemies_at(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                  key: str = "x", where: str = "bf") -> None:
    """Deal the amount paid as ``choices[key]`` to every enemy unit at the chosen
    battlefield *where* (with its Bonus Damage)."""
    from riftlog.rules import actions, effects, layers

    n = int(ctx.get("choices", {}).get(key, 0) or 0)
    bf = next(iter(ctx["targets"].get(where, [])), None)
    if n < 1 or bf is None:
        return
    opponents = state.opponents(ctx["controller"])
    for b in state.battlefields:
        if b.oid != bf:
            continue
        for oid in list(b.units):
            obj = state.objects[oid]
            if obj.controller in opponents and layers.printed_type(obj.card) == "Unit":
                actions.deal(state, oid, n + effects.bonus_damage(state, oid, n), log,
                             source=ctx.get("source"), player=ctx["controller"])
@custom("b251_owned_tag_unit_to_hand")
def _b251_owned_tag_unit_to_hand(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                 tag: str = "Teemo") -> bool | None:
    """The controller puts a unit with *tag* that they own into their hand, from their
    Champion Zone or the board (their pick)."""
    from riftlog.rules import layers
    from riftlog.rules.resources import card_facts
    from riftlog.rules.zones import change_zone

    pid = ctx["controller"]
    pool = [*state.players[pid].champion, *(o for p in state.players.values() for o in p.base),
            *(u for b in state.battlefields for u in b.units)]
    units = [o for o in pool if state.objects[o].owner == pid
             and layers.printed_type(state.objects[o].card) == "Unit"
             and tag in (layers.characteristics(state, o).tags if state.objects[o].zone != "champion"
                         else card_facts(state.objects[o].card).tags)]
    if not units:
        return None
    if len(units) == 1:
        unit = units[0]
    else:
        done, unit = _b251_pick(state, ctx, "unit", units, "420")
        if not done:
            return False
    obj = state.objects[unit]
    origin = obj.zone
    change_zone(state, obj, "hand")
    log.append(GameAction("return_to_hand", pid, (unit,), {"card": obj.card, "from": origin},
                          "public", "420", pid))
    return None


@custom("b251_hidden_cards_from_trash")
def _b251_hidden_cards_from_trash(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                  most: int = 2) -> bool | None:
    """The controller returns up to *most* cards with Hidden from their trash to their hand
    (their pick)."""
    import itertools

    from riftlog.rules.resources import card_facts
    from riftlog.rules.zones import change_zone

    pid = ctx["controller"]
    found = [o for o in state.players[pid].trash
             if "Hidden" in card_facts(state.objects[o].card).keyword_names]
    if not found:
        return None
    options = [list(c) for k in range(min(most, len(found)), -1, -1)
               for c in itertools.combinations(found, k)]
    done, picked = _b251_pick(state, ctx, "cards", options, "420")
    if not done:
        return False
    for oid in picked:
        change_zone(state, state.objects[oid], "hand")
    if picked:
        log.append(GameAction("return_to_hand", pid, tuple(picked),
                              {"cards": [state.objects[o].card for o in picked], "from": "trash"},
                              "public", "420", pid))
    return None


@custom("b251_free_hiding_this_turn")
def _b251_free_hiding_this_turn(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> None:
    """For the rest of this turn the controller hides cards without paying (see
    rules.abilities.hide_cost)."""
    pid = ctx["controller"]
    state.extra.setdefault("hide_free", {})[pid] = state.turn
    log.append(GameAction("free_hiding", pid, (), {"turn": state.turn}, "public", "811.1.b", pid))
@custom("b251_discard_to_return_me")
def _b251_discard_to_return_me(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """The controller may discard a card; if they do, the source goes from their trash to
    their hand."""
    from riftlog.rules import actions, triggers
    from riftlog.rules.zones import change_zone

    pid = ctx["controller"]
    me = state.objects.get(ctx.get("source") or "")
    hand = list(state.players[pid].hand)
    if me is None or me.zone != "trash" or me.owner != pid or not hand:
        return None
    done, card = _b251_pick(state, ctx, "card", [*hand, None], "422.1")
    if not done:
        return False
    if card is None:
        return None
    actions.discard(state, [card], log)
    triggers.fire(state, "discarded", obj=card, player=pid)
    if me.zone == "trash":
        change_zone(state, me, "hand")
        log.append(GameAction("return_to_hand", pid, (me.oid,), {"card": me.card, "from": "trash"},
                              "public", "420", pid))
    return None
# --- end batch ogn_251_298 ---


# --- batch ogs ---
def _ogs_bonus(state: GameState, player: str, amount: int) -> int:
    """Annie, Fiery's kind of Bonus Damage for a custom spell/ability Deal of *amount*
    (714; none for a Deal of 0, 715.4)."""
    from riftlog.rules.effects import controller_bonus_damage

    return controller_bonus_damage(state, player) if amount > 0 else 0


@custom("ogs_card_of_type_from_trash")
def _ogs_card_of_type_from_trash(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                 card_type: str = "Spell") -> bool | None:
    """Return a card of *card_type* from the controller's trash to their hand (their pick,
    a ChoiceMade when there are several; nothing when there is none)."""
    from riftlog.rules import effects
    from riftlog.rules.zones import change_zone

    me = ctx["controller"]
    options = [o for o in state.players[me].trash if effects._type(state.objects[o].card) == card_type]
    if not options:
        return None
    picked = effects.pick_one(state, ctx, options)
    if picked is None:
        return False
    obj = state.objects[picked]
    change_zone(state, obj, "hand")
    log.append(GameAction("return_to_hand", me, (picked,), {"card": obj.card, "from": "trash"},
                          "public", "420", me))
    return None


@custom("ogs_tokens_where_you_control")
def _ogs_tokens_where_you_control(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                  token: str, n: int) -> bool | None:
    """Play *n* tokens of *token*, each to the controller's base or to a battlefield they
    control (their pick for each: a ChoiceMade ``{"where": [location per token]}``)."""
    import itertools

    from riftlog.rules import actions, effects

    me = ctx["controller"]
    places = unit_places(state, me)  # issue #5 (K2): base + controlled bfs, unless 054.1
    if len(places) == 1:
        where = [places[0]] * n
    else:
        options = [{"where": list(c)} for c in itertools.combinations_with_replacement(places, n)]
        answer = ctx["answers"].get(str(ctx["pc"]))
        if answer is None:
            effects.ask(state, ctx, "custom", {"choices": options}, "184.1")
            return False
        where = list(answer["where"])
    for loc in where:
        actions.create(state, token, me, log, location=loc)
    return None
@custom("ogs_ready_up_to_runes")
def _ogs_ready_up_to_runes(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                           n: int = 2) -> bool | None:
    """The controller readies 0..*n* of their exhausted runes, their pick (a ChoiceMade
    ``{"runes": [oids]}``; nothing to ask when no rune is exhausted)."""
    import itertools

    from riftlog.rules import actions, effects

    me = ctx["controller"]
    tired = [o for o in state.players[me].base if state.objects[o].exhausted
             and effects._type(state.objects[o].card) == "Rune"]
    if not tired:
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        options = [{"runes": list(c)} for k in range(min(n, len(tired)), -1, -1)
                   for c in itertools.combinations(tired, k)]
        effects.ask(state, ctx, "custom", {"choices": options}, "415")
        return False
    for oid in answer["runes"]:
        actions.ready(state, oid, log)
    return None
# --- end batch ogs ---


# --- issue #5 (K1): kill credit, excess damage, counted buffs ---
def _k1_spend(state: GameState, oid: str) -> None:
    """Spend one buff of *oid* (702.2.b; a unit may hold several: riftlog.rules.buffs)."""
    from riftlog.rules.buffs import spend

    spend(state, state.objects[oid])


def _load_custom_kills() -> None:
    from riftlog.rules import custom_kills  # noqa: F401  (registers on import)


_load_custom_kills()
# --- end issue #5 (K1) ---


# issue #5 (play effects helper): the custom effects of cards played as an effect live in
# their own module, registered on import.
from riftlog.rules import custom_play as _custom_play  # noqa: E402,F401


# replacement helper (issue 4): custom effects of replacement cards live in their own module.
def _load_custom_replacements() -> None:
    from riftlog.rules import custom_replacements  # noqa: F401  (registers on import)


_load_custom_replacements()


# issue #5 (K2): custom effects of restrictions/control cards live in their own module.
def _load_custom_control() -> None:
    from riftlog.rules import custom_control  # noqa: F401  (registers on import)


_load_custom_control()
