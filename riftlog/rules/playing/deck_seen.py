"""Abilities of cards in a Main Deck that work as their owner looks at or reveals them from
the top (issue #5, helper K2; v1.3 366.1: an ability outside the board says where it works;
424 reveal, 427 banish, 419 play).

:class:`~riftlog.cards.vocab_control.SeenOnTopMayBanishAndPlay` (Nocturne, Horrifying,
OGN-194): as its owner looks at it or reveals it from the top of their Main Deck, they may
banish it (a recorded "may" ChoiceMade, rule 427); if they do, they may play it paying the
listed power instead of its cost (a recorded ChoiceMade of kind "custom": ``{"play": null}``
or ``{"play": {"to": place, "payment": {"exhaust": [...], "recycle": [...]}}}``, place =
their base or a battlefield they control, 355.2.a, unless a restriction forbids it, 054.1).
The unit enters exhausted (143.4) and is played (419.1: Legion marks, passives, "played"
triggers).  It happens at once, before the looking effect goes on: the effect continues
with the cards still on the deck (:func:`still_in_deck`).

Every place the engine looks at or reveals cards from the top of a Main Deck calls
:func:`offer` right after the look/reveal: the LookAtTop step (Vision, 817.1.b), and the
custom effects reveal_hidden_damage, look_keep_one,
reveal_until_unit_and_play, look_two_recycle_any, pe_blind_fury (each opponent
reveals their own top card), pe_reinforce, pe_baited_hook and pe_promising_future.  A new
look/reveal must call it too (tests/cards_engine/test_control_cards.py lists them).

Answers are kept apart from the looking effect's own (``ctx["k2_seen"]``): the await's
continuation is the task ``"k2_seen"``, which files the ChoiceMade and resumes the effect.
"""

from __future__ import annotations

import functools
from typing import Any

from riftlog.cards import vocab_control as VC
from riftlog.events.decisions import Payment
from riftlog.rules.board import hooks
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.resources import Cost, card_facts, find_payment, pay, payment_violations
from riftlog.rules.board.state import GameState
from riftlog.rules.board.zones import apply_contested, change_zone
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter import effects
from riftlog.rules.playing import abilities
from riftlog.rules.playing.restrictions import unit_places

__all__ = ["LOOK_PATHS", "gone", "offer", "seen_ability", "still_in_deck"]

Ctx = dict[str, Any]

#: Every look/reveal of the top of a Main Deck that offers the ability (see module doc).
LOOK_PATHS: tuple[str, ...] = (
    "LookAtTop", "reveal_hidden_damage", "look_keep_one",
    "reveal_until_unit_and_play", "look_two_recycle_any", "pe_blind_fury",
    "pe_reinforce", "pe_baited_hook", "pe_promising_future",
)


@functools.lru_cache(maxsize=4096)
def seen_ability(card_id: str) -> VC.SeenOnTopMayBanishAndPlay | None:
    enc = effects.encoding(card_id)
    if enc is None:
        return None
    return next((a for a in enc.abilities if isinstance(a, VC.SeenOnTopMayBanishAndPlay)), None)


def still_in_deck(state: GameState, oids: list[str]) -> list[str]:
    """The cards of *oids* still in a Main Deck (the rest left it, e.g. banished)."""
    return [o for o in oids if state.objects[o].zone == "main_deck"]


hooks.still_in_deck.provide(still_in_deck)


def gone(state: GameState, ctx: Ctx) -> set[str]:
    """The cards the offers of this resolution banished (they left the looked-at cards)."""
    return {k.split(":", 1)[1] for k, m in (ctx.get("k2_seen") or {}).items() if m.get("banish")}


def _cost(ab: VC.SeenOnTopMayBanishAndPlay) -> Cost:
    return Cost(0, dict(ab.power))


def _ask(state: GameState, ctx: Ctx, pid: str, key: str, kind: str, options: dict[str, Any],
         rule: str) -> None:
    opts = {"kind": kind, "source": ctx.get("source"), "card": ctx["card"], **options}
    state.queue.append(hooks.await_entry("choice", pid, ["ChoiceMade"], rule, opts,
                                         then={"kind": "k2_seen", "ctx": ctx, "key": key}))


def _places(state: GameState, pid: str) -> list[str]:
    return unit_places(state, pid)


def offer(state: GameState, ctx: Ctx, looker: str, seen: list[str], log: list[GameAction]) -> bool:
    """Offer the ability of each card of *seen* (just looked at / revealed from the top of
    *looker*'s Main Deck) that has it and is *looker*'s.  False after asking a ChoiceMade:
    the caller returns False and is run again (its own progress must be kept); True when
    nothing (more) is to be decided."""
    memos: dict[str, Any] = ctx.setdefault("k2_seen", {})
    for oid in seen:
        key = f"{ctx.get('pc', 0)}:{oid}"
        memo = memos.get(key)
        obj = state.objects.get(oid)
        if memo is None:
            if obj is None or obj.zone != "main_deck" or obj.owner != looker or \
                    seen_ability(obj.card) is None:
                continue
            memo = memos[key] = {"looker": looker}
        if memo.get("done"):
            continue
        assert obj is not None
        ab = seen_ability(obj.card)
        assert ab is not None
        if "banish" not in memo:
            answer = memo.pop("answer", None)
            if answer is None:
                _ask(state, ctx, looker, key, "may", {"use": [True, False], "what": (
                    f"banish {card_facts(obj.card)} from the top of the deck (then you may "
                    "play it for its listed power)")}, "427")
                return False
            memo["banish"] = bool(answer.get("use"))
            if not memo["banish"] or obj.zone != "main_deck":
                memo["done"] = True
                continue
            actions.banish(state, oid, log, player=looker)
        if obj.zone != "banishment":
            memo["done"] = True
            continue
        answer = memo.pop("answer", None)
        if answer is None:
            cost = _cost(ab)
            way = find_payment(state, looker, cost)
            listed: list[dict[str, Any]] = [{"play": None}]
            if way is not None:
                listed += [{"play": {"to": t, "payment": {"exhaust": list(way.exhaust),
                                                         "recycle": list(way.recycle)}}}
                           for t in _places(state, looker)]
            _ask(state, ctx, looker, key, "custom", {
                "validator": "k2_seen_play", "player": looker, "oid": oid,
                "cost": cost.to_json(), "choices": listed,
                "what": f"play {card_facts(obj.card)} for its listed power, or not"}, "419.1")
            return False
        memo["done"] = True
        if answer.get("play"):
            _play(state, looker, oid, answer["play"], _cost(ab), log)
    return True


hooks.offer_seen_card.provide(offer)


def _play(state: GameState, pid: str, oid: str, how: dict[str, Any], cost: Cost,
          log: list[GameAction]) -> None:

    obj = state.objects[oid]
    card_facts(obj.card).require_supported()
    pay(state, pid, cost, Payment(**how["payment"]), log)  # 357; raises with nothing changed
    dest = how["to"]
    zone = "base" if dest.startswith("base:") else "battlefield"
    change_zone(state, obj, zone, dest, controller=pid)
    obj.exhausted = True  # 143.4
    if zone == "battlefield":
        bf = next(b for b in state.battlefields if b.oid == dest)
        apply_contested(state, bf, pid)  # 187.3.a.1
    log.append(GameAction("play", pid, (oid,), {"card": obj.card, "from": "banishment", "to": dest,
                                                 "cost": cost.to_json()}, "public", "419.1", pid))
    abilities.after_play(state, oid, pid, log)


def _play_problems(state: GameState, options: dict[str, Any], choice: dict[str, Any]) -> list[str]:
    """What is wrong with the answer to the play offer (validator "k2_seen_play")."""
    if set(choice) != {"play"}:
        return ['answer {"play": null} or {"play": {"to": place, "payment": {...}}}']
    how = choice["play"]
    if how is None:
        return []
    pid = options["player"]
    if not isinstance(how, dict) or set(how) != {"to", "payment"}:
        return ['"play" needs "to" and "payment"']
    out: list[str] = []
    places = _places(state, pid)
    if how["to"] not in places:
        out.append(f"v1.3 355.2.a: a unit is played to {', '.join(places)}, not {how['to']!r}")
    try:
        payment = Payment(**how["payment"])
    except (TypeError, ValueError):
        return [*out, "the payment must be {\"exhaust\": [runes], \"recycle\": [runes]}"]
    cost = Cost.from_json(options["cost"])
    out += [str(v) for v in payment_violations(state, pid, cost, payment)]
    return out


effects.ANSWER_VALIDATORS["k2_seen_play"] = _play_problems


@hooks.task("k2_seen")
def _k2_seen(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    """The continuation of an offer: file the ChoiceMade under its own key, resume the effect."""
    ctx = entry["ctx"]
    ctx.setdefault("k2_seen", {}).setdefault(entry["key"], {})["answer"] = dict(entry.get("answer") or {})
    effects.run(state, ctx, log)
