"""Sideboard rules of a registered deck (Riftbound Tournament Rules 601.1.c).

:func:`sideboard_violations` checks a deck list's ``Sideboard:``: at most 8 cards
(601.1.c.1), only valid Main Deck cards of the legend's domain identity (601.1.c.2), and
the copy limits over the Main Deck and sideboard together (601.1.c.3: 3 of a name, 1 of a
Unique card).  Swaps between games are checked by :func:`riftlog.matches.check_sideboarding`.
"""

from __future__ import annotations

from collections import Counter

from riftlog.cards.catalog import Catalog, load_catalog
from riftlog.cards.deckcheck import MAX_COPIES, DeckViolation
from riftlog.cards.decks import DeckList
from riftlog.cards.model import MAIN_DECK_TYPES

MAX_SIDEBOARD = 8  # TR 601.1.c.1


def sideboard_violations(deck: DeckList, catalog: Catalog | None = None) -> list[DeckViolation]:
    """Every Tournament Rules 601.1.c breach of *deck*'s sideboard (empty: none)."""
    cat = catalog or load_catalog()
    out: list[DeckViolation] = []
    size = sum(e.count for e in deck.sideboard)
    if size > MAX_SIDEBOARD:
        out.append(DeckViolation("TR 601.1.c.1", f"the sideboard has {size} cards; at most "
                                                 f"{MAX_SIDEBOARD}"))
    legend = cat.get(deck.legend)
    identity = set(legend.domains)
    for e in deck.sideboard:
        card = cat.get(e.card_id)
        if card.type not in MAIN_DECK_TYPES or card.is_token:
            out.append(DeckViolation("TR 601.1.c.2", f"{card.name} is a {card.type}; a "
                                     "sideboard holds only Main Deck cards", card.id, e.line))
        elif legend.type == "Legend" and not set(card.domains) <= identity:
            out.append(DeckViolation("TR 601.1.c.2", f"{card.name} ({'/'.join(card.domains)}) "
                                     f"is outside the domain identity of {legend.name}",
                                     card.id, e.line))
    total = Counter({deck.champion: 1})
    for e in (*deck.main, *deck.sideboard):
        total[e.card_id] += e.count
    for e in deck.sideboard:
        card = cat.get(e.card_id)
        limit = 1 if card.is_unique else MAX_COPIES
        if total[card.id] > limit:
            out.append(DeckViolation("TR 601.1.c.3", f"{total[card.id]} copies of {card.name} "
                                     f"in the Main Deck and sideboard together; at most {limit}",
                                     card.id, e.line))
    return out
