"""The library of sample replays (``replays/*.json``): how they are made and checked.

Every sample is a real engine game: recorded through :mod:`riftlog.recorder` by the
random legal-game bot (:func:`riftlog.recorder.play_bot`) with the sample decks of
``replays/decks``, seeded (commit-reveal), then exported as a bundle.  Disputed samples
add real table events -- a decision kept in record mode although it breaks a rule, a
judge's ruling, penalty or rewind -- and the bot plays on.  Nothing is hand-forged: the
outcomes are whatever the engine made of the decisions.

Each bundle's ``notes`` say what a judge should find (``judge_should_find``, in words)
and the same facts as data (``expect``: ``ok``, ``illegal`` seqs that still count,
``voided`` seqs, ``winner``), which the tests check against a fresh replay.

The paper samples (issue 21, :data:`PAPER_SAMPLES`) are the paper records of full
samples, recorded by :func:`riftlog.paper_records.record_projection`: their notes say
which events such a record cannot judge (``expect``: ``unverifiable`` seqs).

Regenerate with ``python -m riftlog.samples [DIR]`` (default ``replays``), only the paper
samples with ``python -m riftlog.samples [DIR] --paper``.
"""

from __future__ import annotations

import random
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riftlog.bundle import write_bundle
from riftlog.cards.decks import samples_dir
from riftlog.errors import UnsupportedRule
from riftlog.events.actor import Actor
from riftlog.events.combat import CombatDamageAssigned
from riftlog.events.decisions import TurnEnded
from riftlog.events.payloads import Mode
from riftlog.recorder import Recorder, create_game, play_bot, player_from_deck
from riftlog.replay import Report, replay_game
from riftlog.rules import bot, engine
from riftlog.rules.flow import combat_damage
from riftlog.seeding import SeedKeeper
from riftlog.store import EventStore

DECKS = ("annie-dark-child.txt", "garen-might-of-demacia.txt",
         "lux-lady-of-luminosity.txt", "master-yi-wuju-bladesman.txt",
         # built around Spiritforged (SFD) legends (issue 24)
         "draven-glorious-executioner.txt", "fiora-grand-duelist.txt")
NAMES = ("Avery", "Blake", "Casey", "Devon")
#: Bundles exported at this fixed time, so regenerating gives identical headers.
EXPORTED_AT = "2026-04-01T00:00:00.000000Z"
#: the sample replays are v1.3 games (recorded before RUP4 became the default; pinned, so
#: regenerating them gives the same games)
SAMPLE_EDITION = "v1.3"


@dataclass(frozen=True)
class Sample:
    """One sample file: its name, mode, seats (deck indexes) and how it is played."""

    name: str
    mode: Mode
    decks: tuple[int, ...]
    seed: int
    max_turns: int = 100
    concede: float = 0.0
    dispute: str | None = None   # None | "stood" | "rewind" | "lethal"
    games: int = 1               # a best-of-three match: up to 3 games


SAMPLES = (
    Sample("duel-01", "duel", (0, 1), 1),
    Sample("duel-02", "duel", (2, 3), 2),
    Sample("duel-03", "duel", (1, 2), 3),
    Sample("duel-04-concession", "duel", (3, 0), 4, concede=0.02),
    Sample("duel-05", "duel", (3, 1), 5),
    Sample("duel-06", "duel", (0, 2), 12),
    Sample("match-bo3-01", "match", (0, 3), 20, games=3),  # a seed whose match goes to 3 games
    Sample("ffa3-01", "ffa3", (0, 1, 2), 6, max_turns=40),
    Sample("ffa3-02", "ffa3", (3, 1, 0), 13, max_turns=40),
    Sample("ffa4-01", "ffa4", (0, 1, 2, 3), 7, max_turns=40),
    Sample("ffa4-02", "ffa4", (3, 2, 1, 0), 14, max_turns=40),
    Sample("2v2-01", "2v2", (0, 1, 2, 3), 8, max_turns=40),
    Sample("2v2-02", "2v2", (1, 0, 3, 2), 15, max_turns=40),
    Sample("duel-disputed-illegal-stood", "duel", (1, 3), 9, dispute="stood"),
    Sample("duel-disputed-lethal-first", "duel", (0, 1), 18, dispute="lethal"),
    Sample("duel-disputed-rewind", "duel", (2, 0), 10, dispute="rewind"),
    # the Spiritforged (SFD) legends' decks (issue 24)
    Sample("duel-sfd-01", "duel", (4, 5), 31),
    Sample("ffa3-sfd-01", "ffa3", (4, 5, 0), 32, max_turns=40),
    Sample("2v2-sfd-01", "2v2", (4, 5, 1, 2), 33, max_turns=40),
    Sample("duel-sfd-disputed-rewind", "duel", (5, 4), 34, dispute="rewind"),
)


@dataclass(frozen=True)
class PaperSample:
    """A paper record of a full sample (issue 21): what a scorekeeper at the table would
    have recorded of it (:func:`riftlog.paper_records.record_projection`)."""

    name: str
    source: str  # the full sample it is the paper record of


#: the paper samples: a duel (with cards hidden face down from hand, which a paper record
#: cannot judge) and a best-of-three match
PAPER_SAMPLES = (
    PaperSample("paper-duel-05", "duel-05"),
    PaperSample("paper-match-bo3-01", "match-bo3-01"),
)


def _deck_dir() -> Path:
    from riftlog.demo import sample_decks

    return sample_decks()


def _players(sample: Sample) -> list[Any]:
    decks = _deck_dir()
    return [player_from_deck(f"p{i + 1}", NAMES[i], decks / DECKS[d], mode=sample.mode,
                             team=("A", "B")[i % 2] if sample.mode == "2v2" else None)
            for i, d in enumerate(sample.decks)]


def _bot(rec: Recorder, seed: int, max_turns: int, concede: float = 0.0) -> list[str]:
    """Let the bot play on; when the engine offers it nothing it can do, say so and stop."""
    try:
        play_bot(rec, seed, max_turns=max_turns, concede=concede)
    except UnsupportedRule as exc:
        return [f"the recording stops at seq {rec.seq} (turn {rec.state.turn}): the bot had no "
                f"decision the engine could carry out ({exc})"]
    return []


def _play(rec: Recorder, sample: Sample, bot_seed: int, say: Callable[[str], None]) -> list[str]:
    """Play one game of *sample*; return notes on what a judge should find in it."""
    if sample.dispute is None:
        return _bot(rec, bot_seed, sample.max_turns, sample.concede)
    if sample.dispute == "lethal":
        return _play_lethal_dispute(rec, sample, bot_seed)
    stop = _bot(rec, bot_seed, 3)
    if stop:
        raise UnsupportedRule(f"{sample.name}: {stop[0]}")
    wrong = next(p for p in rec.state.seating if p != rec.state.turn_player)
    kept = rec.record(TurnEnded(player=wrong), mode="record")
    seq = kept.last_seq
    rule = kept.violations[0].rule if kept.violations else "?"
    if sample.dispute == "stood":
        rec.ruling(Actor.judge("Judge Sample"), "The turn ended by the wrong player stands; play continues.",
                   [f"v1.3 {rule}"], about_seq=seq)
        rec.penalty(Actor.judge("Judge Sample"), wrong, "Warning", "acted out of turn")
        after = _bot(rec, bot_seed + 100, sample.max_turns)
        return [f"seq {seq}: {wrong} ended the turn although it was not their turn "
                f"(illegal, v1.3 {rule}); the decision could be carried out, so it stood and "
                "play went on from there; a ruling and a warning follow", *after]
    rewind = rec.rewind(seq - 1, Actor.judge("Judge Sample"), "turn ended out of turn; backed up")
    after = _bot(rec, bot_seed + 100, sample.max_turns)
    return [f"seq {seq}: {wrong} ended the turn out of turn (illegal, v1.3 {rule}); the judge's "
            f"rewind at seq {rewind.last_seq} voids it and play goes on legally, so the game "
            "is mended: the illegal event no longer counts", *after]


def _damage_split(rec: Recorder) -> tuple[Any, dict[str, int], tuple[str, ...]] | None:
    """When the attacker of a combat must assign damage among 2+ defending units and has
    at least 2 damage: the request and an assignment that skips to the next unit before
    the first has lethal damage (breaking 460.2.c.3), with the order it was assigned in."""
    reqs = engine.pending(rec.state)
    if not reqs or reqs[0].kind != "combat_damage":
        return None
    req = reqs[0]
    sd = rec.state.showdown
    units = list(req.options["units"])
    total = req.options["total"]
    if sd is None or req.player != sd.attacker or len(units) < 2 or total < 2:
        return None
    table = [s for s in combat_damage.slots(rec.state, units) if s.lethal is not None]
    for first in table:
        for second in table:
            if first is second or (first.lethal or 0) < 2:
                continue
            give = min(total - 1, (first.lethal or 0) - 1)
            wrong = {first.oid: give, second.oid: total - give}
            order = (first.oid, second.oid)
            found = combat_damage.check_assignment(rec.state, req.player or "", total, wrong,
                                                   units, order)
            if any(v.rule == "460.2.c.3" for v in found):
                return req, wrong, order
    return None


def _play_lethal_dispute(rec: Recorder, sample: Sample, bot_seed: int) -> list[str]:
    """Let the bot play until the attacker of a combat assigns damage among 2+ defending
    units; record instead an assignment that breaks the lethal-first rule (record mode, so
    it stands), then let the bot play on."""
    rng = random.Random(bot_seed)
    while not rec.state.is_over() and rec.state.turn <= sample.max_turns:
        split = _damage_split(rec)
        if split is not None:
            break
        reqs = engine.pending(rec.state)
        if not reqs:
            break
        if reqs[0].player is None:
            rec.record(bot.random_outcome(rec.state, reqs[0], rng))
            continue
        rec.record(bot.choose(rec.state, rng))
    else:
        split = None
    if split is None:
        raise UnsupportedRule(f"{sample.name}: no combat against 2+ defending units happened")
    req, wrong, order = split
    legal = combat_damage.legal_assignment(rec.state, req.options["total"],
                                           list(req.options["units"]))
    sd = rec.state.showdown
    assert sd is not None
    kept = rec.record(CombatDamageAssigned(player=req.player, battlefield=sd.battlefield,
                                           assignment=wrong, order=order), mode="record")
    seq = kept.last_seq
    rules = sorted({v.rule for v in kept.violations})
    first, second = order
    rec.ruling(Actor.judge("Judge Sample"), "The combat damage assignment was carried out as made; it stands.",
               [f"v1.3 {r}" for r in rules], about_seq=seq)
    rec.penalty(Actor.judge("Judge Sample"), req.player, "Warning", "combat damage not assigned lethal-first")
    after = _bot(rec, bot_seed + 100, sample.max_turns)
    return [f"seq {seq}: {req.player}, the attacker at {sd.battlefield}, assigned "
            f"{req.options['total']} combat damage as {wrong} (in the order {first}, {second}): "
            f"{first} was left short of lethal damage before {second} got any, which breaks the "
            f"lethal-first rule (illegal, v1.3 {', '.join(rules)}; a legal assignment was "
            f"{legal}); recorded in record mode, the decision was carried out, so it stood and "
            "play went on from there; a ruling and a warning follow", *after]


def _expect(report: Report) -> dict[str, Any]:
    out = {
        "ok": report.ok,
        "illegal": [v.seq for v in report.verdicts if v.verdict == "illegal" and v.counts],
        "voided": [v.seq for v in report.verdicts if v.voided_by is not None],
        "winner": report.result.get("winner"),
        "end_reason": report.result.get("end_reason"),
    }
    if report.information != "full":  # issue 21: what a partial record cannot decide
        out["information"] = report.information
        out["unverifiable"] = [v.seq for v in report.verdicts if v.verdict == "unverifiable"]
    return out


def _summary(report: Report) -> str:
    res = report.result
    win = res.get("winner")
    end = (f"the game finished: {', '.join(win) if win else 'nobody'} won "
           f"({res.get('end_reason')})" if win is not None else
           f"unfinished after turn {res.get('turn')} (the recording stops there)")
    counts = ", ".join(f"{n} {k}" for k, n in report.counts().items() if n)
    points = ", ".join(f"{pid} {n}" for pid, n in (res.get("points") or {}).items())
    return f"{report.game_id}: {end}; points {points}; verdicts: {counts}"


def record_sample(store: EventStore, keeper: SeedKeeper, sample: Sample,
                  say: Callable[[str], None]) -> tuple[list[str], dict[str, Any]]:
    """Record *sample* into *store*; return its game ids and its notes."""
    players = _players(sample)
    match_id = sample.name if sample.games > 1 else None
    used: dict[str, tuple[str, ...]] = {}
    wins: dict[str, int] = {}
    game_ids: list[str] = []
    findings: list[str] = []
    expects: dict[str, Any] = {}
    for n in range(1, sample.games + 1):
        gid = f"{sample.name}-g{n}" if sample.games > 1 else sample.name
        rec = create_game(store, gid, mode=sample.mode, players=players, keeper=keeper,
                          seed=f"sample-{sample.name}-{n}", match_id=match_id, game_number=n,
                          battlefields_used=used, rules_edition=SAMPLE_EDITION)
        findings += _play(rec, sample, sample.seed * 10 + n, say)
        rec.finish()
        report = replay_game(store, gid)
        game_ids.append(gid)
        findings.append(_summary(report))
        expects[gid] = _expect(report)
        for pid, bf in _chosen_battlefields(store, gid).items():
            used[pid] = (*used.get(pid, ()), bf)
        for w in report.result.get("winner") or []:
            wins[w] = wins.get(w, 0) + 1
        say(f"  {_summary(report)}")
        if sample.games > 1 and max(wins.values(), default=0) * 2 > sample.games:
            break
    notes = {"sample": sample.name, "mode": sample.mode,
             "decks": [DECKS[d] for d in sample.decks],
             "recorded_by": "riftlog.samples (random legal-game bot, seeded)",
             "judge_should_find": "; ".join(findings) if sample.dispute else
             "every event is legal; " + "; ".join(findings),
             "expect": expects}
    return game_ids, notes


def record_paper_sample(store: EventStore, sample: PaperSample, full_dir: Path,
                        say: Callable[[str], None]) -> tuple[list[str], dict[str, Any]]:
    """Record the paper record of the full sample ``full_dir/<source>.json`` (imported into
    *store*); return its game ids and its notes."""
    from riftlog.bundle import import_file, load_bundle
    from riftlog.paper_records import record_projection

    path = full_dir / f"{sample.source}.json"
    import_file(store, path)
    full = load_bundle(path)
    game_ids: list[str] = []
    findings = [f"the paper record of the sample {sample.source}, as a scorekeeper at the "
                "table would have made it: no deck orders and no seed, every hidden card named "
                "(CardsIdentified) when the table saw it; views show the other hidden cards as "
                "unknown"]
    expects: dict[str, Any] = {}
    for game in full.games:
        gid = f"paper-{game.id}"
        rec = record_projection(store, game.id, gid, "paper",
                                match_id=f"paper-{game.match_id}" if game.match_id else None,
                                game_number=game.game_number)
        rec.finish()
        report = replay_game(store, gid)
        for v in report.verdicts:
            if v.verdict == "unverifiable":
                findings.append(f"{gid} seq {v.seq}: {v.type} by {v.actor} is unverifiable: "
                                f"{v.reasons[0]} (legal in the full record; never illegal here)")
        findings.append(_summary(report))
        expects[gid] = _expect(report)
        game_ids.append(gid)
        say(f"  {_summary(report)}")
    notes = {"sample": sample.name, "mode": full.games[0].mode, "information": "paper",
             "paper_record_of": sample.source,
             "decks": (full.notes or {}).get("decks", []),
             "recorded_by": "riftlog.samples (riftlog.paper_records.record_projection of the "
                            "full sample)",
             "judge_should_find": "; ".join(findings), "expect": expects}
    return game_ids, notes


def _chosen_battlefields(store: EventStore, game_id: str) -> dict[str, str]:
    from riftlog.reducer import state_at

    state = state_at(store, game_id).state
    assert state is not None
    return {bf.owner: bf.card for bf in state.battlefields}


def make_samples(out_dir: Path, say: Callable[[str], None] = print) -> list[Path]:
    """Record every sample in a scratch store and write ``out_dir/<name>.json``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        store = EventStore.open(str(Path(tmp) / "samples.db"), check=False, create=True)
        try:
            store.upgrade()
            keeper = SeedKeeper(Path(tmp) / "secrets")
            for sample in SAMPLES:
                say(f"recording {sample.name} ({sample.mode})")
                ids, notes = record_sample(store, keeper, sample, say)
                games = [store.game(g) for g in ids]
                path = out_dir / f"{sample.name}.json"
                with path.open("w", encoding="utf-8") as fh:
                    write_bundle(store, games, fh, selection=sample.name, notes=notes,
                                 exported_at=EXPORTED_AT)
                written.append(path)
            written += _write_paper_samples(store, out_dir, say)
        finally:
            store.close()
    return written


def _write_paper_samples(store: EventStore, out_dir: Path, say: Callable[[str], None]) -> list[Path]:
    written = []
    for paper in PAPER_SAMPLES:
        say(f"recording {paper.name} (the paper record of {paper.source})")
        ids, notes = record_paper_sample(store, paper, out_dir, say)
        path = out_dir / f"{paper.name}.json"
        with path.open("w", encoding="utf-8") as fh:
            write_bundle(store, [store.game(g) for g in ids], fh, selection=paper.name,
                         notes=notes, exported_at=EXPORTED_AT)
        written.append(path)
    return written


def make_paper_samples(out_dir: Path, say: Callable[[str], None] = print) -> list[Path]:
    """Record only the paper samples (from the full samples already in *out_dir*)."""
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        store = EventStore.open(str(Path(tmp) / "samples.db"), check=False, create=True)
        try:
            store.upgrade()
            written += _write_paper_samples(store, out_dir, say)
        finally:
            store.close()
    return written


def sample_files(directory: Path | None = None) -> list[Path]:
    """The sample bundles (``replays/*.json``, shipped in a wheel as package data) in name
    order."""
    root = directory or samples_dir()
    return sorted(root.glob("*.json"))


if __name__ == "__main__":  # pragma: no cover - the generator script
    # ``--paper``: only the paper samples, from the full ones already in DIR
    args = [a for a in sys.argv[1:] if a != "--paper"]
    target = Path(args[0]) if args else Path("replays")
    for p in (make_paper_samples if "--paper" in sys.argv else make_samples)(target):
        print(f"wrote {p}")


def demo_library(store: EventStore, directory: Path, say: Callable[[str], None] = print) -> list[Path]:
    """The demo's library part: import the sample replays into *store*, replay them with
    verdicts, show the dispute report of the disputed sample and a few moments of one game,
    and write the exports to ``directory/exports``; returns the files written."""
    from riftlog.bundle import import_file
    from riftlog.export import Selection, select_games, write_jsonl
    from riftlog.history import write_csv, write_csv_players, write_transcripts
    from riftlog.reducer import state_at

    files = sample_files()
    for path in files:
        report = import_file(store, path)
        say(f"imported {path.name}: " + "; ".join(report.lines()))
    imported = [g.id for p in files for g in _games_of(p)]
    for gid in imported:
        rep = replay_game(store, gid)
        say(f"replayed {_summary(rep)}")
    for disputed in ("duel-disputed-illegal-stood", "duel-disputed-lethal-first"):
        if disputed not in imported:
            continue
        rep = replay_game(store, disputed)
        first = rep.verdicts[(rep.first_illegal or 1) - 1]
        say(f"dispute report of {disputed}: first illegal event at seq {rep.first_illegal} "
            f"({first.type} by {first.actor}: {first.decision or first.type})")
        for line in [*first.reasons, *rep.consequences[:4]]:
            say(f"  {line}")
    _demo_paper(store, imported, say)
    game = "duel-01"
    last = store.game(game).last_seq
    for seq in sorted({1, max(1, last // 3), max(1, 2 * last // 3), last}):
        pos = state_at(store, game, seq)
        st = pos.state
        if st is not None:
            say(f"step {game} seq {seq}: turn {st.turn}, phase {st.phase}, turn player "
                f"{st.turn_player or 'none yet'}, points " + ", ".join(f"{p.id} {p.points}" for p in st.players.values()))
    out = directory / "exports"
    out.mkdir(mode=0o700, parents=True, exist_ok=True)
    written: list[Path] = []
    games = select_games(store, Selection(game_ids=tuple(imported)))
    jobs: list[tuple[str, Callable[[Any], int]]] = [
        ("library.bundle.json", lambda fh: write_bundle(store, games, fh, selection="demo")),
        ("library.jsonl", lambda fh: write_jsonl(store, games, fh)),
        ("library.csv", lambda fh: write_csv(store, games, fh)),
        ("library-players.csv", lambda fh: write_csv_players(store, games, fh)),
        ("duel-01.spectator.txt", lambda fh: write_transcripts(
            store, select_games(store, Selection(game_ids=(game,))), fh, view="spectator")),
    ]
    for name, job in jobs:
        path = out / name
        with path.open("w", encoding="utf-8", newline="") as fh:
            job(fh)
        written.append(path)
        say(f"wrote {path}")
    return written


def _demo_paper(store: EventStore, imported: list[str], say: Callable[[str], None]) -> None:
    """Issue 21 in the demo: a paper record, what its judge finds, and a hand it does not know."""
    from riftlog.reducer import state_at
    from riftlog.rules.privacy import view

    game = "paper-duel-05"
    if game not in imported:
        return
    rep = replay_game(store, game)
    say(f"paper game {game} (the paper record of duel-05: no deck orders, hidden cards "
        f"named when shown): " + ", ".join(f"{n} {k}" for k, n in rep.counts().items() if n))
    for v in rep.verdicts:
        if v.verdict == "unverifiable":
            say(f"  seq {v.seq} {v.type} by {v.actor}: unverifiable: {v.reasons[0]}")
    state = state_at(store, game, max(1, store.game(game).last_seq // 2)).state
    if state is not None:
        hands = view(state, "judge")["players"]
        say("  the judge's view of the hands mid-game (unknown cards are never guessed): "
            + "; ".join(f"{pid} {h['hand']['count']} cards, {len(h['hand'].get('known', []))} known"
                        if isinstance(h["hand"], dict) else f"{pid} {len(h['hand'])} cards"
                        for pid, h in hands.items()))


def _games_of(path: Path) -> list[Any]:
    from riftlog.bundle import load_bundle

    return list(load_bundle(path).games)
