"""Custom effects of the Proving Grounds (OGS) cards (prefix ``ogs_``).

Split out of :mod:`riftlog.rules.interpreter.custom_effects` (same code and effect names; the helpers several
batches share stay there): registered in :data:`riftlog.rules.interpreter.custom_effects.CUSTOM` on import
(custom.py imports this module at its end) and named in
:data:`riftlog.cards.abilities.CUSTOM_EFFECTS`.
"""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import GameAction, GameState, change_zone, custom, unit_places


# --- Proving Grounds (OGS) ---
@custom("ogs_card_of_type_from_trash")
def _ogs_card_of_type_from_trash(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                 card_type: str = "Spell") -> bool | None:
    """Return a card of *card_type* from the controller's trash to their hand (their pick,
    a ChoiceMade when there are several; nothing when there is none)."""

    me = ctx["controller"]
    options = [o for o in state.players[me].trash if api.card_type(state.objects[o].card) == card_type]
    if not options:
        return None
    picked = api.pick_one(state, ctx, options)
    if picked is None:
        return False
    obj = state.objects[picked]
    change_zone(state, obj, "hand")
    log.append(GameAction("return_to_hand", me, (picked,), {"card": obj.card, "from": "trash"},
                          "public", "420", me))
    return None


@custom("ogs_tokens_where_you_control")
def _ogs_tokens_where_you_control(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                  token: str, n: int) -> bool | None:
    """Play *n* tokens of *token*, each to the controller's base or to a battlefield they
    control (their pick for each: a ChoiceMade ``{"where": [location per token]}``)."""
    import itertools


    me = ctx["controller"]
    places = unit_places(state, me)  # issue #5 (K2): base + controlled bfs, unless 054.1
    if len(places) == 1:
        where = [places[0]] * n
    else:
        options = [{"where": list(c)} for c in itertools.combinations_with_replacement(places, n)]
        answer = ctx["answers"].get(str(ctx["pc"]))
        if answer is None:
            api.ask(state, ctx, "custom", {"choices": options}, "184.1")
            return False
        where = list(answer["where"])
    for loc in where:
        api.create(state, token, me, log, location=loc)
    return None
