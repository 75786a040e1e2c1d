"""Where v1.2 and v1.3 differ in what the engine checks or does (our own summaries).

Each :class:`Difference` names the v1.3 rule(s) the engine encodes, the v1.2 rule(s) that
say something else, a one-line summary in our words, and its status:

* ``implemented`` - the engine reads ``state.edition`` and does the v1.2 thing (``where``);
* ``unsupported`` - a game judged under v1.2 that reaches it raises
  :class:`riftlog.rules.editions.EditionUnsupported` naming the v1.2 rule (``where``);
* ``equivalent`` - the texts differ but nothing the engine models behaves differently
  (``note`` says why).

Found by comparing, for every rule id the engine cites or enforces, the two editions'
texts through the correspondence (:mod:`riftlog.rules.editions.build_map`); rows whose
text is the same or differs only in wording or cross-reference numbers are not listed.

:data:`NOT_IN_V12` - v1.3 rules that are new behaviour with no v1.2 counterpart: their
violations are not enforced under v1.2.  :data:`ID_FIXES` - correspondences checked by
hand where the text matcher finds none or the wrong one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["DIFFERENCES", "ID_FIXES", "NOT_IN_V12", "Difference", "by_v12_rule"]

Status = Literal["implemented", "unsupported", "equivalent"]


@dataclass(frozen=True, slots=True)
class Difference:
    """One behavioural difference between v1.3 (encoded) and v1.2."""

    key: str
    v13: tuple[str, ...]
    v12: tuple[str, ...]
    summary: str
    status: Status
    where: str = ""
    note: str = ""


DIFFERENCES: tuple[Difference, ...] = (
    Difference(
        "moving-into-a-combat", ("442.2.a",), ("425.2.a",),
        "in 3+ player modes v1.3 keeps out of a staged or ongoing combat every player not in "
        "it; v1.2 keeps out only players without permanents at that battlefield",
        "implemented", "riftlog/rules/game_actions/movement.py destination_problem",
        "the two differ only when a bystander has a permanent there and the battlefield does "
        "not already hold units of two other players (444.2 refuses those in both)"),
    Difference(
        "focus-after-trigger-chain", ("346", "346.1"), ("343", "343.1", "342.1"),
        "v1.3 keeps Focus after any chain a triggered ability opened; v1.2 keeps it only "
        "after the Initial Chain, which only a combat showdown can have",
        "implemented", "riftlog/rules/flow/showdown.py priority_passed",
        "non-combat showdown: Focus passes under v1.2; in a combat showdown the engine "
        "cannot tell the Initial Chain from a later one, so that case raises (v1.2 343.1)"),
    Difference(
        "victory-tie", ("323.1", "467"), ("322.1", "449"),
        "v1.3 needs more points than every opponent to win; v1.2 wins on reaching the "
        "Victory Score, with no tie-break",
        "unsupported", "riftlog/rules/flow/turn.py check_victory",
        "with one side at the score both editions name it; two sides at or past it at once "
        "raise under v1.2 (322.1 names no single winner).  The engine checks at every "
        "cleanup, as soon as points change, so 449's 'immediately' gives the same result"),
    Difference(
        "lose-control-when-empty", ("323.6", "187.4.c", "187.4.b"),
        ("322.6", "184.4.c", "184.3.c", "184.4.b"),
        "v1.3 frees an empty battlefield only in an Open State and not where a showdown or "
        "combat is under way; v1.2 frees it at once, in any state, unless it is contested",
        "implemented", "riftlog/rules/flow/turn.py _cleanup_once"),
    Difference(
        "recall-scope", ("323.7",), ("322.7",),
        "v1.3 recalls only unattached gear at battlefields and also brings home permanents "
        "and runes sitting in another player's base; v1.2 recalls all gear at "
        "battlefields and says nothing of other bases",
        "implemented", "riftlog/rules/flow/turn.py _recalls",
        "other bases: not recalled under v1.2; an attached gear at a battlefield raises "
        "under v1.2 (recalling it would detach it, which the engine does not model)"),
    Difference(
        "showdown-staging-controlled", ("323.8", "323.8.a"), ("322.8",),
        "v1.3 stages a showdown at every contested battlefield; v1.2 only at contested "
        "battlefields that are uncontrolled",
        "equivalent", "",
        "a contested battlefield still controlled at that step has the controller's units "
        "(else 322.6 freed it), so a combat is staged there and opens the same showdown"),
    Difference(
        "showdown-and-combat-staged", ("323.12", "323.14"), ("322.9",),
        "where a showdown is staged and opposing units arrive, v1.2 unstages the showdown and "
        "stages a combat; v1.3 keeps both and opens them as one combat showdown",
        "equivalent", "riftlog/rules/flow/showdown.py",
        "the engine offers every staged battlefield in one choice and opens a combat "
        "showdown wherever a combat is staged, so both editions give the same options and "
        "the same combat"),
    Difference(
        "combat-during-showdown", ("323.14", "455.1"), ("345.2.b", "345.2.b.1"),
        "when opposing units both end up at a non-combat showdown's battlefield, v1.3 turns "
        "it into a combat showdown at once; v1.2 lets it end and then stages a combat with "
        "the contester attacking",
        "unsupported", "riftlog/rules/flow/showdown.py cleanup_staging"),
    Difference(
        "replacement-details", ("370.2", "371", "371.1", "373", "373.2"), ("364", "366", "368"),
        "v1.3 adds optional 'once each turn' replacements, one application per event and "
        "sequences over simultaneous events; v1.2 says only that a replacement intercedes "
        "and who orders several",
        "unsupported", "riftlog/rules/interpreter/replacement_effects.py _run",
        "a single mandatory replacement of one death applies in both editions"),
    Difference(
        "prevent", ("437", "437.2"), (), "preventing damage is defined only from v1.3",
        "unsupported", "riftlog/rules/interpreter/replacement_effects.py replace_damage"),
    Difference(
        "additional-turns", ("734", "735", "737", "738"), (),
        "extra turns are defined only from v1.3",
        "unsupported", "riftlog/rules/editions/__init__.py recite_actions"),
    Difference(
        "predict", ("436", "436.1"), (), "Predict is defined only from v1.3",
        "unsupported", "riftlog/rules/editions/__init__.py recite_actions"),
    Difference(
        "replace", ("438", "438.1"), (),
        "replacing a permanent with a token is defined only from v1.3",
        "unsupported", "riftlog/rules/editions/__init__.py recite_actions"),
    Difference(
        "xp", ("728", "729", "730", "730.1", "730.2", "731", "732", "733"), (),
        "XP exists only from v1.3: no v1.2 rule gains, spends or reads it",
        "unsupported", "riftlog/rules/board/xp.py"),
    Difference(
        "hunt", ("823", "823.1.c.1"), (), "the Hunt keyword is defined only from v1.3",
        "unsupported", "riftlog/rules/board/xp.py (Hunt gains XP)"),
    Difference(
        "level", ("824", "824.1.c"), (), "the Level keyword is defined only from v1.3",
        "unsupported", "riftlog/rules/board/xp.py (Level reads XP)"),
    Difference(
        "ambush", ("822", "822.1.b", "822.3"), (), "the Ambush keyword is defined only from v1.3",
        "unsupported", "riftlog/rules/playing/play.py (playing a unit by Ambush)"),
    Difference(
        "backline", ("826", "826.4.b"), (), "the Backline keyword is defined only from v1.3",
        "unsupported", "riftlog/rules/flow/combat_damage.py (ordering damage for Backline)"),
    Difference(
        "weaponmaster-optional", ("821.1.c",), ("747.1.c",),
        "v1.3 lets the player decline Weaponmaster's attach; v1.2 makes the choice mandatory",
        "unsupported", "riftlog/rules/playing/keyword_mechanics.py (Weaponmaster)"),
    Difference(
        "negative-might", ("143.2.b", "143.2.b.1"), ("142.2.b",),
        "v1.3 reads a Might below 0 as 0 only when referenced or summed for combat and "
        "keeps the real value for arithmetic; v1.2 treats it as 0 for every purpose",
        "unsupported", "riftlog/rules/board/layers.py characteristics"),
    Difference(
        "combat-restaged", ("461.3.d", "461.3.d.1"), ("444",),
        "v1.3 stages a new combat when both sides still have units after the resolution "
        "step; v1.2 has no such step",
        "unsupported", "riftlog/rules/flow/combat.py (restage)"),
    Difference(
        "removal-facedown", ("652.1",), ("652.1",),
        "v1.3 also banishes the facedown cards of a removed player; v1.2 only permanents "
        "and runes",
        "unsupported", "riftlog/rules/flow/ending.py (removal with facedown cards)"),
    Difference(
        "hidden-non-unit", ("811.1.d.1",), ("737.1.d.1",),
        "v1.3 plays any hidden permanent to its battlefield; v1.2 says so of units only",
        "unsupported", "riftlog/rules/playing/play.py (a hidden non-unit played)"),
    Difference(
        "2v2-battlefields", ("484.4.a", "484.5.a", "442.2.b", "484.8.a"), ("466.4.a",),
        "v1.3 has each 2v2 player bring three battlefields and pick one at random; v1.2 "
        "has each bring one",
        "unsupported", "riftlog/rules/flow/setup.py (a 2v2 game under v1.2)",
        "this also covers the other 2v2-only differences (moving to a teammate's "
        "battlefield, v1.3 442.2.b; abilities on a teammate's turn, 484.8.a)"),
    Difference(
        "deflect-per-choice", ("809.1.c",), ("735.1.c",),
        "v1.3 charges Deflect's extra Power each time a spell or ability chooses the unit; "
        "v1.2 charges it once per unit",
        "implemented", "riftlog/rules/interpreter/effects_targets.py deflect_power"),
    Difference(
        "discount-order", ("356.4",), ("353.4",),
        "v1.3 applies discounts in a set order; v1.2 in any order",
        "equivalent", "riftlog/rules/playing/abilities_costs.py adjust_cost",
        "the engine subtracts every Energy discount and floors the total at 0 once, so the "
        "order cannot change the cost"),
    Difference(
        "facedown-reveal", ("421.4",), ("408.4",),
        "v1.3 reveals a facedown card whenever it changes zones; v1.2 when it goes to a "
        "private or secret zone",
        "equivalent", "riftlog/rules/privacy.py",
        "the other zones a facedown card can go to (trash, banishment, the board, the chain) "
        "are public, so the card is seen either way"),
    Difference(
        "move-into-3p-combat", ("144.4.a.1", "442.2.a"), ("143.4.a.1", "425.2.a"),
        "v1.3 adds refusals for moves into a combat among two other players and by "
        "players not in the combat",
        "equivalent", "riftlog/rules/game_actions/movement.py destination_problem",
        "the engine refuses a move into a staged or ongoing combat only for a player with "
        "no permanents there and not in that combat - the v1.2 wording; the extra v1.3 "
        "refusals are not enforced in either edition"),
    Difference(
        "gear-elsewhere", ("148.1.a.1",), ("146.1.a.1",),
        "v1.3 lets an effect play gear somewhere other than its base; v1.2 never does",
        "equivalent", "riftlog/rules/playing/play.py _destination",
        "the engine plays gear only to its base, but for a hidden gear, which is refused "
        "under v1.2 (see hidden-non-unit)"),
    Difference(
        "winning-point-above", ("466.1.b",), ("448.1.b",),
        "v1.3 applies the Winning Point restriction also above one point short",
        "equivalent", "", "a side at or above the Victory Score has already won"),
    Difference(
        "printed-cost", ("131.4",), ("130.4",),
        "v1.3 says effects read a card's printed cost, v1.2 its base cost",
        "equivalent", "riftlog/rules/interpreter/effects.py",
        "both name the cost printed on the card, before any change made while playing it"),
)

#: v1.3 rule ids that are new behaviour (no v1.2 counterpart): not enforced under v1.2.
NOT_IN_V12: frozenset[str] = frozenset({
    "442.2.b", "461.3.d.1", "730.2", "822.1.b", "822.3", "826.4.b",
})

#: v1.3 -> v1.2 correspondences checked by hand (the text matcher misses or mismatches them)
ID_FIXES: dict[str, str | None] = {
    "143.2.b": "142.2.b",      # reworded, same topic (see "negative-might")
    "346.1": "343.1",          # the exception to Focus passing
    "317.3": "317.4",          # the next player in turn order takes the turn
    "419.1": "406.1",          # what playing a card is
    "460.1": "443.1.a",        # damage only when both sides remain
    "461.7": "444.1.a.3",      # the combat's designations go
    "812.1.c": "738.1.c.3",    # the Legion condition (issue 19: a Legion cost refused)
}


def by_v12_rule(rule: str) -> list[Difference]:
    """The differences that name v1.2 rule *rule*."""
    return [d for d in DIFFERENCES if rule in d.v12]
