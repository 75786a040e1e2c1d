"""Royal Entourage (SFD-039), audited against its card (issue 24): the legend its play ability
readies or exhausts is a target (the Legend Zone is public, RUP4 355.10.a), chosen as the
ability goes on the chain (355.5); whether to ready or exhaust it is decided as it resolves
(355.17).  A unit is refused as that legend."""

from __future__ import annotations

from riftlog.events.abilities import ChoiceMade
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    CALM_RUNE,
    SKULKER,
    game,
    pass_all,
    play,
    put,
    runes,
    violations,
)

ENTOURAGE = "SFD-039"
BLIND_MONK = "OGN-257"  # a legend


def _played() -> tuple[GameState, str, str]:
    s = game()
    runes(s, "p1", 4, CALM_RUNE)
    mine = put(s, BLIND_MONK, "p1", "legend", exhausted=True)
    theirs = put(s, BLIND_MONK, "p2", "legend", exhausted=False)
    return pass_all(play(s, put(s, ENTOURAGE, "p1", "hand"))), mine, theirs


def test_the_legend_is_chosen_as_the_ability_goes_on_the_chain() -> None:
    s, mine, theirs = _played()
    (req,) = engine.pending(s)
    assert req.options["kind"] == "targets" and not s.chain
    assert set(req.options["targets"]["t"]["from"]) == {mine, theirs}
    s = engine.apply(s, ChoiceMade(player="p1", choice={"targets": {"t": [theirs]}}))[0]
    assert s.chain[-1].targets == {"t": [theirs]}
    s = pass_all(s)
    (req,) = engine.pending(s)                               # ready or exhaust: on resolution
    assert req.options["kind"] == "custom" and req.rule == "355.17"
    s = pass_all(engine.apply(s, ChoiceMade(player="p1", choice={"do": "exhaust"}))[0])
    assert s.objects[theirs].exhausted and s.objects[mine].exhausted


def test_a_unit_is_refused_as_the_legend() -> None:
    s, _, _ = _played()
    unit = put(s, SKULKER, "p1", "base")
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [unit]}}))
