"""Helpers the custom effects of several OGN cards share (no effect is registered here)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    ask_player,
    change_zone,
)


def _ogn_target(state: GameState, ctx: dict[str, Any]) -> str | None:
    """The still-legal first declared target of the ability (None if gone)."""

    specs = api.targets_of(ctx["card"], ctx["ability"])
    legal = api.still_legal(state, ctx, specs[0]) if specs else []
    return legal[0] if legal else None


def _each(state: GameState, ctx: dict[str, Any], who: Any) -> list[str]:
    return api.objects(state, ctx, who)


def _to_hand(state: GameState, oid: str, pid: str, log: list[GameAction]) -> None:
    obj = state.objects[oid]
    origin = obj.location or obj.zone
    change_zone(state, obj, "hand")
    log.append(GameAction("return_to_hand", pid, (oid,), {"card": obj.card, "from": origin},
                          "public", "420", pid))


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
