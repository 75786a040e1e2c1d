"""Static rules that battlefields give by an encoding flag (v1.3 054.1 "can't", 356.4 cost
changes; Spiritforged):

* ``"no_units_played_here"`` (Rockfall Path, SFD-216): no unit is played to that
  battlefield by anyone.  :func:`play_violations` refuses a CardPlayed of a unit to it (a
  hidden unit there too: it would be played where it was hidden, 811.1.d.1) whatever
  permission says otherwise (054.1 beats 355.2.a/355.2.b);
  :func:`~riftlog.rules.playing.battlefield_flags.units_played_here` tells :func:`riftlog.rules.playing.restrictions.unit_places` to leave it out; a unit
  token an effect would play there is not created (:func:`token_refused`, 055).
* ``"first_gear_costs_less"`` (Ornn's Forge, SFD-213): while a player controls that
  battlefield, the first gear card (not a token) they play each turn costs one Energy less
  (:func:`first_gear_costs_less`, a ``play.COST_MODIFIERS`` entry, 356.4).
* ``"repeat_costs_less"`` (Marai Spire, SFD-211): while a player controls that battlefield,
  each Repeat cost they pay is one Energy lower
  (:func:`~riftlog.rules.playing.battlefield_flags.repeat_discount`, read by
  :func:`riftlog.rules.playing.abilities_costs.adjust_cost`; a Repeat cost of Power only is
  not lowered).

Hooks: ``play.PLAY_RESTRICTIONS``, ``play.COST_MODIFIERS`` and ``actions.TOKEN_RESTRICTIONS`` (registered on import;
an engine extension loaded by ``engine.load_extensions``).
"""

from __future__ import annotations

from riftlog.events.play import CardPlayed
from riftlog.rules.board import layers
from riftlog.rules.board.core import Violation
from riftlog.rules.board.resources import Cost, card_facts
from riftlog.rules.board.state import GameState
from riftlog.rules.board.zones import base_of
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter.effects_conditions import played_this_turn
from riftlog.rules.playing import play
from riftlog.rules.playing.battlefield_flags import (
    FIRST_GEAR_LESS,
    controls_flagged,
    units_played_here,
)

__all__ = ["first_gear_costs_less", "play_violations", "token_refused"]

def play_violations(state: GameState, d: CardPlayed) -> list[Violation]:
    """A unit played to a battlefield where no unit may be played (054.1)."""
    obj = state.objects.get(d.card)
    if obj is None or layers.printed_type(obj.card) != "Unit":
        return []
    if obj.zone == "facedown":
        dest: str | None = obj.location  # 811.1.d.1: played where it was hidden
    else:
        dest = base_of(d.player) if d.destination in (None, "base") else d.destination
    if dest is None or units_played_here(state, dest):
        return []
    bf = next(b for b in state.battlefields if b.oid == dest)
    return [Violation("054.1", f"{card_facts(bf.card)} ({dest}) lets no unit be played there: "
                      "this restriction beats the permissions of v1.3 355.2.a/355.2.b",
                      state.edition)]


def token_refused(state: GameState, card: str, controller: str, dest: str) -> str | None:
    """Why a unit token would not be played at battlefield *dest* (054.1, 055), or None."""
    if dest.startswith("base:") or layers.printed_type(card) != "Unit" or \
            units_played_here(state, dest):
        return None
    bf = next(b for b in state.battlefields if b.oid == dest)
    return f"{card_facts(bf.card)}: no unit is played at {dest}"


def first_gear_costs_less(state: GameState, player: str, oid: str, cost: Cost) -> Cost:
    """One Energy less per flagged battlefield *player* controls, for a non-token gear card
    when they have played no non-token gear yet this turn (356.4)."""
    obj = state.objects[oid]
    if obj.token or layers.printed_type(obj.card) != "Gear" or cost.energy <= 0:
        return cost
    n = controls_flagged(state, player, FIRST_GEAR_LESS)
    if not n or any(o != oid and not state.objects[o].token
                    and layers.printed_type(state.objects[o].card) == "Gear"
                    for o in played_this_turn(state, player) if o in state.objects):
        return cost
    return Cost(max(0, cost.energy - n), dict(cost.power))


def _register() -> None:
    if first_gear_costs_less not in play.COST_MODIFIERS:
        play.COST_MODIFIERS.append(first_gear_costs_less)
    if play_violations not in play.PLAY_RESTRICTIONS:
        play.PLAY_RESTRICTIONS.append(play_violations)
    if token_refused not in actions.TOKEN_RESTRICTIONS:
        actions.TOKEN_RESTRICTIONS.append(token_refused)


_register()
