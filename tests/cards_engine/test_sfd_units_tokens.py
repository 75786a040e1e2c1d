"""Spiritforged (SFD) units that play Mech and Sand Soldier unit tokens, and the Mech lords:
the tokens' own facts (RUP4 187.3, 187.4: no printed card, riftlog's own data), each card
played through the engine, and a use of each that must be refused."""

from __future__ import annotations

from riftlog.cards.catalog import load_catalog
from riftlog.cards.sets.sfd.encodings.unit_tokens import MECH, SAND_SOLDIER
from riftlog.events.abilities import ChoiceMade
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from riftlog.rules.board import layers
from riftlog.rules.board.state import GameState
from riftlog.rules.flow import turn
from riftlog.rules.interpreter import triggers
from riftlog.rules.playing import abilities
from tests.cards_engine.helpers import (
    BODY_RUNE,
    FURY_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    cast,
    choose,
    control,
    game,
    pass_all,
    play,
    put,
    runes,
    violations,
)

FORERUNNER, FORECASTER, SCRAPPER, ROYAL_GUARD = "SFD-021", "SFD-065", "SFD-089", "SFD-157"
BREAKNECK = "SFD-071"  # a Mech unit (encoded on main)
VENGEANCE = "OGN-229"  # a spell: kill a chosen unit


def _tokens(s: GameState, pid: str, card: str) -> list[str]:
    return [o for o in s.objects if s.objects[o].card == card and s.objects[o].controller == pid
            and s.objects[o].zone in ("base", "battlefield")]


def _unpaid(s: GameState, card: str) -> CardPlayed:
    return CardPlayed(player="p1", card=put(s, card, "p1", "hand"), payment=Payment(),
                      destination="base")


# --- the tokens' facts ---------------------------------------------------------------------


def test_the_mech_and_sand_soldier_tokens_have_the_facts_the_rules_give_them() -> None:
    cat = load_catalog()
    mech, soldier = cat.get(MECH), cat.get(SAND_SOLDIER)
    assert (mech.type, mech.supertype, mech.might, mech.tags, mech.domains) == \
        ("Unit", "Token", 3, ("Mech",), ())                            # RUP4 187.4
    assert (soldier.type, soldier.supertype, soldier.might, soldier.tags, soldier.domains) == \
        ("Unit", "Token", 2, ("Shurima",), ())                         # RUP4 187.3
    assert mech.supported and soldier.supported and mech.is_token
    assert cat.resolve("Mech") is mech and not mech.printings           # in no set's coverage


def test_a_mech_token_cannot_be_put_in_a_deck() -> None:
    assert load_catalog().get(MECH).is_token  # deckcheck refuses tokens (v1.3 177)


# --- Ferrous Forerunner (SFD-021) ------------------------------------------------------------


def test_ferrous_forerunner_plays_two_mechs_to_base_as_it_dies() -> None:
    s = game()
    runes(s, "p1", 6, ORDER_RUNE)
    unit = put(s, FORERUNNER, "p1", "battlefield", "bf1")
    s = pass_all(cast(s, VENGEANCE, targets={"t": (unit,)}))   # killed by a spell
    mechs = _tokens(s, "p1", MECH)
    assert len(mechs) == 2 and all(s.objects[m].zone == "base" for m in mechs)
    assert all(layers.might_of(s, m) == 3 and s.objects[m].exhausted for m in mechs)


def test_ferrous_forerunner_cannot_be_played_unpaid() -> None:
    s = game()
    runes(s, "p1", 2, FURY_RUNE)
    assert "165.2" in violations(s, _unpaid(s, FORERUNNER))  # v1.3 165.2: cost not paid


# --- Royal Guard (SFD-157) ------------------------------------------------------------------


def test_royal_guard_plays_a_sand_soldier_where_it_is() -> None:
    s = game()
    runes(s, "p1", 4, ORDER_RUNE)
    s = pass_all(play(s, put(s, ROYAL_GUARD, "p1", "hand")))
    (soldier,) = _tokens(s, "p1", SAND_SOLDIER)
    assert s.objects[soldier].zone == "base" and layers.might_of(s, soldier) == 2
    assert "Shurima" in layers.characteristics(s, soldier).tags


def test_royal_guard_at_a_battlefield_plays_its_soldier_there() -> None:
    s = game()
    runes(s, "p1", 4, ORDER_RUNE)
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    guard = put(s, ROYAL_GUARD, "p1", "hand")
    s = pass_all(play(s, guard, destination="bf1"))    # Accelerate-free: base or held bf
    (soldier,) = _tokens(s, "p1", SAND_SOLDIER)
    assert s.objects[soldier].location == "bf1"


def test_royal_guard_refuses_an_unpaid_play() -> None:
    s = game()
    runes(s, "p1", 3, ORDER_RUNE)
    assert "165.2" in violations(s, _unpaid(s, ROYAL_GUARD))  # v1.3 165.2: cost not paid


# --- Rumble, Scrapper (SFD-089) --------------------------------------------------------------


def test_rumble_scrapper_gives_mechs_plus_one_and_plays_a_mech_on_a_hold() -> None:
    s = game()
    runes(s, "p1", 6, MIND_RUNE)
    mech = put(s, BREAKNECK, "p1", "base")
    other = put(s, SKULKER, "p1", "base")
    rumble = put(s, SCRAPPER, "p1", "hand")
    before = layers.might_of(s, mech)
    s = pass_all(play(s, rumble))
    assert layers.might_of(s, mech) == before + 1
    assert layers.might_of(s, rumble) == 5                      # a Mech itself: 4 + 1
    assert layers.might_of(s, other) == load_catalog().get(SKULKER).might  # not a Mech
    held = put(s, SCRAPPER, "p1", "battlefield", "bf1")
    control(s, "bf1", "p1")
    assert triggers.fire(s, "holds", player="p1", battlefield="bf1") == 1
    turn.advance(s, [])
    s = pass_all(s)
    (token,) = _tokens(s, "p1", MECH)
    assert s.objects[token].zone == "base" and layers.might_of(s, token) == 4
    # 3, +1 from the Rumble played (the one put at bf1 by hand has no passive running)
    assert held in s.battlefield("bf1").units


def test_rumble_scrapper_does_not_buff_an_opponents_mech() -> None:
    s = game()
    runes(s, "p1", 6, MIND_RUNE)
    theirs = put(s, BREAKNECK, "p2", "base", "base:p2")
    before = layers.might_of(s, theirs)
    s = pass_all(play(s, put(s, SCRAPPER, "p1", "hand")))
    assert layers.might_of(s, theirs) == before


def test_rumble_scrapper_refuses_an_unpaid_play() -> None:
    s = game()
    assert "165.2" in violations(s, _unpaid(s, SCRAPPER))  # v1.3 165.2: cost not paid


# --- Forecaster (SFD-065) -------------------------------------------------------------------


def test_forecaster_gives_itself_vision_as_a_mech() -> None:
    s = game()
    runes(s, "p1", 2, MIND_RUNE)
    forecaster = put(s, FORECASTER, "p1", "hand")
    top = s.players["p1"].main_deck[0]
    s = play(s, forecaster)
    assert layers.characteristics(s, forecaster).has("Vision")
    s = pass_all(s)
    s = pass_all(choose(s, "p1", use=True))     # Vision (817.1.b): it may recycle the top card
    assert s.players["p1"].main_deck[-1] == top


def test_forecaster_gives_vision_to_a_mech_played_after_it_but_not_to_others() -> None:
    s = game()
    runes(s, "p1", 10, MIND_RUNE)
    abilities.start_passives(s, put(s, FORECASTER, "p1", "base"))
    plain = put(s, SKULKER, "p1", "base")
    assert not layers.characteristics(s, plain).has("Vision")
    mech = put(s, BREAKNECK, "p1", "hand")
    s = play(s, mech)
    assert layers.characteristics(s, mech).has("Vision")


def test_forecaster_refuses_an_unpaid_play() -> None:
    s = game()
    assert "165.2" in violations(s, _unpaid(s, FORECASTER))  # v1.3 165.2: cost not paid


# --- Renata Glasc, Industrialist (SFD-171) ---------------------------------------------------

RENATA_I, TROVE_GOLEM, GOLD = "SFD-171", "SFD-174", "SFD-T03"


def test_renata_industrialist_makes_her_controllers_tokens_enter_ready() -> None:
    s = game()
    runes(s, "p1", 12, ORDER_RUNE)
    put(s, RENATA_I, "p1", "base")
    s = pass_all(play(s, put(s, ROYAL_GUARD, "p1", "hand")))
    (soldier,) = _tokens(s, "p1", SAND_SOLDIER)
    assert not s.objects[soldier].exhausted           # a unit token: exhausted otherwise
    s = pass_all(play(s, put(s, TROVE_GOLEM, "p1", "hand")))
    golds = _tokens(s, "p1", GOLD)
    assert len(golds) == 4 and not any(s.objects[g].exhausted for g in golds)  # said exhausted


def test_renata_industrialist_leaves_tokens_exhausted_without_her_or_for_an_opponent() -> None:
    s = game()
    runes(s, "p1", 4, ORDER_RUNE)
    put(s, RENATA_I, "p2", "base", "base:p2")         # the opponent's Renata
    s = pass_all(play(s, put(s, ROYAL_GUARD, "p1", "hand")))
    (soldier,) = _tokens(s, "p1", SAND_SOLDIER)
    assert s.objects[soldier].exhausted
    assert "165.2" in violations(s, _unpaid(s, RENATA_I))  # v1.3 165.2: cost not paid


# --- Fae Dragon (SFD-101) --------------------------------------------------------------------

FAE_DRAGON = "SFD-101"
SPEND_TO_READY = "OGN-146"   # a spell: spend a buff (then it is free): ready a chosen unit


def test_fae_dragon_buffs_up_to_four_friendly_units() -> None:
    s = game()
    runes(s, "p1", 8, BODY_RUNE)
    mine = [put(s, SKULKER, "p1", "base") for _ in range(2)]
    dragon = put(s, FAE_DRAGON, "p1", "hand")
    s = play(s, dragon)
    s = pass_all(choose(s, "p1", targets={"t": [*mine, dragon]}))
    assert all(s.objects[o].buffed for o in (*mine, dragon))


def test_fae_dragon_refuses_five_units_and_an_enemy() -> None:
    s = game()
    runes(s, "p1", 8, BODY_RUNE)
    mine = [put(s, SKULKER, "p1", "base") for _ in range(5)]
    foe = put(s, SKULKER, "p2", "base", "base:p2")
    s = play(s, put(s, FAE_DRAGON, "p1", "hand"))
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": mine}}))
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [foe]}}))


def test_fae_dragon_plays_a_gold_when_its_controller_spends_a_buff() -> None:
    s = game()
    runes(s, "p1", 2, BODY_RUNE)
    put(s, FAE_DRAGON, "p1", "base")
    unit = put(s, SKULKER, "p1", "base")
    s.objects[unit].buffed = True
    s.objects[unit].exhausted = True
    spell = put(s, SPEND_TO_READY, "p1", "hand")
    s = pass_all(play(s, spell, destination=None, choices={"spend_buff": [unit]},
                      targets={"t": (unit,)}))
    assert not s.objects[unit].buffed and not s.objects[unit].exhausted
    assert len(_tokens(s, "p1", GOLD)) == 1
