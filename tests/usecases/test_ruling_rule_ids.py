"""A ruling cites rules of the game's edition; an id that is no rule is refused (issue 15:
``judge ruling --rule 999.9`` was accepted)."""

from __future__ import annotations

from pathlib import Path

import pytest

from riftlog.errors import RecorderError
from riftlog.events.actor import Actor
from riftlog.rules.editions import rule_ids
from tests.usecases.helpers import duel, new_store


def test_rule_ids_of_each_edition() -> None:
    v13, v12 = rule_ids("v1.3"), rule_ids("v1.2")
    assert len(v13) == 2089 and {"144.3", "316.6", "460.2.c"} <= v13  # every numbered entry
    assert "053.4" in v13 and "053.4" not in v12  # new in v1.3
    assert rule_ids("v9.9") == frozenset()


def test_a_ruling_citing_no_rule_is_refused(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    rec = duel(store, "g")
    seq = rec.seq
    for bad in ("999.9", "v1.2 316.6", "144.3.zz", "rule 144"):
        with pytest.raises(RecorderError, match=f"rule '{bad}' is not a rule of the v1.3"):
            rec.ruling(Actor.judge("Ann"), "The move stands.", [bad])
    assert rec.seq == seq  # nothing written
    done = rec.ruling(Actor.judge("Ann"), "The move stands.", ["144.3", "v1.3 316.6"])
    assert done.events[0].payload["rule_ids"] == ["144.3", "v1.3 316.6"]


def test_the_cli_says_so_in_one_line(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from riftlog.cli import main

    store = new_store(tmp_path)
    duel(store, "g", randomness="recorded")
    store.close()
    res = CliRunner().invoke(main, ["--db", str(tmp_path / "riftlog.db"), "judge", "ruling", "g",
                                    "--judge", "Ann", "--text", "x", "--rule", "999.9"])
    assert res.exit_code == 1 and res.output.count("\n") == 1, res.output
    assert "rule '999.9' is not a rule of the v1.3 Core Rules" in res.output
