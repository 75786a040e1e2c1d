"""Custom effects of the Origins (OGN) cards 101-150 (prefix ``b150_``).

Split out of :mod:`riftlog.rules.interpreter.custom_effects` (same code and effect names; the helpers several
batches share stay there): registered in :data:`riftlog.rules.interpreter.custom_effects.CUSTOM` on import
(custom.py imports this module at its end) and named in
:data:`riftlog.cards.abilities.CUSTOM_EFFECTS`.
"""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import GameAction, GameState, base_of, card_facts, change_zone, custom


# --- Origins (OGN) ---
def _each(state: GameState, ctx: dict[str, Any], who: Any) -> list[str]:

    return api.objects(state, ctx, who)


@custom("mutual_damage")
def _mutual_damage(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                        one: Any, other: Any) -> None:
    """A fight: each of the two units hits the other for as much as its own Might, both at
    once; each unit is the source of what it deals (417.6.b.3).  Nothing if one is gone."""

    a = _each(state, ctx, one)
    b = _each(state, ctx, other)
    if not a or not b:
        return None
    x, y = a[0], b[0]
    might_x, might_y = max(0, api.might_of(state, x)), max(0, api.might_of(state, y))
    api.deal(state, y, might_x, log, source=x, player=ctx["controller"])
    api.deal(state, x, might_y, log, source=y, player=ctx["controller"])
    return None


@custom("channel_or_draw")
def _channel_or_draw(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                          n: int, draw: int) -> None:
    """Channel *n* runes exhausted; if fewer than *n* could be channeled, draw *draw*."""

    done = api.channel(state, ctx["controller"], log, n, exhausted=True)
    if len(done) < n:
        api.draw(state, ctx["controller"], log, draw)
    return None


@custom("owner_channels")
def _owner_channels(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                         name: str) -> None:
    """The owner of each card chosen as *name* that is now in a hand channels 1 rune
    exhausted (after it was returned to that hand)."""

    for oid in ctx["targets"].get(name, []):
        obj = state.objects.get(oid)
        if obj is not None and obj.zone == "hand":
            api.channel(state, obj.owner, log, 1, exhausted=True)
    return None


@custom("raise_might_to")
def _raise_might_to(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                         who: Any) -> None:
    """Of the two units chosen (in order), the first gets +X Might this turn, X being what
    it lacks to equal the second's Might (nothing if it already has as much)."""

    picked = _each(state, ctx, who)
    if len(picked) != 2:
        return None
    first, second = picked
    diff = api.might_of(state, second) - api.might_of(state, first)
    if diff <= 0:
        return None
    api.add_effect(state, {"source": ctx.get("source"), "layer": "arithmetic",
                              "affects": {"oids": [first]}, "might": diff,
                              "until": "end_of_turn"})
    log.append(GameAction("give_might", ctx["controller"], (first,),
                          {"might": diff, "until": "end_of_turn"}, "public", "471",
                          ctx["controller"]))
    return None


@custom("reveal_hidden_damage")
def _reveal_hidden_damage(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                               who: Any, n: int) -> bool | None:
    """Reveal the top *n* of the controller's Main Deck (424); deal 1 to the chosen unit per
    revealed card with Hidden; recycle the revealed cards (their order at the bottom is a
    recorded random outcome, 416.5)."""

    pid = ctx["controller"]
    deck = state.players[pid].main_deck
    key = str(ctx["pc"])
    answer = ctx["answers"].get(key)
    if answer is None:
        top = list(deck[:n])
        if not top:
            return None
        api.reveal(state, top, log, player=pid)
        hits = sum(1 for o in top if "Hidden" in card_facts(state.objects[o].card).keyword_names)
        for oid in _each(state, ctx, who):
            api.deal(state, oid, hits, log, source=ctx.get("source"), player=pid)
        answer = ctx["answers"][key] = {"revealed": top}

    if not api.offer_seen_card(state, ctx, pid, list(answer["revealed"]), log):
        return False
    rest = api.still_in_deck(state, list(answer["revealed"]))
    if "order" not in answer:
        if len(rest) <= 1:
            answer["order"] = rest
        else:
            return api.await_deck_order(state, ctx, pid, [o for o in deck if o not in rest],
                                            rest)
    order = [o for o in answer["order"] if o in rest]
    if not order:
        return None
    p = state.players[pid]
    p.main_deck = [o for o in p.main_deck if o not in order] + order
    log.append(GameAction("recycle", pid, tuple(sorted(order)), {"count": len(order),
                          "zone": "main_deck"}, "public", "416.1", pid))
    return None


@custom("banish_owner_plays")
def _banish_owner_plays(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                             who: Any) -> None:
    """Banish the chosen unit, then its owner plays it to their own base ignoring its cost
    (a play: it enters exhausted, 143.4, and "played" triggers fire, 383.4.a)."""

    for oid in _each(state, ctx, who):
        api.banish(state, oid, log, player=ctx["controller"])
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
        api.after_play(state, oid, owner, log)
    return None


@custom("recycle_from_trash")
def _recycle_from_trash(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                             n: int) -> bool | None:
    """Recycle *n* cards of the controller's choice from their trash, as many as there are
    (416.6); 2+ cards go to the bottom of the Main Deck in a recorded random order (416.5)."""

    pid = ctx["controller"]
    trash = state.players[pid].trash
    key = str(ctx["pc"])
    ans = ctx["answers"].get(key)
    if ans is None:
        if not trash:
            return None
        if len(trash) > n:
            api.ask(state, ctx, "cards", {"from": list(trash), "count": n}, "416.6")
            return False
        ans = ctx["answers"][key] = {"cards": list(trash)}
    picked = list(ans["cards"])
    if "order" not in ans:
        if len(picked) >= 2:
            return api.await_deck_order(state, ctx, pid,
                                            list(state.players[pid].main_deck), picked)
        ans["order"] = picked
    order = [o for o in ans["order"] if state.objects[o].zone == "trash"]
    if order:
        api.recycle(state, order, log, player=pid)
    return None


@custom("additional_turn_banish_self")
def _additional_turn_banish_self(state: GameState, ctx: dict[str, Any],
                                      log: list[GameAction]) -> None:
    """The controller takes a turn right after this one (735; queued before earlier queued
    additional turns, 738), then the resolving spell card is banished instead of going to
    the trash."""

    pid = ctx["controller"]
    queued = state.extra.setdefault("additional_turns", [])
    queued.insert(0, pid)
    log.append(GameAction("additional_turn", pid, (), {"queued": list(queued)}, "public", "735", pid))
    src = state.objects.get(ctx.get("source") or "")
    if src is not None and src.zone == "chain":
        api.banish(state, src.oid, log, player=pid)
    return None


@custom("recycle_me_from_trash")
def _recycle_me_from_trash(state: GameState, ctx: dict[str, Any],
                                log: list[GameAction]) -> bool | None:
    """A cost (742.1.b): recycle the source card from its owner's trash; False when it is
    not there any more (not paid)."""

    src = state.objects.get(ctx.get("source") or "")
    if src is None or src.zone != "trash":
        return False
    api.recycle(state, src.oid, log, player=ctx["controller"])
    return None


@custom("ready_all_runes")
def _ready_all_runes(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> None:
    """Ready every rune the controller has on the board."""

    for oid in list(state.players[ctx["controller"]].base):
        obj = state.objects[oid]
        if obj.exhausted and api.printed_type(obj.card) == "Rune":
            api.ready(state, oid, log)
    return None


