"""Deck-building rules (v1.3 103, 177, 480-484, 825): one refusal per test."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from riftlog.cards import (
    Card,
    Catalog,
    DeckEntry,
    DeckList,
    battlefield_count,
    read_deck,
    validate_deck,
)
from riftlog.errors import DeckError

DECKS = Path(__file__).resolve().parents[2] / "replays" / "decks"
SAMPLES = sorted(DECKS.glob("*.txt"))


def rules(deck: DeckList, mode: str = "duel", catalog: Catalog | None = None) -> list[str]:
    return [v.rule for v in validate_deck(deck, mode, catalog)]


def set_main(deck: DeckList, card_id: str, count: int) -> DeckList:
    """The deck with *count* copies of *card_id* in the Main Deck (0 removes it)."""
    main = [e for e in deck.main if e.card_id != card_id]
    if count:
        main.append(DeckEntry(card_id, count))
    return dataclasses.replace(deck, main=tuple(main))


def swap_main(deck: DeckList, old: str, new: str) -> DeckList:
    """Replace every copy of *old* in the Main Deck with as many copies of *new*."""
    return dataclasses.replace(
        deck,
        main=tuple(DeckEntry(new, e.count) if e.card_id == old else e for e in deck.main),
    )


def fake(catalog: Catalog, base: str, card_id: str, name: str, **facts: Any) -> Card:
    printing = dataclasses.replace(catalog.get(base).printings[0], code=f"{card_id}/999")
    return dataclasses.replace(
        catalog.get(base), id=card_id, name=name, printings=(printing,), aliases=(), **facts
    )


@pytest.fixture(scope="module")
def extended(catalog: Catalog) -> Catalog:
    """The real catalog plus made-up cards for rules no printed card exercises."""
    extra = [
        fake(catalog, "OGN-013", "TST-001", "Test Hybrid", domains=("Fury", "Calm")),
        fake(catalog, "OGN-298", "TST-002", "Test Fury Field", domains=("Fury",)),
        fake(catalog, "OGN-013", "TST-003", "Test Unique", keywords=("Unique",)),
        fake(catalog, "OGS-018", "TST-004", "Test Signature"),
    ]
    return Catalog([*catalog.cards(), *extra], "test")


# --- legal decks ----------------------------------------------------------------------


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_sample_deck_is_legal_for_duel(path: Path) -> None:
    assert validate_deck(read_deck(path), "duel") == []


def test_there_is_a_sample_deck_per_proving_grounds_legend(catalog: Catalog) -> None:
    legends = {read_deck(p).legend for p in SAMPLES}
    ogs_legends = {c.id for c in catalog.cards("OGS") if c.type == "Legend"}
    assert ogs_legends <= legends and len(ogs_legends) == 4  # (and SFD legends' decks, issue 24)


@pytest.mark.parametrize("mode", ["duel", "match", "ffa3", "ffa4", "2v2"])
def test_each_mode_takes_three_battlefields(mode: str) -> None:
    assert battlefield_count(mode) == 3


def test_unknown_mode_is_refused(annie_deck: DeckList) -> None:
    with pytest.raises(DeckError, match="unknown mode"):
        validate_deck(annie_deck, "solo")


# --- Champion Legend and Chosen Champion ------------------------------------------------


def test_legend_must_be_a_legend_card(annie_deck: DeckList) -> None:
    deck = dataclasses.replace(annie_deck, legend="OGN-001")  # a unit
    assert rules(deck) == ["v1.3 103.1"]


def test_chosen_champion_must_be_a_champion_unit(annie_deck: DeckList) -> None:
    deck = dataclasses.replace(annie_deck, champion="OGS-018")  # Tibbers: a Signature unit
    assert rules(deck) == ["v1.3 103.2.a.2"]


def test_chosen_champion_needs_the_legends_champion_tag(annie_deck: DeckList) -> None:
    deck = dataclasses.replace(annie_deck, champion="OGN-202")  # Jinx, Rebel (Chaos)
    violations = validate_deck(deck)
    assert [v.rule for v in violations] == ["v1.3 103.2.a.2"]
    assert "Annie" in violations[0].message


# --- Main Deck ----------------------------------------------------------------------------


def test_main_deck_needs_forty_cards_with_the_champion(annie_deck: DeckList) -> None:
    deck = set_main(annie_deck, "OGS-011", 2)  # one Flash fewer: 39
    assert deck.main_count == 39
    assert rules(deck) == ["v1.3 103.2"]


def test_main_deck_holds_no_legends(annie_deck: DeckList) -> None:
    deck = swap_main(annie_deck, "OGS-011", "OGN-251")  # Loose Cannon, a Fury/Chaos legend
    assert rules(deck) == ["v1.3 103.2"]


def test_main_deck_holds_no_runes(annie_deck: DeckList) -> None:
    deck = swap_main(annie_deck, "OGS-011", "OGN-007")
    assert rules(deck) == ["v1.3 103.2"]


def test_main_deck_holds_no_tokens(annie_deck: DeckList) -> None:
    deck = swap_main(annie_deck, "OGS-011", "OGN-271")  # Recruit token
    assert rules(deck) == ["v1.3 177"]


def test_at_most_three_copies_of_a_name(annie_deck: DeckList) -> None:
    deck = set_main(annie_deck, "OGN-013", 4)
    assert rules(deck) == ["v1.3 103.2.b"]


def test_chosen_champion_counts_toward_three_copies(annie_deck: DeckList) -> None:
    deck = set_main(annie_deck, "OGS-001", 3)  # + the Chosen Champion = 4
    violations = validate_deck(deck)
    assert [v.rule for v in violations] == ["v1.3 103.2.b"]
    assert "Chosen Champion included" in violations[0].message


def test_unique_card_at_most_one_copy(annie_deck: DeckList, extended: Catalog) -> None:
    deck = swap_main(annie_deck, "OGN-013", "TST-003")
    assert rules(deck, catalog=extended) == ["v1.3 825.2.a"]


def test_single_domain_card_outside_identity(annie_deck: DeckList) -> None:
    deck = swap_main(annie_deck, "OGN-013", "OGN-052")  # Stalwart Poro (Calm)
    assert rules(deck) == ["v1.3 103.1.b.3"]


def test_multi_domain_card_needs_all_its_domains(annie_deck: DeckList, extended: Catalog) -> None:
    deck = swap_main(annie_deck, "OGN-013", "TST-001")  # Fury/Calm in a Fury/Chaos deck
    assert rules(deck, catalog=extended) == ["v1.3 103.1.b.4"]


def test_chosen_champion_inside_identity(annie_deck: DeckList) -> None:
    deck = dataclasses.replace(annie_deck, legend="OGN-251")  # Jinx legend: also Fury/Chaos
    deck = dataclasses.replace(deck, champion="OGN-202")  # Jinx, Rebel: fine
    assert "v1.3 103.1.b.3" not in rules(deck)


def test_at_most_three_signature_cards(annie_deck: DeckList, extended: Catalog) -> None:
    deck = swap_main(annie_deck, "OGS-011", "TST-004")  # 2 Tibbers + 3 more Annie signatures
    assert rules(deck, catalog=extended) == ["v1.3 103.2.d.1"]


def test_signature_cards_need_the_legends_champion_tag(annie_deck: DeckList) -> None:
    deck = swap_main(annie_deck, "OGS-018", "OGN-252")  # a Jinx signature in an Annie deck
    assert rules(deck) == ["v1.3 103.2.d.2"]


# --- Rune Deck ----------------------------------------------------------------------------


def test_rune_deck_needs_exactly_twelve(annie_deck: DeckList) -> None:
    deck = dataclasses.replace(annie_deck, runes=(DeckEntry("OGN-007", 6), DeckEntry("OGN-166", 5)))
    assert rules(deck) == ["v1.3 103.3.a"]


def test_rune_deck_holds_only_runes(annie_deck: DeckList) -> None:
    deck = dataclasses.replace(annie_deck, runes=(DeckEntry("OGN-007", 6), DeckEntry("OGN-013", 6)))
    assert rules(deck) == ["v1.3 103.3.a"]


def test_runes_inside_identity(annie_deck: DeckList) -> None:
    deck = dataclasses.replace(annie_deck, runes=(DeckEntry("OGN-007", 6), DeckEntry("OGN-042", 6)))
    assert rules(deck) == ["v1.3 103.3.a.1"]


# --- Battlefields ---------------------------------------------------------------------------


def test_duel_deck_brings_three_battlefields(annie_deck: DeckList) -> None:
    deck = dataclasses.replace(annie_deck, battlefields=annie_deck.battlefields[:2])
    assert rules(deck) == ["v1.3 480.4.a"]


def test_two_versus_two_deck_brings_three_battlefields(annie_deck: DeckList) -> None:
    deck = dataclasses.replace(annie_deck, battlefields=annie_deck.battlefields[:2])
    assert rules(deck, "2v2") == ["v1.3 484.4.a"]


def test_battlefields_are_battlefield_cards(annie_deck: DeckList) -> None:
    deck = dataclasses.replace(
        annie_deck, battlefields=(*annie_deck.battlefields[:2], DeckEntry("OGN-013", 1))
    )
    assert rules(deck) == ["v1.3 103.4"]


def test_no_token_battlefields(annie_deck: DeckList) -> None:
    deck = dataclasses.replace(
        annie_deck, battlefields=(*annie_deck.battlefields[:2], DeckEntry("UNL-T01", 1))
    )
    assert rules(deck) == ["v1.3 177"]


def test_no_two_battlefields_with_one_name(annie_deck: DeckList) -> None:
    first = annie_deck.battlefields[0]
    deck = dataclasses.replace(
        annie_deck, battlefields=(DeckEntry(first.card_id, 2), annie_deck.battlefields[1])
    )
    assert rules(deck) == ["v1.3 103.4.c"]


def test_battlefields_inside_identity(annie_deck: DeckList, extended: Catalog) -> None:
    deck = dataclasses.replace(
        annie_deck, battlefields=(*annie_deck.battlefields[:2], DeckEntry("TST-002", 1))
    )
    assert rules(deck, catalog=extended) == []
    off = dataclasses.replace(extended.get("TST-002"), id="TST-005", domains=("Calm",))
    cat = Catalog([*extended.cards(), off], "test")
    deck = dataclasses.replace(
        annie_deck, battlefields=(*annie_deck.battlefields[:2], DeckEntry("TST-005", 1))
    )
    assert rules(deck, catalog=cat) == ["v1.3 103.4.b"]


def test_violation_reads_with_rule_and_line(annie_deck: DeckList) -> None:
    deck = set_main(annie_deck, "OGN-013", 4)
    (violation,) = validate_deck(deck)
    assert str(violation).startswith("v1.3 103.2.b: 4 copies of Pouty Poro")
