"""Issue 19: examples of new or changed RUP4 rules about the game's definitions (objects,
game actions, zones, decks) tested where the engine meets them under RUP4, and one refused
naming its RUP4 rule (objects of several types, 178)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from riftlog.cards.deckcheck import validate_deck
from riftlog.cards.decks import DeckEntry, read_deck
from riftlog.cards.vocab import (
    AllOf,
    CreateToken,
    Draw,
    HasXP,
    Kill,
    Legion,
    Passive,
    RepeatCost,
    SpellEffect,
    Target,
    Triggered,
    When,
    on_play,
)
from riftlog.events.decisions import PriorityPassed
from riftlog.events.play import CardPlayed
from riftlog.rules import editions, engine
from riftlog.rules.board import layers, xp
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.flow import turn
from riftlog.rules.game_actions import actions, actions_modify
from riftlog.rules.interpreter import effects
from riftlog.rules.playing import abilities
from tests.cards_engine.conftest import encode  # noqa: F401  (fixture)
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CALM_RUNE,
    CHAOS_RUNE,
    FURY_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    Encode,
    apply,
    cast,
    conquer,
    control,
    game,
    pass_all,
    pay_for,
    play,
    put,
    runes,
    to_p2_turn,
    violations,
)
from tests.rules.rup4_examples import example

RUP4 = "RUP4"
BIG = "OGN-219"          # a plain unit of Might 4
MECH = "OGN-088"         # Mega-Mech: printed Might 8
SEAL = "OGN-163"         # Seal of Strength: a gear
VOID_SEEKER = "OGN-024"  # 4 to a unit at a battlefield, draw 1
PING = "OGN-004"         # a spell given test-only encodings here
EQUIPMENT = "SFD-033"    # Doran's Shield: an Equipment
DECKS = Path(__file__).resolve().parents[2] / "replays" / "decks"


def rup4_game(deck: int = 5) -> GameState:
    s = game(deck=deck)
    s.edition = RUP4
    for rune in (FURY_RUNE, BODY_RUNE, ORDER_RUNE, CHAOS_RUNE, CALM_RUNE, MIND_RUNE):
        runes(s, "p1", 2, rune)
    return s


# --- 103.2.b.1: three copies of a name, the Chosen Champion included ----------------------


@example("103.2.b.1")
def test_rup4_103_2_b_1_the_chosen_champion_and_two_more_copies_in_the_main_deck() -> None:
    deck = read_deck(DECKS / "annie-dark-child.txt")
    champion = deck.champion

    def with_copies(n: int) -> list[str]:
        main = [e for e in deck.main if e.card_id != champion] + [DeckEntry(champion, n)]
        return [v.rule for v in validate_deck(dataclasses.replace(deck, main=tuple(main)))]

    assert with_copies(2) == []
    assert with_copies(3) == ["v1.3 103.2.b"]  # deck building cites the rule by its v1.3 id


# --- 127.1 / 439.2.c: a token is owned by the player who made it, created where played -----


@example("127.1", "439.2.c")
def test_rup4_127_1_a_played_recruit_token_is_owned_by_its_maker_in_their_base() -> None:
    s = rup4_game()
    put(s, "OGN-246", "p1", "base")  # Viktor, Leader: a Recruit token when a friend dies
    friend = put(s, SKULKER, "p1", "battlefield", "bf1")
    s = pass_all(cast(s, "OGN-229", targets=(friend,)))  # Vengeance kills it
    (token,) = [o for o in s.objects.values() if o.card == "OGN-271"]
    assert token.token and token.owner == token.controller == "p1"
    assert (token.zone, token.location) == ("base", "base:p1")


# --- 135.2.b.5.a / 135.2.b.6: instructions -----------------------------------------------------


@example("135.2.b.5.a")
def test_rup4_135_2_b_5_a_void_seeker_performs_both_instructions() -> None:
    """A deal with its complement (4 to the chosen unit at a battlefield), then a draw
    with none."""
    s = rup4_game()
    foe = put(s, BIG, "p2", "battlefield", "bf1")
    hand = len(s.players["p1"].hand)
    s = pass_all(cast(s, VOID_SEEKER, targets={"t": (foe,)}))
    assert s.objects[foe].zone == "trash" and len(s.players["p1"].hand) == hand + 1


@example("135.2.b.6")
def test_rup4_135_2_b_6_a_play_trigger_draws_when_its_condition_is_met(encode: Encode) -> None:  # noqa: F811
    """'When you play me, draw 1': the condition is not an instruction; the draw is."""
    encode(BIG, on_play(Draw(1)))
    s = rup4_game()
    hand = len(s.players["p1"].hand)
    s = pass_all(play(s, put(s, BIG, "p1", "hand")))
    assert len(s.players["p1"].hand) == hand + 1


# --- 152.2 / 457.1: gear is played to base; gear at a battlefield is recalled ------------------


@example("152.2")
def test_rup4_152_2_a_gear_is_played_to_its_base_not_a_battlefield() -> None:
    s = rup4_game()
    gear = put(s, SEAL, "p1", "hand")
    to_bf = CardPlayed(player="p1", card=gear, destination="bf1", payment=pay_for(s, "p1", gear))
    assert violations(s, to_bf)  # refused
    s = play(s, gear, destination="base")
    s = pass_all(s)
    assert s.objects[gear].location == "base:p1"


@example("457.1")
def test_rup4_457_1_an_unattached_gear_at_a_battlefield_is_recalled_in_the_cleanup() -> None:
    s = rup4_game()
    gear = put(s, SEAL, "p1", "battlefield", "bf1")
    log: list[GameAction] = []
    turn.cleanup(s, log)
    assert s.objects[gear].location == "base:p1"
    assert any(a.kind == "recall" and gear in a.objects for a in log)


# --- 178.3: objects of several types --------------------------------------------------------------


@example("178.3")
def test_rup4_178_3_an_object_of_several_types_is_refused_naming_178() -> None:
    s = rup4_game()
    with pytest.raises(editions.EditionUnsupported, match=r"^RUP4 178: a unit that is also a gear"):
        editions.refuse_rup4_card(s, "a unit that is also a gear", (), types=2)
    editions.refuse_rup4_card(s, "a unit", (), types=1)  # one type: nothing to refuse


# --- 358.4: timing permissions, cited by their RUP4 id -------------------------------------------


@example("358.4")
def test_rup4_358_4_a_plain_spell_while_a_chain_is_open_is_refused_citing_rup4() -> None:
    s = rup4_game()
    runes(s, "p2", 4, FURY_RUNE)
    foe = put(s, BIG, "p2", "battlefield", "bf1")
    s = cast(s, VOID_SEEKER, targets={"t": (foe,)})
    s, _ = engine.apply(s, PriorityPassed(player="p1"))
    assert s.priority == "p2"
    spell = put(s, VOID_SEEKER, "p2", "hand")  # no Reaction: not while the chain is closed
    found = engine.check(s, CardPlayed(player="p2", card=spell, payment=pay_for(s, "p2", spell),
                                       targets={"t": (put(s, BIG, "p1", "battlefield", "bf2"),)}))
    # refused by the RUP4 timing rule the legality check (358.4) applies
    assert [(v.edition, v.rule) for v in found] == [(RUP4, "309.1.a")]
    assert editions.counterpart("358.3", RUP4) == "358.4"


# --- 410.2.b: a draw only when instructed or in the Draw Phase ------------------------------------


@example("410.2.b")
def test_rup4_410_2_b_the_turn_player_draws_in_their_draw_phase() -> None:
    s = rup4_game()
    hand = len(s.players["p2"].hand)
    s = to_p2_turn(s)
    assert len(s.players["p2"].hand) == hand + 1


# --- 424.3: reveal - the cards stay where they were, in order -------------------------------------


@example("424.3")
def test_rup4_424_3_revealed_top_cards_stay_on_top_in_the_same_order() -> None:
    s = rup4_game()
    deck = list(s.players["p1"].main_deck)
    log: list[GameAction] = []
    actions.reveal(s, deck[:2], log, player="p1")
    assert s.players["p1"].main_deck == deck
    assert [a.kind for a in log] == ["reveal"] and list(log[0].objects) == deck[:2]


# --- 426.1.c: a buffed unit is not buffed again -------------------------------------------------


@example("426.1.c")
def test_rup4_426_1_c_buffing_an_already_buffed_unit_does_nothing() -> None:
    s = rup4_game()
    unit = put(s, BIG, "p1", "base")
    log: list[GameAction] = []
    assert actions_modify.buff(s, unit, log) is True
    assert actions_modify.buff(s, unit, log) is False  # 'if it was buffed this way' fails
    assert [a.kind for a in log] == ["buff"]


# --- 431.3.c: burning out again and again can win -------------------------------------------------


@example("431.3.c")
def test_rup4_431_3_c_repeated_burn_outs_give_the_opponent_the_win() -> None:
    s = rup4_game(deck=0)
    s.players["p2"].points = 6
    log: list[GameAction] = []
    actions.draw(s, "p1", log, 3)
    assert s.players["p1"].burn_outs >= 2
    assert s.players["p2"].points == 8 and s.winner == ["p2"]


# --- 711: Might outside the board is the printed Might -------------------------------------------


@example("711")
def test_rup4_711_a_unit_in_the_trash_is_mighty_by_its_printed_might() -> None:
    s = rup4_game()
    mech = put(s, MECH, "p1", "battlefield", "bf1")
    s.objects[mech].mods["might"] = -6  # Might 2 on the board: not Mighty
    layers.clear_cache()
    assert not layers.is_mighty(s, mech)
    actions.kill(s, mech, [])
    layers.clear_cache()
    assert s.objects[mech].zone == "trash" and layers.is_mighty(s, mech)


# --- 370.1.a.2: events at once only from one game action --------------------------------------


VIKTOR = "OGN-246"   # Viktor, Leader: a Recruit token when another friendly unit dies


def _recruits(s: GameState) -> int:
    return sum(1 for o in s.objects.values() if o.card == "OGN-271")


@example("370.1.a.2")
def test_rup4_370_1_a_2_one_kill_of_two_units_is_simultaneous() -> None:
    s = rup4_game()
    viktor = put(s, VIKTOR, "p1", "battlefield", "bf1")
    friend = put(s, SKULKER, "p1", "battlefield", "bf1")
    effects.kill(s, [viktor, friend], [])  # one kill action: both die at once
    s = pass_all(s)
    assert _recruits(s) == 0


@example("370.1.a.2")
def test_rup4_370_1_a_2_two_kill_instructions_are_one_after_the_other(encode: Encode) -> None:  # noqa: F811
    """A test-only spell that kills a friendly unit, then another: the first dies while
    Viktor is still on the board, so he makes a Recruit."""
    encode(PING, SpellEffect((Kill(Target("unit", "friendly", name="a")),
                              Kill(Target("unit", "friendly", name="b")))))
    s = rup4_game()
    viktor = put(s, VIKTOR, "p1", "battlefield", "bf1")
    friend = put(s, SKULKER, "p1", "battlefield", "bf1")
    s = pass_all(cast(s, PING, targets={"a": (friend,), "b": (viktor,)}))
    assert s.objects[friend].zone == s.objects[viktor].zone == "trash"
    assert _recruits(s) == 1


# --- 434.5 / 719.4.a: attaching changes no other state ------------------------------------------


@example("434.5")
def test_rup4_434_5_an_exhausted_equipment_attached_stays_exhausted() -> None:
    s = rup4_game()
    unit = put(s, BIG, "p1", "battlefield", "bf1")
    gear = put(s, EQUIPMENT, "p1", "base", exhausted=True)
    assert actions_modify.attach(s, gear, unit, [])
    assert s.objects[gear].exhausted and s.objects[gear].location == "bf1"


@example("719.4.a")
def test_rup4_719_4_a_stunning_the_top_most_card_leaves_the_attached_card_as_it_was() -> None:
    s = rup4_game()
    unit = put(s, BIG, "p1", "battlefield", "bf1")
    gear = put(s, EQUIPMENT, "p1", "base")
    actions_modify.attach(s, gear, unit, [])
    actions_modify.stun(s, unit, [])
    assert s.objects[unit].stunned and not s.objects[gear].stunned


# --- delayed abilities whose window is over before they are made (RUP4 390.5, 359.3.e.16) ------


def test_rup4_390_5_targons_peak_conquered_after_the_end_step_readies_nothing() -> None:
    """Row delayed-windows (equivalent): Targon's Peak conquered once this turn's end has
    passed makes a delayed ability for 'the end of this turn' that never acts, as RUP4 says
    it is not made (its Akshan example is refused by name in the list of examples)."""
    from riftlog.rules.interpreter import triggers

    s = game(battlefields=("OGN-289", "token:battlefield"))  # Targon's Peak
    s.edition = RUP4
    control(s, "bf1", "p1")
    assert triggers.fire(s, "end_of_turn", player="p1") == 0  # the end step has begun
    assert triggers.fire(s, "conquers", player="p1", battlefield="bf1") == 1
    turn.advance(s, [])
    s = pass_all(s)
    assert s.extra.get("delayed")  # made, for an end that has passed
    s.turn += 1  # the next end of a turn
    assert triggers.fire(s, "end_of_turn", player="p1") == 0
    assert "delayed" not in s.extra


def test_rup4_390_5_targons_peak_conquered_before_the_end_readies_at_the_end() -> None:
    from riftlog.rules.interpreter import triggers

    s = game(battlefields=("OGN-289", "token:battlefield"))
    s.edition = RUP4
    control(s, "bf1", "p1")
    assert triggers.fire(s, "conquers", player="p1", battlefield="bf1") == 1
    turn.advance(s, [])
    s = pass_all(s)
    assert s.extra.get("delayed")
    assert triggers.fire(s, "end_of_turn", player="p1") == 1


# --- 820.1.d.1: a paid Repeat performs the instructions again -----------------------------------


def _recruit_tokens(s: GameState) -> int:
    return sum(1 for o in s.players["p1"].base if s.objects[o].card == "OGN-271")


@example("820.1.d.1")
def test_rup4_820_1_d_1_a_paid_repeat_makes_the_token_twice(encode: Encode) -> None:  # noqa: F811
    """A test-only token-making spell with Repeat (the example's card is not encoded): paid,
    its instruction runs twice; not paid, once."""
    encode(PING, SpellEffect((CreateToken("OGN-271", 1),)), RepeatCost(energy=2))
    for repeat, made in ((True, 2), (False, 1)):
        s = rup4_game()
        spell = put(s, PING, "p1", "hand")
        choices = {"repeat": [0]} if repeat else {}
        s = pass_all(apply(s, CardPlayed(player="p1", card=spell, choices=choices,
                                         payment=pay_for(s, "p1", spell, choices=choices))))
        assert _recruit_tokens(s) == made


# --- 727.1.b.2: a dependent keyword's ability is active while its condition holds -------------


@example("727.1.b.2")
def test_rup4_727_1_b_2_level_three_turns_on_ganking_and_might(encode: Encode) -> None:  # noqa: F811
    """A test-only Level 3 ability (Gustwalker itself is refused by name): active exactly
    while its controller has 3 XP."""
    level3 = {"is_source": True, "source_controller_xp": 3}
    encode(BIG, Passive.of(layer="ability", affects=level3, grant=["Ganking"]),
           Passive.of(layer="arithmetic", affects=level3, might=1))
    s = rup4_game()
    g = put(s, BIG, "p1", "battlefield", "bf1")
    abilities.start_passives(s, g)
    printed = layers.characteristics(s, g).printed_might
    assert printed is not None
    xp.gain_xp(s, "p1", 2, [])
    layers.clear_cache()
    assert "Ganking" not in layers.characteristics(s, g).keywords
    xp.gain_xp(s, "p1", 1, [])
    layers.clear_cache()
    c = layers.characteristics(s, g)
    assert "Ganking" in c.keywords and c.might == printed + 1


# --- 727.1.b.3: several dependent keywords on one ability: all conditions must hold --------


@example("727.1.b.3")
def test_rup4_727_1_b_3_level_and_legion_both_needed_for_the_conquer_draw(
        encode: Encode) -> None:  # noqa: F811
    """A test-only unit whose conquer ability has Level 11 and Legion (the example's card is
    not in the catalog; it draws instead of scoring, to be seen apart from the conquest's
    point): it triggers only with 11 XP and another card played this turn."""
    encode(BIG, Triggered(When("conquers", "me"), (Draw(1),),
                          condition=AllOf((HasXP(11), Legion()))))
    for xp_had, legion, drawn in ((11, True, 1), (10, True, 0), (11, False, 0), (0, False, 0)):
        s = rup4_game()
        if legion:
            s = pass_all(play(s, put(s, SKULKER, "p1", "hand")))
        xp.gain_xp(s, "p1", xp_had, [])
        unit = put(s, BIG, "p1", "base")
        hand = len(s.players["p1"].hand)
        s = pass_all(conquer(s, (unit,)))
        assert s.players["p1"].points == 1  # the conquest itself scores either way
        assert len(s.players["p1"].hand) == hand + drawn, (xp_had, legion)


# --- 424.3.a: revealing a zone reveals every card in it ------------------------------------------


@example("424.3.a")
def test_rup4_424_3_a_sabotage_reveals_the_whole_hand() -> None:
    """Sabotage makes the chosen opponent reveal their hand: every card in it at that time
    is revealed, and the choice is made among them."""
    s = rup4_game()
    hand = [put(s, SKULKER, "p2", "hand"), put(s, SEAL, "p2", "hand"), put(s, SEAL, "p2", "hand")]
    s = cast(s, "OGN-156", targets={"opp": ("p2",)})
    log: list[GameAction] = []
    while s.chain:
        (req,) = engine.pending(s)
        s, more = engine.apply(s, PriorityPassed(player=req.player or ""))
        log += more
    revealed = [o for a in log if a.kind == "reveal" for o in a.objects]
    assert sorted(revealed) == sorted(hand)
    (req,) = engine.pending(s)
    assert sorted(req.options["from"]) == sorted(hand[1:])  # its non-unit cards
