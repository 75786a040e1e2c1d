"""The keyword table (v1.3 804-826) and what the engine claims to implement."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from riftlog.cards import abilities, load_catalog
from riftlog.rules.board.keywords import (
    IMPLEMENTED_KEYWORDS,
    KEYWORDS,
    combine_keywords,
    format_keyword,
    keyword_info,
    parse_keyword,
)

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference"


@pytest.mark.parametrize(("token", "parsed"), [
    ("Assault 2", ("Assault", 2)),
    ("Assault", ("Assault", 1)),        # v1.3 807.1.b.3
    ("Deflect", ("Deflect", 1)),        # 809.1.b.3
    ("Shield 5", ("Shield", 5)),
    ("Hunt", ("Hunt", 1)),              # 823.1.c.2
    ("Level 6", ("Level", 6)),
    ("Tank", ("Tank", None)),
    ("[Shield 3]", ("Shield", 3)),
    ("quick-draw", ("Quick-Draw", None)),
])
def test_parse_keyword(token: str, parsed: tuple[str, int | None]) -> None:
    assert parse_keyword(token) == parsed
    assert parse_keyword(format_keyword(*parsed)) == parsed


def test_parse_keyword_refuses_a_value_on_a_valueless_keyword() -> None:
    with pytest.raises(ValueError, match="takes no value"):
        parse_keyword("Tank 2")
    with pytest.raises(ValueError):
        parse_keyword("")


def test_v1_3_807_2_and_814_2_values_sum_redundant_keywords_once() -> None:
    assert combine_keywords(["Assault", "Assault 3"]) == {"Assault": 4}
    assert combine_keywords(["Shield", "Shield 3", "Tank", "Tank"]) == {"Shield": 4, "Tank": None}
    assert combine_keywords(["Level 3", "Level 6"]) == {"Level": 6}


def test_every_glossary_entry_of_v1_3_has_a_record() -> None:
    expected = {
        "Accelerate": "805", "Action": "806", "Assault": "807", "Deathknell": "808",
        "Deflect": "809", "Ganking": "810", "Hidden": "811", "Legion": "812",
        "Reaction": "813", "Shield": "814", "Tank": "815", "Temporary": "816",
        "Vision": "817", "Equip": "818", "Quick-Draw": "819", "Repeat": "820",
        "Weaponmaster": "821", "Ambush": "822", "Hunt": "823", "Level": "824",
        "Unique": "825", "Backline": "826",
    }
    assert {k: keyword_info(k).rule for k in expected} == expected
    assert keyword_info("Empower").rule is None and keyword_info("empower").citation == "not in v1.3"


@pytest.mark.skipif(not (REFERENCE / "core-rules.json").exists(), reason="reference not present")
def test_glossary_headings_match_the_rules_file() -> None:
    data = json.loads((REFERENCE / "core-rules.json").read_text(encoding="utf-8"))
    headings = {r["id"]: r["text"] for r in data["rules"] if r["kind"] == "heading"
                and r["id"].isdigit() and 805 <= int(r["id"]) <= 826}
    by_rule = {k.rule: k.name for k in KEYWORDS.values() if k.rule}
    assert set(headings) == set(by_rule)
    for rid, text in headings.items():
        assert by_rule[rid].casefold() in text.casefold()


def test_every_catalog_keyword_is_known() -> None:
    names = {parse_keyword(k)[0] for card in load_catalog() for k in card.keywords}
    assert names <= set(KEYWORDS)


def test_implemented_keywords_are_enforced_by_the_module_named() -> None:
    assert frozenset({"Assault", "Shield", "Tank", "Backline", "Ganking", "Accelerate",
                      "Action", "Reaction", "Deathknell", "Legion", "Temporary",
                      "Vision", "Hidden", "Deflect", "Equip", "Quick-Draw", "Ambush",
                      "Hunt", "Level", "Unique", "Weaponmaster", "Repeat"}) == IMPLEMENTED_KEYWORDS
    for name in IMPLEMENTED_KEYWORDS:
        info = KEYWORDS[name]
        assert info.module is not None
        module = importlib.import_module(info.module)
        assert name in module.ENFORCED_KEYWORDS, (name, info.module)


def test_catalog_support_claims_no_more_than_the_engine_implements() -> None:
    assert abilities.ENGINE_KEYWORDS <= IMPLEMENTED_KEYWORDS
