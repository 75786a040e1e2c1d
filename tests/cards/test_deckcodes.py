"""Deck codes: Piltover Archive codes (versions 1-5) and Tabletop Simulator strings."""

from __future__ import annotations

import base64
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from riftlog.cards import DeckList, read_deck
from riftlog.cards.deckcodes import (
    CodeCard,
    DeckCode,
    code_from_deck,
    deck_from_code,
    deck_from_tts,
    decode_code,
    encode_code,
    parse_any_deck,
    read_any_deck,
    tts_from_deck,
)
from riftlog.cli import main
from riftlog.errors import DeckError

DECKS = Path(__file__).resolve().parents[2] / "replays" / "decks"
SAMPLES = sorted(DECKS.glob("*.txt"))

# Codes published with the format's description (Piltover Archive's README and examples).
KAISA_V2 = ("CIAAAAAAAAAQCAAAA4AACAIAABMQAAILAAAAICIMDMOVOX3AM5UHIAIDAAACO6XYAEAQKAAABX3QDGACUABK"
            "IAQAAEBQAAAWDBOQCAQAABMHE")
RUNES_V4 = "CQAAAAAAAAAAAAAAAIAQAAAAA4AQGAABAIAQCBABAECQCAIAAAAFSAABAEAAAAAWAAAQAAAAA4"


def b32(data: list[int]) -> str:
    return base64.b32encode(bytes(data)).decode().rstrip("=")


def card(code: str) -> CodeCard:
    return CodeCard.parse(code)


def copies(deck: DeckList) -> Counter[str]:
    spec = deck.to_spec()
    return Counter([spec.legend, spec.champion, *spec.main, *spec.runes, *spec.battlefields])


# --- codes built by hand ----------------------------------------------------------------------


def test_version_1_by_hand() -> None:
    # header 0x11; groups 12..4 empty; 3 copies: one list of OGN (0) base (0) holding 7;
    # 2 copies: none; 1 copy: one list of OGS (1) base holding 19 and 1
    data = [0x11, *[0] * 9, 1, 1, 0, 0, 7, 0, 1, 2, 1, 0, 1, 19]
    decoded = decode_code(b32(data))
    assert decoded.version == 1
    assert [(c.code, n) for c, n in decoded.main] == [
        ("OGN-007", 3), ("OGS-001", 1), ("OGS-019", 1)]
    assert encode_code(decoded) == b32(data)


def test_version_3_champion_and_two_byte_numbers_by_hand() -> None:
    # OGN-280 needs two varint bytes (280 = 0x98 0x02, low group first); champion OGN-012
    data = [0x13, *[0] * 11, 1, 2, 0, 0, 12, 0x98, 0x02, 0, 0, 0, 1, 0, 0, 12]
    decoded = decode_code(b32(data))
    assert [(c.code, n) for c, n in decoded.main] == [("OGN-012", 1), ("OGN-280", 1)]
    assert decoded.champion == card("OGN-012")
    assert encode_code(decoded) == b32(data)


def test_version_4_rune_numbers_and_variants_by_hand() -> None:
    # 2 copies: one list of UNL (4) variant a (1) holding kind 1 (R) number 5 -> UNL-R05a
    data = [0x14, *[0] * 10, 1, 1, 4, 1, 1, 5, 0, 0, 0, 0, 0]
    decoded = decode_code(b32(data))
    assert [(c.code, n) for c, n in decoded.main] == [("UNL-R05a", 2)]
    assert decoded.champion is None
    assert encode_code(decoded) == b32(data)


def test_version_5_explicit_counts_by_hand() -> None:
    # two count groups: 20 copies of VEN-097, 3 of OGN-007; sideboard: 4 of SFD-001
    data = [0x15, 2, 20, 1, 1, 5, 0, 0, 97, 3, 1, 1, 0, 0, 0, 7,
            1, 4, 1, 1, 3, 0, 0, 1, 1, 0, 0, 0, 7]
    decoded = decode_code(b32(data))
    assert [(c.code, n) for c, n in decoded.main] == [("VEN-097", 20), ("OGN-007", 3)]
    assert [(c.code, n) for c, n in decoded.sideboard] == [("SFD-001", 4)]
    assert decoded.champion == card("OGN-007")
    assert encode_code(decoded) == b32(data)


def test_lists_of_a_group_go_shortest_first_then_by_number() -> None:
    deck = DeckCode(main=((card("OGS-003"), 1), (card("OGN-010"), 1), (card("OGN-002"), 1)),
                    version=1)
    # groups 12..2 empty; 1 copy: two lists, OGS (1 card) before OGN (2 cards, 2 then 10)
    assert encode_code(deck) == b32([0x11, *[0] * 11, 2, 1, 1, 0, 3, 2, 0, 0, 2, 10])


# --- published codes ---------------------------------------------------------------------------


def test_published_version_2_code_decodes_and_encodes_back() -> None:
    decoded = decode_code(KAISA_V2)
    assert decoded.version == 2 and decoded.champion is None
    main = dict((c.code, n) for c, n in decoded.main)
    assert main["OGN-007"] == 7 and main["OGN-089"] == 5 and main["OGN-292"] == 1
    assert sum(main.values()) == 56
    assert sum(n for _, n in decoded.sideboard) == 8
    assert encode_code(decoded) == KAISA_V2


def test_published_version_4_code_with_rune_numbers() -> None:
    decoded = decode_code(RUNES_V4)
    assert [(c.code, n) for c, n in decoded.main] == [
        ("OGN-007", 3), ("SFD-R02", 3), ("UNL-R05a", 2), ("OGN-089", 1)]
    assert decoded.champion == card("OGN-007")
    assert encode_code(decoded) == RUNES_V4


def test_published_code_becomes_a_deck_list() -> None:
    deck = deck_from_code(KAISA_V2)
    assert deck.legend == "OGN-247" and deck.main_count == 40
    assert deck.rune_count == 12 and deck.battlefield_count == 3
    assert sum(e.count for e in deck.sideboard) == 8


# --- round trips -------------------------------------------------------------------------------


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
@pytest.mark.parametrize("version", [3, 4, 5])
def test_sample_decks_round_trip_through_codes(path: Path, version: int) -> None:
    deck = read_deck(path)
    back = deck_from_code(code_from_deck(deck, version))
    assert back.legend == deck.legend and back.champion == deck.champion
    assert copies(back) == copies(deck)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_sample_decks_round_trip_through_tts(path: Path) -> None:
    deck = read_deck(path)
    back = deck_from_tts(tts_from_deck(deck))
    assert back.champion == deck.champion and copies(back) == copies(deck)


codes = st.builds(CodeCard, st.integers(0, 6), st.integers(0, 3), st.integers(0, 1),
                  st.integers(1, 400))


@given(main=st.dictionaries(codes, st.integers(1, 40), min_size=1, max_size=30),
       side=st.dictionaries(codes, st.integers(1, 5), max_size=8),
       champion=st.none() | codes)
def test_any_deck_round_trips_in_version_5(main: dict[CodeCard, int],
                                           side: dict[CodeCard, int],
                                           champion: CodeCard | None) -> None:
    deck = DeckCode(tuple(main.items()), tuple(side.items()), champion, 5)
    back = decode_code(encode_code(deck))
    assert dict(back.main) == main and dict(back.sideboard) == side
    assert back.champion == champion


@given(main=st.dictionaries(codes.filter(lambda c: c.kind == 0), st.integers(1, 12),
                            min_size=1, max_size=30))
def test_version_1_round_trips_counts_up_to_12(main: dict[CodeCard, int]) -> None:
    deck = DeckCode(tuple(main.items()), version=1)
    assert dict(decode_code(encode_code(deck)).main) == main


# --- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("code", "message"), [
    ("not a code!", "is not a base32 deck code"),
    (b32([0x21, 0]), "deck-code format 2"),
    (b32([0x17, 0]), "deck-code version 7"),
    (b32([0x13, *[0] * 9]), "ends in the middle of"),
    (b32([0x11, *[0] * 11, 1, 1, 9, 0, 1]), "unknown set number 9"),
    (b32([0x11, *[0] * 12, 5]), "1 unread byte after"),
])
def test_bad_codes_say_what_is_wrong(code: str, message: str) -> None:
    with pytest.raises(DeckError, match=message.replace("(", r"\(").replace(")", r"\)")):
        decode_code(code)


def test_old_versions_refuse_what_they_cannot_hold() -> None:
    with pytest.raises(DeckError, match="counts 1-12; use version 5 for 20"):
        encode_code(DeckCode(((card("OGN-007"), 20),)), version=4)
    with pytest.raises(DeckError, match="cannot hold rune numbers like SFD-R02"):
        encode_code(DeckCode(((card("SFD-R02"), 2),)), version=3)


def test_a_card_outside_the_catalog_is_named() -> None:
    with pytest.raises(DeckError, match="card SFD-R02 is not in the card catalog"):
        deck_from_code(RUNES_V4)


def test_tts_bad_token_is_named() -> None:
    with pytest.raises(DeckError, match="token 2 'Annie' is not SET-NNN-ART"):
        deck_from_tts("OGS-017-1 Annie")


def test_any_form_is_recognised(tmp_path: Path) -> None:
    deck = read_deck(DECKS / "annie-dark-child.txt")
    for text in (deck.to_text(), code_from_deck(deck), tts_from_deck(deck)):
        assert copies(parse_any_deck(text)) == copies(deck)
    f = tmp_path / "code.txt"
    f.write_text(code_from_deck(deck) + "\n")
    assert copies(read_any_deck(f)) == copies(deck)
    assert copies(read_any_deck(code_from_deck(deck))) == copies(deck)


# --- commands ----------------------------------------------------------------------------------


def test_deck_code_command_and_check_of_a_code() -> None:
    runner = CliRunner()
    res = runner.invoke(main, ["deck", "code", str(DECKS / "annie-dark-child.txt")])
    assert res.exit_code == 0
    code = res.output.strip()
    assert code == code_from_deck(read_deck(DECKS / "annie-dark-child.txt"))
    res = runner.invoke(main, ["deck", "check", code])
    assert res.exit_code == 0 and "legal for duel" in res.output
    res = runner.invoke(main, ["deck", "code", code, "--text"])
    assert res.output.startswith("Legend: Dark Child\nChampion: Annie, Fiery\n")


def test_new_accepts_a_code_and_a_tts_string(tmp_path: Path) -> None:
    db = str(tmp_path / "r.db")
    runner = CliRunner()
    assert runner.invoke(main, ["--db", db, "db", "upgrade"]).exit_code == 0
    annie = read_deck(DECKS / "annie-dark-child.txt")
    tts = tmp_path / "garen.tts"
    tts.write_text(tts_from_deck(read_deck(DECKS / "garen-might-of-demacia.txt")))
    res = runner.invoke(main, ["--db", db, "new", "g1", "--seed", "s",
                               "--player", f"p1:Alice:{code_from_deck(annie)}",
                               "--player", f"p2:Bob:{tts}"])
    assert res.exit_code == 0, res.output
    assert "created at seq" in res.output
