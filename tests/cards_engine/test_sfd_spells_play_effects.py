"""Here to Help (SFD-111): its controller may play a unit from their hand to a battlefield
they control, 3 Energy less - played through the engine, declined, refused answers, and the
RUP4 358.3.a Example (with an opponent's Mageseeker Warden at a battlefield the spell is
legal to play, and on resolution no unit is played)."""

from __future__ import annotations

from riftlog.events.abilities import ChoiceMade
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    BODY_RUNE,
    SKULKER,
    apply,
    cast,
    control,
    game,
    pass_all,
    put,
    request,
    runes,
    spell_played,
    violations,
)
from tests.rules.rup4_examples import example

HERE_TO_HELP = "SFD-111"
WARDEN = "OGN-070"   # Mageseeker Warden
BIG = "OGN-219"      # Vanguard Sergeant: 4 Energy, Might 4


def _board() -> tuple[GameState, str]:
    s = game()
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    runes(s, "p1", 3, BODY_RUNE)
    return s, put(s, BIG, "p1", "hand")


def _answer(s: GameState) -> GameState:
    """p1 answers the finalization of the play with the first legal answer listed."""
    req = request(s)
    assert req.kind == "choice" and req.player == "p1"
    return apply(s, ChoiceMade(player="p1", choice=dict(req.options["choices"][0])))


def test_here_to_help_plays_a_unit_to_a_held_battlefield_for_three_less() -> None:
    s, unit = _board()
    s = pass_all(cast(s, HERE_TO_HELP))  # 2 Energy; one rune left for the unit (4 - 3)
    s = pass_all(apply(s, ChoiceMade(player="p1", choice={"play": {"card": unit, "to": "bf1"}})))
    for _ in range(3):
        if s.objects[unit].zone != "hand" or not engine.pending(s) or request(s).kind != "choice":
            break
        s = pass_all(_answer(s))
    assert s.objects[unit].zone == "battlefield" and s.objects[unit].location == "bf1"
    assert all(s.objects[r].exhausted for r in s.players["p1"].base
               if s.objects[r].card == BODY_RUNE)


def test_here_to_help_may_be_declined() -> None:
    s, unit = _board()
    s = pass_all(cast(s, HERE_TO_HELP))
    s = pass_all(apply(s, ChoiceMade(player="p1", choice={"play": None})))
    assert s.objects[unit].zone == "hand"


def test_here_to_help_refuses_a_battlefield_its_controller_does_not_hold() -> None:
    s, unit = _board()
    s = pass_all(cast(s, HERE_TO_HELP))
    bogus = ChoiceMade(player="p1", choice={"play": {"card": unit, "to": "bf2"}})
    assert violations(s, bogus) == ["419.3"]  # not an offered answer (asked under 419.3)


@example("358.3.a")
def test_rup4_358_3_a_here_to_help_is_legal_but_plays_nothing_under_a_warden() -> None:
    s, unit = _board()
    control(s, "bf2", "p2")
    put(s, WARDEN, "p2", "battlefield", "bf2")
    d = spell_played(s, HERE_TO_HELP)
    assert violations(s, d) == []  # legal to play (358.3.a)
    s = pass_all(engine.apply(s, d)[0])
    assert s.objects[unit].zone == "hand"  # on resolution no unit is played
    assert not engine.pending(s) or request(s).kind != "choice"
