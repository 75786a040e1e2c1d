"""Custom effects of the Origins (OGN) cards 251-298 (prefix ``b251_``).

Split out of :mod:`riftlog.rules.interpreter.custom_effects` (same code and effect names; the helpers several
batches share stay there): registered in :data:`riftlog.rules.interpreter.custom_effects.CUSTOM` on import
(custom.py imports this module at its end) and named in
:data:`riftlog.cards.abilities.CUSTOM_EFFECTS`.
"""

from __future__ import annotations

import itertools
from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    base_of,
    card_facts,
    change_zone,
    custom,
    destination_problem,
    spend_buff,
    teammates,
)


# --- Origins (OGN) ---
def _event_player(ctx: dict[str, Any]) -> str:
    player: str = (ctx.get("event") or {}).get("player") or ctx["controller"]
    return player


def _runes(state: GameState, pid: str, exhausted: bool | None = None) -> list[str]:
    printed_type = api.printed_type  # replay-perf: no late import
    return [o for o in state.players[pid].base if printed_type(state.objects[o].card) == "Rune"
            and state.objects[o].controller == pid
            and (exhausted is None or state.objects[o].exhausted == exhausted)]


def _pick(state: GameState, ctx: dict[str, Any], key: str, options: list[Any],
               rule: str) -> tuple[bool, Any]:
    """Ask the controller to pick one of *options* (a recorded ChoiceMade, kind "custom",
    answer ``{key: option}``); (False, None) while waiting."""
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        api.ask(state, ctx, "custom", {"choices": [{key: o} for o in options]}, rule)
        return False, None
    return True, answer.get(key)


@custom("that_player_channels")
def _that_player_channels(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                               n: int = 1) -> None:
    """The player the event is about channels *n* runes (e.g. at their Beginning Phase)."""

    api.channel(state, _event_player(ctx), log, n)


@custom("that_player_gains_points")
def _that_player_gains_points(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                   n: int = 1) -> None:
    """The player the event is about gains *n* points (not a score)."""
    pid = _event_player(ctx)
    player = state.players[pid]
    player.points += n
    log.append(GameAction("gain_points", pid, (), {"points": n, "total": player.points,
                                                   "reason": ctx["card"]}, "public", "466.1.a",
                          ctx["controller"]))


@custom("champion_back")
def _champion_back(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """The controller may put their Chosen Champion (113) from their trash back into their
    empty Champion Zone."""

    pid = ctx["controller"]
    champ = state.objects.get(f"{pid}.champ")
    if champ is None or champ.zone != "trash" or champ.owner != pid or state.players[pid].champion:
        return None
    done, use = _pick(state, ctx, "use", [True, False], "383.3.a")
    if not done:
        return False
    if use:
        change_zone(state, champ, "champion")
        log.append(GameAction("return_champion", pid, (champ.oid,), {"card": champ.card,
                              "from": "trash", "to": "champion"}, "public", "113", pid))
    return None


@custom("spend_buff_to_draw")
def _spend_buff_to_draw(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                             n: int = 1) -> bool | None:
    """The controller may spend a buff of one of their units (702.2.b) to draw *n*."""

    pid = ctx["controller"]
    buffed = [o for bf in state.battlefields for o in bf.units] + list(state.players[pid].base)
    buffed = [o for o in buffed if state.objects[o].controller == pid and state.objects[o].buffed
              and api.printed_type(state.objects[o].card) == "Unit"]
    if not buffed:
        return None
    done, unit = _pick(state, ctx, "unit", [*buffed, None], "702.2.b")
    if not done:
        return False
    if unit is not None:
        spend_buff(state, unit)  # issue #5 (K1): one buff (702.2.b)
        log.append(GameAction("spend_buff", pid, (unit,), {}, "public", "702.2.b", pid))
        api.draw(state, pid, log, n)
    return None


@custom("conquer_effects_here")
def _conquer_effects_here(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> None:
    """The conquer abilities (383.4.c) of the units at the source battlefield trigger as if
    their controller had conquered it."""

    bf_oid = ctx.get("source") or ""
    bf = next((b for b in state.battlefields if b.oid == bf_oid), None)
    if bf is None:
        return
    pending = state.extra.setdefault("triggers", [])
    found = 0
    for oid in bf.units:
        obj = state.objects[oid]
        for index, ab in api.listeners(obj.card):
            if ab.when.event == "conquers" and ab.when.subject == "me":
                pending.append({"id": state.next_id("tr"), "card": obj.card, "source": oid,
                                "ability": index, "controller": obj.controller,
                                "event": {"player": obj.controller, "battlefield": bf_oid}})
                found += 1
    if found:
        state.queue.append({"kind": "triggers"})
    elif not pending:
        state.extra.pop("triggers", None)


@custom("recycle_a_rune")
def _recycle_a_rune(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """The controller recycles one of their runes (their pick, not a target)."""

    mine = _runes(state, ctx["controller"])
    if not mine:
        return None
    if len(mine) == 1:
        api.recycle(state, mine, log, player=ctx["controller"])
        return None
    done, rune = _pick(state, ctx, "rune", mine, "416")
    if not done:
        return False
    api.recycle(state, [rune], log, player=ctx["controller"])
    return None


@custom("ready_up_to_runes")
def _ready_up_to_runes(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                      n: int = 2) -> bool | None:
    """The controller readies up to *n* of their exhausted runes (their pick)."""
    tired = _runes(state, ctx["controller"], exhausted=True)
    if not tired:
        return None
    options = [list(c) for k in range(min(n, len(tired)), -1, -1)
               for c in itertools.combinations(tired, k)]
    done, picked = _pick(state, ctx, "runes", options, "415")
    if not done:
        return False
    for oid in picked:
        api.ready(state, oid, log)
    return None


@custom("look_two_recycle_any")
def _look_two_recycle_any(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                               n: int = 2) -> bool | None:
    """Look at the top *n* of the Main Deck (privately); recycle any of them, put the rest
    back on top in any order.  Answer ``{"recycle": [oids], "top": [oids, top first]}``."""
    import itertools


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
    if not api.offer_seen_card(state, ctx, pid, looked[key], log):
        return False
    top = api.still_in_deck(state, looked[key])
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

        api.ask(state, ctx, "custom", {"choices": choices}, "416")
        return False
    recycled, kept = list(answer["recycle"]), list(answer["top"])
    del deck[:len(top)]
    deck[0:0] = kept
    deck.extend(recycled)
    log.append(GameAction("arrange", pid, tuple(top), {"count": len(top), "recycled": len(recycled),
                          "zone": "main_deck"}, f"private:{pid}", "416", pid))
    return None


@custom("win_with_units_here")
def _win_with_units_here(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                              n: int = 7) -> None:
    """The controller wins the game if they have *n* or more units at the source."""

    pid = ctx["controller"]
    bf = next((b for b in state.battlefields if b.oid == ctx.get("source")), None)
    if bf is None or state.phase == "over":
        return
    mine = [o for o in bf.units if state.objects[o].controller == pid
            and api.printed_type(state.objects[o].card) == "Unit"]
    if len(mine) < n:
        return
    team = sorted(teammates(state, pid))
    state.winner = team
    state.end_reason = "card"
    state.phase = "over"
    for p in team:
        log.append(GameAction("win", p, (), {"reason": "card", "card": ctx["card"]},
                              "public", "467", None))


@custom("move_to_or_from_base")
def _move_to_or_from_base(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                               unit: str = "t") -> bool | None:
    """Move the chosen unit to its base if it is at a battlefield, else from its base to a
    battlefield its controller's units may go to (the controller's pick as it resolves)."""

    oid = next(iter(ctx["targets"].get(unit, [])), None)
    if oid is None or state.objects[oid].zone not in ("base", "battlefield"):
        return None
    obj = state.objects[oid]
    if obj.zone == "battlefield":
        dest = base_of(obj.controller)
    else:
        places = [b.oid for b in state.battlefields
                  if destination_problem(state, obj.controller, b.oid) is None
                  and not api.move_forbidden(state, obj, b.oid)]
        if not places:
            return None
        done, dest = _pick(state, ctx, "to", places, "420.1")
        if not done:
            return False
    if not api.move_forbidden(state, obj, dest):
        api.move(state, oid, dest, log, player=ctx["controller"])
    return None


@custom("might_damage")
def _might_damage(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                       dealer: str = "t", taker: str = "e", mutual: bool = False) -> None:
    """The unit chosen as *dealer* deals damage equal to its Might to the one chosen as
    *taker* (and back, if *mutual*); both must still be on the board (359.3.e.12)."""

    a = next(iter(ctx["targets"].get(dealer, [])), None)
    b = next(iter(ctx["targets"].get(taker, [])), None)
    objs = state.objects
    if a is None or b is None or objs[a].zone not in ("base", "battlefield") or \
            objs[b].zone not in ("base", "battlefield"):
        return
    pairs = [(a, b, api.might_of(state, a))]
    if mutual:
        pairs.append((b, a, api.might_of(state, b)))
    for src, dst, n in pairs:
        if n > 0:
            api.deal(state, dst, n + api.bonus_damage(state, dst, n), log, source=src,
                         player=ctx["controller"])


@custom("move_then_duel")
def _move_then_duel(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """Move the chosen enemy unit to a place its controller's units may go (the player
    picks), then pick a second enemy unit at that place; each of the two hits the other
    for its own Might."""

    answers = ctx["answers"].setdefault("b251", {})
    oid = next(iter(ctx["targets"].get("t", [])), None)
    if oid is None or state.objects[oid].zone not in ("base", "battlefield"):
        return None
    obj = state.objects[oid]
    if "to" not in answers:
        places = [base_of(obj.controller), *(bf.oid for bf in state.battlefields)]
        places = [p for p in places if p != obj.location
                  and destination_problem(state, obj.controller, p) is None
                  and not api.move_forbidden(state, obj, p)]
        if not places:
            answers["to"] = None
        else:
            done, dest = _pick(state, ctx, "to", places, "420.1")
            if not done:
                return False
            answers["to"] = dest
            ctx["answers"].pop(str(ctx["pc"]), None)
            api.move(state, oid, dest, log, player=ctx["controller"])
    if answers.get("to") is None or state.objects[oid].zone not in ("base", "battlefield"):
        return None
    where = state.objects[oid].location
    others = [o for lst in ([*state.players[obj.controller].base],
                            *([*b.units] for b in state.battlefields)) for o in lst
              if o != oid and state.objects[o].location == where
              and state.objects[o].controller in state.opponents(ctx["controller"])]
    if not others:
        return None
    done, other = _pick(state, ctx, "unit", others, "359.3")
    if not done:
        return False
    ctx["targets"]["b251_other"] = [other]
    _might_damage(state, ctx, log, "t", "b251_other", True)
    return None


@custom("may_move_friendly_to_its_bf")
def _may_move_friendly_to_its_bf(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                      name: str = "t") -> bool | None:
    """The controller may move one of their units to the battlefield where the unit chosen
    as *name* is."""

    foe = next(iter(ctx["targets"].get(name, [])), None)
    if foe is None or state.objects[foe].zone != "battlefield":
        return None
    dest = state.objects[foe].location or ""
    pid = ctx["controller"]
    if destination_problem(state, pid, dest) is not None:
        return None
    mine = [o for o in [*state.players[pid].base, *(u for b in state.battlefields for u in b.units)]
            if state.objects[o].controller == pid and state.objects[o].location != dest
            and api.printed_type(state.objects[o].card) == "Unit"
            and not api.move_forbidden(state, state.objects[o], dest)]
    if not mine:
        return None
    done, unit = _pick(state, ctx, "unit", [*mine, None], "420.1")
    if not done:
        return False
    if unit is not None:
        api.move(state, unit, dest, log, player=pid)
    return None
@custom("kill_group_max_might")
def _kill_group_max_might(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                               name: str = "t", most: int = 4) -> bool | None:
    """Kill the units chosen for *name* (all at one battlefield, total Might at most *most*).
    If they no longer fit together, the controller picks a subset that does (355.11.b)."""
    import itertools


    alive = [o for o in ctx["targets"].get(name, []) if o in state.objects
             and state.objects[o].zone == "battlefield"
             and api.printed_type(state.objects[o].card) == "Unit"]

    def fits(group: tuple[str, ...]) -> bool:
        return len({state.objects[o].location for o in group}) <= 1 and \
            sum(api.might_of(state, o) for o in group) <= most

    if fits(tuple(alive)):
        picked = alive
    else:
        options = [list(g) for k in range(len(alive), -1, -1)
                   for g in itertools.combinations(alive, k) if fits(g)]
        done, chosen = _pick(state, ctx, "units", options, "355.11.b")
        if not done:
            return False
        picked = list(chosen)
    if picked:
        api.kill(state, picked, log, attribution=[ctx["source"]] if ctx.get("source") else [],
                     player=ctx["controller"])
    return None
@custom("deal_paid_to_enemies_at")
def _deal_paid_to_enemies_at(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                  key: str = "x", where: str = "bf") -> None:
    """Deal the amount paid as ``choices[key]`` to every enemy unit at the chosen
    battlefield *where* (with its Bonus Damage)."""

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
            if obj.controller in opponents and api.printed_type(obj.card) == "Unit":
                api.deal(state, oid, n + api.bonus_damage(state, oid, n), log,
                             source=ctx.get("source"), player=ctx["controller"])
@custom("owned_tag_unit_to_hand")
def _owned_tag_unit_to_hand(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                 tag: str = "Teemo") -> bool | None:
    """The controller puts a unit with *tag* that they own into their hand, from their
    Champion Zone or the board (their pick)."""

    pid = ctx["controller"]
    pool = [*state.players[pid].champion, *(o for p in state.players.values() for o in p.base),
            *(u for b in state.battlefields for u in b.units)]
    units = [o for o in pool if state.objects[o].owner == pid
             and api.printed_type(state.objects[o].card) == "Unit"
             and tag in (api.characteristics(state, o).tags if state.objects[o].zone != "champion"
                         else card_facts(state.objects[o].card).tags)]
    if not units:
        return None
    if len(units) == 1:
        unit = units[0]
    else:
        done, unit = _pick(state, ctx, "unit", units, "420")
        if not done:
            return False
    obj = state.objects[unit]
    origin = obj.zone
    change_zone(state, obj, "hand")
    log.append(GameAction("return_to_hand", pid, (unit,), {"card": obj.card, "from": origin},
                          "public", "420", pid))
    return None


@custom("hidden_cards_from_trash")
def _hidden_cards_from_trash(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                  most: int = 2) -> bool | None:
    """The controller returns up to *most* cards with Hidden from their trash to their hand
    (their pick)."""
    import itertools


    pid = ctx["controller"]
    found = [o for o in state.players[pid].trash
             if "Hidden" in card_facts(state.objects[o].card).keyword_names]
    if not found:
        return None
    options = [list(c) for k in range(min(most, len(found)), -1, -1)
               for c in itertools.combinations(found, k)]
    done, picked = _pick(state, ctx, "cards", options, "420")
    if not done:
        return False
    for oid in picked:
        change_zone(state, state.objects[oid], "hand")
    if picked:
        log.append(GameAction("return_to_hand", pid, tuple(picked),
                              {"cards": [state.objects[o].card for o in picked], "from": "trash"},
                              "public", "420", pid))
    return None


@custom("free_hiding_this_turn")
def _free_hiding_this_turn(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> None:
    """For the rest of this turn the controller hides cards without paying (see
    rules.abilities.hide_cost)."""
    pid = ctx["controller"]
    state.extra.setdefault("hide_free", {})[pid] = state.turn
    log.append(GameAction("free_hiding", pid, (), {"turn": state.turn}, "public", "811.1.b", pid))
@custom("discard_to_return_me")
def _discard_to_return_me(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """The controller may discard a card; if they do, the source goes from their trash to
    their hand."""

    pid = ctx["controller"]
    me = state.objects.get(ctx.get("source") or "")
    hand = list(state.players[pid].hand)
    if me is None or me.zone != "trash" or me.owner != pid or not hand:
        return None
    done, card = _pick(state, ctx, "card", [*hand, None], "422.1")
    if not done:
        return False
    if card is None:
        return None
    api.discard(state, [card], log)
    api.fire(state, "discarded", obj=card, player=pid)
    if me.zone == "trash":
        change_zone(state, me, "hand")
        log.append(GameAction("return_to_hand", pid, (me.oid,), {"card": me.card, "from": "trash"},
                              "public", "420", pid))
    return None
