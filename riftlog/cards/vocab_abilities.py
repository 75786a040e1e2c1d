"""The encoding vocabulary, part 3: ability shapes, ability-level nodes and shorthands.

Package-private: import these names from :mod:`riftlog.cards.vocab`, which re-exports them
(see its docstring for the whole vocabulary).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from riftlog.cards.vocab_conditions import Amount, Chosen, Condition, Target, _present_as_vocab
from riftlog.cards.vocab_steps import AddResource, AttachMe, ReplacementCost

__all__ = [
    "REPLACEABLE_EVENTS", "Ability", "Activated", "AdditionalCost", "BonusDamageHere",
    "BonusDamageYours", "Cost", "CostReduction", "CostsLess", "DifferentTargets", "EntersReady",
    "EquipmentTargets",
    "ExtraDeathknell",
    "HideCapacity", "HideCostAlternative", "MaxTotalMight", "MoveDestination", "NoMoveToBase", "Passive",
    "PayAnyPower", "PlayTo", "RaiseVictoryScore", "RepeatCost", "Replacement", "SameLocation",
    "SpellEffect", "Triggered", "When", "deathknell", "equip", "on_play",
]


# --- ability shapes -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class When:
    """A trigger condition (382): ``event`` and whose event it must be.

    events: "played" (a card was played), "dies", "conquers", "holds", "attacks",
    "defends", "moves", "beginning_phase" (start of the controller's Beginning Phase),
    "end_of_turn".  ``subject``: "me" (the source itself), "you" (any of the
    controller's), "here" (at the source battlefield, by the controller of the event),
    "friendly_unit", "other_friendly_unit" (a teammate's too, 489.8.e), "your_unit",
    "other_your_unit" (the controller's own, 489.8.c).  ``card_type``: restrict "played" cards.
    """

    event: str
    subject: str = "me"
    card_type: str | None = None


@dataclass(frozen=True, slots=True)
class Triggered:
    when: When
    effect: tuple[Any, ...]
    condition: Condition | None = None
    optional: bool = False
    targets: tuple[Target, ...] = ()
    # a cost within the instructions ("[do X] to [do Y]"), paid as the
    # ability is put on the chain (742.1.b): Custom nodes; one returning False = not paid
    # (then the ability is not put on the chain).
    finalize_cost: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Cost:
    """An activated ability's cost: energy, power by domain, exhaust the source (the
    [E] symbol), kill the source."""

    energy: int = 0
    power: tuple[tuple[str, int], ...] = ()
    exhaust: bool = False
    kill_self: bool = False
    spend_buff: bool = False  # spend the source's buff (702.2.b)
    recycle_trash: int = 0  # recycle n cards of your trash (choices["recycle"])
    recycle_kind: str | None = None  # only cards of this type may be recycled ("Unit")
    kill_friendly: int = 0  # kill n other friendly units/gear (choices["kill"])
    discard: int = 0  # replacement helper (issue 4): discard n cards (choices["discard"])
    banish_self: bool = False  # issue 24: banish the source (The Zero Drive)


@dataclass(frozen=True, slots=True)
class Activated:
    """376-381.  ``timing``: None (own Main Phase, open), "action" (806), "reaction" (813).
    An ability whose effect is only :class:`AddResource` resolves at once (429, not on
    the chain).  ``condition``: e.g. Legion (812) - usable only while it holds."""

    cost: Cost
    effect: tuple[Any, ...]
    timing: str | None = None
    targets: tuple[Target, ...] = ()
    condition: Condition | None = None

    @property
    def adds(self) -> bool:
        return bool(self.effect) and all(isinstance(s, AddResource) or getattr(
            s, "adds_resources", False) for s in self.effect)  # issue 24: vocab_costs.PayToAdd


@dataclass(frozen=True, slots=True)
class SpellEffect:
    effect: tuple[Any, ...]
    targets: tuple[Target, ...] = ()


@dataclass(frozen=True, slots=True)
class Passive:
    """A continuous effect while the source is on the board (a layers effect dict without
    ``source``/``id``/``timestamp``; ``until`` becomes "source_leaves")."""

    effect: tuple[tuple[str, Any], ...]

    @staticmethod
    def of(**effect: Any) -> Passive:
        """``Passive.of(layer="arithmetic", affects={"location": "source", "type": "Unit"},
        might=1)``: the keys of a layers effect (see riftlog.rules.board.layers)."""
        return Passive(tuple(effect.items()))


@dataclass(frozen=True, slots=True)
class Replacement:
    """367-375 (interpreted by riftlog.rules.interpreter.replacement_effects).  ``what``: the
    replacement in words.  ``event``: "die" (``who`` would die: "me", "friendly_unit",
    "other_friendly_unit" (a teammate's too, 489.8.e), "your_unit" (the source's controller's
    own only, "you control"), "other_your_unit" (the same but not the source), relative to the source's controller) or "tie_recall" (the
    attackers' recall of 461.1.a.2 in a combat where ``who`` = "you" attacked).  The event
    is replaced by ``effect`` (steps; ``IT`` = the unit that would have died, ``ME`` = the
    source), at most once per event and per sequence (370.2), once each turn with
    ``once_each_turn`` (371).  ``optional``: the controller chooses whether to apply it
    (371.1, a recorded ChoiceMade); ``cost``: paid as it applies (:class:`ReplacementCost`);
    ``condition``: must hold for the event (the event's ``obj`` / ``buffed`` are known);
    ``each``: one application replaces every qualifying simultaneous event (373.2)."""

    what: str
    event: str | None = None
    who: str = "me"
    effect: tuple[Any, ...] = ()
    once_each_turn: bool = False
    optional: bool = False
    cost: ReplacementCost | None = None  # replacement helper (issue 4)
    condition: Any = None  # replacement helper (issue 4)
    each: bool = False  # replacement helper (issue 4)


#: replacement helper (issue 4): the events a vocab Replacement may replace (others: unsupported).
REPLACEABLE_EVENTS: frozenset[str | None] = frozenset({"die", "tie_recall"})


def _replacement_ok(node: Replacement) -> bool:
    """replacement helper: whether riftlog.rules.interpreter.replacement_effects interprets *node*: a
    "die" replacement of "me" / "friendly_unit" / "other_friendly_unit" / "your_unit", or a mandatory,
    cost-free "tie_recall" one of "you" (the Attacker)."""
    if node.event == "die":
        return node.who in ("me", "friendly_unit", "other_friendly_unit", "your_unit",
                            "other_your_unit")
    if node.event == "tie_recall":
        return node.who == "you" and not node.optional and node.cost is None and not node.each
    return False


@dataclass(frozen=True, slots=True)
class CostReduction:
    """356.4: the card costs *energy* less (an Amount) while *condition* holds; with
    *minimum*, not below that many Energy (issue 24; a cost already below it is left alone,
    and the minimum limits this discount only, 356.4.e)."""

    energy: Amount
    condition: Condition | None = None
    minimum: int = 0


@dataclass(frozen=True, slots=True)
class AdditionalCost:
    """356.2 optional additional cost as the card is played: discard *discard* cards
    (recorded in ``CardPlayed.choices["discard"]``); if paid, *reduce* energy off."""

    discard: int = 0
    reduce: int = 0
    optional: bool = True
    # kill *kill* friendly units (-1: any number), recorded in
    # ``CardPlayed.choices["kill"]``; *reduce_power* comes off the power cost per unit killed.
    kill: int = 0
    reduce_power: tuple[tuple[str, int], ...] = ()
    # spend the buff of *spend_buff* friendly units
    # (``choices["spend_buff"]``); if paid and *free*, the card's energy cost is ignored.
    # spend_buff=-1 = any number; *reduce_power* comes off per buff spent.
    spend_buff: int = 0
    free: bool = False
    # pay *power* more (``CardPlayed.choices["additional"] = True``) or
    # exhaust *exhaust* ready friendly units (``choices["exhaust"] = [oids]``).
    power: tuple[tuple[str, int], ...] = ()
    exhaust: int = 0
    # issue 24: pay *energy* more, alone or with *power* (``choices["additional"] = True``)
    energy: int = 0
    # issue 24: what *kill* kills, "Unit" or "Gear" (a gear killed marks the cost paid, for
    # PaidAdditional)
    kill_kind: str = "Unit"
    # issue 24: return *return_gear* friendly gear to their owners' hands
    # (``CardPlayed.choices["return"] = [oids]``)
    return_gear: int = 0
    # issue 24: exhaust its controller's (ready) legend (``choices["exhaust_legend"] = True``;
    # marks the cost paid, for PaidAdditional)
    exhaust_legend: bool = False


Ability = Triggered | Activated | SpellEffect | Passive | Replacement | CostReduction | AdditionalCost

# --- ability-level nodes (read by the interpreter from the encoding's abilities) ----------


@dataclass(frozen=True, slots=True)
class CostsLess:
    """an ability: while the source is on the board, cards its controller
    plays that have tag *tag* (any card: None) cost *energy* Energy less, not below *minimum*
    (356.4; a cost already below it is left alone)."""

    energy: int
    tag: str | None = None
    minimum: int = 0
    card_type: str | None = None  # only cards of this type
    at_battlefield: bool = False  # only while the source is at a battlefield


# battlefield rules and group targeting
@dataclass(frozen=True, slots=True)
class RaiseVictoryScore:
    """Ability: while this is on the board, the Victory Score is *n* higher."""

    n: int = 1


@dataclass(frozen=True, slots=True)
class HideCapacity:
    """Ability of a battlefield: *extra* more facedown cards may be hidden here (107.3.b)."""

    extra: int = 1


@dataclass(frozen=True, slots=True)
class NoMoveToBase:
    """Ability of a battlefield: units here cannot move from here to a base (054)."""


@dataclass(frozen=True, slots=True)
class BonusDamageHere:
    """Ability of a battlefield: spells and abilities dealing damage to a unit here deal
    *n* Bonus Damage (712-715)."""

    n: int = 1


@dataclass(frozen=True, slots=True)
class MaxTotalMight:
    """an ability-level node of a spell: the units chosen for targets
    *names* have a total Might of at most *n* (a group targeting requirement, 355.11)."""

    names: tuple[str, ...]
    n: int


@dataclass(frozen=True, slots=True)
class HideCostAlternative:
    """an ability of a legend: its controller may pay *energy* Energy
    instead of [A] to hide a card (811.1.b)."""

    energy: int = 1


@dataclass(frozen=True, slots=True)
class PayAnyPower:
    """an additional cost of a spell (356.2): its controller pays any
    amount X (0 or more) of [A] (power of any domain), recorded as ``CardPlayed.choices[key]``;
    the effect reads X from the resolution's ``choices``."""

    key: str = "x"


@dataclass(frozen=True, slots=True)
class DifferentTargets:
    """an ability-level node of a spell (issue 24): no object may be chosen for more than one
    of its targets *names* ("another unit": a group targeting requirement, 355.11)."""

    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EquipmentTargets:
    """an ability-level node of a spell (issue 24): each target named in *equipment* must be
    an Equipment, each in *equipped* a unit with a card attached (818.2), and the objects
    chosen for *same_controller* must have one controller (group requirement, 355.11)."""

    equipment: tuple[str, ...] = ()
    equipped: tuple[str, ...] = ()
    same_controller: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MoveDestination:
    """an ability-level node of a spell (issue 24): the place its target *unit* moves to is
    chosen as the spell is played (RUP4 355.4), as ``CardPlayed.choices[key]`` (a Repeat run
    *k*'s as ``choices[f"{key}@{k}"]``, 820.2.a), and checked again as it resolves.  A valid
    place is the unit's controller's base or a battlefield other than where it is (355.4.a);
    with *near_friends*, one where another unit of that controller is."""

    unit: str = "t"
    key: str = "to"
    near_friends: bool = False


@dataclass(frozen=True, slots=True)
class SameLocation:
    """an ability-level node of a spell: its targets *names* must all be
    at one location (a group targeting requirement, 355.11)."""

    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ExtraDeathknell:
    """an ability: while this is on the board, its controller's
    Deathknells (808) trigger one additional time (triggers.extra_deathknells)."""


@dataclass(frozen=True, slots=True)
class EntersReady:
    """A unit that enters the board ready when played while *condition* holds."""

    condition: Any = None


@dataclass(frozen=True, slots=True)
class BonusDamageYours:
    """Ability of a permanent: while it is on the board, spells and abilities its
    controller controls deal *n* Bonus Damage (712-715) with each Deal step."""

    n: int = 1


@dataclass(frozen=True, slots=True)
class PlayTo:
    """355.2.b: a permission to play a unit to a battlefield its controller does not control:
    ``where`` "open" (no unit there and no controller, 169.10.c), "occupied_enemy" (an
    opponent controls it and a unit is there) or "attacking" (its controller is the attacker
    in the combat there; issue 24).  With ``others``, the permission is for the
    other friendly units their controller plays while the source is on the board."""

    where: str = "open"
    others: bool = False


# mechanics helper: Repeat (820)
@dataclass(frozen=True, slots=True)
class RepeatCost:
    """Ability of a spell with Repeat (820): one Repeat instance and its cost (energy, power by
    domain, "Any" for [A]).  Paid as an additional cost when ``CardPlayed.choices["repeat"]``
    lists its instance number (0 = the first RepeatCost of the encoding, 820.1.c.2); the
    spell's instructions then run once more per paid instance, with targets named
    ``"<name>@2"``, ``"<name>@3"``... for the extra runs (820.2)."""

    energy: int = 0
    power: tuple[tuple[str, int], ...] = ()

# --- shorthands for common shapes ---------------------------------------------------------


def on_play(*steps: Any, condition: Any = None, optional: bool = False) -> Triggered:
    """"When you play me/this" (383.4.a)."""
    return Triggered(When("played", "me"), tuple(steps), condition, optional)


def deathknell(*steps: Any) -> Triggered:
    """[Deathknell] (808): "when I die"."""
    return Triggered(When("dies", "me"), tuple(steps))


def equip(cost: Cost, timing: str | None = None) -> Activated:
    """The Equip keyword's activated ability (818.1.c.2): pay *cost*, attach this gear to a
    unit you control (the target "t", 818.1.b.1).  A gear with Equip needs one of these in
    its encoding (its cost is not in the catalog) and ``might_bonus=`` (137)."""
    return Activated(cost, (AttachMe(Chosen("t")),), timing, targets=(Target("unit", "yours"),))


# This part is package-private: what it defines presents itself as riftlog.cards.vocab's.
_present_as_vocab(globals())
