"""Issue 4: the worked examples of v1.3 804-826 (keywords) as boards through the engine."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.unit_tokens import SAND_SOLDIER
from riftlog.cards.vocab import (
    CreateToken,
    Draw,
    Legion,
    RepeatCost,
    SpellEffect,
    on_play,
)
from riftlog.events.abilities import TriggersOrdered
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.resources import find_payment
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import effects
from riftlog.rules.playing.play import total_cost
from tests.cards_engine.conftest import encode  # noqa: F401  (fixture)
from tests.cards_engine.helpers import (
    ORDER_RUNE,
    SKULKER,
    Encode,
    apply,
    control,
    game,
    pass_all,
    pay_for,
    play,
    put,
    runes,
    violations,
)

MALZAHAR = "OGN-113"   # a unit with Action
SENTRY = "OGN-096"     # Deathknell: draw 1
ZHONYA = "OGN-077"     # saves a friendly unit from dying (recall instead)
PORO = "OGN-013"       # a Fury unit with Deflect
CLEAVE = "OGN-004"     # a Fury spell giving a unit Assault 3
HUB = "OGN-219"        # plain 4-Might unit, given test-only abilities below
DESERTS_CALL = "SFD-031"
RECRUIT = "OGN-271"


def test_v1_3_806_3_an_action_unit_still_goes_only_to_base_or_a_held_battlefield() -> None:
    """Action changes when a unit may be played, not where it may go."""
    s = game()
    runes(s, "p1", 4, ORDER_RUNE)
    control(s, "bf1", "p1")
    control(s, "bf2", "p2")
    unit = put(s, MALZAHAR, "p1", "hand")
    pay = pay_for(s, "p1", unit)
    for where in ("base", "bf1"):
        assert violations(s, CardPlayed(player="p1", card=unit, destination=where,
                                        payment=pay)) == []
    assert violations(s, CardPlayed(player="p1", card=unit, destination="bf2", payment=pay))


def test_v1_3_808_1_d_1_no_deathknell_when_the_death_is_replaced_by_a_recall() -> None:
    """Zhonya's recall replaces the death, so the Deathknell never happens."""
    s = game()
    put(s, ZHONYA, "p1", "base")
    sentry = put(s, SENTRY, "p1", "battlefield", "bf1")
    hand = len(s.players["p1"].hand)
    log: list[GameAction] = []
    effects.kill(s, [sentry], log)
    s = pass_all(s)
    assert s.objects[sentry].zone == "base"
    assert not s.extra.get("triggers") and not s.chain
    assert len(s.players["p1"].hand) == hand


def test_v1_3_809_1_c_1_deflect_tax_is_paid_with_power_of_any_domain() -> None:
    """A Fury spell aimed at a Deflect unit pays the tax with Order power."""
    s = game()
    runes(s, "p1", 2, ORDER_RUNE)
    poro = put(s, PORO, "p2", "battlefield", "bf1")
    spell = put(s, CLEAVE, "p1", "hand")
    cost = total_cost(s, "p1", spell, targets=(poro,))
    assert sum(cost.power.values()) == 1
    payment = find_payment(s, "p1", cost)
    assert payment is not None
    d = CardPlayed(player="p1", card=spell, targets=(poro,), payment=payment)
    assert violations(s, d) == []
    s = pass_all(apply(s, d))
    assert layers.characteristics(s, poro).keywords.get("Assault") == 3


def test_v1_3_812_2_one_earlier_card_turns_on_every_legion_ability(encode: Encode) -> None:  # noqa: F811
    """Two Legion abilities on one card both work after a single earlier play."""
    encode(HUB, on_play(Draw(1), condition=Legion()), on_play(Draw(1), condition=Legion()))
    s = game()
    runes(s, "p1", 8, ORDER_RUNE)
    s = pass_all(play(s, put(s, SKULKER, "p1", "hand")))
    hand = len(s.players["p1"].hand)
    s = play(s, put(s, HUB, "p1", "hand"))
    (req,) = engine.pending(s)
    assert req.kind == "trigger_order" and len(req.options["ids"]) == 2  # both triggered
    s = pass_all(apply(s, TriggersOrdered(player="p1", order=tuple(req.options["ids"]))))
    assert len(s.players["p1"].hand) == hand + 2


def test_v1_3_812_2_no_earlier_card_no_legion(encode: Encode) -> None:  # noqa: F811
    """Without an earlier play this turn neither Legion ability does anything."""
    encode(HUB, on_play(Draw(1), condition=Legion()), on_play(Draw(1), condition=Legion()))
    s = game()
    runes(s, "p1", 4, ORDER_RUNE)
    hand = len(s.players["p1"].hand)
    s = pass_all(play(s, put(s, HUB, "p1", "hand")))
    assert len(s.players["p1"].hand) == hand and not s.extra.get("triggers")


def _tokens(s: GameState) -> int:
    return sum(1 for o in s.players["p1"].base if s.objects[o].card == RECRUIT)


def test_v1_3_820_1_d_1_paid_repeat_runs_the_token_instruction_twice(encode: Encode) -> None:  # noqa: F811
    """Paying Repeat on a token-making spell makes two tokens instead of one."""
    encode(DESERTS_CALL, SpellEffect((CreateToken(RECRUIT, 1),)), RepeatCost(energy=2))
    s = game()
    runes(s, "p1", 4, ORDER_RUNE)
    spell = put(s, DESERTS_CALL, "p1", "hand")
    choices = {"repeat": [0]}
    d = CardPlayed(player="p1", card=spell, choices=choices,
                   payment=pay_for(s, "p1", spell, choices=choices))
    assert violations(s, d) == []
    s = pass_all(apply(s, d))
    assert _tokens(s) == 2


def test_v1_3_820_1_d_1_unpaid_repeat_runs_it_once(encode: Encode) -> None:  # noqa: F811
    """Not paying Repeat leaves a single run of the instruction."""
    encode(DESERTS_CALL, SpellEffect((CreateToken(RECRUIT, 1),)), RepeatCost(energy=2))
    s = game()
    runes(s, "p1", 2, ORDER_RUNE)
    spell = put(s, DESERTS_CALL, "p1", "hand")
    s = pass_all(apply(s, CardPlayed(player="p1", card=spell, payment=pay_for(s, "p1", spell))))
    assert _tokens(s) == 1


def test_v1_3_820_1_d_1_the_real_deserts_call_with_repeat_paid_plays_two_sand_soldiers() -> None:
    """Desert's Call as encoded (Sand Soldier tokens): paid Repeat runs its instruction twice."""
    s = game()
    runes(s, "p1", 4, ORDER_RUNE)
    spell = put(s, DESERTS_CALL, "p1", "hand")
    choices = {"repeat": [0]}
    s = pass_all(apply(s, CardPlayed(player="p1", card=spell, choices=choices,
                                     payment=pay_for(s, "p1", spell, choices=choices))))
    assert sum(1 for o in s.players["p1"].base if s.objects[o].card == SAND_SOLDIER) == 2
