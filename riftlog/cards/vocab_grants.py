"""Vocabulary for keywords a card has as it is played, given by another card (issue 24,
Spiritforged: Jax, Unmatched and Rek'Sai, Breacher), and activated abilities a battlefield
gives legends (Forge of the Fluft).

Interpreted by :mod:`riftlog.rules.playing.play_keywords` and
:mod:`riftlog.rules.playing.borrowed`.  Pure frozen data; our own words
only, no card text.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["LegendsHave", "PlayedWith"]


@dataclass(frozen=True, slots=True)
class PlayedWith:
    """An ability: while the source is on the board (and not attached), each card its
    controller or a teammate plays that matches has *keyword* as it is played (its timing,
    its optional costs and its play triggers read it): of *card_type* (printed type) and
    *tag* when given, and with *not_from_hand* only when it is played from a zone other
    than its owner's hand.  A keyword the card should keep on the board is given by a
    layers Passive beside it."""

    keyword: str
    card_type: str | None = None
    tag: str | None = None
    not_from_hand: bool = False


@dataclass(frozen=True, slots=True)
class LegendsHave:
    """An ability of a battlefield: while a player controls it, the legends of that player
    and their teammates have its activated ability #*ability* (an :class:`Activated` of the
    same encoding, which is not the battlefield's own: RUP4/v1.3 471, the ability layer).
    A legend uses it with ``AbilityActivated(source=<legend>, ability=<ability>,
    choices={"ability_of": <battlefield>})``; its exhaust symbol exhausts the legend."""

    ability: int = 0
