"""A choice between two effects as a play effect resolves: Buhru Captain (SFD-091, draw or
buff itself, or neither) and Royal Entourage (SFD-039, ready or exhaust a legend)."""

from __future__ import annotations

from riftlog.events.abilities import ChoiceMade
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CALM_RUNE,
    choose,
    game,
    pass_all,
    play,
    put,
    runes,
    violations,
)

CAPTAIN, ENTOURAGE = "SFD-091", "SFD-039"
BLIND_MONK = "OGN-257"  # a legend


def test_buhru_captain_may_buff_itself() -> None:
    s = game()
    runes(s, "p1", 4, BODY_RUNE)
    captain = put(s, CAPTAIN, "p1", "hand")
    s = pass_all(play(s, captain))
    s = pass_all(choose(s, "p1", do="buff"))
    assert s.objects[captain].buffed


def test_buhru_captain_may_draw_instead() -> None:
    s = game()
    runes(s, "p1", 4, BODY_RUNE)
    captain = put(s, CAPTAIN, "p1", "hand")
    s = pass_all(play(s, captain))
    hand = len(s.players["p1"].hand)
    s = pass_all(choose(s, "p1", do="draw"))
    assert len(s.players["p1"].hand) == hand + 1 and not s.objects[captain].buffed


def test_buhru_captain_refuses_an_answer_not_offered() -> None:
    s = game()
    runes(s, "p1", 4, BODY_RUNE)
    s = pass_all(play(s, put(s, CAPTAIN, "p1", "hand")))
    assert "378" in violations(s, ChoiceMade(player="p1", choice={"do": "kill"}))


def test_royal_entourage_readies_an_exhausted_legend() -> None:
    s = game()
    runes(s, "p1", 4, CALM_RUNE)
    legend = put(s, BLIND_MONK, "p1", "legend", exhausted=True)
    s = pass_all(play(s, put(s, ENTOURAGE, "p1", "hand")))
    s = pass_all(choose(s, "p1", do="ready"))  # its only legend: the target
    assert not s.objects[legend].exhausted


def test_royal_entourage_exhausts_an_opponents_legend() -> None:
    s = game()
    runes(s, "p1", 4, CALM_RUNE)
    theirs = put(s, BLIND_MONK, "p2", "legend", exhausted=False)
    s = pass_all(play(s, put(s, ENTOURAGE, "p1", "hand")))
    s = pass_all(choose(s, "p1", do="exhaust"))  # its only legend: the target
    assert s.objects[theirs].exhausted


def test_royal_entourage_unpaid_is_refused() -> None:
    s = game()
    d = CardPlayed(player="p1", card=put(s, ENTOURAGE, "p1", "hand"), payment=Payment(),
                   destination="base")
    assert "165.2" in violations(s, d)
