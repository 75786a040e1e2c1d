"""Issue 5's coverage claims, checked: every Origins (OGN) and Proving Grounds (OGS) card is
supported, and every one with abilities beyond keywords is named by an engine test."""

from __future__ import annotations

from pathlib import Path

import pytest

from riftlog.cards import load_catalog
from riftlog.cards.abilities import ENGINE_KEYWORDS

FIRST_ERA = ("OGN", "OGS")
TESTS = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("set_id", FIRST_ERA)
def test_every_card_of_the_first_era_is_supported(set_id: str) -> None:
    (coverage,) = load_catalog().coverage(set_id)
    assert coverage.total > 0
    assert [c.id for c in coverage.missing] == []
    assert coverage.supported == coverage.total


def _engine_test_text() -> str:
    return "\n".join(p.read_text(encoding="utf-8")
                     for folder in ("cards_engine", "rules", "usecases")
                     for p in (TESTS / folder).glob("test_*.py") if p.name != Path(__file__).name)


def test_every_card_with_abilities_is_named_by_an_engine_test() -> None:
    text = _engine_test_text()
    cat = load_catalog()
    unnamed = [c.id for s in FIRST_ERA for c in cat.cards(s) if c.has_text
               and not c.text_is_keywords_only and c.type != "Rune" and c.id not in text]
    assert unnamed == []


def test_keyword_only_cards_use_implemented_keywords_only() -> None:
    cat = load_catalog()
    for s in FIRST_ERA:
        for c in cat.cards(s):
            if c.text_is_keywords_only:
                assert set(c.keyword_names) <= ENGINE_KEYWORDS, c.id


# --- Spiritforged (SFD, issue 24): the claims hold for every card marked supported ---------

LATER_SETS = ("SFD",)


@pytest.mark.parametrize("set_id", LATER_SETS)
def test_every_supported_card_with_abilities_of_a_later_set_is_named_by_an_engine_test(
        set_id: str) -> None:
    text = _engine_test_text()
    unnamed = [c.id for c in load_catalog().cards(set_id) if c.supported and c.has_text
               and not c.text_is_keywords_only and c.type != "Rune" and c.id not in text]
    assert unnamed == []


@pytest.mark.parametrize("set_id", LATER_SETS)
def test_supported_keyword_only_cards_of_a_later_set_use_implemented_keywords(set_id: str) -> None:
    for c in load_catalog().cards(set_id):
        if c.supported and c.text_is_keywords_only:
            assert set(c.keyword_names) <= ENGINE_KEYWORDS, c.id
