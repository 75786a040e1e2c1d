"""Custom effects of the replacement helper (issue 4): registered in
:data:`riftlog.rules.interpreter.custom_effects.CUSTOM` (imported at the end of riftlog.rules.interpreter.custom_effects) and named
in :data:`riftlog.cards.abilities.CUSTOM_EFFECTS`.

* ``rep_recall_all_units_here``: the units at the event's battlefield are all recalled
  (Symbol of the Solari's replacement of the tie recall, 461.1.a.2; "all units" is read as
  every unit at that battlefield - the combat's - whoever controls it).
* ``rep_prevent_kinds_this_turn(kinds...)``: for the rest of the turn all damage whose
  source is of one of these kinds ("spell", "ability", 417.6) is prevented (437; Unyielding
  Spirit).
"""

from __future__ import annotations

from typing import Any

from riftlog.rules.board import layers
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter.custom_effects import custom
from riftlog.rules.interpreter.replacement_effects import prevent_kinds_this_turn

_KINDS = frozenset({"spell", "ability", "unit", "combat"})


@custom("rep_recall_all_units_here")
def _recall_all_units_here(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> None:
    bf = (ctx.get("event") or {}).get("battlefield")
    if not bf:
        return
    for oid in list(state.battlefield(bf).units):
        if layers.printed_type(state.objects[oid].card) == "Unit":
            actions.recall(state, oid, log, responsible=ctx["controller"])


@custom("rep_prevent_kinds_this_turn")
def _prevent_kinds(state: GameState, ctx: dict[str, Any], log: list[GameAction], *kinds: str) -> None:
    bad = set(kinds) - _KINDS
    if bad:
        raise ValueError(f"unknown damage source kinds {sorted(bad)}")
    prevent_kinds_this_turn(state, tuple(kinds), ctx["card"], ctx["controller"], log)
