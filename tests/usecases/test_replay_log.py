"""riftlog.replay_log: the replay page's index of a game (its positions the same as the step
viewer's, rewinds and a face-down card included), each event's words and verdict as a view
may see them, and a game list's summary."""

from __future__ import annotations

from pathlib import Path

import pytest

from riftlog.bundle import import_bundle, load_bundle
from riftlog.cards.decks import samples_dir
from riftlog.events import StoredEvent
from riftlog.narration import narrate
from riftlog.reducer import Folder
from riftlog.reducer_fold import state_hash
from riftlog.replay_log import ReplayIndex, board_at, game_summary, log_entries
from riftlog.step import Navigator
from riftlog.store import EventStore
from riftlog.views import Viewer


def _events(tmp_path: Path, name: str) -> list[StoredEvent]:
    store = EventStore.open(str(tmp_path / "r.db"), check=False, create=True)
    store.upgrade()
    path = samples_dir() / f"{name}.json"
    bundle = load_bundle(str(path), path.read_text(encoding="utf-8"))
    import_bundle(store, bundle, where=str(path))
    gid = bundle.games[0].id
    events = list(store.read(gid, 1, store.last_seq(gid)))
    store.close()
    return events


@pytest.fixture(scope="module")
def rewound(tmp_path_factory: pytest.TempPathFactory) -> list[StoredEvent]:
    # a judge's rewind at seq 23 voids seq 22; p2 hides a card face down at seq 69
    return _events(tmp_path_factory.mktemp("rl"), "duel-disputed-rewind")


def test_positions_are_the_step_viewer_s_at_every_seq(rewound: list[StoredEvent]) -> None:
    index, nav = ReplayIndex(rewound, every=7), Navigator(rewound)
    for seq in range(1, len(rewound) + 1):
        a, b = index.at(seq), nav.at(seq)
        assert a.seq == b.seq == seq
        assert state_hash(a.state) == state_hash(b.state), seq
        assert (a.stopped is None) == (b.stopped is None) and a.voided == b.voided, seq
    # a position handed out is the fold's own: asking again is not changed by it
    first = state_hash(index.at(40).state)
    index.at(40).state.players["p1"].points += 5  # type: ignore[union-attr]
    assert state_hash(index.at(40).state) == first


def test_the_judge_s_words_are_those_of_a_fold_for_the_judge(rewound: list[StoredEvent]) -> None:
    index = ReplayIndex(rewound)
    view = index.view(Viewer("judge"))
    folder = Folder()
    for ev in rewound:
        folder.feed(ev)
        assert folder.state is not None
        words = narrate(folder.state, index.verdict(ev.seq).game_actions, "judge",
                        view.aliases(ev.seq))
        assert index.judge_words[ev.seq] == words, ev.seq


def test_the_log_marks_judge_and_voided_events(rewound: list[StoredEvent]) -> None:
    index = ReplayIndex(rewound)
    log = log_entries(index, Viewer("player", "p1"))
    assert [e["seq"] for e in log] == list(range(1, len(rewound) + 1))
    assert log[21]["voided"] is True and log[21]["verdict"]["voided_by"] == 23
    assert log[22]["judge"] is True and log[22]["type"] == "GameRewound"
    assert not any(e["voided"] for e in log[23:])
    # a player's log does not name the card hidden face down by the other player
    assert "p2.m30" not in str(log[68])


def test_the_board_hides_the_opponent_s_face_down_card(rewound: list[StoredEvent]) -> None:
    index = ReplayIndex(rewound)
    mine = board_at(index, Viewer("player", "p1"), 69)
    field = next(b for b in mine["state"]["battlefields"] if b["oid"] == "p1.bf1")
    assert field["facedown"] == {"count": 1} and "p2.m30" not in str(mine)
    theirs = board_at(index, Viewer("player", "p2"), 69)
    field = next(b for b in theirs["state"]["battlefields"] if b["oid"] == "p1.bf1")
    assert field["facedown"] == ["p2.m30"]
    card = theirs["state"]["objects"]["p2.m30"]["card"]
    assert theirs["cards"][card]["name"] and "text" not in theirs["cards"][card]
    with pytest.raises(Exception, match="seq 9999 is not stored"):
        board_at(index, Viewer("judge"), 9999)


def test_a_delayed_spectator_s_summary_stops_at_the_delay(rewound: list[StoredEvent]) -> None:
    index = ReplayIndex(rewound)
    full = game_summary(index, Viewer("judge"))
    assert full["seen_seq"] == len(rewound) and full["outcome"] in ("over", "unfinished")
    assert [p["id"] for p in full["players"]] == ["p1", "p2"]
    late = game_summary(index, Viewer("spectator", delay=50))
    assert late["seen_seq"] == len(rewound) - 50
    assert log_entries(index, Viewer("spectator", delay=50))[-1]["seq"] == len(rewound) - 50
