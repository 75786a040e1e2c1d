"""Card catalog: card facts as data, our own ability definitions, and deck lists.

* :mod:`riftlog.cards.model` -- :class:`Card` (one identity, all its printings) and
  :class:`Printing`; engine support is :attr:`Card.supported`.
* :mod:`riftlog.cards.catalog` -- :class:`Catalog` and :func:`load_catalog`, pinned by
  :data:`CATALOG_VERSION`.
* :mod:`riftlog.cards.abilities` -- what the engine implements: ``ENGINE_KEYWORDS``
  (edit it there; it is read at call time) and the ``ABILITIES`` registry.
* :mod:`riftlog.cards.decks` -- the plain-text deck-list format.
* :mod:`riftlog.cards.deckcheck` -- deck-construction rules (v1.3 103, 476-484).
* :mod:`riftlog.cards.build` -- regenerates ``data/catalog.json`` from reference data.
"""

from __future__ import annotations

from riftlog.cards.abilities import ABILITIES, AbilityEncoding, register_ability
from riftlog.cards.catalog import CATALOG_VERSION, Catalog, load_catalog
from riftlog.cards.deckcheck import (
    DeckViolation,
    battlefield_count,
    support_note,
    unsupported_cards,
    validate_deck,
)
from riftlog.cards.decks import DeckEntry, DeckList, parse_deck, read_deck
from riftlog.cards.model import Card, Printing, name_key

from riftlog.cards import abilities as _abilities  # isort: skip

_abilities.load_encodings()  # the batch modules register their encodings

__all__ = [
    "ABILITIES",
    "CATALOG_VERSION",
    "AbilityEncoding",
    "Card",
    "Catalog",
    "DeckEntry",
    "DeckList",
    "DeckViolation",
    "Printing",
    "battlefield_count",
    "load_catalog",
    "name_key",
    "parse_deck",
    "read_deck",
    "register_ability",
    "support_note",
    "unsupported_cards",
    "validate_deck",
]
