"""A replay as a page shows it: each event's line, words and verdict, and the board at any
seq, for one viewer -- cut by :class:`riftlog.views.GameView`, the one redaction path.

:func:`log_entries` gives the game's events a viewer may see (a delayed spectator's lag
applied): the decision in notation, what it did in plain words, the turn, whether a judge's
rewind voided it, whether it is a judge's event, and its verdict as the viewer may see it
(the rule and the legal options of an illegal decision only for a judge or the player who
had them).  :func:`board_at` gives the state view at a seq with the Might of every unit on
the board and the facts of every card the view shows (name, type, cost, Might, tags,
keywords: no card text).  :func:`game_summary` is a game list's row.

They work on a :class:`ReplayIndex` (the game folded and judged once), which a caller
keeps while the game's head does not move.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from riftlog.cards import load_catalog
from riftlog.errors import RiftlogError
from riftlog.events import StoredEvent
from riftlog.events.payloads import GameCreated
from riftlog.narration import narrate
from riftlog.reducer import Folder, Position, Stop
from riftlog.replay import Report, Verdict, describe_result, replay_events, result_of
from riftlog.rules.board.state import GameState
from riftlog.screen import unit_mights
from riftlog.views import GameView, Viewer, visible_seq

__all__ = ["ReplayIndex", "board_at", "card_facts", "game_summary", "log_entries"]


class ReplayIndex:
    """One game judged (its verdicts) and folded once, with a copy of the state every
    *every* events so that the position at any seq is a short fold, and the judge's words
    for each event (the ones a judge's log shows) taken in the same fold.

    It answers what :class:`riftlog.step.Navigator` answers (``at``, ``view``,
    ``verdict``), keeping state copies instead of their JSON (a page's first visit
    waits for this).
    """

    def __init__(self, events: Iterable[StoredEvent], every: int = 20) -> None:
        self.events = list(events)
        if not self.events:
            raise RiftlogError("the game has no events")
        created = self.events[0].decoded()
        if not isinstance(created, GameCreated):
            raise RiftlogError("seq 1 of the game is not GameCreated")
        self.created = created
        self.report: Report = replay_events(self.events)
        self.every = every
        self._marks: dict[int, tuple[GameState | None, Stop | None]] = {}
        #: seq -> what the event did, in the judge's words
        self.judge_words: dict[int, str] = {}
        folder = Folder()
        for ev in self.events:
            folder.feed(ev)
            state = folder.state
            if state is not None:
                self.judge_words[ev.seq] = narrate(
                    state, self.report.verdicts[ev.seq - 1].game_actions, "judge")
            if ev.seq % every == 0 or ev.seq == 1:
                self._marks[ev.seq] = (state.clone() if state is not None else None,
                                       folder.stopped)
        self.over = folder.state is not None and folder.state.is_over()
        self._views: dict[str, GameView] = {}

    @property
    def last(self) -> int:
        return len(self.events)

    def view(self, viewer: Viewer) -> GameView:
        """The game as *viewer* sees it (the one redaction path; built once per viewer)."""
        key = str(viewer)
        if key not in self._views:
            self._views[key] = GameView(self.events, viewer, notation=True)
        return self._views[key]

    def verdict(self, seq: int) -> Verdict:
        return self.report.verdicts[seq - 1]

    def at(self, seq: int) -> Position:
        """The position after event *seq*, as the game stood then."""
        seq = max(1, min(seq, self.last))
        mark = max(s for s in self._marks if s <= seq)
        snap, stop = self._marks[mark]
        folder = Folder()
        if snap is None:
            for ev in self.events[:mark]:
                folder.feed(ev)
        else:
            folder.adopt(self.events[:mark], snap.clone())
            folder.stopped = stop
        for ev in self.events[mark:seq]:
            folder.feed(ev)
        return folder.position()


@functools.cache
def card_facts(card_id: str) -> dict[str, Any] | None:
    """The facts of a card a page may show on hover: name, type, cost, Might, tags and
    keywords (never its text); None for an id the catalog does not know."""
    try:
        card = load_catalog().get(card_id)
    except RiftlogError:
        return None
    return {"id": card.id, "name": card.name, "type": card.type, "supertype": card.supertype,
            "domains": list(card.domains), "energy": card.energy, "power": card.power,
            "might": card.might, "tags": list(card.tags), "keywords": list(card.keywords)}


def visible_limit(nav: ReplayIndex, viewer: Viewer) -> int:
    """The last seq *viewer* may see of the game (a delayed spectator lags behind)."""
    return visible_seq(viewer, nav.last, nav.last, nav.over)


def log_entries(nav: ReplayIndex, viewer: Viewer) -> list[dict[str, Any]]:
    """Every event *viewer* may see, in order, as a replay's event log shows it."""
    view = nav.view(viewer)
    limit = visible_limit(nav, viewer)
    judge = viewer.kind == "judge"  # the judge's words were taken as the game was folded
    folder = Folder()
    out: list[dict[str, Any]] = []
    for ev in nav.events[:limit]:
        verdict = nav.verdict(ev.seq)
        row = view.event(ev.seq, with_actions=False)
        if judge:
            words = nav.judge_words.get(ev.seq, "")
        else:
            folder.feed(ev)
            words = "" if folder.state is None else narrate(
                folder.state, verdict.game_actions, viewer.engine_name, view.aliases(ev.seq))
        out.append({"seq": ev.seq, "type": ev.type, "actor": row["actor"],
                    "category": verdict.category, "turn": verdict.turn,
                    "phase": verdict.phase, "notation": row.get("notation") or ev.type,
                    "words": words, "voided": bool(row.get("voided")),
                    "judge": verdict.category == "judge", "verdict": view.verdict(verdict)})
    return out


def board_at(nav: ReplayIndex, viewer: Viewer, seq: int) -> dict[str, Any]:
    """The state view after event *seq* for *viewer* (a delayed spectator's lag applied),
    with ``mights`` (the Might of each unit on the board, layers applied) and ``cards``
    (the facts of each card the view shows, by card id)."""
    if not 1 <= seq <= nav.last:
        raise RiftlogError(f"seq {seq} is not stored (seqs 1 to {nav.last})")
    seq = visible_seq(viewer, seq, nav.last, nav.over)
    pos = nav.at(seq)
    data = nav.view(viewer).state(pos)
    data["mights"] = unit_mights(pos.state, data)
    cards: dict[str, Any] = {}
    state = data.get("state")
    if state is not None:
        for obj in state["objects"].values():
            card = obj.get("card")
            if isinstance(card, str) and card not in cards:
                facts = card_facts(card)
                if facts is not None:
                    cards[card] = facts
    data["cards"] = cards
    return data


def game_summary(nav: ReplayIndex, viewer: Viewer) -> dict[str, Any]:
    """A game list's row of the game as *viewer* may see it: the players with their
    legends, the result in words at the last seq the viewer sees, and the seqs of the
    illegal events among them."""
    limit = visible_limit(nav, viewer)
    catalog = load_catalog()
    players = []
    for p in nav.created.players:
        legend = p.deck.legend
        players.append({"id": p.id, "name": p.name, "legend_id": legend,
                        "legend": catalog.get(legend).name if legend in catalog else legend})
    result = result_of(nav.at(limit)) if limit else {}
    illegal = [v.seq for v in nav.report.verdicts[:limit] if v.verdict == "illegal"]
    winner = result.get("winner")
    outcome = ("stopped" if result.get("stopped") else
               "over" if winner is not None or result.get("phase") == "over" else "unfinished")
    return {"players": players, "result": describe_result(result), "outcome": outcome,
            "winner": list(winner or []), "illegal": illegal, "seen_seq": limit}
