"""The sample replays in replays/: each imports, verifies, and replays as its notes say."""

from __future__ import annotations

from pathlib import Path

import pytest

from riftlog.bundle import import_file, load_bundle
from riftlog.replay import replay_game
from riftlog.samples import PAPER_SAMPLES, SAMPLES
from riftlog.store import EventStore
from tests.export.helpers import new_store

REPLAYS = Path(__file__).parents[2] / "replays"
FILES = sorted(REPLAYS.glob("*.json"))


def test_the_library_covers_every_mode_and_the_disputes() -> None:
    assert {p.stem for p in FILES} == {s.name for s in (*SAMPLES, *PAPER_SAMPLES)}
    games = [g for p in FILES for g in load_bundle(p).games]
    assert len(games) >= 12
    assert {g.mode for g in games} == {"duel", "match", "ffa3", "ffa4", "2v2"}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_sample_replays_as_its_notes_say(path: Path, tmp_path: Path) -> None:
    bundle = load_bundle(path)
    assert bundle.notes["judge_should_find"]
    store: EventStore = new_store(tmp_path / "s.db")
    try:
        report = import_file(store, path)
        assert len(report.imported) == len(bundle.games)
        for game in bundle.games:
            assert store.verify(game.id).ok
            rep = replay_game(store, game.id)
            expect = bundle.notes["expect"][game.id]
            assert rep.ok is expect["ok"]
            assert [v.seq for v in rep.verdicts if v.verdict == "illegal" and v.counts] == expect["illegal"]
            assert [v.seq for v in rep.verdicts if v.voided_by is not None] == expect["voided"]
            assert rep.result.get("winner") == expect["winner"]
            assert rep.information == expect.get("information", "full")
            unverifiable = [v.seq for v in rep.verdicts if v.verdict == "unverifiable"]
            assert unverifiable == expect.get("unverifiable", unverifiable)
    finally:
        store.close()


def test_disputed_samples_say_what_a_judge_finds() -> None:
    stood = load_bundle(REPLAYS / "duel-disputed-illegal-stood.json")
    [exp] = stood.notes["expect"].values()
    assert not exp["ok"] and len(exp["illegal"]) == 1 and not exp["voided"]
    mended = load_bundle(REPLAYS / "duel-disputed-rewind.json")
    [exp] = mended.notes["expect"].values()
    assert exp["ok"] and exp["illegal"] == [] and len(exp["voided"]) >= 1


def test_the_lethal_first_dispute_names_its_seq_and_rule(tmp_path: Path) -> None:
    path = REPLAYS / "duel-disputed-lethal-first.json"
    bundle = load_bundle(path)
    [(gid, exp)] = bundle.notes["expect"].items()
    assert not exp["ok"] and len(exp["illegal"]) == 1 and not exp["voided"]
    [seq] = exp["illegal"]
    assert f"seq {seq}" in bundle.notes["judge_should_find"]
    assert "460.2.c.3" in bundle.notes["judge_should_find"]
    store: EventStore = new_store(tmp_path / "s.db")
    try:
        import_file(store, path)
        rep = replay_game(store, gid)
        verdict = rep.verdicts[seq - 1]
        assert verdict.seq == seq and verdict.type == "CombatDamageAssigned"
        assert any("460.2.c.3" in r for r in [*verdict.rules, *verdict.reasons])
    finally:
        store.close()


def test_paper_samples_say_what_their_record_cannot_judge(tmp_path: Path) -> None:
    """Issue 21: a paper duel and a paper best-of-three match, each the paper record of a
    full sample: the same results, and the unverifiable events named by seq and reason."""
    for paper in PAPER_SAMPLES:
        bundle = load_bundle(REPLAYS / f"{paper.name}.json")
        full = load_bundle(REPLAYS / f"{paper.source}.json")
        assert bundle.notes["information"] == "paper"
        assert len(bundle.games) == len(full.games)
        for game, source in zip(bundle.games, full.games, strict=True):
            exp = bundle.notes["expect"][game.id]
            assert exp["information"] == "paper" and exp["illegal"] == []
            assert exp["winner"] == full.notes["expect"][source.id]["winner"]
            assert not any(e.type in ("DeckOrderRecorded", "SeedRevealed") for e in game.events)
            for seq in exp["unverifiable"]:
                assert f"{game.id} seq {seq}: " in bundle.notes["judge_should_find"]
    assert {load_bundle(REPLAYS / f"{p.name}.json").games[0].mode for p in PAPER_SAMPLES} == \
        {"duel", "match"}
    assert any(load_bundle(REPLAYS / f"{p.name}.json").notes["expect"][g]["unverifiable"]
               for p in PAPER_SAMPLES for g in load_bundle(REPLAYS / f"{p.name}.json").notes["expect"])
