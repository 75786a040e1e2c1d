"""Vocabulary for costs and resources (issue 24, Spiritforged costs lane).

Nodes outside the three vocabulary parts, imported from here by the encodings that use them;
interpreted by the engine modules named in each docstring.  Pure frozen data; our own words
only, no card text.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["AddForGear", "ChoosingMeCostsLess", "CostsLessPer", "GoldAddsMore", "OptionalCostsLess", "PayToAdd",
           "SpellsCost"]


@dataclass(frozen=True, slots=True)
class PayToAdd:
    """An Add step with a pay instruction of any amount before it (RUP4 204.3.b and 444,
    v1.3 742.1): its controller pays X (``choices[key]``, a whole number, 0 or more) of
    *pay* ("energy" or "power": universal power, [A]) and adds X of the other.  An ability
    made only of Add steps resolves as it is used (429.2), so X is paid with the activation
    (runes may be used for it, 429.3 / RUP4 444.2.c).  Interpreted by
    :mod:`riftlog.rules.playing.pay_to_add`."""

    pay: str = "power"
    key: str = "x"

    #: read by ``Activated.adds``: this step adds resources (429)
    adds_resources = True


@dataclass(frozen=True, slots=True)
class CostsLessPer:
    """An ability of a card: it costs *energy* Energy and *power* (by domain) less for each
    point *per* counts (a :class:`~riftlog.cards.vocab.Count`, e.g. ``Count("hold_points")``:
    the points its player scored by holding this turn), never below 0 (356.4, 356.6).
    Interpreted by :mod:`riftlog.rules.playing.cost_changes`."""

    per: object
    energy: int = 0
    power: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class SpellsCost:
    """An ability of a unit: while it is in combat (v1.3 741.3, RUP4 740.2.c: at the
    battlefield of the combat under way, with a combat designation), spells played by
    *whose* ("friendly": its
    controller and allies; "enemy": its controller's opponents) cost *energy* Energy and
    *power* universal power more (positive: a cost increase, 356.3) or less (negative: a
    discount, 356.4); a discount does not take the Energy cost below *minimum* (356.4.e).
    Interpreted by :mod:`riftlog.rules.playing.cost_changes`."""

    whose: str
    energy: int = 0
    power: int = 0
    minimum: int = 0


@dataclass(frozen=True, slots=True)
class ChoosingMeCostsLess:
    """An ability of a unit: spells its controller plays that choose it as a target cost one
    Energy or one power less (356.4): the player takes the power with
    ``CardPlayed.choices["less"] = "power"``, else the Energy.  Interpreted by
    :mod:`riftlog.rules.playing.cost_changes`."""


@dataclass(frozen=True, slots=True)
class OptionalCostsLess:
    """An ability of a unit: each optional additional cost its controller pays (Accelerate,
    an optional additional cost, each Repeat paid) costs one Energy or one power less, never
    below 0 (RUP4 356.4.c, 356.4.f: applied to that cost as it is added); the power with
    ``CardPlayed.choices["less"] = "power"``, else the Energy.  Interpreted by
    :mod:`riftlog.rules.playing.cost_changes`."""


@dataclass(frozen=True, slots=True)
class GoldAddsMore:
    """An ability (of a legend): while its controller's score is within *within* points of
    the Victory Score, each Add of a Gold token they control adds *energy* more Energy.
    Interpreted by :mod:`riftlog.rules.playing.gold_adds`."""

    energy: int = 1
    within: int = 3


@dataclass(frozen=True, slots=True)
class AddForGear:
    """Add Energy / power (429) that may be spent only to play gear or to use abilities of
    gear (power by domain, "Any" for universal).  Interpreted by
    :mod:`riftlog.rules.playing.gear_resources` (the pool: riftlog.rules.board.gear_pool)."""

    energy: int = 0
    power: tuple[tuple[str, int], ...] = ()

    #: read by ``Activated.adds``: this step adds resources (429)
    adds_resources = True
