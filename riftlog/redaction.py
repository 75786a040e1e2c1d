"""Identities of hidden cards: the aliases a viewer sees instead of object ids (v1.3 128).

Object ids follow deck-list order (``p2.m08`` is the eighth card of p2's list), and are
the same in every game played with that list.  An id is therefore itself a fact about
the card: a viewer who knows the list (after game 1 of a match, say) learns what a
face-down card or a card in an opponent's hand is from its id alone.  So every view cut
for a viewer (:mod:`riftlog.views`) names an object the viewer may not look at
(:func:`riftlog.rules.privacy.can_see`) by an alias, ``hidden-N``, never by its id:

* an object gets a fresh alias when it becomes hidden from the viewer, and keeps it while
  it stays hidden; once the viewer may see it again, its real id appears again (and the
  next time it is hidden, it gets a new alias);
* aliases are numbered by when the object became hidden (a public fact: the viewer saw
  it happen), and among objects that became hidden at the same seq (every deck card at
  seq 1) in the order of a keyed hash of their ids; the key is drawn from the game's
  first deck orders, which nobody but a judge sees, so the numbers say nothing of the
  deck-list positions;
* wherever a view holds several aliases in one list or as the keys of one dict, they are
  put in alias order, so no order in the view follows the ids either.

:class:`HiddenAliases` follows one viewer through a game; :func:`alias_data` and
:func:`alias_text` rename hidden ids in JSON data and in text.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from riftlog.events import StoredEvent
from riftlog.rules.board.state import GameState
from riftlog.rules.privacy import can_see

__all__ = ["ALIAS_PREFIX", "HiddenAliases", "alias_data", "alias_key", "alias_text", "hidden_ids"]

#: What every alias starts with (``hidden-12``).
ALIAS_PREFIX = "hidden-"

# anything shaped like an object id (``p2.m08``, ``p1.champ``) inside a text
_ID_IN_TEXT = re.compile(r"[A-Za-z0-9_-]+\.[A-Za-z]+[0-9]*")


def alias_key(events: Iterable[StoredEvent]) -> bytes:
    """The key that orders aliases of objects hidden at the same seq.

    Made from the deck orders recorded in the setup (else the first ones recorded later),
    secret to every viewer but a judge (v1.3 108.4.d, 108.5.d), so the order of aliases
    says nothing of the ids.
    """
    digest = hashlib.sha256(b"riftlog hidden-card aliases")
    orders = 0
    for ev in events:
        if ev.type not in _SETUP_EVENTS and orders:
            break
        if ev.type == "DeckOrderRecorded":
            digest.update(json.dumps(ev.payload, sort_keys=True).encode("utf-8"))
            orders += 1
    return digest.digest()


# the events of a game's setup, before the first decision of a player (v1.3 115-117)
_SETUP_EVENTS = frozenset({"GameCreated", "DeckOrderRecorded", "FirstPlayerChosen",
                           "BattlefieldSelected"})


def hidden_ids(state: GameState, viewer: str) -> frozenset[str]:
    """The objects of *state* whose face *viewer* may not see (engine viewer name)."""
    if viewer == "judge":
        return frozenset()
    return frozenset(oid for oid in state.objects if not can_see(state, viewer, oid))


class HiddenAliases:
    """One viewer's aliases of hidden objects, followed seq by seq through a game."""

    def __init__(self, viewer: str, key: bytes) -> None:
        self.viewer = viewer
        self.key = key
        self.count = 0
        #: the current aliases: hidden object id -> alias
        self.current: dict[str, str] = {}

    def _order(self, oid: str) -> bytes:
        return hashlib.sha256(self.key + oid.encode("utf-8")).digest()

    def update(self, state: GameState | None) -> dict[str, str]:
        """Follow the viewer to *state* (the state after the next seq); returns the aliases
        then in force (a new dict when anything changed, else the same one)."""
        if state is None or self.viewer == "judge":
            return self.current
        hidden = hidden_ids(state, self.viewer)
        known = self.current.keys()
        if hidden == known:
            return self.current
        kept = {oid: a for oid, a in self.current.items() if oid in hidden}
        for oid in sorted(hidden - known, key=self._order):
            self.count += 1
            kept[oid] = f"{ALIAS_PREFIX}{self.count}"
        self.current = kept
        return kept


def _alias_number(alias: str) -> int:
    return int(alias[len(ALIAS_PREFIX):])


def alias_text(text: str, aliases: Mapping[str, str]) -> str:
    """*text* with every hidden object id in it replaced by its alias."""
    if not aliases or "." not in text:
        return text
    hit = aliases.get(text)
    if hit is not None:
        return hit
    return _ID_IN_TEXT.sub(lambda m: aliases.get(m.group(0), m.group(0)), text)


def alias_data(data: Any, aliases: Mapping[str, str]) -> Any:
    """A copy of JSON *data* with hidden object ids replaced by their aliases (in values,
    dict keys and texts), and aliases that share a list or a dict put in alias order."""
    if not aliases:
        return data
    made = set(aliases.values())
    return _walk(data, aliases, made)


def _walk(data: Any, aliases: Mapping[str, str], made: set[str]) -> Any:
    kind = type(data)
    if kind is str:
        return alias_text(data, aliases) if "." in data else data
    if kind is dict:
        items = [(alias_text(k, aliases) if type(k) is str and "." in k else k,
                  v if type(v) in _SCALARS else _walk(v, aliases, made))
                 for k, v in data.items()]
        slots = [i for i, (k, _) in enumerate(items) if k in made]
        if len(slots) > 1:
            ordered = sorted((items[i] for i in slots), key=lambda kv: _alias_number(kv[0]))
            for i, kv in zip(slots, ordered, strict=True):
                items[i] = kv
        return dict(items)
    if kind is list or kind is tuple:
        out: list[Any] = [v if type(v) in _SCALARS else _walk(v, aliases, made) for v in data]
        slots = [i for i, v in enumerate(out) if type(v) is str and v in made]
        if len(slots) > 1:
            names = sorted((str(out[i]) for i in slots), key=_alias_number)
            for i, v in zip(slots, names, strict=True):
                out[i] = v
        return out
    return data


_SCALARS = frozenset({int, float, bool, type(None)})
