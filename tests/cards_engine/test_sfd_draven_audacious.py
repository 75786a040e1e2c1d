"""Draven, Audacious (SFD-148), audited against his card (issue 24): the opponent his death in
combat gives a point to is a target (a player, RUP4 355.9.a, 355.10), chosen as the ability
goes on the chain (355.5), not as it resolves; his controller or a teammate is refused."""

from __future__ import annotations

from typing import Any

from riftlog.events.abilities import ChoiceMade
from riftlog.events.combat import CombatDamageAssigned
from riftlog.events.decisions import PriorityPassed
from riftlog.events.play import StandardMove
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from riftlog.rules.legal_moves import legal_decisions
from tests.cards_engine.helpers import control, pass_all, put, violations
from tests.rules.test_friendly_teammates import team_game

DRAVEN = "SFD-148"   # Might 6
BIG = "OGN-088"      # a unit of Might 8


def _until_draven_asks(s: GameState) -> tuple[GameState, Any]:
    """p1's Draven attacks p2's bigger unit at bf1; the combat runs (first offered answers)
    until p1 is asked to choose the target of Draven's death trigger."""
    bf = s.battlefields[0].oid
    control(s, bf, "p2")
    put(s, BIG, "p2", "battlefield", bf)
    draven = put(s, DRAVEN, "p1", "base", exhausted=False)
    s, _ = engine.apply(s, StandardMove(player="p1", units=(draven,), destination=bf))
    for _ in range(60):
        (req,) = engine.pending(s)
        if req.kind == "choice" and req.options.get("kind") == "targets" and \
                req.options.get("card") == DRAVEN:
            return s, req
        if req.kind == "combat_damage":
            d = next(x for x in legal_decisions(s, req.player) if isinstance(x, CombatDamageAssigned))
            s, _ = engine.apply(s, d)
        elif req.kind == "choice":
            s, _ = engine.apply(s, legal_decisions(s, req.player)[0])
        else:
            s, _ = engine.apply(s, PriorityPassed(player=req.player or ""))
    raise AssertionError("Draven's death trigger asked for no target")


def test_the_opponent_is_chosen_as_the_ability_goes_on_the_chain() -> None:
    s, req = _until_draven_asks(team_game("RUP4"))
    assert req.player == "p1" and set(req.options["targets"]["t"]["from"]) == {"p2", "p4"}
    assert not any(i.source == "p1" for i in s.chain)
    s, _ = engine.apply(s, ChoiceMade(player="p1", choice={"targets": {"t": ["p4"]}}))
    assert s.chain[-1].targets == {"t": ["p4"]}                 # on the chain with it
    s = pass_all(s)
    assert s.players["p4"].points == 1 and s.players["p2"].points == 0


def test_a_teammate_or_himself_is_refused() -> None:
    s, _ = _until_draven_asks(team_game("RUP4"))
    for pid in ("p3", "p1"):
        assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [pid]}}))
