"""Verdicts under partial information (issue 21): legal, illegal or unverifiable.

In a paper or seat game the card of an unknown object is a placeholder
(:mod:`riftlog.rules.board.unknown_cards`).  A decision that names an unknown object (a
card hidden face down from hand, a card of the hand chosen for an effect) may be legal
for one identity and illegal for another.  :func:`judge` checks it under every identity
each unknown object it names could have (one object at a time: the others keep their
placeholders) and says:

* legal or illegal when every identity tried gives the same answer (the record decides);
* unverifiable, naming what is missing ("needs p1's hand"), when the answers differ.

An illegal decision is therefore never called legal because information is missing:
when some identity breaks a rule and another does not, the verdict is unverifiable.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from riftlog.cards.catalog import load_catalog
from riftlog.events.decisions import CardsIdentified
from riftlog.events.registry import Payload
from riftlog.rules import engine
from riftlog.rules.board import unknown_cards
from riftlog.rules.board.core import Violation
from riftlog.rules.board.state import GameState

__all__ = ["Judged", "judge", "named_unknowns"]

_ZONE = {"hand": "hand", "main_deck": "Main Deck", "rune_deck": "Rune Deck",
         "setaside": "cards set aside", "facedown": "face-down cards"}


@dataclass
class Judged:
    """A decision judged from a partial record: its violations (under the record's
    placeholders) and, when the record cannot decide, what it would need."""

    violations: list[Violation] = field(default_factory=list)
    #: empty when the record decides; else e.g. "needs p1's hand (p1.m04)"
    missing: str = ""


def named_unknowns(state: GameState, decision: Payload) -> list[str]:
    """The unknown objects *decision* names (empty in a full game; a CardsIdentified names
    them to make them known, and is judged as it is)."""
    unknown = unknown_cards.unknown(state)
    if not unknown or isinstance(decision, CardsIdentified):
        return []
    text = decision.model_dump_json()
    return sorted(oid for oid in unknown if f'"{oid}"' in text)


def judge(state: GameState, decision: Payload) -> Judged:
    """*decision* judged in *state* as the record allows (see the module docstring)."""
    violations = engine.check(state, decision)
    named = named_unknowns(state, decision)
    if not named:
        return Judged(violations)
    first = bool(violations)
    for oid in named:
        for card in _identities(state, oid):
            alt = state.clone()
            _become(alt, oid, card)
            if bool(engine.check(alt, decision)) != first:
                obj = state.objects[oid]
                zone = _ZONE.get(obj.zone, obj.zone)
                return Judged(violations, f"needs {obj.owner}'s {zone} ({oid}): its legality "
                                          "depends on which card it is, and the record does "
                                          "not say")
    if violations:  # illegal whatever the cards are: the placeholder is never named
        from_placeholder = {card_name(state.objects[oid].card): f"an unknown card ({oid})"
                            for oid in named}
        violations = [Violation(v.rule, _unnamed(v.message, from_placeholder), v.edition)
                      for v in violations]
    return Judged(violations)


def _unnamed(message: str, names: dict[str, str]) -> str:
    for name, words in names.items():
        message = message.replace(name, words)
    return message


def _identities(state: GameState, oid: str) -> list[str]:
    """The other cards *oid* could be: those of the unknown objects of its owner's list."""
    obj = state.objects[oid]
    unknown = unknown_cards.unknown(state)
    pool = oid.rsplit(".", 1)[-1][:1]
    return sorted({o.card for k, o in state.objects.items() if k in unknown and o.owner == obj.owner
                   and k.rsplit(".", 1)[-1][:1] == pool and o.card != obj.card})


def card_name(card: str) -> str:
    """A card's name (its id when the catalog does not know it)."""
    catalog = load_catalog()
    return catalog.get(card).name if card in catalog else card


def _become(state: GameState, oid: str, card: str) -> None:
    """Swap placeholders so that *oid* holds *card* (as a CardsIdentified would)."""
    obj = state.objects[oid]
    unknown = unknown_cards.unknown(state)
    other = next(o for k, o in state.objects.items() if k in unknown and k != oid
                 and o.owner == obj.owner and o.card == card)
    obj.card, other.card = card, obj.card
    unknown_cards.renew_objects(state)
