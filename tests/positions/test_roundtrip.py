"""parse(print(s)) == s: at every seq of every sample game, and for random board details."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riftlog.bundle import import_file, load_bundle
from riftlog.positions import parse_position, print_position
from riftlog.reducer import Folder
from riftlog.rules.board.state import GameState
from riftlog.store import EventStore
from tests.usecases.helpers import new_store

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
SAMPLES = sorted(REPLAYS.glob("*.json"))


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EventStore]:
    s = new_store(tmp_path_factory.mktemp("positions"))
    for path in SAMPLES:
        import_file(s, path)
    yield s
    s.close()


def _states(store: EventStore, game_id: str) -> Iterator[tuple[int, GameState]]:
    folder = Folder()
    for ev in store.read(game_id):
        folder.feed(ev)
        if folder.state is not None:
            yield ev.seq, folder.state


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_every_seq_of_the_sample_games_round_trips(store: EventStore, path: Path) -> None:
    checked = 0
    for game in load_bundle(path).games:
        for seq, state in _states(store, game.id):
            back = parse_position(print_position(state), f"{game.id} seq {seq}")
            assert back == state, f"{game.id} seq {seq}"
            checked += 1
    assert checked > 50


@pytest.fixture(scope="module")
def board(store: EventStore) -> GameState:
    """A mid-game duel moment with units on the board."""
    for seq, state in _states(store, "duel-01"):
        if seq == 60:
            return state.clone()
    raise AssertionError("duel-01 has no seq 60")


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_random_board_details_round_trip(board: GameState, data: st.DataObject) -> None:
    state = board.clone()
    names = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=20)
    oids = sorted(state.objects)
    for oid in data.draw(st.lists(st.sampled_from(oids), max_size=8, unique=True)):
        o = state.objects[oid]
        o.damage = data.draw(st.integers(0, 9))
        o.exhausted, o.buffed, o.stunned, o.face_down = data.draw(
            st.tuples(st.booleans(), st.booleans(), st.booleans(), st.booleans()))
        o.mods = data.draw(st.dictionaries(st.sampled_from(["might", "keywords", "note"]),
                                           st.integers(-5, 5) | names | st.lists(names,
                                                                                 max_size=2),
                                           max_size=2))
        o.designation = data.draw(st.none() | st.sampled_from(["attacker", "defender"]))
    state.players["p1"].name = data.draw(names)
    state.players["p2"].pool.energy = data.draw(st.integers(0, 12))
    state.players["p2"].pool.power = data.draw(st.dictionaries(
        st.sampled_from(["Fury", "Calm", "Any"]), st.integers(0, 4), max_size=2))
    state.end_reason = data.draw(st.none() | names)
    text = print_position(state)
    assert parse_position(text, check=False) == state, text[:400]


def test_printed_position_reads_as_a_board(board: GameState) -> None:
    text = print_position(board)
    lines = text.splitlines()
    assert lines[0] == "riftlog position 1"
    assert lines[1] == "game duel v1.3 victory 8"
    assert any(line.startswith("turn ") and " phase " in line for line in lines)
    assert any(line.startswith('player p1 "') for line in lines)
    assert any(line.startswith("battlefield ") for line in lines)
    queue = next(line for line in lines if line.startswith("engine queue "))
    assert isinstance(json.loads(queue.split(" ", 2)[2]), list)
