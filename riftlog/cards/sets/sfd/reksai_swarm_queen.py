"""Rek'Sai, Swarm Queen (SFD-170, as errata'd 2026-01-14): as she attacks, her controller may
reveal their top two cards, banish one of them and play it (paying its cost; a unit may go to
her battlefield), and recycles the rest."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.look_and_play import (
    _banish_and_begin,
    _data,
    _pick,
    _rest_to_bottom,
    _seen,
)
from riftlog.rules import card_api as api


@api.custom("reveal_two_banish_and_play")
def _reveal_two_banish_and_play(state: api.GameState, ctx: dict[str, Any],
                                log: list[api.GameAction]) -> bool | None:
    """Reveal the top two (424), offer what a revealed card may do (deck_seen); the controller
    picks up to one (``{"cards": [oid]}`` or ``{"cards": []}``); for a unit while the source
    is at a battlefield, where it may go (``{"to": battlefield}`` there, ``{"to": "base"}``
    for the usual places); it is banished and its play begins (paid as usual, 419.3); the
    rest is recycled in a recorded random order (416.5)."""
    me = ctx["controller"]
    data = _data(ctx)
    if "seen" not in data:
        if not api.look_first(state, ctx, me, me, log):  # Void Hatchling (370)
            return False
        top = list(state.players[me].main_deck[:2])
        if not top:
            return None
        api.reveal(state, top, log, player=me)
        data["seen"] = top
    cards = _seen(state, ctx, log, list(data["seen"]), [me])
    if cards is None:
        return False
    done, picked = _pick(state, ctx, data, me, cards, optional=True, rule="378",
                         what="a revealed card to banish and play, or none")
    if not done:
        return False
    if picked is not None and not data.get("begun"):
        src = state.objects.get(ctx["source"])
        here = src.location if src is not None and src.zone == "battlefield" else None
        to: str | None = None
        if here is not None and api.printed_type(state.objects[picked].card) == "Unit":
            place = api.pick_place(state, ctx, [here, "base"], "where the unit is played", "378")
            if place is None:
                return False
            to = here if place == here else None
        data["begun"] = True
        _banish_and_begin(state, ctx, log, picked, me, to=to)
    rest = [o for o in cards if o != picked]
    if not _rest_to_bottom(state, ctx, log, data, [(me, rest)]):
        return False
    return None
