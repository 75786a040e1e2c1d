"""Issue 6: the v1.3 -> v1.2 rule-id correspondence (riftlog/rules/editions).

The shipped file holds ids, classes and scores only; it must be what the generator builds
from the reference texts (checked when ../shared/reference is present).  The spot checks
are pairs read by hand in both editions.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from riftlog.rules import editions
from riftlog.rules.board.core import GameAction, Violation
from riftlog.rules.editions import build_map, differences
from tests.rules.board import table

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference"
KINDS = {"same", "changed", "new", "removed"}


def _rows() -> list[list[object]]:
    rows: list[list[object]] = json.loads(editions.MAP_FILE.read_text(encoding="utf-8"))["pairs"]
    return rows


@pytest.mark.skipif(not (REFERENCE / build_map.V12_FILE).exists(),
                    reason="the reference rules folder is not next to the repository")
def test_the_shipped_map_is_what_the_generator_builds() -> None:
    built = build_map.render(build_map.build(REFERENCE))
    assert built == editions.MAP_FILE.read_text(encoding="utf-8")


def test_the_map_ships_ids_classes_and_scores_only() -> None:
    rows = _rows()
    assert len(rows) > 2000
    for a, b, kind, score in rows:
        assert a is None or (isinstance(a, str) and len(a) <= 16)
        assert b is None or (isinstance(b, str) and len(b) <= 16)
        assert kind in KINDS and isinstance(score, float | int) and 0 <= score <= 1
        assert (a is None) == (kind == "removed") and (b is None) == (kind == "new")
    kinds = {k for _, _, k, _ in rows}
    assert kinds == KINDS


@pytest.mark.parametrize(("v13", "v12", "kind"), [
    ("460.2.c.3", "443.1.d.3", "same"),   # lethal damage first: same text, id moved
    ("118.1", "117.1", "same"),           # mulligan: up to two cards set aside
    ("431.2.c", "418.2.c", "same"),       # Burn Out: an opponent gains 1 point
    ("457.2", "440.2", "same"),           # 3+ players: no moves into a staged combat
    ("316.2", "316.2", "changed"),        # the phase was renamed
    ("467", "449", "changed"),            # winning on points: the tie-break is new
    ("323.6", "322.6", "changed"),        # empty battlefields lose control
    ("323.4", "322.3", "changed"),        # v1.2 id repaired from a conversion artefact
    ("728", None, "new"),                 # XP
    ("822", None, "new"),                 # Ambush
])
def test_hand_checked_pairs(v13: str, v12: str | None, kind: str) -> None:
    row = editions.correspondence()[v13]
    assert (row.v12, row.kind) == (v12, kind)
    assert editions.counterpart(v13) == v12


def test_hand_fixes_win_over_the_matcher() -> None:
    assert editions.correspondence()["143.2.b"].kind == "new"  # the matcher misses it
    assert editions.counterpart("143.2.b") == "142.2.b"
    assert editions.counterpart("346.1") == "343.1"
    assert editions.correspondence()["460.1"].kind == "new"  # restructured in v1.3
    assert editions.counterpart("460.1") == "443.1.a"


def test_an_id_the_map_does_not_know_takes_its_parents() -> None:
    assert "460.2.c.3.z" not in editions.correspondence()
    assert editions.counterpart("460.2.c.3.z") == "443.1.d.3"


def test_citations_are_re_cited_not_relabelled() -> None:
    assert editions.cite("460.2.c.3", "v1.2") == "v1.2 443.1.d.3"
    assert editions.cite("460.2.c.3", "v1.3") == "v1.3 460.2.c.3"
    assert editions.cite("728", "v1.2") == "v1.3 728 (no v1.2 counterpart)"
    text = "v1.2 460.2.c.3: assign lethal first (see 118.1; seq 316, 3 points)"
    assert editions.retell_text(text, "v1.2") == \
        "v1.2 443.1.d.3: assign lethal first (see 117.1; seq 316, 3 points)"


def test_v1_3_only_rules_are_not_enforced_under_v1_2() -> None:
    """826.4.b (Backline ordering) is new in v1.3: dropped under v1.2; 460.2.c.3 re-cited;
    a rule with no counterpart that is not new behaviour keeps its v1.3 id, said so."""
    state = table()
    found = [Violation("826.4.b", "x", "v1.3"), Violation("460.2.c.3", "y", "v1.3"),
             Violation("355.3", "z", "v1.3")]
    assert editions.judge_violations(state, found) == found
    state.edition = "v1.2"
    judged = editions.judge_violations(state, found)
    assert [v.citation for v in judged] == ["v1.2 443.1.d.3", "v1.3 355.3"]
    assert judged[1].message.endswith("(v1.3 355.3 has no v1.2 counterpart)")


def test_game_actions_are_re_cited_and_v1_3_only_ones_refused() -> None:
    draw = GameAction("draw", "p1", ("p1.m01",), rule="413.1")
    [again] = editions.recite_actions([draw])
    assert again.rule == "400.1" and again.kind == "draw"
    for rule in ("735", "436.1", "438.1"):  # an extra turn, Predict, Replace
        with pytest.raises(editions.EditionUnsupported, match=rf"v1\.3 {rule} is new"):
            editions.recite_actions([draw, GameAction("x", None, (), rule=rule)])


def test_every_difference_names_real_ids() -> None:
    rows = editions.correspondence()
    v12_ids = {r.v12 for r in rows.values() if r.v12}
    keys = [d.key for d in differences.DIFFERENCES]
    assert len(keys) == len(set(keys))
    for d in differences.DIFFERENCES:
        assert d.status in ("implemented", "unsupported", "equivalent")
        assert all(r in rows for r in d.v13), d.key
        assert all(r in v12_ids for r in d.v12), d.key
        assert d.where or d.status == "equivalent", d.key
        assert d.note or d.status != "equivalent", d.key
    assert all(r in rows and rows[r].kind == "new" for r in differences.NOT_IN_V12)
    assert all(v is None or v in v12_ids for v in differences.ID_FIXES.values())
