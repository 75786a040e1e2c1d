"""Custom effects: plain Python for the unusual card, named by ``vocab.Custom(name)``.

Register with ``@custom("name")``: ``fn(state, ctx, log, *args) -> None | False``.  ``ctx``
is the resolution context of :mod:`riftlog.rules.effects` (``card``, ``source``,
``controller``, ``targets``, ``answers``, ``pc``, ``event``); return ``False`` after
calling ``effects.ask(...)`` to wait for a ChoiceMade (the answer is then in
``ctx["answers"][str(ctx["pc"])]`` when the function runs again).

Also add the name to :data:`riftlog.cards.abilities.CUSTOM_EFFECTS` (the card layer's
support check reads it; tests/cards_engine/test_framework.py checks both agree).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riftlog.rules.core import GameAction
from riftlog.rules.state import GameState

CustomFn = Callable[..., "bool | None"]

#: name -> function
CUSTOM: dict[str, CustomFn] = {}


def custom(name: str) -> Callable[[CustomFn], CustomFn]:
    def register(fn: CustomFn) -> CustomFn:
        if name in CUSTOM:
            raise ValueError(f"custom effect {name!r} is already defined")
        CUSTOM[name] = fn
        return fn
    return register


_ = (GameAction, GameState, Any)
