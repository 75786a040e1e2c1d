"""Custom effects of control and keep-choice cards (issue #5, helper K2).

Registered in :data:`riftlog.rules.interpreter.custom_effects.CUSTOM` like the others (custom.py imports this
module at its end); names listed in ``riftlog.cards.abilities.CUSTOM_EFFECTS`` (block
``issue #5 (K2)``).

* ``ctl_take_spell(who)`` (Mystic Reversal, OGN-080): the resolving spell's controller
  becomes the controller of the chosen spell on the chain (188.2: the controller of a spell
  chooses its targets and modes); it may then make new choices for it: a recorded
  ChoiceMade of kind "custom" answered ``{"keep": true}`` or ``{"targets": {name: [ids]},
  "mode": "0"?}``, judged as the spell's own choices would be as it is played (355.3, 355.5,
  355.9.c, 355.11) from the new controller's side.  Costs are not paid again.
* ``ctl_each_keeps(n)`` (Divine Judgment, OGN-244): every player, in turn order from the
  turn player, chooses *n* of their units, *n* gear, *n* runes and *n* cards in hand to keep
  (no targets, 355.10.e: each choice is a ChoiceMade of that player, made as the spell
  resolves); only when every player has chosen are the rest recycled, all together (416):
  cards to their owner's Main Deck in a recorded random order per deck (416.5), runes to the
  Rune Deck in the order the owner gave (``"rune_order"``, 416.5.a; default as listed).
"""

from __future__ import annotations

from typing import Any

from riftlog.events.abilities import ChoiceMade
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from riftlog.rules.board import hooks, layers
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import ChainItem, GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter import effects
from riftlog.rules.interpreter.custom_effects import custom
from riftlog.rules.playing.abilities import (
    play_targets,
    spell_modes,
    spell_violations,
    target_options,
)

__all__ = ["keep_pools"]

Ctx = dict[str, Any]


# --- Mystic Reversal: control of a spell on the chain, new choices ---------------------------


def _item(state: GameState, item_id: str) -> ChainItem | None:
    return next((it for it in state.chain if it.id == item_id), None)


def _current_targets(state: GameState, item: ChainItem) -> dict[str, list[str]]:
    assert item.source is not None
    card = state.objects[item.source].card
    if "targets" in item.targets and not isinstance(item.targets["targets"], dict):
        return play_targets(card, item.targets["targets"], item.choices.get("mode"))
    return {k: list(v) for k, v in item.targets.items()}


def _as_played(state: GameState, item: ChainItem, choice: dict[str, Any]) -> CardPlayed:
    """A stand-in CardPlayed carrying the new choices, to judge them as at play (355)."""
    assert item.source is not None
    targets = {k: tuple(v) for k, v in (choice.get("targets") or {}).items()}
    return CardPlayed(player=item.controller, card=item.source, payment=Payment(),
                      targets=targets, choices=dict(item.choices), mode=choice.get("mode"))


def _new_choice_problems(state: GameState, options: dict[str, Any],
                         choice: dict[str, Any]) -> list[str]:

    if choice == {"keep": True}:
        return []
    if set(choice) - {"targets", "mode"} or not isinstance(choice.get("targets", {}), dict):
        return ['answer {"keep": true} or {"targets": {name: [ids]}, "mode": "<n>"?}']
    item = _item(state, options["item"])
    if item is None or item.source is None:
        return [f"{options['item']} is no longer on the chain"]
    card = state.objects[item.source].card
    mode = choice.get("mode", item.choices.get("mode"))
    found = spell_violations(state, _as_played(state, item, {**choice, "mode": mode}), card)
    return [f"v1.3 {v.rule}: {v.message}" for v in found]


effects.ANSWER_VALIDATORS["ctl_new_choices"] = _new_choice_problems


def _alternatives(state: GameState, item: ChainItem) -> list[dict[str, Any]]:
    """A few legal new choices (listed for bots; the validator judges any answer)."""

    assert item.source is not None
    out: list[dict[str, Any]] = []
    for mode in spell_modes(state.objects[item.source].card):
        for targets in target_options(state, item.controller, item.source, mode)[:2]:
            choice: dict[str, Any] = {"targets": {k: list(v) for k, v in targets.items()}}
            if mode is not None:
                choice["mode"] = mode
            if not _new_choice_problems(state, {"item": item.id}, choice):
                out.append(choice)
    return out[:3]


@custom("ctl_take_spell")
def _ctl_take_spell(state: GameState, ctx: Ctx, log: list[GameAction], who: Any) -> bool | None:
    me = ctx["controller"]
    key = str(ctx["pc"])
    answer = ctx["answers"].get(key)
    if answer is None:
        chosen = effects.objects(state, ctx, who)  # still-legal chain item ids (359.3.e)
        item = next((it for it in state.chain if it.id in chosen), None)
        if item is None or item.source is None:
            return None
        before = item.controller
        item.controller = me
        card = state.objects[item.source].card
        log.append(GameAction("gain_control", me, (item.source,), {"item": item.id, "card": card,
                              "from": before}, "public", "188.2", me))
        listed = [{"keep": True}, *_alternatives(state, item)]
        ctx["ctl_item"] = item.id
        effects.ask(state, ctx, "custom", {
            "validator": "ctl_new_choices", "item": item.id, "card_of_item": card,
            "current": {"targets": _current_targets(state, item), "mode": item.choices.get("mode")},
            "choices": listed, "what": "keep the spell's choices or make new ones"}, "355.5")
        return False
    item = _item(state, ctx.get("ctl_item") or "")
    if item is None or answer.get("keep"):
        return None
    if "mode" in answer:
        item.choices["mode"] = answer["mode"]
    item.targets = {k: list(v) for k, v in (answer.get("targets") or {}).items()}
    log.append(GameAction("new_choices", me, (item.source or "",), {
        "item": item.id, "targets": dict(item.targets), "mode": item.choices.get("mode")},
        "public", "355.5", me))
    return None


# --- Divine Judgment: every player keeps n of each kind, the rest is recycled ----------------

_KINDS = (("units", "Unit"), ("gear", "Gear"), ("runes", "Rune"))


def keep_pools(state: GameState, pid: str) -> dict[str, list[str]]:
    """What *pid* chooses among: their units, gear and runes on the board, their hand."""
    p = state.players[pid]
    board = [*p.base] + [o for bf in state.battlefields for o in (*bf.units, *bf.gear)]
    mine = [o for o in board if state.objects[o].controller == pid]
    pools = {name: [o for o in mine if layers.printed_type(state.objects[o].card) == kind]
             for name, kind in _KINDS}
    pools["hand"] = list(p.hand)
    return pools


def _keep_problems(state: GameState, options: dict[str, Any], choice: dict[str, Any]) -> list[str]:
    n = options["keep"]
    pools = keep_pools(state, options["player"])
    out: list[str] = []
    extra = set(choice) - {*pools, "rune_order"}
    if extra:
        out.append(f"unknown keys {sorted(extra)}")
    for name, pool in pools.items():
        picked = choice.get(name, [])
        need = min(n, len(pool))
        if not isinstance(picked, list) or len(picked) != need or len(set(picked)) != need \
                or any(o not in pool for o in picked):
            out.append(f"keep exactly {need} different {name} among {pool}")
    order = choice.get("rune_order")
    if order is not None:
        rest = [o for o in pools["runes"] if o not in (choice.get("runes") or [])]
        if not isinstance(order, list) or sorted(order) != sorted(rest):
            out.append(f"rune_order must list the recycled runes {rest} (416.5.a), each once")
    return out


effects.ANSWER_VALIDATORS["ctl_keep"] = _keep_problems


@hooks.candidates
def keep_candidates(state: GameState, player: str) -> list[Any]:
    """Bot answers to a keep-choice: the first n of each kind, or the last n."""

    front = state.queue[0] if state.queue else {}
    opts = front.get("options") or {}
    if front.get("request") != "choice" or front.get("player") != player or \
            opts.get("validator") != "ctl_keep":
        return []
    pools = keep_pools(state, player)
    n = opts["keep"]
    firsts = {k: v[:n] for k, v in pools.items()}
    lasts = {k: v[-n:] if len(v) > n else v for k, v in pools.items()}
    return [ChoiceMade(player=player, choice=c) for c in (firsts, lasts)]


def _turn_player_first(state: GameState) -> list[str]:
    order = list(state.turn_order)
    if state.turn_player in order:
        i = order.index(state.turn_player)
        order = order[i:] + order[:i]
    return [p for p in order if not state.players[p].eliminated]


@custom("ctl_each_keeps")
def _ctl_each_keeps(state: GameState, ctx: Ctx, log: list[GameAction], n: int) -> bool | None:
    key = str(ctx["pc"])
    work = ctx.setdefault("ctl_keep", {"keeps": {}, "orders": {}, "asked": None})
    answer = ctx["answers"].pop(key, None)
    if answer is not None and work["asked"] is not None:
        who, what = work["asked"]
        if what == "keep":
            work["keeps"][who] = answer
        else:
            work["orders"][who] = list(answer["order"])
        work["asked"] = None
    # 1. each player's choice, one recorded decision each, nothing done yet (355.10.e)
    for pid in _turn_player_first(state):
        if pid in work["keeps"]:
            continue
        pools = keep_pools(state, pid)
        if all(len(v) <= n for v in pools.values()):
            work["keeps"][pid] = pools  # nothing to choose: everything is kept
            continue
        work["asked"] = [pid, "keep"]
        state.queue.append(hooks.await_entry(
            "choice", pid, ["ChoiceMade"], "416", {
                "kind": "custom", "validator": "ctl_keep", "player": pid, "keep": n,
                "source": ctx.get("source"), "card": ctx["card"], **pools},
            then={"kind": "effects", "ctx": ctx}))
        return False
    # 2. the rest, grouped by the deck each card goes to
    rest: dict[str, list[str]] = {}
    runes: dict[str, list[str]] = {}
    for pid in _turn_player_first(state):
        keep = work["keeps"][pid]
        for name, pool in keep_pools(state, pid).items():
            gone = [o for o in pool if o not in keep.get(name, pool)]
            if name == "runes":
                order = keep.get("rune_order") or gone
                runes[pid] = [o for o in order if o in gone]
                continue
            for oid in gone:
                obj = state.objects[oid]
                rest.setdefault("" if obj.token else obj.owner, []).append(oid)
    # 3. a recorded random order for each Main Deck getting 2+ cards (416.5)
    for owner, cards in rest.items():
        if owner and len(cards) >= 2 and owner not in work["orders"]:
            work["asked"] = [owner, "order"]
            return effects.await_deck_order(state, ctx, owner,
                                            list(state.players[owner].main_deck), cards)
    # 4. recycle everything together (416.1), the performer being the spell's controller
    me = ctx["controller"]
    for owner, cards in rest.items():
        ordered = work["orders"].get(owner, cards) if owner else cards
        live = [o for o in ordered if state.objects.get(o) is not None
                and state.objects[o].zone in ("base", "battlefield", "hand")]
        if live:
            actions.recycle(state, live, log, player=me)
    for order in runes.values():
        live = [o for o in order if state.objects[o].zone in ("base", "battlefield")]
        if live:
            actions.recycle(state, live, log, player=me)
    log.append(GameAction("keep_choices_applied", me, (), {"card": ctx["card"], "keep": n,
                          "players": sorted(work["keeps"])}, "public", "416", me))
    return None

