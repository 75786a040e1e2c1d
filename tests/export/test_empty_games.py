"""Empty games (issue 16: orphan games): a game row without events, left in a store by an
older riftlog, is named and skipped by exports, and a bundle holding one is refused."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from riftlog.bundle import BundleError, import_bundle, load_bundle
from riftlog.cli import main
from riftlog.events import GENESIS_HASH
from riftlog.export import ExportError
from riftlog.history import summarize, write_csv
from riftlog.store import EventStore
from tests.export.test_import_refusals import doc_of
from tests.store.helpers import raw


def _orphan(store: EventStore, game_id: str = "orphan") -> None:
    """What a kill between the games row and its events left behind (older riftlog)."""
    raw(store, "INSERT INTO games (id, game_number, mode, rules_edition, catalog_version, "
               "engine_version, status, last_seq, last_hash, created_at) VALUES (:g, 1, "
               "'duel', 'v1.3', 'test', 'test', 'open', 0, :h, '2026-06-01T00:00:00.000000Z')",
        g=game_id, h=GENESIS_HASH)


def test_csv_export_of_a_store_with_an_empty_game_names_it(store: EventStore,
                                                           tmp_path: Path) -> None:
    _orphan(store)
    out = tmp_path / "all.csv"
    result = CliRunner().invoke(main, ["export", "--format", "csv", "-o", str(out),
                                       "--db", store.where])
    assert result.exit_code == 0, result.output
    assert "game orphan has no events (its creation never completed): not exported" in \
        result.stderr
    assert "Traceback" not in result.output
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert sorted(r["game_id"] for r in rows) == ["g9", "m1-g1", "m1-g2"]


def test_exporting_only_an_empty_game_is_one_line_error(store: EventStore) -> None:
    _orphan(store)
    result = CliRunner().invoke(main, ["export", "orphan", "--format", "bundle",
                                       "--db", store.where])
    assert result.exit_code != 0
    assert result.stderr.strip().splitlines()[-1] == \
        "error: nothing to export: every game matching game orphan has no events"


def test_summaries_say_a_game_has_no_events(store: EventStore) -> None:
    _orphan(store)
    info = store.game("orphan")
    with pytest.raises(ExportError, match="game orphan has no GameCreated at seq 1 \\(no events\\)"):
        summarize(store, info, None)
    with pytest.raises(ExportError, match="game orphan"):
        write_csv(store, [info], io.StringIO())


def test_a_bundle_with_an_empty_game_is_refused(store: EventStore, fresh: EventStore) -> None:
    doc = doc_of(store, "g9")
    empty = dict(doc["games"][0], id="empty", events=[], last_seq=0, last_hash=GENESIS_HASH,
                 seal=None)
    doc["games"].append(empty)
    with pytest.raises(BundleError, match=r"t\.json: game empty has no events .*nothing was imported"):
        import_bundle(fresh, load_bundle("t.json", json.dumps(doc)), where="t.json")
    assert fresh.games() == []
