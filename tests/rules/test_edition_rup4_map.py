"""Issue 19: the v1.3 -> RUP4 (2026-07-16) rule-id correspondence and the citation path.

The shipped file holds ids, classes and scores only; it must be what the generator builds
from the reference texts (checked when ../shared/reference is present).  The spot checks
are pairs read by hand in both texts.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from riftlog.events.decisions import MulliganChosen
from riftlog.rules import editions, engine
from riftlog.rules.board.core import (
    EDITIONS,
    NEW_GAME_EDITION,
    GameAction,
    Violation,
    edition_named,
)
from riftlog.rules.editions import build_map, differences_rup4
from tests.rules.board import table
from tests.rules.engine_fixtures import created, setup_to_mulligan

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference"
RUP4 = "RUP4"


@pytest.mark.skipif(not (REFERENCE / build_map.RUP4_FILE).exists(),
                    reason="the reference rules folder is not next to the repository")
def test_the_shipped_rup4_map_is_what_the_generator_builds() -> None:
    built = build_map.render(build_map.build(REFERENCE, RUP4))
    assert built == editions.RUP4_MAP_FILE.read_text(encoding="utf-8")


def test_the_rup4_map_ships_ids_classes_and_scores_only() -> None:
    data = json.loads(editions.RUP4_MAP_FILE.read_text(encoding="utf-8"))
    assert (data["from"], data["to"]) == ("v1.3", RUP4)
    rows = data["pairs"]
    assert len(rows) > 2300
    for a, b, kind, score in rows:
        assert a is None or (isinstance(a, str) and len(a) <= 16)
        assert b is None or (isinstance(b, str) and len(b) <= 16)
        assert kind in {"same", "changed", "new", "removed"} and 0 <= score <= 1


@pytest.mark.parametrize(("v13", "rup4", "kind"), [
    ("440", "445", "same"),               # Movement
    ("449", "454", "same"),               # Recalls
    ("454", "459", "same"),               # Combat
    ("458", "463", "same"),               # Steps of Combat
    ("462", "467", "same"),               # Scoring
    ("468", "473", "same"),               # Layers
    ("476", "481", "same"),               # Modes of Play
    ("479", "484", "same"),               # Sanctioned Modes
    ("176", "179", "same"),               # Tokens
    ("185", "188", "same"),               # Control
    ("460.2.c.3", "465.2.c.3", "same"),   # lethal damage first
    ("316.6", "316.9", "same"),           # ending the turn
    ("165.2", "166.2", "changed"),        # the pool pays costs (reworded)
    ("370.1.a", "370.1.b", "same"),       # a replacement replaces the event (renumbered)
    ("372", "372", "changed"),            # owner -> controller orders replacements
    ("805.1.a", "805.1.a", "changed"),    # Accelerate's cost became [1][C]
    ("135.2.e.6.b", "135.2.e.6.b", "changed"),  # [C] on several domains split off
    ("481.5", "486.5", "changed"),        # Match set-up
])
def test_hand_checked_rup4_pairs(v13: str, rup4: str, kind: str) -> None:
    row = editions.correspondence(RUP4)[v13]
    assert (row.v12, row.kind) == (rup4, kind)
    assert editions.counterpart(v13, RUP4) == rup4


def test_rup4_only_rules_are_listed_as_such() -> None:
    only = {r.v12 for k, r in editions.correspondence(RUP4).items() if k.startswith("-")}
    for rule in ("440", "444", "444.2", "827", "828", "829", "750", "756", "759", "764",
                 "486.5.a", "486.6.a", "135.2.e.6.c", "373.1.a", "465.2.c.5"):
        assert rule in only, rule


def test_rup4_citations_are_re_cited_not_relabelled() -> None:
    assert editions.cite("460.2.c.3", RUP4) == "RUP4 465.2.c.3"
    assert editions.cite("316.6", RUP4) == "RUP4 316.9"
    text = "RUP4 460.2.c.3: assign lethal first (see 316.6; seq 316, 3 points)"
    assert editions.retell_text(text, RUP4) == \
        "RUP4 465.2.c.3: assign lethal first (see 316.9; seq 316, 3 points)"
    state = table()
    state.edition = RUP4
    [v] = editions.judge_violations(state, [Violation("440", "x", "v1.3")])
    assert v.citation == "RUP4 445"


def test_rup4_game_actions_are_re_cited() -> None:
    move = GameAction("move", "p1", ("p1.m01",), rule="440")
    [again] = editions.recite_actions([move], RUP4)
    assert again.rule == "445"


def test_rup4_violations_cite_rup4_ids_through_engine_check() -> None:
    """A mulligan of three cards: v1.3 118.1 under v1.3, and the RUP4 id of that rule under
    RUP4 (the engine's code cites v1.3 ids; engine.check re-cites them)."""
    for edition, cited in (("v1.3", "v1.3 118.1"), (RUP4, f"RUP4 {editions.counterpart('118.1', RUP4)}")):
        state = setup_to_mulligan(created(rules_edition=edition))
        (req,) = engine.pending(state)
        assert req.player is not None
        bad = MulliganChosen(player=req.player, set_aside=tuple(state.players[req.player].hand[:3]))
        assert [v.citation for v in engine.check(state, bad)] == [cited]


def test_rup4_is_known_and_the_default_for_new_games() -> None:
    assert RUP4 in EDITIONS and NEW_GAME_EDITION == RUP4
    assert edition_named("rup4") == RUP4 and edition_named("V1.3") == "v1.3"
    assert edition_named("v9") == "v9"


def test_refused_action_names_the_rup4_rule() -> None:
    for v13, (key, rule) in differences_rup4.REFUSED_ACTIONS.items():
        with pytest.raises(editions.EditionUnsupported, match=rf"^RUP4 {rule}: .*\({key}\)"):
            editions.recite_actions([GameAction("x", None, (), rule=v13)], RUP4)


def test_every_rup4_difference_names_real_ids() -> None:
    rows = editions.correspondence(RUP4)
    rup4_ids = editions.rule_ids(RUP4)
    keys = [d.key for d in differences_rup4.DIFFERENCES]
    assert len(keys) == len(set(keys))
    for d in differences_rup4.DIFFERENCES:
        assert d.status in ("implemented", "unsupported", "equivalent")
        assert all(r in rows for r in d.v13), d.key
        assert d.rup4 and all(r in rup4_ids for r in d.rup4), d.key
        assert d.where or d.status == "equivalent", d.key
    assert all(v is None or v in rup4_ids for v in differences_rup4.ID_FIXES.values())
    assert all(k in keys for k, _ in differences_rup4.REFUSED_ACTIONS.values())
    assert all(r in rup4_ids for _, r in differences_rup4.REFUSED_ACTIONS.values())
