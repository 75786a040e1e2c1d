"""The catalog generator: grouping printings, deriving facts, keeping no text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from riftlog.cards import Catalog
from riftlog.cards.build import build_cards, render, text_facts, write_catalog

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference"

GLOSSARY = frozenset({"Assault", "Shield", "Tank", "Equip"})


def _row(code: str, name: str, **extra: Any) -> dict[str, Any]:
    set_id, rest = code.split("-", 1)
    number = int("".join(ch for ch in rest.split("/")[0] if ch.isdigit()))
    row: dict[str, Any] = {
        "id": code.lower().replace("/", "-"),
        "public_code": code,
        "set_id": set_id,
        "collector_number": number,
        "name": name,
        "name_source": "official-gallery",
        "riftcodex_name": name,
        "variant_label": None,
        "alternate_art": False,
        "overnumbered": False,
        "signature": False,
        "type": "Unit",
        "supertype": None,
        "domains": ["Fury"],
        "energy": 2,
        "power": None,
        "might": 2,
        "tags": [],
        "keywords": [],
        "text": "",
        "text_source": "official-gallery",
        "flavor": "a line of flavor",
        "artist": "Someone",
        "image_url": "https://example.invalid/x.png",
        "rarity": "Common",
        "errata": [],
        "source_updated_on": "2026-01-02T00:00:00+00:00",
    }
    row.update(extra)
    return row


def test_no_text_is_not_keywords_only() -> None:
    assert text_facts("", GLOSSARY) == (False, False)


def test_bracketed_keywords_with_reminders_are_keywords_only() -> None:
    assert text_facts("[Assault 2], [Shield 2] (a made-up reminder.)", GLOSSARY) == (True, True)


def test_other_words_are_not_keywords_only() -> None:
    assert text_facts("[Tank] (reminder.)\nDraw a card.", GLOSSARY) == (True, False)


def test_reminder_text_alone_is_not_keywords_only() -> None:
    assert text_facts("(I do something special.)", GLOSSARY) == (True, False)


def test_keyword_with_a_cost_is_not_keywords_only() -> None:
    assert text_facts("[Equip] :rb_rune_fury: (reminder)", GLOSSARY) == (True, False)


def test_printings_of_one_name_become_one_card_with_earliest_id() -> None:
    rows = [
        _row("OPP-005/298", "Test Unit", rarity="Promo"),
        _row("OGN-005a/298", "Test Unit", variant_label="Alternate Art", alternate_art=True),
        _row("OGN-005/298", "Test Unit"),
    ]
    (card,) = build_cards(rows)
    assert card["id"] == "OGN-005"
    assert [p[1] for p in card["printings"]] == ["OGN-005/298", "OGN-005a/298", "OPP-005/298"]


def test_tags_and_keywords_are_the_union_over_printings() -> None:
    rows = [
        _row("OGN-001/298", "Test Unit", tags=["Hero", "Noxus"], keywords=["Tank"]),
        _row("VEN-170/166", "Test Unit", tags=["Hero"], keywords=["Assault 2"]),
    ]
    (card,) = build_cards(rows)
    assert card["tags"] == ["Hero", "Noxus"]
    assert card["keywords"] == ["Tank", "Assault 2"]


def test_built_records_keep_no_text_or_art(tmp_path: Path) -> None:
    rows = [_row("OGN-001/298", "Test Unit", text="Some words of rules text here.")]
    out = render(build_cards(rows), "test")
    assert "rules text" not in out
    assert "flavor" not in out and "Someone" not in out and "example.invalid" not in out


def test_champion_tags_exclude_group_tags() -> None:
    rows = [
        _row("OGN-001/298", "Hero, Brave", supertype="Champion", tags=["Hero", "Noxus"]),
        _row("OGN-002/298", "Grunt", tags=["Noxus"]),
        _row("OGN-003/298", "Brave Hero", type="Legend", tags=["Hero"], domains=["Fury", "Calm"]),
    ]
    cards = {c["name"]: c for c in build_cards(rows)}
    assert cards["Hero, Brave"]["champion_tags"] == ["Hero"]
    assert cards["Brave Hero"]["champion_tags"] == ["Hero"]


def test_written_catalog_loads(tmp_path: Path) -> None:
    src = tmp_path / "cards.json"
    src.write_text(json.dumps([_row("OGN-001/298", "Test Unit")]), encoding="utf-8")
    out = tmp_path / "catalog.json"
    version, count = write_catalog(src, None, out)
    catalog = Catalog.from_file(out)
    assert count == 1 and catalog.version == version
    assert version.startswith("2026-01-02+riftcodex.")
    assert catalog.resolve("test unit").id == "OGN-001"


@pytest.mark.skipif(not (REFERENCE / "cards.json").exists(), reason="reference data not present")
def test_packaged_catalog_is_regenerated_exactly(tmp_path: Path) -> None:
    from importlib import resources

    out = tmp_path / "catalog.json"
    write_catalog(REFERENCE / "cards.json", None, out)
    packaged = resources.files("riftlog.cards").joinpath("data/catalog.json").read_text("utf-8")
    assert out.read_text(encoding="utf-8") == packaged
