"""Bubble Bot (SFD-062), audited against its card (issue 24): the other friendly Mech it
readies is a target (RUP4 355.5, 355.10; v1.3 355.5), chosen as its play ability goes on the
chain, not picked as it resolves; a unit that is not a Mech, or the Bot itself, is refused."""

from __future__ import annotations

from riftlog.events.abilities import ChoiceMade
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    MIND_RUNE,
    SKULKER,
    game,
    pass_all,
    play,
    put,
    runes,
    violations,
)

BUBBLE_BOT = "SFD-062"  # a Mech itself


def _played() -> tuple[GameState, str, str, str, str]:
    s = game()
    runes(s, "p1", 4, MIND_RUNE)
    first = put(s, BUBBLE_BOT, "p1", "base", exhausted=True)
    second = put(s, BUBBLE_BOT, "p1", "base", exhausted=True)
    plain = put(s, SKULKER, "p1", "base", exhausted=True)
    bot = put(s, BUBBLE_BOT, "p1", "hand")
    return pass_all(play(s, bot)), bot, first, second, plain


def test_the_mech_is_chosen_as_the_ability_goes_on_the_chain() -> None:
    s, _, first, second, _ = _played()
    (req,) = engine.pending(s)
    assert req.options["kind"] == "targets" and not s.chain
    assert set(req.options["targets"]["t"]["from"]) == {first, second}   # not itself
    s = engine.apply(s, ChoiceMade(player="p1", choice={"targets": {"t": [second]}}))[0]
    assert s.chain[-1].targets == {"t": [second]}
    s = pass_all(s)
    assert not s.objects[second].exhausted and s.objects[first].exhausted


def test_a_unit_that_is_not_a_mech_is_refused() -> None:
    s, _, _, _, plain = _played()
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [plain]}}))


def test_the_bot_itself_is_refused() -> None:
    s, bot, _, _, _ = _played()
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [bot]}}))
