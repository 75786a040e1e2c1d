"""Activated abilities a permanent has because an effect gives them to it (v1.3 471, the
ability layer; issue #5, helper K2).

:class:`~riftlog.cards.vocab_control.HasFriendlyExhaustAbilities` (Heimerdinger, Inventor,
OGN-111): its source has every activated ability whose cost includes the exhaust symbol of
the other legends, units and gear its controller controls.  They are its own abilities
(377, 379): activating one is an :class:`~riftlog.events.abilities.AbilityActivated` whose
``source`` is that permanent, ``choices["ability_of"]`` the object whose ability is meant
and ``ability`` that ability's index in the object's encoding.  It is judged like any
activation (timing 806/813, condition 377.2.b, cost 377.1 - the exhaust symbol exhausts the
permanent that has the ability, targets 355.5) and resolves with that permanent as its
source (359.3.f.1: "me", "here" refer to it).  An attached gear's abilities are inactive
(721.2) and are not had.

Hooks: :func:`lent` and :func:`ability_card` are called by
:mod:`riftlog.rules.playing.abilities`; :func:`candidates` offers such activations to bots.
"""

from __future__ import annotations

import functools
from typing import Any

from riftlog.cards import vocab as V
from riftlog.cards import vocab_control as VC
from riftlog.cards import vocab_grants as VG
from riftlog.events.abilities import AbilityActivated
from riftlog.events.decisions import Payment
from riftlog.rules.board import hooks, layers
from riftlog.rules.board.core import Violation
from riftlog.rules.board.resources import Cost, card_facts, find_payment
from riftlog.rules.board.seats import friendly
from riftlog.rules.board.state import GameObject, GameState
from riftlog.rules.interpreter import effects
from riftlog.rules.playing import abilities_activated

__all__ = ["ability_card", "candidates", "has_abilities_of_friends", "legend_candidates", "lenders",
           "lent"]

_KINDS = ("Unit", "Gear", "Legend")


@functools.lru_cache(maxsize=4096)
def has_abilities_of_friends(card_id: str) -> bool:
    """Whether the card's encoding gives it the exhaust abilities of friendly objects."""
    enc = effects.encoding(card_id)
    return enc is not None and any(isinstance(a, VC.HasFriendlyExhaustAbilities)
                                   for a in enc.abilities)


def _exhaust_abilities(card_id: str) -> list[tuple[int, V.Activated]]:
    enc = effects.encoding(card_id)
    if enc is None:
        return []
    return [(i, a) for i, a in enumerate(enc.abilities)
            if isinstance(a, V.Activated) and a.cost.exhaust]


def _friendly(state: GameState, player: str, source: str, oid: str) -> GameObject | None:
    """*oid* if it is another legend, unit or gear *player* controls, active (721.2)."""
    obj = state.objects.get(oid)
    if obj is None or oid == source or obj.controller != player or obj.attached_to is not None:
        return None
    if obj.zone not in ("base", "battlefield", "legend"):
        return None
    return obj if layers.printed_type(obj.card) in _KINDS else None


def lenders(state: GameState, player: str, source: str) -> list[str]:
    """The other friendly legends, units and gear of *player* with an exhaust ability."""
    p = state.players[player]
    pool = [*p.legend, *p.base] + [o for bf in state.battlefields for o in (*bf.units, *bf.gear)]
    return [o for o in pool if _friendly(state, player, source, o) is not None
            and _exhaust_abilities(state.objects[o].card)]


def lent(state: GameState, d: AbilityActivated,
         obj: GameObject) -> tuple[V.Activated | None, list[Violation]] | None:
    """The ability an activation through ``choices["ability_of"]`` means, or the
    violations; None when the decision does not name another object."""
    lender = d.choices.get("ability_of")
    if lender is None:
        return None
    ed = state.edition
    if isinstance(lender, str) and _granting_battlefield(state, lender) is not None:
        return _battlefield_grant(state, d, obj, lender)  # issue 24: LegendsHave (471)
    if not has_abilities_of_friends(obj.card):
        return None, [Violation("377.1", f"{card_facts(obj.card)} has no abilities of other "
                                f"objects; it cannot use one of {lender!r}", ed)]
    src = _friendly(state, d.player, d.source, lender) if isinstance(lender, str) else None
    if src is None:
        return None, [Violation("471", f"{lender!r} is not another legend, unit or gear "
                                f"{d.player} controls on the board: {card_facts(obj.card)} does "
                                "not have its abilities", ed)]
    card_facts(src.card).require_supported()
    enc = effects.encoding(src.card)
    ab = enc.abilities[d.ability] if enc is not None and d.ability < len(enc.abilities) else None
    if not isinstance(ab, V.Activated):
        return None, [Violation("377.1", f"{card_facts(src.card)} has no activated ability "
                                f"#{d.ability}", ed)]
    if not ab.cost.exhaust:
        return None, [Violation("471", f"ability #{d.ability} of {card_facts(src.card)} has no "
                                f"exhaust symbol in its cost: {card_facts(obj.card)} does not "
                                "have it", ed)]
    return ab, []


def ability_card(state: GameState, d: AbilityActivated, obj: GameObject) -> str:
    """The card whose encoding holds the activated ability (the lender's, when the
    activation names one; check with :func:`lent` first)."""
    lender = d.choices.get("ability_of")
    if isinstance(lender, str) and lender in state.objects and (
            has_abilities_of_friends(obj.card) or _granting_battlefield(state, lender) is not None):
        return state.objects[lender].card
    return obj.card


# --- issue 24: activated abilities a battlefield gives legends (vocab_grants.LegendsHave) ------


@functools.lru_cache(maxsize=4096)
def _legends_have(card_id: str) -> frozenset[int]:
    """The indexes of the activated abilities the card (a battlefield) gives legends."""
    enc = effects.encoding(card_id)
    if enc is None:
        return frozenset()
    return frozenset(a.ability for a in enc.abilities if isinstance(a, VG.LegendsHave)
                     and a.ability < len(enc.abilities)
                     and isinstance(enc.abilities[a.ability], V.Activated))


def _granting_battlefield(state: GameState, oid: str) -> GameObject | None:
    """*oid* if it is a battlefield whose card gives legends an activated ability."""
    obj = state.objects.get(oid)
    if obj is None or obj.zone != "battlefield_card" or not _legends_have(obj.card):
        return None
    return obj


def _battlefield_grant(state: GameState, d: AbilityActivated, obj: GameObject,
                       lender: str) -> tuple[V.Activated | None, list[Violation]]:
    """The ability a legend has from the battlefield *lender* (471), or the violations."""
    ed = state.edition
    bf = state.objects[lender]
    name = card_facts(bf.card)
    if obj.zone != "legend":
        return None, [Violation("471", f"{d.source} is not a legend: {name} gives its ability "
                                "to legends only", ed)]
    controller = state.battlefield(lender).controller
    if controller is None or not friendly(state, controller, d.player):
        return None, [Violation("471", f"{d.player} does not control {name} (nor does a "
                                "teammate): their legend does not have its ability", ed)]
    if d.ability not in _legends_have(bf.card):
        return None, [Violation("377.1", f"{name} gives legends no activated ability "
                                f"#{d.ability}", ed)]
    enc = effects.encoding(bf.card)
    assert enc is not None
    ab = enc.abilities[d.ability]
    assert isinstance(ab, V.Activated)
    return ab, []


@hooks.candidates
def legend_candidates(state: GameState, player: str) -> list[Any]:
    """Bot candidates: a legend's activations of an ability a battlefield gives it."""
    if player not in state.players or (state.queue and state.queue[0].get("request") == "choice"):
        return []
    out: list[Any] = []
    for bf in state.battlefields:
        if _granting_battlefield(state, bf.oid) is None:
            continue
        for legend in state.players[player].legend:
            if state.objects[legend].exhausted:
                continue
            for i in sorted(_legends_have(bf.card)):
                targets = {spec.name: tuple(effects.target_candidates(  # issue 24: first legal ones
                    state, player, legend, spec)[:spec.count]) for spec in effects.targets_of(bf.card, i)}
                d = AbilityActivated(player=player, source=legend, ability=i,
                                     payment=_payment(state, player, bf.card, i),
                                     targets=targets, choices={"ability_of": bf.oid})
                if not abilities_activated.check_ability_activated(state, d):
                    out.append(d)
    return out


def _payment(state: GameState, player: str, card: str, index: int) -> Any:
    enc = effects.encoding(card)
    assert enc is not None
    ab = enc.abilities[index]
    assert isinstance(ab, V.Activated)
    from_pool = find_payment(state, player, Cost(ab.cost.energy, dict(ab.cost.power)))
    return from_pool if from_pool is not None else Payment()


@hooks.candidates
def candidates(state: GameState, player: str) -> list[Any]:
    """Bot candidates: activations of abilities a permanent has from friendly objects."""

    if player not in state.players or (state.queue and state.queue[0].get("request") == "choice"):
        return []
    p = state.players[player]
    out: list[Any] = []
    for oid in [*p.base] + [o for bf in state.battlefields for o in bf.units]:
        obj = state.objects[oid]
        if obj.controller != player or obj.exhausted or not has_abilities_of_friends(obj.card):
            continue
        for lender in lenders(state, player, oid):
            card = state.objects[lender].card
            for i, ab in _exhaust_abilities(card):
                payment = find_payment(state, player, Cost(ab.cost.energy, dict(ab.cost.power)))
                if payment is None or ab.cost.recycle_trash or ab.cost.kill_friendly:
                    continue
                targets = {s.name: tuple(effects.target_candidates(state, player, oid, s)[:s.count])
                           for s in effects.targets_of(card, i)}
                d = AbilityActivated(player=player, source=oid, ability=i, targets=targets,
                                     payment=payment, choices={"ability_of": lender})
                if not abilities_activated.check_ability_activated(state, d):
                    out.append(d)
    return out
