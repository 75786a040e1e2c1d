"""A bounded load test on localhost (a real uvicorn server): several client threads append
to many games at once (each append naming the last seq it saw, retried on a 409 and, with
the same client event id, after a lost answer) while others follow the games' live feeds.
Afterwards no event is lost, duplicated or reordered: in the store, in every feed."""

from __future__ import annotations

import random
import threading
import time

import httpx

from tests.service.conftest import World, new_game
from tests.service.test_live import Follower

GAMES = 6
WRITERS = 4
NOTES = 8  # per writer and game: 192 appends in all
DEADLINE = 90.0  # seconds: the whole test, a bound for CI


def test_many_writers_and_readers_lose_nothing(world: World, server: str) -> None:
    start = time.monotonic()
    games = [f"load{i}" for i in range(GAMES)]
    for gid in games:
        new_game(world, gid, randomness="recorded")
    judge = {"Authorization": f"Bearer {world.tokens['organiser']}"}
    feeds = [Follower(f"{server}/games/{gid}/live", world.tokens["judge"]) for gid in games[:3]]
    errors: list[str] = []
    conflicts = [0]

    def writer(k: int) -> None:
        rnd = random.Random(k)
        plan = [(gid, i) for gid in games for i in range(NOTES)]
        plan.sort(key=lambda p: (p[1], rnd.random()))  # each game's notes in order i
        with httpx.Client(base_url=server, headers=judge, timeout=30) as http:
            for gid, i in plan:
                cid = f"w{k}-{gid}-{i}"
                while time.monotonic() - start < DEADLINE:
                    last = http.get(f"/games/{gid}").json()["last_seq"]
                    res = http.post(f"/games/{gid}/events", json={"expected_seq": last, "events": [
                        {"type": "NoteAdded", "payload": {"text": cid}, "client_event_id": cid}]})
                    if res.status_code == 201:
                        if rnd.random() < 0.1:  # the answer "lost": the retry stores nothing new
                            again = http.post(f"/games/{gid}/events", json={"events": [
                                {"type": "NoteAdded", "payload": {"text": cid},
                                 "client_event_id": cid}]})
                            if again.json()["events"] != res.json()["events"]:
                                errors.append(f"{cid}: a retry answered {again.text}")
                        break
                    if res.status_code != 409:
                        errors.append(f"{cid}: {res.status_code} {res.text}")
                        return
                    conflicts[0] += 1
                else:
                    errors.append(f"{cid}: not stored before the deadline")
                    return

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(WRITERS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(DEADLINE)
    assert not errors, errors[:5]
    try:
        for gid, feed in zip(games, feeds, strict=False):
            feed.wait_for(world.store.last_seq(gid), timeout=max(1.0, DEADLINE - (time.monotonic() - start)))
    finally:
        for feed in feeds:
            feed.stop()
    for gid in games:
        events = list(world.store.read(gid, verify=True))
        notes = [ev.payload["text"] for ev in events if ev.type == "NoteAdded"]
        expected = {f"w{k}-{gid}-{i}" for k in range(WRITERS) for i in range(NOTES)}
        assert len(notes) == len(expected) and set(notes) == expected, gid  # none lost or twice
        for k in range(WRITERS):  # each writer's notes in the order it sent them
            mine = [n for n in notes if n.startswith(f"w{k}-")]
            assert mine == [f"w{k}-{gid}-{i}" for i in range(NOTES)], (gid, k)
        assert [ev.seq for ev in events] == list(range(1, len(events) + 1))
    for gid, feed in zip(games, feeds, strict=False):
        assert [r["seq"] for r in feed.rows] == list(range(1, world.store.last_seq(gid) + 1))
    assert time.monotonic() - start < DEADLINE
