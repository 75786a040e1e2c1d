"""Encodings of the Origins (OGN) Chaos cards.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import (
    ME,
    Activated,
    AddResource,
    Channel,
    Cost,
    Custom,
    Discard,
    Draw,
    EventFlag,
    EventFromHere,
    GainPoints,
    GiveMight,
    GrantKeyword,
    Kill,
    Move,
    MovedTimes,
    Passive,
    PlayTo,
    Ready,
    ReturnToHand,
    SpellEffect,
    Target,
    Triggered,
    When,
    card,
    deathknell,
    on_play,
)
from riftlog.cards.vocab_control import SeenOnTopMayBanishAndPlay

# Cemetery Attendant: on play, take a unit card from my trash back to hand.
card("OGN-165", on_play(Custom("unit_from_trash")))

# Ember Monk [Hidden]: +2 Might this turn when I play a card from facedown.
card("OGN-167", Triggered(When("played", "you"), (GiveMight(2, ME),),
                          condition=EventFlag("from_hidden")))  # type: ignore[arg-type, unused-ignore]

# Fight or Flight [Hidden, Action]: send a unit at a battlefield back to its base.
card("OGN-168", SpellEffect((Move(Target("unit", where="battlefield"), "base"),)))

# Gust [Reaction]: bounce a unit at a battlefield with Might 3 or less to its owner's hand.
card("OGN-169", SpellEffect((ReturnToHand(Target("unit", where="battlefield", max_might=3)),)))

# Morbid Return [Action]: take a unit card from my trash back to hand.
card("OGN-170", SpellEffect((Custom("unit_from_trash"),)))

# Rebuke [Action]: bounce a unit at a battlefield to its owner's hand.
card("OGN-172", SpellEffect((ReturnToHand(Target("unit", where="battlefield")),)))

# Ride the Wind [Action]: move one of my units (destination picked on resolution), then ready it.
card("OGN-173", SpellEffect((Custom("move_anywhere", ("t",)),
                             Ready(Target("unit", "friendly")))))

# Sai Scout [Vision]: may be played to an open battlefield.
card("OGN-174", PlayTo("open"))

# Sneaky Deckhand: may be played to an open battlefield.
card("OGN-176", PlayTo("open"))

# Stealthy Pursuer: may follow a friendly unit moving away from its location.
card("OGN-177", Triggered(When("moves", "other_friendly_unit"), (Custom("follow_mover"),),
                          condition=EventFromHere(), optional=True))  # type: ignore[arg-type, unused-ignore]

# Undercover Agent [Deathknell]: discard 2, then draw 2.
card("OGN-178", deathknell(Discard(2), Draw(2)))

# Acceptable Losses [Action]: every player kills a gear of their own choosing.
card("OGN-179", SpellEffect((Custom("each_kills_gear"),)))

# Fading Memories: a unit at a battlefield or a gear gains Temporary.
card("OGN-180", SpellEffect((GrantKeyword("Temporary", Target("permanent", where="unit_at_battlefield_or_gear"),
                                          until="permanent"),)))

# Pack of Wonders: exhaust to bounce another friendly gear, unit or facedown card.
card("OGN-181", Activated(Cost(exhaust=True), (ReturnToHand(Target(
    "permanent_or_facedown", "friendly", where="board_or_facedown", other=True)),)))

# Scrapheap: draw 1 when played, discarded or killed.
card("OGN-182", on_play(Draw(1)), Triggered(When("discarded", "me"), (Draw(1),)),
     deathknell(Draw(1)))

# Stacked Deck [Action]: look at 3, keep 1, recycle the others.
card("OGN-183", SpellEffect((Custom("look_keep_one", (3,)),)))

# The Syren: pay 1 and exhaust to send a friendly unit at a battlefield to its base.
card("OGN-184", Activated(Cost(energy=1, exhaust=True),
                          (Move(Target("unit", "friendly", where="battlefield"), "base"),)))

# Traveling Merchant: on moving, discard 1 then draw 1.
card("OGN-185", Triggered(When("moves", "me"), (Discard(1), Draw(1))))

# Treasure Trove: leaving the board draws and channels; pay Chaos and exhaust to kill itself.
card("OGN-186", Triggered(When("leaves", "me"), (Draw(1), Channel(1, exhausted=True))),
     Activated(Cost(power=(("Chaos", 1),), exhaust=True), (Kill(ME),)))

# Whirlwind: from the next player on, each player may bounce a unit.
card("OGN-187", SpellEffect((Custom("whirlwind"),)))

# Zaunite Bouncer: on play, bounce another unit at a battlefield.
card("OGN-188", on_play(ReturnToHand(Target("unit", where="battlefield", other=True))))

# Kayn, Unleashed [Ganking]: no damage after moving twice in a turn.
card("OGN-189", Passive.of(layer="ability", affects={"is_source": True, "moved_at_least": 2},
                           flags=["no_damage"]))

# Kog'Maw, Caustic [Deathknell]: 4 damage to every unit at the battlefield where it died.
card("OGN-190", deathknell(Custom("deal_all_where_died", (4,))))

# Maddened Marauder [Tank]: on play, send a unit at a battlefield to its base.
card("OGN-191", on_play(Move(Target("unit", where="battlefield"), "base")))

# Mindsplitter: on play, pick an opponent; see their hand; make them discard a card I pick.
card("OGN-192", Triggered(When("played", "me"), (Custom("hand_pick", ("opp", "discard")),),
                          targets=(Target("player", "enemy", name="opp"),)))

# Miss Fortune, Buccaneer: she and my other units may be played to open battlefields.
card("OGN-193", PlayTo("open"), PlayTo("open", others=True))

# Nocturne, Horrifying [Ganking]: as its owner looks at or reveals it on top of their deck, they
# may banish it, then may play it for one power of any domain (issue #5, K2: rules/playing/deck_seen.py).
card("OGN-194", SeenOnTopMayBanishAndPlay())

# Soulgorger: on play may play a unit from the trash without its Energy cost.
card("OGN-196", on_play(Custom("play_from_trash", (True,))))

# Teemo, Scout [Hidden]: on play, +3 Might this turn.
card("OGN-197", on_play(GiveMight(3, ME)))

# The Harrowing: play a unit from the trash without its Energy cost.
card("OGN-198", SpellEffect((Custom("play_from_trash", (False,)),)))

# Tideturner [Hidden]: on play, may trade places with a unit of mine elsewhere.
card("OGN-199", Triggered(When("played", "me"), (Custom("swap_places", ("t",)),),
                          optional=True,
                          targets=(Target("unit", "yours", where="elsewhere", other=True),)))

# Twisted Fate, Gambler: on attacking, reveal and recycle the top rune; its domain picks the effect.
card("OGN-200", Triggered(When("attacks", "me"), (Custom("twisted_fate"),)))

# Invert Timelines: everyone throws away their hand, then everyone draws four.
card("OGN-201", SpellEffect((Custom("discard_hands_then_draw", (4,)),)))

# Jinx, Rebel: each time its controller discards (one or more cards at once), it readies
# and gets +1 Might this turn.
card("OGN-202", Triggered(When("discards", "you"), (Ready(ME), GiveMight(1, ME))))

# Possession [Action]: steal an enemy unit that is at a battlefield and send it to your base.
card("OGN-203", SpellEffect((Custom("take_control_and_recall", ("t",)),),
                            targets=(Target("unit", "enemy", where="battlefield"),)))

# Seal of Discord: exhaust, Reaction: add one Chaos power.
card("OGN-204", Activated(Cost(exhaust=True), (AddResource(power=(("Chaos", 1),)),),
                          timing="reaction"))

# Yasuo, Windrider [Ganking]: his third move in a turn gains his controller a point (not a
# conquer/hold Score, 466.1.a.1).
card("OGN-205", Triggered(When("moves", "me"), (GainPoints(1),),
                          condition=MovedTimes(3)))  # type: ignore[arg-type, unused-ignore]
