"""Paper games from the command line (issue 21): the information level at `riftlog new`,
shown by `riftlog games` and the replay; a line naming a hidden card records its
CardsIdentified first; a refused name writes nothing."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from riftlog.cards.catalog import load_catalog
from riftlog.cli import main
from riftlog.events.payloads import GameCreated
from riftlog.events.registry import parse_payload
from tests.usecases.helpers import DECKS

P1 = f"p1:Alice:{DECKS / 'annie-dark-child.txt'}"
P2 = f"p2:Bob:{DECKS / 'garen-might-of-demacia.txt'}"
SETUP = ('{"type": "FirstPlayerChosen", "player": "p1"}',
         '{"type": "BattlefieldSelected", "player": "p1", "battlefield": "p1.bf1"}',
         '{"type": "BattlefieldSelected", "player": "p2", "battlefield": "p2.bf1"}',
         "keep",
         '{"type": "CardsIdentified", "player": "p1", "how": "channeled",'
         ' "cards": {"p1.r01": "OGN-166", "p1.r02": "OGN-007"}}',
         "keep")


def run(db: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--db", str(db), *args])


def _paper(tmp_path: Path, information: str = "paper") -> Path:
    db = tmp_path / "riftlog.db"
    assert run(db, "db", "upgrade").exit_code == 0
    res = run(db, "new", "g1", "--information", information, "--player", P1, "--player", P2)
    assert res.exit_code == 0, res.output
    assert f"information {information.replace(':', ' ')}" in res.output
    for line in SETUP:
        res = run(db, "play", "g1", line)
        assert res.exit_code == 0, res.output
    return db


def _last_seq(db: Path) -> int:
    return int(json.loads(run(db, "games", "--json").stdout)[0]["last_seq"])


def test_the_information_level_is_listed(tmp_path: Path) -> None:
    db = _paper(tmp_path)
    [row] = json.loads(run(db, "games", "--json").stdout)
    assert row["information"] == "paper"
    assert "paper" in run(db, "games").output
    res = run(db, "replay", "g1")
    assert "judged under RUP4 (paper information)" in res.output, res.output


def test_a_seat_game_names_its_seat(tmp_path: Path) -> None:
    db = _paper(tmp_path, "seat:p1")
    [row] = json.loads(run(db, "games", "--json").stdout)
    assert row["information"] == "seat p1"


def test_older_games_read_as_full() -> None:
    old = {"type": "GameCreated", "mode": "duel", "catalog_version": "c", "engine_version": "e",
           "players": [{"id": p, "name": p, "deck": {"legend": "x", "champion": "y", "main": [],
                                                     "runes": [], "battlefields": []}}
                       for p in ("p1", "p2")]}
    created = parse_payload("GameCreated", 1, old)
    assert isinstance(created, GameCreated) and created.information == "full"


def test_playing_a_hidden_card_by_name_records_what_it_is_first(tmp_path: Path) -> None:
    db = _paper(tmp_path)
    before = _last_seq(db)
    res = run(db, "play", "g1", "play Pouty Poro @ base")
    assert res.exit_code == 0, res.output
    assert f"{before + 1} CardsIdentified, {before + 2} CardPlayed" in res.output
    assert "is Pouty Poro" in res.output
    first = run(db, "events", "g1", "--from", str(before + 1), "--json").stdout.splitlines()[0]
    assert json.loads(first)["payload"]["how"] == "played"


def test_a_fourth_copy_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    db = _paper(tmp_path)
    for _ in range(3):  # the three Pouty Poro of the deck list
        assert run(db, "play", "g1", '{"type": "CardsIdentified", "player": "p1", "cards": '
            f'{{"{_unknown_card(db)}": "{_poro(db)}"}}}}').exit_code == 0
    before = _last_seq(db)
    res = run(db, "play", "g1", '{"type": "CardsIdentified", "player": "p1", "cards": '
              f'{{"{_unknown_card(db)}": "{_poro(db)}"}}}}')
    assert res.exit_code == 1
    assert "103.2.b" in res.output and "3 already accounted for" in res.output, res.output
    assert _last_seq(db) == before


def test_a_name_not_in_the_deck_list_is_refused(tmp_path: Path) -> None:
    db = _paper(tmp_path)
    before = _last_seq(db)
    res = run(db, "play", "g1", "play Garen, Rugged @ base")
    assert res.exit_code == 1
    res = run(db, "play", "g1", "play Vayne @ base")
    assert res.exit_code == 1 and "103.2.b" in res.output, res.output
    assert _last_seq(db) == before


def test_the_state_shows_no_guess(tmp_path: Path) -> None:
    db = _paper(tmp_path)
    data = json.loads(run(db, "state", "g1", "--json").stdout)
    hand = data["state"]["players"]["p1"]["hand"] if "state" in data else data["players"]["p1"]["hand"]
    assert hand == {"count": 5}  # p1 drew in their first turn (a card, never named)


def _poro(db: Path) -> str:
    return load_catalog().by_name("Pouty Poro").id


def _unknown_card(db: Path) -> str:
    data = json.loads(run(db, "state", "g1", "--json").stdout)
    data = data.get("state", data)
    known = set(data["extra"]["information"]["known"])
    hand_size = data["players"]["p1"]["hand"]["count"]
    assert hand_size
    return next(f"p1.m{i:02d}" for i in range(1, 41) if f"p1.m{i:02d}" not in known
                and f"p1.m{i:02d}" not in data["objects"])


def _full_then_paper(tmp_path: Path, information: str) -> Path:
    db = tmp_path / "riftlog.db"
    assert run(db, "db", "upgrade").exit_code == 0
    assert run(db, "new", "f1", "--player", P1, "--player", P2, "--seed", "s1").exit_code == 0
    assert run(db, "bot", "f1", "--seed", "4", "--turns", "5", "--keep-open").exit_code == 0
    res = run(db, "paper", "f1", "f1-paper", "--information", information)
    assert res.exit_code == 0, res.output
    assert f"the {information.replace(':', ' ')} record of f1" in res.output
    return db


def test_riftlog_paper_records_the_paper_record_of_a_full_game(tmp_path: Path) -> None:
    db = _full_then_paper(tmp_path, "paper")
    rows = {r["id"]: r for r in json.loads(run(db, "games", "--json").stdout)}
    assert rows["f1"]["information"] == "full" and rows["f1-paper"]["information"] == "paper"
    assert rows["f1-paper"]["score"] == rows["f1"]["score"]
    res = run(db, "replay", "f1-paper")
    assert res.exit_code == 0 and "(paper information)" in res.output, res.output
    events = [json.loads(x) for x in run(db, "events", "f1-paper", "--json").stdout.splitlines()]
    assert not any(e["type"] in ("DeckOrderRecorded", "SeedRevealed") for e in events)
    assert any(e["type"] == "CardsIdentified" for e in events)


def test_no_game_action_names_a_card_the_record_does_not_know(tmp_path: Path) -> None:
    db = _full_then_paper(tmp_path, "paper")
    text = run(db, "export", "f1-paper", "--format", "transcript", "--view", "judge").stdout
    draws = [line for line in text.splitlines() if "-> draw " in line]
    assert draws and not any("card=" in line for line in draws)


def test_a_seats_looks_are_hidden_from_the_other_seat(tmp_path: Path) -> None:
    db = _full_then_paper(tmp_path, "seat:p1")
    theirs = run(db, "export", "f1-paper", "--format", "transcript", "--view", "p2").stdout
    mine = run(db, "export", "f1-paper", "--format", "transcript", "--view", "p1").stdout
    looked = [line for line in theirs.splitlines() if "how=looked_at" in line]
    assert looked and all("cards={count:" in line for line in looked)
    own = [line for line in mine.splitlines() if "how=looked_at" in line]
    assert own and all("cards={count:" not in line and "(OG" in line for line in own)


def test_reveal_names_the_runes_about_to_be_channeled(tmp_path: Path) -> None:
    db = tmp_path / "riftlog.db"
    assert run(db, "db", "upgrade").exit_code == 0
    assert run(db, "new", "g1", "--information", "paper", "--player", P1, "--player", P2).exit_code == 0
    for line in SETUP[:4]:
        assert run(db, "play", "g1", line).exit_code == 0
    res = run(db, "play", "g1", "p1: reveal runes Fury, Chaos")
    assert res.exit_code == 0 and "CardsIdentified" in res.output, res.output
    first = run(db, "events", "g1", "--from", "6", "--json").stdout.splitlines()[0]
    payload = json.loads(first)["payload"]
    assert payload["how"] == "channeled" and list(payload["cards"]) == ["p1.r01", "p1.r02"]
    assert run(db, "play", "g1", "keep").exit_code == 0  # the turn channels them: named
    res = run(db, "play", "g1", "p1: reveal runes " + ", ".join(["Fury"] * 6))
    assert res.exit_code == 1 and "103.2.b" in res.output and "1 already accounted for" in res.output


def test_reveal_in_a_full_game_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "riftlog.db"
    assert run(db, "db", "upgrade").exit_code == 0
    assert run(db, "new", "g1", "--player", P1, "--player", P2, "--seed", "s").exit_code == 0
    res = run(db, "play", "g1", "p1: reveal hand Pouty Poro")
    assert res.exit_code == 1 and "knows every card" in res.output, res.output


def test_a_paper_game_prints_no_position(tmp_path: Path) -> None:
    db = _paper(tmp_path)
    res = run(db, "state", "g1", "--position")
    assert res.exit_code == 1 and "paper or seat record" in res.output, res.output


def test_the_table_prompt_suggests_no_hidden_card(tmp_path: Path) -> None:
    from riftlog.recorder import Recorder
    from riftlog.recording import TableSession
    from riftlog.store import EventStore

    db = _paper(tmp_path)
    store = EventStore.open(str(db))
    try:
        session = TableSession(Recorder.open(store, "g1"))
        hand = Recorder.open(store, "g1").state.players["p1"].hand
        placeholders = {load_catalog().get(Recorder.open(store, "g1").state.objects[o].card).name
                        for o in hand}
        offered = session.completions("play ")
        assert not any(name in line for line in offered for name in placeholders
                       if name not in ("Annie, Fiery",))  # the champion is public
    finally:
        store.close()


def test_moves_says_how_to_record_the_awaited_random_outcome(tmp_path: Path) -> None:
    db = tmp_path / "riftlog.db"
    assert run(db, "db", "upgrade").exit_code == 0
    assert run(db, "new", "g1", "--information", "paper", "--player", P1,
               "--player", P2).exit_code == 0
    res = run(db, "moves", "g1")
    assert res.exit_code == 0, res.output
    assert "no legal move: the game awaits first_player" in res.output
    # the hint is the JSON to pass to `riftlog play`, its fields to fill in
    assert """riftlog play g1 '{"type": "FirstPlayerChosen", "player": ...}'""" in res.output
    assert run(db, "play", "g1", '{"type": "FirstPlayerChosen", "player": "p1"}').exit_code == 0
    assert '"type": "BattlefieldSelected", "player": ..., "battlefield": ...' in \
        run(db, "moves", "g1").output
