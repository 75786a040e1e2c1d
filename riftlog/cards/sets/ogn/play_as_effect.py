"""Custom effects of cards that play a card as an effect (issue #5; mechanism in
:mod:`riftlog.rules.playing.play_effects`).  Registered in :data:`riftlog.rules.interpreter.custom_effects.CUSTOM` on
import (custom.py imports this module); the names are listed in
:data:`riftlog.cards.abilities.CUSTOM_EFFECTS` (block "issue #5 play effects").

Each card's encoding picks the card to play in one Custom step and ends with
``Custom("pe_finish_plays")``, which finishes the plays begun (354.3: the resolving effect
completes its own instructions first).  Cards looked at are logged ``private:<player>``
(128.4); reveals, banishes and plays are public.
"""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import GameAction, GameState, card_facts, custom, order_from, points_of

__all__: list[str] = []


# --- helpers ----------------------------------------------------------------------------------


def _data(ctx: dict[str, Any]) -> dict[str, Any]:
    """This step's own progress, kept in the resolution context (plain JSON)."""
    data: dict[str, Any] = ctx.setdefault(f"pe{ctx['pc']}", {})
    return data


def _ask(state: GameState, ctx: dict[str, Any], pid: str, options: dict[str, Any], rule: str) -> None:
    api.ask_play_choice(state, ctx, pid, options, rule)


def _look(state: GameState, pid: str, n: int, log: list[GameAction]) -> list[str]:
    """*pid* looks at the top *n* cards of their Main Deck (as many as there are, 431.1.c):
    logged privately to them (128.4), like the LookAtTop step."""
    top = list(state.players[pid].main_deck[:n])
    if top:
        log.append(GameAction("look", pid, tuple(top),
                              {"cards": [state.objects[o].card for o in top], "count": len(top),
                               "zone": "main_deck"}, f"private:{pid}", "128.4", pid))
    return top


def _pick(state: GameState, ctx: dict[str, Any], data: dict[str, Any], pid: str,
          options: list[str], *, optional: bool, rule: str, what: str) -> tuple[bool, str | None]:
    """*pid* picks one card of *options* (none allowed when *optional*), a recorded
    ChoiceMade of kind "cards" unless there is no real choice.  Returns (done, picked);
    (False, None) after asking."""
    slot = f"pick:{pid}"
    if slot in data:
        return True, data[slot]
    if not options:
        data[slot] = None
        return True, None
    if len(options) == 1 and not optional:
        data[slot] = options[0]
        return True, options[0]
    answer = ctx["answers"].pop(str(ctx["pc"]), None)
    if answer is None or data.get("asked") != pid:
        data["asked"] = pid
        opts: dict[str, Any] = {"kind": "cards", "from": list(options), "count": 1, "what": what}
        if optional:
            opts["up_to"] = True
        _ask(state, ctx, pid, opts, rule)
        return False, None
    data.pop("asked", None)
    cards = answer.get("cards") or []
    data[slot] = cards[0] if cards else None
    return True, data[slot]


def _rest_to_bottom(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                    data: dict[str, Any], decks: list[tuple[str, list[str]]]) -> bool:
    """Recycle each (player, cards) group to the bottom of that player's Main Deck (416.1),
    2+ cards in a recorded random order (416.5: a DeckOrderRecorded).  False while one is
    awaited."""

    done: list[str] = data.setdefault("recycled", [])
    for pid, cards in decks:
        if pid in done:
            continue
        p = state.players[pid]
        rest = [o for o in cards if o in p.main_deck]
        if len(rest) >= 2:
            answer = ctx["answers"].get(str(ctx["pc"])) or {}
            if "order" not in answer or sorted(answer["order"]) != sorted(rest):
                return api.await_deck_order(
                    state, ctx, pid, [o for o in p.main_deck if o not in rest], rest)
            rest = list(answer["order"])
            ctx["answers"].pop(str(ctx["pc"]), None)
        if rest:
            p.main_deck = [o for o in p.main_deck if o not in rest] + rest
            log.append(GameAction("recycle", pid, tuple(sorted(rest)),
                                  {"count": len(rest), "zone": "main_deck"}, "public", "416.1", pid))
        done.append(pid)
    return True


def _banish_and_begin(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                      oid: str, pid: str, **permit: Any) -> None:
    """Banish *oid* (427), then begin *pid*'s play of it from the banishment (419.3)."""
    api.banish(state, oid, log, player=pid)
    if state.objects[oid].zone == "banishment":
        api.begin_play(state, ctx, log, api.permit_play(oid, pid, "banishment", **permit))


def _printed_type(oid_card: str) -> str:
    return api.printed_type(oid_card)


def _seen(state: GameState, ctx: dict[str, Any], log: list[GameAction],
          cards: list[str], owners: list[str]) -> list[str] | None:
    """Offer the abilities of cards seen on top of *owners*' decks (deck_seen, issue #5 K2);
    the *cards* still there, or None while an offer waits for its answer."""

    for owner in owners:
        if not api.offer_seen_card(state, ctx, owner, cards, log):
            return None
    gone = api.gone_from_deck(state, ctx)
    return [o for o in cards if o not in gone]


def _begin_once(data: dict[str, Any]) -> bool:
    """True the first time a picked card's play is to begin (a resumed effect runs again)."""
    if data.get("begun"):
        return False
    data["begun"] = True
    return True


# --- the mechanism's own steps ------------------------------------------------------------------


@custom("pe_finish_plays")
def _pe_finish_plays(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """Finish every play this effect began (355-359, in order: 337.1.b)."""
    return api.finish_plays(state, ctx, log)


@custom("pe_pay_power")
def _pe_pay_power(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                  domain: str, n: int) -> bool | None:
    """Finalize cost of a triggered ability: pay *n* power of *domain* as recorded, else
    not paid (742.1.b)."""
    return api.pay_power(state, ctx, log, domain, n)


# --- the cards ------------------------------------------------------------------------------------


@custom("pe_blind_fury")
def _pe_blind_fury(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """Blind Fury (OGN-025): each opponent reveals their top card (424); the controller
    picks one, banishes it and plays it ignoring its whole cost (356.1.b.1); the other
    revealed cards are recycled."""
    me = ctx["controller"]
    data = _data(ctx)
    if "revealed" not in data:
        tops = [state.players[o].main_deck[0] for o in state.opponents(me)
                if state.players[o].main_deck and not state.players[o].eliminated]
        data["revealed"] = tops
        if tops:
            api.reveal(state, tops, log, player=me)
    # each owner reveals their own top card
    owners = sorted({state.objects[o].owner for o in data["revealed"]})
    revealed = _seen(state, ctx, log, data["revealed"], owners)
    if revealed is None:
        return False
    done, picked = _pick(state, ctx, data, me, revealed, optional=False, rule="419.3",
                         what="the revealed card to banish and play")
    if not done:
        return False
    if picked is not None and _begin_once(data):
        _banish_and_begin(state, ctx, log, picked, me, ignore="cost")
    groups = [(state.objects[o].owner, [o]) for o in revealed if o != picked]
    return None if _rest_to_bottom(state, ctx, log, data, groups) else False


@custom("pe_reinforce")
def _pe_reinforce(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """Reinforce (OGN-062): look at the top 5; the controller may banish a unit among them
    and play it, its cost reduced by 5 Energy (356.4); recycle the others."""
    me = ctx["controller"]
    data = _data(ctx)
    if "top" not in data:
        data["top"] = _look(state, me, 5, log)
    top = _seen(state, ctx, log, data["top"], [me])
    if top is None:
        return False
    units = [o for o in top if _printed_type(state.objects[o].card) == "Unit"]
    done, picked = _pick(state, ctx, data, me, units, optional=True, rule="419.3",
                         what="a unit to banish and play, or none")
    if not done:
        return False
    if picked is not None and _begin_once(data):
        _banish_and_begin(state, ctx, log, picked, me, reduce=5)
    return None if _rest_to_bottom(state, ctx, log, data, [(me, top)]) else False


@custom("pe_baited_hook")
def _pe_baited_hook(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                    victim: Any) -> bool | None:
    """Baited Hook (OGN-242): kill the chosen friendly unit, look at the top 5; the
    controller may banish a unit among them whose Might is at most the killed unit's plus
    one, and play it ignoring its cost; recycle the others.  A chosen unit no longer legal
    is not killed and its Might is null: no unit can be picked (359.3.e.12); the Might is
    the unit's as it was on the board (359.3.e.13)."""
    me = ctx["controller"]
    data = _data(ctx)
    if "top" not in data:
        chosen = api.objects(state, ctx, victim)
        limit = None
        if chosen:
            limit = api.might_of(state, chosen[0]) + 1
            api.kill(state, [chosen[0]], log, player=me)
        data["limit"] = limit
        data["top"] = _look(state, me, 5, log)
    top = _seen(state, ctx, log, data["top"], [me])
    if top is None:
        return False
    limit = data["limit"]
    units = [] if limit is None else [
        o for o in top if _printed_type(state.objects[o].card) == "Unit"
        and (card_facts(state.objects[o].card).might or 0) <= limit]
    done, picked = _pick(state, ctx, data, me, units, optional=True, rule="419.3",
                         what="a unit to banish and play, or none")
    if not done:
        return False
    if picked is not None and _begin_once(data):
        _banish_and_begin(state, ctx, log, picked, me, ignore="cost")
    return None if _rest_to_bottom(state, ctx, log, data, [(me, top)]) else False


@custom("pe_kaisa")
def _pe_kaisa(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """Kai'Sa, Evolutionary (OGN-112): the controller may play a spell from their trash
    whose printed Energy cost is below their points, ignoring its Energy cost but paying
    its Power cost (356.1.b.2); it is recycled once it has resolved."""
    me = ctx["controller"]
    data = _data(ctx)

    points = points_of(state, me)  # your points: a team's total in 2v2 (478.3, 484.6)
    spells = [o for o in state.players[me].trash
              if _printed_type(state.objects[o].card) == "Spell"
              and (card_facts(state.objects[o].card).energy or 0) < points]
    if "pick:" + me not in data:
        data["spells"] = spells
    done, picked = _pick(state, ctx, data, me, data["spells"], optional=True, rule="419.3",
                         what="a spell to play from the trash, or none")
    if not done:
        return False
    if picked is not None and _begin_once(data):
        api.begin_play(state, ctx, log, api.permit_play(
            picked, me, "trash", ignore="energy", recycle_after=True))
    return None


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


@custom("pe_promising_future")
def _pe_promising_future(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """Promising Future (OGN-115): each player (in turn order from the controller) looks
    at their top 5, banishes one of them and recycles the rest; then, starting with the
    next player, each plays the card they banished, ignoring its Energy cost (356.1.b.2)."""
    me = ctx["controller"]
    data = _data(ctx)
    order = order_from(state, me)
    looked: dict[str, list[str]] = data.setdefault("top", {})
    for pid in order:
        if pid not in looked:
            looked[pid] = _look(state, pid, 5, log)
        seen = _seen(state, ctx, log, looked[pid], [pid])
        if seen is None:
            return False
        done, picked = _pick(state, ctx, data, pid, seen, optional=False, rule="419.3",
                             what="the card to banish (played later)")
        if not done:
            return False
        if picked is not None and picked not in data.setdefault("banished", []):
            data["banished"].append(picked)
            api.banish(state, picked, log, player=pid)
    if not _rest_to_bottom(state, ctx, log, data, [(pid, looked[pid]) for pid in order]):
        return False
    if not data.get("begun"):
        data["begun"] = True
        for pid in order[1:] + order[:1]:  # starting with the next player
            oid = data.get(f"pick:{pid}")
            if oid is not None and state.objects[oid].zone == "banishment":
                api.begin_play(state, ctx, log, api.permit_play(
                    oid, pid, "banishment", ignore="energy"))
    return None
