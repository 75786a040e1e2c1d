"""Import refusals: tampered bundles name the game and first bad seq; nothing is written."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from riftlog.bundle import BundleError, BundleTampered, import_bundle, load_bundle, write_bundle
from riftlog.errors import ImportRefused
from riftlog.export import Selection, select_games
from riftlog.store import EventStore
from tests.export.helpers import record_game


def doc_of(store: EventStore, *game_ids: str) -> dict[str, Any]:
    buf = io.StringIO()
    write_bundle(store, select_games(store, Selection(game_ids=game_ids)), buf)
    result: dict[str, Any] = json.loads(buf.getvalue())
    return result


def refuse(fresh: EventStore, doc: dict[str, Any]) -> ImportRefused:
    with pytest.raises(ImportRefused) as info:
        import_bundle(fresh, load_bundle("t.json", json.dumps(doc)), where="t.json")
    assert fresh.games() == [], "nothing may be written"
    return info.value


def test_edited_payload_is_refused_at_its_seq(store: EventStore, fresh: EventStore) -> None:
    doc = doc_of(store, "m1-g1", "m1-g2")
    doc["games"][1]["events"][2]["payload"]["text"] = "changed"
    err = refuse(fresh, doc)
    assert isinstance(err, BundleTampered)
    assert (err.game_id, err.seq) == ("m1-g2", 3)
    assert "game m1-g2" in str(err) and "seq 3" in str(err)


def test_removed_event_is_refused_at_the_gap(store: EventStore, fresh: EventStore) -> None:
    doc = doc_of(store, "m1-g1")
    del doc["games"][0]["events"][1]
    err = refuse(fresh, doc)
    assert isinstance(err, BundleTampered) and err.seq == 2


def test_removed_last_event_is_refused_by_the_head(store: EventStore, fresh: EventStore) -> None:
    doc = doc_of(store, "g9")  # not sealed: the head still commits to the last event
    doc["games"][0]["events"].pop()
    err = refuse(fresh, doc)
    assert isinstance(err, BundleTampered) and err.seq == 5


def test_reordered_events_are_refused(store: EventStore, fresh: EventStore) -> None:
    doc = doc_of(store, "m1-g1")
    evs = doc["games"][0]["events"]
    evs[2], evs[3] = evs[3], evs[2]
    err = refuse(fresh, doc)
    assert isinstance(err, BundleTampered) and err.seq == 3


def test_renumbered_reorder_is_refused(store: EventStore, fresh: EventStore) -> None:
    doc = doc_of(store, "m1-g1")
    evs = doc["games"][0]["events"]
    evs[2], evs[3] = evs[3], evs[2]
    evs[2]["seq"], evs[3]["seq"] = 3, 4
    err = refuse(fresh, doc)
    assert isinstance(err, BundleTampered) and err.seq == 3


def test_wrong_seal_is_refused(store: EventStore, fresh: EventStore) -> None:
    doc = doc_of(store, "m1-g1")
    doc["games"][0]["seal"]["hash"] = "f" * 64
    err = refuse(fresh, doc)
    assert isinstance(err, BundleTampered) and err.seq == 5 and "seal" in str(err)


def test_one_bad_game_blocks_the_whole_bundle(store: EventStore, fresh: EventStore) -> None:
    doc = doc_of(store, "m1-g1", "m1-g2", "g9")
    doc["games"][2]["events"][0]["actor"] = "mallory"
    refuse(fresh, doc)
    assert fresh.games() == []


def test_existing_game_with_different_events_is_refused(store: EventStore, fresh: EventStore) -> None:
    record_game(fresh, "g9", n_notes=1)
    before = fresh.feed(0, 1000)
    with pytest.raises(ImportRefused, match="g9 is already stored with different events"):
        import_bundle(fresh, load_bundle("t", json.dumps(doc_of(store, "g9"))))
    assert fresh.feed(0, 1000) == before


def test_clashing_client_event_id_rolls_everything_back(store: EventStore, fresh: EventStore) -> None:
    record_game(fresh, "other", n_notes=2)  # uses client ids other-n0, other-n1
    doc = doc_of(store, "m1-g1", "m1-g2")
    games_before = [g.id for g in fresh.games()]
    # client ids are scoped to their game: "other-n0" is free in m1-g2, m1-g2-n0 is not
    doc["games"][1]["events"][2]["client_event_id"] = "m1-g2-n0"
    # re-hash that game so the chain itself is fine and only the store can refuse it
    from riftlog.events import GENESIS_HASH, body_of, canonical_bytes, chain_hash
    prev = GENESIS_HASH
    for ev in doc["games"][1]["events"]:
        ev["prev_hash"] = prev
        body = body_of("m1-g2", ev["seq"], ev["type"], ev["schema_version"], ev["actor"],
                       ev["payload"], ev["client_event_id"], ev["recorded_at"])
        ev["hash"] = prev = chain_hash(prev, canonical_bytes(body))
    doc["games"][1]["last_hash"] = prev
    doc["games"][1]["seal"]["hash"] = prev
    with pytest.raises(ImportRefused, match="nothing was imported"):
        import_bundle(fresh, load_bundle("t", json.dumps(doc)))
    assert [g.id for g in fresh.games()] == games_before


def test_malformed_json_names_file_line_and_column(fresh: EventStore) -> None:
    with pytest.raises(BundleError, match=r"x.json: malformed JSON at line 2 column"):
        load_bundle("x.json", '{"format":\n ]')


def test_wrong_format_is_refused(fresh: EventStore) -> None:
    with pytest.raises(BundleError, match="not a riftlog bundle"):
        load_bundle("x.json", '{"format": "pgn"}')


def test_newer_version_is_refused(fresh: EventStore) -> None:
    with pytest.raises(BundleError, match="version 2 is newer"):
        load_bundle("x.json", '{"format": "riftlog-bundle", "version": 2}')


def test_bad_field_names_its_path(store: EventStore) -> None:
    doc = doc_of(store, "m1-g1")
    doc["games"][0]["events"][3]["seq"] = "three"
    with pytest.raises(BundleError, match=r"games\[0\]\.events\[3\]\.seq"):
        load_bundle("x.json", json.dumps(doc))


def test_unknown_event_type_is_refused_before_writing(store: EventStore, fresh: EventStore) -> None:
    doc = doc_of(store, "g9")
    doc["games"][0]["events"][1]["type"] = "Teleported"
    with pytest.raises(ImportRefused):  # the chain breaks first; either way nothing is written
        import_bundle(fresh, load_bundle("t", json.dumps(doc)))
    assert fresh.games() == []


def test_missing_match_is_refused(store: EventStore, fresh: EventStore) -> None:
    doc = doc_of(store, "m1-g1")
    doc["matches"] = []
    err = refuse(fresh, doc)
    assert "match m1" in str(err)


@pytest.mark.parametrize(("field", "value"), [("mode", "ffa4"), ("rules_edition", "v1.2"),
                                              ("engine_version", "9.9"), ("game_number", 3)])
def test_a_game_header_that_differs_from_its_game_created_is_refused(
    store: EventStore, fresh: EventStore, field: str, value: object
) -> None:
    doc = doc_of(store, "m1-g1", "m1-g2")
    doc["games"][1][field] = value  # outside the hash chain: only GameCreated can tell
    err = refuse(fresh, doc)
    label = field.replace("_", " ")
    assert f"game m1-g2: the bundle's game says {label}" in str(err)
    assert "hashed GameCreated (seq 1)" in str(err) and "nothing was imported" in str(err)
