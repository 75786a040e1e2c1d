"""The step-through viewer: the board at any seq, for any viewer, with each event's verdict.

:class:`Navigator` folds the game once (judging it, for the verdicts) and keeps
checkpoints, so moving to any seq is a short fold.  :func:`render_board` draws a state
view (already cut for the viewer, see :mod:`riftlog.views`) with rich: battlefields with
their units, control and contested state, bases, hands, rune pools, points and the chain.
:func:`screen` is what the viewer shows at a seq (issue 20): one 80x24 plain-text screen
(:mod:`riftlog.screen`) with the event in notation and what it did in words, redrawn in
place on a terminal.  :func:`run` is the interactive loop; it reads one command per line so
a test (or a pipe) can script it::

    n / p        next / previous event         N / P    next / previous turn
    g SEQ        go to seq                      v WHO    switch viewer (p1, spectator:3, judge ...)
    s            the verdict of this event, in full          h   help       q   quit
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import IO, Any

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from riftlog.errors import RiftlogError
from riftlog.events import StoredEvent
from riftlog.events.payloads import GameCreated
from riftlog.narration import narrate
from riftlog.notation import card_name
from riftlog.reducer import Folder, Position, Stop
from riftlog.replay import Report, Verdict, replay_events
from riftlog.screen import HEIGHT, screen_lines, unit_mights
from riftlog.views import GameView, Viewer, parse_viewer, visible_seq

__all__ = ["HELP", "Navigator", "event_lines", "render_board", "render_event", "run", "screen"]

HELP = ("n/p next/previous event · N/P next/previous turn · g SEQ go to seq · "
        "v WHO viewer (p1, opponent:p1, spectator[:N], judge, public) · s verdict · q quit")


class Navigator:
    """Positions of one game at any seq, from checkpoints of one judged fold."""

    def __init__(self, events: Iterable[StoredEvent], every: int = 20) -> None:
        self.events = list(events)
        if not self.events:
            raise RiftlogError("the game has no events")
        self.report: Report = replay_events(self.events)
        created = self.events[0].decoded()
        if not isinstance(created, GameCreated):
            raise RiftlogError("seq 1 of the game is not GameCreated")
        self.created = created
        self.every = every
        self._marks: dict[int, tuple[dict[str, Any] | None, Stop | None]] = {}
        folder = Folder()
        for ev in self.events:
            folder.feed(ev)
            if ev.seq % every == 0 or ev.seq == 1:
                self._marks[ev.seq] = (folder.state.to_json() if folder.state else None,
                                       folder.stopped)
        self.over = folder.state is not None and folder.state.is_over()
        self._views: dict[str, GameView] = {}

    def view(self, viewer: Viewer) -> GameView:
        """The game as *viewer* sees it (the one redaction path; built once per viewer)."""
        key = str(viewer)
        if key not in self._views:
            self._views[key] = GameView(self.events, viewer, notation=True)
        return self._views[key]

    @property
    def last(self) -> int:
        return len(self.events)

    def verdict(self, seq: int) -> Verdict:
        return self.report.verdicts[seq - 1]

    def at(self, seq: int) -> Position:
        """The position after event *seq*, as the game stood then."""
        seq = max(1, min(seq, self.last))
        c = max(s for s in self._marks if s <= seq)
        snap, stop = self._marks[c]
        folder = Folder()
        if snap is None:
            for ev in self.events[:c]:
                folder.feed(ev)
        else:
            folder.resume(self.events[:c], c, snap, stop)
        for ev in self.events[c:seq]:
            folder.feed(ev)
        return folder.position()

    def turn_start(self, seq: int, delta: int) -> int:
        """The first seq of the turn *delta* turns from the one at *seq*."""
        turn = self.verdict(seq).turn + delta
        if delta > 0:
            return next((v.seq for v in self.report.verdicts if v.turn >= turn and v.seq > seq), seq)
        return next((v.seq for v in self.report.verdicts if v.turn >= max(turn, 0)), 1)


# --- rendering ------------------------------------------------------------------------


def _obj(view: dict[str, Any], oid: str) -> str:
    obj = view["objects"].get(oid)
    if obj is None:
        return "(hidden)"
    bits = [card_name(obj["card"])]
    if obj.get("exhausted"):
        bits.append("exh")
    if obj.get("damage"):
        bits.append(f"dmg {obj['damage']}")
    if obj.get("buffed"):
        bits.append("buff")
    if obj.get("stunned"):
        bits.append("stun")
    if obj.get("attached_to"):  # an Equipment on its unit (716)
        bits.append(f"attached to {obj['attached_to']}")
    return f"{oid} {' '.join(bits)}" if len(bits) == 1 else f"{oid} {bits[0]} [{', '.join(bits[1:])}]"


def _zone(view: dict[str, Any], zone: Any, runes: bool = True) -> str:
    if isinstance(zone, dict):
        return f"{zone.get('count', 0)} hidden"
    if not zone:
        return "-"
    shown = []
    rune_count = ready = 0
    for oid in zone:
        obj = view["objects"].get(oid)
        if obj is not None and card_name(obj["card"]).endswith(" Rune") and not runes:
            rune_count += 1
            ready += 0 if obj.get("exhausted") else 1
            continue
        shown.append(_obj(view, oid))
    if rune_count:
        shown.append(f"{rune_count} runes ({ready} ready)")
    return "; ".join(shown)


def render_board(data: dict[str, Any]) -> Group:
    """The board of a state view (see :func:`riftlog.views.state_view`)."""
    view = data.get("state")
    if view is None:
        return Group(Text("(no game yet)"))
    head = (f"seq {data['seq']} · turn {view['turn']} · {view['phase']}"
            f" · turn player {view.get('turn_player') or '-'} · priority {view.get('priority') or '-'}"
            f" · viewer {data.get('viewer', '?')}")
    parts: list[Any] = [Text(head, style="bold")]
    if view.get("winner") is not None:
        parts.append(Text(f"game over: winner {', '.join(view['winner']) or 'nobody'} "
                          f"({view.get('end_reason')})", style="bold green"))
    if data.get("stopped"):
        parts.append(Text(f"game stopped at seq {data['stopped']['seq']}: {data['stopped']['message']}",
                          style="bold red"))
    bfs = Table(title="Battlefields", expand=True)
    for col in ("battlefield", "controller", "contested", "units"):
        bfs.add_column(col)
    for bf in view["battlefields"]:
        # issue 20: cells are Text, so "[exh]" and names with brackets print as they are
        bfs.add_row(*map(Text, (f"{bf['oid']} {card_name(bf['card'])}", bf.get("controller") or "-",
                                bf.get("contested_by") or "-", _zone(view, bf.get("units", [])))))
    parts.append(bfs)
    players = Table(title="Players", expand=True)
    for col in ("player", "points", "pool", "legend / champion", "base", "hand", "decks", "trash"):
        players.add_column(col)
    for pid in view["seating"]:
        p = view["players"][pid]
        pool = p["pool"]
        power = ", ".join(f"{k} {v}" for k, v in pool.get("power", {}).items() if v)
        main_n = p["main_deck"]["count"] if isinstance(p["main_deck"], dict) else len(p["main_deck"])
        rune_n = p["rune_deck"]["count"] if isinstance(p["rune_deck"], dict) else len(p["rune_deck"])
        players.add_row(*map(Text, (
            f"{pid} {p['name']}" + (" (out)" if p.get("eliminated") else ""), str(p["points"]),
            f"E {pool['energy']}" + (f"; {power}" if power else ""),
            f"{_zone(view, p['legend'])} / {_zone(view, p['champion'])}",
            _zone(view, p["base"], runes=False), _zone(view, p["hand"]),
            f"main {main_n}, runes {rune_n}", str(len(p["trash"])),
        )))
    parts.append(players)
    if view.get("chain"):
        parts.append(Text("chain (top last): " + "; ".join(
            f"{c['id']} {c['kind']} by {c['controller']}"
            + (f" ({_obj(view, c['source'])})" if c.get("source") else "") for c in view["chain"])))
    return Group(*parts)


def render_event(view: GameView, verdict: Verdict, full: bool = False) -> Panel:
    """The event of *verdict* and its verdict, as the viewer of *view* may see them."""
    row = view.event(verdict.seq, with_actions=False)
    cut = view.verdict(verdict)
    payload = {k: v for k, v in row["payload"].items() if k != "type"}
    if row["type"] == "GameCreated":
        payload = {"mode": payload.get("mode"), "rules_edition": payload.get("rules_edition"),
                   "randomness": payload.get("randomness"),
                   "information": payload.get("information", "full"),
                   "players": [f"{p['id']} {p['name']}" for p in payload.get("players", [])]}
    style = {"legal": "green", "illegal": "red", "unverifiable": "yellow", "divergent": "magenta"}
    shown = json.dumps({k: v for k, v in payload.items() if v is not None}, ensure_ascii=False)
    lines = [Text(f"seq {row['seq']} {row['type']} by {row['actor'] or 'chance'}: {shown}"),
             Text(f"verdict: {cut['verdict']}", style=f"bold {style[cut['verdict']]}")]
    extra = _verdict_details(cut, full)
    lines += [Text(f"  {x}") for x in extra]
    return Panel(Group(*lines), title="event")


def _verdict_details(cut: dict[str, Any], full: bool) -> list[str]:
    """Why a verdict (as the viewer may see it, :meth:`GameView.verdict`) is what it is:
    the reasons when it is not legal or with *full*, and with *full* what was awaited, the
    legal options and notes; a voiding rewind or a correction always."""
    why = cut.get("reasons", cut["rules"])
    extra = list(why) if full or cut["verdict"] != "legal" else []
    if full:
        extra += [f"awaited: {cut['awaited']}"] if cut.get("awaited") else []
        extra += [f"legal option: {o}" for o in cut["options"]]
        extra += cut.get("notes", [])
    if cut["voided_by"]:
        extra.append(f"voided by the rewind at seq {cut['voided_by']}")
    if cut["corrected_by"]:
        extra.append(f"corrected at seq {cut['corrected_by']}")
    return extra


def event_lines(nav: Navigator, seq: int, who: Viewer, full: bool = False) -> list[str]:
    """The event at *seq* in notation (read in the state before it), what it did in words,
    its verdict and, with *full* or when it is not legal, why."""
    view = nav.view(who)  # the one redaction path: hidden cards by alias, options cut
    row = view.event(seq, with_actions=False)
    verdict = nav.verdict(seq)
    cut = view.verdict(verdict)
    after = nav.at(seq).state
    out = [f"seq {seq} {row.get('notation') or row['type']}"]
    said = narrate(after, verdict.game_actions, who.engine_name, view.aliases(seq)) \
        if after is not None else ""
    if said:
        out.append(f"  {said}")
    out.append(f"verdict: {cut['verdict']}")
    extra = _verdict_details(cut, full)
    return out + [f"  {x}" for x in extra]


def screen(nav: Navigator, seq: int, who: Viewer, full: bool = False) -> list[str]:
    """The 80x24 screen of the step viewer at *seq* for *who* (:mod:`riftlog.screen`)."""
    pos = nav.at(seq)
    data = nav.view(who).state(pos)
    mights = unit_mights(pos.state, data)
    height = HEIGHT if not full else 10 ** 6
    return screen_lines(data, mights, event_lines(nav, seq, who, full), height=height)


# --- the interactive loop ---------------------------------------------------------------


def run(nav: Navigator, commands: IO[str], console: Console, viewer: str = "judge",
        start: int = 1) -> int:
    """Step through the game reading one command per line; returns the seq it ended at."""
    who = parse_viewer(viewer, nav.created)
    seq = visible_seq(who, start, nav.last, nav.over)

    def show(full: bool = False) -> None:
        # issue 20: one 80x24 screen, redrawn in place on a terminal (plain text: no markup)
        if console.is_terminal:
            console.clear()
        for line in screen(nav, seq, who, full):
            console.print(Text(line), soft_wrap=True)

    show()
    for raw in commands:
        cmd, _, arg = raw.strip().partition(" ")
        try:
            if cmd in ("q", "quit", "exit"):
                break
            if cmd in ("h", "?", "help"):
                console.print(HELP)
                continue
            if cmd == "s":
                show(full=True)
                continue
            if cmd in ("n", ""):
                seq += 1
            elif cmd == "p":
                seq -= 1
            elif cmd == "N":
                seq = nav.turn_start(seq, 1)
            elif cmd == "P":
                seq = nav.turn_start(seq, -1)
            elif cmd == "g":
                if not arg.strip().isdigit():
                    console.print("usage: g SEQ")
                    continue
                seq = int(arg)
            elif cmd == "v":
                who = parse_viewer(arg.strip(), nav.created)
            else:
                console.print(f"unknown command {cmd!r}; {HELP}")
                continue
            seq = visible_seq(who, max(1, min(seq, nav.last)), nav.last, nav.over)
            show()
        except RiftlogError as exc:
            console.print(f"error: {exc}")
    return seq
