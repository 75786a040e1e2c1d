"""CSV histories and transcripts over a real bot game (recorded with the sample decks)."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from riftlog import history
from riftlog.export import ExportError, Selection, select_games
from riftlog.reducer import Folder
from riftlog.store import EventStore

DECKS = sorted((Path(__file__).parents[2] / "replays" / "decks").glob("*.txt"))


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EventStore]:
    """A store with one finished-or-not bot duel (g1, match m1 of tournament t1)."""
    from riftlog.recorder import create_game, play_bot, player_from_deck
    from tests.export.helpers import new_store

    store = new_store(tmp_path_factory.mktemp("hist") / "h.db")
    rec = create_game(store, "g1", mode="duel", rules_edition="v1.3", match_id="m1", tournament_id="t1", round=2,
                      table="5", seed="sample-seed-1",
                      players=[player_from_deck("p1", "Ann", DECKS[0]),
                               player_from_deck("p2", "Bo", DECKS[1])])
    play_bot(rec, 7, max_turns=8)
    yield store
    store.close()


def rows(store: EventStore, fn: str, view: str | None = None) -> list[dict[str, str]]:
    buf = io.StringIO()
    getattr(history, fn)(store, select_games(store, Selection()), buf, view=view)
    return list(csv.DictReader(io.StringIO(buf.getvalue())))


def text(store: EventStore, view: str) -> str:
    buf = io.StringIO()
    history.write_transcripts(store, select_games(store, Selection()), buf, view=view)
    return buf.getvalue()


def test_csv_has_one_row_per_game_with_its_facts(played: EventStore) -> None:
    [row] = rows(played, "write_csv")
    assert (row["tournament"], row["round"], row["table"], row["match"]) == ("t1", "2", "5", "m1")
    assert row["legends"].startswith("p1: ") and "p2: " in row["champions"]
    assert row["first_player"] in ("p1", "p2")
    assert row["rules_edition"] == "v1.3" and row["verdicts"].startswith("ok: legal")
    assert int(row["turns"]) >= 8 and row["ended_by"] == "unfinished"
    assert "-" not in row["battlefields"]


def test_csv_players_has_a_row_per_seat(played: EventStore) -> None:
    out = rows(played, "write_csv_players")
    assert [r["player"] for r in out] == ["p1", "p2"]
    assert sorted(r["went_first"] for r in out) == ["no", "yes"]
    assert all(r["result"] == "unfinished" for r in out)


def test_public_view_of_an_unfinished_game_is_refused(played: EventStore) -> None:
    with pytest.raises(ExportError, match="game g1: the public view"):
        rows(played, "write_csv", view="public")


def test_judge_transcript_goes_turn_by_turn_with_actions(played: EventStore) -> None:
    t = text(played, "judge")
    assert "== Setup ==" in t and "== Turn 1: " in t and "== Turn 8: " in t
    assert re.search(r"seq \d+ TurnEnded by p\d", t)
    assert "      -> draw " in t


def _hidden_cards(store: EventStore) -> set[str]:
    """Card ids only ever in a hand or main deck (never public) during the game."""
    folder = Folder()
    public: set[str] = set()
    state = None
    for ev in store.read("g1"):
        folder.feed(ev)
        state = folder.state
        if state is not None:
            public |= {o.card for o in state.objects.values()
                       if o.zone not in ("hand", "main_deck", "rune_deck", "battlefield_aside")}
    assert state is not None
    held = {o.card for o in state.objects.values() if o.zone in ("hand", "main_deck")}
    return held - public


def test_spectator_transcript_shows_no_card_from_a_hand_or_deck(played: EventStore) -> None:
    hidden = _hidden_cards(played)
    assert len(hidden) > 5  # the check below means something
    t = text(played, "spectator")
    assert [c for c in hidden if c in t] == []
    assert [c for c in hidden if c in text(played, "judge")] != []  # the judge sees them


def test_player_transcript_hides_the_opponents_hand(played: EventStore) -> None:
    folder = Folder()
    for ev in played.read("g1"):
        folder.feed(ev)
    assert folder.state is not None
    theirs = {o.card for o in folder.state.objects.values()
              if o.owner == "p2" and o.zone in ("hand", "main_deck")}
    mine = {o.card for o in folder.state.objects.values() if o.owner == "p1"}
    t = text(played, "p1")
    assert [c for c in theirs - mine - _public_ids(t, played) if c in t] == []


def _public_ids(t: str, store: EventStore) -> set[str]:
    spectator = text(store, "spectator")
    return {c for c in re.findall(r"\(([A-Z]{3}-[0-9A-Za-z]+)\)", spectator)}


def test_cli_writes_csv_and_says_where(played: EventStore, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from riftlog.cli import main

    out = tmp_path / "h.csv"
    result = CliRunner().invoke(main, ["export", "--tournament", "t1", "--format", "csv",
                                       "-o", str(out), "--db", played.where])
    assert result.exit_code == 0, result.stderr
    assert f"to {out}" in result.stdout
    assert out.read_text().startswith("tournament,round,table")
