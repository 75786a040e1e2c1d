"""Power Nexus (SFD-214): when its controller holds it, they may pay four Power of any domains
to gain a point (RUP4 194.1.c).  The Power is the ability's base cost, paid as it is finalized
(RUP4 383.3.b, v1.3 742.1.b); the point is gained through the GainPoints step, so a "can't
gain points" (Tianna Crownguard, SFD-060) stops it (054) (issue 24 audit)."""

from __future__ import annotations

from riftlog.events.abilities import ChoiceMade
from riftlog.events.decisions import TurnEnded
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    BODY_RUNE,
    SKULKER,
    TOKEN_BATTLEFIELD,
    choose,
    control,
    game,
    pass_all,
    pass_all_logged,
    put,
    runes,
    to_p2_turn,
    violations,
)

NEXUS = "SFD-214"
TIANNA = "SFD-060"  # at a battlefield: her controller's opponents can't gain points


def _holds_nexus(tianna: bool = False) -> tuple[GameState, tuple[str, ...]]:
    s = game(battlefields=(NEXUS, TOKEN_BATTLEFIELD))
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    if tianna:
        put(s, TIANNA, "p2", "battlefield", "bf2")
        control(s, "bf2", "p2")
    paid = runes(s, "p1", 4, BODY_RUNE)
    s = to_p2_turn(s)
    s, _ = engine.apply(s, TurnEnded(player="p2"))  # p1's Beginning Phase: p1 holds bf1
    return pass_all(s), paid


def _recycle_all(s: GameState, paid: tuple[str, ...]) -> GameState:
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.options.get("validator") == "pay_to_finalize"
    way = next(c["pay"] for c in req.options["choices"]
               if c["pay"] is not None and sorted(c["pay"].get("recycle", [])) == sorted(paid))
    return choose(s, "p1", pay=way)


def test_power_nexus_power_is_paid_as_it_goes_on_the_chain() -> None:
    s, paid = _holds_nexus()
    points = s.players["p1"].points
    s = _recycle_all(s, paid)
    assert s.chain and s.players["p1"].points == points    # paid; the point waits
    assert all(s.objects[r].zone == "rune_deck" for r in paid)  # recycled
    s = pass_all(s)
    assert s.players["p1"].points == points + 1


def test_power_nexus_gains_no_point_while_its_controller_cannot_gain_points() -> None:
    s, paid = _holds_nexus(tianna=True)
    points = s.players["p1"].points
    s, log = pass_all_logged(_recycle_all(s, paid))
    assert s.players["p1"].points == points
    assert [a.rule for a in log if a.kind == "gain_prevented"] == ["054"]


def test_power_nexus_refuses_a_may_answer_to_its_cost() -> None:
    s, _ = _holds_nexus()
    assert "742.1.b" in violations(s, ChoiceMade(player="p1", choice={"use": True}))
