"""The registry of custom effects: plain Python for the unusual card, named by
``vocab.Custom(name)`` in its encoding.

Register with ``@custom("name")`` (card code: :func:`riftlog.rules.card_api.custom`):
``fn(state, ctx, log, *args) -> None | False``.  ``ctx`` is the resolution context of
:mod:`riftlog.rules.interpreter.effects` (``card``, ``source``, ``controller``,
``targets``, ``answers``, ``pc``, ``event``); return ``False`` after asking a player to
wait for a ChoiceMade (the answer is then in ``ctx["answers"][str(ctx["pc"])]`` when the
function runs again).

Also add the name to :data:`riftlog.cards.abilities.CUSTOM_EFFECTS` (the card layer's
support check reads it; tests/cards_engine/test_framework.py checks both agree).  The
effects themselves live with their cards, in ``riftlog/cards/sets/<set>/`` (and the
engine's own generic ones in :mod:`riftlog.rules.playing.kill_costs`,
:mod:`riftlog.rules.playing.spell_control` and
:mod:`riftlog.rules.interpreter.replacement_steps`); :func:`riftlog.rules.engine.load_extensions`
imports them all.
"""

from __future__ import annotations

from collections.abc import Callable

CustomFn = Callable[..., "bool | None"]

#: name -> function
CUSTOM: dict[str, CustomFn] = {}


def custom(name: str) -> Callable[[CustomFn], CustomFn]:
    """Decorator: register the function as the custom effect *name* (a name is defined once)."""

    def register(fn: CustomFn) -> CustomFn:
        if name in CUSTOM:
            raise ValueError(f"custom effect {name!r} is already defined")
        CUSTOM[name] = fn
        return fn
    return register
