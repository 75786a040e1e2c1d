"""Card facts as plain frozen data: :class:`Card` (one identity) and :class:`Printing`.

A *card identity* is what the rules call a card: everything with the same name is the same
card (v1.3 132.1), however many printings (alternate art, overnumbered, signature, promo,
starter reprint) it has.  The catalog stores facts only (cost, Might, domains, tags,
keywords, ...) and never the card's words; whether the card has rules text at all is kept
as two booleans derived when the catalog is built (:mod:`riftlog.cards.build`).

Whether the engine can play a card is a computed question (:attr:`Card.supported`),
answered from those facts, :data:`riftlog.cards.abilities.ENGINE_KEYWORDS` and the ability
registry :data:`riftlog.cards.abilities.ABILITIES`.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Literal

from riftlog.cards import abilities
from riftlog.errors import UnsupportedCard

CardType = Literal["Unit", "Spell", "Gear", "Legend", "Battlefield", "Rune"]
Supertype = Literal["Champion", "Signature", "Basic", "Token"]
Domain = Literal["Fury", "Calm", "Mind", "Body", "Chaos", "Order"]

#: The six domains in the order the rules list them (v1.3 134).
DOMAINS: tuple[Domain, ...] = ("Fury", "Calm", "Mind", "Body", "Chaos", "Order")

#: Sets in release order (printings and identities sort by it; unknown sets come last).
SET_ORDER: tuple[str, ...] = ("OGN", "OGS", "SFD", "UNL", "VEN", "OPP", "PR", "JDG")

#: Card types that may be in a Main Deck (v1.3 103.2).
MAIN_DECK_TYPES: frozenset[str] = frozenset({"Unit", "Spell", "Gear"})

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'", "\u00b4": "'"})
_DASHES = str.maketrans({"\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-"})
_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"'})
_SPACES = re.compile(r"\s+")
_VALUE = re.compile(r"^(?P<name>.+?)\s+(?P<value>\d+)$")


def name_key(name: str) -> str:
    """Normalise a card name for lookups: case, apostrophes, dashes and spaces do not matter.

    >>> name_key("Kai\u2019Sa,   SURVIVOR")
    "kai'sa, survivor"
    """
    text = unicodedata.normalize("NFKC", name)
    text = text.translate(_APOSTROPHES).translate(_DASHES).translate(_QUOTES)
    return _SPACES.sub(" ", text).strip().casefold()


def keyword_name(keyword: str) -> str:
    """The keyword without its value: ``"Assault 2"`` -> ``"Assault"``."""
    match = _VALUE.match(keyword)
    return match.group("name") if match else keyword


def keyword_value(keyword: str) -> int | None:
    """The keyword's value, if it has one: ``"Assault 2"`` -> ``2``, ``"Tank"`` -> ``None``."""
    match = _VALUE.match(keyword)
    return int(match.group("value")) if match else None


@dataclass(frozen=True, slots=True)
class Printing:
    """One printed version of a card.

    ``id`` is the data source's lower-case id (``ogn-007a-298``), ``code`` the printed
    collector code (``OGN-007a/298``), ``variant`` the printing's label ("Alternate Art",
    "Overnumbered", "Signature", "Metal", "Starter", ... or ``None`` for the plain one).
    """

    id: str
    code: str
    set_id: str
    number: int
    variant: str | None
    rarity: str | None

    @property
    def short_code(self) -> str:
        """The collector code without the set size: ``OGN-007a/298`` -> ``OGN-007a``."""
        return self.code.split("/", 1)[0]


@dataclass(frozen=True, slots=True)
class Card:
    """One card identity: the facts every printing of that name shares.

    ``id`` is the identity id (the short collector code of its earliest printing, e.g.
    ``OGN-001``); ``power`` is the number of power symbols in the cost; ``champion_tags``
    are the card's tags that link Legends, Champion units and Signature cards
    (v1.3 133.8.b).  ``has_text`` says whether the card has any rules text;
    ``text_is_keywords_only`` whether that text is nothing but keywords (and their
    reminder text).  ``errata`` lists the official errata documents (slugs) that changed
    the card's wording.
    """

    id: str
    name: str
    type: CardType
    supertype: Supertype | None
    domains: tuple[Domain, ...]
    energy: int | None
    power: int | None
    might: int | None
    tags: tuple[str, ...]
    champion_tags: tuple[str, ...]
    keywords: tuple[str, ...]
    rarity: str | None
    has_text: bool
    text_is_keywords_only: bool
    errata: tuple[str, ...]
    printings: tuple[Printing, ...]
    aliases: tuple[str, ...] = ()

    # --- facts derived from facts ---------------------------------------------------

    @property
    def set_id(self) -> str:
        """The set of the card's earliest printing."""
        return self.printings[0].set_id

    @property
    def set_ids(self) -> frozenset[str]:
        """Every set the card is printed in."""
        return frozenset(p.set_id for p in self.printings)

    @property
    def has_errata(self) -> bool:
        """True when an official erratum changed this card's wording."""
        return bool(self.errata)

    @property
    def keyword_names(self) -> frozenset[str]:
        """The card's keywords without values (``Assault 2`` -> ``Assault``)."""
        # replay-perf: worked out once per Card object (frozen: its keywords never change);
        # the entry keeps the card alive so its id is not reused
        hit = _KEYWORD_NAMES.get(id(self))
        if hit is not None and hit[0] is self:
            return hit[1]
        names = frozenset(keyword_name(k) for k in self.keywords)
        _KEYWORD_NAMES[id(self)] = (self, names)
        return names

    @property
    def is_token(self) -> bool:
        """Tokens are made during play, never brought in a deck (v1.3 177)."""
        return self.supertype == "Token"

    @property
    def is_signature(self) -> bool:
        """Signature cards are limited in number per deck (v1.3 103.2.d)."""
        return self.supertype == "Signature"

    @property
    def is_champion_unit(self) -> bool:
        """A unit with the Champion supertype (v1.3 133.7.a)."""
        return self.type == "Unit" and self.supertype == "Champion"

    @property
    def is_unique(self) -> bool:
        """Cards with Unique: one copy per deck (v1.3 825.2.a)."""
        return "Unique" in self.keyword_names

    # --- engine support ---------------------------------------------------------------

    @property
    def supported(self) -> bool:
        """Whether the engine can play this card without guessing.

        True when the card has no rules text, when its text is only keywords the engine
        implements (:data:`~riftlog.cards.abilities.ENGINE_KEYWORDS`), or when its
        abilities are encoded in :data:`~riftlog.cards.abilities.ABILITIES`.
        """
        return self.support_reason()[0]

    def support_reason(self) -> tuple[bool, str]:
        """``(supported, why)`` in words for people: the reason behind :attr:`supported`."""
        # replay-perf: remembered per Card object together with what the answer depends
        # on (its registered encoding object, the keyword and custom-effect sets, all
        # compared by identity), so a test that patches the registry gets a fresh answer
        encoding = abilities.ABILITIES.get(self.id)
        keywords = abilities.ENGINE_KEYWORDS
        customs = abilities.CUSTOM_EFFECTS
        hit = _SUPPORT.get(id(self))
        if (hit is not None and hit[0] is self and hit[1] is encoding and hit[2] is keywords
                and hit[3] is customs):
            return hit[4]
        reason = self._support_reason(encoding)
        _SUPPORT[id(self)] = (self, encoding, keywords, customs, reason)
        return reason

    def _support_reason(self, encoding: object) -> tuple[bool, str]:
        if not self.has_text:
            return True, "no rules text"
        if encoding is not None:
            problems = abilities.encoding_problems(encoding)
            if problems:
                return False, "its encoding uses what the engine does not implement yet: " + \
                    ", ".join(problems)
            return True, "its abilities are encoded in the ability registry"
        if self.text_is_keywords_only:
            if "Equip" in self.keyword_names and self.type == "Gear":  # mechanics helper: 818.1.c, 137
                return False, "Equip: its cost and Might bonus must be encoded (vocab.equip)"
            missing = sorted(self.keyword_names - abilities.ENGINE_KEYWORDS)
            if not missing:
                return True, "its text is only keywords the engine implements"
            return False, "its text is only keywords, not yet implemented: " + ", ".join(missing)
        return False, "its abilities are not encoded yet"

    def require_supported(self) -> None:
        """Raise :class:`~riftlog.errors.UnsupportedCard` naming this card if unsupported."""
        ok, why = self.support_reason()
        if not ok:
            raise UnsupportedCard(f"{self.name} ({self.id})", why)

    def __str__(self) -> str:
        return f"{self.name} ({self.id})"


#: replay-perf: id(card) -> (card, its keyword names)
_KEYWORD_NAMES: dict[int, tuple[Card, frozenset[str]]] = {}
#: replay-perf: id(card) -> (card, encoding, ENGINE_KEYWORDS, CUSTOM_EFFECTS, support_reason())
_SUPPORT: dict[int, tuple[Card, object, frozenset[str], frozenset[str], tuple[bool, str]]] = {}
