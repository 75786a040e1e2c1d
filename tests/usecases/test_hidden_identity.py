"""No view names a card its viewer may not know: every seq, every viewer, every interface.

Object ids follow deck-list order, so an id alone tells a viewer who knows the list what
a face-down card is.  The checker (:mod:`tests.usecases.leaks`) scans each view for the
id of any object hidden from its viewer: state views, transcripts (JSON and text, as
exported) and what ``step`` prints, for the sample games and for random bot games.
"""

from __future__ import annotations

import io
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from riftlog.bundle import import_file, load_bundle
from riftlog.events import StoredEvent
from riftlog.history import transcript_lines
from riftlog.reducer import Folder
from riftlog.rules.board.state import GameState
from riftlog.step import Navigator, run
from riftlog.store import EventStore
from riftlog.views import Viewer, state_view, transcript
from tests.usecases.helpers import bot_game, new_store
from tests.usecases.leaks import leaked_ids, unknown_ids

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
SAMPLES = sorted(REPLAYS.glob("*.json"))


def _viewers(events: list[StoredEvent], over: bool) -> list[Viewer]:
    players = [p["id"] for p in events[0].payload["players"]]
    out = [Viewer("player", p) for p in players] + [Viewer("spectator")]
    return out + ([Viewer("public")] if over else [])


def _states(events: list[StoredEvent]) -> Iterator[tuple[int, GameState | None, Folder]]:
    folder = Folder()
    for ev in events:
        folder.feed(ev)
        yield ev.seq, folder.state, folder


def _over(events: list[StoredEvent]) -> bool:
    folder = Folder()
    for ev in events:
        folder.feed(ev)
    return folder.state is not None and folder.state.is_over()


def check_game(events: list[StoredEvent], text_transcript: dict[str, list[str]] | None = None,
               state_every: int = 1) -> list[str]:
    """Every leak of the game's state views and transcripts, as 'viewer seq where: ids'."""
    leaks: list[str] = []
    unknown: dict[str, list[set[str]]] = {}
    folder_over = False
    viewers_all = [v.engine_name for v in _viewers(events, True)]
    for name in viewers_all:
        unknown[name] = [set()]
    for seq, state, folder in _states(events):
        for name in viewers_all:
            unknown[name].append(unknown_ids(state, name))
        folder_over = state is not None and state.is_over()
        if seq % state_every == 0 or seq == len(events):
            for viewer in _viewers(events, True):
                if viewer.kind == "public" and not folder_over:
                    continue
                data = state_view(folder.position(), viewer)
                bad = leaked_ids(data, unknown[viewer.engine_name][seq])
                if bad:
                    leaks.append(f"{viewer} seq {seq} state: {sorted(bad)}")
    for viewer in _viewers(events, folder_over):
        hidden = unknown[viewer.engine_name]
        for row in transcript(events, viewer):
            seq = row["seq"]
            bad = leaked_ids(row, hidden[seq - 1] & hidden[seq])
            if bad:
                leaks.append(f"{viewer} seq {seq} event: {sorted(bad)}")
        lines = (text_transcript or {}).get(str(viewer), [])
        for line in lines:
            # a text transcript line names the seq of the event it shows, or an action of it
            if line.startswith("  seq "):
                seq = int(line.split()[1])
            elif not line.startswith("      "):
                continue
            bad = leaked_ids(line, hidden[seq - 1] & hidden[seq])
            if bad:
                leaks.append(f"{viewer} seq {seq} text: {sorted(bad)}: {line.strip()}")
    return leaks


def _events(path: Path) -> Iterator[list[StoredEvent]]:
    for game in load_bundle(path).games:
        yield [StoredEvent(game_id=game.id, **e.model_dump()) for e in game.events]


# --- the checker itself -------------------------------------------------------------------


def test_checker_finds_a_leaked_id() -> None:
    [events] = list(_events(REPLAYS / "duel-05.json"))
    folder = Folder()
    for ev in events[:40]:
        folder.feed(ev)
    state = folder.state
    assert state is not None
    hidden = unknown_ids(state, "p1")
    p2_hand = set(state.players["p2"].hand)
    assert p2_hand and p2_hand <= hidden and not hidden & set(state.players["p1"].hand)
    # a deliberately leaky view: the judge's state, and a made-up payload naming a card
    assert leaked_ids(state_view(folder.position(), Viewer("judge")), hidden) >= p2_hand
    oid = sorted(p2_hand)[0]
    assert leaked_ids({"extra": {"hidden": {oid: 6}}}, hidden) == {oid}
    assert leaked_ids(f"seq 41 CardHidden by p2: card={oid}", hidden) == {oid}
    assert leaked_ids({"card": "hidden-3", "rules": "v1.3 128.4"}, hidden) == set()
    assert check_game(events[:40]) == []


# --- every sample game ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def sample_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EventStore]:
    store = new_store(tmp_path_factory.mktemp("samples"))
    for path in SAMPLES:
        import_file(store, path)
    yield store
    store.close()


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_no_view_of_a_sample_game_names_a_card_its_viewer_may_not_know(
        path: Path, sample_store: EventStore) -> None:
    for events in _events(path):
        is_over = _over(events)
        info = sample_store.game(events[0].game_id)
        text = {str(v): transcript_lines(sample_store, info, str(v))
                for v in _viewers(events, is_over)}
        assert check_game(events, text, state_every=4) == []


@pytest.mark.slow
@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_no_state_view_at_any_seq_of_a_sample_game_names_a_card_its_viewer_may_not_know(
        path: Path) -> None:
    for events in _events(path):
        assert check_game(events, None, state_every=1) == []


# --- step, as a user drives it --------------------------------------------------------------


def _step_output(nav: Navigator, viewer: str, commands: str) -> str:
    out = io.StringIO()
    run(nav, io.StringIO(commands), Console(file=out, width=200), viewer)
    return out.getvalue()


@pytest.mark.parametrize("name", ["duel-05", "duel-disputed-illegal-stood"])
def test_step_never_shows_a_card_its_viewer_may_not_know(name: str) -> None:
    [events] = list(_events(REPLAYS / f"{name}.json"))
    nav = Navigator(events)
    for viewer in ("p1", "p2", "spectator"):
        before: set[str] = set()
        for seq, state, _ in _states(events):
            after = unknown_ids(state, viewer)
            named = leaked_ids(events[seq - 1].payload, before & after)
            if named or seq % 10 == 0 or seq == len(events):
                # every event that names a hidden card (and some others): the board
                # after it and the event with its verdict in full
                text = _step_output(nav, viewer, f"g {seq}\ns\nq\n")
                assert not leaked_ids(text, before & after), (viewer, seq)
            before = after


def test_step_shows_the_legal_options_only_to_the_player_who_had_them() -> None:
    [events] = list(_events(REPLAYS / "duel-disputed-illegal-stood.json"))
    nav = Navigator(events)
    bad = next(v for v in nav.report.verdicts if v.verdict == "illegal" and v.options)
    # options are lines of notation that start with the seat that had them ("p1: end")
    awaited = bad.options[0].partition(": ")[0]
    assert awaited in ("p1", "p2")
    other = "p2" if awaited == "p1" else "p1"
    mine = _step_output(nav, awaited, f"g {bad.seq}\ns\nq\n")
    theirs = _step_output(nav, other, f"g {bad.seq}\ns\nq\n")
    spectator = _step_output(nav, "spectator", f"g {bad.seq}\ns\nq\n")
    assert "legal option:" in mine
    assert "legal option:" not in theirs and "legal option:" not in spectator


# --- random bot games ------------------------------------------------------------------------


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(bot_seed=st.integers(0, 10_000), turns=st.integers(2, 8))
def test_no_view_of_a_random_bot_game_names_a_card_its_viewer_may_not_know(
        tmp_path: Path, bot_seed: int, turns: int) -> None:
    store = new_store(tmp_path / uuid.uuid4().hex)
    try:
        bot_game(store, "g", bot_seed, turns=turns)
        events = list(store.read("g"))
        text = {str(v): transcript_lines(store, store.game("g"), str(v))
                for v in _viewers(events, _over(events))}
        assert check_game(events, text, state_every=2) == []
    finally:
        store.close()
