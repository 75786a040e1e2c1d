"""Positions written by hand: what the reader refuses, and the judge's questions."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from riftlog.cli import main
from riftlog.positions import (
    PositionError,
    check_decision,
    legal_moves,
    parse_position,
    print_position,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "positions.md"

BOARD = """\
game duel v1.3
seating p1 p2
order p1 p2
turn 3 player p1 phase main
player p1 "Avery" points 2
  legend 1: p1.legend=OGS-017
  champion 1: p1.champ=OGS-001
  base 3: p1.r1=OGN-007 p1.r2=OGN-007 p1.r3=OGN-166[exhausted]
  hand 1: p1.h1=OGN-010
  deck 5
  runes 0
player p2 "Blake" points 3
  legend 1: p2.legend=OGS-023
  champion 1: p2.champ=OGS-007
  hand 2
  deck 10
battlefield p1.bf1=OGN-298 owner=p1 controller=p2
  units 1: p2.u1=OGN-130[damage=1]
"""


def edited(old: str, new: str) -> str:
    assert old in BOARD
    return BOARD.replace(old, new)


def test_a_hand_written_board_builds_a_state() -> None:
    state = parse_position(BOARD)
    assert state.turn == 3 and state.turn_player == "p1" and state.priority == "p1"
    assert state.players["p2"].points == 3 and len(state.players["p2"].main_deck) == 10
    unit = state.objects["p2.u1"]
    assert (unit.zone, unit.location, unit.damage, unit.owner) == (
        "battlefield", "p1.bf1", 1, "p2")
    assert state.objects["p1.r1"].location == "base:p1"
    assert state.objects["p1.r3"].exhausted
    assert parse_position(print_position(state)) == state


def test_the_example_in_the_docs_is_this_board() -> None:
    example = DOCS.read_text().split("## Example: a hand-written board")[1].split("```")[1]
    assert parse_position(example) == parse_position(BOARD)


@pytest.mark.parametrize(("old", "new", "message"), [
    ("p1.h1=OGN-010", "p1.h1=OGN-999", "line 9: p1.h1: no card 'OGN-999' in the catalog"),
    ("p1.h1=OGN-010", "p1.h1=OGN-010 p1.r1", "line 9: object p1.r1 is in p1's hand and "
                                             "already in p1's base (line 8)"),
    ("p1.h1=OGN-010", "p1.r1=OGN-010", "line 9: object p1.r1 is defined twice (first on "
                                       "line 8)"),
    ("hand 1: p1.h1", "hand 2: p1.h1", "line 9: p1's hand says 2 but lists 1"),
    ("turn 3 player p1", "turn 3 player p9", "the turn player p9 is not a player"),
    ("phase main", "phase lunch", "line 4: unknown phase 'lunch'"),
    ("points 2", "points -2", "line 5: p1's points must not be negative (-2)"),
    ("legend 1: p1.legend=OGS-017", "legend 1: p1.legend=OGN-007",
     "p1.legend: a Rune (OGN-007) cannot be in the legend zone"),
    ("[damage=1]", "[damage=1 attached=p2.x]", "p2.u1: attached to p2.x, which is not in the "
                                                "position"),
    ("[damage=1]", "[sleepy]", "line 18: p2.u1: unknown attribute 'sleepy'"),
    ("phase main", "phase beginning", "the engine cannot tell what it awaits in phase "
                                      "beginning"),
    ("seating p1 p2", "seating p1 p2 p3", "seated player(s) p3 have no 'player' line"),
    ('"Blake"', '"Blake', "line 12: an unclosed quote"),
    ("battlefield p1.bf1=OGN-298", "battlefield p1.bf1", "battlefield p1.bf1 names no card"),
])
def test_inconsistent_positions_are_refused_saying_what_and_where(
        old: str, new: str, message: str) -> None:
    with pytest.raises(PositionError) as err:
        parse_position(edited(old, new), "board.txt")
    assert message in str(err.value)
    assert str(err.value).startswith("board.txt")


def test_a_legal_decision() -> None:
    verdict = check_decision(parse_position(BOARD), '{"type": "TurnEnded", "player": "p1"}')
    assert verdict.verdict == "legal" and verdict.violations == ()


def test_an_illegal_decision_cites_its_rule() -> None:
    state = parse_position(BOARD)
    verdict = check_decision(state, '{"type": "TurnEnded", "player": "p2"}')
    assert verdict.verdict == "illegal"
    assert [v.citation for v in verdict.violations] == ["v1.3 316.2"]
    too_dear = edited("p1.h1=OGN-010", "p1.h1=OGN-001")  # Blazing Scorcher costs 5 Energy
    verdict = check_decision(parse_position(too_dear), '{"type": "CardPlayed", "player": "p1", '
                             '"card": "p1.h1", "payment": {"exhaust": ["p1.r1", "p1.r2"]}}')
    assert [v.citation for v in verdict.violations] == ["v1.3 165.2"]


def test_legal_moves_list_ending_the_turn_and_playing_the_card() -> None:
    moves = legal_moves(parse_position(BOARD))
    assert '{"player": "p1", "type": "TurnEnded"}' in moves.moves
    played = [m for m in moves.moves if '"CardPlayed"' in m]
    assert played and all('"card": "p1.h1"' in m for m in played)
    (request,) = moves.requests
    assert request.startswith("main from p1: TurnEnded") and "CardPlayed" in request


# --- commands ----------------------------------------------------------------------------------


def test_position_commands(tmp_path: Path) -> None:
    board = tmp_path / "board.txt"
    board.write_text(BOARD)
    runner = CliRunner()
    res = runner.invoke(main, ["position", "check", str(board),
                               '{"type": "TurnEnded", "player": "p2"}'])
    assert res.exit_code == 2
    assert "illegal\n  v1.3 316.2: TurnEnded came from p2" in res.output
    res = runner.invoke(main, ["position", "check", str(board),
                               '{"type": "TurnEnded", "player": "p1"}'])
    assert res.exit_code == 0 and "legal" in res.output
    res = runner.invoke(main, ["position", "moves", str(board)])
    assert res.exit_code == 0 and '"CardPlayed"' in res.output
    bad = tmp_path / "bad.txt"
    bad.write_text(edited("phase main", "phase lunch"))
    res = runner.invoke(main, ["position", "moves", str(bad)])
    assert res.exit_code == 1
    assert res.output.startswith("error: ") and "line 4: unknown phase 'lunch'" in res.output
    for cmd in (["position", "check"], ["position", "moves"], ["state"]):
        res = runner.invoke(main, [*cmd, "--help"])
        assert res.exit_code == 0 and "Example" in res.output


def test_state_at_a_seq_as_a_position(tmp_path: Path) -> None:
    from tests.usecases.helpers import DECKS

    db = str(tmp_path / "r.db")
    runner = CliRunner()
    assert runner.invoke(main, ["--db", db, "db", "upgrade"]).exit_code == 0
    res = runner.invoke(main, ["--db", db, "new", "g1", "--seed", "s",
                               "--player", f"p1:A:{DECKS / 'annie-dark-child.txt'}",
                               "--player", f"p2:B:{DECKS / 'garen-might-of-demacia.txt'}"])
    assert res.exit_code == 0, res.output
    assert runner.invoke(main, ["--db", db, "bot", "g1", "--seed", "2", "--turns", "3",
                                "--keep-open"]).exit_code == 0
    res = runner.invoke(main, ["--db", db, "state", "g1", "--at", "12", "--position"])
    assert res.exit_code == 0, res.output
    assert res.output.startswith("# game g1 after seq 12\nriftlog position 1\n")
    from riftlog.reducer import state_at
    from riftlog.store import EventStore

    store = EventStore.open(db)
    try:
        assert parse_position(res.output) == state_at(store, "g1", 12).state
    finally:
        store.close()
    res = runner.invoke(main, ["--db", db, "state", "g1", "--at", "12", "--position",
                               "--view", "p1"])
    assert res.exit_code == 1 and "only --view judge" in res.output
