"""The plain-text deck-list format: parsing, errors with lines, DeckSpec, round trip."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riftlog.cards import Catalog, DeckEntry, DeckList, parse_deck, read_deck
from riftlog.errors import DeckError
from riftlog.events.payloads import DeckSpec

SMALL = """\
# a comment line
Legend: Dark Child
Champion: Annie, Fiery   # trailing comment

Main Deck:
2 Annie, Fiery
3x Pouty Poro
Incinerate

Runes:
6 Fury Rune
6 chaos rune

Battlefields:
Zaun Warrens
"""


def test_parse_sections_and_counts() -> None:
    deck = parse_deck(SMALL)
    assert (deck.legend, deck.champion) == ("OGS-017", "OGS-001")
    assert deck.main == (
        DeckEntry("OGS-001", 2),
        DeckEntry("OGN-013", 3),
        DeckEntry("OGS-003", 1),
    )
    assert deck.runes == (DeckEntry("OGN-007", 6), DeckEntry("OGN-166", 6))
    assert deck.battlefields == (DeckEntry("OGN-298", 1),)


def test_chosen_champion_counts_in_main_deck_size() -> None:
    assert parse_deck(SMALL).main_count == 1 + 2 + 3 + 1


def test_entries_remember_their_line() -> None:
    deck = parse_deck(SMALL)
    assert deck.main[1].line == 7
    assert deck.champion_line == 3


def test_repeated_card_lines_are_merged() -> None:
    deck = parse_deck(SMALL.replace("Incinerate", "1 Pouty Poro"))
    assert DeckEntry("OGN-013", 4) in deck.main


def test_legend_on_the_next_line() -> None:
    deck = parse_deck(SMALL.replace("Legend: Dark Child", "Legend:\nDark Child"))
    assert deck.legend == "OGS-017"


def test_unknown_card_names_file_line_and_suggestion() -> None:
    with pytest.raises(DeckError, match=r"my\.txt, line 7: .*'Pouty Poro'"):
        parse_deck(SMALL.replace("3x Pouty Poro", "3x Pouty Poo"), source="my.txt")


def test_card_before_any_section_is_refused() -> None:
    with pytest.raises(DeckError, match="line 1"):
        parse_deck("3 Pouty Poro\n" + SMALL)


def test_second_legend_is_refused() -> None:
    with pytest.raises(DeckError, match="line 3: 'Legend:' already"):
        parse_deck("Legend:\nDark Child\nWuju Bladesman\nChampion: Annie, Fiery\n")


def test_missing_champion_is_refused() -> None:
    with pytest.raises(DeckError, match="no card given for 'Champion:'"):
        parse_deck("Legend: Dark Child\n")


def test_repeated_section_is_refused() -> None:
    with pytest.raises(DeckError, match="line 16: section 'Runes:' already started on line 10"):
        parse_deck(SMALL + "Runes:\n")


def test_zero_count_is_refused() -> None:
    with pytest.raises(DeckError, match="at least 1"):
        parse_deck(SMALL.replace("3x Pouty Poro", "0 Pouty Poro"))


def test_unreadable_file_is_a_deck_error(tmp_path: object) -> None:
    with pytest.raises(DeckError, match="cannot read"):
        read_deck("/nonexistent/deck.txt")


def test_to_spec_lists_one_id_per_copy() -> None:
    spec = parse_deck(SMALL).to_spec()
    assert isinstance(spec, DeckSpec)
    assert spec.champion == "OGS-001"
    assert spec.main == ("OGS-001", "OGS-001", "OGN-013", "OGN-013", "OGN-013", "OGS-003")
    assert len(spec.runes) == 12


def test_from_spec_inverts_to_spec() -> None:
    deck = parse_deck(SMALL)
    assert DeckList.from_spec(deck.to_spec()) == deck


def test_to_text_parses_back(annie_deck: DeckList) -> None:
    assert parse_deck(annie_deck.to_text()) == annie_deck


_MAIN_IDS = ["OGN-001", "OGN-010", "OGN-013", "OGN-171", "OGN-175", "OGS-003", "OGS-011", "OGS-018"]
_entries = st.lists(
    st.tuples(st.sampled_from(_MAIN_IDS), st.integers(min_value=1, max_value=9)),
    unique_by=lambda t: t[0],
    max_size=len(_MAIN_IDS),
).map(lambda items: tuple(DeckEntry(cid, n) for cid, n in items))


@settings(max_examples=60, deadline=None)
@given(
    legend=st.sampled_from(["OGS-017", "OGN-251", "OGN-001"]),
    champion=st.sampled_from(["OGS-001", "OGS-010", "OGN-202"]),
    main=_entries,
    runes=st.lists(st.sampled_from(["OGN-007", "OGN-166", "OGN-042"]), unique=True).map(
        lambda ids: tuple(DeckEntry(cid, 4) for cid in ids)
    ),
    battlefields=st.lists(st.sampled_from(["OGN-298", "OGN-294", "OGN-277"]), unique=True).map(
        lambda ids: tuple(DeckEntry(cid, 1) for cid in ids)
    ),
)
def test_text_round_trip(
    catalog: Catalog,
    legend: str,
    champion: str,
    main: tuple[DeckEntry, ...],
    runes: tuple[DeckEntry, ...],
    battlefields: tuple[DeckEntry, ...],
) -> None:
    deck = DeckList(legend, champion, main, runes, battlefields)
    assert parse_deck(deck.to_text(catalog), catalog=catalog) == deck
