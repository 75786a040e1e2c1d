"""Keyword mechanics of v1.3 818-824 (mechanics helper): Equip, Quick-Draw, Hunt/XP, Level.

* Equip (818): a gear's activated ability, encoded as ``vocab.equip(cost)`` (the catalog has
  no Equip costs): pay the cost, target a unit its controller controls, and on resolution
  attach the gear to it (:class:`vocab.AttachMe`, 434).  An attached gear's rules text is
  inactive (718.2, 721.2): its activated abilities are refused and its triggers do not
  fire; its effect-text keywords and Might bonus (``card(..., might_bonus=n)``) go to the
  unit through layers (718.3, 718.4).  The unit is "equipped" (818.2): event ``"equipped"``.
* Quick-Draw (819): the gear has Reaction (819.1.b, play.py) and attaches itself to a
  chosen unit of its controller when played (``KEYWORD_ABILITIES["Quick-Draw"]``).
* Hunt (823): a conquer and a hold trigger (``kw:Hunt``, ``kw:Hunt:holds``) gaining the
  unit's Hunt value in XP (:mod:`riftlog.rules.board.xp`, 728-733).
* Level (824): abilities encoded with ``condition=HasXP(n)`` (effects.condition_holds).
* Ambush (822): play.py (destination permission and Reaction while played there).
* Weaponmaster (821): a play trigger of the unit (``KEYWORD_ABILITIES["Weaponmaster"]``):
  a custom ChoiceMade ``{"gear": oid | None, "payment": {"exhaust": [...], "recycle": [...]}}``
  among the Equipment its controller controls that has an encoded Equip cost; the cost is
  that Equip cost less one [A] (821.1.c.3), paid, then the gear attaches to the unit
  (detaching from another unit first, 434.1.f).  The Equip ability is not activated
  (821.1.c.6: no Deflect, no target).  Equipment without an Equip cost cannot be paid
  (821.1.c.4), so it is not offered.

Loaded by ``engine.load_extensions``; it only registers effect steps.
"""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.events.decisions import Payment
from riftlog.rules import editions
from riftlog.rules.board import layers
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.resources import Cost, pay, payment_violations
from riftlog.rules.board.state import GameState
from riftlog.rules.board.xp import gain_xp
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter import effects, triggers

__all__ = ["ENFORCED_KEYWORDS", "attach_equipment"]

ENFORCED_KEYWORDS: tuple[str, ...] = ("Equip", "Quick-Draw", "Hunt", "Level", "Weaponmaster",
                                      "Repeat")  # Repeat (820): rules/abilities_*.py (_repeat_*)

_BOARD = ("base", "battlefield")


@effects.step(V.AttachMe)
def _attach_me(state: GameState, ctx: dict[str, Any], node: V.AttachMe,
               log: list[GameAction]) -> None:
    """Attach the source gear to the chosen unit (818.1.c.2, 434).  Nothing happens when the
    gear or the unit left the board, or the unit is no longer the controller's (the target
    is illegal on resolution)."""
    player = ctx["controller"]
    gear = state.objects.get(ctx.get("source") or "")
    if gear is None or gear.zone not in _BOARD or gear.controller != player:
        return
    for oid in effects.objects(state, ctx, node.to)[:1]:
        unit = state.objects.get(oid)
        if unit is None or unit.zone not in _BOARD or unit.controller != player or \
                layers.printed_type(unit.card) != "Unit":
            continue
        attach_equipment(state, gear.oid, oid, log, player)


def attach_equipment(state: GameState, gear: str, unit: str, log: list[GameAction],
                     player: str) -> bool:
    """*player* attaches *gear* to *unit* (434) and the unit becomes equipped (818.2.a):
    event ``"equipped"``.  False when it was already attached to it (434.1.g)."""
    if not actions.attach(state, gear, unit, log, player=player):
        return False
    triggers.fire(state, "equipped", obj=unit, player=player, gear=gear)  # 818.2.a
    return True


@effects.step(V.GainXP)
def _gain_xp(state: GameState, ctx: dict[str, Any], node: V.GainXP,
             log: list[GameAction]) -> None:
    """The controller gains XP: *n*, or the source's Hunt value (823.1.c.1, 823.2)."""
    n = node.n
    if n is None:
        src = ctx.get("source")
        n = 0
        if src in state.objects:  # off the board: its printed Hunt (711)
            n = layers.characteristics(state, src).value("Hunt")
    gain_xp(state, ctx["controller"], n, log, source=ctx.get("source"))


# --- Weaponmaster (821) ----------------------------------------------------------------------


def equip_cost(card_id: str) -> Cost | None:
    """The printed Equip cost of a gear (its encoded :func:`vocab.equip` ability), or None."""
    enc = effects.encoding(card_id)
    for ab in getattr(enc, "abilities", ()) if enc is not None else ():
        if isinstance(ab, V.Activated) and any(isinstance(s, V.AttachMe) for s in ab.effect):
            return Cost(ab.cost.energy, dict(ab.cost.power))
    return None


def _other_costs(card_id: str) -> bool:
    """The card's Equip cost asks more than Energy and Power (a kill, a recycle...)."""
    enc = effects.encoding(card_id)
    for ab in getattr(enc, "abilities", ()) if enc is not None else ():
        if isinstance(ab, V.Activated) and any(isinstance(s, V.AttachMe) for s in ab.effect):
            c = ab.cost
            return bool(c.exhaust or c.kill_self or c.spend_buff or c.recycle_trash or
                        c.kill_friendly or c.discard)
    return False


def _weaponmaster_costs(state: GameState, player: str, unit: str) -> dict[str, Cost]:
    """Equipment *player* controls on the board with an Equip cost -> that cost less [A]."""
    out: dict[str, Cost] = {}
    for lst in effects._board_lists(state):
        for oid in lst:
            obj = state.objects[oid]
            if obj.controller != player or oid == unit or layers.printed_type(obj.card) != "Gear" \
                    or "Equipment" not in layers.characteristics(state, oid).tags:
                continue
            cost = equip_cost(obj.card)
            if cost is None:  # 821.1.c.4
                continue
            if _other_costs(obj.card):  # 821.1.c.2: the whole Equip cost would be due
                raise effects.unsupported(obj.card, "Weaponmaster paying an Equip cost with "
                                          "more than Energy and Power (821.1.c.2)")
            power = dict(cost.power)
            if power.get("Any", 0) > 0:  # 821.1.c.3: reduced by [A] only if it has one
                power["Any"] -= 1
                if not power["Any"]:
                    del power["Any"]
            out[oid] = Cost(cost.energy, power)
    return out


def _payment(answer: dict[str, Any]) -> Payment:
    p = answer.get("payment") or {}
    return Payment(exhaust=tuple(p.get("exhaust", ())), recycle=tuple(p.get("recycle", ())))


def _weaponmaster_answer(state: GameState, options: dict[str, Any],
                         choice: dict[str, Any]) -> list[str]:
    gear = choice.get("gear")
    if gear is None:
        return [] if set(choice) <= {"gear"} else ['decline with {"gear": null}']
    if gear not in options["gear"] or set(choice) - {"gear", "payment"}:
        return [f'answer {{"gear": one of {options["gear"]} or null, "payment": {{...}}}}']
    costs = _weaponmaster_costs(state, options["player"], options["unit"])
    if gear not in costs:
        return [f"{gear} can no longer be paid for"]
    try:
        payment = _payment(choice)
    except (TypeError, ValueError) as exc:
        return [f"payment: {exc}"]
    return [f"{v.rule}: {v.message}" for v in
            payment_violations(state, options["player"], costs[gear], payment)]


effects.ANSWER_VALIDATORS["weaponmaster"] = _weaponmaster_answer


@effects.step(V.WeaponmasterAttach)
def _weaponmaster(state: GameState, ctx: dict[str, Any], node: V.WeaponmasterAttach,
                  log: list[GameAction]) -> bool | None:
    player = ctx["controller"]
    unit = state.objects.get(ctx.get("source") or "")
    if unit is None or unit.zone not in _BOARD or unit.controller != player:
        return None
    costs = _weaponmaster_costs(state, player, unit.oid)
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        if not costs:
            return None  # nothing to choose
        effects.ask(state, ctx, "custom", {
            "what": "Weaponmaster: an Equipment to attach for its Equip cost less [A], or none",
            "validator": "weaponmaster", "player": player, "unit": unit.oid,
            "gear": sorted(costs),
            "costs": {g: {"energy": c.energy, "power": dict(c.power)} for g, c in costs.items()},
            "choices": [{"gear": None}]}, "821.1.c")
        return False
    gear = answer.get("gear")
    if gear is None and state.edition == "v1.2":  # editions helper: v1.2 747.1.c has no "may"
        raise editions.unsupported(state, "747.1.c", f"{player} declined Weaponmaster for "
                                   f"{unit.oid}, which v1.2 does not offer")
    if gear is None or gear not in costs:  # declined, or can no longer be paid (821.1.c.5)
        return None
    pay(state, player, costs[gear], _payment(answer), log)
    attach_equipment(state, gear, unit.oid, log, player)
    return None
