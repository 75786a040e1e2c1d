"""Issue 4: the worked examples of v1.3 311-313 and 325-348 (chain, showdowns) through the
engine."""

from __future__ import annotations

from riftlog.cards.vocab import Draw, Triggered, When
from riftlog.events.decisions import PriorityPassed
from riftlog.events.play import StandardMove
from riftlog.rules import engine
from tests.cards_engine.conftest import encode  # noqa: F401  (fixture)
from tests.cards_engine.helpers import SKULKER, Encode, apply, control, game, put
from tests.rules.test_showdown import play_spell, reaction_board, spells  # noqa: F401

HUB = "OGN-219"  # plain unit given a test-only "when I attack, draw 1" below


def test_v1_3_346_1_focus_stays_when_a_trigger_opened_the_chain(encode: Encode) -> None:  # noqa: F811
    """An attack trigger's chain resolving does not hand Focus to the defender."""
    encode(HUB, Triggered(When("attacks", "me"), (Draw(1),)))
    s = game()
    control(s, "bf1", "p2")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    unit = put(s, HUB, "p1", "base")
    hand = len(s.players["p1"].hand)
    s = apply(s, StandardMove(player="p1", units=(unit,), destination="bf1"))
    seen = []
    for _ in range(10):
        reqs = engine.pending(s)
        seen.append((reqs[0].kind, reqs[0].player))
        if not s.chain or reqs[0].kind != "priority":
            break
        s = apply(s, PriorityPassed(player=reqs[0].player or ""))
    assert not s.chain and len(s.players["p1"].hand) == hand + 1, seen  # it resolved
    sd = s.showdown
    assert sd is not None and sd.combat and sd.focus == "p1"
    assert engine.pending(s)[0].kind == "focus" and engine.pending(s)[0].player == "p1"


def test_v1_3_313_1_a_focus_holder_may_not_play_a_plain_spell(spells: None) -> None:  # noqa: F811
    """In an open showdown, Focus allows only Action/Reaction plays: the plain spell is refused."""
    state, en_garde, mobilize = reaction_board()
    assert state.showdown is not None and state.showdown.focus == "p1" and not state.chain
    assert engine.check(state, play_spell(state, "p1", mobilize))
    assert engine.check(state, play_spell(state, "p1", en_garde)) == []
