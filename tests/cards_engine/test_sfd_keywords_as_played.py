"""Spiritforged (SFD) cards that give other cards a keyword as they are played: Rek'Sai,
Breacher (Accelerate, RUP4/v1.3 805, for units played from elsewhere than a hand) and Jax,
Unmatched (Quick-Draw, 819, for his controller's Equipment everywhere, per the 2026-01-14
errata): through the engine, and the plays that must be refused."""

from __future__ import annotations

import pytest

from riftlog.cards import load_catalog
from riftlog.cards.errata import not_in_force
from riftlog.events.abilities import ChoiceMade
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.resources import find_payment
from riftlog.rules.board.state import GameState
from riftlog.rules.legal_moves import legal_decisions
from riftlog.rules.playing import abilities
from riftlog.rules.playing.play import total_cost
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CALM_RUNE,
    CHAOS_RUNE,
    SKULKER,
    cast,
    hide_pakaa,
    pass_all,
    pay_for,
    put,
    runes,
    violations,
)
from tests.cards_engine.helpers import game as _plain_game

REKSAI, JAX = "SFD-029", "SFD-054"
DORANS_SHIELD = "SFD-033"  # 1 Energy (Calm) Equipment: Equip, Tank; no Quick-Draw printed
DISCIPLINE = "OGN-058"     # 2 Energy (Calm), Reaction: a unit +2 Might this turn, draw one
EDITIONS = pytest.mark.parametrize("edition", ["RUP4", "v1.3"])


def game(edition: str = "RUP4") -> GameState:
    s = _plain_game()
    s.edition = edition
    return s


# --- Rek'Sai, Breacher -------------------------------------------------------------------------


def _accelerated_cub(s: GameState, cub: str) -> CardPlayed:
    runes(s, "p1", 2, BODY_RUNE)  # Pakaa Cub is Body: Accelerate's [1] and Body power
    cost = total_cost(s, "p1", cub, accelerate=True)
    payment = find_payment(s, "p1", cost)
    assert payment is not None
    return CardPlayed(player="p1", card=cub, destination="bf1", accelerate=True, payment=payment)


@EDITIONS
def test_reksai_gives_a_unit_played_from_facedown_accelerate(edition: str) -> None:
    s, cub = hide_pakaa(game(edition))
    put(s, REKSAI, "p1", "base")
    s.turn += 1  # a hidden card is played on a later turn (811.1.b)
    d = _accelerated_cub(s, cub)
    assert violations(s, d) == []
    s, _ = engine.apply(s, d)
    assert s.objects[cub].zone == "battlefield" and not s.objects[cub].exhausted  # 805.6


@EDITIONS
def test_accelerate_is_refused_without_reksai_and_from_the_hand(edition: str) -> None:
    s, cub = hide_pakaa(game(edition))
    s.turn += 1
    assert "805.1" in violations(s, _accelerated_cub(s, cub))  # no Reksai: no Accelerate
    s = game(edition)
    put(s, REKSAI, "p1", "base")
    runes(s, "p1", 4, CHAOS_RUNE)
    unit = put(s, SKULKER, "p1", "hand")
    d = CardPlayed(player="p1", card=unit, destination="base", accelerate=True,
                   payment=pay_for(s, "p1", unit))
    assert "805.1" in violations(s, d)  # played from the hand: Rek'Sai gives nothing


def test_reksai_gives_nothing_to_an_opponents_unit() -> None:
    s, cub = hide_pakaa(game())
    put(s, REKSAI, "p2", "base")
    s.turn += 1
    assert "805.1" in violations(s, _accelerated_cub(s, cub))


# --- Jax, Unmatched ----------------------------------------------------------------------------


def _jax_board(edition: str, with_jax: bool = True) -> tuple[GameState, str, str]:
    """p1 has cast a Reaction spell (the chain is not empty: only Reaction cards may be
    played) and holds Doran's Shield."""
    s = game(edition)
    runes(s, "p1", 4, CALM_RUNE)
    if with_jax:
        abilities.start_passives(s, put(s, JAX, "p1", "base"))
    friend = put(s, SKULKER, "p1", "battlefield", "bf1")
    shield = put(s, DORANS_SHIELD, "p1", "hand")
    s = cast(s, DISCIPLINE, targets={"t": (friend,)})
    assert s.chain
    return s, friend, shield


@EDITIONS
def test_jax_lets_an_equipment_be_played_as_a_reaction_and_attach_to_a_unit(edition: str) -> None:
    s, friend, shield = _jax_board(edition)
    d = CardPlayed(player="p1", card=shield, destination="base", payment=pay_for(s, "p1", shield))
    assert violations(s, d) == []
    assert any(isinstance(x, CardPlayed) and x.card == shield for x in legal_decisions(s, "p1"))
    s, _ = engine.apply(s, d)
    (req,) = engine.pending(s)  # Quick-Draw's attach: Jax or the Skulker (819.1.c)
    assert req.kind == "choice"
    s, _ = engine.apply(s, ChoiceMade(player="p1", choice={"targets": {"t": [friend]}}))
    s = pass_all(s)
    assert s.objects[shield].attached_to == friend
    assert layers.characteristics(s, friend).has("Tank")


@EDITIONS
def test_without_jax_the_equipment_is_refused_while_the_chain_is_open(edition: str) -> None:
    s, _, shield = _jax_board(edition, with_jax=False)
    d = CardPlayed(player="p1", card=shield, destination="base", payment=pay_for(s, "p1", shield))
    assert violations(s, d) == ["309.1.a"]  # only Reaction cards while the chain has items
    assert not any(isinstance(x, CardPlayed) and x.card == shield for x in legal_decisions(s, "p1"))


def test_jax_gives_quick_draw_to_equipment_on_the_board_but_not_to_an_opponents() -> None:
    s = game()
    abilities.start_passives(s, put(s, JAX, "p1", "base"))
    mine = put(s, DORANS_SHIELD, "p1", "base")
    theirs = put(s, DORANS_SHIELD, "p2", "base")
    assert layers.characteristics(s, mine).has("Quick-Draw")
    assert not layers.characteristics(s, theirs).has("Quick-Draw")


def test_jax_is_encoded_as_his_errata_reads_from_its_date() -> None:
    """The 2026-01-14 Spiritforged erratum (Equipment everywhere, not only in the hand) is
    the text encoded; a game pinned to an older catalog is not judged by it."""
    assert "spiritforged" in load_catalog().get(JAX).errata
    assert not_in_force([JAX], "2026-01-13") == {JAX: ("spiritforged",)}
    assert not_in_force([JAX], "2026-01-14") == {}
