"""Checking the outcome of a card as it is played (v1.3 358.2, RUP4 358.3): a card whose
effect would make an illegal state is not played at all.

The illegal state checked here is the one both editions give as the example: a battlefield
holding units of three different players (v1.3 444.2 / RUP4 449.2 keeps a move from making
it; 358.2 / 358.3 keeps a card from being played whose outcome would).  Two outcomes are
read before the card is finalized:

* a unit played to a battlefield (a hidden unit where it was hidden, an Ambush, an effect's
  permission) where units of two other players already are;
* a spell encoded in the vocabulary whose steps move the units chosen as its targets
  (``Move(Chosen(...) | Target(...), Chosen(<battlefield>))``, also inside ``If`` and
  ``May``) to a chosen battlefield: the units there after the move (those already there that
  do not move, and the movers) would belong to three or more players.

Without this check such a spell was accepted and its move then failed as it resolved.
A unit a "can't" restriction keeps from moving there (054, 359.3.e.6: the step skips it)
is not counted as arriving.

Hook: ``play.PLAY_RESTRICTIONS`` (registered on import; an engine extension loaded by
``engine.load_extensions``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from riftlog.cards import vocab as V
from riftlog.events.play import CardPlayed
from riftlog.rules.board.core import Violation
from riftlog.rules.board.resources import card_facts
from riftlog.rules.board.state import BattlefieldState, GameState
from riftlog.rules.game_actions.movement import move_restriction
from riftlog.rules.interpreter import effects
from riftlog.rules.playing import abilities_spells, play

__all__ = ["outcome_violations", "players_at_after"]

#: v1.3 id of the check (RUP4 358.3; re-cited by the editions layer)
RULE = "358.2"


def players_at_after(state: GameState, bf: BattlefieldState, movers: Sequence[str],
                     arriving: Sequence[str]) -> set[str]:
    """The controllers of units at *bf* once *movers* (oids) have left or arrived there
    and the players *arriving* have put a unit there (attached cards do not count)."""
    objs = state.objects
    out = {objs[u].controller or "" for u in bf.units
           if objs[u].attached_to is None and u not in movers}
    out |= {objs[o].controller or "" for o in movers if o in objs}
    out |= set(arriving)
    out.discard("")
    return out


def _battlefield(state: GameState, oid: str | None) -> BattlefieldState | None:
    return next((bf for bf in state.battlefields if bf.oid == oid), None)


def _moves(steps: Sequence[Any]) -> Iterator[V.Move]:
    """The Move steps of *steps*, with those inside If and May."""
    for s in steps:
        if isinstance(s, V.Move):
            yield s
        elif isinstance(s, V.If):
            yield from _moves(s.then)
            yield from _moves(s.otherwise)
        elif isinstance(s, V.May):
            yield from _moves(s.steps)


def _chosen(what: Any, chosen: Mapping[str, Sequence[str]]) -> list[str] | None:
    """The objects a Move's ``what`` names among the targets chosen as the card is played
    (None: not a chosen target, so not known before the spell resolves)."""
    if isinstance(what, V.Chosen):
        return list(chosen.get(what.name, ()))
    if isinstance(what, V.Target):
        return list(chosen.get(what.name, ()))
    return None


def _spell_outcome(state: GameState, d: CardPlayed, card_id: str) -> list[Violation]:
    enc = effects.encoding(card_id)
    if not isinstance(enc, V.Encoding) or not any(isinstance(a, V.SpellEffect)
                                                  for a in enc.abilities):
        return []
    _, spell = abilities_spells.spell_effect(card_id, d.mode)
    chosen = abilities_spells.play_targets(card_id, d.targets, d.mode)
    out: list[Violation] = []
    for step in _moves(spell.effect):
        if not isinstance(step.to, V.Chosen):
            continue
        bf = _battlefield(state, next(iter(chosen.get(step.to.name, ())), None))
        movers = _chosen(step.what, chosen)
        if bf is None or not movers or any(m not in state.objects for m in movers):
            continue
        movers = [m for m in movers if move_restriction(state, state.objects[m], bf.oid) is None]
        players = players_at_after(state, bf, movers, ())
        if len(players) >= 3:
            out.append(Violation(RULE, f"{card_facts(card_id)} would move {', '.join(movers)} to "
                                 f"{bf.oid}, leaving units of {len(players)} players there "
                                 f"({', '.join(sorted(players))}; v1.3 444.2)", state.edition))
    return out


def outcome_violations(state: GameState, d: CardPlayed) -> list[Violation]:
    """The illegal states playing *d* would make (v1.3 358.2 / RUP4 358.3); see the module
    docstring."""
    obj = state.objects.get(d.card)
    if obj is None:
        return []
    kind = card_facts(obj.card).type
    if kind == "Unit":
        hidden_at = obj.location if obj.zone == "facedown" else None
        spot = hidden_at or d.destination
        bf = _battlefield(state, spot)
        if bf is None or play._destination(state, d, kind, hidden_at)[1]:
            return []  # a destination refused already names its own rule (355.2.a, 457.2)
        players = players_at_after(state, bf, (), (d.player,))
        if len(players) >= 3:
            return [Violation(RULE, f"playing {d.card} to {bf.oid} would leave units of "
                              f"{len(players)} players there ({', '.join(sorted(players))}; "
                              "v1.3 444.2)", state.edition)]
        return []
    if kind == "Spell":
        return _spell_outcome(state, d, obj.card)
    return []


def _register() -> None:
    if outcome_violations not in play.PLAY_RESTRICTIONS:
        play.PLAY_RESTRICTIONS.append(outcome_violations)


_register()
