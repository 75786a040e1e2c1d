"""Engine support: vanilla cards, keyword-only cards, the ability registry."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from riftlog.cards import Catalog, abilities
from riftlog.cards.abilities import register_ability
from riftlog.errors import CardError, UnsupportedCard


@dataclass(frozen=True)
class FakeEncoding:
    card_id: str


def test_card_without_text_is_supported(catalog: Catalog) -> None:
    card = catalog.by_name("Mountain Drake")
    assert card.supported
    card.require_supported()


def test_basic_rune_is_supported(catalog: Catalog) -> None:
    assert catalog.by_name("Order Rune").supported


def test_card_with_abilities_raises_unsupported_naming_it(catalog: Catalog) -> None:
    card = catalog.by_name("Punching Poro")  # Eager Drakehound is encoded now
    assert not card.supported
    with pytest.raises(UnsupportedCard, match=r"Punching Poro \(VEN-007\)"):
        card.require_supported()


def test_keyword_only_card_waits_for_its_keywords(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(abilities, "ENGINE_KEYWORDS", frozenset({"Tank"}))
    card = catalog.by_name("Garen, Rugged")
    assert not card.supported
    assert "Assault, Shield" in card.support_reason()[1]


def test_keyword_only_card_is_supported_once_keywords_are(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(abilities, "ENGINE_KEYWORDS", frozenset({"Assault", "Shield"}))
    assert catalog.by_name("Garen, Rugged").supported


def test_partly_implemented_keywords_are_not_enough(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(abilities, "ENGINE_KEYWORDS", frozenset({"Assault"}))
    assert not catalog.by_name("Garen, Rugged").supported


def test_registered_encoding_makes_card_supported(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(abilities, "ABILITIES", {})
    register_ability(FakeEncoding("OGS-001"))
    assert catalog.get("OGS-001").supported
    assert abilities.ability_for("OGS-001") == FakeEncoding("OGS-001")


def test_second_encoding_for_a_card_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(abilities, "ABILITIES", {})
    register_ability(FakeEncoding("OGS-001"))
    with pytest.raises(CardError, match="OGS-001"):
        register_ability(FakeEncoding("OGS-001"))


def test_registry_holds_only_vocabulary_encodings() -> None:
    from riftlog.cards.vocab import Encoding

    assert all(isinstance(e, Encoding) for e in abilities.ABILITIES.values())


def test_coverage_counts_supported_identities(catalog: Catalog) -> None:
    (ogn,) = catalog.coverage("OGN")
    assert ogn.total == 296
    assert ogn.supported == ogn.total - len(ogn.missing)
    assert all(not c.supported for c in ogn.missing)
