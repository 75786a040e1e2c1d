"""Encodings of the Spiritforged (SFD) Body units.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.sfd.encodings.tokens import GOLD
from riftlog.cards.vocab import (
    ME,
    AtBattlefield,
    Buff,
    CostReduction,
    Count,
    CreateToken,
    Custom,
    Deal,
    Draw,
    Ready,
    Target,
    Triggered,
    When,
    card,
    on_play,
)
from riftlog.cards.vocab_events import (
    ConqueredUncontrolled,
    FirstTimeThisTurn,
    OneOnOne,
    PowerCostAtLeast,
)
from riftlog.cards.vocab_kills import ExcessDamageAtLeast

_TWO_POWER: Any = PowerCostAtLeast(2)

# Yordle Explorer: each time its controller plays a card whose printed Power cost is two
# symbols or more, they draw one.
card("SFD-100", Triggered(When("played", "you"), (Draw(1),), condition=_TWO_POWER))

# Jaull-Fish [Accelerate]: two Energy less per Mighty unit its controller has.
card("SFD-103", CostReduction(Count("mighty_units", times=2)))

# Ruin Runner: enemy spells and abilities cannot choose it (RUP4 757.1).
card("SFD-105", flags=("not_chosen_by_enemies",))

# Fiora, Peerless: as she attacks or defends one on one, her Might is doubled for the combat.
_ONE_ON_ONE: Any = OneOnOne()
card("SFD-110", Triggered(When("attacks", "me"), (Custom("double_my_might_this_combat"),),
                          condition=_ONE_ON_ONE),
     Triggered(When("defends", "me"), (Custom("double_my_might_this_combat"),),
               condition=_ONE_ON_ONE))

# Kato the Arm [Deflect] (errata 2026-01-14: another unit): each time he moves to a
# battlefield, another chosen friendly unit gets his keywords and his Might this turn.
card("SFD-112", Triggered(When("moves", "me"),
                          (Custom("give_my_keywords_and_might",
                                  (Target("unit", "friendly", other=True),)),),
                          condition=AtBattlefield()))

# Lucian, Merciless [Weaponmaster]: the first time he conquers each turn, he readies.  (The
# catalog lists Equip for the Weaponmaster reminder; the card itself has no Equip.)
_FIRST_CONQUER: Any = FirstTimeThisTurn("conquers")
card("SFD-113", Triggered(When("conquers", "me"), (Ready(ME),), condition=_FIRST_CONQUER),
     keywords=("Weaponmaster",))

# Sivir, Ambitious [Deflect 2]: when she conquers after attacking, if her controller assigned 5
# or more excess damage in that combat, they may deal that much to a chosen enemy unit.
_EXCESS_5: Any = ExcessDamageAtLeast(5)
card("SFD-120", Triggered(When("conquers", "me"),
                          (Custom("deal_combat_excess", (Target("unit", "enemy"),)),),
                          condition=_EXCESS_5, optional=True))

# Fae Dragon: as it is played, up to four chosen friendly units are buffed; each time its
# controller spends a buff, a Gold token is played exhausted.
card("SFD-101", on_play(Buff(Target("unit", "friendly", count=4, up_to=True))),
     Triggered(When("spends_buff", "you"), (CreateToken(GOLD, exhausted=True),)))

# Yone, Blademaster [Weaponmaster] (errata 2026-01-14: a battlefield that had no controller):
# when he conquers a battlefield nobody controlled, damage equal to his Might to a chosen enemy
# unit in a base.  (The catalog lists Equip for the Weaponmaster reminder.)
_UNCONTROLLED: Any = ConqueredUncontrolled()
card("SFD-116", Triggered(When("conquers", "me"),
                          (Deal(Count("source_might"), Target("unit", "enemy", "base")),),
                          condition=_UNCONTROLLED),
     keywords=("Weaponmaster",))
