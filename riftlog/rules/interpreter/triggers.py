"""Triggered abilities (v1.3 382-392): the trigger index, pending triggers, and putting
them on the chain.

* :func:`fire` (``fire(state, event, obj=, player=, battlefield=)``) is called where the
  game does something a trigger may wait for.  Events and where they are fired:
  ``"played"`` (rules.abilities.after_play, from play.apply_card_played), ``"dies"``
  (effects.kill and turn/combat cleanups), ``"conquers"`` / ``"holds"`` (turn.score_triggers,
  466.2), ``"discarded"`` (effects Discard), ``"attacks"`` / ``"defends"`` (combat: once per unit
  as it gets its designation, with ``obj``, and once per side as the combat opens, without
  ``obj``, 383.4.e-f), ``"beginning_phase"`` (turn, start of the
  Beginning Phase), ``"end_of_turn"`` (turn, ending phase).  Unknown events simply find
  no listener.
* Each encoding's :class:`~riftlog.cards.vocab.Triggered` abilities are indexed once per
  card id (:func:`listeners`); a firing scans the board, the legends, the battlefields and
  the event's own object (a unit that died is in the trash by then, 808).
* Triggered abilities wait in ``state.extra["triggers"]`` (plain data: card id, source,
  ability index, controller, event) and a ``{"kind": "triggers"}`` task, put at the front
  of the queue, puts them on the chain (383.3): the turn player's first (383.3.d.1: theirs
  resolve last); a player with 2+ pending triggers chooses their order
  (383.3.d, :class:`~riftlog.events.abilities.TriggersOrdered`, awaited as request
  ``"trigger_order"``); targets are chosen with a ChoiceMade (request ``"choice"``, kind
  ``"targets"``) unless only one choice is possible.
* Outside the Main Phase and showdowns, a ``{"kind": "resolve_chain"}`` task keeps asking
  for priority until the chain is empty (the flow does not go on with a chain, 305).

The code lives in topic modules, all re-exported here (this module stays the import point):
:mod:`~riftlog.rules.interpreter.triggers_index` (what cards listen to, per card and per game;
granted keyword abilities; the sources a firing looks at),
:mod:`~riftlog.rules.interpreter.triggers_firing` (:func:`fire`, matching, delayed, worn and
copied triggers, :func:`fire_chosen`, the watchers),
:mod:`~riftlog.rules.interpreter.triggers_chain` (the pending triggers put on the chain:
order, targets, finalize costs, :func:`put_on_chain`).
"""

from __future__ import annotations

# isort: off
# every name of the topic modules, re-exported (their own tasks, handler and hook register on import)
from riftlog.rules.interpreter.triggers_index import (
    listeners as listeners, keyword_listeners as keyword_listeners, _sources as _sources,
    _scan as _scan, _grantable as _grantable, _GRANT_ZONES as _GRANT_ZONES,
    _GRANTABLE as _GRANTABLE, _GRANTED_PLAIN as _GRANTED_PLAIN,
    _GRANTABLE_ORDER as _GRANTABLE_ORDER, _on_board as _on_board, _from_trash as _from_trash,
    _NO_TEXT as _NO_TEXT, _TEXT as _TEXT, effect_text as effect_text, _GAMES as _GAMES,
    _GRANT as _GRANT, _EVENTS_OF as _EVENTS_OF, _FROM_TRASH as _FROM_TRASH,
    _OR_GRANTABLE as _OR_GRANTABLE, _Game as _Game, _having as _having, hears as hears,
    _game as _game, _events_of as _events_of, _CardInfo as _CardInfo, _TOKEN as _TOKEN,
    _CARD_INFO as _CARD_INFO, _card_info as _card_info, _clear_card_info as _clear_card_info,
    _GRANTED_EVENTS as _GRANTED_EVENTS, _granted as _granted, PSEUDO_EVENTS as PSEUDO_EVENTS,
)
from riftlog.rules.interpreter.triggers_firing import (
    _CARD_SUBJECTS as _CARD_SUBJECTS, _matches as _matches, fire as fire,
    _worn_triggers as _worn_triggers, _copied_triggers as _copied_triggers, _copy_of as _copy_of,
    _PER_UNIT_SUBJECTS as _PER_UNIT_SUBJECTS, _UNIT_SUBJECTS as _UNIT_SUBJECTS,
    _PERFORMER_EVENTS as _PERFORMER_EVENTS, _fire_delayed as _fire_delayed,
    extra_deathknells as extra_deathknells, note_move as note_move, fire_chosen as fire_chosen,
    LEAVE_WATCHERS as LEAVE_WATCHERS, CHOSEN_WATCHERS as CHOSEN_WATCHERS,
)
from riftlog.rules.interpreter.triggers_chain import (
    _apnap as _apnap, _flush as _flush, _keep_resolving as _keep_resolving,
    _targets_then_chain as _targets_then_chain, _ELSEWHERE as _ELSEWHERE,
    _played_from_hidden_at as _played_from_hidden_at, _no_deflect as _no_deflect,
    _trigger_step as _trigger_step, _resolve_chain as _resolve_chain, put_on_chain as put_on_chain,
    _check_order as _check_order, _apply_order as _apply_order, candidates as candidates,
    COST_CHOICES as COST_CHOICES, _asks_cost as _asks_cost, _finalize_cost as _finalize_cost,
)
# the layers helpers of the firing, still under the names they had here (tests, ENGINE.md)
from riftlog.rules.board.layers import grant_context as _grant_context  # noqa: F401
from riftlog.rules.board.layers import may_gain as _may_gain  # noqa: F401
# isort: on

__all__ = ["fire", "fire_chosen", "hears", "listeners", "put_on_chain"]


#: Keywords enforced here: Deathknell (808), a "dies" trigger of the dead permanent.
ENFORCED_KEYWORDS: tuple[str, ...] = ("Deathknell",)

ENFORCED_KEYWORDS = (*ENFORCED_KEYWORDS, "Temporary", "Vision")
