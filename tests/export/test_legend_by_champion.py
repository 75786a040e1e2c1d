"""``--legend`` also finds a legend by its champion's name (issue 15: ``--legend Annie``
found nothing; the legend is Dark Child, whose champion tag is Annie)."""

from __future__ import annotations

from click.testing import CliRunner

from riftlog.cli import main
from riftlog.export import Selection, select_games
from riftlog.store import EventStore


def ids(store: EventStore, sel: Selection) -> list[str]:
    return [g.id for g in select_games(store, sel)]


def test_select_by_the_champion_name_of_a_legend(store: EventStore) -> None:
    assert ids(store, Selection(legend="Annie")) == ["m1-g1", "m1-g2"]
    assert ids(store, Selection(legend="annie")) == ["m1-g1", "m1-g2"]
    assert ids(store, Selection(legend="Kai'Sa")) == ["g9"]  # OGN-247 Daughter of the Void
    assert ids(store, Selection(legend="Jinx")) == []


def test_export_legend_option_takes_a_champion_name(store: EventStore) -> None:
    res = CliRunner().invoke(main, ["--db", store.where, "export", "--legend", "Annie",
                                    "--format", "csv"])
    assert res.exit_code == 0, res.output
    assert "m1-g1" in res.output and "m1-g2" in res.output and "g9" not in res.output
