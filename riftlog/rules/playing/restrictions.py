"""Static "can't" restrictions of permanents (v1.3 054, 364; issue #5, helper K2).

A restriction beats any permission to do the same thing (054.1 "can't beats can"):

* :class:`~riftlog.cards.vocab_control.OpponentsPlayUnitsToBase` (Mageseeker Warden,
  OGN-070): while its source is at a battlefield, the source controller's opponents play
  units only to their own base.  :func:`play_violations` refuses a CardPlayed of a unit to
  anywhere else (hidden units included: they would be played at their battlefield,
  811.1.d.1), overriding 355.2.a control and 355.2.b permissions (PlayTo, Ambush);
  :func:`unit_places` is the list custom "play a unit" effects offer; a unit token an
  opponent's effect would play at a battlefield is not created (:func:`token_refused`).
* :class:`~riftlog.cards.vocab_control.NoReadyingEnemies` (Mageseeker Warden): while its
  source is at a battlefield, spells and abilities do not ready the units and gear of its
  controller's opponents (:func:`ready_refused`, consulted by ``actions.ready``; the Ready
  Step's readying, 415.3.a, is not done by a spell or ability and still happens).

Hooks: ``play.PLAY_RESTRICTIONS``, ``actions.READY_RESTRICTIONS``,
``actions.TOKEN_RESTRICTIONS`` (registered on import; this module is an engine extension).
"""

from __future__ import annotations

import functools

from riftlog.cards import vocab_control as VC
from riftlog.events.play import CardPlayed
from riftlog.rules.board import layers
from riftlog.rules.board.core import Violation
from riftlog.rules.board.resources import card_facts
from riftlog.rules.board.state import GameObject, GameState
from riftlog.rules.board.zones import base_of
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter import effects
from riftlog.rules.playing import battlefield_flags, play

__all__ = ["play_violations", "ready_refused", "token_refused", "unit_places", "wardens"]


@functools.lru_cache(maxsize=4096)
def _has(card_id: str, marker: type) -> bool:
    enc = effects.encoding(card_id)
    return enc is not None and any(isinstance(a, marker) for a in enc.abilities)


def wardens(state: GameState, marker: type, against: str) -> list[str]:
    """Sources at a battlefield with ability *marker* whose controller opposes *against*."""
    foes = state.opponents(against) if against in state.players else []
    out: list[str] = []
    for bf in state.battlefields:
        for oid in bf.units:
            obj = state.objects[oid]
            if obj.controller in foes and obj.attached_to is None and _has(obj.card, marker):
                out.append(oid)
    return out


def _named(state: GameState, oid: str) -> str:
    obj = state.objects[oid]
    return f"{card_facts(obj.card)} at {obj.location}"


def play_violations(state: GameState, d: CardPlayed) -> list[Violation]:
    """A unit played by an opponent of a restricting source, anywhere but its own base."""
    obj = state.objects.get(d.card)
    if obj is None or layers.printed_type(obj.card) != "Unit":
        return []
    if obj.zone == "facedown":
        dest: str | None = obj.location  # 811.1.d.1: it would be played where it was hidden
    else:
        dest = base_of(d.player) if d.destination in (None, "base") else d.destination
    if dest == base_of(d.player):
        return []
    found = wardens(state, VC.OpponentsPlayUnitsToBase, d.player)
    if not found:
        return []
    return [Violation("054.1", f"{_named(state, found[0])} lets {d.player} play units only to "
                      f"their base, not to {dest}: this restriction beats the permissions of "
                      "v1.3 355.2.a/355.2.b (364.3.a, a passive while it is at a battlefield)",
                      state.edition)]


def unit_places(state: GameState, player: str) -> list[str]:
    """Where an effect may let *player* play a unit: their base and the battlefields they
    control (355.2.a), only the base while a restricting source forbids the rest (054.1)."""
    places = [base_of(player)]
    if not wardens(state, VC.OpponentsPlayUnitsToBase, player):
        places += [bf.oid for bf in state.battlefields if bf.controller == player
                   and battlefield_flags.units_played_here(state, bf.oid)]
    return places


def token_refused(state: GameState, card: str, controller: str, dest: str) -> str | None:
    """Why a unit token *controller* would play at battlefield *dest* is not created (a
    restricting source: 054.1; the instruction is impossible and ignored, 055), or None."""
    if dest.startswith("base:") or layers.printed_type(card) != "Unit":
        return None
    found = wardens(state, VC.OpponentsPlayUnitsToBase, controller)
    if not found:
        return None
    return f"{_named(state, found[0])}: {controller} plays units only to their base"


def ready_refused(state: GameState, obj: GameObject, by_effect: bool) -> str | None:
    """Why a spell or ability cannot ready *obj* (a unit or gear of an opponent of a
    restricting source), or None."""
    if not by_effect or obj.zone not in ("base", "battlefield"):
        return None
    if layers.printed_type(obj.card) not in ("Unit", "Gear"):
        return None
    found = wardens(state, VC.NoReadyingEnemies, obj.controller)
    if not found:
        return None
    return f"{_named(state, found[0])}: spells and abilities cannot ready {obj.oid}"


def _register() -> None:
    if play_violations not in play.PLAY_RESTRICTIONS:
        play.PLAY_RESTRICTIONS.append(play_violations)
    if ready_refused not in actions.READY_RESTRICTIONS:
        actions.READY_RESTRICTIONS.append(ready_refused)
    if token_refused not in actions.TOKEN_RESTRICTIONS:
        actions.TOKEN_RESTRICTIONS.append(token_refused)


_register()
