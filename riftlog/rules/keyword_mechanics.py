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
  unit's Hunt value in XP (:mod:`riftlog.rules.xp`, 728-733).
* Level (824): abilities encoded with ``condition=HasXP(n)`` (effects.condition_holds).
* Ambush (822): play.py (destination permission and Reaction while played there).

Loaded by ``engine.load_extensions``; it only registers effect steps.
"""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.rules import actions, effects, layers, triggers
from riftlog.rules.core import GameAction
from riftlog.rules.state import GameState
from riftlog.rules.xp import gain_xp

__all__ = ["ENFORCED_KEYWORDS"]

ENFORCED_KEYWORDS: tuple[str, ...] = ("Equip", "Quick-Draw", "Hunt", "Level")

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
        if actions.attach(state, gear.oid, oid, log, player=player):
            triggers.fire(state, "equipped", obj=oid, player=player, gear=gear.oid)  # 818.2.a


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
