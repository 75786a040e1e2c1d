"""Batch ogn_201_250, spells: Invert Timelines, Possession, Back to Back, Cull the Weak,
Hidden Blade, Salvage, Grand Strategem, King's Edict, Icathian Rain, Stormbringer (and Jinx,
Rebel, whose trigger the discards of Invert Timelines set off)."""

from __future__ import annotations

from typing import Any

from riftlog.events.abilities import ChoiceMade
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    CHAOS_RUNE,
    ORDER_RUNE,
    SKULKER,
    choose,
    game,
    pass_all,
    pay_for,
    play,
    put,
    runes,
    spell_played,
    violations,
)
from tests.cards_engine.helpers import cast as cast_from_hand

INVERT, JINX, POSSESSION, BACK2BACK, CULL = "OGN-201", "OGN-202", "OGN-203", "OGN-206", "OGN-209"
BLADE, SALVAGE, STRATAGEM, EDICT = "OGN-213", "OGN-224", "OGN-233", "OGN-237"
RAIN, STORMBRINGER = "OGN-248", "OGN-250"
GEAR = "OGN-163"  # Seal of Strength, a gear


def cast(s: GameState, card: str, rune: str = ORDER_RUNE, n: int = 8, **kw: Any) -> GameState:
    runes(s, "p1", n, rune)
    return cast_from_hand(s, card, **kw)


def unpaid(s: GameState, card: str, **kw: Any) -> list[str]:
    spell = put(s, card, "p1", "hand")
    return violations(s, CardPlayed(player="p1", card=spell, payment=Payment(), **kw))


def test_invert_timelines_every_hand_is_discarded_then_four_drawn() -> None:
    s = game()
    old = [put(s, SKULKER, "p1", "hand"), put(s, SKULKER, "p2", "hand"), put(s, SKULKER, "p2", "hand")]
    s = pass_all(cast(s, INVERT, CHAOS_RUNE))
    assert all(s.objects[o].zone == "trash" for o in old)
    assert len(s.players["p1"].hand) == 4 and len(s.players["p2"].hand) == 4


def test_invert_timelines_needs_its_cost() -> None:
    assert "165.2" in unpaid(game(), INVERT)


def test_jinx_rebel_readies_and_grows_once_per_discard() -> None:
    s = game()
    jinx = put(s, JINX, "p1", "base", exhausted=True)
    put(s, SKULKER, "p1", "hand")
    put(s, SKULKER, "p1", "hand")
    s = cast(s, INVERT, CHAOS_RUNE)
    s = pass_all(s)
    assert not s.objects[jinx].exhausted
    assert layers.might_of(s, jinx) == 6  # +1 once, though two cards were discarded


def test_jinx_rebel_ignores_an_opponents_discard() -> None:
    s = game()
    jinx = put(s, JINX, "p1", "base", exhausted=True)
    put(s, SKULKER, "p2", "hand")
    s = pass_all(cast(s, INVERT, CHAOS_RUNE))
    assert s.objects[jinx].exhausted and layers.might_of(s, jinx) == 5


def test_possession_takes_an_enemy_unit_at_a_battlefield_to_my_base() -> None:
    s = game()
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, POSSESSION, CHAOS_RUNE, targets={"t": (foe,)}))
    assert s.objects[foe].controller == "p1" and s.objects[foe].location == "base:p1"
    assert foe in s.players["p1"].base


def test_possession_refuses_an_enemy_unit_in_its_base() -> None:
    s = game()
    foe = put(s, SKULKER, "p2", "base")
    runes(s, "p1", 8, CHAOS_RUNE)
    d = spell_played(s, POSSESSION, targets={"t": (foe,)})
    assert "355.5.b" in violations(s, d)


def test_back_to_back_gives_two_friendly_units_two_might() -> None:
    s = game()
    a, b = put(s, SKULKER, "p1", "base"), put(s, SKULKER, "p1", "battlefield", "bf1")
    s = pass_all(cast(s, BACK2BACK, targets={"t": (a, b)}))
    assert layers.might_of(s, a) == 5 and layers.might_of(s, b) == 5


def test_back_to_back_refuses_an_enemy_unit() -> None:
    s = game()
    a, foe = put(s, SKULKER, "p1", "base"), put(s, SKULKER, "p2", "base")
    runes(s, "p1", 3)
    d = spell_played(s, BACK2BACK, targets={"t": (a, foe)})
    assert "355.5" in violations(s, d)


def _cull(s: GameState) -> tuple[GameState, list[str], str]:
    mine = [put(s, SKULKER, "p1", "base"), put(s, SKULKER, "p1", "battlefield", "bf1")]
    foe = put(s, SKULKER, "p2", "base")
    s = pass_all(cast(s, CULL))
    return s, mine, foe


def test_cull_the_weak_each_player_kills_one_of_their_units() -> None:
    s, mine, foe = _cull(game())
    (req,) = engine.pending(s)
    assert req.player == "p1" and sorted(req.options["from"]) == sorted(mine)
    s = pass_all(choose(s, "p1", cards=[mine[1]]))
    assert s.objects[mine[1]].zone == "trash" and s.objects[mine[0]].zone == "base"
    assert s.objects[foe].zone == "trash"  # p2's only unit: no choice to record


def test_cull_the_weak_refuses_picking_an_opponents_unit() -> None:
    s, _, foe = _cull(game())
    assert "378" in violations(s, ChoiceMade(player="p1", choice={"cards": [foe]}))


def test_hidden_blade_kills_a_unit_at_a_battlefield_and_its_controller_draws_two() -> None:
    s = game()
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, BLADE, targets={"t": (foe,)}))
    assert s.objects[foe].zone == "trash" and len(s.players["p2"].hand) == 2
    assert len(s.players["p1"].hand) == 0


def test_hidden_blade_refuses_a_unit_in_a_base() -> None:
    s = game()
    foe = put(s, SKULKER, "p2", "base")
    put(s, SKULKER, "p2", "battlefield", "bf1")  # a legal target exists
    runes(s, "p1", 3)
    d = spell_played(s, BLADE, targets={"t": (foe,)})
    assert "355.5" in violations(s, d)


def test_salvage_kills_a_gear_and_draws() -> None:
    s = game()
    gear = put(s, GEAR, "p2", "base")
    s = pass_all(cast(s, SALVAGE, targets={"t": (gear,)}))
    assert s.objects[gear].zone == "trash" and len(s.players["p1"].hand) == 1


def test_salvage_may_kill_no_gear_and_still_draws() -> None:
    s = pass_all(cast(game(), SALVAGE))
    assert len(s.players["p1"].hand) == 1


def test_salvage_refuses_a_unit() -> None:
    s = game()
    foe = put(s, SKULKER, "p2", "base")
    runes(s, "p1", 3)
    d = spell_played(s, SALVAGE, targets={"t": (foe,)})
    assert "355.5" in violations(s, d)


def test_grand_stratagem_gives_every_friendly_unit_five_might() -> None:
    s = game()
    a, b = put(s, SKULKER, "p1", "base"), put(s, SKULKER, "p1", "battlefield", "bf1")
    foe = put(s, SKULKER, "p2", "base")
    s = pass_all(cast(s, STRATAGEM))
    assert layers.might_of(s, a) == 8 and layers.might_of(s, b) == 8
    assert layers.might_of(s, foe) == 3


def test_grand_stratagem_needs_its_cost() -> None:
    assert "165.2" in unpaid(game(), STRATAGEM)


def _edict(s: GameState) -> tuple[GameState, str, list[str]]:
    mine = put(s, SKULKER, "p1", "base")
    theirs = [put(s, SKULKER, "p2", "base"), put(s, SKULKER, "p2", "battlefield", "bf2")]
    return pass_all(cast(s, EDICT)), mine, theirs


def test_kings_edict_the_opponent_picks_a_unit_the_caster_does_not_control() -> None:
    s, mine, theirs = _edict(game())
    (req,) = engine.pending(s)
    assert req.player == "p2" and sorted(req.options["from"]) == sorted(theirs)
    s = pass_all(choose(s, "p2", cards=[theirs[0]]))
    assert s.objects[theirs[0]].zone == "trash"
    assert s.objects[theirs[1]].zone == "battlefield" and s.objects[mine].zone == "base"


def test_kings_edict_refuses_picking_the_casters_unit() -> None:
    s, mine, _ = _edict(game())
    assert "378" in violations(s, ChoiceMade(player="p2", choice={"cards": [mine]}))
    assert violations(s, ChoiceMade(player="p1", choice={"cards": [mine]}))  # not p1's choice


def test_icathian_rain_and_stormbringer_cost_power_of_any_domain() -> None:
    """Two-domain spells: their Power symbols are [A] (v1.3 135.2.e.5.a); Chaos pays both."""
    from riftlog.rules.board.resources import Cost, card_cost

    assert card_cost(RAIN) == Cost(7, {"Any": 3})
    assert card_cost(STORMBRINGER) == Cost(6, {"Any": 2})
    for card, power in ((RAIN, 3), (STORMBRINGER, 2)):
        s = game()
        runes(s, "p1", 8, CHAOS_RUNE)
        spell = put(s, card, "p1", "hand")
        payment = pay_for(s, "p1", spell)
        assert len(payment.recycle) == power
        energy_only = Payment(exhaust=payment.exhaust)
        assert "165.2" in violations(s, CardPlayed(player="p1", card=spell, payment=energy_only))


def test_icathian_rain_six_separate_two_damage_hits(encode: Any) -> None:
    s = game()
    a, b = put(s, SKULKER, "p2", "base"), put(s, SKULKER, "p2", "battlefield", "bf1")
    mine = put(s, SKULKER, "p1", "base")
    targets = {"t1": (a,), "t2": (a,), "t3": (b,), "t4": (b,), "t5": (mine,), "t6": (b,)}
    s = pass_all(cast(s, RAIN, n=10, targets=targets))
    assert s.objects[a].zone == "trash" and s.objects[b].zone == "trash"
    assert s.objects[mine].damage == 2


def test_icathian_rain_needs_all_six_targets(encode: Any) -> None:
    s = game()
    a = put(s, SKULKER, "p2", "base")
    runes(s, "p1", 10)
    d = spell_played(s, RAIN, targets={f"t{i}": (a,) for i in range(1, 6)})
    assert "355.5" in violations(s, d)


def test_stormbringer_deals_its_might_to_enemies_there_then_moves_it(encode: Any) -> None:
    s = game()
    mine = put(s, SKULKER, "p1", "base")
    foes = [put(s, SKULKER, "p2", "battlefield", "bf1"), put(s, SKULKER, "p2", "battlefield", "bf1")]
    far = put(s, SKULKER, "p2", "battlefield", "bf2")
    s = pass_all(cast(s, STORMBRINGER, targets={"u": (mine,), "bf": ("bf1",)}))
    assert all(s.objects[f].zone == "trash" for f in foes) and s.objects[far].damage == 0
    assert s.objects[mine].location == "bf1"


def test_stormbringer_refuses_a_unit_that_is_not_in_base(encode: Any) -> None:
    s = game()
    mine = put(s, SKULKER, "p1", "battlefield", "bf2")
    runes(s, "p1", 8)
    d = spell_played(s, STORMBRINGER, targets={"u": (mine,), "bf": ("bf1",)})
    assert "355.5.b" in violations(s, d)


GLORY, FACEBREAKER = "OGN-207", "OGN-220"


def test_call_to_glory_free_by_spending_a_buff() -> None:
    from riftlog.rules.playing.play import total_cost

    s = game()
    buffed = put(s, SKULKER, "p1", "base")
    s.objects[buffed].buffed = True
    target = put(s, SKULKER, "p2", "battlefield", "bf1")
    spell = put(s, GLORY, "p1", "hand")
    assert total_cost(s, "p1", spell).energy == 3
    assert total_cost(s, "p1", spell, choices={"spend_buff": [buffed]}).energy == 0
    s = play(s, spell, destination=None, payment=Payment(), targets={"t": (target,)},
             choices={"spend_buff": [buffed]})
    assert not s.objects[buffed].buffed
    s = pass_all(s)
    assert layers.might_of(s, target) == 6


def test_call_to_glory_paid_normally_and_refusing_a_missing_buff() -> None:
    s = game()
    plain = put(s, SKULKER, "p1", "base")
    s = pass_all(cast(s, GLORY, n=3, targets={"t": (plain,)}))
    assert layers.might_of(s, plain) == 6
    spell = put(s, GLORY, "p1", "hand")
    d = CardPlayed(player="p1", card=spell, payment=Payment(), targets={"t": (plain,)},
                   choices={"spend_buff": [plain]})
    assert "702.2.b" in violations(s, d)
    unpaid_play = CardPlayed(player="p1", card=spell, payment=Payment(), targets={"t": (plain,)})
    assert "165.2" in violations(s, unpaid_play)


def test_facebreaker_stuns_a_friendly_and_an_enemy_unit_at_one_battlefield() -> None:
    s = game()
    mine, foe = put(s, SKULKER, "p1", "battlefield", "bf1"), put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, FACEBREAKER, targets={"f": (mine,), "e": (foe,)}))
    assert s.objects[mine].stunned and s.objects[foe].stunned


def test_facebreaker_refuses_units_at_different_battlefields() -> None:
    s = game()
    mine, foe = put(s, SKULKER, "p1", "battlefield", "bf1"), put(s, SKULKER, "p2", "battlefield", "bf2")
    runes(s, "p1", 2)
    d = spell_played(s, FACEBREAKER, targets={"f": (mine,), "e": (foe,)})
    assert violations(s, d) == ["355.11"]
