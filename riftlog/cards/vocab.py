"""The encoding vocabulary: riftlog's own words for what a card's abilities do, as data.

Pure, frozen data (this layer never imports :mod:`riftlog.rules`); the interpreter in
:mod:`riftlog.rules.interpreter.effects` / :mod:`riftlog.rules.playing.abilities` / :mod:`riftlog.rules.interpreter.triggers`
gives each node its meaning.  A card's encoding is declared once with :func:`card` in a
module of :mod:`riftlog.cards.sets` (``<set>/encodings``) and registered with
:func:`riftlog.cards.abilities.register_ability`.  Never copy card text into an encoding:
names and ids only (see riftlog/cards/ENCODING.md).

Shapes (v1.3 360-406):

* abilities - :class:`SpellEffect` (what a spell does on resolution), :class:`Triggered`
  (382-392), :class:`Activated` (376-381), :class:`Passive` (363-366, a layers effect
  while the source is on the board), :class:`Replacement` (367-375, see
  :mod:`riftlog.rules.interpreter.replacement_effects`),
  :class:`PlayCost` (additional/optional costs and cost modifiers as the card is played,
  356);
* effect steps - :class:`Deal`, :class:`Kill`, :class:`Stun`, :class:`Buff`, ...;
* who/what an effect acts on - :class:`Target` (a choice made as the ability is put on
  the chain, recorded in the decision), :data:`ME` (the source), :data:`IT` (the object
  the trigger event is about), :class:`All` (every object matching, not targeted),
  :class:`Chosen` (an earlier target by name);
* conditions - :class:`Legion`, :class:`ControlsTag`, :class:`Mighty`, :class:`HandSize`;
* amounts - an int or :class:`Count`;
* :class:`Custom` - a named Python function in :mod:`riftlog.rules.interpreter.custom_effects` for the unusual.

Anything the interpreter does not implement raises UnsupportedCard/UnsupportedRule naming
it; the support check (:attr:`Encoding.unsupported`) refuses :class:`Unsupported` nodes,
:class:`Replacement` and Custom names that :mod:`riftlog.rules.interpreter.custom_effects` does not define.

Layout: this module is the public import point (``from riftlog.cards.vocab import X`` for
every name of the vocabulary); the nodes live in three package-private modules, one per kind, whose
classes and functions present themselves as this module's (``__module__``, so reprs,
pickles and lists of the vocabulary's classes are as before the split):
:mod:`riftlog.cards.vocab_conditions` (targets, references, amounts, conditions),
:mod:`riftlog.cards.vocab_steps` (effect steps) and :mod:`riftlog.cards.vocab_abilities`
(ability shapes, ability-level nodes, :func:`on_play` / :func:`deathknell` / :func:`equip`).
This module keeps :class:`Encoding`, :func:`walk_nodes`, :func:`declared_targets`,
:data:`KEYWORD_ABILITIES` and :func:`card`.  A new node goes in the module of its kind, in
that module's ``__all__`` and in this module's import list and ``__all__``
(tests/cards/test_vocab_layout.py checks).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from riftlog.cards.vocab_abilities import (
    REPLACEABLE_EVENTS,
    Ability,
    Activated,
    AdditionalCost,
    BonusDamageHere,
    BonusDamageYours,
    Cost,
    CostReduction,
    CostsLess,
    DifferentTargets,
    EntersReady,
    EquipmentTargets,
    ExtraDeathknell,
    HideCapacity,
    HideCostAlternative,
    MaxTotalMight,
    MoveDestination,
    NoMoveToBase,
    Passive,
    PayAnyPower,
    PlayTo,
    RaiseVictoryScore,
    RepeatCost,
    Replacement,
    SameLocation,
    SpellEffect,
    Triggered,
    When,
    _replacement_ok,
    deathknell,
    equip,
    on_play,
)
from riftlog.cards.vocab_conditions import (
    IT,
    ME,
    YOU,
    All,
    AllOf,
    Alone,
    Amount,
    AtBattlefield,
    Chosen,
    Condition,
    ControlsFacedown,
    ControlsTag,
    CostAtLeast,
    Count,
    EventBattlefieldYours,
    EventFlag,
    EventFromHere,
    Exists,
    FirstDeathThisTurn,
    FirstTurn,
    HandSize,
    HasTag,
    HasXP,
    IsEnemy,
    IsReady,
    Legion,
    Mighty,
    MovedTimes,
    MovedToOtherBattlefield,
    MyTurn,
    Not,
    NotActivatedThisTurn,
    OpponentNearVictory,
    PaidAdditional,
    PlayedCount,
    Ref,
    Target,
    UnitDiedThisTurn,
    UnitsAtEventBattlefield,
    WasBuffed,
    Who,
)
from riftlog.cards.vocab_steps import (
    AddResource,
    ApplyEffect,
    AttachMe,
    Banish,
    Buff,
    Channel,
    Counter,
    CreateToken,
    Custom,
    Deal,
    Delay,
    Discard,
    DoubleMight,
    Draw,
    Exhaust,
    ForTurn,
    GainPoints,
    GainXP,
    GiveMight,
    GrantKeyword,
    Heal,
    If,
    Kill,
    LookAtTop,
    May,
    Move,
    Ready,
    Recall,
    ReplacementCost,
    ReturnToHand,
    SaveFromNextDeath,
    ShieldNextDeath,
    Step,
    Stun,
    Unsupported,
    WeaponmasterAttach,
)


@dataclass(frozen=True, slots=True)
class Encoding:
    """One card's encoding: its abilities (by index: the index is how state refers to
    them), its keywords when they differ from the catalog's (None: the catalog's), a
    gear's Might bonus (137), layer flags, and which abilities (by index) are an
    Equipment's Effect Text (136: active only while attached, as the unit's own, 718.3)."""

    card_id: str
    abilities: tuple[Any, ...] = ()
    own_keywords: tuple[str, ...] | None = None
    might_bonus: int | None = None
    flags: tuple[str, ...] = ()
    effect_text: tuple[int, ...] = ()

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


def card(card_id: str, *abilities: Any, keywords: tuple[str, ...] | None = None,
         might_bonus: int | None = None, flags: tuple[str, ...] = (),
         effect_text: tuple[int, ...] = ()) -> Encoding:
    """Declare and register one card's encoding (see the module docstring).  *effect_text*
    names the indexes of the abilities printed in an Equipment's Effect Text (136.2)."""
    from riftlog.cards.abilities import register_ability

    enc = Encoding(card_id, tuple(abilities), keywords, might_bonus, flags, effect_text)
    register_ability(enc)
    return enc


#: Abilities the rules give keywords (referenced in state as ability ``"kw:<Name>"``).
KEYWORD_ABILITIES: dict[str, Triggered] = {
    # 816.1.b: at the start of the controller's Beginning Phase, before scoring, kill this.
    "Temporary": Triggered(When("beginning_phase", "you"), (Kill(Ref("me")),)),
    # 817.1.b: on play, peek at the deck's top card; optionally recycle it.
    "Vision": Triggered(When("played", "me"), (LookAtTop(),)),
    # 819.1.d: a Quick-Draw gear attaches itself to a unit its controller controls when played.
    "Quick-Draw": Triggered(When("played", "me"), (AttachMe(Chosen("t")),),
                            targets=(Target("unit", "yours"),)),
    # 823.1.c.1: Hunt X is a conquer and a hold effect: the controller gains X XP.
    "Hunt": Triggered(When("conquers", "me"), (GainXP(),)),
    "Hunt:holds": Triggered(When("holds", "me"), (GainXP(),)),
    # 821.1.b-c: a play effect of the unit; each instance triggers separately (821.1.c.7).
    "Weaponmaster": Triggered(When("played", "me"), (WeaponmasterAttach(),)),
}

__all__ = [
    "IT", "KEYWORD_ABILITIES", "ME", "REPLACEABLE_EVENTS", "YOU", "Ability", "Activated",
    "AddResource", "AdditionalCost", "All", "AllOf", "Alone", "Amount", "ApplyEffect", "AtBattlefield",
    "AttachMe", "Banish", "BonusDamageHere", "BonusDamageYours", "Buff", "Channel", "Chosen",
    "Condition", "ControlsFacedown", "ControlsTag", "Cost", "CostAtLeast", "CostReduction",
    "CostsLess", "Count", "Counter", "CreateToken", "Custom", "Deal", "Delay", "DifferentTargets",
    "Discard",
    "DoubleMight", "Draw", "Encoding", "EntersReady", "EquipmentTargets", "EventBattlefieldYours", "EventFlag",
    "EventFromHere", "Exhaust", "Exists", "ExtraDeathknell", "FirstDeathThisTurn", "FirstTurn",
    "ForTurn", "GainPoints", "GainXP", "GiveMight", "GrantKeyword", "HandSize", "HasTag",
    "HasXP", "Heal", "HideCapacity", "HideCostAlternative", "If", "IsEnemy", "IsReady", "Kill",
    "Legion", "LookAtTop", "MaxTotalMight", "May", "Mighty", "Move", "MoveDestination", "MovedTimes",
    "MovedToOtherBattlefield", "MyTurn", "NoMoveToBase", "Not", "NotActivatedThisTurn",
    "OpponentNearVictory", "PaidAdditional", "Passive", "PayAnyPower", "PlayTo", "PlayedCount",
    "RaiseVictoryScore", "Ready", "Recall", "Ref", "RepeatCost", "Replacement",
    "ReplacementCost", "ReturnToHand", "SameLocation", "SaveFromNextDeath", "ShieldNextDeath",
    "SpellEffect", "Step", "Stun", "Target", "Triggered", "UnitDiedThisTurn",
    "UnitsAtEventBattlefield", "Unsupported", "WasBuffed", "WeaponmasterAttach", "When", "Who",
    "card", "deathknell", "declared_targets", "equip", "on_play", "walk_nodes",
]
