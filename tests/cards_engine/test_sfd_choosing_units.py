"""Spiritforged (SFD) cards that trigger when their controller chooses a friendly unit
(Spirit Wheel, Blade Dancer) or when a unit becomes Mighty (Fiora, Worthy), each paid for as
the ability is finalized (RUP4 204.3.a, v1.3 742.1.b): through the engine, and the uses that
must be refused."""

from __future__ import annotations

import pytest

from riftlog.events.abilities import AbilityActivated, ChoiceMade
from riftlog.events.decisions import Payment
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.state import GameState
from riftlog.rules.legal_moves import legal_decisions
from riftlog.rules.playing import abilities
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CALM_RUNE,
    ORDER_RUNE,
    SKULKER,
    activate,
    cast,
    choose,
    pass_all,
    put,
    runes,
    violations,
)
from tests.cards_engine.helpers import game as _plain_game

SPIRIT_WHEEL, BLADE_DANCER, FIORA = "SFD-144", "SFD-195", "SFD-180"
EN_GARDE = "OGN-046"        # 1 Energy (Calm), Reaction: a friendly unit gets +1 Might
PRIMAL_STRENGTH = "OGN-154"  # 4 Energy + 1 Body, Action: a unit gets +7 Might
VENGEANCE = "OGN-229"       # kill a unit


#: the rule a cost paid as a triggered ability is finalized cites, per edition (v1.3
#: 742.1.b; RUP4 204.3.a, whose check the engine cites as RUP4 740.4.a.2 through the map)
COST_RULE = {"v1.3": "742.1.b", "RUP4": "740.4.a.2"}
EDITIONS = pytest.mark.parametrize("edition", ["RUP4", "v1.3"])


def game(edition: str = "RUP4") -> GameState:
    """p1's open Main Phase under *edition* (RUP4, the default edition, unless told)."""
    s = _plain_game()
    s.edition = edition
    return s


def _legend(s: GameState, card: str, pid: str = "p1") -> str:
    oid = put(s, card, pid, "legend")
    abilities.start_passives(s, oid)
    return oid


def _cost_request(s: GameState) -> dict[str, object]:
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.rule in COST_RULE.values(), req  # paid as finalized
    return dict(req.options)


# --- Spirit Wheel ------------------------------------------------------------------------------


@EDITIONS
def test_spirit_wheel_pays_one_and_exhausts_to_draw_when_a_friendly_unit_is_chosen(edition: str) -> None:
    s = game(edition)
    spare = runes(s, "p1", 2, CALM_RUNE)[1]
    wheel = put(s, SPIRIT_WHEEL, "p1", "base")
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    hand = len(s.players["p1"].hand)
    s = cast(s, EN_GARDE, targets={"t": (mine,)})
    options = _cost_request(s)
    assert {"pay": None} in options["choices"]  # a "may": it can be declined
    s = pass_all(choose(s, "p1", pay={"exhaust": [spare], "recycle": []}))
    assert s.objects[wheel].exhausted and s.objects[spare].exhausted
    assert len(s.players["p1"].hand) == hand + 1


def test_spirit_wheel_declined_draws_nothing() -> None:
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    wheel = put(s, SPIRIT_WHEEL, "p1", "base")
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    hand = len(s.players["p1"].hand)
    s = pass_all(choose(cast(s, EN_GARDE, targets={"t": (mine,)}), "p1", pay=None))
    assert not s.objects[wheel].exhausted
    assert len(s.players["p1"].hand) == hand


@EDITIONS
def test_spirit_wheel_refuses_a_payment_short_of_its_energy(edition: str) -> None:
    s = game(edition)
    runes(s, "p1", 2, CALM_RUNE)
    put(s, SPIRIT_WHEEL, "p1", "base")
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    s = cast(s, EN_GARDE, targets={"t": (mine,)})
    unpaid = ChoiceMade(player="p1", choice={"pay": {"exhaust": [], "recycle": []}})
    assert COST_RULE[edition] in violations(s, unpaid)  # the Energy is not paid


def test_spirit_wheel_does_not_trigger_for_an_enemy_unit_or_when_exhausted() -> None:
    s = game()
    runes(s, "p1", 6, ORDER_RUNE)
    put(s, SPIRIT_WHEEL, "p1", "base")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = cast(s, VENGEANCE, targets={"t": (foe,)})
    assert engine.pending(s)[0].kind != "choice"  # an enemy unit: not a friendly one
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    put(s, SPIRIT_WHEEL, "p1", "base", exhausted=True)
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    s = cast(s, EN_GARDE, targets={"t": (mine,)})
    assert engine.pending(s)[0].kind != "choice"  # "exhaust me" cannot be paid (204.3.a)


def test_spirit_wheel_payment_is_offered_to_the_bot() -> None:
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    put(s, SPIRIT_WHEEL, "p1", "base")
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    s = cast(s, EN_GARDE, targets={"t": (mine,)})
    offered = [d.choice for d in legal_decisions(s, "p1") if isinstance(d, ChoiceMade)]
    assert {"pay": None} in offered and any(c["pay"] for c in offered)


# --- Blade Dancer ------------------------------------------------------------------------------


@EDITIONS
def test_blade_dancer_exhausts_and_pays_any_power_to_ready_the_chosen_unit(edition: str) -> None:
    s = game(edition)
    calm = runes(s, "p1", 2, CALM_RUNE)
    dancer = _legend(s, BLADE_DANCER)
    mine = put(s, SKULKER, "p1", "battlefield", "bf1", exhausted=True)
    s = cast(s, EN_GARDE, targets={"t": (mine,)})
    s = pass_all(choose(s, "p1", pay={"exhaust": [], "recycle": [calm[1]]}))
    assert s.objects[dancer].exhausted
    assert not s.objects[mine].exhausted
    assert s.objects[calm[1]].zone != "base"  # recycled for the power


@EDITIONS
def test_blade_dancer_refuses_the_power_unpaid_and_is_not_set_off_when_exhausted(edition: str) -> None:
    s = game(edition)
    runes(s, "p1", 2, CALM_RUNE)
    _legend(s, BLADE_DANCER)
    mine = put(s, SKULKER, "p1", "battlefield", "bf1", exhausted=True)
    s = cast(s, EN_GARDE, targets={"t": (mine,)})
    unpaid = ChoiceMade(player="p1", choice={"pay": {"exhaust": [], "recycle": []}})
    assert COST_RULE[edition] in violations(s, unpaid)  # the power is not paid
    s = game(edition)
    runes(s, "p1", 2, CALM_RUNE)
    dancer = _legend(s, BLADE_DANCER)
    s.objects[dancer].exhausted = True
    mine = put(s, SKULKER, "p1", "battlefield", "bf1", exhausted=True)
    s = pass_all(cast(s, EN_GARDE, targets={"t": (mine,)}))
    assert s.objects[mine].exhausted  # the legend cannot exhaust: no ability (204.3.a)


# --- Fiora, Worthy -----------------------------------------------------------------------------


@EDITIONS
def test_fiora_worthy_pays_order_to_ready_a_unit_that_became_mighty(edition: str) -> None:
    s = game(edition)
    order = runes(s, "p1", 1, ORDER_RUNE)[0]
    runes(s, "p1", 5, BODY_RUNE)
    put(s, FIORA, "p1", "base")
    mine = put(s, SKULKER, "p1", "battlefield", "bf1", exhausted=True)
    s = pass_all(cast(s, PRIMAL_STRENGTH, targets={"t": (mine,)}))  # +7: Mighty (709)
    options = _cost_request(s)
    assert {"pay": None} in options["choices"]
    s = pass_all(choose(s, "p1", pay={"exhaust": [], "recycle": [order]}))
    assert not s.objects[mine].exhausted


@EDITIONS
def test_fiora_worthy_refuses_power_of_another_domain(edition: str) -> None:
    s = game(edition)
    runes(s, "p1", 1, ORDER_RUNE)
    body = runes(s, "p1", 6, BODY_RUNE)
    put(s, FIORA, "p1", "base")
    mine = put(s, SKULKER, "p1", "battlefield", "bf1", exhausted=True)
    s = pass_all(cast(s, PRIMAL_STRENGTH, targets={"t": (mine,)}))
    wrong = ChoiceMade(player="p1", choice={"pay": {"exhaust": [], "recycle": [body[-1]]}})
    assert COST_RULE[edition] in violations(s, wrong)  # Body power does not pay Order
    s = pass_all(choose(s, "p1", pay=None))
    assert s.objects[mine].exhausted


# --- Prodigal Explorer -------------------------------------------------------------------------

PRODIGAL = "SFD-199"
DISCIPLINE = "OGN-058"  # 2 Energy (Calm), Reaction: a unit gets +2 Might this turn, draw one


def _explorer_game(edition: str) -> tuple[GameState, str, str, str]:
    s = game(edition)
    runes(s, "p1", 8, CALM_RUNE)
    explorer = _legend(s, PRODIGAL)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    mine = put(s, SKULKER, "p1", "battlefield", "bf2")
    return s, explorer, foe, mine


@EDITIONS
def test_prodigal_explorer_draws_once_enemies_were_chosen_twice(edition: str) -> None:
    s, explorer, foe, _ = _explorer_game(edition)
    s = pass_all(cast(s, DISCIPLINE, targets={"t": (foe,)}))
    s = pass_all(cast(s, DISCIPLINE, targets={"t": (foe,)}))
    hand = len(s.players["p1"].hand)
    s = pass_all(activate(s, explorer))
    assert s.objects[explorer].exhausted
    assert len(s.players["p1"].hand) == hand + 1


@EDITIONS
def test_prodigal_explorer_is_refused_after_one_enemy_choice_and_friendly_ones(edition: str) -> None:
    s, explorer, foe, mine = _explorer_game(edition)
    s = pass_all(cast(s, DISCIPLINE, targets={"t": (foe,)}))
    s = pass_all(cast(s, DISCIPLINE, targets={"t": (mine,)}))  # a friendly unit: no count
    d = AbilityActivated(player="p1", source=explorer, ability=0, payment=Payment())
    assert "377.2.b" in violations(s, d)  # its condition is not met
    assert not any(isinstance(x, AbilityActivated) and x.source == explorer
                   for x in legal_decisions(s, "p1"))
    s = pass_all(cast(s, DISCIPLINE, targets={"t": (foe,)}))
    assert violations(s, d) == []
    assert any(isinstance(x, AbilityActivated) and x.source == explorer
               for x in legal_decisions(s, "p1"))  # offered to players and bots now


def test_prodigal_explorer_count_starts_again_next_turn() -> None:
    s, explorer, foe, _ = _explorer_game("RUP4")
    s = pass_all(cast(s, DISCIPLINE, targets={"t": (foe,)}))
    s = pass_all(cast(s, DISCIPLINE, targets={"t": (foe,)}))
    s.turn += 1  # another turn
    d = AbilityActivated(player="p1", source=explorer, ability=0, payment=Payment())
    assert "377.2.b" in violations(s, d)


ORB_OF_REGRET = "OGN-090"  # a gear: exhaust, a unit gets -1 Might this turn


def test_prodigal_explorer_does_not_count_a_gears_ability() -> None:
    s, explorer, foe, _ = _explorer_game("RUP4")
    s = pass_all(cast(s, DISCIPLINE, targets={"t": (foe,)}))  # one: a spell
    orb = put(s, ORB_OF_REGRET, "p1", "base")
    s = pass_all(activate(s, orb, targets={"t": (foe,)}))  # a gear's ability: not counted
    assert layers.might_of(s, foe) == 3 + 2 - 1  # it did choose the enemy unit
    d = AbilityActivated(player="p1", source=explorer, ability=0, payment=Payment())
    assert "377.2.b" in violations(s, d)
