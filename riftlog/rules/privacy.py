"""What each viewer may see of a game state and of its game actions (v1.3 128).

Viewers: a player id, ``"spectator"`` and ``"public"`` (no hidden information at all),
``"judge"`` (everything).  Hidden are: deck orders and contents (secret, 108.4.d,
108.5.d), hands (private to the owner, 108.7.c; their size is public, 108.7.d), cards set
aside during a mulligan (private to the owner), facedown cards (private to their
controller, 128.4, 129.4).  A hidden zone list is replaced by ``{"count": n}`` and its
objects are left out.  Object ids follow deck-list order (``p2.m08``), so an id is itself
a fact about a card: what :func:`view` returns may still name hidden objects elsewhere
(``extra``, e.g. the turn each facedown card was hidden), and so may decisions and game
actions.  Views for people go through :class:`riftlog.views.GameView`, which names every
object its viewer may not see by an alias (:mod:`riftlog.redaction`).
"""

from __future__ import annotations

from typing import Any

from riftlog.rules.board import unknown_cards
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState

_ALL_SEEING = frozenset({"judge"})
_NOBODY = frozenset({"spectator", "public"})
_PLAYER_HIDDEN = ("hand", "setaside")
_SECRET = ("main_deck", "rune_deck")


def can_see(state: GameState, viewer: str, oid: str) -> bool:
    """Whether *viewer* may look at the face of object *oid* (128.3-128.5).

    In a paper or seat game nobody sees an object the record does not know (issue 21):
    its card is a placeholder, never shown as a fact."""
    if viewer in _ALL_SEEING:
        return not unknown_cards.is_unknown(state, oid)
    if unknown_cards.is_unknown(state, oid):
        return False
    obj = state.objects[oid]
    if obj.zone in _SECRET:
        return False
    if obj.zone in _PLAYER_HIDDEN:
        return viewer == obj.owner
    if obj.zone == "facedown" or obj.face_down:
        return viewer == obj.controller
    return True


def view(state: GameState, viewer: str) -> dict[str, Any]:
    """The state as JSON data, with what *viewer* may not see removed (128)."""
    data = state.to_json()
    unknown = unknown_cards.unknown(state)
    if viewer in _ALL_SEEING and not unknown:
        return data
    if viewer not in _NOBODY and viewer not in _ALL_SEEING and viewer not in state.players:
        raise ValueError(f"unknown viewer {viewer!r}: a player id, 'spectator', 'public' or 'judge'")
    hidden = {oid for oid in state.objects if not can_see(state, viewer, oid)}
    data["objects"] = {k: v for k, v in data["objects"].items() if k not in hidden}
    for pid, pdata in data["players"].items():
        for zone in _SECRET:
            if viewer not in _ALL_SEEING or unknown.intersection(pdata[zone]):
                pdata[zone] = _cut(pdata[zone], hidden)
        for zone in _PLAYER_HIDDEN:
            if viewer not in (pid, *_ALL_SEEING) or unknown.intersection(pdata[zone]):
                pdata[zone] = _cut(pdata[zone], hidden)
    for bf in data["battlefields"]:
        if viewer not in (bf.get("controller"), *_ALL_SEEING) or unknown.intersection(bf["facedown"]):
            bf["facedown"] = _cut(bf["facedown"], hidden)
    if viewer not in _ALL_SEEING:
        data["queue"] = [_redact_entry(e, viewer) for e in data["queue"]]
    data["extra"] = {k: v for k, v in data["extra"].items() if k != "answering"}
    return data


def _cut(oids: list[str], hidden: set[str]) -> dict[str, Any]:
    """A hidden zone list as a viewer sees it: its size and, in a paper or seat game, the
    cards of it the record knows and the viewer may see (issue 21)."""
    seen = [oid for oid in oids if oid not in hidden]
    return {"count": len(oids), "known": seen} if seen else {"count": len(oids)}


def _redact_entry(entry: dict[str, Any], viewer: str) -> dict[str, Any]:
    if entry.get("kind") != "await":
        return {"kind": entry.get("kind"), "player": entry.get("player")}
    out: dict[str, Any] = {k: entry[k] for k in ("kind", "request", "player", "decisions", "rule") if k in entry}
    if entry.get("player") == viewer and viewer is not None:
        out["options"] = entry.get("options", {})
    return out


def visible_action(action: GameAction, viewer: str) -> GameAction | None:
    """*action* as *viewer* may see it: whole, redacted (hidden facts dropped) or None.

    Public actions are whole for everybody; ``private:<pid>`` ones are whole for that
    player and the judge; ``secret`` ones only for the judge.  Redacted copies keep the
    kind, player, rule and the counts.
    """
    if viewer in _ALL_SEEING or action.visibility == "public":
        return action
    if action.visibility == f"private:{viewer}":
        return action
    keep = {k: v for k, v in action.details.items() if k in ("count", "zone", "deck", "battlefield")}
    return GameAction(action.kind, action.player, (), keep, action.visibility, action.rule,
                      action.responsible)


def visible_actions(actions: list[GameAction], viewer: str) -> list[GameAction]:
    """Every action of *actions* as *viewer* may see it."""
    out = []
    for a in actions:
        v = visible_action(a, viewer)
        if v is not None:
            out.append(v)
    return out
