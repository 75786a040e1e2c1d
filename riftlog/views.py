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

:class:`GameView` is the one redaction path every interface uses (``state``,
transcripts, exports, ``step``, the verdicts shown with them): it cuts states, events,
game actions and verdicts for one viewer, and names every object the viewer may not look
at by an alias (``hidden-N``, see :mod:`riftlog.redaction`), never by its object id.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from riftlog.errors import RecorderError
from riftlog.events import StoredEvent
from riftlog.events.payloads import GameCreated
from riftlog.events.registry import Payload
from riftlog.narration import describe_payload
from riftlog.redaction import HiddenAliases, alias_data, alias_key, alias_text
from riftlog.reducer import Folder, Position
from riftlog.replay import Verdict
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.privacy import view as engine_view
from riftlog.rules.privacy import visible_actions

__all__ = ["GameView", "Viewer", "parse_viewer", "redact_event", "state_view", "transcript",
           "visible_seq"]

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


def state_view(position: Position, viewer: Viewer,
               aliases: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The state of *position* as *viewer* may see it (JSON data), with ``seq`` added.

    Objects the viewer may not look at are named by *aliases* (hidden id -> alias); give
    the ones of :meth:`GameView.aliases` so they match the game's other views.  Without
    them, fresh aliases are drawn for this view alone (in a random order).
    """
    if position.state is None:
        return {"seq": position.seq, "state": None}
    if aliases is None:
        aliases = HiddenAliases(viewer.engine_name, secrets.token_bytes(32)).update(position.state)
    data = alias_data(engine_view(position.state, viewer.engine_name), aliases)
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
        elif ev.type == "CardsIdentified" and payload.get("how") == "looked_at" \
                and payload.get("player") != me:  # issue 21: what a seat saw is its own
            payload["cards"] = {"count": len(payload.get("cards", {}))}
        elif ev.type == "OutcomeCorrected":
            if types_by_seq is None or actors_by_seq is None:
                payload["value"] = "(hidden)"  # what it corrects is unknown here: hide it
            else:
                target = types_by_seq.get(int(payload.get("seq", 0)))
                owner = actors_by_seq.get(int(payload.get("seq", 0)))
                if target in _SECRET_EVENTS or (target == "MulliganChosen" and owner != me):
                    payload["value"] = "(hidden)"
    return {"seq": ev.seq, "type": ev.type, "actor": ev.actor, "payload": payload}


class GameView:
    """One game as one viewer may see it, at every seq: the one redaction path.

    Folds the game once, following which objects the viewer may not look at and their
    aliases (:class:`riftlog.redaction.HiddenAliases`).  :meth:`event` cuts an event and
    its game actions, :meth:`state` a state, :meth:`verdict` a verdict; all of them name
    hidden objects by alias.  An event names by alias the objects hidden from the viewer
    both before and after it (a card played from a hand appears under its id, as it is
    revealed by being played).
    """

    def __init__(self, events: Iterable[StoredEvent], viewer: Viewer, *,
                 notation: bool = False) -> None:
        self.events = list(events)
        self.viewer = viewer
        self.types = {ev.seq: ev.type for ev in self.events}
        self.actors = {ev.seq: ev.actor for ev in self.events}
        tracker = HiddenAliases(viewer.engine_name, alias_key(self.events))
        folder = Folder()
        self._before: dict[int, dict[str, str]] = {}
        self._after: dict[int, dict[str, str]] = {}
        self._actions: dict[int, list[GameAction]] = {}
        #: with *notation*: each event in words (a decision in notation, riftlog.narration),
        #: read in the state before it, naming by alias what the viewer may not see
        self.lines: dict[int, str] = {}
        for ev in self.events:
            self._before[ev.seq] = tracker.current
            later = None
            if notation:
                later = self._line_before(ev, folder.state, tracker.current)
            step = folder.feed(ev)
            self._after[ev.seq] = tracker.update(folder.state)
            self._actions[ev.seq] = step.actions
            if later is not None:
                state, payload = later
                shown = redact_event(ev, viewer, self.types, self.actors)["payload"]
                self.lines[ev.seq] = describe_payload(state, payload, viewer.engine_name,
                                                      self.event_aliases(ev.seq), shown)
        self.line = folder.line
        self.over = folder.state is not None and folder.state.is_over()
        self.last = self.events[-1].seq if self.events else 0

    def _line_before(self, ev: StoredEvent, state: GameState | None,
                     hidden: Mapping[str, str]) -> tuple[GameState | None, Payload] | None:
        """The line of *ev* now, when the state before it is enough; else (the event names
        an object hidden from the viewer before it, which it may reveal) a copy of that
        state and the payload, for the line to be written once the aliases after it are
        known."""
        payload = ev.decoded()
        if hidden and _names_any(ev.payload, hidden) and state is not None:
            return state.clone(), payload
        judge = self.viewer.kind == "judge"
        shown = None if judge else redact_event(ev, self.viewer, self.types, self.actors)["payload"]
        self.lines[ev.seq] = describe_payload(state, payload, self.viewer.engine_name,
                                              None if judge else hidden, shown)
        return None

    def aliases(self, seq: int) -> dict[str, str]:
        """The aliases in force after event *seq* (hidden object id -> alias)."""
        if seq not in self._after:
            raise RecorderError(f"seq {seq} is not an event of this view of the game")
        return self._after[seq]

    def event_aliases(self, seq: int) -> dict[str, str]:
        """The aliases an event names: the objects hidden before and after it."""
        before, after = self._before.get(seq, {}), self._after.get(seq, {})
        if before is after:
            return after
        return {oid: a for oid, a in before.items() if after.get(oid) == a}

    def limit(self, upto: int | None = None) -> int:
        """The last seq the viewer may see when asking for *upto* (default: the last)."""
        return visible_seq(self.viewer, upto if upto is not None else self.last, self.last, self.over)

    def event(self, seq: int, with_actions: bool = True) -> dict[str, Any]:
        """Event *seq* as the viewer may see it (and the game actions it caused)."""
        ev = self.events[seq - 1]
        row = redact_event(ev, self.viewer, self.types, self.actors)
        if seq in self.lines:
            row["notation"] = self.lines[seq]
        if ev.seq not in self.line:
            row["voided"] = True
        if with_actions:
            row["actions"] = [a.to_json() for a in visible_actions(self._actions[seq],
                                                                   self.viewer.engine_name)]
        return alias_data(row, self.event_aliases(seq))  # type: ignore[no-any-return]

    def state(self, position: Position) -> dict[str, Any]:
        """The state of *position* (of this game) as the viewer may see it (a seq this
        view has not folded gets aliases of its own, still naming no hidden id)."""
        return state_view(position, self.viewer, self._after.get(position.seq))

    def text(self, seq: int, text: str) -> str:
        """*text* about event *seq* with hidden object ids replaced by their aliases."""
        return alias_text(text, self.event_aliases(seq))

    def verdict(self, verdict: Verdict) -> dict[str, Any]:
        """What the viewer may see of a verdict: the verdict, the rules cited and what the
        game awaited (public, as in the state's queue); the reasons and notes only for a
        judge; the legal options only for a judge or the player who
        had them (each with hidden ids aliased)."""
        judge = self.viewer.kind == "judge"
        out: dict[str, Any] = {"seq": verdict.seq, "verdict": verdict.verdict,
                               "rules": list(verdict.rules), "awaited": verdict.awaited}
        if judge:
            out["reasons"] = list(verdict.reasons)
            out["notes"] = list(verdict.notes)
        out["options"] = [o for o in verdict.options if judge or self._own_option(o)]
        if judge and verdict.decision:  # the judge's words; a viewer reads the event's line
            out["decision"] = verdict.decision
        out["voided_by"] = verdict.voided_by
        out["corrected_by"] = verdict.corrected_by
        return alias_data(out, self.event_aliases(verdict.seq))  # type: ignore[no-any-return]

    def _own_option(self, option: str) -> bool:
        if self.viewer.player is not None and option.startswith(f"{self.viewer.player}: "):
            return True  # a legal option in notation (riftlog.reducer_fold.legal_options)
        try:
            data = json.loads(option)
        except ValueError:
            return False
        return isinstance(data, dict) and self.viewer.player is not None \
            and data.get("player") == self.viewer.player

    def rows(self, upto: int | None = None, with_actions: bool = True) -> list[dict[str, Any]]:
        """Every event the viewer may see up to *upto* (see :meth:`event`)."""
        return [self.event(seq, with_actions) for seq in range(1, self.limit(upto) + 1)]


def _names_any(data: Any, ids: Mapping[str, str]) -> bool:
    """Whether JSON *data* holds any of *ids* (as a value or a key)."""
    if isinstance(data, str):
        return data in ids
    if isinstance(data, dict):
        return any(k in ids or _names_any(v, ids) for k, v in data.items())
    if isinstance(data, list | tuple):
        return any(_names_any(v, ids) for v in data)
    return False


def transcript(events: Iterable[StoredEvent], viewer: Viewer, *, upto: int | None = None,
               with_actions: bool = True) -> list[dict[str, Any]]:
    """The game's events (and, with *with_actions*, the game actions each caused) as
    *viewer* may see them, up to seq *upto* (a delayed spectator's lag applied)."""
    return GameView(events, viewer, notation=True).rows(upto, with_actions)
