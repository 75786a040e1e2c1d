"""The demo: the whole product on a fresh SQLite store, in a few seconds.

:func:`run_demo` creates ``DIR/riftlog.db``, migrates it, records a few seeded bot games
(duels between the sample decks riftlog ships), replays them (every event legal),
records one game in which a player's illegal decision is kept in record mode (with a
judge's ruling and penalty) and builds its dispute report, verifies every hash chain, and
writes the reports to ``DIR/reports``.  It says what it did through *say*.
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from riftlog import plural
from riftlog.cards.decks import samples_dir
from riftlog.errors import RecorderError
from riftlog.events.actor import Actor
from riftlog.events.decisions import TurnEnded
from riftlog.recorder import Recorder, create_game, play_bot, player_from_deck
from riftlog.replay import Report, replay_game
from riftlog.seeding import SeedKeeper
from riftlog.store import EventStore
from riftlog.views import Viewer, transcript

__all__ = ["DECKS", "DemoResult", "run_demo", "sample_decks"]

#: The sample deck lists the demo pairs up.
DECKS = ("annie-dark-child.txt", "garen-might-of-demacia.txt",
         "lux-lady-of-luminosity.txt", "master-yi-wuju-bladesman.txt")
_OWN_FILES = ("riftlog.db", "riftlog.db-wal", "riftlog.db-shm")


def sample_decks() -> Path:
    """The folder of sample deck lists (``replays/decks`` of the source tree, shipped in a
    wheel as package data: :func:`riftlog.cards.decks.samples_dir`)."""
    return samples_dir() / "decks"


@dataclass
class DemoResult:
    """What the demo made and where it put it."""

    database: Path
    games: list[str] = field(default_factory=list)
    reports: dict[str, Report] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)
    verified: int = 0
    seconds: float = 0.0


def run_demo(directory: Path, say: Callable[[str], None] = print, turns: int = 12) -> DemoResult:
    """Run the demo in *directory* (its earlier demo files are replaced)."""
    started = time.perf_counter()
    # the store, the judge's reports and the full exports hold every deck order: what the
    # demo creates is its owner's only (folders 0700, the store 0600)
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        for name in _OWN_FILES:
            (directory / name).unlink(missing_ok=True)
        for sub in ("riftlog.db.secrets", "reports", "exports"):
            shutil.rmtree(directory / sub, ignore_errors=True)
        (directory / ".riftlog-demo-probe").touch()  # the folder must be writable
        (directory / ".riftlog-demo-probe").unlink()
    except OSError as exc:
        raise RecorderError(f"the demo cannot write to {directory}: {exc.strerror or exc} "
                            "(choose a writable folder with --dir)") from None
    db = directory / "riftlog.db"
    result = DemoResult(db)
    decks = sample_decks()
    store = EventStore.open(str(db), check=False, create=True)
    try:
        store.upgrade()
        say(f"created the store {db} (schema at the head revision)")
        keeper = SeedKeeper(directory / "riftlog.db.secrets")
        pairs = [(0, 1, 1), (2, 3, 2), (1, 2, 3)]
        for a, b, seed in pairs:
            gid = f"demo-{seed}"
            rec = create_game(store, gid, mode="duel", seed=f"demo-seed-{seed}", keeper=keeper,
                              match_id=f"match-{seed}", players=[
                                  player_from_deck("p1", "Alice", decks / DECKS[a]),
                                  player_from_deck("p2", "Bob", decks / DECKS[b])])
            play_bot(rec, seed, max_turns=turns)
            rec.finish()
            result.games.append(gid)
            say(f"recorded {gid}: {DECKS[a]} vs {DECKS[b]}, bot seed {seed}, {rec.seq} events, "
                f"turn {rec.state.turn}, points {_points(rec)}")
        gid = "demo-dispute"
        rec = create_game(store, gid, mode="duel", seed="demo-seed-dispute", keeper=keeper,
                          players=[player_from_deck("p1", "Alice", decks / DECKS[0]),
                                   player_from_deck("p2", "Bob", decks / DECKS[3])])
        play_bot(rec, 9, max_turns=3)
        wrong = next(p for p in rec.state.seating if p != rec.state.turn_player)
        kept = rec.record(TurnEnded(player=wrong), mode="record")
        say(f"{gid}: {wrong} ended the turn out of turn at seq {kept.last_seq}; kept in record "
            f"mode with {plural(len(kept.violations), 'violation')}: {kept.violations[0]}")
        rec.ruling(Actor.judge("Judge Demo"), "The turn ended by the wrong player stands; play continues.",
                   [kept.violations[0].rule], about_seq=kept.last_seq)
        rec.penalty(Actor.judge("Judge Demo"), wrong, "Warning", "acted out of turn")
        play_bot(rec, 10, max_turns=5)
        rec.finish()
        result.games.append(gid)
        reports = directory / "reports"
        reports.mkdir(mode=0o700)
        for g in result.games:
            report = replay_game(store, g)
            result.reports[g] = report
            c = report.counts()
            say(f"replayed {g}: {len(report.verdicts)} events in {report.seconds * 1000:.0f} ms: "
                + ", ".join(f"{n} {k}" for k, n in c.items() if n) + f"; {report.seed}")
            path = reports / f"{g}.json"
            path.write_text(json.dumps(report.to_json(), indent=1), encoding="utf-8")
            result.files.append(path)
            spec = reports / f"{g}.spectator.json"
            spec.write_text(json.dumps(transcript(store.read(g), Viewer("spectator")), indent=1),
                            encoding="utf-8")
            result.files.append(spec)
        dispute = result.reports[gid]
        say(f"dispute report of {gid}: first illegal event at seq {dispute.first_illegal}")
        first = dispute.verdicts[(dispute.first_illegal or 1) - 1]
        if first.decision:
            say(f"  the decision: {first.actor}: {first.decision}")
        for line in first.reasons:
            say(f"  {line}")
        say(f"  the game awaited: {first.awaited}")
        for opt in first.options:
            say(f"  a legal option: {opt}")
        for line in dispute.consequences:
            say(f"  then: {line}")
        for j in dispute.judge_events:
            say(f"  judge event at seq {j['seq']}: {j['type']} by {j['actor']}")
        checks = store.verify_all()
        bad = [c for c in checks if not c.ok]
        result.verified = len(checks) - len(bad)
        say(f"verified the hash chains of {len(checks)} games: "
            + ("all intact" if not bad else f"{len(bad)} broken: {bad[0]}"))
        if bad:
            raise RecorderError(f"hash chain broken: {bad[0]}")
        from riftlog.samples import demo_library  # issue 7: the library of sample replays

        result.files += demo_library(store, directory, say)
    finally:
        store.close()
    result.seconds = time.perf_counter() - started
    say(f"files: database {db}; seeds kept until reveal in {directory / 'riftlog.db.secrets'}; "
        f"reports and spectator transcripts in {directory / 'reports'}")
    say(f"try: riftlog --db {db} replay demo-dispute   |   riftlog --db {db} step demo-1")
    return result


def _points(rec: Recorder) -> str:
    return ", ".join(f"{p.id} {p.points}" for p in rec.state.players.values())
