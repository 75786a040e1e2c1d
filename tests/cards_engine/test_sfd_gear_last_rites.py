"""Last Rites (SFD-150): Equip for one Chaos power and recycling two cards of the trash;
worn, each conquer and each hold lets its controller play a unit from their trash."""

from __future__ import annotations

from riftlog.events.abilities import AbilityActivated, ChoiceMade
from riftlog.rules import engine
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from tests.cards_engine.helpers import (
    CHAOS_RUNE,
    SKULKER,
    activate,
    choose,
    conquer,
    game,
    pass_all,
    pay_for,
    put,
    runes,
    violations,
)

LAST_RITES = "SFD-150"
CHAOS = Cost(0, {"Chaos": 1})


def test_last_rites_equip_recycles_two_cards_of_the_trash() -> None:
    s = game()
    runes(s, "p1", 1, CHAOS_RUNE)
    unit = put(s, SKULKER, "p1", "base")
    rites = put(s, LAST_RITES, "p1", "base")
    a, b = put(s, SKULKER, "p1", "trash"), put(s, SKULKER, "p1", "trash")
    s = pass_all(activate(s, rites, targets={"t": (unit,)}, choices={"recycle": [a, b]},
                          payment=pay_for(s, "p1", cost=CHAOS)))
    assert s.objects[rites].attached_to == unit
    assert s.objects[a].zone == "main_deck" and s.objects[b].zone == "main_deck"  # 416.3


def test_last_rites_equip_is_refused_without_two_cards_in_the_trash() -> None:
    s = game()
    runes(s, "p1", 1, CHAOS_RUNE)
    unit = put(s, SKULKER, "p1", "base")
    rites = put(s, LAST_RITES, "p1", "base")
    only = put(s, SKULKER, "p1", "trash")
    d = AbilityActivated(player="p1", source=rites, ability=0, targets={"t": (unit,)},
                         choices={"recycle": [only]}, payment=pay_for(s, "p1", cost=CHAOS))
    assert "416.3" in violations(s, d)


def _worn_rites(s: GameState) -> tuple[str, str]:
    unit = put(s, SKULKER, "p1", "base")
    rites = put(s, LAST_RITES, "p1", "base")
    actions.attach(s, rites, unit, [])
    return unit, rites


def test_last_rites_plays_a_unit_from_the_trash_when_the_wearer_conquers() -> None:
    s = game()
    unit, _ = _worn_rites(s)
    dead = put(s, SKULKER, "p1", "trash")
    runes(s, "p1", 3, CHAOS_RUNE)  # its cost is paid as usual
    s = conquer(s, (unit,))
    s = pass_all(s)
    (req,) = engine.pending(s)
    assert req.options["kind"] == "cards" and dead in req.options["from"]
    s = choose(s, "p1", cards=[dead])
    (req,) = engine.pending(s)  # how it is played: place and payment (419.3)
    answer = next(c for c in req.options["choices"] if c.get("destination") == "base:p1"
                  or c.get("destination") == "base")
    s = pass_all(engine.apply(s, ChoiceMade(player="p1", choice=answer))[0])
    assert s.objects[dead].zone in ("base", "battlefield")
    assert all(s.objects[r].exhausted for r in s.players["p1"].base
               if s.objects[r].card == CHAOS_RUNE)  # three Energy paid


def test_last_rites_may_play_nothing() -> None:
    s = game()
    unit, _ = _worn_rites(s)
    dead = put(s, SKULKER, "p1", "trash")
    s = pass_all(conquer(s, (unit,)))
    s = pass_all(choose(s, "p1", cards=[]))
    assert s.objects[dead].zone == "trash"
