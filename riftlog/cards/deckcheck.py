"""Deck-construction rules: is a deck list legal for a mode of play?

:func:`validate_deck` returns every :class:`DeckViolation` it finds (an empty list means
the deck is legal), each citing the rule it breaks (``v1.3 103.2.b``) and saying what is
wrong in the game's terms.  Rules checked (core rules v1.3, 2026-03-30):

* 103.1 -- the Champion Legend is a Legend card;
* 103.2.a.2 -- the Chosen Champion is a Champion unit with the Legend's champion tag;
* 103.2 -- the Main Deck has at least 40 cards (the Chosen Champion counts) and holds
  only units, gear and spells; 177 -- no tokens;
* 103.2.b -- at most 3 copies of a name, the Chosen Champion included;
  825.2.a -- at most 1 copy of a Unique card;
* 103.1.b.3 / 103.1.b.4 -- Main Deck cards fit the Legend's domain identity;
* 103.2.d.1 / 103.2.d.2 -- at most 3 Signature cards, all with the Legend's champion tag;
* 103.3.a / 103.3.a.1 -- exactly 12 Rune cards, of the domain identity;
* 103.4.a with 480.4.a-484.4.a -- the battlefields the mode asks each player to bring;
  103.4.b -- of the domain identity; 103.4.c -- no two with the same name.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from riftlog import plural
from riftlog.cards.catalog import Catalog, load_catalog
from riftlog.cards.decks import DeckEntry, DeckList
from riftlog.cards.model import MAIN_DECK_TYPES, Card
from riftlog.errors import DeckError
from riftlog.events.payloads import Mode

#: Keywords this module enforces (Unique is only a deck constraint, 825.2-825.3).
ENFORCED_KEYWORDS: tuple[str, ...] = ("Unique",)

EDITION = "v1.3"

#: Battlefields each player brings, and the rule that says so, per mode of play.
BATTLEFIELDS_BY_MODE: dict[str, tuple[int, str]] = {
    "duel": (3, "480.4.a"),
    "match": (3, "481.4.a"),
    "ffa3": (3, "482.4.a"),
    "ffa4": (3, "483.4.a"),
    "2v2": (3, "484.4.a"),
}

MIN_MAIN_DECK = 40  # v1.3 103.2
MAX_COPIES = 3  # v1.3 103.2.b
MAX_SIGNATURE = 3  # v1.3 103.2.d.1
RUNE_DECK_SIZE = 12  # v1.3 103.3.a


@dataclass(frozen=True, slots=True)
class DeckViolation:
    """One broken deck-building rule: ``rule`` like ``"v1.3 103.2.b"`` and what is wrong."""

    rule: str
    message: str
    card_id: str | None = None
    line: int | None = None

    def __str__(self) -> str:
        where = f" (line {self.line})" if self.line else ""
        return f"{self.rule}: {self.message}{where}"


def battlefield_count(mode: Mode | str) -> int:
    """How many battlefields each player's deck brings in *mode* (v1.3 480-484)."""
    try:
        return BATTLEFIELDS_BY_MODE[mode][0]
    except KeyError:
        raise DeckError(
            f"unknown mode of play {mode!r}; one of {', '.join(BATTLEFIELDS_BY_MODE)}"
        ) from None


def _rule(rule_id: str) -> str:
    return f"{EDITION} {rule_id}"


def _identity_rule(card: Card) -> str:
    return "103.1.b.4" if len(card.domains) > 1 else "103.1.b.3"


def _fits(card: Card, identity: frozenset[str]) -> bool:
    return set(card.domains) <= identity


def _domains(card: Card) -> str:
    return "/".join(card.domains)


class _Checker:
    def __init__(self, deck: DeckList, mode: str, catalog: Catalog) -> None:
        self.deck = deck
        self.mode = mode
        self.cat = catalog
        self.out: list[DeckViolation] = []
        self.legend = catalog.get(deck.legend)
        self.champion = catalog.get(deck.champion)
        self.legend_ok = self.legend.type == "Legend"
        self.identity = frozenset(self.legend.domains)
        self.tags = frozenset(self.legend.champion_tags)

    def add(
        self, rule_id: str, message: str, card: Card | None = None, line: int | None = None
    ) -> None:
        self.out.append(DeckViolation(_rule(rule_id), message, card.id if card else None, line))

    def entries(self, entries: tuple[DeckEntry, ...]) -> list[tuple[Card, DeckEntry]]:
        return [(self.cat.get(e.card_id), e) for e in entries]

    def run(self) -> list[DeckViolation]:
        self.check_legend()
        self.check_champion()
        self.check_main()
        self.check_runes()
        self.check_battlefields()
        return self.out

    def check_legend(self) -> None:
        if not self.legend_ok:
            self.add(
                "103.1",
                f"the Champion Legend must be a Legend card; {self.legend.name} is a {self.legend.type}",
                self.legend,
                self.deck.legend_line,
            )

    def check_champion(self) -> None:
        champ, line = self.champion, self.deck.champion_line
        if not champ.is_champion_unit:
            kind = f"{champ.supertype} {champ.type}" if champ.supertype else champ.type
            self.add(
                "103.2.a.2",
                f"the Chosen Champion must be a Champion unit; {champ.name} is a {kind.lower()}",
                champ,
                line,
            )
        elif self.legend_ok and not self.tags & set(champ.tags):
            self.add(
                "103.2.a.2",
                f"the Chosen Champion {champ.name} does not have the champion tag of "
                f"{self.legend.name} ({', '.join(sorted(self.tags)) or 'none'})",
                champ,
                line,
            )
        if self.legend_ok and not _fits(champ, self.identity):
            self.add(
                _identity_rule(champ),
                f"{champ.name} ({_domains(champ)}) is outside the domain identity of "
                f"{self.legend.name} ({_domains(self.legend)})",
                champ,
                line,
            )

    def check_main(self) -> None:
        main = self.entries(self.deck.main)
        if self.deck.main_count < MIN_MAIN_DECK:
            self.add(
                "103.2",
                f"the Main Deck has {self.deck.main_count} cards (Chosen Champion included); "
                f"it needs at least {MIN_MAIN_DECK}",
            )
        copies: Counter[str] = Counter({self.champion.id: 1})
        signatures = 1 if self.champion.is_signature else 0  # it is a Main Deck card
        for card, entry in main:
            copies[card.id] += entry.count
            if card.is_token:
                self.add(
                    "177",
                    f"{card.name} is a token; tokens are made during play, not put in decks",
                    card,
                    entry.line,
                )
            elif card.type not in MAIN_DECK_TYPES:
                self.add(
                    "103.2",
                    f"{card.name} is a {card.type}; the Main Deck holds only units, gear and spells",
                    card,
                    entry.line,
                )
            if self.legend_ok and not _fits(card, self.identity):
                self.add(
                    _identity_rule(card),
                    f"{card.name} ({_domains(card)}) is outside the domain identity of "
                    f"{self.legend.name} ({_domains(self.legend)})",
                    card,
                    entry.line,
                )
            if card.is_signature:
                signatures += entry.count
                if self.legend_ok and not self.tags & set(card.tags):
                    self.add(
                        "103.2.d.2",
                        f"Signature card {card.name} does not have the champion tag of "
                        f"{self.legend.name} ({', '.join(sorted(self.tags)) or 'none'})",
                        card,
                        entry.line,
                    )
        lines = {e.card_id: e.line for e in self.deck.main}
        for card_id, n in copies.items():
            card = self.cat.get(card_id)
            line = lines.get(card_id, self.deck.champion_line)
            if card.is_unique and n > 1:
                self.add(
                    "825.2.a", f"{n} copies of {card.name}, which is Unique; at most 1", card, line
                )
            elif n > MAX_COPIES:
                extra = " (Chosen Champion included)" if card_id == self.champion.id else ""
                self.add(
                    "103.2.b", f"{n} copies of {card.name}{extra}; at most {MAX_COPIES}", card, line
                )
        if signatures > MAX_SIGNATURE:
            self.add("103.2.d.1", f"{signatures} Signature cards; at most {MAX_SIGNATURE} in total")

    def check_runes(self) -> None:
        if self.deck.rune_count != RUNE_DECK_SIZE:
            self.add(
                "103.3.a",
                f"the Rune Deck has {self.deck.rune_count} cards; it needs exactly {RUNE_DECK_SIZE}",
            )
        for card, entry in self.entries(self.deck.runes):
            if card.type != "Rune":
                self.add(
                    "103.3.a", f"{card.name} is a {card.type}, not a Rune card", card, entry.line
                )
            elif self.legend_ok and not _fits(card, self.identity):
                self.add(
                    "103.3.a.1",
                    f"{card.name} ({_domains(card)}) is outside the domain identity of "
                    f"{self.legend.name} ({_domains(self.legend)})",
                    card,
                    entry.line,
                )

    def check_battlefields(self) -> None:
        need, rule_id = BATTLEFIELDS_BY_MODE[self.mode]
        if self.deck.battlefield_count != need:
            self.add(
                rule_id,
                f"{self.deck.battlefield_count} battlefields brought; mode {self.mode} needs {need}",
            )
        for card, entry in self.entries(self.deck.battlefields):
            if card.is_token:
                self.add(
                    "177", f"{card.name} is a token battlefield, made during play", card, entry.line
                )
            elif card.type != "Battlefield":
                self.add(
                    "103.4", f"{card.name} is a {card.type}, not a Battlefield", card, entry.line
                )
            if self.legend_ok and not _fits(card, self.identity):
                self.add(
                    "103.4.b",
                    f"{card.name} ({_domains(card)}) is outside the domain identity of "
                    f"{self.legend.name} ({_domains(self.legend)})",
                    card,
                    entry.line,
                )
            if entry.count > 1 and need > 1:
                self.add(
                    "103.4.c",
                    f"{entry.count} copies of battlefield {card.name}; at most 1",
                    card,
                    entry.line,
                )


def validate_deck(
    deck: DeckList, mode: Mode | str = "duel", catalog: Catalog | None = None
) -> list[DeckViolation]:
    """Every deck-building rule *deck* breaks in *mode* (empty list: the deck is legal)."""
    battlefield_count(mode)  # refuse unknown modes early
    return _Checker(deck, str(mode), catalog or load_catalog()).run()


def unsupported_cards(deck: DeckList, catalog: Catalog | None = None) -> list[tuple[Card, int]]:
    """The cards of *deck* the engine does not support yet, each with its number of copies
    (legend, champion, Main Deck, runes and battlefields), in deck order."""
    catalog = catalog or load_catalog()
    counts: Counter[str] = Counter()
    for card_id in (deck.legend, deck.champion):
        counts[card_id] += 1
    for entry in (*deck.main, *deck.runes, *deck.battlefields):
        counts[entry.card_id] += entry.count
    cards = [(catalog.get(card_id), n) for card_id, n in counts.items()]
    return [(card, n) for card, n in cards if not card.supported]


def support_note(deck: DeckList, catalog: Catalog | None = None) -> str | None:
    """What a deck's unsupported cards mean for judging its games, in words (None: the
    engine supports every card of it)."""
    missing = unsupported_cards(deck, catalog)
    if not missing:
        return None
    copies = sum(n for _, n in missing)
    names = ", ".join(f"{n} {card.name} ({card.id})" for card, n in missing)
    return (f"{plural(copies, 'card')} of this deck {'is' if copies == 1 else 'are'} not supported by the engine yet: {names}. "
            "An event involving one of them is judged unverifiable, not legal or illegal; "
            "`riftlog play` refuses it unless given --record-mode, which records it "
            "(unverifiable)")
