"""An optional Energy payment asked as a conquer trigger is finalized (Hall of Legends, SFD-210;
Treasure Hoard, SFD-220): paid with one of the listed ways, declined, or refused."""

from __future__ import annotations

from typing import Any

from riftlog.events.abilities import ChoiceMade
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    ORDER_RUNE,
    SKULKER,
    TOKEN_BATTLEFIELD,
    apply,
    conquer,
    game,
    pass_all,
    put,
    runes,
    violations,
)

HALL, HOARD = "SFD-210", "SFD-220"
GOLD = "SFD-T03"
BLIND_MONK = "OGN-257"  # a legend


def _conquered(bf_card: str) -> GameState:
    s = game(battlefields=(bf_card, TOKEN_BATTLEFIELD))
    runes(s, "p1", 1, ORDER_RUNE)
    unit = put(s, SKULKER, "p1", "base", exhausted=False)
    return pass_all(conquer(s, (unit,)))


def _choices(s: GameState) -> list[dict[str, Any]]:
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.player == "p1"
    return list(req.options["choices"])


def test_hall_of_legends_paid_readies_the_legend() -> None:
    s = game(battlefields=(HALL, TOKEN_BATTLEFIELD))
    legend = put(s, BLIND_MONK, "p1", "legend", exhausted=True)
    (rune,) = runes(s, "p1", 1, ORDER_RUNE)
    unit = put(s, SKULKER, "p1", "base", exhausted=False)
    s = pass_all(conquer(s, (unit,)))
    pay = next(c for c in _choices(s) if c["pay"] is not None)
    s = pass_all(apply(s, ChoiceMade(player="p1", choice=pay)))
    assert not s.objects[legend].exhausted and s.objects[rune].exhausted


def test_hall_of_legends_declined_leaves_the_legend_exhausted() -> None:
    s = game(battlefields=(HALL, TOKEN_BATTLEFIELD))
    legend = put(s, BLIND_MONK, "p1", "legend", exhausted=True)
    (rune,) = runes(s, "p1", 1, ORDER_RUNE)
    unit = put(s, SKULKER, "p1", "base", exhausted=False)
    s = pass_all(conquer(s, (unit,)))
    s = pass_all(apply(s, ChoiceMade(player="p1", choice={"pay": None})))
    assert s.objects[legend].exhausted and not s.objects[rune].exhausted


def test_treasure_hoard_paid_plays_a_gold_exhausted() -> None:
    s = _conquered(HOARD)
    pay = next(c for c in _choices(s) if c["pay"] is not None)
    s = pass_all(apply(s, ChoiceMade(player="p1", choice=pay)))
    golds = [o for o in s.objects.values() if o.card == GOLD]
    assert len(golds) == 1 and golds[0].exhausted


def test_treasure_hoard_refuses_a_payment_that_is_not_offered() -> None:
    s = _conquered(HOARD)
    stranger = put(s, SKULKER, "p1", "base")  # not a rune: no way to pay with it
    bad = ChoiceMade(player="p1", choice={"pay": {"exhaust": [stranger]}})
    assert "742.1.b" in violations(s, bad)  # its cost, paid as it is finalized (v1.3 742.1.b)
