"""Replacement effects on deaths with recorded choices (v1.3 370.2, 370.3, 371, 372, 373,
373.1, 373.2; riftlog.rules.interpreter.replacement_effects), with the rules' own Examples as boards.

Cards named in an Example that the catalog lacks or the engine does not encode are given
test-only encodings with the ``encode`` fixture (said where it is done).
"""

from __future__ import annotations

from typing import Any

import pytest

from riftlog.cards.vocab import (
    IT,
    ME,
    Draw,
    EventFromHere,
    Exhaust,
    Heal,
    Kill,
    Recall,
    Replacement,
    SpellEffect,
    Target,
)
from riftlog.errors import IllegalDecision, UnsupportedRule
from riftlog.events.abilities import ChoiceMade
from riftlog.rules import engine
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.flow import turn
from riftlog.rules.interpreter import effects
from tests.cards_engine.conftest import encode  # noqa: F401  (fixture)
from tests.cards_engine.helpers import (
    ORDER_RUNE,
    SKULKER,
    Encode,
    awaited_choice,
    choose,
    cleanup_with_lethal,
    game,
    pass_all,
    play,
    put,
    runes,
)

ZHONYA = "OGN-077"     # Zhonya's Hourglass: a friendly unit's next death kills it instead
VENGEANCE = "OGN-229"  # spell: kill a unit
RECRUIT = "OGN-271"    # 1-Might Recruit token
SAVER = "OGN-219"      # a plain unit given test-only replacement encodings below
SAVER_TOO = "OGN-111"  # another plain unit, idem


def _options(state: GameState) -> list[tuple[str, list[str]]]:
    return [(o["replacement"], o["events"]) for o in awaited_choice(state)["options"]["options"]]


def _pick(state: GameState, pid: str, key: str, events: list[str], **extra: Any) -> GameState:
    return choose(state, pid, apply={"replacement": key, "events": events}, **extra)


# --- 373 (its Example): two deaths in one cleanup, one Hourglass ------------------------


def test_v1_3_373_two_units_die_in_one_cleanup_the_player_chooses_which_is_saved() -> None:
    s = game()
    zhonya = put(s, ZHONYA, "p1", "base")
    a = put(s, SKULKER, "p1", "battlefield", "bf1")
    b = put(s, SKULKER, "p1", "battlefield", "bf1")
    cleanup_with_lethal(s, a, b)
    req = awaited_choice(s)
    assert req["player"] == "p1" and req["rule"] == "373"       # its controller chooses
    assert _options(s) == [(f"{zhonya}#0", [a]), (f"{zhonya}#0", [b])]
    assert s.objects[a].zone == s.objects[b].zone == "battlefield"  # nothing died yet
    s = _pick(s, "p1", f"{zhonya}#0", [b])
    assert s.objects[b].zone == "base" and s.objects[b].damage == 0   # saved, recalled
    assert s.objects[a].zone == "trash" and s.objects[zhonya].zone == "trash"


def test_v1_3_373_the_choice_must_be_one_of_the_options_and_cannot_be_declined() -> None:
    s = game()
    zhonya = put(s, ZHONYA, "p1", "base")
    a = put(s, SKULKER, "p1", "battlefield", "bf1")
    b = put(s, SKULKER, "p1", "battlefield", "bf1")
    cleanup_with_lethal(s, a, b)
    assert engine.check(s, ChoiceMade(player="p1", choice={"apply": None}))       # mandatory
    assert engine.check(s, ChoiceMade(player="p1", choice={"apply": {              # not an event
        "replacement": f"{zhonya}#0", "events": [zhonya]}}))
    assert engine.check(s, ChoiceMade(player="p2", choice={"apply": {              # not p2's
        "replacement": f"{zhonya}#0", "events": [a]}}))
    with pytest.raises(IllegalDecision):
        choose(s, "p1", apply=None)


# --- 372: two replacements for one event, the owner orders them -----------------------


def test_v1_3_372_two_hourglasses_for_one_death_the_owner_chooses_which_applies() -> None:
    s = game()
    z1 = put(s, ZHONYA, "p1", "base")
    z2 = put(s, ZHONYA, "p1", "base")
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    cleanup_with_lethal(s, unit)
    req = awaited_choice(s)
    assert req["player"] == "p1" and req["rule"] == "372"
    assert _options(s) == [(f"{z1}#0", [unit]), (f"{z2}#0", [unit])]
    s = _pick(s, "p1", f"{z2}#0", [unit])
    assert s.objects[unit].zone == "base"
    assert s.objects[z2].zone == "trash" and s.objects[z1].zone == "base"  # applied once (370.2)


# --- 370.2 (its Example): two Hourglasses that are units ----------------------------------


def test_v1_3_370_2_example_the_hourglass_applied_last_dies(encode: Encode) -> None:  # noqa: F811
    """The Example's Hourglasses are gear made units by a spell; test-only: two units whose
    own text is the Hourglass's replacement stand for them."""
    for card in (SAVER, SAVER_TOO):
        encode(card, Replacement("hourglass as a unit", event="die", who="friendly_unit",
                                 effect=(Kill(ME), Heal(IT), Exhaust(IT), Recall(IT))))
    s = game()
    first = put(s, SAVER, "p1", "battlefield", "bf1")
    second = put(s, SAVER_TOO, "p1", "battlefield", "bf1")
    log: list[GameAction] = []
    s.objects[first].damage = 9
    turn.cleanup(s, log)
    # the killed one's death: both could apply to it (372), the owner picks the first copy
    assert _options(s) == [(f"{first}#0", [first]), (f"{second}#0", [first])]
    s = _pick(s, "p1", f"{first}#0", [first])
    # first replaced its own death by killing itself: a replacing event, which the second
    # copy replaced in turn; the second's own death could only be replaced by the first,
    # already applied to this event (370.2): the second dies
    assert s.objects[first].zone == "base" and s.objects[second].zone == "trash"
    assert not s.queue or s.queue[0].get("request") != "choice"  # nothing else to choose


def test_v1_3_370_2_a_replacement_killing_its_source_does_not_loop(encode: Encode) -> None:  # noqa: F811
    encode(SAVER, Replacement("my death: kill me", event="die", who="me", effect=(Kill(ME),)))
    s = game()
    unit = put(s, SAVER, "p1", "base")
    effects.kill(s, [unit], [])
    assert s.objects[unit].zone == "trash"


# --- 370.3 (its Example): a replacement works from where it is as the event occurs -------


def test_v1_3_370_3_a_saver_in_the_trash_does_nothing_for_a_simultaneous_death(
        encode: Encode) -> None:  # noqa: F811
    """The Example's saver works from the trash; test-only: a saver that works from the
    board is already in the trash when the Recruit dies, so nothing replaces that death."""
    encode(SAVER, Replacement("save another friend", event="die", who="other_friendly_unit",
                              effect=(Heal(IT), Exhaust(IT), Recall(IT))))
    s = game()
    saver = put(s, SAVER, "p1", "trash")
    recruit = put(s, RECRUIT, "p1", "battlefield", "bf1")
    log: list[GameAction] = []
    effects.kill(s, [recruit], log)
    assert s.objects[saver].zone == "trash"
    assert recruit not in s.objects or s.objects[recruit].zone not in ("base", "battlefield")
    assert not [a for a in log if a.kind == "replace"]


# --- 373.2 (its Example): Soraka and Guardian Angel ---------------------------------------


def _soraka_board(enc: Encode) -> tuple[GameState, str, list[str], list[str]]:
    """Test-only: SAVER stands for Soraka, Wanderer (each other friendly unit here that would
    die is saved, in one application, 373.2) with the replacement Guardian Angel appends to
    her (her own death is replaced); two 1-Might Recruits at her battlefield, two in base."""
    enc(SAVER,
        Replacement("others here", event="die", who="other_friendly_unit", each=True,
                    condition=EventFromHere(), effect=(Heal(IT), Exhaust(IT), Recall(IT))),
        Replacement("angel: my death", event="die", who="me",
                    effect=(Heal(ME), Exhaust(ME), Recall(ME))))
    s = game()
    soraka = put(s, SAVER, "p1", "battlefield", "bf1")
    here = [put(s, RECRUIT, "p1", "battlefield", "bf1") for _ in range(2)]
    base = [put(s, RECRUIT, "p1", "base") for _ in range(2)]
    cleanup_with_lethal(s, soraka, *here, *base)
    return s, soraka, here, base


def test_v1_3_373_2_soraka_first_saves_those_here_then_the_angel_saves_her(
        encode: Encode) -> None:  # noqa: F811
    s, soraka, here, base = _soraka_board(encode)
    assert awaited_choice(s)["rule"] == "373"
    assert _options(s) == [(f"{soraka}#0", here), (f"{soraka}#1", [soraka])]
    s = _pick(s, "p1", f"{soraka}#0", here)
    # the angel's replacement is the only option left: it applies by itself
    assert s.objects[soraka].zone == "base"
    assert all(s.objects[r].zone == "base" for r in here)
    assert all(r not in s.objects or s.objects[r].zone not in ("base", "battlefield") for r in base)


def test_v1_3_373_2_the_angel_first_then_soraka_saves_only_those_in_base(
        encode: Encode) -> None:  # noqa: F811
    s, soraka, here, base = _soraka_board(encode)
    s = _pick(s, "p1", f"{soraka}#1", [soraka])
    # recalled, Soraka's "here" is her base now: her replacement qualifies for those events
    assert s.objects[soraka].zone == "base"
    assert all(s.objects[r].zone == "base" for r in base)
    assert all(r not in s.objects or s.objects[r].zone != "battlefield" for r in here)


# --- 371: optional and "once each turn" ----------------------------------------------------


def test_v1_3_371_1_an_optional_replacement_is_the_controllers_choice(encode: Encode) -> None:  # noqa: F811
    encode(SAVER, Replacement("may save me once a turn", event="die", who="me", optional=True,
                              once_each_turn=True, effect=(Heal(ME), Recall(ME))))
    s = game()
    unit = put(s, SAVER, "p1", "battlefield", "bf1")
    cleanup_with_lethal(s, unit)
    req = awaited_choice(s)
    assert req["options"]["choices"][-1] == {"apply": None}  # declining is offered
    s = _pick(s, "p1", f"{unit}#0", [unit])
    assert s.objects[unit].zone == "base"
    cleanup_with_lethal(s, unit)
    assert s.objects[unit].zone == "trash"   # once each turn: already applied (371)


def test_v1_3_371_2_declining_does_not_use_a_once_each_turn_replacement(encode: Encode) -> None:  # noqa: F811
    encode(SAVER, Replacement("may save another once a turn", event="die",
                              who="other_friendly_unit", optional=True, once_each_turn=True,
                              effect=(Heal(IT), Recall(IT))))
    s = game()
    saver = put(s, SAVER, "p1", "base")
    a = put(s, SKULKER, "p1", "battlefield", "bf1")
    b = put(s, SKULKER, "p1", "battlefield", "bf2")
    cleanup_with_lethal(s, a)
    s = choose(s, "p1", apply=None)
    assert s.objects[a].zone == "trash"
    cleanup_with_lethal(s, b)
    s = _pick(s, "p1", f"{saver}#0", [b])   # not applied yet this turn (371.2)
    assert s.objects[b].zone == "base"


# --- where a kill may wait ------------------------------------------------------------


def test_a_spell_kill_waits_for_the_choice_and_then_resolves_the_rest(encode: Encode) -> None:  # noqa: F811
    # test-only: a spell killing a unit, then drawing one card
    encode(VENGEANCE, SpellEffect((Kill(Target("unit")), Draw(1))))
    encode(SAVER, Replacement("may save another", event="die", who="other_friendly_unit",
                              optional=True, effect=(Heal(IT), Exhaust(IT), Recall(IT))))
    s = game()
    runes(s, "p1", 6, ORDER_RUNE)
    saver = put(s, SAVER, "p2", "base")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    hand = len(s.players["p1"].hand)
    s = pass_all(play(s, put(s, VENGEANCE, "p1", "hand"), targets=(foe,)))
    req = awaited_choice(s)
    assert req["player"] == "p2" and len(s.players["p1"].hand) == hand  # the draw waits
    s = _pick(s, "p2", f"{saver}#0", [foe])
    assert s.objects[foe].zone == "base" and len(s.players["p1"].hand) == hand + 1
    assert not s.chain


def test_a_choice_in_a_kill_that_cannot_wait_is_refused_by_name(encode: Encode) -> None:  # noqa: F811
    encode(SAVER, Replacement("may save me", event="die", who="me", optional=True,
                              effect=(Recall(ME),)))
    s = game()
    unit = put(s, SAVER, "p1", "base")
    with pytest.raises(UnsupportedRule, match=r"371\.1"):
        effects.kill(s, [unit], [])   # not a spell's instruction, a cleanup or a combat


# --- 373.1: replacements of different players on simultaneous deaths ---------------------


def test_v1_3_373_1_players_apply_theirs_in_turn_order() -> None:
    s = game()
    z1 = put(s, ZHONYA, "p1", "base")
    z2 = put(s, ZHONYA, "p2", "base")
    a = put(s, SKULKER, "p1", "battlefield", "bf1")
    b = put(s, SKULKER, "p1", "battlefield", "bf1")
    c = put(s, SKULKER, "p2", "battlefield", "bf1")
    cleanup_with_lethal(s, a, b, c)
    req = awaited_choice(s)
    assert req["player"] == "p1" and req["rule"] == "373.1"   # the turn player first
    assert _options(s) == [(f"{z1}#0", [a]), (f"{z1}#0", [b])]  # only their own
    s = _pick(s, "p1", f"{z1}#0", [a])
    # p2's only option then applies by itself
    assert s.objects[a].zone == "base" and s.objects[c].zone == "base"
    assert s.objects[b].zone == "trash"
    assert s.objects[z1].zone == "trash" and s.objects[z2].zone == "trash"


def test_v1_3_372_a_one_shot_shield_and_an_hourglass_are_ordered_by_the_owner() -> None:
    s = game()
    runes(s, "p1", 4, ORDER_RUNE)
    zhonya = put(s, ZHONYA, "p1", "base")
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    s.extra["death_shields"] = [{"oid": unit, "turn": s.turn, "card": "OGS-020",
                                 "controller": "p1"}]  # what Highlander's step leaves
    cleanup_with_lethal(s, unit)
    assert awaited_choice(s)["rule"] == "372" and len(_options(s)) == 2
    shield = next(k for k, _ in _options(s) if k != f"{zhonya}#0")
    s = _pick(s, "p1", shield, [unit])
    assert s.objects[unit].zone == "base" and s.objects[zhonya].zone == "base"  # not needed
