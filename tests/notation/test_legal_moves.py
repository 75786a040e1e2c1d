"""Every legal move (riftlog.rules.legal_moves): each one listed is legal, the bot's choice
is always listed, and requests list only decision types that can be legal now."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riftlog.events.abilities import CardHidden
from riftlog.events.combat import CombatDamageAssigned
from riftlog.events.decisions import GameConceded, TurnEnded
from riftlog.events.play import StandardMove
from riftlog.rules import engine
from riftlog.rules.flow.showdown import never_legal
from riftlog.rules.legal_moves import legal_decisions, legal_moves
from tests.notation.samples import MODES, bot_states


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=3)
@given(seed=st.integers(0, 10_000), every=st.integers(3, 9))
def test_every_listed_move_is_legal_and_the_bots_choice_is_listed(mode: str, seed: int,
                                                                   every: int) -> None:
    for i, (state, choice) in enumerate(bot_states(mode, seed, 150)):
        if not choice.IS_DECISION or i % every:
            continue
        moves = legal_decisions(state)
        assert choice in moves, choice
        for d in moves:
            assert not engine.check(state, d), d
        assert moves[-1] == GameConceded(player=choice.player)  # type: ignore[attr-defined]


def test_a_player_not_awaited_may_only_concede() -> None:
    for state, _ in bot_states("duel", 4, 40):
        req = engine.pending(state)[0]
        if req.kind == "main":
            other = next(p for p in state.players if p != req.player)
            assert legal_decisions(state, other) == [GameConceded(player=other)]
            return
    raise AssertionError("no main phase")


def test_the_focus_request_lists_only_what_can_be_legal() -> None:
    seen = 0
    for mode in ("duel", "ffa3"):
        for state, _ in bot_states(mode, 5, 400):
            req = engine.pending(state)[0]
            if req.kind != "focus":
                continue
            seen += 1
            who = req.player
            assert who is not None
            never = never_legal(state, "focus", who)
            listed = engine.pending(state, every_listed=True)[0].decisions
            assert set(never) <= set(listed)
            assert not set(never) & set(req.decisions)
            assert {"TurnEnded", "UnitsMoved"} <= set(never)
            assert ("CardHidden" in never) is (who != state.turn_player)
            assert "PriorityPassed" in req.decisions and "CardPlayed" in req.decisions
            # what the entry still accepts is refused, with the rule that decides it
            assert engine.check(state, TurnEnded(player=who))
            units = [o for o in state.players[who].base
                     if state.objects[o].card and o.split(".")[1].startswith("m")]
            for unit in units:
                assert engine.check(state, StandardMove(player=who, units=(unit,),
                                                        destination=state.battlefields[0].oid))
            if who != state.turn_player:
                for oid in state.players[who].hand:
                    for bf in state.battlefields:
                        assert engine.check(state, CardHidden(player=who, card=oid,
                                                              battlefield=bf.oid))
    assert seen >= 3


def test_a_damage_split_is_given_with_its_constraints() -> None:
    for state, choice in bot_states("duel", 2, 600):
        if isinstance(choice, CombatDamageAssigned):
            [move] = [m for m in legal_moves(state) if isinstance(m.decision, CombatDamageAssigned)]
            assert "460.2.c.3" in move.constraint and "lethal" in move.constraint
            return
    raise AssertionError("no combat in 600 choices")
