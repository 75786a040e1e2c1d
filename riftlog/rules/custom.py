"""Custom effects: plain Python for the unusual card, named by ``vocab.Custom(name)``.

Register with ``@custom("name")``: ``fn(state, ctx, log, *args) -> None | False``.  ``ctx``
is the resolution context of :mod:`riftlog.rules.interpreter.effects` (``card``, ``source``,
``controller``, ``targets``, ``answers``, ``pc``, ``event``); return ``False`` after
calling ``effects.ask(...)`` to wait for a ChoiceMade (the answer is then in
``ctx["answers"][str(ctx["pc"])]`` when the function runs again).

Also add the name to :data:`riftlog.cards.abilities.CUSTOM_EFFECTS` (the card layer's
support check reads it; tests/cards_engine/test_framework.py checks both agree).

This module is the registry and the helpers several batches share; the effects themselves
live in one module per card batch or topic (``custom_ogn_001_100``, ``custom_ogn_101_150``,
``custom_ogn_151_200``, ``custom_ogn_201_250``, ``custom_ogn_251_298``, ``custom_ogs``,
``custom_kills``, ``custom_play``, ``custom_control``, ``custom_replacements``), each imported
at the end of this module so that importing it registers every effect.  Put new effects in
such a module (a new one for a new batch or topic), not here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riftlog.rules.board.state import GameState

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


def unit_places(state: GameState, player: str) -> list[str]:
    """issue #5 (K2): where an effect lets *player* play a unit (riftlog.rules.playing.restrictions)."""
    from riftlog.rules.playing.restrictions import unit_places as places

    return places(state, player)


# --- shared helpers (used by several batch modules; power_payments also by play_effects) ---
def spend_buff(state: GameState, oid: str) -> None:
    """Spend one buff of *oid* (702.2.b; a unit may hold several: riftlog.rules.board.buffs)."""
    from riftlog.rules.board.buffs import spend

    spend(state, state.objects[oid])


def power_payments(state: GameState, pid: str, cost: Any) -> list[dict[str, list[str]]]:
    """The ways to pay a power-only *cost*: the pool as it is, or recycling a set of the
    player's runes (runes of one card and state are interchangeable: one of each kind).
    From batch ogn_151_200; also used by ogn_001_050 and riftlog.rules.playing.play_effects."""
    import itertools

    from riftlog.events.decisions import Payment
    from riftlog.rules.board.resources import payment_violations
    from riftlog.rules.interpreter import effects

    if not payment_violations(state, pid, cost, Payment()):
        return [{"exhaust": [], "recycle": []}]
    runes = [o for o in state.players[pid].base if effects._type(state.objects[o].card) == "Rune"]
    out: list[dict[str, list[str]]] = []
    seen: set[tuple[tuple[str, bool], ...]] = set()
    for k in range(1, sum(cost.power.values()) + 1):
        for combo in itertools.combinations(runes, k):
            sig = tuple(sorted((state.objects[o].card, state.objects[o].exhausted) for o in combo))
            if sig in seen:
                continue
            seen.add(sig)
            if not payment_violations(state, pid, cost, Payment(recycle=combo)):
                out.append({"exhaust": [], "recycle": list(combo)})
        if out:
            break
    return out


def controller_deal_bonus(state: GameState, player: str, amount: int) -> int:
    """Annie, Fiery's kind of Bonus Damage for a custom spell/ability Deal of *amount*
    (714; none for a Deal of 0, 715.4)."""
    from riftlog.rules.interpreter.effects import controller_bonus_damage

    return controller_bonus_damage(state, player) if amount > 0 else 0


# --- the effect modules: each registers its effects on import, in the order they were
# registered before this file was split (a module imported first on its own still finds
# the registry above: it is defined before these imports) ---
# isort: off
from riftlog.rules import custom_ogn_001_100  # noqa: E402,F401
from riftlog.rules import custom_ogn_101_150  # noqa: E402,F401
from riftlog.rules import custom_ogn_201_250  # noqa: E402,F401
from riftlog.rules import custom_ogn_151_200  # noqa: E402,F401
from riftlog.rules import custom_ogn_251_298  # noqa: E402,F401
from riftlog.rules import custom_ogs  # noqa: E402,F401
from riftlog.rules import custom_kills  # noqa: E402,F401  issue #5 (K1)
from riftlog.rules import custom_play  # noqa: E402,F401  issue #5 (play effects helper)
from riftlog.rules import custom_control  # noqa: E402,F401  issue #5 (K2)
from riftlog.rules import custom_replacements  # noqa: E402,F401  replacement helper (issue 4)
# isort: on
