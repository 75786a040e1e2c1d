"""Exports stream the store's game ids (issue 26): no listing of every game's row, in the
library and in ``riftlog export``; the selection and the output are unchanged."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from riftlog.bundle import write_bundle
from riftlog.cli import main
from riftlog.errors import UnknownGame
from riftlog.export import ExportError, SelectedGames, Selection, select_games
from riftlog.store import EventStore


@pytest.fixture
def no_listing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any listing of every game (``EventStore.games``) fails the test."""

    def listed(self: EventStore) -> None:
        raise AssertionError("the export listed every game of the store")

    monkeypatch.setattr(EventStore, "games", listed)


def _ids(games: object) -> list[str]:
    return [g.id for g in games]  # type: ignore[attr-defined]


def test_the_selection_streams_and_walks_again(store: EventStore, no_listing: None) -> None:
    games = SelectedGames(store, Selection())
    assert _ids(games) == ["m1-g1", "m1-g2", "g9"]
    assert _ids(games) == ["m1-g1", "m1-g2", "g9"]  # walked again: a count, then the export
    assert _ids(SelectedGames(store, Selection(tournament_id="t1", player="Alice"))) == \
        ["m1-g1", "m1-g2"]
    assert _ids(SelectedGames(store, Selection(game_ids=("g9", "m1-g1")))) == ["m1-g1", "g9"]
    assert _ids(select_games(store, Selection(match_id="m1"))) == ["m1-g1", "m1-g2"]


def test_the_streamed_selection_names_what_is_unknown(store: EventStore, no_listing: None) -> None:
    with pytest.raises(UnknownGame, match="no game 'nope'"):
        list(SelectedGames(store, Selection(game_ids=("m1-g1", "nope"))))
    with pytest.raises(ExportError, match="no match 'm7'"):
        list(SelectedGames(store, Selection(match_id="m7")))
    with pytest.raises(ExportError, match="no tournament 't9'"):
        list(SelectedGames(store, Selection(tournament_id="t9")))


def test_a_bundle_of_a_streamed_selection_is_the_bundle_of_the_list(store: EventStore) -> None:
    listed, streamed = io.StringIO(), io.StringIO()
    write_bundle(store, select_games(store, Selection()), listed, exported_at="x")
    write_bundle(store, SelectedGames(store, Selection()), streamed, exported_at="x")
    assert streamed.getvalue() == listed.getvalue()
    assert [m["id"] for m in json.loads(streamed.getvalue())["matches"]] == ["m1"]


@pytest.mark.parametrize("fmt", ["bundle", "jsonl", "csv", "transcript"])
def test_riftlog_export_of_every_game_lists_no_games(
        store: EventStore, no_listing: None, tmp_path: Path, fmt: str) -> None:
    out = tmp_path / f"all.{fmt}"
    result = CliRunner().invoke(main, ["export", "--format", fmt, "-o", str(out),
                                       "--db", store.where])
    assert result.exit_code == 0, result.output
    assert "wrote" in result.stdout and "of 3 games" in result.stdout
    text = out.read_text(encoding="utf-8")
    for gid in ("m1-g1", "m1-g2", "g9"):
        assert gid in text, gid
    if fmt == "jsonl":
        assert len(text.splitlines()) == sum(store.game(g).last_seq
                                             for g in ("m1-g1", "m1-g2", "g9"))
