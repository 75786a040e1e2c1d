"""A unit's text copied into an Equipment's Effect Text (issue 24; Svellsongur, SFD-059).

While such an Equipment is attached to a unit, its Effect Text is a copy of that unit's
printed text (RUP4 477.1.b.1.b: the copyable traits are the printed ones), appended to the
unit's own rules text (136.2.c, 718.3), so the unit has each of its abilities once more.
What that second instance does depends on the kind of ability; :data:`HOW` declares it per
kind of the card vocabulary (the class name of the ability node), with the rule that
decides it:

* :data:`OWN` - copied as an ability of its own: a triggered ability triggers once more
  (the trigger lookup, ``interpreter.triggers``), a passive applies once more (a layers
  effect while attached), a replacement effect is one more replacement effect that can be
  applied to an event once (370.2; ``interpreter.replacement_effects``);
* :data:`COUNTED` - a static ability whose engine query counts each instance: it reads the
  abilities of the unit through :func:`with_copies` (a discount applied once per instance,
  356.4; Bonus Damage summed, 714; one more Deathknell trigger per instance; one more
  replacing look at the top card, 370.2);
* :data:`REDUNDANT` - a second instance of the same rule changes nothing (a restriction or
  permission already in force; keywords given as cards are played, 805.4, 819.2);
* :data:`PLAYED_ONLY` - it acts only while the card is being played, or from the deck: the
  card's own cost or how it may be played (366.1, 366.2.a) or an ability of the card as it
  is seen in or revealed from its deck; once the unit is on the board there is nothing for
  a copy to do.

A kind without a declaration is refused by name (:func:`undeclared`): the Equipment's
attachment raises UnsupportedCard naming it and the kind (``layers.start_effect_text``),
never a partial copy.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from riftlog.rules.board.state import BOARD_ZONES, GameState

__all__ = ["COUNTED", "HOW", "OWN", "PLAYED_ONLY", "REDUNDANT", "copies", "copying",
           "undeclared", "with_copies"]

OWN = "copied as its own ability"
COUNTED = "counted once per copy"
REDUNDANT = "a second copy of the same rule changes nothing"
PLAYED_ONLY = "acts only as the card is played or from its deck, nothing to copy on the board"

#: per kind of ability (the vocabulary node's class name): what its copy does, and the
#: rule (RUP4) that decides it; riftlog/cards/ENCODING.md ("Copied text") says why for each
HOW: dict[str, tuple[str, str]] = {
    # abilities of their own once more
    "Triggered": (OWN, "136.2.c"),  # triggers once more (808.2 for a Deathknell)
    "Passive": (OWN, "136.2.c"),  # applies once more (its own layers effect)
    "Replacement": (OWN, "370.2"),  # one more replacement, each applied once to an event
    # counted once per copy
    "CostsLess": (COUNTED, "356.4"),  # each discount applies; its minimum only to it (356.4.e)
    "SpellsCost": (COUNTED, "356.4"),  # each increase (356.3) and discount (356.4) applies
    "ChoosingMeCostsLess": (COUNTED, "356.4"),
    "OptionalCostsLess": (COUNTED, "356.4.c.1"),  # each discount of the component applies
    "BonusDamageYours": (COUNTED, "714"),  # instances of Bonus Damage are summed
    "ExtraDeathknell": (COUNTED, "808.2"),  # one more trigger per instance
    "LookFirstBeforeDeckReveal": (COUNTED, "370.2"),  # the second applies to the replacing reveal
    # the same rule twice
    "NoReadyingEnemies": (REDUNDANT, "364"),
    "OpponentsPlayUnitsToBase": (REDUNDANT, "364"),
    "NoUnitMovesToBase": (REDUNDANT, "364"),
    "OpponentsGainNoPoints": (REDUNDANT, "364"),
    "PlayedWith": (REDUNDANT, "805.4"),  # Accelerate 805.4, Quick-Draw 819.2
    "HasFriendlyExhaustAbilities": (REDUNDANT, "477.2"),
    "PlayTo": (REDUNDANT, "355.2.b"),
    "HideCostAlternative": (REDUNDANT, "811.1.b"),
    # only as the card is played, or from its deck
    "EntersReady": (PLAYED_ONLY, "369.3"),
    "CostReduction": (PLAYED_ONLY, "366.2.a"),
    "CostsLessPer": (PLAYED_ONLY, "366.2.a"),
    "AdditionalCost": (PLAYED_ONLY, "356.2"),
    "PayAnyPower": (PLAYED_ONLY, "356.2"),
    "RepeatCost": (PLAYED_ONLY, "820.1.d"),
    "PlayOnlyToConqueredThisTurn": (PLAYED_ONLY, "366.1"),
    "SeenOnTopMayBanishAndPlay": (PLAYED_ONLY, "366.1"),
    "AsRevealedAdd": (PLAYED_ONLY, "370.1.b.1"),
}

_A = TypeVar("_A")


def undeclared(kinds: Iterable[str]) -> list[str]:
    """The kinds among *kinds* whose copy has no declaration in :data:`HOW` (sorted)."""
    return sorted(set(kinds) - HOW.keys())


def copies(state: GameState, oid: str) -> int:
    """How many copies of *oid*'s text the Equipment attached to it carry now (0 for most
    objects; ``state.extra["copied_text"] = {gear: unit}``, kept by
    ``layers.start_effect_text``; a copy ends as its gear is detached, 718.1)."""
    mapping = state.extra.get("copied_text")
    if not mapping or oid not in mapping.values():
        return 0
    objects = state.objects
    unit = objects.get(oid)
    if unit is None or unit.zone not in BOARD_ZONES:
        return 0
    n = 0
    for gear, wearer in mapping.items():
        obj = objects.get(gear)
        if wearer == oid and obj is not None and obj.attached_to == oid:
            n += 1
    return n


def copying(state: GameState) -> list[tuple[str, str]]:
    """The (gear, unit) pairs of the copies of units' text carried now (attached, the unit
    on the board), for lookups of :data:`OWN` kinds that list abilities by their source."""
    mapping = state.extra.get("copied_text")
    if not mapping:
        return []
    objects = state.objects
    out: list[tuple[str, str]] = []
    for gear, unit in mapping.items():
        obj, top = objects.get(gear), objects.get(unit)
        if obj is not None and top is not None and obj.attached_to == unit \
                and top.zone in BOARD_ZONES:
            out.append((gear, unit))
    return out


def with_copies(state: GameState, oid: str, own: tuple[_A, ...]) -> tuple[_A, ...]:
    """The abilities *own* of the object *oid* (read from its card's encoding) as it has
    them now: its own, plus the same once more for each copy of its text an attached
    Equipment carries (:func:`copies`).  The one place a query of a :data:`COUNTED` kind
    learns how many instances the object has."""
    if not own:
        return own
    n = copies(state, oid)
    return own * (1 + n) if n else own
