"""Abilities through the encoding framework (v1.3 360-406): playing encoded cards,
activated abilities, choices during resolution, passives, chain items of abilities.

Called by :mod:`riftlog.rules.playing.play` (small hooks, see riftlog/rules/ENGINE.md):
:func:`spell_violations` (targets of a spell as it is played, 355.5), :func:`adjust_cost`
(additional costs and cost reductions, 356), :func:`play_choice_violations` /
:func:`pay_additional` (the additional costs chosen in ``CardPlayed.choices``),
:func:`after_play` (played this turn for Legion 812, passives 363-366, "played" triggers
383.4.a) and :func:`resolve_item` (a spell or ability item of the chain resolves, 340).

Decisions judged here: :class:`~riftlog.events.abilities.AbilityActivated` (376-381; an
Add ability resolves at once, 429.2) and :class:`~riftlog.events.abilities.ChoiceMade`
(answers a ``"choice"`` request: "you may", targets of a triggered ability, cards to
discard, a custom choice).

The code lives in topic modules, all re-exported here (this module stays the import point):
:mod:`~riftlog.rules.playing.abilities_spells` (spells as played and resolved, targets, modes, Repeat),
:mod:`~riftlog.rules.playing.abilities_costs` (additional costs, reductions),
:mod:`~riftlog.rules.playing.abilities_after_play` (passives, "played", ForTurn, PlayTo),
:mod:`~riftlog.rules.playing.abilities_activated` (AbilityActivated, ChoiceMade, bot candidates);
Hidden (811, 421) is judged here.
"""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.errors import ImpossibleDecision
from riftlog.events.abilities import CardHidden
from riftlog.events.play import CardPlayed
from riftlog.rules.board import hooks
from riftlog.rules.board.core import GameAction, Violation, handles
from riftlog.rules.board.resources import Cost, card_facts, find_payment, pay, payment_violations
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter import effects, triggers
from riftlog.rules.playing import borrowed, discard_cost  # noqa: F401

# isort: off
# every name of the topic modules, re-exported (imported in the order of their sections before
# the split; borrowed, discard_cost and layers above are unused here but still load first, as before)
from riftlog.rules.playing.abilities_spells import (
    _finish_ability as _finish_ability, _finish_repeat as _finish_repeat,
    _finish_spell as _finish_spell, _repeat_violations as _repeat_violations,
    mode_violations as mode_violations, play_targets as play_targets, resolve_item as resolve_item,
    same_location_violations as same_location_violations, spell_effect as spell_effect,
    spell_modes as spell_modes, spell_violations as spell_violations,
    target_options as target_options, total_might_violations as total_might_violations,
)
from riftlog.rules.playing.abilities_costs import (
    _additional as _additional, _own_cost_reduction as _own_cost_reduction,
    _gives_costs_less as _gives_costs_less,
    _spent_buff_power as _spent_buff_power, _pay_any_power as _pay_any_power,
    _kill_cost_power as _kill_cost_power, _kill_cost_violations as _kill_cost_violations,
    _optional_additional_power as _optional_additional_power,
    _optional_additional_violations as _optional_additional_violations,
    _pay_optional_additional as _pay_optional_additional, _repeat_cost as _repeat_cost,
    _spend_buff_violations as _spend_buff_violations, _spends_for_free as _spends_for_free,
    adjust_cost as adjust_cost, costs_less as costs_less, pay_additional as pay_additional,
    play_choice_violations as play_choice_violations,
)
from riftlog.rules.playing.abilities_after_play import (
    _fire_spell_chooses as _fire_spell_chooses, _for_turn as _for_turn,
    _next_spell_cheaper as _next_spell_cheaper, _no_move_to_base as _no_move_to_base,
    _expire_kill_watch as _expire_kill_watch, _friendly_units_enter_ready as _friendly_units_enter_ready,
    _register_move_restrictions as _register_move_restrictions, _turn_effects as _turn_effects,
    _turn_effects_after_play as _turn_effects_after_play, after_play as after_play,
    may_play_to as may_play_to, play_restrictions as play_restrictions,
    start_passives as start_passives,
)
from riftlog.rules.playing.abilities_activated import (
    _activated as _activated, _activation_kill_cost_violations as _activation_kill_cost_violations,
    _kill_cost_fodder as _kill_cost_fodder, _cost as _cost, _pay_recycle_cost as _pay_recycle_cost,
    _recycle_cost_choice as _recycle_cost_choice, _check_recycle_cost as _check_recycle_cost,
    _recycle_cost_violations as _recycle_cost_violations,
    apply_ability_activated as apply_ability_activated, apply_choice_made as apply_choice_made,
    candidates as candidates, check_ability_activated as check_ability_activated,
    check_choice_made as check_choice_made,
)
# isort: on

__all__ = [
    "adjust_cost", "after_play", "pay_additional", "play_choice_violations", "play_targets",
    "resolve_item", "spell_violations",
]


_ = triggers  # its task and handler register on import


# --- Hidden (811, 421) --------------------------------------------------------------------------

#: Keywords enforced here (tests/rules/test_keywords.py).
ENFORCED_KEYWORDS: tuple[str, ...] = ("Hidden",)


#: [A]: one power of any domain (811.1.b).
HIDE_COST = Cost(0, {"Any": 1})


def hide_cost(state: GameState, player: str, payment: Any = None) -> Cost:
    """the price *player* pays to hide a card now: nothing while
    ``state.extra["hide_free"][player]`` is this turn (Guerilla Warfare), else [A] or, with a
    legend's vocab.HideCostAlternative, its Energy instead (811.1.b; the payment says which)."""
    if state.extra.get("hide_free", {}).get(player) == state.turn:
        return Cost()
    options = [HIDE_COST]
    for oid in state.players[player].legend:
        enc = effects.encoding(state.objects[oid].card)
        for ab in enc.abilities if enc is not None else ():
            if isinstance(ab, V.HideCostAlternative):
                options.append(Cost(ab.energy))
    if payment is not None:
        for cost in options:
            if not payment_violations(state, player, cost, payment):
                return cost
    return HIDE_COST


def _hidden_marks(state: GameState) -> dict[str, int]:
    marks: dict[str, int] = state.extra.setdefault("hidden", {})
    return marks


def check_card_hidden(state: GameState, d: CardHidden) -> list[Violation]:
    ed = state.edition
    obj = state.objects.get(d.card)
    if obj is None or obj.zone not in ("hand", "champion") or obj.owner != d.player:
        return [Violation("811.1.b", f"{d.card} is not in {d.player}'s hand or Champion Zone", ed)]
    facts = card_facts(obj.card)
    facts.require_supported()
    out: list[Violation] = []
    if "Hidden" not in facts.keyword_names:
        out.append(Violation("421.2.a", f"{facts} has no Hidden", ed))
    if state.turn_player != d.player or state.chain or state.priority != d.player:
        out.append(Violation("811.1.b", "a card is hidden on its owner's turn, in an open state, "
                             "with priority", ed))
    bf = next((b for b in state.battlefields if b.oid == d.battlefield), None)
    if bf is None or bf.controller != d.player:
        out.append(Violation("811.1.b", f"{d.player} does not control battlefield {d.battlefield}", ed))
    elif len(bf.facedown) >= int(state.extra.get("facedown_capacity", {}).get(bf.oid, 1)):
        out.append(Violation("107.3.b", f"{d.battlefield} already has a card hidden there", ed))
    out += payment_violations(state, d.player, hide_cost(state, d.player, d.payment), d.payment)
    return out


@handles(CardHidden)(check_card_hidden)
def apply_card_hidden(state: GameState, d: CardHidden, log: list[GameAction]) -> None:
    obj = state.objects.get(d.card)
    if obj is None or obj.zone not in ("hand", "champion"):
        raise ImpossibleDecision(f"{state.edition} 811.1.b: {d.card} cannot be hidden from there")
    pay(state, d.player, hide_cost(state, d.player, d.payment), d.payment, log)
    actions.hide(state, d.card, d.battlefield, log)
    _hidden_marks(state)[d.card] = state.turn


hooks.main_decision("CardHidden")


def hidden_play_violations(state: GameState, obj: Any, player: str) -> list[Violation]:
    """Playing a card from facedown (811.1.b): hidden with Hidden, on an earlier turn."""
    ed = state.edition
    turn = state.extra.get("hidden", {}).get(obj.oid)
    if turn is None:
        return [Violation("421.3", f"{obj.oid} was not hidden with Hidden; it cannot be played "
                          "from facedown", ed)]
    if turn >= state.turn:
        return [Violation("811.1.b", f"{obj.oid} was hidden this turn; it can be played "
                          "beginning on the next turn", ed)]
    return _no_reveal_here(state, obj, player)  # Noxus Saboteur


def hidden_target_violations(state: GameState, d: CardPlayed, battlefield: str) -> list[Violation]:
    """811.1.d.2: a spell played from Hidden chooses its targets at that battlefield."""
    out: list[Violation] = []
    chosen = play_targets(state.objects[d.card].card, d.targets)
    for ids in chosen.values():
        for oid in ids:
            where = oid if oid == battlefield else getattr(state.objects.get(oid), "location", None)
            if where != battlefield:
                out.append(Violation("811.1.d.2", f"{oid} is not at {battlefield}, where "
                                     f"{d.card} was hidden", state.edition))
    return out


@hooks.candidates
def hide_candidates(state: GameState, player: str) -> list[CardHidden]:
    if player not in state.players or state.turn_player != player or state.chain:
        return []
    out: list[CardHidden] = []
    payment = None
    for oid in state.players[player].hand:
        facts = card_facts(state.objects[oid].card)
        if "Hidden" not in facts.keyword_names or not facts.supported:
            continue
        payment = payment or find_payment(state, player, HIDE_COST)
        if payment is None:
            return out
        for bf in state.battlefields:
            if bf.controller == player and not bf.facedown:
                out.append(CardHidden(player=player, card=oid, battlefield=bf.oid, payment=payment))
    return out


def _no_reveal_here(state: GameState, obj: Any, player: str) -> list[Violation]:
    """A facedown card cannot be played (playing reveals it) at a battlefield where an
    opponent of *player* controls a permanent flagged "no_enemy_reveal_here" (Noxus
    Saboteur)."""
    bf = next((b for b in state.battlefields if b.oid == obj.location), None)
    if bf is None:
        return []
    for oid in (*bf.units, *bf.gear):
        o = state.objects[oid]
        enc = effects.encoding(o.card)
        if enc is not None and "no_enemy_reveal_here" in enc.flags and \
                o.controller in state.opponents(player):
            return [Violation("421.3", f"{obj.oid} cannot be revealed at {bf.oid}: "
                              f"{card_facts(o.card)} ({oid}) is there", state.edition)]
    return []
