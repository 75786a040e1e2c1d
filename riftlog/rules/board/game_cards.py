"""Whether a card of the game has a fact of its encoding (issue 26, re-validation speed).

Several mechanics keep a per-turn record only in games where some card reads it (power
spent, points scored by holding, conquests of the turn) and asked every object of the
game (~112 in a duel, most of them runes) for the fact, one Python call per object, on
each occasion.  :func:`game_has` gathers the objects' card ids in one C-level pass and asks
each distinct card once; the answer is remembered per (fact, set of cards).  Nothing is
assumed about how objects change: the set is gathered on every call.

A remembered answer keeps the registry entries it was read from (one per card) and is
worked out again when the registry holds another entry for any of them, so tests that
rebind or patch ``riftlog.cards.abilities.ABILITIES`` need no clearing (as with
``effects.encoding_fact``).  ``tests/rules/test_game_cards.py`` compares :func:`game_has`
with the scan of every object on the states of seeded bot games.
"""

from __future__ import annotations

import operator
from collections.abc import Callable

from riftlog.cards import abilities as card_abilities
from riftlog.cards import vocab as V
from riftlog.rules.board.state import GameState

__all__ = ["game_has"]

Fact = Callable[[V.Encoding], object]

_CARD = operator.attrgetter("card")
#: fact -> the distinct cards of a game -> (those cards in some order, their registry
#: entries in that order, the answer).  At most 64 sets per fact are kept.
_ANSWERS: dict[Fact, dict[frozenset[str], tuple[tuple[str, ...], tuple[object, ...], bool]]] = {}


def game_has(state: GameState, fact: Fact) -> bool:
    """Whether *fact* (a function of an encoding) is true of the encoding of the card of
    an object of *state*: the same answer as asking every object (``any(fact(encoding of
    o.card) for o in state.objects.values())``, no encoding counting as false), each
    distinct card once."""
    cards = frozenset(map(_CARD, state.objects.values()))
    memo = _ANSWERS.get(fact)
    if memo is None:
        memo = _ANSWERS[fact] = {}
    get = card_abilities.ABILITIES.get  # read at call time (tests may rebind it)
    hit = memo.get(cards)
    if hit is not None and all(map(operator.is_, hit[1], map(get, hit[0]))):
        return hit[2]
    order = tuple(cards)
    entries = tuple(map(get, order))
    answer = any(bool(fact(e)) for e in entries if isinstance(e, V.Encoding))
    if len(memo) >= 64:
        memo.clear()
    memo[cards] = (order, entries, answer)
    return answer
