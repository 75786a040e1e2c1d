"""Views: every state and transcript cut for who is looking (v1.3 128).

Viewers (:func:`parse_viewer`):

* a player id (``p1``): their own hand and mulligan, everything public;
* ``opponent:p1``: the view of p1's (first) opponent;
* ``spectator`` or ``spectator:N``: nothing hidden, optionally N events behind the game;
* ``judge``: everything;
* ``public``: the game as spectators saw it, plus the deck lists, and only once it is over.

States are cut by the engine (:func:`riftlog.rules.privacy.view`); events and the game
actions they caused are cut here.  Hidden in events: deck lists (the owner's own only),
deck orders after shuffles (secret even to the owner), the cards set aside in a mulligan
(the owner's), and a correction's value when it is about one of those.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from riftlog.errors import RecorderError
from riftlog.events import StoredEvent
from riftlog.events.payloads import GameCreated
from riftlog.narration import describe_payload
from riftlog.reducer import Folder, Position
from riftlog.rules.board.core import GameAction
from riftlog.rules.privacy import view as engine_view
from riftlog.rules.privacy import visible_actions

__all__ = ["Viewer", "parse_viewer", "redact_event", "state_view", "transcript"]

_SECRET_EVENTS = frozenset({"DeckOrderRecorded"})


@dataclass(frozen=True)
class Viewer:
    """Who is looking: ``kind`` is player, spectator, judge or public."""

    kind: str
    player: str | None = None
    delay: int = 0

    @property
    def engine_name(self) -> str:
        """The viewer name :func:`riftlog.rules.privacy.view` understands."""
        return self.player if self.kind == "player" and self.player else self.kind

    def __str__(self) -> str:
        if self.kind == "player":
            return str(self.player)
        return f"spectator:{self.delay}" if self.kind == "spectator" and self.delay else self.kind


def parse_viewer(text: str, created: GameCreated) -> Viewer:
    """A viewer from text (see the module docstring); player ids are checked."""
    ids = [p.id for p in created.players]
    name, _, arg = text.partition(":")
    if name == "judge" and not arg:
        return Viewer("judge")
    if name == "public" and not arg:
        return Viewer("public")
    if name == "spectator":
        if arg and not arg.isdigit():
            raise RecorderError(f"viewer {text!r}: the spectator delay must be a number of events")
        return Viewer("spectator", delay=int(arg or 0))
    if name == "opponent" and arg in ids:
        me = next(p for p in created.players if p.id == arg)
        opp = next((p.id for p in created.players if p.id != arg
                    and (me.team is None or p.team != me.team)), None)
        if opp is None:
            raise RecorderError(f"viewer {text!r}: {arg} has no opponent")
        return Viewer("player", opp)
    if text in ids:
        return Viewer("player", text)
    raise RecorderError(f"unknown viewer {text!r}: one of {', '.join(ids)}, opponent:<player>, "
                        "spectator[:N], judge, public")


def visible_seq(viewer: Viewer, seq: int, last_seq: int, over: bool) -> int:
    """The seq *viewer* may see when asking for *seq* (a delayed spectator lags behind)."""
    if viewer.kind == "public" and not over:
        raise RecorderError("the public view is only available once the game is over")
    if viewer.kind == "spectator" and viewer.delay:
        return max(1, min(seq, last_seq - viewer.delay))
    return seq


def state_view(position: Position, viewer: Viewer) -> dict[str, Any]:
    """The state of *position* as *viewer* may see it (JSON data), with ``seq`` added."""
    if position.state is None:
        return {"seq": position.seq, "state": None}
    data = engine_view(position.state, viewer.engine_name)
    out: dict[str, Any] = {"seq": position.seq, "viewer": str(viewer), "state": data}
    if position.stopped is not None:
        out["stopped"] = position.stopped.to_json()
    out["voided"] = position.voided
    return out


def _deck_redacted(deck: dict[str, Any]) -> dict[str, Any]:
    return {"legend": deck["legend"], "champion": deck["champion"],
            "main": {"count": len(deck["main"])}, "runes": {"count": len(deck["runes"])},
            "battlefields": {"count": len(deck["battlefields"])}}


def redact_event(ev: StoredEvent, viewer: Viewer, types_by_seq: dict[int, str] | None = None,
                 actors_by_seq: dict[int, str | None] | None = None) -> dict[str, Any]:
    """The event as *viewer* may see it: seq, type, actor and the (cut) payload."""
    payload = dict(ev.payload)
    judge = viewer.kind == "judge"
    me = viewer.player
    if not judge:
        if ev.type == "GameCreated" and viewer.kind != "public":
            payload["players"] = [
                p if p.get("id") == me else {**p, "deck": _deck_redacted(p["deck"])}
                for p in payload.get("players", [])
            ]
        elif ev.type in _SECRET_EVENTS and "order" in payload:
            payload["order"] = {"count": len(payload["order"])}
        elif ev.type == "MulliganChosen" and payload.get("player") != me:
            payload["set_aside"] = {"count": len(payload.get("set_aside", []))}
        elif ev.type == "OutcomeCorrected":
            target = (types_by_seq or {}).get(int(payload.get("seq", 0)))
            owner = (actors_by_seq or {}).get(int(payload.get("seq", 0)))
            if target in _SECRET_EVENTS or (target == "MulliganChosen" and owner != me):
                payload["value"] = "(hidden)"
    return {"seq": ev.seq, "type": ev.type, "actor": ev.actor, "payload": payload}


def _action_json(action: GameAction) -> dict[str, Any]:
    return action.to_json()


def transcript(events: Iterable[StoredEvent], viewer: Viewer, *, upto: int | None = None,
               with_actions: bool = True) -> list[dict[str, Any]]:
    """The game's events (and, with *with_actions*, the game actions each caused) as
    *viewer* may see them, up to seq *upto* (a delayed spectator's lag applied)."""
    evs = list(events)
    last = evs[-1].seq if evs else 0
    folder = Folder()
    rows: list[tuple[StoredEvent, list[GameAction]]] = []
    lines: dict[int, str] = {}  # each event in notation, read in the state before it
    for ev in evs:
        lines[ev.seq] = describe_payload(folder.state, ev.decoded(), viewer.engine_name)
        step = folder.feed(ev)
        rows.append((ev, step.actions))
    over = folder.state is not None and folder.state.is_over()
    limit = visible_seq(viewer, upto if upto is not None else last, last, over)
    types = {ev.seq: ev.type for ev in evs}
    actors = {ev.seq: ev.actor for ev in evs}
    out = []
    for ev, actions in rows:
        if ev.seq > limit:
            break
        row = redact_event(ev, viewer, types, actors)
        row["notation"] = lines[ev.seq]
        if ev.seq not in folder.line:
            row["voided"] = True
        if with_actions:
            row["actions"] = [_action_json(a) for a in visible_actions(actions, viewer.engine_name)]
        out.append(row)
    return out
