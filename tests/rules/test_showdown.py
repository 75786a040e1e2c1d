"""Showdowns through the engine (v1.3 187.4, 308, 313, 323.8-323.14, 341-348).

Boards are hand-built (tests/rules/board.py) and given p1's Main Phase queue; every step
goes through ``engine.check`` / ``engine.apply``.  Battlefields get the no-ability token
card (652.2.a) unless a test is about a real battlefield's abilities.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from riftlog.cards import abilities
from riftlog.errors import IllegalDecision, UnsupportedCard
from riftlog.events.decisions import PriorityPassed, TurnEnded
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.events.showdown import ShowdownChosen
from riftlog.rules import engine
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.resources import find_payment
from riftlog.rules.board.state import ChainItem, GameState
from riftlog.rules.board.zones import change_zone
from riftlog.rules.flow import turn
from riftlog.rules.playing.play import total_cost
from tests.rules.board import CHAOS_RUNE, SERGEANT, SKULKER, put, rules, table
from tests.rules.showdown_board import go, main_phase
from tests.rules.test_play import EN_GARDE, MOBILIZE, DrawOne

CALM_RUNE = "OGN-042"


def board(*, plain: bool = True) -> tuple[GameState, str]:
    """p1's Main Phase with a ready Shipyard Skulker in p1's base; returns it too."""
    state = table()
    oid = put(state, SKULKER, "p1", "base")
    return main_phase(state, plain=plain), oid


def contest(state: GameState, oid: str, bf: str = "bf1") -> GameState:
    state, _ = go(state, StandardMove(player="p1", units=(oid,), destination=bf))
    return state


def request(state: GameState) -> tuple[str, str | None]:
    (req,) = engine.pending(state)
    return req.kind, req.player


# --- beginning: 344.2, 345 --------------------------------------------------------------


def test_v1_3_344_2_345_a_move_to_an_empty_battlefield_begins_a_showdown() -> None:
    state, oid = board()
    state = contest(state, oid)
    sd = state.showdown
    assert sd is not None and sd.battlefield == "bf1" and not sd.combat
    assert sd.focus == "p1" and state.priority == "p1"  # 345, 313.2
    assert request(state) == ("focus", "p1")
    bf = state.battlefield("bf1")
    assert bf.contested_by == "p1" and bf.controller is None  # 187.4.b: not yet
    assert not bf.showdown_staged  # it began


def test_v1_3_313_1_a_player_without_focus_cannot_pass() -> None:
    state, oid = board()
    state = contest(state, oid)
    assert rules(engine.check(state, PriorityPassed(player="p2"))) == ["313.1"]
    with pytest.raises(IllegalDecision, match=r"v1\.3 313\.1"):
        engine.apply(state, PriorityPassed(player="p2"))


def test_v1_3_347_4_passing_moves_focus_and_348_2_a_the_contester_conquers() -> None:
    state, oid = board()
    state = contest(state, oid)
    state, _ = go(state, PriorityPassed(player="p1"))
    assert state.showdown is not None and state.showdown.focus == "p2"  # 347.4
    assert request(state) == ("focus", "p2")
    state, log = go(state, PriorityPassed(player="p2"))  # 347.3.a: all passed in a row
    assert state.showdown is None
    bf = state.battlefield("bf1")
    assert bf.controller == "p1" and bf.contested_by is None  # 187.4, 348.2.a
    assert state.players["p1"].points == 1  # 348.2.a.1: a Conquer
    assert ("score", "464") in [(a.kind, a.rule) for a in log]
    assert request(state) == ("main", "p1")  # back to Neutral Open


def test_v1_3_348_2_a_1_no_conquer_when_the_battlefield_was_scored_this_turn() -> None:
    state, oid = board()
    state.players["p1"].turn_marks = {"scored": ["bf1"], "scored_turn": state.turn}
    state = contest(state, oid)
    state, _ = go(state, PriorityPassed(player="p1"), PriorityPassed(player="p2"))
    assert state.battlefield("bf1").controller == "p1"
    assert state.players["p1"].points == 0


def test_v1_3_466_2_conquering_a_battlefield_with_unencoded_abilities_is_unsupported() -> None:
    state, oid = board(plain=False)
    for bf in state.battlefields:
        bf.card = "UNL-205"  # Abandoned Hall: rules text, not encoded
    state = contest(state, oid)
    state, _ = go(state, PriorityPassed(player="p1"))
    with pytest.raises(UnsupportedCard, match="Abandoned Hall"):
        engine.apply(state, PriorityPassed(player="p2"))


# --- refused during a showdown ----------------------------------------------------------


def test_v1_3_144_1_c_no_standard_move_during_a_showdown() -> None:
    state, oid = board()
    other = put(state, SERGEANT, "p1", "base")
    state = contest(state, oid)
    move = StandardMove(player="p1", units=(other,), destination="bf2")
    assert "144.1.c" in rules(engine.check(state, move))
    with pytest.raises(IllegalDecision, match=r"v1\.3 144\.1\.c"):
        engine.apply(state, move)


def test_v1_3_308_1_the_turn_does_not_end_during_a_showdown() -> None:
    state, oid = board()
    state = contest(state, oid)
    assert rules(engine.check(state, TurnEnded(player="p1"))) == ["308.1"]


def test_v1_3_308_1_a_a_unit_without_action_is_not_played_in_a_showdown() -> None:
    state, oid = board()
    for _ in range(3):
        put(state, CHAOS_RUNE, "p1", "base")
    card = put(state, SKULKER, "p1", "hand")
    state = contest(state, oid)
    payment = find_payment(state, "p1", total_cost(state, "p1", card))
    assert payment is not None
    assert rules(engine.check(state, CardPlayed(player="p1", card=card, destination="base",
                                                payment=payment))) == ["308.1.a"]


@pytest.fixture
def spells(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(abilities.ABILITIES, MOBILIZE, DrawOne(MOBILIZE))
    monkeypatch.setitem(abilities.ABILITIES, EN_GARDE, DrawOne(EN_GARDE))
    yield


def reaction_board() -> tuple[GameState, str, str]:
    """A showdown at bf1 (p1 focus); p1 holds En Garde (Reaction) and Mobilize (neither
    Action nor Reaction), with runes to pay for both and cards to draw."""
    state, oid = board()
    for _ in range(3):
        put(state, CALM_RUNE, "p1", "base")
    for _ in range(3):
        put(state, SKULKER, "p1", "main_deck")
    en_garde = put(state, EN_GARDE, "p1", "hand")
    mobilize = put(state, MOBILIZE, "p1", "hand")
    return contest(state, oid), en_garde, mobilize


def play_spell(state: GameState, pid: str, card: str) -> CardPlayed:
    payment = find_payment(state, pid, total_cost(state, pid, card))
    assert payment is not None
    return CardPlayed(player=pid, card=card, payment=payment)


def test_v1_3_309_1_a_a_spell_without_reaction_is_refused_while_the_chain_exists(
        spells: None) -> None:
    state, en_garde, mobilize = reaction_board()
    state, _ = go(state, play_spell(state, "p1", en_garde))  # 347.1: a chain starts
    assert state.chain and request(state) == ("priority", "p1")  # 337.1.c.3
    assert "309.1.a" in rules(engine.check(state, play_spell(state, "p1", mobilize)))
    assert rules(engine.check(state, PriorityPassed(player="p2"))) == ["312.2.c"]


def test_v1_3_346_focus_passes_when_the_chain_empties_in_a_showdown(spells: None) -> None:
    state, en_garde, _ = reaction_board()
    hand = len(state.players["p1"].hand)
    state, _ = go(state, play_spell(state, "p1", en_garde))
    state, _ = go(state, PriorityPassed(player="p1"))
    assert request(state) == ("priority", "p2")  # 312.2.d
    state, _ = go(state, PriorityPassed(player="p2"))  # 340.1: En Garde resolves
    assert not state.chain and len(state.players["p1"].hand) == hand  # played 1, drew 1
    sd = state.showdown
    assert sd is not None and sd.focus == "p2" and sd.passes == []  # 340.2.a, 346
    assert request(state) == ("focus", "p2")
    state, _ = go(state, PriorityPassed(player="p2"))
    assert state.showdown is not None  # p1 has not passed since the chain
    state, _ = go(state, PriorityPassed(player="p1"))
    assert state.showdown is None and state.battlefield("bf1").controller == "p1"


# --- staging: 323.8-323.14 --------------------------------------------------------------


def two_contested() -> GameState:
    state, _ = board()
    for bf in ("bf1", "bf2"):
        put(state, SKULKER, "p1", "battlefield", bf)
        state.battlefield(bf).contested_by = "p1"
    return state


def test_v1_3_323_11_the_turn_player_chooses_among_staged_showdowns() -> None:
    state = two_contested()
    turn.cleanup(state, [])
    assert state.showdown is None
    assert [bf.showdown_staged for bf in state.battlefields] == [True, True]  # 323.8
    (req,) = engine.pending(state)
    assert (req.kind, req.player, req.options) == ("showdown_choice", "p1",
                                                   {"battlefields": ["bf1", "bf2"]})
    assert rules(engine.check(state, ShowdownChosen(player="p2", battlefield="bf2"))) == ["323.11"]
    assert rules(engine.check(state, ShowdownChosen(player="p1", battlefield="bf9"))) == ["323.11"]
    state, _ = go(state, ShowdownChosen(player="p1", battlefield="bf2"))
    assert state.showdown is not None and state.showdown.battlefield == "bf2"
    state, _ = go(state, PriorityPassed(player="p1"), PriorityPassed(player="p2"))
    assert state.battlefield("bf2").controller == "p1"
    # the other one is now the only staged showdown: it begins without a choice
    assert state.showdown is not None and state.showdown.battlefield == "bf1"
    state, _ = go(state, PriorityPassed(player="p1"), PriorityPassed(player="p2"))
    assert state.battlefield("bf1").controller == "p1"
    assert state.players["p1"].points == 2


def test_v1_3_323_8_a_the_showdown_is_unstaged_when_the_contester_leaves() -> None:
    state, _ = board()
    oid = put(state, SKULKER, "p1", "battlefield", "bf1")
    state.battlefield("bf1").contested_by = "p1"
    state.chain.append(_dummy_item())  # a Closed State: nothing begins (323.11)
    log: list[GameAction] = []
    turn.cleanup(state, log)
    assert state.battlefield("bf1").showdown_staged and state.showdown is None
    change_zone(state, state.objects[oid], "base", "base:p1")
    turn.cleanup(state, log)
    bf = state.battlefield("bf1")
    assert not bf.showdown_staged and bf.contested_by is None
    assert "unstage_showdown" in [a.kind for a in log]


def _dummy_item() -> ChainItem:
    return ChainItem(id="c1", kind="ability", controller="p1", source=None, legal=True)


def test_v1_3_323_14_a_non_combat_showdown_becomes_a_combat_showdown() -> None:
    state, oid = board()
    state = contest(state, oid)
    assert state.showdown is not None and not state.showdown.combat
    enemy = put(state, SERGEANT, "p2", "battlefield", "bf1")  # e.g. moved by an effect
    turn.cleanup(state, [])
    sd = state.showdown
    assert sd is not None and sd.combat  # 323.14, 455.1
    assert (sd.attacker, sd.defender, sd.focus) == ("p1", "p2", "p1")  # 459.2.b-c
    assert state.objects[oid].designation == "attacker"
    assert state.objects[enemy].designation == "defender"


def test_v1_3_323_11_a_choice_left_with_one_option_begins_that_showdown() -> None:
    state = two_contested()
    turn.cleanup(state, [])
    assert engine.pending(state)[0].kind == "showdown_choice"
    gone = state.battlefield("bf1").units[0]
    change_zone(state, state.objects[gone], "base", "base:p1")  # e.g. returned by an effect
    turn.cleanup(state, [])  # 323.8.a: bf1 is no longer staged; bf2 is the only one
    assert state.showdown is not None and state.showdown.battlefield == "bf2"
    assert [e.get("request") for e in state.queue if e["kind"] == "await"] == ["focus"]
