"""Gold tokens from triggers on a kind of play: Black Market Broker (SFD-121, a card played
from face down, 811) and Chemtech Cask (SFD-063, a spell on an opponent's turn, optional,
paid by exhausting the cask)."""

from __future__ import annotations

from riftlog.events.decisions import Payment, PriorityPassed
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    MIND_RUNE,
    SKULKER,
    choose,
    game,
    hide_pakaa,
    pass_all,
    play,
    put,
    runes,
    to_p2_turn,
    violations,
)

BROKER, CASK = "SFD-121", "SFD-063"
GOLD = "SFD-T03"
PROGRESS, RETREAT = "OGN-114", "OGN-104"  # a spell of p2's turn; p1's Reaction answer to it


def _golds(s: GameState, pid: str = "p1") -> list[str]:
    return [o for o in s.players[pid].base if s.objects[o].card == GOLD]


def test_black_market_broker_plays_a_gold_for_a_card_played_from_face_down() -> None:
    s, cub = hide_pakaa(game())
    put(s, BROKER, "p1", "base")
    s.turn += 1
    s, _ = engine.apply(s, CardPlayed(player="p1", card=cub, destination="bf1"))
    s = pass_all(s)
    (gold,) = _golds(s)
    assert s.objects[gold].exhausted


def test_black_market_broker_ignores_a_card_played_from_hand() -> None:
    s = game()
    runes(s, "p1", 3, MIND_RUNE)
    put(s, BROKER, "p1", "base")
    s = pass_all(play(s, put(s, SKULKER, "p1", "hand")))
    assert _golds(s) == []


def _p1_answers_on_p2s_turn(s: GameState) -> GameState:
    s = to_p2_turn(s)
    runes(s, "p2", 7, MIND_RUNE)
    runes(s, "p1", 1, MIND_RUNE)
    mine = put(s, SKULKER, "p1", "base")
    s = play(s, put(s, PROGRESS, "p2", "hand"), "p2", destination=None)
    s, _ = engine.apply(s, PriorityPassed(player="p2"))
    return play(s, put(s, RETREAT, "p1", "hand"), "p1", destination=None, targets={"t": (mine,)})


def test_chemtech_cask_may_be_exhausted_for_a_gold_on_an_opponents_turn() -> None:
    s = game()
    cask = put(s, CASK, "p1", "base")
    s = choose(_p1_answers_on_p2s_turn(s), "p1", pay={"exhaust": [], "recycle": []})
    s = pass_all(s)
    (gold,) = _golds(s)
    assert s.objects[gold].exhausted and s.objects[cask].exhausted


def test_an_exhausted_chemtech_cask_plays_no_gold() -> None:
    s = game()
    put(s, CASK, "p1", "base", exhausted=True)
    s = _p1_answers_on_p2s_turn(s)  # its exhaust cannot be paid: no question (RUP4 383.3.b.1)
    s = pass_all(s)
    assert _golds(s) == []


def test_chemtech_cask_does_nothing_on_its_controllers_own_turn() -> None:
    s = game()
    runes(s, "p1", 7, MIND_RUNE)
    put(s, CASK, "p1", "base")
    s = pass_all(play(s, put(s, PROGRESS, "p1", "hand"), destination=None))
    assert _golds(s) == [] and engine.pending(s)[0].kind == "main"


def test_black_market_broker_and_chemtech_cask_unpaid_are_refused() -> None:
    s = game()
    for card in (BROKER, CASK):
        d = CardPlayed(player="p1", card=put(s, card, "p1", "hand"), payment=Payment(),
                       destination="base")
        assert "165.2" in violations(s, d)
