"""What a card says "you control" / "your" reaches its controller's own objects only, what
it says "friendly" reaches a teammate's too (RUP4 489.8.c, 489.8.e; v1.3 484.8.d), in a 2v2
game: p1 and p3 are team A, p2 and p4 team B; p1 is in their Main Phase."""

from __future__ import annotations

from riftlog.events.abilities import AbilityActivated
from riftlog.rules import editions, engine
from riftlog.rules.board import layers
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter import triggers
from tests.cards_engine.helpers import (
    BODY_RUNE,
    ORDER_RUNE,
    activate,
    cast,
    pass_all,
    play,
    put,
    runes,
    spell_played,
)
from tests.rules.board import REARGUARD, SKULKER
from tests.rules.test_friendly_teammates import team_game

UNDERTITAN = "SFD-175"      # as it is played: the controller's other units get +2 Might
REQUIEM = "SFD-192"         # Shurelya's Requiem: as it is played, the controller's units ready
STORMBRINGER = "OGN-250"    # chooses a unit in the controller's base
GRAND_STRATEGEM = "OGN-233"  # friendly units get +5 Might
BLOOD_MONEY = "SFD-162"     # two Gold tokens for a friendly unit killed, one for an enemy's
BUBBLE_BOT = "SFD-062"      # as it is played, another friendly Mech is readied (a Mech itself)
MALZAHAR = "OGN-113"        # kills a friendly unit or gear as a cost to add two power
ZHONYA = "OGN-077"          # dies instead of a friendly unit
VENGEANCE = "OGN-229"       # a spell: kill a unit
BOSS = "OGN-269"            # may save a buffed unit its controller controls
WURM, RECRUIT = "OGN-011", "OGN-271"  # other friendly units enter ready; a plain unit token
OVERT_OPERATION = "OGN-153"  # buffs all friendly units
GOLD = "SFD-T03"


def game() -> GameState:
    return team_game(editions.RUP4)


def gold_of(s: GameState, pid: str) -> int:
    return sum(1 for o in s.objects.values() if o.card == GOLD and o.controller == pid
               and o.zone in ("base", "battlefield"))


def test_undertitan_gives_might_to_its_controllers_units_not_a_teammates() -> None:
    """"Your other units": p1's unit gets +2, p3's (friendly, not p1's) does not."""
    s = game()
    mine = put(s, SKULKER, "p1", "base")
    mate = put(s, SKULKER, "p3", "base")
    s = pass_all(play(s, put(s, UNDERTITAN, "p1", "hand")))
    assert layers.might_of(s, mine) == 3 + 2
    assert layers.might_of(s, mate) == 3


def test_shurelyas_requiem_readies_its_controllers_units_not_a_teammates() -> None:
    """"Ready your units": p1's exhausted unit readies, p3's stays exhausted."""
    s = game()
    mine = put(s, SKULKER, "p1", "base", exhausted=True)
    mate = put(s, SKULKER, "p3", "base", exhausted=True)
    s = pass_all(play(s, put(s, REQUIEM, "p1", "hand")))
    assert s.objects[mine].exhausted is False
    assert s.objects[mate].exhausted is True


def test_stormbringer_may_not_choose_a_teammates_unit_in_its_base() -> None:
    """"A friendly unit in your base": the teammate's unit in the teammate's base is refused
    (355.5); p1's own is taken."""
    s = game()
    mine = put(s, SKULKER, "p1", "base")
    mate = put(s, SKULKER, "p3", "base")
    bf = s.battlefields[0].oid
    wrong = spell_played(s, STORMBRINGER, targets={"u": (mate,), "bf": (bf,)})
    assert [v.rule for v in engine.check(s, wrong)] == ["355.5"]
    right = spell_played(s, STORMBRINGER, targets={"u": (mine,), "bf": (bf,)})
    assert engine.check(s, right) == []


def test_grand_strategem_gives_might_to_a_teammates_unit_too() -> None:
    """"Friendly units": p1's and p3's units get +5, p2's does not."""
    s = game()
    runes(s, "p1", 2, ORDER_RUNE)
    mine = put(s, SKULKER, "p1", "base")
    mate = put(s, SKULKER, "p3", "base")
    foe = put(s, SKULKER, "p2", "base")
    s = pass_all(cast(s, GRAND_STRATEGEM))
    assert (layers.might_of(s, mine), layers.might_of(s, mate), layers.might_of(s, foe)) == \
        (3 + 5, 3 + 5, 3)


def test_blood_money_counts_a_teammates_unit_as_friendly() -> None:
    """Killing p3's unit (friendly to p1) gives p1 two Gold tokens, as for p1's own."""
    s = game()
    bf = s.battlefields[0].oid
    mate = put(s, REARGUARD, "p3", "battlefield", bf)
    s = pass_all(cast(s, BLOOD_MONEY, targets={"t": (mate,)}))
    assert s.objects[mate].zone == "trash"
    assert gold_of(s, "p1") == 2


def test_blood_money_gives_one_gold_for_an_opponents_unit() -> None:
    s = game()
    bf = s.battlefields[0].oid
    foe = put(s, REARGUARD, "p4", "battlefield", bf)
    s = pass_all(cast(s, BLOOD_MONEY, targets={"t": (foe,)}))
    assert s.objects[foe].zone == "trash"
    assert gold_of(s, "p1") == 1


def test_bubble_bot_readies_a_teammates_mech() -> None:
    """"Another friendly Mech": p3's exhausted Mech is readied; p2's is not a candidate."""
    s = game()
    mate = put(s, BUBBLE_BOT, "p3", "base", exhausted=True)
    foe = put(s, BUBBLE_BOT, "p2", "base", exhausted=True)
    s = pass_all(play(s, put(s, BUBBLE_BOT, "p1", "hand")))
    assert s.objects[mate].exhausted is False
    assert s.objects[foe].exhausted is True


def test_malzahar_may_kill_a_teammates_unit_not_an_opponents() -> None:
    """"Kill a friendly unit or gear" as a cost (377.1): p3's unit in p3's base is friendly
    to p1 and may be killed; p2's is refused."""
    s = game()
    malz = put(s, MALZAHAR, "p1", "base")
    mate = put(s, SKULKER, "p3", "base")
    foe = put(s, SKULKER, "p2", "base")
    wrong = AbilityActivated(player="p1", source=malz, ability=0, choices={"kill": [foe]})
    assert [v.rule for v in engine.check(s, wrong)] == ["377.1"]
    s = activate(s, malz, choices={"kill": [mate]})
    assert s.objects[mate].zone == "trash" and s.objects[foe].zone == "base"
    assert s.players["p1"].pool.power == {"Any": 2}


def test_zhonyas_hourglass_saves_a_teammates_unit() -> None:
    """"If a friendly unit would die": p3's Hourglass dies instead of p1's unit (489.8.e)."""
    s = game()
    runes(s, "p1", 6, ORDER_RUNE)
    hourglass = put(s, ZHONYA, "p3", "base")
    bf = s.battlefields[0].oid
    mine = put(s, SKULKER, "p1", "battlefield", bf)
    s = pass_all(play(s, put(s, VENGEANCE, "p1", "hand"), targets=(mine,)))
    assert s.objects[mine].zone == "base" and s.objects[mine].location == "base:p1"
    assert s.objects[hourglass].zone == "trash"


def test_the_boss_does_not_save_a_teammates_unit() -> None:
    """"A buffed unit you control": p1's Boss offers nothing when p3's buffed unit dies, though
    p1 could pay; the unit dies (489.8.c)."""
    s = game()
    runes(s, "p1", 6, ORDER_RUNE)
    runes(s, "p1", 2, BODY_RUNE)
    boss = put(s, BOSS, "p1", "legend")
    bf = s.battlefields[0].oid
    mate = put(s, SKULKER, "p3", "battlefield", bf)
    s.objects[mate].buffed = True
    s = pass_all(play(s, put(s, VENGEANCE, "p1", "hand"), targets=(mate,)))
    assert s.objects[mate].zone == "trash" and not s.objects[boss].exhausted
    assert not engine.pending(s) or all(r.kind != "choice" for r in engine.pending(s))


def test_a_teammates_magma_wurm_makes_the_players_units_enter_ready() -> None:
    """"Other friendly units enter ready": p3's Wurm readies p1's new unit, not p2's."""
    s = game()
    put(s, WURM, "p3", "base")
    log: list[GameAction] = []
    mine = actions.create(s, RECRUIT, "p1", log)
    theirs = actions.create(s, RECRUIT, "p2", log)
    assert not s.objects[mine].exhausted and s.objects[theirs].exhausted


def test_overt_operation_buffs_a_teammates_unit_too() -> None:
    """"Buff all friendly units": p1's and p3's units are buffed, p2's is not."""
    s = game()
    mine = put(s, SKULKER, "p1", "base")
    mate = put(s, SKULKER, "p3", "base")
    foe = put(s, SKULKER, "p2", "base")
    s = pass_all(cast(s, OVERT_OPERATION))
    assert (s.objects[mine].buffed, s.objects[mate].buffed, s.objects[foe].buffed) == \
        (True, True, False)


ALTAR = "SFD-169"           # a friendly unit dies: may exhaust it to draw (and put one back)
VANGUARD_HELM = "OGN-228"   # a buffed friendly unit dies: buff another friendly unit
PIRATES_HAVEN = "OGN-143"   # the controller readies a friendly unit: +1 Might this turn
VIKTOR = "OGN-246"          # another non-Recruit unit its controller controls dies: a Recruit
GRAND_DUELIST = "SFD-205"   # one of its controller's units becomes Mighty: may channel


def triggered(s: GameState) -> list[tuple[str, str]]:
    """The pending triggered abilities, as (source, controller)."""
    return [(t["source"], t["controller"]) for t in s.extra.get("triggers", [])]


def test_altar_of_memories_triggers_on_a_teammates_unit_dying() -> None:
    """"A friendly unit dies": p3's unit dying triggers p1's Altar (489.8.e); p2's does not."""
    s = game()
    altar = put(s, ALTAR, "p1", "base")
    mate, foe = put(s, SKULKER, "p3", "base"), put(s, SKULKER, "p2", "base")
    triggers.fire(s, "dies", obj=foe, player="p2", battlefield="base:p2")
    assert triggered(s) == []
    triggers.fire(s, "dies", obj=mate, player="p3", battlefield="base:p3")
    assert triggered(s) == [(altar, "p1")]


def test_altar_of_memories_kill_of_a_teammates_unit_offers_the_draw() -> None:
    """The same through the engine: p1 kills p3's unit; p1's ready Altar asks p1 whether to
    exhaust it (the ability is optional)."""
    s = game()
    runes(s, "p1", 6, ORDER_RUNE)
    altar = put(s, ALTAR, "p1", "base")
    bf = s.battlefields[0].oid
    mate = put(s, SKULKER, "p3", "battlefield", bf)
    s = pass_all(play(s, put(s, VENGEANCE, "p1", "hand"), targets=(mate,)))
    assert s.objects[mate].zone == "trash"
    (req,) = engine.pending(s)
    assert req.player == "p1" and altar in str(req.options)


def test_vanguard_helm_triggers_on_a_teammates_buffed_unit_dying() -> None:
    s = game()
    helm = put(s, VANGUARD_HELM, "p1", "base")
    mate, foe = put(s, SKULKER, "p3", "base"), put(s, SKULKER, "p4", "base")
    triggers.fire(s, "dies", obj=foe, player="p4", battlefield="base:p4", buffed=True)
    assert triggered(s) == []
    triggers.fire(s, "dies", obj=mate, player="p3", battlefield="base:p3", buffed=True)
    assert triggered(s) == [(helm, "p1")]


def test_pirates_haven_triggers_when_its_controller_readies_a_teammates_unit() -> None:
    """"When you ready a friendly unit": p1 readying p3's unit triggers p1's Haven; p3
    readying it does not (p3 is not "you"), nor p1 readying p2's unit (not friendly)."""
    s = game()
    haven = put(s, PIRATES_HAVEN, "p1", "base")
    mate, foe = put(s, SKULKER, "p3", "base"), put(s, SKULKER, "p2", "base")
    triggers.fire(s, "readied", obj=mate, player="p3")
    triggers.fire(s, "readied", obj=foe, player="p1")
    assert triggered(s) == []
    triggers.fire(s, "readied", obj=mate, player="p1")
    assert triggered(s) == [(haven, "p1")]


def test_viktor_does_not_trigger_on_a_teammates_unit_dying() -> None:
    """"Another unit you control dies" (489.8.c): p3's unit does not trigger p1's Viktor;
    p1's own does."""
    s = game()
    viktor = put(s, VIKTOR, "p1", "base")
    mate, mine = put(s, SKULKER, "p3", "base"), put(s, SKULKER, "p1", "base")
    triggers.fire(s, "dies", obj=mate, player="p3", battlefield="base:p3")
    assert triggered(s) == []
    triggers.fire(s, "dies", obj=mine, player="p1", battlefield="base:p1")
    assert triggered(s) == [(viktor, "p1")]


def test_grand_duelist_does_not_trigger_on_a_teammates_unit_becoming_mighty() -> None:
    """"One of your units becomes Mighty" (489.8.c): p3's unit does not trigger p1's Grand
    Duelist; p1's own does."""
    s = game()
    duelist = put(s, GRAND_DUELIST, "p1", "legend")
    mate, mine = put(s, SKULKER, "p3", "base"), put(s, SKULKER, "p1", "base")
    triggers.fire(s, "becomes_mighty", obj=mate, player="p3", battlefield="base:p3")
    assert triggered(s) == []
    triggers.fire(s, "becomes_mighty", obj=mine, player="p1", battlefield="base:p1")
    assert triggered(s) == [(duelist, "p1")]
