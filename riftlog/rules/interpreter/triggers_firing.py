"""Firing trigger events (v1.3 382-392): :func:`fire` matches each listening source's
triggered abilities to the event (``_matches``) and adds the ones that trigger to the
pending triggers (``state.extra["triggers"]``) with a ``triggers`` task; also the triggers
of worn and copied Effect Text, delayed triggered abilities (390.2), extra Deathknells (808),
the ``"chosen"`` event (:func:`fire_chosen`) and the watchers told of leaving and choosing.
Re-exported by :mod:`riftlog.rules.interpreter.triggers`.
"""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.rules.board import copied_text, hooks
from riftlog.rules.board.layers import GrantCtx as _GrantCtx
from riftlog.rules.board.layers import grant_context as _grant_context
from riftlog.rules.board.resources import card_facts
from riftlog.rules.board.seats import friendly
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import effects
from riftlog.rules.interpreter.triggers_index import (
    _GRANT,
    _GRANTED_EVENTS,
    _NO_TEXT,
    _OR_GRANTABLE,
    _game,
    _granted,
    _sources,
    effect_text,
    listeners,
)

#: subjects of a player's event: with no card type, "when you play" means a card (a token
#: played by an effect triggers only listeners of a type or of the unit itself)
_CARD_SUBJECTS = frozenset({"you", "you_or_ally", "each_player", "opponent", "you_from_trash"})


def _matches(state: GameState, when: V.When, oid: str, controller: str | None,
             data: dict[str, Any]) -> str | None:
    """The controller of the triggered ability if *when* matches the event, else None."""
    subject = when.subject
    obj = data.get("obj")
    player = data.get("player")
    if when.card_type is not None and obj is not None and obj in state.objects and \
            effects._type(state.objects[obj].card) != when.card_type:
        return None
    if data.get("token") and when.card_type is None and subject in _CARD_SUBJECTS:
        return None  # a played token is not a card (RUP4 185, v1.3 182): "play a card" misses it
    per_unit = when.event in ("attacks", "defends")  # fired once per unit and once per side
    if per_unit and (obj is None) == (subject in _PER_UNIT_SUBJECTS):
        return None
    if subject == "here":  # a battlefield's own ability: whoever did it here (466.2)
        return player if data.get("battlefield") == oid else None
    if subject == "me":
        if when.event in ("conquers", "holds"):
            src = state.objects.get(oid)
            ok = src is not None and src.location == data.get("battlefield") and controller == player
            return controller if ok else None
        return controller if obj == oid else None
    if subject == "you":
        return controller if player is not None and player == controller else None
    if subject == "you_or_ally":  # issue 24: the controller's or a teammate's (RUP4 489.8.e)
        ok = controller is not None and player is not None and friendly(state, controller, player)
        return controller if ok else None
    if subject in _UNIT_SUBJECTS:
        if obj is None or obj not in state.objects or controller is None or \
                (subject.startswith("other_") and obj == oid):
            return None
        if (subject in ("your_unit", "other_your_unit") or when.event in _PERFORMER_EVENTS) \
                and player != controller:  # "your unit" (489.8.c), or "you ready/buff ..."
            return None
        if subject in ("friendly_unit", "other_friendly_unit"):
            # a teammate's unit is friendly too (RUP4 489.8.e, v1.3 484.8.d)
            whose = state.objects[obj].controller if when.event in _PERFORMER_EVENTS else player
            if not friendly(state, controller, whose):
                return None
        return controller if effects._type(state.objects[obj].card) == "Unit" else None
    if subject == "each_player":  # any player's event (187.6.b)
        return controller if controller is not None else player
    if subject == "enemy_unit":  # an opponent's unit
        if obj is None or obj not in state.objects or controller is None or \
                player not in state.opponents(controller):
            return None
        return controller if effects._type(state.objects[obj].card) == "Unit" else None
    if subject == "opponent":  # an opponent's event (not about one of their objects)
        return controller if controller is not None and player in state.opponents(controller) \
            else None
    if subject == "you_from_trash":  # your event, this card in your trash
        src = state.objects.get(oid)
        ok = src is not None and src.zone == "trash" and player is not None and player == controller
        return controller if ok else None
    if subject == "delayed":  # only as scheduled by vocab.Delay
        return None
    raise effects.unsupported(state.objects[oid].card if oid in state.objects else oid,
                              f"trigger subject {subject!r} is not interpreted")


def fire(state: GameState, event: str, **data: Any) -> int:
    """Trigger every ability waiting for *event* (see the module doc); returns how many."""
    if event == "moves" and data.get("obj"):  # count moves per turn
        note_move(state, data["obj"])
    if event == "leaves" and LEAVE_WATCHERS:  # issue 24: e.g. control until it leaves
        for watcher in LEAVE_WATCHERS:
            watcher(state, data)
    found = 0
    may_grant = event in _GRANTED_EVENTS
    game = _game(state)
    heard = game.heard
    # replay-perf: no card of the game listens to the event (nor may be granted a keyword
    # ability that does): the scan of the board would find no source
    if heard is None or event in heard or (may_grant and _GRANT in heard):
        ctx: _GrantCtx | None = None
        cand: frozenset[str] | None  # the board objects to look at (None: all, see _Game.oids)
        if may_grant and (heard is None or _GRANT in heard):
            ctx = _grant_context(state)  # replay-perf: once per firing
            # replay-perf: an object whose card neither listens to the event nor may be
            # granted a keyword (info[1] empty: runes, spells, legends) is never a source
            cand = game.oids(event + _OR_GRANTABLE)
        else:
            cand = game.oids(event)
        objs = state.objects
        # issue 7: only sources whose card listens to the event (or may be granted a keyword)
        for oid, controller, card, info in _sources(state, data, event, ctx, cand, game):
            own = info[0].get(event, ())
            said = data
            text = effect_text(card) if own else _NO_TEXT
            if oid in objs and objs[oid].attached_to is not None:
                # 718.2, 721.2: an attached card's rules text is inactive; 718.3: its
                # Effect Text is the top-most unit's own ("me" is that unit, 136.2.c)
                top = objs.get(objs[oid].attached_to or "")
                own = tuple(x for x in own if x[0] in text)
                if not own or top is None:
                    continue
                said = {**data, "equipment": oid}
                oid, controller = top.oid, top.controller
            elif text:
                own = tuple(x for x in own if x[0] not in text)  # 136.2.b: inactive unattached
            granted: tuple[tuple[str, V.Triggered], ...] = ()
            if ctx is not None and info[1] and said is data:
                granted = _granted(state, oid, card, info, ctx)
            for index, ab in (*own, *granted):
                if ab.when.event != event:
                    continue
                who = _matches(state, ab.when, oid, controller, data)
                if who is None:
                    continue
                if ab.condition is not None and not effects.condition_holds(
                        state, who, oid, ab.condition, data):
                    continue
                # RUP4 808.1.d, 428.1.a.1.b: a trigger on its own death works as Deathknell
                # does; every "dies"/"me" trigger is fired so (only for a completed kill, so
                # none when the death was replaced, 808.1.d.1; facts noted first, 808.1.d.3)
                pending = state.extra.setdefault("triggers", [])
                for _ in range(1 + extra_deathknells(state, event, ab, card, who)):
                    pending.append({"id": state.next_id("tr"), "card": card, "source": oid,
                                    "ability": index, "controller": who, "event": dict(said)})
                    found += 1
        if data.get("worn"):  # 719.5: the dead unit's appended Effect Text (its last known)
            found += _worn_triggers(state, event, data)
    if state.extra.get("copied_text"):  # issue 24: Svellsongur, the wearer's text once more
        found += _copied_triggers(state, event, data)
    if state.extra.get("delayed"):
        found += _fire_delayed(state, event, data)
    if found and not any(e.get("kind") == "triggers" for e in state.queue[:1]):
        state.queue.insert(0, {"kind": "triggers"})
    return found


hooks.fire_event.provide(fire)


def _worn_triggers(state: GameState, event: str, data: dict[str, Any]) -> int:
    """Triggers of the Effect Text the unit *data["obj"]* had appended when it left the
    board (its Deathknell, 808, 719.5: the Equipment detached as it died): matched as
    the unit's own, the unit's last controller controlling them."""
    unit, who = data.get("obj"), data.get("player")
    found = 0
    for gear in data["worn"]:
        card = state.objects[gear].card if gear in state.objects else None
        text = effect_text(card) if card is not None else _NO_TEXT
        copied = (state.extra.get("copied_text") or {}).get(gear)
        if copied is not None and copied == unit and unit in state.objects:  # issue 24
            found += _copy_of(state, event, data, gear, unit, who)
        for index, ab in listeners(card) if text else ():
            if index not in text or ab.when.event != event or ab.when.subject != "me" or \
                    unit is None or _matches(state, ab.when, unit, who, data) is None:
                continue
            state.extra.setdefault("triggers", []).append({
                "id": state.next_id("tr"), "card": card, "source": unit, "ability": index,
                "controller": who, "event": {**data, "equipment": gear}})
            found += 1
    return found


def _copied_triggers(state: GameState, event: str, data: dict[str, Any]) -> int:
    """Triggers of the copies of their wearers' text in an Equipment's Effect Text (issue 24,
    Svellsongur: ``state.extra["copied_text"] = {gear: unit}``, RUP4 136.2 / 718.3): the
    wearer's own triggered abilities once more, while the gear is attached to it."""
    found = 0
    for gear, unit in list(state.extra["copied_text"].items()):
        obj, top = state.objects.get(gear), state.objects.get(unit)
        if obj is None or top is None or obj.attached_to != unit or \
                top.zone not in ("base", "battlefield"):
            continue
        found += _copy_of(state, event, data, gear, unit, top.controller)
    return found


def _copy_of(state: GameState, event: str, data: dict[str, Any], gear: str, unit: str,
             controller: str | None) -> int:
    """Put the copied triggered abilities of *unit* (worn *gear*) waiting for *event*."""
    found = 0
    card = state.objects[unit].card
    for index, ab in listeners(card):
        if ab.when.event != event:
            continue
        who = _matches(state, ab.when, unit, controller, data)
        if who is None or (ab.condition is not None and not effects.condition_holds(
                state, who, unit, ab.condition, data)):
            continue
        state.extra.setdefault("triggers", []).append({
            "id": state.next_id("tr"), "card": card, "source": unit, "ability": index,
            "controller": who, "event": {**data, "equipment": gear}})
        found += 1
    return found


#: "attacks"/"defends" subjects that listen to the per-unit firing
#: ("a friendly unit attacks"), the others to the per-side one ("you attack").
_PER_UNIT_SUBJECTS = frozenset({"me", "friendly_unit", "other_friendly_unit", "your_unit",
                                "other_your_unit", "enemy_unit"})  # enemy_unit:

#: subjects about one unit: "friendly" (the controller's or a teammate's, RUP4 489.8.e)
#: or "your" (the controller's own, 489.8.c)
_UNIT_SUBJECTS = frozenset({"friendly_unit", "other_friendly_unit", "your_unit",
                            "other_your_unit"})

#: events whose ``player`` is who did it, not the unit's controller ("readied" 415,
#: "buffed" 411.4): the cards say "when you ready/buff a ... unit"
_PERFORMER_EVENTS = frozenset({"readied", "buffed", "chosen"})  # chosen: who chose it


def _fire_delayed(state: GameState, event: str, data: dict[str, Any]) -> int:
    """delayed triggered abilities (390.2) scheduled this turn by
    vocab.Delay trigger once at their event, whether or not the source is still there (392)."""
    keep: list[dict[str, Any]] = []
    found = 0
    for d in state.extra["delayed"]:
        if d["turn"] != state.turn:
            continue  # "this turn" is over
        ab = effects.ability(d["card"], d["ability"])
        said = data
        if event in ("conquers", "holds") and "objects" in d:  # issue 24: the unit is there
            there = [o for o in d["objects"] if o in state.objects
                     and state.objects[o].location == data.get("battlefield")
                     and state.objects[o].controller == data.get("player")]
            said = {**data, "obj": there[0]} if there else data
        elif event == "end_of_turn" and d.get("objects"):  # issue 24: "... it at end of turn"
            said = {**data, "obj": d["objects"][0]}
        if ab.when.event != event or ("objects" in d and said.get("obj") not in d["objects"]):
            keep.append(d)
            continue
        if ab.condition is not None and not effects.condition_holds(
                state, d["controller"], d["source"], ab.condition, said):
            keep.append(d)  # mechanics helper: a delayed ability's condition (Rally the Troops)
            continue
        state.extra.setdefault("triggers", []).append({
            "id": state.next_id("tr"), "card": d["card"], "source": d["source"],
            "ability": d["ability"], "controller": d["controller"], "event": dict(said)})
        found += 1
        if d.get("every"):  # mechanics helper: an every-time delayed ability stays for the turn
            keep.append(d)
    if keep:
        state.extra["delayed"] = keep
    else:
        state.extra.pop("delayed", None)
    return found


def extra_deathknells(state: GameState, event: str, ab: V.Triggered, card: str, who: str) -> int:
    """how many more times a Deathknell (808) of *who* triggers: one per
    permanent *who* controls on the board whose encoding has :class:`vocab.ExtraDeathknell`
    (Karthus, Eternal; read as the Deathknell triggers, after the kill)."""
    if event != "dies" or ab.when.subject != "me" \
            or "Deathknell" not in card_facts(card).keyword_names:
        return 0
    extra = 0
    for lst in effects._board_lists(state):
        for oid in lst:
            obj = state.objects[oid]
            if obj.controller != who:
                continue
            enc = effects.encoding(obj.card)
            if enc is not None:  # each copy of its text too (issue 24, Svellsongur: 808.2)
                extra += sum(1 for a in copied_text.with_copies(state, oid, enc.abilities)
                             if isinstance(a, V.ExtraDeathknell))
    return extra


def note_move(state: GameState, oid: str) -> None:
    """how many times each object moved this turn, in
    ``state.extra["moves_this_turn"]`` = {"turn": n, "counts": {oid: k}} (vocab.MovedTimes)."""
    marks = state.extra.get("moves_this_turn")
    if not marks or marks.get("turn") != state.turn:
        marks = state.extra["moves_this_turn"] = {"turn": state.turn, "counts": {}}
    marks["counts"][oid] = marks["counts"].get(oid, 0) + 1


def fire_chosen(state: GameState, targets: Any, player: str, *, spell: bool,
                source: str | None = None) -> None:
    """issue 24: fire ``"chosen"`` once per permanent on the board that a spell or ability of
    *player* chose as a target as it was put on the chain (``spell``: by a spell; *source*:
    the ability's source), then tell :data:`CHOSEN_WATCHERS`."""
    lists = targets.values() if isinstance(targets, dict) else [targets]
    seen: list[str] = []
    for ids in lists:
        for oid in ids if isinstance(ids, list | tuple) else ():
            obj = state.objects.get(oid) if isinstance(oid, str) else None
            if obj is not None and oid not in seen and obj.zone in ("base", "battlefield"):
                seen.append(oid)
                fire(state, "chosen", obj=oid, player=player, spell=spell)
    if seen:
        for watcher in CHOSEN_WATCHERS:
            watcher(state, seen, player, spell, source)


#: issue 24: ``fn(state, event data)`` told of each object leaving the board (the event
#: "leaves"), before its triggers (riftlog.rules.interpreter.control_until_leaves)
LEAVE_WATCHERS: list[Any] = []
#: issue 24: ``fn(state, chosen oids, player, spell, source)`` told of each spell or ability
#: that chose permanents as it was put on the chain (riftlog.rules.interpreter.enemy_choices)
CHOSEN_WATCHERS: list[Any] = []
