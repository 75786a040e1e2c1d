"""Spiritforged (SFD) units with custom effects (riftlog/cards/sets/sfd/: damage_read_from_the_game,
unit_moves, card_sharp, apprentice_smith): each played or triggered through the engine, and
a use of each that must be refused."""

from __future__ import annotations

from riftlog.cards.catalog import load_catalog
from riftlog.events.abilities import ChoiceMade
from riftlog.events.decisions import DeckOrderRecorded, Payment, PriorityPassed
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from tests.cards_engine.helpers import (
    CALM_RUNE,
    CHAOS_RUNE,
    FURY_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    cast,
    choose,
    control,
    game,
    move,
    pass_all,
    pay_for,
    play,
    put,
    runes,
    to_p2_turn,
    violations,
)
from tests.rules.rup4_examples import example

LUCIAN, SMITH, CARD_SHARP, PUP, FAN, AZIR = (
    "SFD-028", "SFD-041", "SFD-081", "SFD-126", "SFD-128", "SFD-177")
GOLD = "SFD-T03"
RECRUIT = "OGN-271"
SUN_DISC = "OGN-021"     # a gear
BIG = "OGN-219"          # a unit of Might 4


def _passes_until_choice(s: GameState, limit: int = 10) -> GameState:
    """Pass priority/focus until something other than a pass is awaited."""
    for _ in range(limit):
        req = engine.pending(s)[0]
        if req.kind == "choice" or "PriorityPassed" not in req.decisions:
            return s
        s, _ = engine.apply(s, PriorityPassed(player=req.player or ""))
    return s


def _golds(s: GameState, pid: str) -> int:
    return sum(1 for o in s.objects.values() if o.card == GOLD and o.controller == pid
               and o.zone == "base")


# --- Lucian, Gunslinger (SFD-028) ------------------------------------------------------------


def test_lucian_gunslinger_deals_his_assault_to_an_enemy_as_he_attacks() -> None:
    s = game()
    lucian = put(s, LUCIAN, "p1", "base")
    foe = put(s, BIG, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = move(s, (lucian,))                 # one enemy there: the target is chosen for him
    s = _passes_until_choice(s)
    assert s.objects[foe].damage == 1      # Assault 1


def test_lucian_gunslinger_refuses_a_friendly_target() -> None:
    s = game()
    lucian = put(s, LUCIAN, "p1", "base")
    friend = put(s, SKULKER, "p1", "base")
    put(s, BIG, "p2", "battlefield", "bf1")
    put(s, BIG, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = move(s, (lucian, friend))          # two enemies: a target is asked for
    bad = ChoiceMade(player="p1", choice={"targets": {"t": [friend]}})
    assert "355.5" in violations(s, bad)   # v1.3 355.5: not a legal target


# --- Apprentice Smith (SFD-041) --------------------------------------------------------------


def test_apprentice_smith_draws_a_revealed_gear() -> None:
    s = game()
    smith = put(s, SMITH, "p1", "base")
    gear = put(s, SUN_DISC, "p1", "main_deck")
    deck = s.players["p1"].main_deck
    deck.remove(gear)
    deck.insert(0, gear)
    s = pass_all(move(s, (smith,)))
    assert gear in s.players["p1"].hand


def test_apprentice_smith_recycles_a_revealed_unit_instead_of_drawing_it() -> None:
    s = game()
    smith = put(s, SMITH, "p1", "base")
    top = s.players["p1"].main_deck[0]
    hand = len(s.players["p1"].hand)
    s = pass_all(move(s, (smith,)))
    assert len(s.players["p1"].hand) == hand and s.players["p1"].main_deck[-1] == top


# --- Card Sharp (SFD-081) --------------------------------------------------------------------


def test_card_sharp_gives_its_controller_one_more_gold_per_opponent_who_took_one() -> None:
    s = game()
    runes(s, "p1", 3, MIND_RUNE)
    s = play(s, put(s, CARD_SHARP, "p1", "hand"))
    s = _passes_until_choice(s)
    s = choose(s, "p1", gold=True)
    s = choose(s, "p2", gold=True)
    s = pass_all(s)
    assert _golds(s, "p1") == 2 and _golds(s, "p2") == 1


def test_card_sharp_gives_nothing_more_when_the_opponent_declines() -> None:
    s = game()
    runes(s, "p1", 3, MIND_RUNE)
    s = _passes_until_choice(play(s, put(s, CARD_SHARP, "p1", "hand")))
    s = pass_all(choose(choose(s, "p1", gold=False), "p2", gold=False))
    assert _golds(s, "p1") == 0 and _golds(s, "p2") == 0


def test_card_sharp_refuses_an_answer_from_the_wrong_player_and_a_bad_answer() -> None:
    s = game()
    runes(s, "p1", 3, MIND_RUNE)
    s = _passes_until_choice(play(s, put(s, CARD_SHARP, "p1", "hand")))
    assert violations(s, ChoiceMade(player="p2", choice={"gold": True}))   # p1 answers first
    assert violations(s, ChoiceMade(player="p1", choice={"gold": 3}))


# --- Loyal Pup (SFD-126), Overzealous Fan (SFD-128): p2 attacks bf1, held by p1 -------------


def _p2_attacks(s: GameState) -> tuple[GameState, str]:
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    s = to_p2_turn(s)
    attacker = put(s, BIG, "p2", "base", "base:p2")
    return move(s, (attacker,), "bf1", player="p2"), attacker


def test_loyal_pup_may_join_the_defence() -> None:
    s = game()
    pup = put(s, PUP, "p1", "base")
    s, _ = _p2_attacks(s)
    s = _passes_until_choice(s)
    s = pass_all(choose(s, "p1", use=True))
    assert s.objects[pup].location == "bf1"


def test_loyal_pup_stays_home_when_declined_and_not_on_an_attack() -> None:
    s = game()
    pup = put(s, PUP, "p1", "base")
    s, _ = _p2_attacks(s)
    s = _passes_until_choice(s)
    assert violations(s, ChoiceMade(player="p1", choice={"use": "maybe"}))  # yes or no only
    assert violations(s, ChoiceMade(player="p2", choice={"use": True}))     # p1's to answer
    s = pass_all(choose(s, "p1", use=False))
    assert s.objects[pup].location == "base:p1"


def test_overzealous_fan_dies_to_send_the_attacker_home() -> None:
    s = game()
    fan = put(s, FAN, "p1", "battlefield", "bf1")
    s, attacker = _p2_attacks(s)
    s = _passes_until_choice(s)
    s = pass_all(choose(s, "p1", use=True))
    assert s.objects[fan].zone == "trash"
    assert s.objects[attacker].location == "base:p2"


def test_overzealous_fan_refuses_a_non_boolean_answer() -> None:
    s = game()
    put(s, FAN, "p1", "battlefield", "bf1")
    s, _ = _p2_attacks(s)
    s = _passes_until_choice(s)
    assert violations(s, ChoiceMade(player="p1", choice={"use": "yes"}))


# --- Azir, Sovereign (SFD-177) ---------------------------------------------------------------


def test_azir_sovereign_brings_token_units_to_his_attack() -> None:
    s = game()
    azir = put(s, AZIR, "p1", "base")
    tokens = [put(s, RECRUIT, "p1", "base") for _ in range(2)]
    for t in tokens:
        s.objects[t].token = True
    plain = put(s, SKULKER, "p1", "base")
    put(s, BIG, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = _passes_until_choice(move(s, (azir,)))
    s = _passes_until_choice(choose(choose(s, "p1", use=True), "p1", targets={"t": tokens}))
    assert all(s.objects[t].location == "bf1" for t in tokens)
    assert s.objects[plain].location == "base:p1"


def test_azir_sovereign_refuses_a_card_that_is_not_a_token() -> None:
    s = game()
    azir = put(s, AZIR, "p1", "base")
    token = put(s, RECRUIT, "p1", "base")
    s.objects[token].token = True
    plain = put(s, SKULKER, "p1", "base")
    put(s, BIG, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = choose(_passes_until_choice(move(s, (azir,))), "p1", use=True)
    assert violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [plain]}}))


# --- Pickpocket (SFD-074) --------------------------------------------------------------------

PICKPOCKET = "SFD-074"


def _cheap_and_dear_gear(s: GameState) -> tuple[str, str]:
    cat = load_catalog()
    cheap = next(c.id for c in cat.cards("OGN") if c.type == "Gear" and c.supported
                 and (c.energy or 0) <= 1 and not c.is_token)
    dear = next(c.id for c in cat.cards("OGN") if c.type == "Gear" and c.supported
                and (c.energy or 0) >= 2)
    return put(s, cheap, "p2", "base", "base:p2"), put(s, dear, "p2", "base", "base:p2")


def test_pickpocket_kills_a_cheap_gear_and_plays_a_gold() -> None:
    s = game()
    runes(s, "p1", 3, MIND_RUNE)
    cheap, dear = _cheap_and_dear_gear(s)
    s = play(s, put(s, PICKPOCKET, "p1", "hand"))
    s = choose(s, "p1", use=True)
    s = pass_all(s)                                  # the only legal gear: chosen for p1
    assert s.objects[cheap].zone == "trash" and s.objects[dear].zone == "base"
    assert _golds(s, "p1") == 1


def test_pickpocket_refuses_a_gear_costing_more_than_one() -> None:
    s = game()
    runes(s, "p1", 3, MIND_RUNE)
    _, dear = _cheap_and_dear_gear(s)
    put(s, GOLD, "p2", "base", "base:p2")           # a token: cost 0 (185.3.a.1), also legal
    s = choose(play(s, put(s, PICKPOCKET, "p1", "hand")), "p1", use=True)
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [dear]}}))


def test_pickpocket_declined_kills_nothing() -> None:
    s = game()
    runes(s, "p1", 3, MIND_RUNE)
    cheap, _ = _cheap_and_dear_gear(s)
    s = pass_all(choose(play(s, put(s, PICKPOCKET, "p1", "hand")), "p1", use=False))
    assert s.objects[cheap].zone == "base" and _golds(s, "p1") == 0


# --- Glasc Mixologist (SFD-165) --------------------------------------------------------------

MIXOLOGIST = "SFD-165"
VENGEANCE = "OGN-229"    # a spell: kill a chosen unit
_FREE = {"exhaust": [], "recycle": []}


def _mixologist_dies(s: GameState, *trash: str) -> tuple[GameState, list[str]]:
    runes(s, "p1", 6, ORDER_RUNE)
    mix = put(s, MIXOLOGIST, "p1", "battlefield", "bf1")
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    cards = [put(s, c, "p1", "trash") for c in trash]
    s = _passes_until_choice(cast(s, VENGEANCE, targets={"t": (mix,)}))
    return s, cards


def test_glasc_mixologist_plays_a_cheap_unit_from_the_trash_for_free() -> None:
    s, (cheap,) = _mixologist_dies(game(), SKULKER)
    s = choose(s, "p1", cards=[cheap])
    s = pass_all(choose(s, "p1", destination="bf1", targets={}, mode=None, accelerate=False,
                        payment=_FREE))
    assert s.objects[cheap].zone == "battlefield" and s.objects[cheap].location == "bf1"


def test_glasc_mixologist_refuses_a_unit_costing_too_much() -> None:
    s, (cheap, dear) = _mixologist_dies(game(), SKULKER, BIG)   # BIG costs 4 Energy
    assert engine.pending(s)[0].options["from"] == [cheap]
    assert violations(s, ChoiceMade(player="p1", choice={"cards": [dear]}))


# --- Fae Porter (SFD-125) --------------------------------------------------------------------

PORTER = "SFD-125"


def test_fae_porter_pays_chaos_to_bring_a_friend_along() -> None:
    s = game()
    chaos = runes(s, "p1", 1, CHAOS_RUNE)[0]
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    porter = put(s, PORTER, "p1", "base")
    friend = put(s, SKULKER, "p1", "base")
    s = move(s, (porter,), "bf1")
    s = _passes_until_choice(s)
    s = choose(s, "p1", targets={"t": [friend]})      # two friends to choose from
    assert engine.pending(s)[0].rule == "742.1.b"     # then the cost, as it goes on the chain
    s = pass_all(choose(s, "p1", pay={"exhaust": [], "recycle": [chaos]}))
    assert s.objects[friend].location == "bf1"


def test_fae_porter_declined_payment_moves_nobody() -> None:
    s = game()
    runes(s, "p1", 1, CHAOS_RUNE)
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    porter = put(s, PORTER, "p1", "base")
    friend = put(s, SKULKER, "p1", "base")
    s = _passes_until_choice(move(s, (porter,), "bf1"))
    assert violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [porter]}}))  # other
    s = choose(s, "p1", targets={"t": [friend]})
    bad = ChoiceMade(player="p1", choice={"pay": {"exhaust": [], "recycle": []}})
    assert violations(s, bad)                        # the Chaos power is not paid so
    s = pass_all(choose(s, "p1", pay=None))
    assert s.objects[friend].location == "base:p1"


@example("204.3.a")
def test_rup4_204_3_a_example_overzealous_fan_is_killed_to_finalize_its_ability() -> None:
    s = game()
    fan = put(s, FAN, "p1", "battlefield", "bf1")
    s, attacker = _p2_attacks(s)
    s = _passes_until_choice(s)
    s = choose(s, "p1", use=True)
    # the cost is paid as the ability is finalized: the Fan is dead, its ability waits
    assert s.objects[fan].zone == "trash"
    assert any(i.kind == "ability" and i.source == fan for i in s.chain)
    assert s.objects[attacker].location == "bf1"     # not moved until it resolves
    s = pass_all(s)
    assert s.objects[attacker].location == "base:p2"


# --- Ornn, Blacksmith (SFD-058) --------------------------------------------------------------

ORNN_SMITH = "SFD-058"


def _ornn_played(s: GameState) -> tuple[GameState, str, list[str]]:
    runes(s, "p1", 6, CALM_RUNE)
    gear = put(s, SUN_DISC, "p1", "main_deck")
    deck = s.players["p1"].main_deck
    deck.remove(gear)
    deck.insert(1, gear)                             # second from the top
    top4 = list(deck[:4])
    return play(s, put(s, ORNN_SMITH, "p1", "hand")), gear, top4


def _record_order(s: GameState) -> GameState:
    req = engine.pending(s)[0]
    assert req.decisions == ("DeckOrderRecorded",)
    order = (*req.options["keep"], *req.options["randomize"])
    s, _ = engine.apply(s, DeckOrderRecorded(player="p1", deck="main", order=order))
    return s


@example("383.3.a.3")
def test_rup4_383_3_a_3_example_ornn_blacksmith_is_finalized_then_may_draw_a_gear() -> None:
    s, gear, top4 = _ornn_played(game())
    # no "use?" question: the may comes later in the effect, decided as it resolves
    assert [i.kind for i in s.chain] == ["ability"]
    s = _passes_until_choice(s)
    req = engine.pending(s)[0]
    assert req.rule == "383.3.a.3" and req.options["from"] == [gear]
    s = _record_order(choose(s, "p1", cards=[gear]))
    assert gear in s.players["p1"].hand
    rest = [o for o in top4 if o != gear]
    assert sorted(s.players["p1"].main_deck[-3:]) == sorted(rest)   # recycled to the bottom


def test_ornn_blacksmith_may_keep_the_gear_in_the_deck_and_refuses_a_unit() -> None:
    s, gear, top4 = _ornn_played(game())
    s = _passes_until_choice(s)
    unit = next(o for o in top4 if o != gear)
    assert violations(s, ChoiceMade(player="p1", choice={"cards": [unit]}))  # not a gear
    s = _record_order(choose(s, "p1", cards=[]))
    assert gear not in s.players["p1"].hand
    assert sorted(s.players["p1"].main_deck[-4:]) == sorted(top4)


# --- Undertitan (SFD-175) --------------------------------------------------------------------

UNDERTITAN = "SFD-175"


def test_undertitan_gives_the_other_friendly_units_two_this_turn() -> None:
    s = game()
    runes(s, "p1", 7, ORDER_RUNE)
    mine, theirs = put(s, SKULKER, "p1", "base"), put(s, SKULKER, "p2", "base", "base:p2")
    titan = put(s, UNDERTITAN, "p1", "hand")
    s = pass_all(play(s, titan))
    assert layers.might_of(s, mine) == 3 + 2 and layers.might_of(s, theirs) == 3
    assert layers.might_of(s, titan) == 5


@example("370.1.b.1")
def test_rup4_370_1_b_1_example_undertitan_adds_two_as_it_is_revealed() -> None:
    s = game()
    smith = put(s, SMITH, "p1", "base")
    titan = put(s, UNDERTITAN, "p1", "main_deck")
    deck = s.players["p1"].main_deck
    deck.remove(titan)
    deck.insert(0, titan)
    energy = s.players["p1"].pool.energy
    s = pass_all(move(s, (smith,)))                  # Apprentice Smith reveals the top card
    assert s.players["p1"].pool.energy == energy + 2
    assert s.players["p1"].main_deck[-1] == titan    # not a gear: recycled


def test_undertitan_adds_nothing_when_only_looked_at_or_revealed_elsewhere() -> None:
    s = game()
    titan = put(s, UNDERTITAN, "p1", "hand")
    s.players["p1"].pool.energy = 0
    actions.reveal(s, [titan], [], player="p1")     # revealed from the hand: no Add
    assert s.players["p1"].pool.energy == 0
    d = CardPlayed(player="p1", card=titan, destination="base", payment=Payment())
    assert "165.2" in violations(s, d)              # v1.3 165.2: cost not paid


# --- Fizz, Trickster (SFD-140) ---------------------------------------------------------------

FIZZ, PREMONITION = "SFD-140", "SFD-087"   # Premonition: 2 Energy, 3 Mind power: draw three


def test_fizz_plays_a_cheap_spell_from_the_trash_paying_only_its_power() -> None:
    s = game()
    runes(s, "p1", 4, CHAOS_RUNE)
    mind = list(runes(s, "p1", 3, MIND_RUNE))
    spell = put(s, PREMONITION, "p1", "trash")
    s = _passes_until_choice(play(s, put(s, FIZZ, "p1", "hand")))
    s = choose(s, "p1", cards=[spell])
    req = engine.pending(s)[0]
    assert [c["payment"] for c in req.options["choices"]] == \
        [{"exhaust": [], "recycle": mind}]              # no Energy: only its Mind power
    hand = len(s.players["p1"].hand)
    s = choose(s, "p1", destination=None, targets={}, mode=None, accelerate=False,
               payment={"exhaust": [], "recycle": mind})
    s = pass_all(s)
    assert len(s.players["p1"].hand) == hand + 3
    assert s.objects[spell].zone == "main_deck"        # recycled after it resolved


def test_fizz_refuses_a_spell_costing_more_than_three() -> None:
    s = game()
    runes(s, "p1", 4, CHAOS_RUNE)
    cheap = put(s, PREMONITION, "p1", "trash")
    dear = put(s, VENGEANCE, "p1", "trash")           # 4 Energy
    s = _passes_until_choice(play(s, put(s, FIZZ, "p1", "hand")))
    assert engine.pending(s)[0].options["from"] == [cheap]
    assert violations(s, ChoiceMade(player="p1", choice={"cards": [dear]}))


# --- Rek'Sai, Swarm Queen (SFD-170) and Void Drone (SFD-010) ---------------------------------

REKSAI, DRONE = "SFD-170", "SFD-010"
MEGA = "OGN-088"         # a unit of Might 8


def _reksai_attacks(s: GameState) -> tuple[GameState, str, str, list[str]]:
    fury = list(runes(s, "p1", 3, FURY_RUNE))
    rek = put(s, REKSAI, "p1", "base")
    put(s, MEGA, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    drone = put(s, DRONE, "p1", "main_deck")
    deck = s.players["p1"].main_deck
    deck.remove(drone)
    deck.insert(0, drone)
    second = deck[1]
    s = _passes_until_choice(move(s, (rek,), "bf1"))
    return _passes_until_choice(choose(s, "p1", use=True)), drone, second, fury


def test_reksai_banishes_a_revealed_unit_and_plays_it_into_her_attack() -> None:
    s, drone, second, fury = _reksai_attacks(game())
    assert engine.pending(s)[0].options["from"] == [drone, second]   # both revealed
    s = choose(s, "p1", cards=[drone])
    s = choose(s, "p1", to="bf1")                    # a unit may go to her battlefield
    req = engine.pending(s)[0]
    # Void Drone, played from the banishment: 3 - 2 = 1 Energy (one rune exhausted)
    assert [c["payment"] for c in req.options["choices"]] == [{"exhaust": [fury[0]],
                                                               "recycle": []}]
    s = choose(s, "p1", **req.options["choices"][0])
    assert s.objects[drone].location == "bf1"
    assert s.players["p1"].main_deck[-1] == second  # the rest is recycled


def test_reksai_refuses_a_card_that_was_not_revealed() -> None:
    s, _, _, _ = _reksai_attacks(game())
    third = s.players["p1"].main_deck[2]
    assert violations(s, ChoiceMade(player="p1", choice={"cards": [third]}))


def test_void_drone_costs_full_price_from_the_hand() -> None:
    s = game()
    rune = runes(s, "p1", 1, FURY_RUNE)[0]
    drone = put(s, DRONE, "p1", "hand")
    d = CardPlayed(player="p1", card=drone, destination="base", payment=Payment(exhaust=(rune,)))
    assert violations(s, d) == ["356.4"]             # v1.3 356.4: no discount from the hand
    runes(s, "p1", 2, FURY_RUNE)
    s = pass_all(play(s, drone))
    assert s.objects[drone].zone == "base"


# --- Zaun Punk (SFD-160) ---------------------------------------------------------------------

ZAUN_PUNK = "SFD-160"


def test_zaun_punk_kills_its_own_gear_to_kill_another() -> None:
    s = game()
    runes(s, "p1", 3, ORDER_RUNE)
    mine = put(s, SUN_DISC, "p1", "base")
    theirs = put(s, SUN_DISC, "p2", "base", "base:p2")
    s = pass_all(play(s, put(s, ZAUN_PUNK, "p1", "hand"), choices={"kill": [mine]}))
    assert s.objects[mine].zone == "trash" and s.objects[theirs].zone == "trash"


def test_zaun_punk_unpaid_kills_nothing() -> None:
    s = game()
    runes(s, "p1", 3, ORDER_RUNE)
    mine = put(s, SUN_DISC, "p1", "base")
    theirs = put(s, SUN_DISC, "p2", "base", "base:p2")
    s = pass_all(play(s, put(s, ZAUN_PUNK, "p1", "hand")))
    assert s.objects[mine].zone == "base" and s.objects[theirs].zone == "base"


def test_zaun_punk_refuses_a_unit_as_the_gear_it_kills() -> None:
    s = game()
    runes(s, "p1", 3, ORDER_RUNE)
    unit = put(s, SKULKER, "p1", "base")
    punk = put(s, ZAUN_PUNK, "p1", "hand")
    d = CardPlayed(player="p1", card=punk, destination="base", choices={"kill": [unit]},
                   payment=pay_for(s, "p1", punk))
    assert violations(s, d) == ["356.2"]               # v1.3 356.2: a friendly gear only


# --- Legion Quartermaster (SFD-044) ----------------------------------------------------------

QUARTERMASTER = "SFD-044"


def test_legion_quartermaster_returns_a_friendly_gear_as_it_is_played() -> None:
    s = game()
    runes(s, "p1", 3, CALM_RUNE)
    gear = put(s, SUN_DISC, "p1", "base")
    qm = put(s, QUARTERMASTER, "p1", "hand")
    s = pass_all(play(s, qm, choices={"return": [gear]}))
    assert s.objects[qm].zone == "base" and gear in s.players["p1"].hand


def test_legion_quartermaster_cannot_be_played_without_returning_a_gear() -> None:
    s = game()
    runes(s, "p1", 3, CALM_RUNE)
    put(s, SUN_DISC, "p1", "base")
    theirs = put(s, SUN_DISC, "p2", "base", "base:p2")
    qm = put(s, QUARTERMASTER, "p1", "hand")
    bare = CardPlayed(player="p1", card=qm, destination="base", payment=pay_for(s, "p1", qm))
    assert violations(s, bare) == ["356.2.a.1"]        # the cost is not optional
    stolen = CardPlayed(player="p1", card=qm, destination="base", choices={"return": [theirs]},
                        payment=pay_for(s, "p1", qm))
    assert violations(s, stolen) == ["356.2"]          # a gear of its controller's only


# --- Bard, Mercurial (SFD-079) ---------------------------------------------------------------

BARD, LEGEND = "SFD-079", "OGN-247"


def test_bard_exhausts_the_legend_to_move_units_to_an_open_battlefield() -> None:
    s = game()
    runes(s, "p1", 5, MIND_RUNE)
    legend = put(s, LEGEND, "p1", "legend")
    control(s, "bf2", "p2")
    theirs = put(s, SKULKER, "p2", "battlefield", "bf2")  # bf2 is not open: bf1 is the one
    units = [put(s, SKULKER, "p1", "base") for _ in range(2)]
    stay = put(s, SKULKER, "p1", "base")
    s = _passes_until_choice(play(s, put(s, BARD, "p1", "hand"),
                                  choices={"exhaust_legend": True}))
    assert s.objects[legend].exhausted
    assert violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [theirs]}}))  # not p1's
    s = pass_all(choose(s, "p1", targets={"t": units}))
    assert all(s.objects[u].location == "bf1" for u in units)
    assert s.objects[stay].location == "base:p1"


def test_bard_without_the_legend_exhausted_moves_nobody_and_needs_a_ready_legend() -> None:
    s = game()
    runes(s, "p1", 5, MIND_RUNE)
    legend = put(s, LEGEND, "p1", "legend")
    s.objects[legend].exhausted = True
    bard = put(s, BARD, "p1", "hand")
    d = CardPlayed(player="p1", card=bard, destination="base", choices={"exhaust_legend": True},
                   payment=pay_for(s, "p1", bard))
    assert violations(s, d) == ["356.2"]               # no ready legend to exhaust
    unit = put(s, SKULKER, "p1", "base")
    s = pass_all(play(s, bard))
    assert s.objects[unit].location == "base:p1" and not s.chain
