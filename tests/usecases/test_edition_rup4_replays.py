"""Issue 19: the sample replays (v1.3 games) judged under RUP4 - every verdict that differs
from v1.3 is explained by a row of the RUP4 difference table, and every citation is a RUP4
id (or says it has no RUP4 counterpart)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from riftlog.bundle import import_file, load_bundle
from riftlog.cli import main
from riftlog.replay import edition_differences, replay_game
from riftlog.rules.editions import differences_rup4
from tests.usecases.helpers import new_store

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
KEYS = {d.key for d in differences_rup4.DIFFERENCES}


@pytest.mark.parametrize("path", sorted(REPLAYS.glob("*.json")), ids=lambda p: p.stem)
def test_sample_replays_judged_under_rup4_differ_only_where_the_table_says(
        path: Path, tmp_path: Path) -> None:
    store = new_store(tmp_path)
    try:
        import_file(store, path)
        for game in load_bundle(path).games:
            base = replay_game(store, game.id)
            assert base.edition == "v1.3"  # a stored game keeps its edition
            new = replay_game(store, game.id, edition="RUP4")
            assert new.edition == "RUP4" and len(new.verdicts) == len(base.verdicts)
            assert all(r.startswith("RUP4 ") or "no RUP4 counterpart" in r
                       for v in new.verdicts for r in v.rules)
            diffs = edition_differences(base, new)
            unexplained = [d for d in diffs if not d.get("explained_by")]
            assert unexplained == [], unexplained[:3]
            assert all(set(d["explained_by"]) <= KEYS for d in diffs)
            if game.game_number > 1:  # a match game created with used battlefields
                assert diffs and diffs[0]["explained_by"] == ["match-battlefields-reused"]
    finally:
        store.close()


def test_cli_replay_rules_rup4_re_cites_a_disputed_game(tmp_path: Path) -> None:
    """The lethal-first dispute: v1.3 460.2.c.3 is RUP4 465.2.c.3."""
    db = str(tmp_path / "riftlog.db")
    run = CliRunner().invoke
    assert run(main, ["--db", db, "db", "upgrade"]).exit_code == 0
    bundle = REPLAYS / "duel-disputed-lethal-first.json"
    assert run(main, ["--db", db, "import", str(bundle)]).exit_code == 0
    [gid] = [g.id for g in load_bundle(bundle).games]
    res = run(main, ["--db", db, "replay", gid, "--rules", "rup4"])
    assert "judged under RUP4" in res.output and "RUP4 465.2.c.3" in res.output, res.output
    assert "v1.3 460.2.c.3" not in res.output.split("judge event")[0]
    option = " ".join(res.output.split("legal option:")[1].split("state just before")[0].split())
    assert "(RUP4 465.2.c.4)" in option and "460.2.c" not in option, option  # re-cited too
