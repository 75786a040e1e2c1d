"""Vocabulary for restrictions, control of spells and gained abilities (issue #5, helper K2).

Ability-level nodes of an :class:`riftlog.cards.vocab.Encoding`, interpreted by
:mod:`riftlog.rules.playing.restrictions` and :mod:`riftlog.rules.playing.borrowed`:

* :class:`OpponentsPlayUnitsToBase` - while the source is at a battlefield, its controller's
  opponents may play units only to their own base (a "can't" effect, v1.3 054.1, beating
  the permissions of 355.2.a/355.2.b).
* :class:`NoReadyingEnemies` - while the source is at a battlefield, spells and abilities do
  not ready units and gear of its controller's opponents (054.1 over 415.3.b).
* :class:`HasFriendlyExhaustAbilities` - the source has every activated ability with the
  exhaust symbol in its cost of the other legends, units and gear its controller controls
  (an ability-adding effect, 471); they are activated with the source as their source.
* :class:`SeenOnTopMayBanishAndPlay` - a Main Deck card's ability as its owner looks at or
  reveals it from the top (366.1; :mod:`riftlog.rules.playing.deck_seen`).

Our own words only: no card text is copied here.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["HasFriendlyExhaustAbilities", "NoReadyingEnemies", "OpponentsPlayUnitsToBase",
           "SeenOnTopMayBanishAndPlay"]


@dataclass(frozen=True, slots=True)
class OpponentsPlayUnitsToBase:
    """While the source is at a battlefield, opponents of its controller play units (cards
    and unit tokens) only to their own base."""


@dataclass(frozen=True, slots=True)
class NoReadyingEnemies:
    """While the source is at a battlefield, spells and abilities cannot ready the units and
    gear of opponents of its controller (the Ready Step's readying, 415.3.a, is not a spell
    or ability and still happens)."""


@dataclass(frozen=True, slots=True)
class HasFriendlyExhaustAbilities:
    """The source has the exhaust-cost activated abilities of the other legends, units and
    gear its controller controls (``AbilityActivated.choices["ability_of"]`` names the
    object whose ability is meant; ``ability`` is its index in that object's encoding)."""


@dataclass(frozen=True, slots=True)
class SeenOnTopMayBanishAndPlay:
    """As its owner looks at it or reveals it from the top of their Main Deck, they may banish
    it; if they did, they may play it paying *power* (by domain, "Any" for [A]) instead of
    its cost."""

    power: tuple[tuple[str, int], ...] = (("Any", 1),)
