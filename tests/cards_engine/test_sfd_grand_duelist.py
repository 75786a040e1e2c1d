"""Grand Duelist (Fiora, SFD-205): when one of its controller's units becomes Mighty, they may
exhaust the legend to channel a rune exhausted.  The exhaust is the ability's base cost, paid
as the ability is finalized (RUP4 383.3.b, v1.3 742.1.b): the legend is exhausted while the
ability waits on the chain, a "may" answer to that cost is refused, and an exhausted Grand
Duelist puts nothing on the chain (issue 24 audit)."""

from __future__ import annotations

from riftlog.events.abilities import ChoiceMade
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from riftlog.rules.playing import abilities
from tests.cards_engine.helpers import (
    BODY_RUNE,
    SKULKER,
    cast,
    choose,
    game,
    pass_all,
    pass_all_logged,
    put,
    runes,
    violations,
)

DUELIST = "SFD-205"
PUNCH_FIRST = "SFD-097"  # 1 Energy + two Body power: +5 Might, the unit becomes Mighty
PAID = {"exhaust": [], "recycle": []}  # "exhaust me": nothing else to pay


def _mighty_soon(exhausted: bool = False) -> tuple[GameState, str]:
    s = game()
    duelist = put(s, DUELIST, "p1", "legend", exhausted=exhausted)
    abilities.start_passives(s, duelist)
    put(s, BODY_RUNE, "p1", "rune_deck")
    runes(s, "p1", 3, BODY_RUNE)
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")  # Might below 5
    s = cast(s, PUNCH_FIRST, targets={"t": (mine,)})
    return s, duelist


def test_grand_duelist_is_exhausted_as_its_ability_goes_on_the_chain() -> None:
    s, duelist = _mighty_soon()
    s = pass_all(s)  # Punch First resolves: the unit becomes Mighty (709)
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.options.get("validator") == "pay_to_finalize"
    base = len(s.players["p1"].base)
    s = choose(s, "p1", pay=PAID)
    assert s.chain and s.objects[duelist].exhausted          # paid before it resolves
    assert len(s.players["p1"].base) == base                 # nothing channelled yet
    s = pass_all(s)
    assert len(s.players["p1"].base) == base + 1
    assert s.objects[s.players["p1"].base[-1]].exhausted     # channelled exhausted


def test_grand_duelist_refuses_a_may_answer_to_its_cost() -> None:
    s, _ = _mighty_soon()
    s = pass_all(s)
    assert "742.1.b" in violations(s, ChoiceMade(player="p1", choice={"use": True}))


def test_an_exhausted_grand_duelist_asks_nothing() -> None:
    s, _ = _mighty_soon(exhausted=True)
    base = len(s.players["p1"].base)
    s, log = pass_all_logged(s)
    assert all(r.kind != "choice" for r in engine.pending(s))
    assert any(a.kind == "trigger_removed" and a.rule == "742.1.b" for a in log)
    assert len(s.players["p1"].base) == base
