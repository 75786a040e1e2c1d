"""The live feed (server-sent events) against a real uvicorn server on 127.0.0.1 (a free
port), read with httpx streaming while decisions are appended over HTTP: a player follows
every event in order, a spectator only what the game's delay lets through, at every moment."""

from __future__ import annotations

import json
import socket
import threading
import time
from typing import Any

import httpx

from riftlog.service.access import create_token
from tests.service.conftest import World, new_game


class Follower:
    """Reads a live feed in a thread, keeping every event received."""

    def __init__(self, url: str, token: str, headers: dict[str, str] | None = None) -> None:
        self.rows: list[dict[str, Any]] = []
        self.ended = False
        self._stop = threading.Event()
        self._response: httpx.Response | None = None
        self._thread = threading.Thread(target=self._run, args=(url, token, headers or {}),
                                        daemon=True)
        self._thread.start()

    def _run(self, url: str, token: str, headers: dict[str, str]) -> None:
        try:
            self._read(url, token, headers)
        except httpx.HTTPError:
            if not self._stop.is_set():  # closed by stop(): the end of the reading
                raise

    def _read(self, url: str, token: str, headers: dict[str, str]) -> None:
        with httpx.stream("GET", url, headers={"Authorization": f"Bearer {token}", **headers},
                          timeout=30) as res:
            self._response = res
            assert res.status_code == 200
            assert res.headers["content-type"].startswith("text/event-stream")
            event = ""
            for line in res.iter_lines():
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: ") and event == "game-event":
                    self.rows.append(json.loads(line[6:]))
                elif event == "end" and not line:
                    self.ended = True
                    return
                if self._stop.is_set():
                    return

    def last(self) -> int:
        return self.rows[-1]["seq"] if self.rows else 0

    def wait_for(self, seq: int, timeout: float = 10) -> None:
        deadline = time.monotonic() + timeout
        while self.last() < seq:
            assert time.monotonic() < deadline, f"feed stuck at {self.last()}, waiting for {seq}"
            time.sleep(0.02)

    def stop(self) -> None:
        self._stop.set()
        if self._response is not None:  # unblock the reader at once: shut its socket down
            stream = self._response.extensions["network_stream"]
            stream.get_extra_info("socket").shutdown(socket.SHUT_RDWR)
        self._thread.join(5)


def test_a_player_and_a_delayed_spectator_follow_a_live_game(world: World, server: str) -> None:
    new_game(world, "live1", spectator_delay=3)
    player = create_token(world.store, "player", "Alice", game_id="live1", seat="p1")[1]
    watcher = create_token(world.store, "spectator", "Stream", game_id="live1")[1]
    judge = {"Authorization": f"Bearer {world.tokens['judge']}"}
    feed = f"{server}/games/live1/live"
    mine, theirs = Follower(feed, player), Follower(feed, watcher)
    try:
        with httpx.Client(base_url=server, headers=judge, timeout=30) as http:
            for _ in range(12):
                moves = http.get("/games/live1/legal-moves").json()["moves"]
                decision = json.loads(moves[0])
                kind = decision.pop("type")
                res = http.post("/games/live1/events", json={"events": [
                    {"type": kind, "payload": decision}]})
                assert res.status_code == 201, res.text
                last = res.json()["last_seq"]
                # at every moment the spectator is at least the delay behind the game
                assert theirs.last() <= last - 3
                mine.wait_for(last)
                assert theirs.last() <= last - 3
            theirs.wait_for(last - 3)
            time.sleep(0.3)  # the feed polls several times: nothing more reaches the spectator
            assert theirs.last() == last - 3
            rows = http.get("/games/live1/events", headers={
                "Authorization": f"Bearer {player}"}).json()["events"]
    finally:
        mine.stop()
        theirs.stop()
    assert [r["seq"] for r in mine.rows] == list(range(1, last + 1))  # none lost, none twice
    assert mine.rows == rows  # the same cut as /events
    assert [r["seq"] for r in theirs.rows] == list(range(1, last - 2))


def test_a_reconnecting_client_resumes_after_last_event_id(world: World, server: str) -> None:
    f = Follower(f"{server}/games/g2/live", world.tokens["judge"], {"Last-Event-ID": "100"})
    deadline = time.monotonic() + 10
    while not f.ended:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert [r["seq"] for r in f.rows] == list(range(101, world.store.last_seq("g2") + 1))


def test_a_feed_refuses_a_view_the_token_may_not_read(world: World, server: str) -> None:
    res = httpx.get(f"{server}/games/g1/live", params={"view": "judge"},
                    headers={"Authorization": f"Bearer {world.tokens['spectator']}"})
    assert res.status_code == 403
    assert res.headers["content-type"].startswith("application/problem+json")
