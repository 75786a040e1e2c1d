"""Shared fixtures for the card catalog and deck tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from riftlog.cards import Catalog, DeckList, load_catalog, read_deck

DECKS = Path(__file__).resolve().parents[2] / "replays" / "decks"


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return load_catalog()


@pytest.fixture()
def annie_deck() -> DeckList:
    """A legal duel deck (the Annie sample)."""
    return read_deck(DECKS / "annie-dark-child.txt")
