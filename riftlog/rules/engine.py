"""The public engine API: pure functions from a state and a decision to the next state.

Three layers, as python-chess has (ARCHITECTURE.md, "The engine"):

* :func:`check` - the checker: the rules a decision breaks, as :class:`Violation` objects
  citing edition and rule id (``v1.3 118.1``), in the game's terms.  A decision that
  answers no pending request is a violation too (who may act: 312, 118, 115 ...).
* :func:`apply_unchecked` / :func:`apply_in_place` - the unchecked applier: run the
  decision's handler, then a cleanup (319) and the automatic flow until the next decision
  is needed.  ``apply_unchecked`` clones first; ``apply_in_place`` (for the replayer)
  mutates the state it is given.
* :func:`apply` - strict: raises :class:`~riftlog.errors.IllegalDecision` naming the
  decision, the seq and the rule, or :class:`~riftlog.errors.ImpossibleDecision` when the
  decision could not be carried out at all.

:func:`new_game` builds the state of a :class:`GameCreated`; :func:`pending` says who must
decide what (random outcomes are requests with ``player=None``); :func:`view` cuts what a
viewer may see (128).  The engine does no I/O and draws no random numbers: randomness
enters as :class:`~riftlog.events.decisions.RandomOutcome` payloads.

Conceding (:class:`GameConceded`) is always allowed to a player still in the game (650)
and is not listed by :func:`pending`.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from riftlog.cards import sets as card_sets
from riftlog.errors import IllegalDecision, ImpossibleDecision, RiftlogError, UnsupportedRule
from riftlog.events.decisions import RandomOutcome
from riftlog.events.payloads import GameCreated
from riftlog.events.registry import Payload
from riftlog.rules import editions, errata_guard
from riftlog.rules.board import hooks, unknown_cards, zones
from riftlog.rules.board.core import GameAction, Request, Violation, handler_for
from riftlog.rules.board.shared import Shared, open_scope, share_for, take_shared
from riftlog.rules.board.shared import close as close_scope
from riftlog.rules.board.shared import current as current_shared
from riftlog.rules.board.state import GameState
from riftlog.rules.flow import ending, setup, showdown, turn
from riftlog.rules.interpreter import mighty_watch
from riftlog.rules.privacy import view

__all__ = [
    "Shared",
    "apply",
    "apply_in_place",
    "apply_unchecked",
    "awaited",
    "check",
    "describe",
    "new_game",
    "pending",
    "share_for",
    "take_shared",
    "view",
    "zone_problems",
]

_ = (ending, setup)  # their handlers register on import

#: Modules of the other parts of the engine whose handlers and hooks register on import, in
#: the order they register (the bot's candidates and the finalize-cost questions keep it).
_EXTENSIONS = ("riftlog.rules.playing.play", "riftlog.rules.game_actions.movement",
               "riftlog.rules.flow.combat", "riftlog.rules.game_actions.scoring",
               "riftlog.rules.flow.showdown", "riftlog.rules.playing.abilities",
               "riftlog.rules.interpreter.kills",  # kill credit, excess damage (428.5)
               "riftlog.rules.playing.kill_costs",  # kill costs: finalize-cost questions (742.1.b)
               "riftlog.rules.playing.spell_control",  # taking control of a spell, keep choices
               "riftlog.rules.interpreter.replacement_steps",  # steps of replacement effects
               "riftlog.rules.playing.play_effects",  # playing a card as an effect (419.3)
               "riftlog.rules.playing.cost_passives",  # CostsLess (356.4)
               "riftlog.rules.playing.keyword_mechanics",  # Equip, Hunt/XP (818-824)
               "riftlog.rules.interpreter.replacements",  # replacement effects (367-375)
               "riftlog.rules.playing.restrictions",  # "can't" restrictions (054.1)
               "riftlog.rules.playing.battlefield_rules",  # battlefields' flags (054.1, 356.4)
               "riftlog.rules.playing.play_origin",  # where a card is played from (356.4)
               "riftlog.rules.playing.borrowed",  # gained exhaust abilities (471)
               "riftlog.rules.playing.deck_seen",  # reveal and play from a deck
               "riftlog.rules.interpreter.event_conditions",  # issue 24: conditions on events
               "riftlog.rules.playing.permanent_restrictions",  # issue 24: "can't" of permanents
               "riftlog.rules.interpreter.reveal_additions",  # issue 24: as revealed, add
               "riftlog.rules.playing.tokens_enter_ready",  # issue 24: tokens enter ready
               "riftlog.rules.playing.outcome_legality",  # 358.2 / RUP4 358.3: outcome states
               "riftlog.rules.interpreter.linked_steps",  # "if you do" (359.3.e.14)
               "riftlog.rules.interpreter.reveal_split",  # reveal, two destinations (424.4.a)
               "riftlog.rules.interpreter.enemy_choices",  # issue 24: enemies chosen this turn
               "riftlog.rules.interpreter.control_until_leaves",  # issue 24: Akshan (186)
               "riftlog.rules.playing.cost_changes",  # issue 24: costs read from the play (356)
               "riftlog.rules.playing.gold_adds",  # issue 24: Gold that adds more (Chem-Baroness)
               "riftlog.rules.playing.gear_resources",  # issue 24: an Add only for gear
               "riftlog.rules.flow.turn_limits",  # issue 24: conquered this turn, own turns
               "riftlog.rules.flow.score_effects_alike",  # issue 24: hold = conquer effects
               *card_sets.effect_modules())  # the cards' own custom effects, set by set
_loaded = False


def load_extensions() -> None:
    """Import the engine modules that register decision handlers and hooks (once).

    Every one is required: a missing module must fail loudly, never switch rules off."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in _EXTENSIONS:
        importlib.import_module(name)


#: Who may send each flow decision, when it is not awaited (cited when it comes anyway).
_WHO_MAY_ACT: dict[str, tuple[str, str]] = {
    "MulliganChosen": ("118", "mulligans happen once, in turn order, during setup"),
    "DeckOrderRecorded": ("115", "no deck is being randomised now"),
    "FirstPlayerChosen": ("116", "the first player is chosen once, during setup"),
    "BattlefieldSelected": ("114.1", "battlefields are selected during setup only"),
    "BattlefieldChosen": ("481.5", "battlefields are chosen during setup only"),
    "BurnOutPointGiven": ("431.2.c", "nobody is burning out now"),
    "TurnEnded": ("316.6", "only the turn player ends the turn, from their main phase"),
    "PriorityPassed": ("312.1", "only the player with priority can pass it"),
}


#: decisions taken whatever the engine awaits: conceding (650) and, in a paper game, what
#: the record learns of hidden cards (issue 21)
_ANY_TIME = frozenset({"GameConceded", "CardsIdentified"})
#: game action details that name cards (dropped where the record does not know them)
_CARD_DETAILS = frozenset({"card", "cards"})


def new_game(created: GameCreated) -> GameState:
    """The state of a newly created game, run up to its first random outcome (111-119)."""
    load_extensions()
    state = setup.build_state(created)
    errata_guard.note(state, created.catalog_version)  # errata not in force (riftlog.cards.errata)
    turn.advance(state, [])
    return state


def _request(state: GameState, entry: dict[str, Any], every_listed: bool = False) -> Request:
    kind, player, decisions, rule = _awaits(state, entry)
    if not every_listed and kind in showdown.NEVER_LEGAL_KINDS:  # issue 20: what can be legal
        never = showdown.never_legal(state, kind, player)
        decisions = [d for d in decisions if d not in never]
    options = dict(entry.get("options", {})) if entry["kind"] == "await" else {}
    return Request(kind, player, tuple(decisions), options, rule)


def _awaits(state: GameState, entry: dict[str, Any]) -> tuple[str, str | None, Sequence[str], str | None]:
    """(kind, player, decisions, rule) of the request the queue's front *entry* stands for,
    without building it (issue 7: check and the replayer read these for every decision)."""
    if entry["kind"] == "await":
        return entry["request"], entry["player"], entry["decisions"], entry.get("rule")
    return _main_request(state)


def _main_facts(state: GameState) -> tuple[str, str | None, str]:
    """(kind, player, rule) of :func:`_main_request` (raises in a showdown, 341)."""
    if state.showdown is not None:
        raise UnsupportedRule(f"{state.edition} 341: showdowns are not implemented yet")
    if state.chain:
        return "priority", state.priority, "312.2.c"
    return "main", state.turn_player, "316.2"


def _front_facts(state: GameState, front: dict[str, Any]) -> tuple[str, str | None, str | None]:
    """(kind, player, rule) of the request the queue's *front* stands for (an await, else
    the main phase; raises in a showdown, 341), without its decision list (replay-perf)."""
    if front["kind"] == "await":
        return front["request"], front["player"], front.get("rule")
    return _main_facts(state)


def _front_accepts(state: GameState, front: dict[str, Any], kind: str) -> bool:
    """Whether *kind* is among the decisions of that request (replay-perf: the main phase's
    list is not built)."""
    if front["kind"] == "await":
        return kind in front["decisions"]
    if state.chain:
        return kind == "PriorityPassed" or kind in hooks.REACTION_DECISIONS
    return kind == "TurnEnded" or kind in hooks.MAIN_DECISIONS


def _main_request(state: GameState) -> tuple[str, str | None, tuple[str, ...], str]:
    """The main phase (316): open -> the turn player; closed -> the player with priority."""
    kind, player, rule = _main_facts(state)
    if kind == "priority":
        return kind, player, ("PriorityPassed", *hooks.REACTION_DECISIONS), rule
    return kind, player, ("TurnEnded", *hooks.MAIN_DECISIONS), rule


def pending(state: GameState, *, every_listed: bool = False) -> list[Request]:
    """What the engine awaits: one request (or none once the game is over).

    Its ``decisions`` are the types that can be legal now: a type the request's entry
    accepts but that is always refused at that moment (``showdown.never_legal``) is left
    out unless *every_listed* (the bot draws from that list, so seeded games stay as they
    were recorded)."""
    if state.phase == "over" or not state.queue:
        return []
    return [_request(state, state.queue[0], every_listed)]


def awaited(state: GameState) -> str:
    """What the engine awaits, in words: ``"<kind> from <player> (<decisions>)"`` of
    :func:`pending` (a random outcome has no player), ``"nothing"`` once the game is over.

    issue 7: the replayer names it for every judged event; it is described without building
    the :class:`Request` (whose options, copied, can be large)."""
    if state.phase == "over" or not state.queue:
        return "nothing"
    entry = state.queue[0]
    if entry["kind"] == "await":
        listed = entry["decisions"]
        if entry["request"] in showdown.NEVER_LEGAL_KINDS:
            never = showdown.never_legal(state, entry["request"], entry["player"])
            listed = [d for d in listed if d not in never]
        return f"{entry['request']} from {entry['player'] or 'a random outcome'} " \
               f"({', '.join(listed)})"
    kind, player, _rule = _main_facts(state)
    return f"{kind} from {player or 'a random outcome'} ({_main_words(kind)})"


#: replay-perf: the main phase's decision list in words, by request kind, with a copy of the
#: hooks list it was joined from (extensions add to it in place): rebuilt when they differ
_MAIN_WORDS: dict[str, tuple[list[str], str]] = {}


def _main_words(kind: str) -> str:
    """``", ".join`` of :func:`_main_request`'s decisions for *kind* ("main" / "priority")."""
    first, source = ("PriorityPassed", hooks.REACTION_DECISIONS) if kind == "priority" else \
        ("TurnEnded", hooks.MAIN_DECISIONS)
    memo = _MAIN_WORDS.get(kind)
    if memo is None or memo[0] != source:
        memo = _MAIN_WORDS[kind] = (list(source), ", ".join((first, *source)))
    return memo[1]


def describe(requests: Sequence[Request]) -> str:
    """*requests* in words (see :func:`awaited`)."""
    return "; ".join(f"{r.kind} from {r.player or 'a random outcome'} "
                     f"({', '.join(r.decisions)})" for r in requests) or "nothing"


def check(state: GameState, decision: Payload, shared: Shared | None = None) -> list[Violation]:
    """The rules *decision* breaks in *state* (empty when it is legal).  Never mutates.

    The checks cite v1.3 ids; a game judged under another edition gets its violations
    and error messages re-cited, and v1.3-only rules dropped (riftlog.rules.editions).
    *shared*: see :class:`Shared` (the result is the same with or without it)."""
    load_extensions()
    if shared is None and current_shared() is None and state.edition == editions.ENCODED:
        return _check(state, decision)  # replay-perf: no scope to open or close
    if shared is not None:
        shared.state, shared.decision, shared.values = state, decision, {}
    outer = open_scope(shared)
    try:
        if state.edition == editions.ENCODED:
            return _check(state, decision)
        try:
            return editions.judge_violations(state, _check(state, decision))
        except RiftlogError as exc:  # UnsupportedRule/Card, IllegalDecision
            editions.retell(exc, state.edition)
            raise
    finally:
        close_scope(outer)


def _check(state: GameState, decision: Payload) -> list[Violation]:
    if "pre_errata" in state.extra:  # a card this game's catalog has before its errata
        errata_guard.guard(state, decision)
    ed = state.edition
    kind = decision.type
    if state.phase == "over":
        return [Violation("302", f"the game is over; no {kind} can be made", ed)]
    actor = getattr(decision, "player", None)
    handler = handler_for(kind)
    if handler is None:
        raise UnsupportedRule(f"{ed}: the engine has no rules for {kind} decisions yet")
    if kind in _ANY_TIME:
        return handler.check(state, decision)
    if actor is not None and not isinstance(decision, RandomOutcome):
        player = state.players.get(actor)
        if player is None:
            return [Violation("312", f"{actor!r} is not a player of this game", ed)]
        if player.eliminated:
            return [Violation("651.3", f"{actor} was removed from the game and can no longer act", ed)]
    # replay-perf: the pending request's facts straight from the queue (no Request built)
    queue = state.queue
    if not queue:
        return [_unexpected(state, kind, [])]
    req_kind, req_player, rule = _front_facts(state, queue[0])
    if not _front_accepts(state, queue[0], kind):
        return [_unexpected(state, kind, pending(state))]
    if req_player is not None and actor != req_player:
        who = "priority" if req_kind in ("main", "priority") else f"the {req_kind} decision"
        return [Violation(rule or "312", f"{kind} came from {actor}, but {req_player} "
                          f"has {who} now", ed)]
    return handler.check(state, decision)


def _unexpected(state: GameState, kind: str, reqs: list[Request]) -> Violation:
    ed = state.edition
    awaited = "; ".join(f"{r.kind} from {r.player or 'a random outcome'}" for r in reqs) or "nothing"
    if kind == "TurnEnded" and state.chain:
        return Violation("305", "the turn cannot end while the chain has items", ed)
    if reqs and reqs[0].kind == "priority" and kind in hooks.MAIN_DECISIONS:
        return Violation("309.1.a", f"{kind} is not allowed while the chain exists (closed "
                         "state); only reactions are", ed)
    rule, why = _WHO_MAY_ACT.get(kind, ("312.1", "only the player with priority takes "
                                        "discretionary actions, in the right phase"))
    return Violation(rule, f"{kind} is not awaited now ({why}); the game awaits {awaited}", ed)


def apply_in_place(state: GameState, decision: Payload,
                   shared: Shared | None = None) -> list[GameAction]:
    """Apply *decision* to *state* itself, unchecked; returns the game actions it caused.

    Runs the decision's handler, a cleanup (319) and the automatic flow until the next
    decision is needed.  Raises ImpossibleDecision when it cannot be carried out (the
    state may then be partly changed: use :func:`apply_unchecked` to keep the original).
    Under an edition other than v1.3 the rule ids of the game actions and error messages
    are re-cited.  *shared*: the one given to :func:`check` just before (see
    :class:`Shared`; the result is the same with or without it).
    """
    load_extensions()
    if (shared is None or not shared.values) and current_shared() is None \
            and state.edition == editions.ENCODED:
        return _apply_in_place(state, decision)  # replay-perf: no scope to open or close
    # replay-perf: the check's values only for the very state and decision it judged
    outer = open_scope(shared if shared is not None and shared.values and shared.state is state
                       and shared.decision is decision else None)
    try:
        if state.edition == editions.ENCODED:
            return _apply_in_place(state, decision)
        try:
            return editions.recite_actions(_apply_in_place(state, decision), state.edition)
        except RiftlogError as exc:  # UnsupportedRule/Card, IllegalDecision
            editions.retell(exc, state.edition)
            raise
    finally:
        close_scope(outer)
        if shared is not None:
            shared.state = shared.decision = None
            shared.values = {}


def _apply_in_place(state: GameState, decision: Payload) -> list[GameAction]:
    if "pre_errata" in state.extra:  # a card this game's catalog has before its errata
        errata_guard.guard(state, decision)
    kind = decision.type
    handler = handler_for(kind)
    if handler is None:
        raise UnsupportedRule(f"{state.edition}: the engine has no rules for {kind} decisions yet")
    if state.phase == "over":
        raise ImpossibleDecision(f"{state.edition} 302: the game is over; {kind} cannot be carried out")
    log: list[GameAction] = []
    entry: dict[str, Any] | None = None
    unknown = unknown_cards.unknown(state)  # issue 21: empty in a full game
    if kind not in _ANY_TIME and state.queue:
        front = state.queue[0]
        if front["kind"] == "main":
            _main_facts(state)  # raises in a showdown (341), as the request would
        if front["kind"] in ("await", "main") and _front_accepts(state, front, kind):
            entry = front
            consumed = front.get("consumed_by")
            if consumed is None or kind in consumed:
                state.queue.pop(0)
    if entry is not None:
        state.extra["answering"] = entry
    try:
        if kind in _ANY_TIME:  # removal (652) edits the whole queue
            handler.apply(state, decision, log)
        else:
            turn.run_entry(state, handler.apply, decision, log)
    finally:
        state.extra.pop("answering", None)
    if state.phase != "over":
        turn.advance(state, log, turn.cleanup(state, log))
        if mighty_watch.watch(state) and state.phase != "over":  # "becomes Mighty" (709)
            turn.advance(state, log, turn.cleanup(state, log))
    if unknown:
        _named_before_public(state, decision, unknown, log)
    return log


def _named_before_public(state: GameState, decision: Payload, unknown: set[str],
                         log: list[GameAction]) -> None:
    """Issue 21: a paper game's event may not show a card the record never named."""
    unnamed = unknown_cards.unnamed_publications(state, unknown, log)
    if unnamed:
        shown = ", ".join(f"{oid} (now {unknown_cards.where(state.objects[oid])})" for oid in unnamed)
        raise ImpossibleDecision(
            f"{state.edition} 109: {decision.type} makes {shown} public, but this "
            f"{unknown_cards.level_label(state)} record never named "
            f"{'it' if len(unnamed) == 1 else 'them'}: record CardsIdentified for "
            f"{'it' if len(unnamed) == 1 else 'them'} first (the record holds no guess)")
    unknown_cards.learn_public(state)
    still = unknown_cards.unknown(state)
    for i, action in enumerate(log):  # a placeholder's card is never told as a fact
        if still.intersection(action.objects) and _CARD_DETAILS.intersection(action.details):
            log[i] = GameAction(action.kind, action.player, action.objects,
                                {k: v for k, v in action.details.items() if k not in _CARD_DETAILS},
                                action.visibility, action.rule, action.responsible)


def apply_unchecked(state: GameState, decision: Payload) -> tuple[GameState, list[GameAction]]:
    """Clone *state*, apply *decision* without checking it; returns the new state and actions."""
    new = state.clone()
    return new, apply_in_place(new, decision)


def apply(state: GameState, decision: Payload, seq: int | None = None) -> tuple[GameState, list[GameAction]]:
    """Strict apply: check, then apply to a clone.

    Raises :class:`IllegalDecision` (carrying the violations) when the decision breaks a
    rule, :class:`ImpossibleDecision` when it also cannot be carried out at all.  The
    message names the decision, the seq and the rules.
    """
    violations = check(state, decision)
    if violations:
        where = f"seq {seq}: " if seq is not None else ""
        text = f"{where}{decision.type} by {getattr(decision, 'player', None) or 'chance'} is illegal: " + \
            "; ".join(str(v) for v in violations)
        try:
            apply_unchecked(state, decision)
        except ImpossibleDecision as exc:
            raise ImpossibleDecision(f"{text} (and cannot be carried out: {exc})",
                                     list[object](violations)) from exc
        except (KeyError, IndexError, ValueError) as exc:
            raise ImpossibleDecision(f"{text} (and cannot be carried out)",
                                     list[object](violations)) from exc
        raise IllegalDecision(text, list[object](violations))
    return apply_unchecked(state, decision)


def zone_problems(state: GameState) -> list[str]:
    """Inconsistencies between objects' zones and zone lists (empty when consistent)."""

    out = [p for p in zones.zone_problems(state) if "battlefield_aside" not in p]
    aside = {oid: p.id for p in state.players.values() for oid in p.battlefields_aside}
    for oid, obj in state.objects.items():
        if (obj.zone == "battlefield_aside") != (oid in aside):
            out.append(f"{oid}: zone {obj.zone} but {'' if oid in aside else 'not '}set aside")
    on_board = {bf.oid for bf in state.battlefields}
    for oid, obj in state.objects.items():
        if (obj.zone == "battlefield_card") != (oid in on_board):
            out.append(f"{oid}: zone {obj.zone} disagrees with the battlefields on the board")
    return out
