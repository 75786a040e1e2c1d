"""Matches as tournaments run them: the end of a timed round (TR 408), match results,
judge events in the CSV history, sideboarding between games (TR 403, 601.1.c)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from riftlog.errors import DeckError, RecorderError

# --- the engine: TR 408.2 and 408.4 -----------------------------------------------------------
from riftlog.events.actor import Actor
from riftlog.events.payloads import DeckSpec
from riftlog.history import write_csv, write_csv_players
from riftlog.matches import GameOutcome, check_sideboarding, match_view, standing
from riftlog.recorder import create_game, play_bot
from riftlog.replay import replay_events
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.flow import timed_round
from riftlog.store import EventStore
from tests.usecases.helpers import duel, new_store, seat

ANN = Actor.judge("Ann")


@pytest.fixture()
def store(tmp_path: Path) -> EventStore:
    return new_store(tmp_path / "db")


def _started(store: EventStore) -> GameState:
    rec = duel(store, "t1")
    play_bot(rec, 5, max_turns=2)
    return rec.state.clone()


def _end_of_additional_turns(state: GameState, p1: int, p2: int, **kw: object) -> bool:
    timed_round.call_time(state, str(kw.get("procedure", "408.2")), 3,
                          bool(kw.get("sudden_death", False)), "Ann")
    state.turn = state.extra["time_called"]["last_turn"]
    state.players["p1"].points, state.players["p2"].points = p1, p2
    return timed_round.turn_ended(state, [])


def test_408_2_a_lead_of_two_wins(store: EventStore) -> None:
    state = _started(store)
    assert _end_of_additional_turns(state, 5, 3)
    assert state.winner == ["p1"] and state.phase == "over"
    assert state.end_reason == "time: lead of 2 or more"


def test_408_2_a_lead_of_one_is_a_draw(store: EventStore) -> None:
    state = _started(store)
    assert _end_of_additional_turns(state, 4, 5)
    assert state.winner == [] and state.end_reason == "time: draw"


def test_408_2_a_the_game_goes_on_during_the_additional_turns(store: EventStore) -> None:
    state = _started(store)
    timed_round.call_time(state, "408.2", 3, False, "Ann")
    state.turn += 2
    state.players["p1"].points = 6
    assert not timed_round.turn_ended(state, [])
    assert state.phase != "over"


def test_408_4_c_1_most_points_wins(store: EventStore) -> None:
    state = _started(store)
    assert _end_of_additional_turns(state, 3, 4, procedure="408.4")
    assert state.winner == ["p2"] and state.end_reason == "time: most points"


def test_408_4_c_2_tie_on_points_is_a_drawn_game(store: EventStore) -> None:
    state = _started(store)
    assert _end_of_additional_turns(state, 3, 3, procedure="408.4")
    assert state.winner == [] and state.end_reason == "time: draw on points"


def test_408_4_c_3_sudden_death_goes_to_the_next_point(store: EventStore) -> None:
    state = _started(store)
    assert not _end_of_additional_turns(state, 3, 3, procedure="408.4", sudden_death=True)
    assert state.phase != "over"
    log: list[GameAction] = []
    assert not timed_round.sudden_death_winner(state, log)
    state.players["p2"].points = 4
    assert timed_round.sudden_death_winner(state, log)
    assert state.winner == ["p2"] and state.end_reason == "time: sudden death point"
    assert log[-1].rule == "TR 408.4.c.3"


def test_time_called_is_recorded_and_applied_by_the_engine(store: EventStore) -> None:
    rec = duel(store, "t2")
    play_bot(rec, 3, max_turns=3)
    called_at = rec.state.turn
    stored = rec.call_time(ANN)
    assert [e.type for e in stored.events] == ["TimeCalled"]
    play_bot(rec, 4)
    state = rec.state
    # (bot seeds 3 and 4: nobody reaches 8 points; p2 leads 2-0 after the extra turns)
    assert state.phase == "over" and state.turn == called_at + 3
    assert state.end_reason == "time: lead of 2 or more" and state.winner == ["p2"]
    rec.finish()
    report = replay_events(list(store.read("t2", verify=True)), game_id="t2")
    assert report.ok and report.result["end_reason"] == state.end_reason


def test_time_cannot_be_called_on_a_finished_game(store: EventStore) -> None:
    rec = duel(store, "t3")
    rec.game_loss(ANN, "p1", "no-show")
    with pytest.raises(RecorderError, match="is over; time cannot be called"):
        rec.call_time(ANN)


# --- match results (TR 408.3) -----------------------------------------------------------------


def _o(n: int, winners: tuple[str, ...] | None, reason: str = "victory_score") -> GameOutcome:
    return GameOutcome(f"g{n}", n, ("p1", "p2"), winners, reason)


def test_best_of_three_goes_to_two_game_wins() -> None:
    s = standing([_o(1, ("p1",)), _o(2, ("p2",)), _o(3, ("p1",))], 3)
    assert s.over and s.winner == "p1" and s.rule == "408.3" and s.score() == "p1 2, p2 1, drawn 0"


def test_best_of_five_is_in_progress_at_two_wins() -> None:
    s = standing([_o(1, ("p1",)), _o(2, ("p1",))], 5)
    assert not s.over and s.result() == "in progress (best of 5)"


def test_best_of_one() -> None:
    assert standing([_o(1, ("p2",))], 1).winner == "p2"


def test_408_3_b_equal_game_wins_after_time_is_a_drawn_match() -> None:
    s = standing([_o(1, ("p1",)), _o(2, ("p2",)), _o(3, (), "time: draw")], 3)
    assert s.over and s.winner is None and s.rule == "408.3.b" and s.draws == 1
    assert s.result() == "match drawn 1-1 (TR 408.3.b)"


def test_408_3_a_more_game_wins_after_time_wins() -> None:
    s = standing([_o(1, ("p1",)), _o(2, (), "time: draw")], 3)
    assert s.winner == "p1" and s.rule == "408.3.a"


def test_408_4_single_elimination_after_time() -> None:
    s = standing([_o(1, ("p1",)), _o(2, ("p2",), "time: most points")], 3)
    assert not s.over and s.rule == "408.4.d" and "408.4.d" in s.result()
    s = standing([_o(1, ("p1",)), _o(2, (), "time: draw on points")], 3)
    assert s.over and s.winner == "p1" and s.rule == "408.4.c.2"


def test_best_of_must_be_1_3_or_5() -> None:
    with pytest.raises(RecorderError, match="best of 1, 3 or 5"):
        standing([], 2)


# --- the match view and the CSV history -------------------------------------------------------


def _match(store: EventStore) -> None:
    players = [seat("p1", "annie-dark-child.txt"), seat("p2", "garen-might-of-demacia.txt")]
    for n in (1, 2):
        rec = create_game(store, f"m1g{n}", mode="duel", rules_edition="v1.3", players=players, seed=f"s{n}",
                          match_id="m1", game_number=n, best_of=3)
        if n == 1:
            rec.ruling(ANN, "The attack stands.", ["v1.3 460.2"], about_seq=3)
            rec.penalty(ANN, "p2", "Warning", "drew an extra card", ["TR 713"])
            rec.game_loss(ANN, "p2", "marked cards")
        else:
            play_bot(rec, 2, max_turns=2)
            rec.call_time(ANN)
            play_bot(rec, 3)
        rec.finish()


def test_match_view_lists_games_results_and_judge_events(store: EventStore) -> None:
    _match(store)
    view = match_view(store, "m1")
    assert view.best_of == 3 and [g.game_number for g in view.games] == [1, 2]
    g1 = view.games[0]
    assert g1.winners == ("p1",) and g1.end_reason == "game_loss"
    assert any("penalty Warning to p2 by Ann [TR 713]" in e for e in g1.judge_events)
    assert any(e.endswith("game loss to p2 by Ann: marked cards") for e in g1.judge_events)
    assert view.standing is not None and view.standing.over  # time was called in game 2


def test_csv_history_carries_match_results_and_judge_events(store: EventStore) -> None:
    _match(store)
    out = io.StringIO()
    write_csv(store, store.games(), out)
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert rows[0]["match_score"] == "p1 1, p2 0, drawn 0"
    assert "seq" in rows[0]["judge_events"] and "ruling by Ann" in rows[0]["judge_events"]
    assert "The attack stands." in rows[0]["judge_events"]  # the judge's view
    assert "time called by Ann (TR 408.2" in rows[1]["judge_events"]
    assert rows[1]["match_result"] != "" and "TR 408.3" in rows[1]["match_result"]
    players = io.StringIO()
    write_csv_players(store, store.games(), players)
    prow = list(csv.DictReader(io.StringIO(players.getvalue())))
    p2 = next(r for r in prow if r["game_id"] == "m1g1" and r["player"] == "p2")
    assert "penalty Warning to p2" in p2["judge_events"] and p2["match_wins"] == "0"


def test_a_ruling_s_words_stay_out_of_a_players_csv(store: EventStore) -> None:
    _match(store)
    out = io.StringIO()
    write_csv(store, store.games(), out, view="p1")
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert "ruling by Ann" in rows[0]["judge_events"]
    assert "The attack stands." not in rows[0]["judge_events"]


# --- sideboarding (TR 403, 601.1.c) -----------------------------------------------------------


ANNIE = seat("p1", "annie-dark-child.txt").deck


def _swap(out_card: str, in_card: str) -> tuple[DeckSpec, tuple[str, ...]]:
    main = list(ANNIE.main)
    main.remove(out_card)
    return ANNIE.model_copy(update={"main": (*main, in_card)}), (out_card,)


def test_a_one_for_one_exchange_is_legal() -> None:
    out_card = ANNIE.main[-1]
    new, side = _swap(out_card, "OGN-006")  # OGN-001 came from the sideboard
    assert check_sideboarding(ANNIE, ("OGN-006",), ANNIE, new, side,
                              game_number=2) == []


def test_cards_from_outside_the_pool_are_refused() -> None:
    new, side = _swap(ANNIE.main[-1], "OGN-006")
    problems = check_sideboarding(ANNIE, (), ANNIE, new, side, game_number=2)
    assert problems[0].rule == "TR 403.4"


def test_no_sideboarding_after_a_drawn_game() -> None:
    new, side = _swap(ANNIE.main[-1], "OGN-006")
    problems = check_sideboarding(ANNIE, ("OGN-006",), ANNIE, new, side,
                                  game_number=2, previous_drawn=True)
    assert [p.rule for p in problems] == ["TR 403.10"]


def test_a_sideboard_of_nine_is_refused() -> None:
    side = ("OGN-001",) * 9
    problems = check_sideboarding(ANNIE, side, ANNIE, ANNIE, side, game_number=2)
    assert "TR 601.1.c.1" in [p.rule for p in problems]
    assert "TR 601.1.c.3" in [p.rule for p in problems]  # 9 copies of a name


def test_the_legend_does_not_change_between_games() -> None:
    other = ANNIE.model_copy(update={"legend": "OGS-019"})
    problems = check_sideboarding(ANNIE, (), ANNIE, other, (), game_number=2)
    assert any(p.rule == "TR 403.4" and "legend" in p.message for p in problems)


def test_game_two_with_an_unregistered_card_is_refused_before_writing(store: EventStore) -> None:
    p1, p2 = seat("p1", "annie-dark-child.txt"), seat("p2", "garen-might-of-demacia.txt")
    create_game(store, "s1", mode="duel", rules_edition="v1.3", players=[p1, p2], seed="a", match_id="m2",
                best_of=5, sideboards={"p1": ("OGN-006",)}).game_loss(ANN, "p2", "no-show")
    legal, _ = _swap(ANNIE.main[-1], "OGN-006")
    create_game(store, "s2", mode="duel", rules_edition="v1.3", players=[p1.model_copy(update={"deck": legal}), p2],
                seed="b", match_id="m2", game_number=2, sideboards={"p1": (ANNIE.main[-1],)})
    bad, _ = _swap(ANNIE.main[-1], "OGN-011")
    with pytest.raises(DeckError, match=r"game s3 of match m2: p1: TR 403.4"):
        create_game(store, "s3", mode="duel", rules_edition="v1.3", players=[p1.model_copy(update={"deck": bad}), p2],
                    seed="c", match_id="m2", game_number=3)
    assert "s3" not in {g.id for g in store.games()}


def test_no_game_is_started_in_a_decided_match(store: EventStore) -> None:
    _match(store)  # time was called in game 2: the match ended with it (TR 408.2.a)
    players = [seat("p1", "annie-dark-child.txt"), seat("p2", "garen-might-of-demacia.txt")]
    with pytest.raises(RecorderError, match=r"match m1 is over \(.*TR 408.3"):
        create_game(store, "m1g3", mode="duel", rules_edition="v1.3", players=players, seed="x", match_id="m1",
                    game_number=3)


# --- the commands -----------------------------------------------------------------------------


def test_judge_time_and_match_show_commands(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from riftlog.cli import main
    from tests.usecases.helpers import DECKS

    db = str(tmp_path / "r.db")
    runner = CliRunner()

    def run(*args: str) -> str:
        res = runner.invoke(main, ["--db", db, *args])
        assert res.exit_code == 0, res.output
        return res.output

    run("db", "upgrade")
    run("new", "g1", "--match", "m1", "--best-of", "5", "--seed", "s",
        "--player", f"p1:A:{DECKS / 'annie-dark-child.txt'}",
        "--player", f"p2:B:{DECKS / 'garen-might-of-demacia.txt'}")
    run("bot", "g1", "--seed", "3", "--turns", "3", "--keep-open")
    assert "TimeCalled" in run("judge", "time", "g1", "--judge", "Ann")
    run("bot", "g1", "--seed", "4")
    out = run("match", "show", "m1")
    assert "match m1 (best of 5)" in out
    assert "game 1 g1: p2 won (time: lead of 2 or more)" in out
    assert "time called by Ann (TR 408.2, 3 additional turns)" in out
    assert "result: p2 wins the match 1-0 (TR 408.3.a)" in out
    for cmd in (["judge", "time"], ["match", "show"], ["deck", "code"], ["deck", "bans"]):
        res = runner.invoke(main, [*cmd, "--help"])
        assert res.exit_code == 0 and "Example" in res.output, cmd
