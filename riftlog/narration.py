"""Events in words: a line for any event (:func:`describe_payload`: a decision in notation,
cut for its viewer) and what it did (:func:`narrate`: "Mystic Poro died; p2 conquered bf2,
+1 point").

:func:`narrate` turns the game actions one event caused (cut for a viewer first, see
:func:`riftlog.rules.privacy.visible_actions`) into one short line for people: the step
viewer and the interactive recorder print it under each event's notation.  Bookkeeping
actions (exhausting runes to pay, adding to the pool, passes) are left out; a card a
viewer may not see is "a card".
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from riftlog import plural
from riftlog.errors import RiftlogError
from riftlog.events.abilities import CardHidden, ChoiceMade
from riftlog.events.decisions import (
    BattlefieldSelected,
    CardsIdentified,
    Decision,
    DeckOrderRecorded,
    FirstPlayerChosen,
    MulliganChosen,
)
from riftlog.events.payloads import GameCreated
from riftlog.events.registry import Payload
from riftlog.notation import DECISION_VERBS, card_name, format_decision, place_name
from riftlog.redaction import alias_text
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.privacy import visible_actions

__all__ = ["describe_payload", "narrate"]


def _name(state: GameState, oid: str, details: dict[str, Any] | None = None) -> str:
    obj = state.objects.get(oid)
    if obj is not None:
        return card_name(obj.card)
    card = (details or {}).get("card")
    return card_name(card) if isinstance(card, str) else "a card"


def _place(state: GameState, where: Any) -> str:
    if isinstance(where, list):
        where = where[0] if where else ""
    if not isinstance(where, str):
        return "?"
    if where.startswith("base:"):
        return f"{where[5:]}'s base"
    text = place_name(state, where)
    return text[1:] if text.startswith("#") else text


def _names(state: GameState, a: GameAction) -> str:
    names = [_name(state, o, a.details) for o in a.objects]
    return ", ".join(names) if names else "a card"


def _one(state: GameState, a: GameAction) -> str | None:
    d = a.details
    k = a.kind
    who = a.player or "the game"
    if k == "kill":
        return f"{_names(state, a)} died"
    if k == "score":
        return f"{who} {'conquered' if d.get('how') == 'conquer' else 'held'} " \
               f"{_place(state, a.objects[0] if a.objects else '')}"
    if k == "gain_points":
        n = d.get("points", 1)
        return f"+{n} point{'' if n == 1 else 's'} ({who}: {d.get('total')})"
    if k == "play":
        to = d.get("to")
        where = "" if to in (None, "chain") else f" to {_place(state, to)}"
        return f"{who} played {_names(state, a)}{where}"
    if k == "move":
        return f"{_names(state, a)} moved to {_place(state, d.get('to'))}"
    if k == "recall":
        return f"{_names(state, a)} recalled to {_place(state, d.get('to'))}"
    if k == "deal":
        return f"{_names(state, a)} took {d.get('amount')} damage"
    if k == "draw":
        n = d.get("count", len(a.objects))
        return f"{who} drew {_names(state, a) if a.objects else plural(n, 'card')}"
    if k == "channel":
        return f"{who} channeled {len(a.objects)} rune{'' if len(a.objects) == 1 else 's'}"
    if k == "combat_result":
        return f"{d.get('winner') or 'nobody'} won the combat at {_place(state, a.objects[0])}" \
            if d.get("winner") else f"combat at {_place(state, a.objects[0])}: {d.get('result')}"
    if k == "control":
        return f"{who} took control of {_place(state, a.objects[0])}"
    if k == "lose_control":
        return f"{_place(state, a.objects[0])} is uncontrolled"
    if k == "unit_control_taken":  # issue 24: Hostile Takeover (RUP4 191)
        return f"{who} took control of {_names(state, a)}"
    if k == "unit_control_returned":
        return f"{who} lost control of {_names(state, a)}"
    if k == "showdown_begins":
        return f"{'combat' if d.get('combat') else 'showdown'} at {_place(state, a.objects[0])}"
    if k == "combat_begins":
        return f"{d.get('attacker')} attacks {d.get('defender')} at {_place(state, a.objects[0])}"
    if k in ("stun", "buff", "discard", "create", "trash", "banish"):
        past = {"stun": "stunned", "buff": "buffed", "discard": "discarded", "create": "created",
                "trash": "put in the trash", "banish": "banished"}[k]
        return f"{_names(state, a)} {past}"
    if k == "hide":
        return f"{who} hid {_names(state, a) if a.objects else 'a card'} at " \
               f"{_place(state, d.get('battlefield'))}"
    if k == "resolve":
        return f"{_names(state, a)} resolved"
    if k == "trigger":
        return f"{_names(state, a)} triggered"
    if k == "activate":  # issue 24: the copy an Equipment carries (Svellsongur)
        gear = state.objects.get(str(d.get("equipment")))
        via = f" (the copy on {card_name(gear.card)})" if gear is not None else ""
        return f"{who} activated {_names(state, a)}{via}"
    if k == "mulligan":
        return f"{who} set aside {plural(d.get('count', 0), 'card')}"
    if k == "turn_start":
        return f"turn {d.get('turn')}: {who}"
    if k == "game_over":
        return f"game over: {', '.join(d.get('winners') or []) or 'nobody'} won ({d.get('reason')})"
    if k == "give_might":
        return f"{_names(state, a)} {d.get('might'):+} Might"
    if k == "first_player":
        return f"{who} goes first"
    return None


def narrate(state: GameState, actions: Sequence[GameAction], viewer: str = "judge",
            hidden: Mapping[str, str] | None = None) -> str:
    """The actions *viewer* may see, in words (``""`` when nothing worth saying happened).

    An object of *hidden* (the ones the viewer may not see after the event, by alias) is
    "a card", whatever the full *state* knows of it."""
    parts: list[str] = []
    for a in visible_actions(list(actions), viewer):
        if hidden and any(o in hidden for o in a.objects):
            a = GameAction(a.kind, a.player, tuple(hidden.get(o, o) for o in a.objects),
                           {k: v for k, v in a.details.items() if k != "card"}, a.visibility,
                           a.rule, a.responsible)
        text = _one(state, a)
        if text is None:
            continue
        if a.kind == "gain_points" and parts and (" conquered " in parts[-1]
                                                  or " held " in parts[-1]):
            n = a.details.get("points", 1)
            parts[-1] += f", +{n} point{'' if n == 1 else 's'}"
            continue
        if not parts or parts[-1] != text:
            parts.append(text)
    return "; ".join(parts)


def describe_payload(state: GameState | None, p: Payload, viewer: str | None = None,
                     aliases: Mapping[str, str] | None = None,
                     shown: Mapping[str, Any] | None = None) -> str:
    """A line for any event payload: a decision in notation (with its player), a random
    outcome or another event in words.  For a *viewer* (an engine viewer name) other than
    the judge and the deciding player, the cards a mulligan sets aside and a hidden card
    are not named.  With *aliases* (hidden object id -> alias, as
    :class:`riftlog.views.GameView` gives them for the viewer) the objects the viewer may
    not see appear as their aliases, never by name or id.  *shown* is the payload as the
    viewer may see it (:func:`riftlog.views.redact_event`): the words of an event that is
    not a decision come from it, so a value hidden there (a corrected deck order) stays
    hidden."""
    line = _describe(state, p, viewer, aliases, shown)
    return alias_text(line, aliases) if aliases else line


def _describe(state: GameState | None, p: Payload, viewer: str | None,
              aliases: Mapping[str, str] | None, shown: Mapping[str, Any] | None) -> str:
    who = getattr(p, "player", None)
    secret = viewer not in (None, "judge") and viewer != who
    if secret and isinstance(p, MulliganChosen):
        return f"{who}: mulligan {len(p.set_aside)} card{'' if len(p.set_aside) == 1 else 's'}"
    if secret and isinstance(p, CardHidden) and state is not None:
        return f"{who}: hide a card @ {place_name(state, p.battlefield)}"
    if secret and isinstance(p, ChoiceMade) and state is not None:
        hidden = [o for o in _oids_in(p.choice) if _is_hidden(state, o)]
        if hidden:  # e.g. cards looked at on top of a deck: their names are not for this viewer
            n = len(hidden)
            return f"{who}: choose ({n} card{'' if n == 1 else 's'} hidden from this view)"
    if state is not None and p.type in DECISION_VERBS:
        try:
            return format_decision(state, p, with_player=True, aliases=aliases)
        except (RiftlogError, KeyError, AttributeError):
            pass
    if isinstance(p, GameCreated):
        seats = ", ".join(f"{s.id} {s.name}" for s in p.players)
        info = "" if p.information == "full" else f", {p.information_label()} information"
        return f"game created: {p.mode} under {p.rules_edition}{info}: {seats}"
    if isinstance(p, FirstPlayerChosen):
        return f"{p.player} goes first"
    if isinstance(p, BattlefieldSelected):
        where = card_name(state.objects[p.battlefield].card) if state is not None \
            and p.battlefield in state.objects else p.battlefield
        return f"{p.player} selects the battlefield {where}"
    if isinstance(p, DeckOrderRecorded):
        return f"{p.player}'s {p.deck} deck is shuffled ({len(p.order)} cards)"
    if isinstance(p, CardsIdentified):  # issue 21: what a paper record learns
        how = p.how.replace("_", " ")
        if p.how == "looked_at" and secret:
            return f"{p.player}'s cards looked at: {len(p.cards)} (hidden from this view)"
        named = ", ".join(f"{oid} is {card_name(card)}" for oid, card in p.cards.items())
        return f"{p.player}'s hidden cards named ({how}): {named}"
    data = {k: v for k, v in (p.model_dump(mode="json") if shown is None else shown).items()
            if k != "type" and v not in (None, [], {}, False)}
    words = re.sub(r"(?<!^)(?=[A-Z])", " ", p.type).lower()
    if isinstance(p, Decision) and hasattr(p, "player"):
        return f"{p.player}: {words}"
    bits = "; ".join(f"{k} {v}" for k, v in data.items() if isinstance(v, str | int | bool))
    return f"{words}" + (f": {bits}" if bits else "")


_HIDDEN_ZONES = frozenset({"hand", "main_deck", "rune_deck", "setaside", "battlefield_aside"})


def _oids_in(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [o for v in value.values() for o in _oids_in(v)]
    if isinstance(value, list | tuple):
        return [o for v in value for o in _oids_in(v)]
    return []


def _is_hidden(state: GameState, oid: str) -> bool:
    obj = state.objects.get(oid)
    return obj is not None and (obj.zone in _HIDDEN_ZONES or obj.face_down)
