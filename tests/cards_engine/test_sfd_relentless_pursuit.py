"""Relentless Pursuit (SFD-184): the place the friendly unit moves to is chosen as the spell
is played (RUP4 355.4, ``CardPlayed.choices["to"]``), refused when missing or not a valid
place (355.4.a), checked again as it resolves, and offered by the bot and ``riftlog moves``."""

from __future__ import annotations

from riftlog.events.abilities import ChoiceMade
from riftlog.events.play import CardPlayed
from riftlog.notation import format_decision, parse_decision
from riftlog.rules import engine, legal_moves
from riftlog.rules.board.state import GameState
from riftlog.rules.playing import play
from tests.cards_engine.helpers import (
    BODY_RUNE,
    FURY_RUNE,
    SKULKER,
    apply,
    cast,
    game,
    pass_all,
    pass_all_logged,
    put,
    request,
    runes,
    spell_played,
    violations,
)

RELENTLESS_PURSUIT = "SFD-184"
DORANS_BLADE = "SFD-095"  # an Equipment


def _board() -> tuple[GameState, str, str]:
    s = game()
    runes(s, "p1", 2, FURY_RUNE)
    runes(s, "p1", 1, BODY_RUNE)
    unit = put(s, SKULKER, "p1", "base")
    gear = put(s, DORANS_BLADE, "p1", "base")
    return s, unit, gear


def test_the_unit_goes_where_chosen_as_played_and_only_the_equipment_is_asked() -> None:
    s, unit, gear = _board()
    s = pass_all(cast(s, RELENTLESS_PURSUIT, targets={"t": (unit,)}, choices={"to": "bf2"}))
    assert {c.get("gear") for c in request(s).options["choices"]} == {None, gear}
    s = pass_all(apply(s, ChoiceMade(player="p1", choice={"gear": None})))
    assert s.objects[unit].location == "bf2"


def test_a_play_without_a_destination_is_refused_citing_355_4() -> None:
    s, unit, _ = _board()
    assert violations(s, spell_played(s, RELENTLESS_PURSUIT, targets={"t": (unit,)})) == ["355.4"]


def test_its_own_place_or_another_players_base_is_refused_citing_355_4_a() -> None:
    s, unit, _ = _board()
    for bad in ("base:p1", "base:p2"):
        d = spell_played(s, RELENTLESS_PURSUIT, targets={"t": (unit,)}, choices={"to": bad})
        assert violations(s, d) == ["355.4.a"]


def test_a_destination_no_longer_valid_as_it_resolves_moves_nothing() -> None:
    s, unit, gear = _board()
    s = cast(s, RELENTLESS_PURSUIT, targets={"t": (unit,)}, choices={"to": "bf2"})
    s.players["p1"].base.remove(unit)  # as if a reaction had already moved it to bf2
    s.battlefield("bf2").units.append(unit)
    s.objects[unit].zone, s.objects[unit].location = "battlefield", "bf2"
    s, log = pass_all_logged(s)
    s, more = pass_all_logged(apply(s, ChoiceMade(player="p1", choice={"gear": gear})))
    assert not [a for a in log + more if a.kind.startswith("move") and unit in a.objects]
    assert s.objects[unit].location == "bf2" and s.objects[gear].attached_to == unit


def test_bot_and_moves_offer_each_destination_and_notation_round_trips_it() -> None:
    s, _unit, _ = _board()
    spell = put(s, RELENTLESS_PURSUIT, "p1", "hand")
    bot = [d for d in play.candidates(s, "p1") if d.card == spell]
    assert {d.choices.get("to") for d in bot} == {"bf1", "bf2"}
    moves = [m.decision for m in legal_moves.legal_moves(s, "p1")
             if isinstance(m.decision, CardPlayed) and m.decision.card == spell]
    assert {d.choices["to"] for d in moves} == {"bf1", "bf2"}
    for d in moves:
        assert not engine.check(s, d)
        assert parse_decision(s, format_decision(s, d), "p1") == d
