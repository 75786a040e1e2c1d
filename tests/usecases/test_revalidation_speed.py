"""Issue 7 (re-validation speed): the shortcuts of the replay path give the same results.

* a replay without in-memory checkpoints (no rewind or correction in the game) reports
  exactly what a replay with checkpoints every few events does.
"""

from __future__ import annotations

import pytest

from riftlog.reducer import Folder
from riftlog.replay import replay_events
from riftlog.store import EventStore
from tests.usecases.conftest import SHARED_GAMES


@pytest.mark.parametrize("game", sorted(SHARED_GAMES))
def test_replay_without_checkpoints_reports_the_same(shared_store: EventStore, game: str) -> None:
    events = list(shared_store.read(game))
    fast = replay_events(events, game_id=game)  # no rewind: no checkpoints kept
    slow_folder = Folder(judge=True, hashes=True, checkpoint_every=3,
                         full_hash_at={events[-1].seq})
    slow_hashes = [slow_folder.feed(ev).state_hash for ev in events]
    assert [v.state_hash for v in fast.verdicts] == slow_hashes
    assert fast.counts() == {"legal": len(events), "illegal": 0, "unverifiable": 0,
                             "divergent": 0}
