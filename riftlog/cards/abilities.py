"""The engine's own ability definitions: which card abilities riftlog implements.

Card *facts* come from the generated catalog; card *abilities* are riftlog's own encoding,
written by hand, card by card.  This module is the one place that says what the engine
can do:

* :data:`ENGINE_KEYWORDS` -- keyword names (without values: ``"Assault"``, not
  ``"Assault 2"``) the rules engine implements.  A card whose text is only keywords is
  playable once all its keywords are in this set.
* :data:`ABILITIES` -- card identity id -> ability encoding, for cards with more than
  keywords.  Register with :func:`register_ability`.

Both start empty; the rules engine fills them as it learns cards.  Any card not covered
raises :class:`~riftlog.errors.UnsupportedCard` when the engine needs it
(:meth:`riftlog.cards.model.Card.require_supported`), never silently doing nothing.
"""

from __future__ import annotations

import importlib
from typing import Protocol, runtime_checkable

from riftlog.cards import sets as card_sets
from riftlog.errors import CardError


@runtime_checkable
class AbilityEncoding(Protocol):
    """What the registry holds for a card: the engine's encoding of its abilities.

    The engine decides the shape; the catalog only needs to know which card it is for.
    """

    @property
    def card_id(self) -> str:
        """The card identity id this encoding implements (e.g. ``"OGN-001"``)."""
        ...


#: Keyword names the engine implements and tests (kept equal to, or a subset of,
#: ``riftlog.rules.board.keywords.IMPLEMENTED_KEYWORDS``; tests/rules/test_keywords.py checks).
ENGINE_KEYWORDS: frozenset[str] = frozenset({
    "Accelerate", "Assault", "Backline", "Ganking", "Shield", "Tank",
    "Action", "Reaction", "Deathknell", "Legion", "Temporary", "Vision",
    "Hidden", "Deflect",
    "Equip", "Quick-Draw", "Ambush", "Hunt", "Level", "Unique",  # mechanics helper (818-825)
    "Weaponmaster", "Repeat",
})

#: Overrides of the domain of each power symbol in the cost of a multi-domain card (card id ->
#: one domain per symbol).  Empty: every multi-domain card of the catalog is printed with the
#: universal symbol [A] (v1.3 135.2.e.5), which :func:`riftlog.rules.board.resources.card_cost` uses
#: for a card not listed here.
POWER_DOMAINS: dict[str, tuple[str, ...]] = {}

#: Names of the custom effects :mod:`riftlog.rules.interpreter.custom_effects` defines (a vocabulary
#: ``Custom(name)`` node is supported only when its name is here; tests check that this
#: set equals the rules layer's registry).
CUSTOM_EFFECTS: frozenset[str] = frozenset()
# --- Origins (OGN) ---
CUSTOM_EFFECTS = CUSTOM_EFFECTS | frozenset({
    "ogn_discard_then_deal_energy", "ogn_split_damage_here", "ogn_move_enemy_unit",
    "ogn_alone_bonus", "ogn_unless_lets_draw", "ogn_may_pay_to_return_me",
    "ogn_may_pay_play_me_from_trash", "ogn_deal_then_if_it_dies",
})
# --- Origins (OGN) ---
CUSTOM_EFFECTS = CUSTOM_EFFECTS | frozenset({
    "mutual_damage", "channel_or_draw", "owner_channels", "raise_might_to",
    "reveal_hidden_damage", "banish_owner_plays", "recycle_from_trash",
    "additional_turn_banish_self", "recycle_me_from_trash", "ready_all_runes",
})
# --- Origins (OGN) ---
CUSTOM_EFFECTS = CUSTOM_EFFECTS | frozenset({"ogn_kill_then_buff_me", "ogn_cards_or_runes"})
# --- Origins (OGN) ---
CUSTOM_EFFECTS = CUSTOM_EFFECTS | frozenset({
    "discard_hands_then_draw", "take_control_and_recall",
    "each_player_kills_own_unit", "others_pick_units_to_kill",
    "kill_then_its_controller_draws", "kill_if_stunned_else_stun",
    "deal_its_might_to_enemies_at", "recycle_up_to_from_trashes",
    "spend_buffs_to_channel", "require_same_location", "play_unit_from_trash",
})
# --- Origins (OGN) ---
CUSTOM_EFFECTS = CUSTOM_EFFECTS | frozenset({
    "overt_operation", "draw_or_channel", "hand_pick",
    "kill_damaged_enemies_here", "unit_from_trash", "move_anywhere",
    "each_kills_gear", "whirlwind", "deal_all_where_died",
    "swap_places", "twisted_fate", "look_keep_one",
    "follow_mover", "play_from_trash", "pay_exhaust_to_ready_it",
    "reveal_until_unit_and_play",
})

# --- Origins (OGN) ---
CUSTOM_EFFECTS = CUSTOM_EFFECTS | frozenset({
    "that_player_channels", "that_player_gains_points", "champion_back",
    "spend_buff_to_draw", "conquer_effects_here", "recycle_a_rune",
    "ready_up_to_runes", "look_two_recycle_any", "win_with_units_here",
    "move_to_or_from_base", "might_damage", "move_then_duel",
    "may_move_friendly_to_its_bf", "kill_group_max_might",
    "deal_paid_to_enemies_at", "owned_tag_unit_to_hand", "hidden_cards_from_trash",
    "free_hiding_this_turn", "discard_to_return_me",
})

# --- issue #5 (K2): control and keep-choice cards (riftlog/rules/playing/spell_control.py) ---
CUSTOM_EFFECTS = CUSTOM_EFFECTS | frozenset({"ctl_take_spell", "ctl_each_keeps"})
# --- end issue #5 (K2) ---

# --- Proving Grounds (OGS) ---
CUSTOM_EFFECTS = CUSTOM_EFFECTS | frozenset({
    "ogs_card_of_type_from_trash", "ogs_tokens_where_you_control",
})

# --- issue #5 (K1): kill credit, excess damage, buffs (riftlog/rules/playing/kill_costs.py) ---
CUSTOM_EFFECTS = CUSTOM_EFFECTS | frozenset({
    "k1_pay_to_play_me", "k1_exhaust_me", "k1_spend_friendly_buff", "k1_play_me_from_trash",
})
# --- end issue #5 (K1) ---

# --- replacement helper (issue 4): riftlog/rules/interpreter/replacement_steps.py ---
CUSTOM_EFFECTS = CUSTOM_EFFECTS | frozenset({"rep_recall_all_units_here", "rep_prevent_kinds_this_turn"})
# --- end replacement helper ---

# --- issue #5 (P): play a card as an effect (riftlog/cards/sets/ogn/play_as_effect.py) ---
CUSTOM_EFFECTS = CUSTOM_EFFECTS | frozenset({
    "pe_finish_plays", "pe_pay_power", "pe_blind_fury", "pe_reinforce", "pe_baited_hook",
    "pe_kaisa", "pe_ava", "pe_promising_future",
})
# --- end issue #5 (P) ---

# --- Spiritforged (SFD): riftlog/cards/sets/sfd/ ---
CUSTOM_EFFECTS = CUSTOM_EFFECTS | frozenset({
    "detonate", "blood_money", "each_player_channels",
    "draw_per_other_battlefield_held", "ready_me_with_gear",
    "might_per_enemy_there", "more_damage_to_an_attacker", "may_pay_energy_to",
    "ready_your_legend",
    "may_draw_or_buff_me", "ready_or_exhaust_a_legend", "deathgrip",
})
# SFD units (issue 24, units lane)
CUSTOM_EFFECTS = CUSTOM_EFFECTS | frozenset({
    "deal_my_assault", "move_me_to_event_battlefield", "move_my_tokens_here",
    "attacker_here_to_its_base", "kill_me_as_cost", "card_sharp_gold", "reveal_top_gear_to_hand",
    "kill_target_then_gold", "play_cheap_unit_from_trash", "look_draw_a_gear_recycle_rest",
    "play_cheap_spell_from_trash", "reveal_two_banish_and_play", "double_my_might_this_combat",
    "give_my_keywords_and_might", "deal_combat_excess", "move_units_to_an_open_battlefield",
})
# --- end Spiritforged (SFD) ---
# --- Spiritforged (SFD) gear: riftlog/cards/sets/sfd/ ---
CUSTOM_EFFECTS = CUSTOM_EFFECTS | frozenset({"hand_card_to_deck_top_or_bottom",
                                             "may_play_a_unit_from_trash",
                                             "kill_this_equipment",
                                             "recruits_where_you_choose"})
# --- Spiritforged (SFD) spells, legends and battlefields ---
CUSTOM_EFFECTS = CUSTOM_EFFECTS | frozenset({
    "look_draw_one_recycle_rest", "might_to_friendly_tag", "top_of_deck_to_trash",
    "reveal_top_spell_to_hand", "counter_unless_paid", "riposte", "swap_might_this_turn",
    "prevent_next_damage_this_turn",
    "move_enemy_to_its_friends", "may_play_unit_from_hand_to_held_battlefield",
    "reveal_banish_play", "banish_then_owner_plays_free", "banish_this_spell",
})
# --- end Spiritforged (SFD) spells, legends and battlefields ---
# SFD cards that use Equipment (sets/sfd/equipment_moves.py)
CUSTOM_EFFECTS = CUSTOM_EFFECTS | frozenset({"may_detach_chosen", "attach_chosen_equipment",
                                             "attach_or_detach", "detach_an_equipment",
                                             "aphelios_exalted", "aphelios_exalted_pick", "azir_ascendant",
                                             "move_chosen_unit_anywhere",
                                             "may_attach_equipment_to",
                                             "may_play_cheap_equipment_from_hand",
                                             "attach_played_to_me"})
# SFD token makers (Sand Soldier / Mech)
CUSTOM_EFFECTS = CUSTOM_EFFECTS | frozenset({"token_then_may_pay_to_ready_it",
                                             "may_pay_and_return_a_unit_here_for_token",
                                             "token_per_equipment_then_ready_some"})
# SFD triggers, grants and permissions (issue 24)
CUSTOM_EFFECTS = CUSTOM_EFFECTS | frozenset({"pay_to_finalize", "chosen_opponent_gains_points",
                                             "kill_gear_for_a_free_gear", "akshan_takes_gear"})
# SFD costs lane: Rumble, Hotheaded (sets/sfd/rumble_hotheaded.py)
CUSTOM_EFFECTS = CUSTOM_EFFECTS | frozenset({"rumble_recycle_friendly_unit",
                                             "rumble_play_mech_from_trash"})
# SFD control of units, linked abilities, copied text (issue 24, the rest)
CUSTOM_EFFECTS = CUSTOM_EFFECTS | frozenset({"take_control_this_turn", "give_back_and_recall",
                                             "banish_me_linked_to_the_equipment",
                                             "play_units_banished_with_this"})

#: Card identity id -> ability encoding (filled by the rules engine).
ABILITIES: dict[str, AbilityEncoding] = {}


def register_ability(encoding: AbilityEncoding) -> AbilityEncoding:
    """Add *encoding* to :data:`ABILITIES` under its ``card_id``; refuse a second one.

    Returns the encoding, so it can be used as a decorator on a class instance factory.
    """
    card_id = encoding.card_id
    if card_id in ABILITIES:
        raise CardError(f"card {card_id} already has an ability encoding registered")
    ABILITIES[card_id] = encoding
    return encoding


def ability_for(card_id: str) -> AbilityEncoding | None:
    """The registered encoding of a card identity, or ``None``."""
    return ABILITIES.get(card_id)


def encoding_problems(encoding: object) -> list[str]:
    """Why a registered encoding cannot be interpreted (empty: it can).  Encodings that
    are not vocabulary encodings (older hand-written ones) are taken as complete."""
    check = getattr(encoding, "unsupported", None)
    if check is None:
        return []
    # issue 7 (re-validation speed): worked out once per encoding object (frozen) and
    # keyword/custom-effect sets; the entry keeps the encoding alive so its id is not reused
    hit = _PROBLEMS.get(id(encoding))
    if hit is not None and hit[0] is encoding and hit[1] is ENGINE_KEYWORDS and \
            hit[2] is CUSTOM_EFFECTS:
        return list(hit[3])
    problems: list[str] = check(ENGINE_KEYWORDS, CUSTOM_EFFECTS)
    _PROBLEMS[id(encoding)] = (encoding, ENGINE_KEYWORDS, CUSTOM_EFFECTS, tuple(problems))
    return problems


#: issue 7: id(encoding) -> (encoding, ENGINE_KEYWORDS, CUSTOM_EFFECTS, its problems)
_PROBLEMS: dict[int, tuple[object, frozenset[str], frozenset[str], tuple[str, ...]]] = {}


_loaded = False


def load_encodings() -> None:
    """Import every encoding module of the card sets (once;
    :func:`riftlog.cards.sets.encoding_modules`)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in card_sets.encoding_modules():
        importlib.import_module(name)
