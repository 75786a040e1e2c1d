"""Custom effects of issue #5 (K1): kill credit, excess damage and buffs.

Costs within a triggered ability's instructions ("[do X] to [do Y]", v1.3 742.1.b) are
paid as the ability is finalized: ``Triggered.finalize_cost=(Custom(name, ...),)``.  Each
one here asks its controller first through ``triggers.COST_CHOICES`` (a ChoiceMade of kind
"custom", rule 742.1.b, always with a way to decline); the answer reaches the Custom as
``ctx["answers"]["0"]``.  No answer (nothing to pay with) or a declining one = not paid:
the ability is not put on the chain (GameAction ``trigger_removed``).

* ``k1_pay_to_play_me(energy, power)`` (Immortal Phoenix): pay that cost while the source
  is in its owner's trash.  Answer ``{"pay": null}`` or ``{"pay": {"exhaust": [runes],
  "recycle": [runes]}}`` (any legal payment, judged by the validator ``k1_payment``).
* ``k1_exhaust_me`` (Solari Shrine): exhaust the ready source.  Answer ``{"exhaust": bool}``.
* ``k1_spend_friendly_buff`` (Wildclaw Shaman): spend one buff of a friendly unit the
  controller chooses (702.2.b, 702.2.b.2).  Answer ``{"spend": oid | null}``.
* ``k1_play_me_from_trash`` (resolution): play the source from its owner's trash to their
  base or a battlefield they control (355.2.a; K2's restrictions may leave only the base,
  054.1), entering exhausted; answer ``{"to": place}`` when there are two or more places.
"""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.events.decisions import Payment
from riftlog.rules.board import buffs
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.resources import Cost, find_payment, pay, payment_violations
from riftlog.rules.board.state import GameState
from riftlog.rules.board.zones import change_zone
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter import effects, triggers
from riftlog.rules.interpreter.custom_effects import custom
from riftlog.rules.playing import abilities
from riftlog.rules.playing.card_choices import pick_place
from riftlog.rules.playing.restrictions import unit_places


def _cost(energy: int, power: tuple[tuple[str, int], ...]) -> Cost:
    return Cost(energy, dict(power))


def _in_own_trash(state: GameState, oid: str | None, player: str) -> bool:
    obj = state.objects.get(oid or "")
    return obj is not None and obj.zone == "trash" and obj.owner == player


def _friendly_buffed(state: GameState, player: str) -> list[str]:
    """Units *player* controls on the board with a buff (702.2.b.2)."""
    return [o for lst in effects._board_lists(state) for o in lst
            if state.objects[o].controller == player and state.objects[o].buffed
            and effects._type(state.objects[o].card) == "Unit"]


# --- the questions asked before a finalize cost is paid (742.1.b) ---------------------------


def _question(state: GameState, t: dict[str, Any]) -> dict[str, Any] | None:
    """triggers.COST_CHOICES entry: the options of the ChoiceMade one of this module's
    finalize costs needs, or None (not one of ours, or nothing can be paid)."""
    ab = effects.ability(t["card"], t["ability"])
    node = next((n for n in getattr(ab, "finalize_cost", ()) if isinstance(n, V.Custom)
                 and n.name in _ASKS), None)
    if node is None:
        return None
    options: dict[str, Any] | None = _ASKS[node.name](state, t, *node.args)
    return options


def _ask_payment(state: GameState, t: dict[str, Any], energy: int,
                 power: tuple[tuple[str, int], ...]) -> dict[str, Any] | None:
    me = t["controller"]
    if not _in_own_trash(state, t["source"], me):
        return None
    found = find_payment(state, me, _cost(energy, power))
    if found is None:
        return None  # 742.1.b: it cannot be paid, so the ability is not put on the chain
    way = {"exhaust": list(found.exhaust), "recycle": list(found.recycle)}
    return {"what": "pay to play it from the trash", "validator": "k1_payment", "player": me,
            "energy": energy, "power": dict(power), "choices": [{"pay": None}, {"pay": way}]}


def _ask_exhaust(state: GameState, t: dict[str, Any]) -> dict[str, Any] | None:
    src = state.objects.get(t["source"] or "")
    if src is None or src.zone not in ("base", "battlefield") or src.exhausted:
        return None
    return {"what": "exhaust it to get the effect",
            "choices": [{"exhaust": True}, {"exhaust": False}]}


def _ask_buff(state: GameState, t: dict[str, Any]) -> dict[str, Any] | None:
    units = _friendly_buffed(state, t["controller"])
    if not units:
        return None  # 702.2.b.1: no buff to spend
    return {"what": "spend a buff of a friendly unit",
            "choices": [{"spend": o} for o in units] + [{"spend": None}]}


_ASKS: dict[str, Any] = {"k1_pay_to_play_me": _ask_payment, "k1_exhaust_me": _ask_exhaust,
                         "k1_spend_friendly_buff": _ask_buff}
triggers.COST_CHOICES.append(_question)


def _payment_answer(state: GameState, options: dict[str, Any], choice: dict[str, Any]) -> list[str]:
    """ANSWER_VALIDATORS["k1_payment"]: decline, or a payment that pays the cost now."""
    if choice == {"pay": None}:
        return []
    way = choice.get("pay")
    if set(choice) != {"pay"} or not isinstance(way, dict) or set(way) - {"exhaust", "recycle"}:
        return ['answer {"pay": null} or {"pay": {"exhaust": [...], "recycle": [...]}}']
    try:
        payment = Payment(exhaust=tuple(way.get("exhaust", ())), recycle=tuple(way.get("recycle", ())))
    except (TypeError, ValueError) as exc:
        return [f"not a payment: {exc}"]
    cost = Cost(int(options["energy"]), dict(options["power"]))
    return [f"{v.rule}: {v.message}" for v in
            payment_violations(state, options["player"], cost, payment)]


effects.ANSWER_VALIDATORS["k1_payment"] = _payment_answer


# --- the finalize costs -------------------------------------------------------------------


@custom("k1_pay_to_play_me")
def _k1_pay_to_play_me(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                       energy: int, power: tuple[tuple[str, int], ...]) -> bool | None:
    """Pay *energy* and *power* as the ability is finalized (742.1.b); False = not paid."""
    answer = ctx["answers"].get("0")
    me = ctx["controller"]
    if not answer or not answer.get("pay") or not _in_own_trash(state, ctx.get("source"), me):
        return False
    way = answer["pay"]
    pay(state, me, _cost(energy, power),
        Payment(exhaust=tuple(way.get("exhaust", ())), recycle=tuple(way.get("recycle", ()))), log)
    return None


@custom("k1_exhaust_me")
def _k1_exhaust_me(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """Exhaust the ready source as the ability is finalized (742.1.b); False = not paid."""
    answer = ctx["answers"].get("0")
    src = state.objects.get(ctx.get("source") or "")
    if not answer or answer.get("exhaust") is not True or src is None or \
            src.zone not in ("base", "battlefield") or src.exhausted:
        return False
    actions.exhaust(state, src.oid, log)
    return None


@custom("k1_spend_friendly_buff")
def _k1_spend_friendly_buff(state: GameState, ctx: dict[str, Any],
                            log: list[GameAction]) -> bool | None:
    """Spend one buff of the chosen friendly unit (702.2.b) as the ability is finalized
    (742.1.b); False = not paid (declined, or that unit has no buff any more)."""
    answer = ctx["answers"].get("0")
    me = ctx["controller"]
    unit = (answer or {}).get("spend")
    if unit is None or unit not in _friendly_buffed(state, me):
        return False
    left = buffs.spend(state, state.objects[unit])
    log.append(GameAction("spend_buff", me, (unit,), {"left": left}, "public", "702.2.b", me))
    return None


# --- resolution -----------------------------------------------------------------------------


@custom("k1_play_me_from_trash")
def _k1_play_me_from_trash(state: GameState, ctx: dict[str, Any],
                           log: list[GameAction]) -> bool | None:
    """Play the source unit from its owner's trash (its cost was paid as the ability was
    finalized): to the base or a controlled battlefield (355.2.a), exhausted (143.4)."""

    me = ctx["controller"]
    src = ctx.get("source")
    if not _in_own_trash(state, src, me):
        return None  # it left the trash: nothing to play (it is no longer there, 359.3.e)
    assert src is not None
    places = unit_places(state, me)  # base + controlled battlefields, unless 054.1 forbids
    dest = pick_place(state, ctx, places, "where to play it", "355.2.a")
    if dest is None:
        return False
    obj = state.objects[src]
    change_zone(state, obj, "base" if dest.startswith("base:") else "battlefield", dest,
                controller=me)
    obj.exhausted = True  # 143.4
    log.append(GameAction("play", me, (src,), {"card": obj.card, "from": "trash", "to": dest},
                          "public", "419.1", me))
    abilities.after_play(state, src, me, log)
    return None
