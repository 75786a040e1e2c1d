"""The effects API: everything a card's custom effect may call in the engine, in one place.

A card whose abilities the vocabulary (:mod:`riftlog.cards.vocab`) cannot say gets a
custom effect: plain Python in ``riftlog/cards/sets/<set>/``, registered under a name
with :func:`custom` and named in its encoding with ``Custom("name", *args)``.  Card code
imports this module only (``from riftlog.rules import card_api as api``), never the
engine's own modules; tests/test_layering.py checks it.

An effect is ``fn(state, ctx, log, *args) -> None | False``: *ctx* is the resolution
context (``card``, ``source``, ``controller``, ``targets``, ``answers``, ``pc``,
``event``); it appends the game actions it carries out to *log*; it returns ``False``
after asking a player (:func:`ask`, :func:`ask_player`, :func:`pick_one`,
:func:`pick_place`) and runs again with the answer in ``ctx["answers"][str(ctx["pc"])]``.

What it offers, by kind (each is the engine's own function, documented where it lives):

* the state: :class:`GameState`, :class:`ChainItem`, :class:`GameAction`, :data:`Ctx`;
  reading it: :func:`card_type`, :func:`printed_type`, :func:`might_of`,
  :func:`characteristics`, :func:`card_facts`, :func:`objects`, :func:`targets_of`,
  :func:`still_legal`, :func:`board_units`, :func:`board_lists`, :func:`points_of`,
  :func:`teammates`, :func:`order_from`, :func:`base_of`, :func:`unit_places`,
  :func:`listeners`, :func:`ability`;
* asking a player: :func:`ask`, :func:`ask_player`, :func:`pick_one`, :func:`pick_place`,
  :func:`await_deck_order`, :func:`await_entry`, :data:`ANSWER_VALIDATORS`;
* game actions: :func:`deal`, :func:`kill`, :func:`stun`, :func:`buff`,
  :func:`spend_buff`, :func:`draw`, :func:`discard`, :func:`channel`, :func:`recycle`,
  :func:`banish`, :func:`recall`, :func:`counter`, :func:`ready`, :func:`exhaust`, :func:`move`,
  :func:`create`, :func:`reveal`, :func:`attach_equipment`, :func:`detach`, :func:`change_zone`, :func:`add_effect`,
  :func:`destination_problem`, :func:`move_forbidden`, :func:`prevent_kinds_this_turn`,
  :func:`prevent_next_damage_this_turn`, :func:`take_control_until_leaves`,
  :func:`take_control`, :func:`give_back`;
* linked abilities (393-397): :func:`link`, :func:`linked`, :func:`unlink`;
* before revealing cards from a deck: :func:`look_first` (a replacement, 370);
* damage: :func:`bonus_damage`, :func:`spell_bonus_damage`, :func:`excess_of`,
  :func:`controller_bonus_damage`, :func:`controller_deal_bonus`;
* paying: :class:`Cost`, :func:`card_cost`, :func:`pay`, :func:`find_payment`,
  :func:`payment_violations`, :func:`recycle_payments`, :data:`COST_CHOICES`;
* events and abilities: :func:`fire`, :func:`after_play`, :func:`play_targets`,
  :func:`spell_modes`, :func:`spell_violations`, :func:`target_options`;
* looking at and playing cards from a deck: :func:`offer_seen_card`,
  :func:`still_in_deck`, :func:`gone_from_deck`, :func:`begin_play`,
  :func:`finish_plays`, :func:`pay_power`, :func:`permit_play`, :func:`ask_play_choice`,
  :func:`grant_play_permission` (a play permission lasting the turn);
* the registry: :func:`custom`, :data:`STEPS` (a new vocabulary step).
"""

from __future__ import annotations

from riftlog.rules.board.buffs import spend
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.hooks import await_entry
from riftlog.rules.board.layers import add_effect, characteristics, might_of, printed_type
from riftlog.rules.board.point_limits import gain_refused
from riftlog.rules.board.resources import (
    Cost,
    card_cost,
    card_facts,
    find_payment,
    pay,
    payment_violations,
)
from riftlog.rules.board.seats import friendly, points_of, teammates
from riftlog.rules.board.state import ChainItem, GameState
from riftlog.rules.board.zones import base_of, change_zone
from riftlog.rules.game_actions.actions import (
    banish,
    buff,
    channel,
    counter,
    create,
    deal,
    detach,
    discard,
    draw,
    exhaust,
    move,
    ready,
    recall,
    recycle,
    reveal,
    stun,
)
from riftlog.rules.game_actions.movement import destination_problem
from riftlog.rules.interpreter.control_until_leaves import take as take_control_until_leaves
from riftlog.rules.interpreter.custom_effects import custom
from riftlog.rules.interpreter.effects import (
    ANSWER_VALIDATORS,
    STEPS,
    Ctx,
    ability,
    ask,
    await_deck_order,
    bonus_damage,
    controller_bonus_damage,
    kill,
    move_forbidden,
    objects,
    pick_one,
    spell_bonus_damage,
    still_legal,
    targets_of,
)
from riftlog.rules.interpreter.effects import _board_lists as board_lists
from riftlog.rules.interpreter.effects import _type as card_type
from riftlog.rules.interpreter.kills import excess_of  # issue 24: combat excess damage
from riftlog.rules.interpreter.prevent_next import prevent_next_damage_this_turn
from riftlog.rules.interpreter.replacement_effects import prevent_kinds_this_turn
from riftlog.rules.interpreter.triggers import COST_CHOICES, fire, listeners
from riftlog.rules.playing.abilities import (
    after_play,
    play_targets,
    spell_modes,
    spell_violations,
    target_options,
)
from riftlog.rules.playing.card_choices import board_units, order_from, pick_place
from riftlog.rules.playing.deck_reveal_first import look_first  # issue 24: before a reveal
from riftlog.rules.playing.deck_seen import gone as gone_from_deck
from riftlog.rules.playing.deck_seen import offer as offer_seen_card
from riftlog.rules.playing.deck_seen import still_in_deck
from riftlog.rules.playing.keyword_mechanics import attach_equipment  # 434, 818.2.a
from riftlog.rules.playing.linked_abilities import link, linked, unlink  # issue 24: 395-397
from riftlog.rules.playing.move_destinations import chosen_place  # issue 24: 355.4
from riftlog.rules.playing.play_effects import _ask as ask_play_choice
from riftlog.rules.playing.play_effects import ask_player, finish_plays, pay_power, recycle_payments
from riftlog.rules.playing.play_effects import begin as begin_play
from riftlog.rules.playing.play_effects import permit as permit_play
from riftlog.rules.playing.play_permissions import grant as grant_play_permission
from riftlog.rules.playing.restrictions import unit_places
from riftlog.rules.playing.unit_control import give_back, take_control  # issue 24: RUP4 191

__all__ = [
    "ANSWER_VALIDATORS",
    "COST_CHOICES",
    "STEPS",
    "ChainItem",
    "Cost",
    "Ctx",
    "GameAction",
    "GameState",
    "ability",
    "add_effect",
    "after_play",
    "ask",
    "ask_play_choice",
    "ask_player",
    "attach_equipment",
    "await_deck_order",
    "await_entry",
    "banish",
    "base_of",
    "begin_play",
    "board_lists",
    "board_units",
    "bonus_damage",
    "buff",
    "card_cost",
    "card_facts",
    "card_type",
    "change_zone",
    "channel",
    "characteristics",
    "chosen_place",
    "controller_bonus_damage",
    "controller_deal_bonus",
    "counter",
    "create",
    "custom",
    "deal",
    "destination_problem",
    "detach",
    "discard",
    "draw",
    "excess_of",
    "exhaust",
    "find_payment",
    "finish_plays",
    "fire",
    "friendly",
    "gain_refused",
    "give_back",
    "gone_from_deck",
    "grant_play_permission",
    "kill",
    "link",
    "linked",
    "listeners",
    "look_first",
    "might_of",
    "move",
    "move_forbidden",
    "objects",
    "offer_seen_card",
    "order_from",
    "pay",
    "pay_power",
    "payment_violations",
    "permit_play",
    "pick_one",
    "pick_place",
    "play_targets",
    "points_of",
    "prevent_kinds_this_turn",
    "prevent_next_damage_this_turn",
    "printed_type",
    "ready",
    "recall",
    "recycle",
    "recycle_payments",
    "reveal",
    "spell_bonus_damage",
    "spell_modes",
    "spell_violations",
    "spend_buff",
    "still_in_deck",
    "still_legal",
    "stun",
    "take_control",
    "take_control_until_leaves",
    "target_options",
    "targets_of",
    "teammates",
    "unit_places",
    "unlink",
]


def spend_buff(state: GameState, oid: str) -> None:
    """Spend one buff of *oid* (702.2.b; a unit may hold several)."""
    spend(state, state.objects[oid])


def controller_deal_bonus(state: GameState, player: str, amount: int) -> int:
    """Annie, Fiery's kind of Bonus Damage for a custom spell/ability Deal of *amount*
    (714; none for a Deal of 0, 715.4)."""
    return controller_bonus_damage(state, player) if amount > 0 else 0
