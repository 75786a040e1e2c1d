"""The encoding vocabulary: riftlog's own words for what a card's abilities do, as data.

Pure, frozen data (this layer never imports :mod:`riftlog.rules`); the interpreter in
:mod:`riftlog.rules.effects` / :mod:`riftlog.rules.abilities` / :mod:`riftlog.rules.triggers`
gives each node its meaning.  A card's encoding is declared once with :func:`card` in a
batch module under :mod:`riftlog.cards.encodings` and registered with
:func:`riftlog.cards.abilities.register_ability`.  Never copy card text into an encoding:
names and ids only (see riftlog/cards/ENCODING.md).

Shapes (v1.3 360-406):

* abilities - :class:`SpellEffect` (what a spell does on resolution), :class:`Triggered`
  (382-392), :class:`Activated` (376-381), :class:`Passive` (363-366, a layers effect
  while the source is on the board), :class:`Replacement` (367-375, see
  :mod:`riftlog.rules.replacement_effects`),
  :class:`PlayCost` (additional/optional costs and cost modifiers as the card is played,
  356);
* effect steps - :class:`Deal`, :class:`Kill`, :class:`Stun`, :class:`Buff`, ...;
* who/what an effect acts on - :class:`Target` (a choice made as the ability is put on
  the chain, recorded in the decision), :data:`ME` (the source), :data:`IT` (the object
  the trigger event is about), :class:`All` (every object matching, not targeted),
  :class:`Chosen` (an earlier target by name);
* conditions - :class:`Legion`, :class:`ControlsTag`, :class:`Mighty`, :class:`HandSize`;
* amounts - an int or :class:`Count`;
* :class:`Custom` - a named Python function in :mod:`riftlog.rules.custom` for the unusual.

Anything the interpreter does not implement raises UnsupportedCard/UnsupportedRule naming
it; the support check (:attr:`Encoding.unsupported`) refuses :class:`Unsupported` nodes,
:class:`Replacement` and Custom names that :mod:`riftlog.rules.custom` does not define.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

# --- what an effect acts on ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Target:
    """A target chosen as the spell/ability is played or put on the chain (355.5, 386).

    ``kind``: "unit" | "gear" | "permanent" | "battlefield" | "player".
    ``side``: "any" | "friendly" | "enemy" (relative to the ability's controller).
    ``where``: "board" | "battlefield" (at any battlefield) | "base" (the controller's base
    for friendly, any base otherwise) | "here" (the source's location).
    ``count``/``up_to``: how many (exactly *count*, or 0..count).  ``other``: not the source.
    ``name``: the key in the decision's ``targets`` dict (default "t").
    ``exhausted``/``buffed``: extra requirements on the target, when not None.
    """

    kind: str = "unit"
    side: str = "any"
    where: str = "board"
    count: int = 1
    up_to: bool = False
    other: bool = False
    name: str = "t"
    exhausted: bool | None = None
    buffed: bool | None = None
    max_might: int | None = None  # batch ogn_151_200: a unit with at most this Might
    max_cost: tuple[int, int] | None = None  # batch ogn_001_050: a spell of printed cost <= (E, P)


@dataclass(frozen=True, slots=True)
class Ref:
    """A non-chosen reference: "me" (the source), "it" (the trigger event's object),
    "you" (the ability's controller, for player steps)."""

    what: str


ME = Ref("me")
IT = Ref("it")
YOU = Ref("you")


@dataclass(frozen=True, slots=True)
class Chosen:
    """The objects chosen earlier for target *name* (e.g. the battlefield of Firestorm)."""

    name: str = "t"


@dataclass(frozen=True, slots=True)
class All:
    """Every object matching, not targeted.  ``at``: None (anywhere on the board) or a
    :class:`Chosen` battlefield, or ``"here"`` (the source's location)."""

    kind: str = "unit"
    side: str = "any"
    at: Chosen | str | None = None
    other: bool = False


Who = Target | Ref | Chosen | All

# --- amounts and conditions --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Count:
    """A number read from the game when needed: "trash" (cards in your trash),
    "hand" (cards in your hand), "mighty_units" (your Mighty units), "units_here"."""

    what: str
    times: int = 1


Amount = int | Count


@dataclass(frozen=True, slots=True)
class Legion:
    """v1.3 812: you played another card this turn."""


@dataclass(frozen=True, slots=True)
class ControlsTag:
    """You control a unit (other than the source, if *other*) with tag *tag*."""

    tag: str
    other: bool = True


@dataclass(frozen=True, slots=True)
class Mighty:
    """v1.3 708: the source (or IT) is Mighty."""

    who: Ref = ME


@dataclass(frozen=True, slots=True)
class HandSize:
    """You have at most *at_most* cards in hand."""

    at_most: int


@dataclass(frozen=True, slots=True)
class Not:
    cond: Any


# batch ogn_101_150: two generic conditions
@dataclass(frozen=True, slots=True)
class Exists:
    """Something matching *what* (a Target spec, not chosen: only looked for) exists now,
    relative to the ability's controller and source (e.g. a ready enemy unit here)."""

    what: Target


@dataclass(frozen=True, slots=True)
class MyTurn:
    """It is the ability controller's turn (``Not(MyTurn())``: an opponent's turn)."""


@dataclass(frozen=True, slots=True)
class ControlsFacedown:
    """The controller controls a facedown card at a battlefield (107.3, 421)."""


@dataclass(frozen=True, slots=True)
class CostsLess:
    """batch ogn_101_150 (an ability): while the source is on the board, cards its controller
    plays that have tag *tag* (any card: None) cost *energy* Energy less, not below *minimum*
    (356.4; a cost already below it is left alone)."""

    energy: int
    tag: str | None = None
    minimum: int = 0
    card_type: str | None = None  # batch ogn_051_100: only cards of this type
    at_battlefield: bool = False  # batch ogn_051_100: only while the source is at a battlefield


@dataclass(frozen=True, slots=True)
class UnitDiedThisTurn:
    """batch ogn_101_150: a unit of *side* ("enemy" | "friendly" | "any", relative to the
    controller) has died this turn (effects.kill notes deaths)."""

    side: str = "enemy"


@dataclass(frozen=True, slots=True)
class FirstDeathThisTurn:
    """batch ogn_101_150: for a "dies" trigger, this death is the first time one of the
    controller's units died this turn; of units dying at once, one instance counts (383.1.b)."""


# batch ogn_001_050: two conditions.
@dataclass(frozen=True, slots=True)
class PlayedCount:
    """The controller has played exactly *n* cards this turn (e.g. "your second card")."""

    n: int


@dataclass(frozen=True, slots=True)
class OpponentNearVictory:
    """An opponent has at least (Victory Score - *within*) points."""

    within: int


# batch ogn_051_100: three conditions
@dataclass(frozen=True, slots=True)
class AtBattlefield:
    """Condition: the source (or IT) is at a battlefield (not in a base)."""

    who: Ref = ME


@dataclass(frozen=True, slots=True)
class Alone:
    """Condition: the source (or IT) is attacking or defending alone (no other unit of
    its controller at its battlefield)."""

    who: Ref = IT


@dataclass(frozen=True, slots=True)
class IsEnemy:
    """Condition: the event's object (IT) is controlled by an opponent of the controller."""

    who: Ref = IT


# batch ogn_001_050: a condition on the play's optional additional cost.
@dataclass(frozen=True, slots=True)
class PaidAdditional:
    """The source (a card being played / just played this turn) had its optional additional
    cost paid (356.4.f.1: the decision to pay counts, not the amount)."""


Condition = (Legion | ControlsTag | Mighty | HandSize | Not | PlayedCount | OpponentNearVictory
             | PaidAdditional  # batch ogn_001_050
             | Exists | MyTurn | ControlsFacedown  # batch ogn_101_150
             | UnitDiedThisTurn | FirstDeathThisTurn  # batch ogn_101_150
             | AtBattlefield | Alone | IsEnemy)  # batch ogn_051_100

# --- effect steps -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal:
    amount: Amount
    to: Who


@dataclass(frozen=True, slots=True)
class Kill:
    what: Who


@dataclass(frozen=True, slots=True)
class Stun:
    what: Who


@dataclass(frozen=True, slots=True)
class Buff:
    what: Who


@dataclass(frozen=True, slots=True)
class Ready:
    what: Who


@dataclass(frozen=True, slots=True)
class Exhaust:
    what: Who


@dataclass(frozen=True, slots=True)
class Heal:
    what: Who


@dataclass(frozen=True, slots=True)
class Recall:
    what: Who


@dataclass(frozen=True, slots=True)
class Banish:
    what: Who


@dataclass(frozen=True, slots=True)
class ReturnToHand:
    what: Who


@dataclass(frozen=True, slots=True)
class Move:
    """Move units to ``to``: "base" or a :class:`Chosen` battlefield."""

    what: Who
    to: Chosen | str = "base"


@dataclass(frozen=True, slots=True)
class Draw:
    n: Amount = 1


@dataclass(frozen=True, slots=True)
class Discard:
    """The controller discards *n* cards of their choice (a ChoiceMade when it is a choice)."""

    n: int = 1


@dataclass(frozen=True, slots=True)
class Channel:
    n: Amount = 1
    exhausted: bool = False


@dataclass(frozen=True, slots=True)
class AddResource:
    """Add Energy / Power (429); power by domain, "Any" for universal power."""

    energy: int = 0
    power: tuple[tuple[str, int], ...] = ()
    spells_only: bool = False  # mechanics helper: may only be spent to play spells (rules/spell_pool)


@dataclass(frozen=True, slots=True)
class GiveMight:
    """+n (or -n) Might ``until`` "end_of_turn" (a layers arithmetic effect)."""

    n: int
    what: Who
    until: str = "end_of_turn"
    minimum: int | None = None


@dataclass(frozen=True, slots=True)
class GrantKeyword:
    keyword: str
    what: Who
    until: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class CreateToken:
    """Create *n* tokens of catalog card *card* at ``where``: "base" or "here"."""

    card: str
    n: int = 1
    where: str = "base"
    ready: bool = False  # batch ogn_101_150: the token enters ready


@dataclass(frozen=True, slots=True)
class LookAtTop:
    """Look at the top card of your Main Deck (privately); with *may_recycle*, you may
    recycle it (a ChoiceMade).  Vision (817) is this as a play effect."""

    may_recycle: bool = True


@dataclass(frozen=True, slots=True)
class Counter:
    """Counter a spell on the chain (chosen as a Target of kind "spell")."""

    what: Who


@dataclass(frozen=True, slots=True)
class If:
    """Do *then* when *cond* holds as this step resolves (else *otherwise*)."""

    cond: Condition
    then: tuple[Any, ...]
    otherwise: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class May:
    """"You may": the controller chooses (a recorded ChoiceMade) whether to do *steps*."""

    steps: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Custom:
    """Plain Python in :mod:`riftlog.rules.custom` under *name* (the unusual card)."""

    name: str
    args: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Unsupported:
    """A part of a card the framework cannot express yet; the card stays unsupported."""

    why: str


# batch ogn_001_050: effects lasting the rest of the turn, kept in state.extra["turn_effects"].
@dataclass(frozen=True, slots=True)
class ForTurn:
    """For the rest of this turn: ``kind`` "cannot_play" (the players can't play cards),
    "next_unit_ready" (the next unit they play enters ready), "units_ready" (every unit
    they play this turn enters ready; batch ogn_101_150), "next_spell_cheaper" (the
    next spell they play costs *n* Energy less), "next_spell_bonus" (the next spell they play
    deals *n* Bonus Damage with each Deal step).  ``players``: "you" or "opponents"."""

    kind: str
    players: str = "you"
    n: int = 0


# --- batch ogn_251_298: delayed triggers, battlefield rules, two conditions ---------------
@dataclass(frozen=True, slots=True)
class Delay:
    """Schedule this card's ability #*ability* (a :class:`Triggered` whose When subject is
    "delayed") to trigger once at its event later this turn (390.2, delayed triggers).
    ``on``: the name of a chosen target; then only an event about one of those objects
    triggers it (e.g. "the next time it takes damage this turn")."""

    ability: int
    on: str | None = None
    every: bool = False  # mechanics helper: triggers every time its event occurs this turn (389)


@dataclass(frozen=True, slots=True)
class FirstTurn:
    """Condition: the event's player (else the controller) has not had a turn yet, i.e.
    this is their first turn / first Beginning Phase."""


@dataclass(frozen=True, slots=True)
class EventBattlefieldYours:
    """Condition: the controller controls the battlefield the event happened at."""


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
class EventFlag:
    """Condition (batch ogn_251_298): the trigger event's data has *key* set (e.g. the
    "chooses" event's ``first``: the player's first such choice there this turn)."""

    key: str


@dataclass(frozen=True, slots=True)
class MaxTotalMight:
    """batch ogn_251_298, an ability-level node of a spell: the units chosen for targets
    *names* have a total Might of at most *n* (a group targeting requirement, 355.11)."""

    names: tuple[str, ...]
    n: int


@dataclass(frozen=True, slots=True)
class HideCostAlternative:
    """batch ogn_251_298, an ability of a legend: its controller may pay *energy* Energy
    instead of [A] to hide a card (811.1.b)."""

    energy: int = 1


@dataclass(frozen=True, slots=True)
class PayAnyPower:
    """batch ogn_251_298, an additional cost of a spell (356.2): its controller pays any
    amount X (0 or more) of [A] (power of any domain), recorded as ``CardPlayed.choices[key]``;
    the effect reads X from the resolution's ``choices``."""

    key: str = "x"


Step = (Deal | Kill | Stun | Buff | Ready | Exhaust | Heal | Recall | Banish | ReturnToHand | Move
        | Draw | Discard | Channel | AddResource | GiveMight | GrantKeyword | CreateToken | Counter
        | LookAtTop | If | May | Custom | Unsupported)

# --- abilities ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class When:
    """A trigger condition (382): ``event`` and whose event it must be.

    events: "played" (a card was played), "dies", "conquers", "holds", "attacks",
    "defends", "moves", "beginning_phase" (start of the controller's Beginning Phase),
    "end_of_turn".  ``subject``: "me" (the source itself), "you" (any of the
    controller's), "here" (at the source battlefield, by the controller of the event),
    "friendly_unit", "other_friendly_unit".  ``card_type``: restrict "played" cards.
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
    # batch ogn_101_150: a cost within the instructions ("[do X] to [do Y]"), paid as the
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
    spend_buff: bool = False  # batch ogn_151_200: spend the source's buff (702.2.b)
    recycle_trash: int = 0  # batch ogn_001_050: recycle n cards of your trash (choices["recycle"])
    kill_friendly: int = 0  # batch ogn_101_150: kill n other friendly units/gear (choices["kill"])
    discard: int = 0  # replacement helper (issue 4): discard n cards (choices["discard"])


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
        return bool(self.effect) and all(isinstance(s, AddResource) for s in self.effect)


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
        might=1)``: the keys of a layers effect (see riftlog.rules.layers)."""
        return Passive(tuple(effect.items()))


@dataclass(frozen=True, slots=True)
class Replacement:
    """367-375 (interpreted by riftlog.rules.replacement_effects).  ``what``: the
    replacement in words.  ``event``: "die" (``who`` would die: "me", "friendly_unit",
    "other_friendly_unit", relative to the source's controller) or "tie_recall" (the
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
    """replacement helper: whether riftlog.rules.replacement_effects interprets *node*: a
    "die" replacement of "me" / "friendly_unit" / "other_friendly_unit", or a mandatory,
    cost-free "tie_recall" one of "you" (the Attacker)."""
    if node.event == "die":
        return node.who in ("me", "friendly_unit", "other_friendly_unit")
    if node.event == "tie_recall":
        return node.who == "you" and not node.optional and node.cost is None and not node.each
    return False


@dataclass(frozen=True, slots=True)
class ReplacementCost:
    """replacement helper (issue 4): what applying a replacement costs, paid as it applies
    (the answer carries the Payment): ``power`` ((domain, n), ... - "Any" for [A]),
    ``exhaust_me`` (exhaust its source, which must be ready), ``spend_its_buff`` (spend the
    buff of the unit the event acts on, 702.2.b)."""

    power: tuple[tuple[str, int], ...] = ()
    exhaust_me: bool = False
    spend_its_buff: bool = False


@dataclass(frozen=True, slots=True)
class ShieldNextDeath:
    """replacement helper (issue 4) - step: this turn, the next time *what* would die, its
    controller may (with *cost*) have it healed, exhausted and recalled instead (a delayed,
    optional replacement effect, 367-373; riftlog.rules.replacement_effects)."""

    what: Who
    cost: ReplacementCost | None = None
    optional: bool = True


@dataclass(frozen=True, slots=True)
class CostReduction:
    """356.4: the card costs *energy* less (an Amount) while *condition* holds."""

    energy: Amount
    condition: Condition | None = None


@dataclass(frozen=True, slots=True)
class AdditionalCost:
    """356.2 optional additional cost as the card is played: discard *discard* cards
    (recorded in ``CardPlayed.choices["discard"]``); if paid, *reduce* energy off."""

    discard: int = 0
    reduce: int = 0
    optional: bool = True
    # batch ogn_201_250: kill *kill* friendly units (-1: any number), recorded in
    # ``CardPlayed.choices["kill"]``; *reduce_power* comes off the power cost per unit killed.
    kill: int = 0
    reduce_power: tuple[tuple[str, int], ...] = ()
    # batch ogn_201_250: spend the buff of *spend_buff* friendly units
    # (``choices["spend_buff"]``); if paid and *free*, the card's energy cost is ignored.
    # batch ogn_101_150: spend_buff=-1 = any number; *reduce_power* comes off per buff spent.
    spend_buff: int = 0
    free: bool = False
    # batch ogn_001_050: pay *power* more (``CardPlayed.choices["additional"] = True``) or
    # exhaust *exhaust* ready friendly units (``choices["exhaust"] = [oids]``).
    power: tuple[tuple[str, int], ...] = ()
    exhaust: int = 0


Ability = Triggered | Activated | SpellEffect | Passive | Replacement | CostReduction | AdditionalCost

# --- the encoding -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Encoding:
    """One card's encoding: its abilities (by index: the index is how state refers to
    them), its keywords when they differ from the catalog's (None: the catalog's), a
    gear's Might bonus (137) and layer flags."""

    card_id: str
    abilities: tuple[Any, ...] = ()
    own_keywords: tuple[str, ...] | None = None
    might_bonus: int | None = None
    flags: tuple[str, ...] = ()

    @property
    def keywords(self) -> tuple[str, ...]:
        if self.own_keywords is not None:
            return self.own_keywords
        from riftlog.cards.catalog import load_catalog

        return load_catalog().get(self.card_id).keywords

    def nodes(self) -> list[Any]:
        """Every vocabulary node of the encoding (depth first)."""
        out: list[Any] = []

        def visit(node: Any) -> bool:
            out.append(node)
            return True

        walk_nodes(self.abilities, visit)
        return out

    def unsupported(self, implemented_keywords: frozenset[str],
                    custom: frozenset[str]) -> list[str]:
        """Why this encoding cannot be interpreted (empty: it can)."""
        why: list[str] = []
        from riftlog.cards.model import keyword_name

        for k in self.keywords:
            name = keyword_name(k)
            if name not in implemented_keywords:
                why.append(f"keyword {name}")
        for node in self.nodes():
            if isinstance(node, Unsupported):
                why.append(node.why)
            elif isinstance(node, Replacement) and not _replacement_ok(node):
                why.append(f"replacement effect {node.what}")  # replacement helper: events
            elif isinstance(node, Custom) and node.name not in custom:
                why.append(f"custom effect {node.name!r} is not defined")
        why += _equip_problems(self)  # mechanics helper: Equip (818) needs cost + Might bonus
        if any(keyword_name(k) == "Repeat" for k in self.keywords) and \
                not any(isinstance(a, RepeatCost) for a in self.abilities):
            why.append("Repeat without its cost (vocab.RepeatCost, 820.1.c)")  # mechanics helper
        return why


def _equip_problems(enc: Encoding) -> list[str]:
    """mechanics helper: a gear with Equip is interpretable only with its Equip cost (an
    :func:`equip` ability) and its Might bonus (137) encoded: the catalog has neither."""
    from riftlog.cards.catalog import load_catalog
    from riftlog.cards.model import keyword_name

    if not any(keyword_name(k) == "Equip" for k in enc.keywords) or \
            load_catalog().get(enc.card_id).type != "Gear":  # a unit lists it for Weaponmaster
        return []
    why: list[str] = []
    if not any(isinstance(n, AttachMe) for n in enc.nodes()):
        why.append("Equip without its cost (vocab.equip(cost), 818.1.c)")
    if enc.might_bonus is None:
        why.append("Equip gear without its Might bonus (might_bonus=, 137)")
    return why


def declared_targets(ability: Any) -> tuple[Target, ...]:
    """The targets an ability chooses: its explicit ``targets`` plus every :class:`Target`
    in its effect (once per name), in order."""
    out: dict[str, Target] = {t.name: t for t in getattr(ability, "targets", ())}

    def visit(node: Any) -> bool:
        if isinstance(node, Target):
            out.setdefault(node.name, node)
            return False  # a Target's own fields hold no further targets
        return True

    walk_nodes(getattr(ability, "effect", ()), visit)
    return tuple(out.values())


def walk_nodes(x: Any, visit: Callable[[Any], bool]) -> None:
    """Go depth first through *x* (tuples and vocabulary nodes, i.e. dataclasses): call
    *visit* on every node, and go into its fields when it returns True."""
    if isinstance(x, tuple):
        for y in x:
            walk_nodes(y, visit)
    elif hasattr(x, "__dataclass_fields__") and visit(x):
        for f in fields(x):
            walk_nodes(getattr(x, f.name), visit)


def on_play(*steps: Any, condition: Any = None, optional: bool = False) -> Triggered:
    """"When you play me/this" (383.4.a)."""
    return Triggered(When("played", "me"), tuple(steps), condition, optional)


def deathknell(*steps: Any) -> Triggered:
    """[Deathknell] (808): "when I die"."""
    return Triggered(When("dies", "me"), tuple(steps))


#: Abilities the rules give keywords (referenced in state as ability ``"kw:<Name>"``).
KEYWORD_ABILITIES: dict[str, Triggered] = {
    # 816.1.b: at the start of the controller's Beginning Phase, before scoring, kill this.
    "Temporary": Triggered(When("beginning_phase", "you"), (Kill(Ref("me")),)),
    # 817.1.b: on play, peek at the deck's top card; optionally recycle it.
    "Vision": Triggered(When("played", "me"), (LookAtTop(),)),
}


def card(card_id: str, *abilities: Any, keywords: tuple[str, ...] | None = None,
         might_bonus: int | None = None, flags: tuple[str, ...] = ()) -> Encoding:
    """Declare and register one card's encoding (see the module docstring)."""
    from riftlog.cards.abilities import register_ability

    enc = Encoding(card_id, tuple(abilities), keywords, might_bonus, flags)
    register_ability(enc)
    return enc


# batch ogn_201_250: two conditions on an object reference (ME: the source, IT: the
# trigger event's object; read from the event's object even off the board, e.g. a unit
# that just died).  (AtBattlefield: see batch ogn_051_100 below.)
@dataclass(frozen=True, slots=True)
class IsReady:
    """The object (default: the source) is on the board or in a Legend Zone, ready."""

    who: Ref = ME


@dataclass(frozen=True, slots=True)
class HasTag:
    """The object (default: the trigger event's object) has tag *tag* (current
    characteristics; printed ones off the board, 711)."""

    tag: str
    who: Ref = IT


@dataclass(frozen=True, slots=True)
class SameLocation:
    """batch ogn_201_250, an ability-level node of a spell: its targets *names* must all be
    at one location (a group targeting requirement, 355.11)."""

    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MovedTimes:
    """batch ogn_201_250: the object (default: the source) has moved exactly *n* times this
    turn (counted as the "moves" event fires; with ``When("moves", "me")``: its n-th move)."""

    n: int
    who: Ref = ME


@dataclass(frozen=True, slots=True)
class ExtraDeathknell:
    """batch ogn_201_250, an ability: while this is on the board, its controller's
    Deathknells (808) trigger one additional time (triggers.extra_deathknells)."""


@dataclass(frozen=True, slots=True)
class WasBuffed:
    """The unit whose death triggered the ability had a buff as it died (the "dies" event
    notes it, 808.1.d.3)."""


# --- batch ogn_051_100: generic additions -------------------------------------------------


@dataclass(frozen=True, slots=True)
class GainPoints:
    """The controller gains *n* points (not a Score: 466.1.a.1)."""

    n: int = 1


@dataclass(frozen=True, slots=True)
class DoubleMight:
    """Double the Might of *what* this turn (432: + its current Might)."""

    what: Who


@dataclass(frozen=True, slots=True)
class ApplyEffect:
    """Start a layers effect from the source as this step resolves (default "until":
    "end_of_turn"); an ``affects`` value "you" for "controller"/"not_controller" is the
    ability's controller."""

    effect: tuple[tuple[str, Any], ...]

    @staticmethod
    def of(**effect: Any) -> ApplyEffect:
        return ApplyEffect(tuple(effect.items()))


@dataclass(frozen=True, slots=True)
class EntersReady:
    """A unit that enters the board ready when played while *condition* holds."""

    condition: Any = None


# --- batch ogs: two conditions and a Bonus Damage ability ---------------------------------
@dataclass(frozen=True, slots=True)
class CostAtLeast:
    """Condition: the object (default: the trigger event's object, e.g. a played spell) has
    a printed Energy cost of at least *n* (131.4: always the printed cost)."""

    n: int
    who: Ref = IT


@dataclass(frozen=True, slots=True)
class UnitsAtEventBattlefield:
    """Condition: the controller has at least *n* units at the battlefield of the trigger
    event (e.g. the battlefield just conquered)."""

    n: int


@dataclass(frozen=True, slots=True)
class SaveFromNextDeath:
    """Step: this turn, the next time *what* would die, it is healed, exhausted and recalled
    instead (a one-shot replacement effect, 369-373; interpreted in effects.kill)."""

    what: Who


@dataclass(frozen=True, slots=True)
class BonusDamageYours:
    """Ability of a permanent: while it is on the board, spells and abilities its
    controller controls deal *n* Bonus Damage (712-715) with each Deal step."""

    n: int = 1


# --- batch ogn_151_200 -----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlayTo:
    """355.2.b: a permission to play a unit to a battlefield its controller does not control:
    ``where`` "open" (no unit there and no controller, 169.10.c) or "occupied_enemy" (an
    opponent controls it and a unit is there).  With ``others``, the permission is for the
    other friendly units their controller plays while the source is on the board."""

    where: str = "open"
    others: bool = False


@dataclass(frozen=True, slots=True)
class NotActivatedThisTurn:
    """Condition (batch ogn_151_200): the source's ability #*index* was not activated this
    turn (a "choose one you've not chosen this turn" mode, each mode an ability)."""

    index: int


@dataclass(frozen=True, slots=True)
class MovedToOtherBattlefield:
    """Condition (batch ogn_151_200) for "moves": a move (counted once per group of units
    moving together, its ``lead``) to a battlefield other than the source's location."""


@dataclass(frozen=True, slots=True)
class EventFromHere:
    """Condition: the trigger event happened at the source's location (its ``battlefield``
    datum; for "moves": the origin), e.g. a friendly unit leaving from where the source is."""


# --- mechanics helper: Equip (818), Quick-Draw (819), Hunt/XP (823, 728), Level (824) ------------
@dataclass(frozen=True, slots=True)
class AttachMe:
    """Step: attach the source (a gear on the board) to the unit *to* (434, 818.1.c.2); does
    nothing when either left the board or the unit is no longer its controller's."""

    to: Who = Chosen("t")


def equip(cost: Cost, timing: str | None = None) -> Activated:
    """The Equip keyword's activated ability (818.1.c.2): pay *cost*, attach this gear to a
    unit you control (the target "t", 818.1.b.1).  A gear with Equip needs one of these in
    its encoding (its cost is not in the catalog) and ``might_bonus=`` (137)."""
    return Activated(cost, (AttachMe(Chosen("t")),), timing, targets=(Target("unit", "friendly"),))


@dataclass(frozen=True, slots=True)
class GainXP:
    """Step: the controller gains *n* XP (730.1); ``None`` = the source's Hunt value (823)."""

    n: int | None = None


@dataclass(frozen=True, slots=True)
class HasXP:
    """Condition: the controller has at least *n* XP (Level n, 824; XP is per player, 732)."""

    n: int


@dataclass(frozen=True, slots=True)
class RepeatCost:
    """Ability of a spell with Repeat (820): one Repeat instance and its cost (energy, power by
    domain, "Any" for [A]).  Paid as an additional cost when ``CardPlayed.choices["repeat"]``
    lists its instance number (0 = the first RepeatCost of the encoding, 820.1.c.2); the
    spell's instructions then run once more per paid instance, with targets named
    ``"<name>@2"``, ``"<name>@3"``... for the extra runs (820.2)."""

    energy: int = 0
    power: tuple[tuple[str, int], ...] = ()


# 819.1.d: a Quick-Draw gear attaches itself to a unit its controller controls when played.
KEYWORD_ABILITIES["Quick-Draw"] = Triggered(When("played", "me"), (AttachMe(Chosen("t")),),
                                            targets=(Target("unit", "friendly"),))
# 823.1.c.1: Hunt X is a conquer and a hold effect: the controller gains X XP.
KEYWORD_ABILITIES["Hunt"] = Triggered(When("conquers", "me"), (GainXP(),))
KEYWORD_ABILITIES["Hunt:holds"] = Triggered(When("holds", "me"), (GainXP(),))


@dataclass(frozen=True, slots=True)
class WeaponmasterAttach:
    """Step (Weaponmaster, 821.1.c): the controller may pick an Equipment they control and pay
    its Equip cost less one [A] to attach it to the source (a custom ChoiceMade)."""


# 821.1.b-c: a play effect of the unit; each instance triggers separately (821.1.c.7).
KEYWORD_ABILITIES["Weaponmaster"] = Triggered(When("played", "me"), (WeaponmasterAttach(),))


__all__ = [name for name in dir() if name[0].isupper() or name in ("card", "ME", "IT", "YOU")]
_ = field
