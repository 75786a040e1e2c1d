"""JSON Lines export (streamed) and the selection of games."""

from __future__ import annotations

import inspect
import io
import json
from datetime import date

import pytest

from riftlog.errors import RiftlogError, UnknownGame
from riftlog.export import Selection, iter_jsonl, select_games, write_jsonl
from riftlog.store import EventStore


def ids(store: EventStore, sel: Selection) -> list[str]:
    return [g.id for g in select_games(store, sel)]


def test_jsonl_is_one_event_a_line_with_hashes(store: EventStore) -> None:
    buf = io.StringIO()
    n = write_jsonl(store, select_games(store, Selection(match_id="m1")), buf)
    lines = buf.getvalue().splitlines()
    assert n == len(lines) == 10
    rows = [json.loads(x) for x in lines]
    assert rows[0]["game_id"] == "m1-g1" and rows[0]["seq"] == 1
    assert rows[5]["game_id"] == "m1-g2" and rows[5]["prev_hash"] == "0" * 64
    assert rows[4]["hash"] == store.game("m1-g1").seal_hash


def test_jsonl_is_a_lazy_generator(store: EventStore) -> None:
    lines = iter_jsonl(store, select_games(store, Selection()))
    assert inspect.isgenerator(lines)
    assert json.loads(next(lines))["seq"] == 1


def test_select_by_match_and_tournament(store: EventStore) -> None:
    assert ids(store, Selection(match_id="m1")) == ["m1-g1", "m1-g2"]
    assert ids(store, Selection(tournament_id="t1")) == ["m1-g1", "m1-g2"]


def test_select_by_player_id_or_name(store: EventStore) -> None:
    assert ids(store, Selection(player="carol")) == ["g9"]
    assert ids(store, Selection(player="Alice")) == ["m1-g1", "m1-g2"]


def test_select_by_date_range(store: EventStore) -> None:
    assert ids(store, Selection(since=date(2026, 5, 1))) == ["g9"]
    assert ids(store, Selection(until=date(2026, 4, 1))) == ["m1-g1", "m1-g2"]


def test_select_by_legend_id_or_name(store: EventStore) -> None:
    assert ids(store, Selection(legend="OGN-247")) == ["g9"]
    assert ids(store, Selection(legend="Dark Child")) == ["m1-g1", "m1-g2"]


def test_filters_combine(store: EventStore) -> None:
    assert ids(store, Selection(match_id="m1", player="carol")) == []


def test_unknown_ids_are_named(store: EventStore) -> None:
    with pytest.raises(UnknownGame, match="nope"):
        select_games(store, Selection(game_ids=("nope",)))
    with pytest.raises(RiftlogError, match="no match 'm7'"):
        select_games(store, Selection(match_id="m7"))
