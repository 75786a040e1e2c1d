"""Veiled Temple (SFD-221), audited against its card (issue 24): its "you may" is decided as
the ability is finalized (RUP4 383.3.a) and the friendly gear it readies is a target chosen
then (RUP4 355.5, 355.10, 355.12), among every friendly gear (a teammate's too, 489.8.e); the
later "you may detach it" is decided as it resolves (383.3.a.3)."""

from __future__ import annotations

from riftlog.events.abilities import ChoiceMade
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    SKULKER,
    TOKEN_BATTLEFIELD,
    apply,
    conquer,
    game,
    pass_all,
    put,
    violations,
)

VEILED_TEMPLE = "SFD-221"
DORANS_BLADE = "SFD-095"  # an Equipment
GOLD = "SFD-T03"          # a gear token that is not an Equipment


def _conquered(teammates: bool = False) -> tuple[GameState, str, str]:
    s = game(battlefields=(VEILED_TEMPLE, TOKEN_BATTLEFIELD))
    if teammates:
        for pid in ("p1", "p2"):
            s.players[pid].team = "A"
    mine = put(s, GOLD, "p1", "base", token=True, exhausted=True)
    theirs = put(s, DORANS_BLADE, "p2", "base", exhausted=True)
    attacker = put(s, SKULKER, "p1", "base", exhausted=False)
    return pass_all(conquer(s, (attacker,))), mine, theirs


def test_the_may_is_asked_as_the_ability_is_finalized() -> None:
    s, _, _ = _conquered()
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.options["kind"] == "may" and req.rule == "383.3.a"
    assert not s.chain                                              # not on the chain yet


def test_declining_puts_nothing_on_the_chain() -> None:
    s, mine, _ = _conquered()
    s = pass_all(apply(s, ChoiceMade(player="p1", choice={"use": False})))
    assert s.objects[mine].exhausted and not s.chain


def test_a_teammates_gear_is_a_friendly_gear_to_choose() -> None:
    s, mine, theirs = _conquered(teammates=True)
    s = apply(s, ChoiceMade(player="p1", choice={"use": True}))
    (req,) = engine.pending(s)
    assert req.options["kind"] == "targets"
    assert set(req.options["targets"]["t"]["from"]) == {mine, theirs}   # 489.8.e: friendly
    s = apply(s, ChoiceMade(player="p1", choice={"targets": {"t": [theirs]}}))
    assert s.chain[-1].targets == {"t": [theirs]}                   # chosen on the chain
    s = pass_all(s)
    assert not s.objects[theirs].exhausted and s.objects[mine].exhausted


def test_an_opponents_gear_is_refused() -> None:
    s, mine, theirs = _conquered()
    put(s, GOLD, "p1", "base", token=True)  # two gear of p1's: the target is asked for
    s = apply(s, ChoiceMade(player="p1", choice={"use": True}))
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [theirs]}}))
    assert not violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [mine]}}))
