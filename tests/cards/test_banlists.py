"""Dated ban lists: the list in force on a day, deck refusals citing it, updates, ``new``."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from riftlog.cards import DeckEntry, DeckList, read_deck
from riftlog.cards.banlists import (
    BanLists,
    check_bans,
    deck_bans,
    game_ban_warnings,
    import_ban_lists,
    load_ban_lists,
    parse_ban_lists,
)
from riftlog.cli import main
from riftlog.errors import DeckError
from riftlog.events.payloads import GameCreated, PlayerSpec

DECKS = Path(__file__).resolve().parents[2] / "replays" / "decks"
REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "ban-lists.json"

JULY = dt.date(2026, 7, 24)
AUGUST = dt.date(2026, 8, 1)
SEPTEMBER = dt.date(2026, 9, 18)


@pytest.fixture(scope="module")
def lists() -> BanLists:
    return load_ban_lists()


def _with_main(deck: DeckList, card_id: str) -> DeckList:
    return dataclasses.replace(deck, main=(*deck.main, DeckEntry(card_id, 1, 99)))


def test_shipped_lists_hold_both_standard_dates_and_the_2v2_list(lists: BanLists) -> None:
    dates = [(b.format, b.effective.isoformat()) for b in lists.lists]
    assert dates == [("2v2", "2026-07-14"), ("standard", "2026-07-24"),
                     ("standard", "2026-09-18")]


def test_no_standard_list_before_the_first_date(lists: BanLists) -> None:
    assert lists.in_force("standard", dt.date(2026, 7, 23)) == []


def test_the_newest_list_whose_date_has_come_is_in_force(lists: BanLists) -> None:
    assert [b.effective for b in lists.in_force("standard", AUGUST)] == [JULY]
    assert [b.effective for b in lists.in_force("standard", SEPTEMBER)] == [SEPTEMBER]


def test_2v2_uses_its_list_and_the_standard_one(lists: BanLists) -> None:
    used = lists.in_force("2v2", AUGUST)
    assert [(b.format, b.effective) for b in used] == [
        ("2v2", dt.date(2026, 7, 14)), ("standard", JULY)]


def test_card_banned_on_the_second_date_only(annie_deck: DeckList, lists: BanLists) -> None:
    deck = _with_main(annie_deck, "OGN-183")  # Stacked Deck: added on 2026-09-18
    assert check_bans(deck, lists.in_force("standard", AUGUST)) == []
    (v,) = check_bans(deck, lists.in_force("standard", SEPTEMBER))
    assert v.rule == "ban list standard 2026-09-18"
    assert v.card_id == "OGN-183" and v.line == 99
    assert "Stacked Deck" in v.message and "2026-09-18" in v.message


def test_card_banned_on_both_dates_cites_the_list_in_force(annie_deck: DeckList,
                                                           lists: BanLists) -> None:
    deck = _with_main(annie_deck, "OGN-168")  # Fight or Flight: on both lists
    (july,) = check_bans(deck, lists.in_force("standard", AUGUST))
    (sept,) = check_bans(deck, lists.in_force("standard", SEPTEMBER))
    assert july.rule == "ban list standard 2026-07-24"
    assert sept.rule == "ban list standard 2026-09-18"


def test_banned_chosen_champion_is_refused(annie_deck: DeckList, lists: BanLists) -> None:
    deck = dataclasses.replace(annie_deck, champion="OGN-110", champion_line=3)  # Ekko
    assert check_bans(deck, lists.in_force("standard", AUGUST)) == []
    (v,) = check_bans(deck, lists.in_force("standard", SEPTEMBER))
    assert v.card_id == "OGN-110" and v.line == 3


def test_banned_battlefield_is_refused(lists: BanLists) -> None:
    lux = read_deck(DECKS / "lux-lady-of-luminosity.txt")  # brings Obelisk of Power
    assert check_bans(lux, lists.in_force("standard", dt.date(2026, 7, 1))) == []
    (v,) = check_bans(lux, lists.in_force("standard", AUGUST))
    assert v.card_id == "OGN-284" and v.message.startswith("battlefield Obelisk of Power")


def test_banned_legend_in_2v2_only(lists: BanLists) -> None:
    yi = read_deck(DECKS / "master-yi-wuju-bladesman.txt")
    assert deck_bans(yi, "standard", SEPTEMBER, lists)[1] == []
    (v,) = deck_bans(yi, "2v2", SEPTEMBER, lists)[1]
    assert v.rule == "ban list 2v2 2026-07-14" and v.message.startswith("legend Wuju Bladesman")


def test_unknown_format_is_a_clear_error(lists: BanLists) -> None:
    with pytest.raises(DeckError, match="no ban lists for format 'vintage'"):
        lists.in_force("vintage", AUGUST)


def test_import_of_the_reference_file_gives_the_shipped_lists(tmp_path: Path) -> None:
    if not REFERENCE.exists():
        pytest.skip(f"{REFERENCE} not present")
    text = import_ban_lists(REFERENCE)
    shipped = load_ban_lists()
    assert parse_ban_lists(json.loads(text)).lists == shipped.lists


def test_an_organisers_newer_list_is_used_from_a_file(tmp_path: Path, annie_deck: DeckList,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    data = load_ban_lists().to_json()
    data["lists"].append({"format": "standard", "effective": "2026-11-01", "also": [],
                          "cards": ["Incinerate"], "battlefields": [], "legends": []})
    path = tmp_path / "bans.json"
    path.write_text(json.dumps(data))
    monkeypatch.setenv("RIFTLOG_BAN_LISTS", str(path))
    newer = load_ban_lists()
    assert [b.effective.isoformat() for b in newer.in_force("standard", dt.date(2026, 11, 2))] \
        == ["2026-11-01"]
    (incinerate,) = newer.lists[-1].cards  # the Annie sample plays it
    later = check_bans(annie_deck, newer.in_force("standard", dt.date(2026, 11, 2)))
    assert [v.card_id for v in later] == [incinerate]
    assert check_bans(annie_deck, newer.in_force("standard", SEPTEMBER)) == []


def test_a_list_naming_an_unknown_card_is_refused_with_where() -> None:
    bad = {"lists": [{"format": "standard", "effective": "2026-01-01", "cards": ["Nope Card"]}]}
    with pytest.raises(DeckError, match=r"list 1 \(standard\) cards: no card 'Nope Card'"):
        parse_ban_lists(bad, "bad.json")


def test_a_list_with_a_bad_date_is_refused() -> None:
    bad = {"lists": [{"format": "standard", "effective": "soon", "cards": []}]}
    with pytest.raises(DeckError, match="'soon' is not a date"):
        parse_ban_lists(bad, "bad.json")


def test_game_warnings_name_the_seat_and_the_list() -> None:
    lux = read_deck(DECKS / "lux-lady-of-luminosity.txt")
    annie = read_deck(DECKS / "annie-dark-child.txt")
    created = GameCreated(mode="duel", players=(
        PlayerSpec(id="p1", name="Alice", deck=lux.to_spec()),
        PlayerSpec(id="p2", name="Bob", deck=annie.to_spec())),
        rules_edition="v1.3", catalog_version="x", engine_version="x", randomness="recorded")
    (line,) = game_ban_warnings(created, SEPTEMBER)
    assert line.startswith("p1 (Alice): battlefield Obelisk of Power")
    assert "ban list standard 2026-09-18, in force on 2026-09-18" in line
    assert game_ban_warnings(created, dt.date(2026, 7, 1)) == []


# --- the commands ---------------------------------------------------------------------------


def _check(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(main, ["deck", "check", *args])
    return res.exit_code, res.output


def test_deck_check_refuses_by_date(tmp_path: Path) -> None:
    lux = str(DECKS / "lux-lady-of-luminosity.txt")
    code, out = _check(lux, "--format", "standard", "--on", "2026-07-01")
    assert code == 0 and "no standard ban list in force on 2026-07-01" in out
    code, out = _check(lux, "--format", "standard", "--on", "2026-08-01")
    assert code == 1
    assert "ban list standard 2026-07-24  line 28: battlefield Obelisk of Power" in out
    code, out = _check(lux, "--format", "none")
    assert code == 0 and "legal for duel" in out


def test_deck_check_stacked_deck_only_from_september(tmp_path: Path) -> None:
    deck_file = tmp_path / "annie-stacked.txt"
    lines = (DECKS / "annie-dark-child.txt").read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().lower().startswith("main deck"))
    lines.insert(at + 1, "1 Stacked Deck")
    deck_file.write_text("\n".join(lines) + "\n")
    _, out = _check(str(deck_file), "--on", "2026-08-01")
    assert "Stacked Deck (OGN-183) is banned" not in out
    code, out = _check(str(deck_file), "--on", "2026-09-18")
    assert code == 1 and "Stacked Deck (OGN-183) is banned" in out
    assert "ban list standard 2026-09-18" in out


def test_deck_check_bad_date_is_one_line() -> None:
    code, out = _check(str(DECKS / "annie-dark-child.txt"), "--on", "2026-13-01")
    assert code == 1 and out.strip() == "error: --on: '2026-13-01' is not a date (YYYY-MM-DD)"


def test_new_warns_about_a_banned_deck(tmp_path: Path) -> None:
    db = str(tmp_path / "r.db")
    runner = CliRunner()
    assert runner.invoke(main, ["--db", db, "db", "upgrade"]).exit_code == 0
    res = runner.invoke(main, ["--db", db, "new", "g1", "--seed", "s",
                               "--player", f"p1:Alice:{DECKS / 'lux-lady-of-luminosity.txt'}",
                               "--player", f"p2:Bob:{DECKS / 'annie-dark-child.txt'}"])
    assert res.exit_code == 0, res.output
    assert "created at seq" in res.stdout
    assert "warning: p1 (Alice): battlefield Obelisk of Power (OGN-284) is banned" in res.stderr
