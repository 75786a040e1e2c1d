"""Temptation (SFD-129): the place the enemy unit moves to is chosen as the spell is played
(RUP4 355.4, ``CardPlayed.choices["to"]``; a Repeat run's ``"to@2"``), refused when missing
or not a valid place (355.4.a), checked again as it resolves, and offered by the bot and
``riftlog moves``."""

from __future__ import annotations

from riftlog.events.play import CardPlayed
from riftlog.notation import format_decision, parse_decision
from riftlog.rules import engine, legal_moves
from riftlog.rules.board.state import GameState
from riftlog.rules.board.zones import change_zone
from riftlog.rules.playing import play
from tests.cards_engine.helpers import (
    CHAOS_RUNE,
    SKULKER,
    apply,
    cast,
    game,
    pass_all,
    pay_for,
    put,
    runes,
    spell_played,
    violations,
)

TEMPTATION = "SFD-129"


def _board() -> tuple[GameState, str, str]:
    s = game()
    runes(s, "p1", 4, CHAOS_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    friend = put(s, SKULKER, "p2", "battlefield", "bf2")
    put(s, SKULKER, "p2", "base")
    return s, foe, friend


def test_the_destination_chosen_as_it_is_played_is_where_the_unit_goes() -> None:
    s, foe, _ = _board()
    s = cast(s, TEMPTATION, targets={"t": (foe,)}, choices={"to": "base:p2"})
    s = pass_all(s)
    assert engine.pending(s)[0].kind != "choice"  # nothing asked as it resolves
    assert s.objects[foe].location == "base:p2"


def test_a_play_without_a_destination_is_refused_citing_355_4() -> None:
    s, foe, _ = _board()
    assert violations(s, spell_played(s, TEMPTATION, targets={"t": (foe,)})) == ["355.4"]


def test_a_place_without_a_friend_or_its_own_place_is_refused_citing_355_4_a() -> None:
    s, foe, _ = _board()
    for bad in ("bf1", "base:p1"):
        d = spell_played(s, TEMPTATION, targets={"t": (foe,)}, choices={"to": bad})
        assert violations(s, d) == ["355.4.a"]


def test_each_repeat_run_has_its_own_destination() -> None:
    s, foe, friend = _board()
    spell = put(s, TEMPTATION, "p1", "hand")
    choices = {"repeat": [0], "to": "bf2"}
    missing = CardPlayed(player="p1", card=spell, targets={"t": (foe,), "t@2": (friend,)},
                         choices=choices, payment=pay_for(s, "p1", spell, choices=choices))
    assert violations(s, missing) == ["355.4"]  # run 2 names no place
    choices = {"repeat": [0], "to": "bf2", "to@2": "base:p2"}
    d = CardPlayed(player="p1", card=spell, targets={"t": (foe,), "t@2": (friend,)},
                   choices=choices, payment=pay_for(s, "p1", spell, choices=choices))
    s = pass_all(apply(s, d))
    assert s.objects[foe].location == "bf2"
    assert s.objects[friend].location == "base:p2"


def test_a_destination_no_longer_valid_as_it_resolves_moves_nothing() -> None:
    s, foe, friend = _board()
    s = cast(s, TEMPTATION, targets={"t": (foe,)}, choices={"to": "bf2"})
    change_zone(s, s.objects[friend], "trash")  # its only friend there is gone
    s = pass_all(s)
    assert s.objects[foe].location == "bf1"


def test_bot_and_moves_offer_each_destination_and_notation_round_trips_it() -> None:
    s, foe, _ = _board()
    spell = put(s, TEMPTATION, "p1", "hand")
    bot = [d for d in play.candidates(s, "p1") if d.card == spell]
    assert {d.choices.get("to") for d in bot if tuple(d.targets["t"]) == (foe,)} == {"bf2", "base:p2"}
    assert all(d.choices.get("to") for d in bot)
    moves = [m.decision for m in legal_moves.legal_moves(s, "p1")
             if isinstance(m.decision, CardPlayed) and m.decision.card == spell]
    assert {(tuple(d.targets["t"]), d.choices["to"]) for d in moves} >= {
        ((foe,), "bf2"), ((foe,), "base:p2")}
    for d in moves:
        assert not engine.check(s, d)
        assert parse_decision(s, format_decision(s, d), "p1") == d
