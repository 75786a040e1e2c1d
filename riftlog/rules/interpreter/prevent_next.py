"""One-shot damage preventions (v1.3 437, 367-373: a replacement effect): "the next time
this unit would be dealt damage this turn, prevent it" (Counter Strike, SFD-194).

:func:`prevent_next_damage_this_turn` records one (``state.extra["prevent_next"]``: the unit,
the turn, the card, its controller); :func:`replace_damage`, a
``actions.DAMAGE_REPLACEMENTS`` entry, prevents the whole of the next damage that unit would
be dealt this turn and uses the prevention up (437.4: that damage is not dealt at all).  The
unit can still be dealt damage, so in a combat it is not exempt from mandatory damage
assignment (RUP4 465.2.c.10, whose example is Counter Strike): the assignment rules treat it
as any other unit, and the damage assigned to it is prevented as it is dealt."""

from __future__ import annotations

from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions

__all__ = ["prevent_next_damage_this_turn", "replace_damage"]


def prevent_next_damage_this_turn(state: GameState, oid: str, card: str, controller: str,
                                  log: list[GameAction]) -> None:
    """The next damage *oid* would be dealt this turn is prevented (one use)."""
    live = [m for m in state.extra.get("prevent_next") or [] if m["turn"] == state.turn]
    state.extra["prevent_next"] = [*live, {"oid": oid, "turn": state.turn, "card": card,
                                           "controller": controller}]
    log.append(GameAction("prevent_set", controller, (oid,), {"next": True, "card": card},
                          "public", "437.1", controller))


def replace_damage(state: GameState, oid: str, amount: int, source: str | None,
                   kind: str | None, log: list[GameAction]) -> int:
    """The damage left once a one-shot prevention of *oid* this turn is used (0 or *amount*)."""
    marks = state.extra.get("prevent_next")
    if not marks:
        return amount
    live = [m for m in marks if m["turn"] == state.turn]
    hit = next((m for m in live if m["oid"] == oid), None)
    if hit is None:
        if len(live) != len(marks):
            state.extra["prevent_next"] = live
        return amount
    rest = [m for m in live if m is not hit]
    if rest:
        state.extra["prevent_next"] = rest
    else:
        state.extra.pop("prevent_next")
    log.append(GameAction("prevent", hit["controller"], (oid,), {"amount": amount,
                                                                 "card": hit["card"]},
                          "public", "437.2", hit["controller"]))
    return 0


if replace_damage not in actions.DAMAGE_REPLACEMENTS:
    actions.DAMAGE_REPLACEMENTS.append(replace_damage)
