"""Small helpers custom effects share: the units on the board, the turn order starting
from a player, and the controller's pick of a place (asking a player other than the
controller is :func:`riftlog.rules.playing.play_effects.ask_player`).  No effect is
registered here; card code reaches these through :mod:`riftlog.rules.card_api`.
"""

from __future__ import annotations

from typing import Any

from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import effects


def board_units(state: GameState, pid: str | None = None, kind: str = "Unit") -> list[str]:
    """Objects of card type *kind* in any base or at any battlefield, of *pid* only if given."""
    return [o for lst in effects._board_lists(state) for o in lst
            if effects._type(state.objects[o].card) == kind
            and (pid is None or state.objects[o].controller == pid)]


def order_from(state: GameState, first: str) -> list[str]:
    """The players still in the game in turn order, starting with *first* (unchanged when
    *first* is not among them)."""
    order = [p for p in state.turn_order if not state.players[p].eliminated]
    if first not in order:
        return order
    i = order.index(first)
    return order[i:] + order[:i]


def pick_place(state: GameState, ctx: dict[str, Any], places: list[str], what: str,
               rule: str) -> str | None:
    """The place (a base or battlefield oid) the controller picks for the current
    instruction: the only one at once, else their recorded answer's ``"to"``; None after
    asking (the effect resumes with the answer)."""
    if len(places) == 1:
        return places[0]
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        effects.ask(state, ctx, "custom", {
            "what": what, "choices": [{"to": p} for p in places]}, rule)
        return None
    to: str = answer["to"]
    return to
