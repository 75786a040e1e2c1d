"""A replay as a page shows it: each event's line, words and verdict, and the board at any
seq, for one viewer -- cut by :class:`riftlog.views.GameView`, the one redaction path.

:func:`log_entries` gives the game's events a viewer may see (a delayed spectator's lag
applied): the decision in notation, what it did in plain words, the turn, whether a judge's
rewind voided it, whether it is a judge's event, and its verdict as the viewer may see it
(the rule and the legal options of an illegal decision only for a judge or the player who
had them).  :func:`board_at` gives the state view at a seq with the Might of every unit on
the board and the facts of every card the view shows (name, type, cost, Might, tags,
keywords: no card text).  :func:`game_summary` is a game list's row.

They work on a :class:`riftlog.step.Navigator` (the game folded and judged once), which a
caller keeps while the game's head does not move.
"""

from __future__ import annotations

import functools
from typing import Any

from riftlog.cards import load_catalog
from riftlog.errors import RiftlogError
from riftlog.narration import narrate
from riftlog.reducer import Folder
from riftlog.replay import describe_result, result_of
from riftlog.screen import unit_mights
from riftlog.step import Navigator
from riftlog.views import Viewer, visible_seq

__all__ = ["board_at", "card_facts", "game_summary", "log_entries"]


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


def visible_limit(nav: Navigator, viewer: Viewer) -> int:
    """The last seq *viewer* may see of the game (a delayed spectator lags behind)."""
    return visible_seq(viewer, nav.last, nav.last, nav.over)


def log_entries(nav: Navigator, viewer: Viewer) -> list[dict[str, Any]]:
    """Every event *viewer* may see, in order, as a replay's event log shows it."""
    view = nav.view(viewer)
    limit = visible_limit(nav, viewer)
    folder = Folder()
    out: list[dict[str, Any]] = []
    for ev in nav.events[:limit]:
        folder.feed(ev)
        verdict = nav.verdict(ev.seq)
        row = view.event(ev.seq, with_actions=False)
        words = ""
        if folder.state is not None:
            words = narrate(folder.state, verdict.game_actions, viewer.engine_name,
                            view.aliases(ev.seq))
        out.append({"seq": ev.seq, "type": ev.type, "actor": row["actor"],
                    "category": verdict.category, "turn": verdict.turn,
                    "phase": verdict.phase, "notation": row.get("notation") or ev.type,
                    "words": words, "voided": bool(row.get("voided")),
                    "judge": verdict.category == "judge", "verdict": view.verdict(verdict)})
    return out


def board_at(nav: Navigator, viewer: Viewer, seq: int) -> dict[str, Any]:
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


def game_summary(nav: Navigator, viewer: Viewer) -> dict[str, Any]:
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
