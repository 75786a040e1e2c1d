"""Bundles: export then import into a fresh store gives identical events and hashes."""

from __future__ import annotations

import io
import json
from pathlib import Path

from riftlog.bundle import FORMAT, VERSION, import_bundle, load_bundle, write_bundle
from riftlog.export import Selection, select_games
from riftlog.store import EventStore


def bundle_text(store: EventStore, sel: Selection | None = None) -> str:
    buf = io.StringIO()
    write_bundle(store, select_games(store, sel or Selection()), buf, selection="test")
    return buf.getvalue()


def events(store: EventStore, game_id: str) -> list[dict[str, object]]:
    return [e.model_dump(exclude={"position"}) for e in store.read(game_id)]


def test_bundle_is_versioned_json_with_hashes_and_seal(store: EventStore) -> None:
    doc = json.loads(bundle_text(store, Selection(game_ids=("m1-g1",))))
    assert doc["format"] == FORMAT and doc["version"] == VERSION
    game = doc["games"][0]
    assert game["seal"]["hash"] == game["events"][-1]["hash"] == game["last_hash"]
    assert game["events"][0]["prev_hash"] == "0" * 64
    assert [m["id"] for m in doc["matches"]] == ["m1"]
    assert doc["tournaments"][0]["name"] == "Spring Open"


def test_round_trip_gives_identical_events_and_hashes(store: EventStore, fresh: EventStore) -> None:
    bundle = load_bundle("b.json", bundle_text(store))
    report = import_bundle(fresh, bundle)
    assert sorted(g for g, _ in report.imported) == ["g9", "m1-g1", "m1-g2"]
    for gid in ("m1-g1", "m1-g2", "g9"):
        assert events(fresh, gid) == events(store, gid)
        assert fresh.verify(gid).ok


def test_round_trip_keeps_seal_match_and_tournament(store: EventStore, fresh: EventStore) -> None:
    import_bundle(fresh, load_bundle("b.json", bundle_text(store)))
    assert fresh.game("m1-g1").seal_hash == store.game("m1-g1").seal_hash
    assert not fresh.game("g9").sealed
    assert fresh.game("m1-g2").match_id == "m1"
    assert [g.id for g in select_games(fresh, Selection(tournament_id="t1"))] == ["m1-g1", "m1-g2"]


def test_import_twice_is_a_noop_that_says_so(store: EventStore, fresh: EventStore) -> None:
    bundle = load_bundle("b.json", bundle_text(store))
    import_bundle(fresh, bundle)
    before = fresh.feed(0, 10_000)
    report = import_bundle(fresh, bundle)
    assert report.noop and sorted(report.already_present) == ["g9", "m1-g1", "m1-g2"]
    assert any("nothing imported" in line for line in report.lines())
    assert fresh.feed(0, 10_000) == before


def test_reimport_into_source_store_is_a_noop(store: EventStore) -> None:
    report = import_bundle(store, load_bundle("b.json", bundle_text(store)))
    assert report.noop


def test_import_match_into_store_with_one_game_adds_the_rest(store: EventStore, fresh: EventStore) -> None:
    import_bundle(fresh, load_bundle("a", bundle_text(store, Selection(game_ids=("m1-g1",)))))
    report = import_bundle(fresh, load_bundle("b", bundle_text(store, Selection(match_id="m1"))))
    assert report.imported == [("m1-g2", 5)]
    assert report.already_present == ["m1-g1"]


def test_bundle_file_round_trip(store: EventStore, fresh: EventStore, tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text(bundle_text(store), encoding="utf-8")
    import_bundle(fresh, load_bundle(path))
    assert events(fresh, "g9") == events(store, "g9")
