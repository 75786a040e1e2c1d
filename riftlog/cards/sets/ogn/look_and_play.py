"""Helpers of the OGN cards that play a card as an effect (419; the mechanism is riftlog.rules.playing.play_effects): looking at cards, picking one, the rest to the bottom (no effect is registered here)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import GameAction, GameState


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
