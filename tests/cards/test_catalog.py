"""The packaged catalog: identities, lookups, facts only."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from riftlog.cards import CATALOG_VERSION, Catalog, load_catalog
from riftlog.errors import CardError, UnknownCard

FACT_KEYS = {
    "id",
    "name",
    "type",
    "supertype",
    "domains",
    "energy",
    "power",
    "might",
    "tags",
    "champion_tags",
    "keywords",
    "rarity",
    "has_text",
    "text_is_keywords_only",
    "errata",
    "aliases",
    "printings",
}


def _raw() -> dict[str, object]:
    text = resources.files("riftlog.cards").joinpath("data/catalog.json").read_text("utf-8")
    data = json.loads(text)
    assert isinstance(data, dict)
    return data


def test_catalog_version_constant_matches_data_file() -> None:
    assert _raw()["version"] == CATALOG_VERSION == load_catalog().version


def test_data_file_holds_facts_only() -> None:
    cards = _raw()["cards"]
    assert isinstance(cards, list)
    for card in cards:
        assert set(card) == FACT_KEYS


def test_load_catalog_is_a_cached_singleton() -> None:
    assert load_catalog() is load_catalog()


def test_one_identity_per_name(catalog: Catalog) -> None:
    names = [c.name.casefold() for c in catalog]
    assert len(names) == len(set(names))
    assert len(catalog) == 935  # 933 printed + the rules-defined Mech, Sand Soldier (issue 24)


def test_identity_id_is_the_earliest_printing_short_code(catalog: Catalog) -> None:
    card = catalog.by_name("Blazing Scorcher")
    assert card.id == "OGN-001"
    assert card.printings[0].code == "OGN-001/298"


def test_alternate_printings_share_one_identity(catalog: Catalog) -> None:
    rune = catalog.by_name("Fury Rune")
    codes = {p.code for p in rune.printings}
    assert {"OGN-007/298", "OGN-007a/298", "VEN-R01", "OPP-007b/298"} <= codes
    for code in codes:
        assert catalog.resolve(code) is rune


def test_starter_printing_suffix_is_not_part_of_the_name(catalog: Catalog) -> None:
    legend = catalog.by_name("Dark Child")
    assert legend.id == "OGS-017"
    assert {p.code for p in legend.printings} == {"OGS-017/024", "OPP-017/024"}


def test_token_art_codes_are_one_token(catalog: Catalog) -> None:
    recruit = catalog.by_name("Recruit")
    assert recruit.is_token
    assert len(recruit.printings) == 3


def test_names_differing_only_in_case_are_one_card(catalog: Catalog) -> None:
    card = catalog.by_name("GRANDMASTER AT ARMS")
    assert card.id == "SFD-193"
    assert "OPP-193/221" in {p.code for p in card.printings}


def test_by_name_ignores_case_and_apostrophe_style(catalog: Catalog) -> None:
    assert catalog.by_name("kai\u2019sa, survivor").name == "Kai'Sa, Survivor"


def test_resolve_accepts_id_printing_id_and_code(catalog: Catalog) -> None:
    card = catalog.get("OGN-001")
    assert catalog.resolve("OGN-001") is card
    assert catalog.resolve("ogn-001-298") is card
    assert catalog.resolve("OGN-001/298") is card
    assert catalog.resolve("  blazing scorcher ") is card


def test_resolve_accepts_source_style_champion_names(catalog: Catalog) -> None:
    assert catalog.resolve("Annie - Dark Child").id == "OGS-017"


def test_ambiguous_short_promo_code_is_not_guessed(catalog: Catalog) -> None:
    assert catalog.find("OPP-001") is None
    assert catalog.resolve("OPP-001/024").name == "Annie, Fiery"


def test_unknown_card_suggests_close_names(catalog: Catalog) -> None:
    with pytest.raises(UnknownCard, match="Blazing Scorcher"):
        catalog.resolve("Blazing Scorchr")


def test_get_unknown_id_raises(catalog: Catalog) -> None:
    with pytest.raises(UnknownCard):
        catalog.get("XXX-999")


def test_cards_by_set_counts_identities(catalog: Catalog) -> None:
    ogs = catalog.cards("OGS")
    assert len(ogs) == 24
    assert all("OGS" in c.set_ids for c in ogs)


def test_sets_in_release_order(catalog: Catalog) -> None:
    assert catalog.sets()[:5] == ["OGN", "OGS", "SFD", "UNL", "VEN"]


def test_coverage_of_unknown_set_is_refused(catalog: Catalog) -> None:
    with pytest.raises(CardError, match="no set"):
        catalog.coverage("XYZ")


def test_unit_facts(catalog: Catalog) -> None:
    garen = catalog.by_name("Garen, Rugged")
    assert (garen.type, garen.supertype, garen.domains) == ("Unit", "Champion", ("Body",))
    assert (garen.energy, garen.power, garen.might) == (6, 1, 5)
    assert garen.keywords == ("Assault 2", "Shield 2")
    assert garen.champion_tags == ("Garen",)


def test_legend_champion_tag_and_domains(catalog: Catalog) -> None:
    legend = catalog.by_name("Heart of the Tempest")
    assert legend.type == "Legend"
    assert legend.champion_tags == ("Kennen",)  # Yordle is a group tag, not a champion tag


def test_errata_recorded_as_a_flag(catalog: Catalog) -> None:
    assert catalog.by_name("Blind Fury").has_errata
    assert catalog.by_name("Blind Fury").errata == ("origins",)
    assert not catalog.by_name("Blazing Scorcher").has_errata


def test_vanilla_and_keyword_only_facts(catalog: Catalog) -> None:
    assert not catalog.by_name("Mountain Drake").has_text
    assert catalog.by_name("Pouty Poro").text_is_keywords_only
    assert not catalog.by_name("Annie, Fiery").text_is_keywords_only
