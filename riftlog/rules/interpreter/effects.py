"""The interpreter of the encoding vocabulary (:mod:`riftlog.cards.vocab`): effect steps,
targets, conditions and amounts, resolved with the game-action primitives of
:mod:`riftlog.rules.game_actions.actions`.

Compiled once per card: :func:`compiled` turns an ability's steps into a flat tuple of
instructions (``("step", node)``, ``("unless", cond, jump)``, ``("may", end)``) cached by
(card id, ability index), so resolving costs no copies.

A resolution is a plain JSON *context* (state stays JSON; no closures, v1.3 ARCHITECTURE):
``{"card", "source", "ability", "controller", "targets": {name: [ids]}, "choices",
"answers": {pc: answer}, "event": {...}, "pc", "finish"}``.  :func:`run` executes from
``pc``; a step needing a choice the player has not made yet ("you may", which cards to
discard) appends an ``await`` entry for :class:`~riftlog.events.abilities.ChoiceMade`
(with the options listed) followed by the continuation task ``{"kind": "effects", "ctx"}``
and stops; :mod:`riftlog.rules.playing.abilities` records the answer under ``answers[pc]``.

Anything the interpreter does not implement raises UnsupportedCard naming the card.

The code lives in topic modules, all re-exported here (this module stays the import point):
:mod:`~riftlog.rules.interpreter.effects_targets` (encodings, targets, Deflect),
:mod:`~riftlog.rules.interpreter.effects_conditions` (references, amounts, conditions, turn marks),
:mod:`~riftlog.rules.interpreter.effects_run` (compiling, running, asking, answers),
:mod:`~riftlog.rules.interpreter.effects_steps` (the steps, kills, Bonus Damage).
"""

from __future__ import annotations

# isort: off
# every name of the topic modules, re-exported (imported in the order of their sections before the split)
from riftlog.rules.interpreter.effects_targets import (
    Ctx as Ctx, _CARD_ABILITIES as _CARD_ABILITIES, _board_lists as _board_lists,
    _card_abilities as _card_abilities, _kind_ok as _kind_ok,
    _spell_cost_at_most as _spell_cost_at_most, _side_ok as _side_ok, _type as _type,
    _where_ok as _where_ok, ability as ability, deflect_power as deflect_power,
    encoding as encoding, encoding_fact as encoding_fact, still_legal as still_legal, target_candidates as target_candidates,
    target_violations as target_violations, targets_of as targets_of, unsupported as unsupported,
)
from riftlog.rules.interpreter.effects_conditions import (
    CONDITIONS as CONDITIONS, _all_at_battlefields as _all_at_battlefields,
    _condition_more as _condition_more, _count_more as _count_more, _deaths as _deaths,
    _note_deaths as _note_deaths, _cost_or_units_condition as _cost_or_units_condition,
    _ref_condition as _ref_condition, amount as amount, condition_holds as condition_holds,
    count as count, note_activation as note_activation, objects as objects,
    played_this_turn as played_this_turn,
)
from riftlog.rules.interpreter.effects_run import (
    ANSWER_VALIDATORS as ANSWER_VALIDATORS, BEFORE_FINISH as BEFORE_FINISH, FINISHERS as FINISHERS,
    STEPS as STEPS, StepFn as StepFn, _compile as _compile, _continue as _continue,
    answer_violations as answer_violations, ask as ask,
    await_deck_order as await_deck_order, compiled as compiled, pick_one as pick_one,
    run as run, step as step,
)
from riftlog.rules.interpreter.effects_steps import (
    DEATH_REPLACEMENTS as DEATH_REPLACEMENTS, _add as _add, _apply_effect as _apply_effect,
    _banish as _banish, _channel as _channel, _counter as _counter, _create as _create,
    _custom as _custom, _deal as _deal, _delay as _delay, _discard as _discard,
    _double_might as _double_might, _draw as _draw, _each as _each, _gain_points as _gain_points,
    _give_might as _give_might, _grant as _grant, _kill as _kill, _look as _look, _move as _move,
    _return as _return, _save_from_next_death as _save_from_next_death, _stun_each as _stun_each,
    _stun_then_fire as _stun_then_fire, bonus_damage as bonus_damage,
    controller_bonus_damage as controller_bonus_damage, kill as kill,
    move_forbidden as move_forbidden, spell_bonus_damage as spell_bonus_damage,
)
# isort: on

__all__ = [
    "STEPS", "compiled", "condition_holds", "encoding", "run", "target_candidates",
    "target_violations", "unsupported",
]


#: Keywords enforced here (tests/rules/test_keywords.py): Legion (812) is the condition
#: vocab.Legion, checked by condition_holds.
ENFORCED_KEYWORDS: tuple[str, ...] = ("Legion", "Deflect")
