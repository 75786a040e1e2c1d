"""Game-action primitives (v1.3 407-439): one mechanic per test, refusals included."""

from __future__ import annotations

import pytest

from riftlog.errors import ImpossibleDecision
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import ChainItem, GameState
from riftlog.rules.game_actions import actions as A
from tests.rules.board import (
    BALLISTA,
    CHAOS_RUNE,
    FURY_RUNE,
    PHANTOM,
    RECRUIT,
    SERGEANT,
    SKULKER,
    control,
    put,
    table,
)


def consistent(state: GameState) -> None:
    assert A.zone_problems(state) == []


# --- 413 draw ---------------------------------------------------------------------------


def test_draw_takes_the_top_card_into_hand_privately() -> None:
    s = table()
    top = put(s, SKULKER, "p1", "main_deck")
    put(s, SERGEANT, "p1", "main_deck")
    log: list[GameAction] = []
    assert A.draw(s, "p1", log) == 0
    assert s.players["p1"].hand == [top]
    assert s.objects[top].zone == "hand"
    (action,) = log
    assert action.kind == "draw" and action.rule == "413.1"
    assert action.visibility == "private:p1"  # v1.3 128: the card is the drawer's to see
    assert action.details["count"] == 1 and action.details["card"] == SKULKER
    assert action.responsible == "p1"  # v1.3 411.1
    consistent(s)


def test_draw_responsibility_can_be_the_games() -> None:
    s = table()
    put(s, SKULKER, "p1", "main_deck")
    log: list[GameAction] = []
    A.draw(s, "p1", log, responsible=None)  # v1.3 411.2
    assert log[0].responsible is None


def test_draw_with_empty_deck_burns_out_then_draws() -> None:
    # v1.3 413.4 / 431.2: draw what you can, burn out, draw the rest
    s = table()
    first = put(s, SKULKER, "p1", "main_deck")
    trashed = put(s, SERGEANT, "p1", "trash")
    log: list[GameAction] = []
    assert A.draw(s, "p1", log, 2) == 0
    assert s.players["p1"].hand == [first, trashed]
    assert s.players["p2"].points == 1
    assert s.players["p1"].burn_outs == 1
    assert [a.kind for a in log] == ["draw", "burn_out", "gain_points", "draw"]
    consistent(s)


def test_draw_burn_out_waits_for_a_recorded_deck_order() -> None:
    # v1.3 431.2.b: the recycled trash is randomized - the engine never shuffles itself
    s = table()
    put(s, SKULKER, "p1", "trash")
    put(s, SERGEANT, "p1", "trash")
    log: list[GameAction] = []
    assert A.draw(s, "p1", log) == 1
    assert s.queue[-1] == {"kind": "burn_out", "player": "p1", "draw": 1, "rule": "431.2"}
    assert log == [] and s.players["p2"].points == 0


def test_draw_burn_out_with_given_order() -> None:
    s = table()
    a = put(s, SKULKER, "p1", "trash")
    b = put(s, SERGEANT, "p1", "trash")
    log: list[GameAction] = []
    assert A.draw(s, "p1", log, burn_out_order=[b, a]) == 0
    assert s.players["p1"].hand == [b]
    assert s.players["p1"].main_deck == [a]
    consistent(s)


def test_draw_burn_out_needs_a_beneficiary_with_two_opponents() -> None:
    s = table(3)
    log: list[GameAction] = []
    assert A.draw(s, "p1", log) == 1
    assert s.queue[-1]["kind"] == "burn_out"
    assert A.draw(s, "p1", log, beneficiary="p3") == 1  # deck and trash still empty
    assert s.players["p3"].points >= 1


def test_repeated_burn_out_wins_at_once() -> None:
    # v1.3 431.3.b: points from burn outs in sequence win without waiting for a cleanup
    s = table()
    s.players["p2"].points = 7
    log: list[GameAction] = []
    A.draw(s, "p1", log)
    assert s.players["p2"].points == 9  # first burn out: 8 (no instant win), second: 9
    assert s.winner == ["p2"] and s.phase == "over"
    assert log[-1].kind == "win" and log[-1].rule == "431.3.b"


def test_burn_out_refuses_a_non_opponent() -> None:
    s = table()
    with pytest.raises(A.ImpossibleAction, match=r"v1.3 431.2.c"):
        A.burn_out(s, "p1", [], beneficiary="p1")


def test_burn_out_refuses_an_order_that_is_not_the_trash() -> None:
    s = table()
    put(s, SKULKER, "p1", "trash")
    put(s, SKULKER, "p1", "trash")
    with pytest.raises(A.ImpossibleAction, match=r"431.2.b"):
        A.burn_out(s, "p1", [], beneficiary="p2", order=["p1.c1"])


# --- 414 exhaust, 415 ready -------------------------------------------------------------


def test_exhaust_and_ready() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "base")
    log: list[GameAction] = []
    assert A.exhaust(s, u, log) is True
    assert s.objects[u].exhausted
    assert A.exhaust(s, u, log) is False  # v1.3 414.1.c: nothing additional happens
    assert A.ready(s, u, log) is True
    assert A.ready(s, u, log) is False  # v1.3 415.1.c
    assert [a.kind for a in log] == ["exhaust", "ready"]


def test_exhaust_refuses_a_card_in_hand() -> None:
    s = table()
    c = put(s, SKULKER, "p1", "hand")
    with pytest.raises(ImpossibleDecision, match=r"v1.3 414.1"):
        A.exhaust(s, c, [])


def test_ready_refuses_unknown_object() -> None:
    with pytest.raises(A.ImpossibleAction, match=r"415.1"):
        A.ready(table(), "nope", [])


# --- 416 recycle ------------------------------------------------------------------------


def test_recycle_unit_to_bottom_of_main_deck_and_rune_to_rune_deck() -> None:
    s = table()
    deck_top = put(s, SERGEANT, "p1", "main_deck")
    u = put(s, SKULKER, "p1", "trash")
    rune = put(s, CHAOS_RUNE, "p1", "base")
    put(s, FURY_RUNE, "p1", "rune_deck")
    log: list[GameAction] = []
    A.recycle(s, [u, rune], log)
    assert s.players["p1"].main_deck == [deck_top, u]
    assert s.players["p1"].rune_deck[-1] == rune  # v1.3 416.1.b
    assert log[0].visibility == "public"
    consistent(s)


def test_recycle_goes_to_the_owners_deck() -> None:
    # v1.3 416.1.c: each player's cards go to their own deck
    s = table()
    theirs = put(s, SKULKER, "p2", "base", controller="p1", oid="p2.x")
    A.recycle(s, [theirs], [], player="p1")
    assert s.players["p2"].main_deck == [theirs]
    assert s.objects[theirs].controller == "p2"


def test_recycle_from_hand_is_private() -> None:
    s = table()
    c = put(s, SKULKER, "p1", "hand")
    log: list[GameAction] = []
    A.recycle(s, [c], log)
    assert log[0].visibility == "private:p1" and "cards" not in log[0].details


def test_recycle_refuses_a_card_already_in_the_deck() -> None:
    s = table()
    c = put(s, SKULKER, "p1", "main_deck")
    with pytest.raises(A.ImpossibleAction, match=r"416.1"):
        A.recycle(s, [c], [])


def test_recycled_token_ceases_to_exist() -> None:
    s = table()
    t = A.create(s, RECRUIT, "p1", [])
    A.recycle(s, [t], [])
    assert s.objects[t].zone == "removed"  # v1.3 182.1.e, 183.1
    assert t not in s.players["p1"].main_deck
    consistent(s)


# --- 417 deal, 418 heal, 437 prevent ----------------------------------------------------------


def test_deal_marks_damage_without_killing() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "battlefield", "bf1")
    log: list[GameAction] = []
    assert A.deal(s, u, 5, log, source="spell") == 5
    assert s.objects[u].damage == 5
    assert s.objects[u].zone == "battlefield"  # v1.3 143.2.a: lethal kills are in cleanup
    assert log[0].details == {"amount": 5, "source": "spell"}


def test_deal_zero_is_not_dealt() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "base")
    log: list[GameAction] = []
    assert A.deal(s, u, 0, log) == 0  # v1.3 417.1.e
    assert log == []


def test_deal_refuses_a_unit_in_trash() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "trash")
    with pytest.raises(A.ImpossibleAction, match=r"417.1"):
        A.deal(s, u, 2, [])


def test_deal_refuses_a_rune() -> None:
    s = table()
    r = put(s, FURY_RUNE, "p1", "base")
    with pytest.raises(A.ImpossibleAction, match="not a unit"):
        A.deal(s, r, 2, [])


def test_heal_clears_damage() -> None:
    s = table()
    u = put(s, PHANTOM, "p1", "base")
    s.objects[u].damage = 3
    log: list[GameAction] = []
    assert A.heal(s, u, log, amount=1) == 1
    assert A.heal(s, u, log) == 2
    assert s.objects[u].damage == 0
    assert A.heal(s, u, log) == 0
    assert len(log) == 2


def test_heal_refuses_a_unit_not_on_the_board() -> None:
    s = table()
    u = put(s, PHANTOM, "p1", "hand")
    with pytest.raises(A.ImpossibleAction, match=r"v1.3 418.1"):
        A.heal(s, u, [])


def test_prevent_reduces_the_next_damage() -> None:
    s = table()
    u = put(s, PHANTOM, "p1", "base")
    log: list[GameAction] = []
    A.prevent(s, u, 3, log)
    assert A.deal(s, u, 2, log) == 0  # v1.3 437.4: all prevented, not dealt at all
    assert s.objects[u].mods["prevent"] == 1
    assert A.deal(s, u, 4, log) == 3
    assert "prevent" not in s.objects[u].mods  # 437.3.a
    assert s.objects[u].damage == 3


def test_prevent_all_stays_all() -> None:
    s = table()
    u = put(s, PHANTOM, "p1", "base")
    A.prevent(s, u, "all", [])
    assert A.deal(s, u, 99, []) == 0
    assert s.objects[u].mods["prevent"] == "all"  # 437.3.c


def test_prevent_refuses_zero() -> None:
    s = table()
    u = put(s, PHANTOM, "p1", "base")
    with pytest.raises(A.ImpossibleAction, match=r"437"):
        A.prevent(s, u, 0, [])


# --- 421 hide, 422 discard, 424 reveal, 427 banish, 428 kill --------------------------------------


def test_hide_puts_a_card_facedown_at_a_controlled_battlefield() -> None:
    s = table()
    control(s, "bf1", "p1")
    c = put(s, SKULKER, "p1", "hand")
    log: list[GameAction] = []
    A.hide(s, c, "bf1", log)
    assert s.battlefield("bf1").facedown == [c]
    assert s.objects[c].face_down and s.objects[c].zone == "facedown"
    assert log[0].visibility == "private:p1"
    consistent(s)


def test_hide_refuses_a_battlefield_you_do_not_control() -> None:
    s = table()
    c = put(s, SKULKER, "p1", "hand")
    with pytest.raises(A.ImpossibleAction, match=r"107.3.c"):
        A.hide(s, c, "bf1", [])


def test_hide_refuses_a_full_facedown_zone() -> None:
    s = table()
    control(s, "bf1", "p1")
    A.hide(s, put(s, SKULKER, "p1", "hand"), "bf1", [])
    with pytest.raises(A.ImpossibleAction, match=r"107.3.b"):
        A.hide(s, put(s, SKULKER, "p1", "hand"), "bf1", [])


def test_discard_from_hand_to_trash() -> None:
    s = table()
    c = put(s, SKULKER, "p1", "hand")
    log: list[GameAction] = []
    A.discard(s, [c], log)
    assert s.players["p1"].trash == [c]
    assert log[0].kind == "discard" and log[0].visibility == "public"
    consistent(s)


def test_discard_refuses_a_card_not_in_hand() -> None:
    s = table()
    c = put(s, SKULKER, "p1", "base")
    with pytest.raises(A.ImpossibleAction, match=r"422.1"):
        A.discard(s, [c], [])


def test_reveal_leaves_the_card_in_place() -> None:
    s = table()
    c = put(s, SKULKER, "p1", "main_deck")
    log: list[GameAction] = []
    A.reveal(s, [c], log)
    assert s.players["p1"].main_deck == [c]  # v1.3 424.1.a.2
    assert log[0].details["cards"] == [SKULKER] and log[0].visibility == "public"


def test_banish_from_anywhere() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "battlefield", "bf1")
    s.objects[u].damage = 1
    A.banish(s, [u], [])
    assert s.players["p1"].banishment == [u]
    assert s.objects[u].damage == 0  # v1.3 110
    consistent(s)


def test_banish_refuses_banished_card() -> None:
    s = table()
    c = put(s, SKULKER, "p1", "banishment")
    with pytest.raises(A.ImpossibleAction, match=r"427.1"):
        A.banish(s, [c], [])


def test_kill_sends_to_owners_trash_and_clears_modifications() -> None:
    s = table()
    u = put(s, SKULKER, "p2", "battlefield", "bf1", controller="p1", oid="p2.x")
    obj = s.objects[u]
    obj.damage, obj.buffed, obj.stunned, obj.mods = 2, True, True, {"might": 2}
    log: list[GameAction] = []
    A.kill(s, [u], log, attribution=["c1"], player="p1")
    assert s.players["p2"].trash == [u]  # owner's trash (v1.3 428.2)
    assert (obj.damage, obj.buffed, obj.stunned, obj.mods) == (0, False, False, {})  # 110
    assert obj.controller == "p2" and obj.location is None
    assert log[0].details["attribution"] == ["c1"] and log[0].responsible == "p1"
    consistent(s)


def test_kill_refuses_card_in_hand() -> None:
    s = table()
    c = put(s, SKULKER, "p1", "hand")
    with pytest.raises(A.ImpossibleAction, match=r"428.1"):
        A.kill(s, [c], [])


def test_kill_refuses_a_rune() -> None:
    s = table()
    r = put(s, FURY_RUNE, "p1", "base")
    with pytest.raises(A.ImpossibleAction, match="not a permanent"):
        A.kill(s, [r], [])


def test_killed_token_ceases_to_exist() -> None:
    s = table()
    t = A.create(s, RECRUIT, "p1", [])
    A.kill(s, [t], [])
    assert s.objects[t].zone == "removed" and s.players["p1"].trash == []


# --- 423 stun, 426 buff, 432 double, 433 swap -----------------------------------------------


def test_stun_once() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "base")
    assert A.stun(s, u, []) is True
    assert A.stun(s, u, []) is False  # v1.3 423.1.a.1


def test_stun_refuses_unit_in_hand() -> None:
    s = table()
    with pytest.raises(A.ImpossibleAction, match=r"423.1"):
        A.stun(s, put(s, SKULKER, "p1", "hand"), [])


def test_buff_at_most_one() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "base")
    log: list[GameAction] = []
    assert A.buff(s, u, log) is True
    assert A.buff(s, u, log) is False  # v1.3 426.1.b.1
    assert len(log) == 1


def test_buff_refuses_a_unit_in_trash() -> None:
    s = table()
    with pytest.raises(A.ImpossibleAction, match=r"426.1"):
        A.buff(s, put(s, SKULKER, "p1", "trash"), [])


def test_double_adds_the_current_value() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "base")
    A.double(s, u, 5, [])
    assert s.objects[u].mods["might"] == 5


def test_swap_reverses_two_values() -> None:
    s = table()
    a = put(s, SKULKER, "p1", "base")
    b = put(s, PHANTOM, "p1", "base")
    A.swap(s, (a, "might", 3), (b, "might", 5), [])
    assert s.objects[a].mods["might"] == 2 and s.objects[b].mods["might"] == -2


def test_swap_equal_values_does_nothing() -> None:
    s = table()
    a = put(s, SKULKER, "p1", "base")
    b = put(s, SKULKER, "p1", "base")
    log: list[GameAction] = []
    A.swap(s, (a, "might", 3), (b, "might", 3), log)
    assert log == [] and s.objects[a].mods == {}  # v1.3 433.1.c


# --- 425 counter ----------------------------------------------------------------------------


def test_counter_a_spell_sends_it_to_trash() -> None:
    s = table()
    c = put(s, SKULKER, "p1", "hand")
    A.change_zone(s, s.objects[c], "chain")
    s.chain.append(ChainItem(id="c1", kind="spell", controller="p1", source=c))
    consistent(s)
    A.counter(s, "c1", [], player="p2")
    assert s.chain == [] and s.players["p1"].trash == [c]
    consistent(s)


def test_counter_an_ability() -> None:
    s = table()
    s.chain.append(ChainItem(id="c1", kind="ability", controller="p1", source=None))
    A.counter(s, "c1", [])
    assert s.chain == []


def test_counter_refuses_missing_item() -> None:
    with pytest.raises(A.ImpossibleAction, match=r"425.1"):
        A.counter(table(), "c9", [])


# --- 429 add, 430 channel ---------------------------------------------------------------------


def test_add_energy_and_power() -> None:
    s = table()
    A.add(s, "p1", [], energy=2, power={"Fury": 1})
    A.add(s, "p1", [], power={"Fury": 1, "Any": 1})
    assert s.players["p1"].pool.energy == 2
    assert s.players["p1"].pool.power == {"Fury": 2, "Any": 1}


def test_add_refuses_negative() -> None:
    with pytest.raises(A.ImpossibleAction, match=r"429.1"):
        A.add(table(), "p1", [], energy=-1)


def test_channel_puts_top_runes_in_base_ready() -> None:
    s = table()
    r1 = put(s, FURY_RUNE, "p1", "rune_deck")
    r2 = put(s, CHAOS_RUNE, "p1", "rune_deck")
    log: list[GameAction] = []
    assert A.channel(s, "p1", log) == [r1]
    assert s.players["p1"].base == [r1] and s.players["p1"].rune_deck == [r2]
    assert not s.objects[r1].exhausted  # v1.3 430.2: ready unless the effect says so
    assert s.objects[r1].location == "base:p1"
    consistent(s)


def test_channel_exhausted_and_as_many_as_possible() -> None:
    s = table()
    r1 = put(s, FURY_RUNE, "p1", "rune_deck")
    assert A.channel(s, "p1", [], 2, exhausted=True) == [r1]  # v1.3 315.3.b.1
    assert s.objects[r1].exhausted


# --- 434 attach, 435 detach ---------------------------------------------------------------------


def test_attach_gear_to_a_unit_at_a_battlefield_and_detach() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "battlefield", "bf1")
    g = put(s, BALLISTA, "p1", "base")
    assert A.attach(s, g, u, []) is True
    assert s.objects[g].location == "bf1" and s.objects[g].attached_to == u
    assert g in s.battlefield("bf1").units
    assert A.attach(s, g, u, []) is False  # v1.3 434.1.g
    consistent(s)
    assert A.detach(s, g, []) is True
    assert s.battlefield("bf1").gear == [g]  # recalled in the next cleanup (435.4.a)
    assert A.detach(s, g, []) is False  # 435.1.a.1
    consistent(s)


def test_attached_gear_stays_when_unit_dies() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "battlefield", "bf1")
    g = put(s, BALLISTA, "p1", "base")
    A.attach(s, g, u, [])
    A.kill(s, [u], [])
    assert s.objects[g].attached_to is None and s.objects[g].location == "bf1"  # 435.4.b
    assert s.battlefield("bf1").gear == [g]
    consistent(s)


def test_attach_refuses_a_card_in_hand() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "base")
    with pytest.raises(A.ImpossibleAction, match=r"434.1"):
        A.attach(s, put(s, SKULKER, "p1", "hand"), u, [])


# --- 436 predict ----------------------------------------------------------------------------------


def test_predict_recycles_chosen_and_reorders_rest() -> None:
    s = table()
    a = put(s, SKULKER, "p1", "main_deck")
    b = put(s, SERGEANT, "p1", "main_deck")
    c = put(s, PHANTOM, "p1", "main_deck")
    log: list[GameAction] = []
    A.predict(s, "p1", log, count=2, recycled=[a], keep_order=[b])
    assert s.players["p1"].main_deck == [b, c, a]
    assert log[0].visibility == "private:p1" and log[0].details["recycled"] == 1
    consistent(s)


def test_predict_refuses_recycling_an_unseen_card() -> None:
    s = table()
    put(s, SKULKER, "p1", "main_deck")
    c = put(s, SERGEANT, "p1", "main_deck")
    with pytest.raises(A.ImpossibleAction, match=r"436.1.a"):
        A.predict(s, "p1", [], count=1, recycled=[c])


def test_predict_with_empty_deck_does_not_burn_out() -> None:
    s = table()
    A.predict(s, "p1", [], count=1)
    assert s.players["p1"].burn_outs == 0  # v1.3 436.4.a


# --- 438 replace, 439 create ---------------------------------------------------------------------


def test_create_token_unit_enters_exhausted() -> None:
    s = table()
    log: list[GameAction] = []
    t = A.create(s, RECRUIT, "p1", log)
    obj = s.objects[t]
    assert obj.token and obj.exhausted and obj.location == "base:p1"  # v1.3 143.4, 439.4
    assert s.players["p1"].base == [t]
    consistent(s)


def test_create_at_a_battlefield_contests_it() -> None:
    s = table()
    t = A.create(s, RECRUIT, "p1", [], location="bf2", exhausted=False)
    assert s.battlefield("bf2").units == [t]
    assert s.battlefield("bf2").contested_by == "p1"  # v1.3 187.3.a.1


def test_create_refuses_unknown_battlefield() -> None:
    with pytest.raises(A.ImpossibleAction, match=r"107.2"):
        A.create(table(), RECRUIT, "p1", [], location="bf9")


def test_replace_puts_token_in_place_and_banishes_card() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "battlefield", "bf1", exhausted=True)
    s.objects[u].damage = 1
    t = A.replace(s, u, RECRUIT, [])
    new = s.objects[t]
    assert new.location == "bf1" and new.exhausted and new.damage == 1  # 438.1
    assert s.players["p1"].banishment == [u]
    assert s.extra["replaced"] == {t: u}
    consistent(s)


# --- zone invariant -------------------------------------------------------------------------


def test_zone_problems_finds_duplicates() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "hand")
    s.players["p1"].trash.append(u)
    assert A.zone_problems(s)


def test_change_zone_board_to_board_keeps_status() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "battlefield", "bf1")
    s.objects[u].damage = 2
    A.recall(s, u, [])
    assert s.objects[u].damage == 2 and s.objects[u].location == "base:p1"  # v1.3 453.1
    consistent(s)
