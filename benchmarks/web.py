"""The replay page's speed in a real Chromium: the time until the page of a 500-event game
is interactive (its event log listed and the board of its moment drawn), as figures
beside a baseline measured in the same run.

The game is the sample ``ffa4-02`` (557 events, four players), imported into a fresh
SQLite store served by ``riftlog serve`` in its own process (one worker, 127.0.0.1), and
opened as its judge in Debian's Chromium (Playwright for Python; ``RIFTLOG_CHROMIUM`` or
``chromium`` on PATH).  Figures:

1. the first visit after the server started (the game folded and judged on the server,
   then the page built): page open -> interactive;
2. a visit once the server holds the game (a reload);
3. a step (the right arrow) -> the next board drawn, the mean of 20 back to back, and of
   20 taken 300 ms apart (the page asks for the neighbouring boards ahead);

and, as the baseline, the library alone doing the server's part of the first visit (the
game folded and judged, :class:`riftlog.replay_log.ReplayIndex`, and its event log for the judge,
:func:`riftlog.replay_log.log_entries`).  The issue's target is 1 s to interactive; this
prints figures, it asserts nothing.

    .venv/bin/python benchmarks/web.py
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from riftlog.bundle import import_bundle, load_bundle
from riftlog.cards.decks import samples_dir
from riftlog.replay_log import ReplayIndex, log_entries
from riftlog.service.access import create_token
from riftlog.store import EventStore
from riftlog.views import Viewer

GAME = "ffa4-02"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> None:
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("RIFTLOG_CHROMIUM") or shutil.which("chromium")
    if chromium is None:
        sys.exit("no Chromium: apt-get install chromium, or set RIFTLOG_CHROMIUM")
    folder = Path(tempfile.mkdtemp(prefix="riftlog-web-bench-"))
    db = folder / "riftlog.db"
    store = EventStore.open(str(db), check=False, create=True)
    store.upgrade()
    path = samples_dir() / f"{GAME}.json"
    import_bundle(store, load_bundle(str(path), path.read_text(encoding="utf-8")), where=str(path))
    token = create_token(store, "judge", "bench", game_id=GAME)[1]
    events = list(store.read(GAME, 1, store.last_seq(GAME)))
    store.close()

    # the baseline: the library doing the server's part of a first visit (warmed up once:
    # the server process has loaded the card catalog before the page asks)
    library = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        log_entries(ReplayIndex(events), Viewer("judge"))
        library = min(library, time.perf_counter() - t0)

    port = free_port()
    riftlog = str(Path(sys.executable).with_name("riftlog"))
    proc = subprocess.Popen([riftlog, "--db", str(db), "serve", "--port", str(port),
                             "--log-level", "warning"], env={**os.environ})
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{base}/static/api.js")
                break
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(f"{base}/")
            page.fill("#token", token)
            page.click(".token-form button[type=submit]")
            page.wait_for_selector("body[data-ready='1']")

            def visit() -> float:
                t = time.perf_counter()
                page.goto(f"{base}/replay/{GAME}#seq={len(events)}&view=judge")
                page.wait_for_selector(f"body[data-ready='1'][data-board-seq='{len(events)}']")
                return time.perf_counter() - t

            first = visit()
            again = min(visit() for _ in range(3))
            page.goto(f"{base}/replay/{GAME}#seq=100&view=judge")
            page.wait_for_selector("body[data-ready='1'][data-board-seq='100']")
            steps: list[float] = []
            paced: list[float] = []
            for seq in range(101, 141):
                if seq > 120:
                    page.wait_for_timeout(300)  # a person's pace: the next board asked ahead
                t = time.perf_counter()
                page.keyboard.press("ArrowRight")
                page.wait_for_selector(f"body[data-board-seq='{seq}']")
                (steps if seq <= 120 else paced).append(time.perf_counter() - t)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(10)
        shutil.rmtree(folder, ignore_errors=True)
    step = sum(steps) / len(steps)
    at_pace = sum(paced) / len(paced)
    print(f"replay page of {GAME} ({len(events)} events), judge's view, Chromium at 1280x800")
    print(f"  baseline: the library folds, judges and lists it   {library * 1000:7.0f} ms")
    print(f"  first visit after the server started -> interactive  {first * 1000:7.0f} ms"
          f"  ({first / library:.2f}x the baseline; target 1000 ms)")
    print(f"  a visit once the server holds the game               {again * 1000:7.0f} ms"
          f"  ({again / library:.2f}x the baseline)")
    print(f"  one step (right arrow -> the next board drawn)       {step * 1000:7.0f} ms"
          "  (steps back to back)")
    print(f"  one step, 300 ms after the one before                {at_pace * 1000:7.0f} ms"
          "  (the board asked for ahead)")


if __name__ == "__main__":
    main()
