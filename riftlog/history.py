"""Match histories as people read them: CSV (per game, per player) and transcripts.

All three are computed from the stored events by the reducer and the replayer (nothing
here is stored as truth) and cut to a viewer by :mod:`riftlog.views`:

* :func:`write_csv` -- one row per game: tournament, round, table, match, game number,
  players, legends, chosen champions, battlefields, first player, mulligans, turns,
  points, winner, how it ended, rules edition, verdict summary;
* :func:`write_csv_players` -- one row per player and game (the same facts, per seat);
* :func:`write_transcripts` -- turn by turn, each event (decision, random outcome, judge
  event) with the game actions it caused, as the viewer may see them.

Every CSV cell a spreadsheet would read as a formula (text starting with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return, e.g. a player named ``=SUM(1+1)``) is written
with a leading single quote (:func:`spreadsheet_safe`), as OWASP recommends against CSV
injection; ``bom=True`` starts the file with a UTF-8 byte order mark for spreadsheet
programs that need one to read UTF-8.

A view never leaks what it hides: CSV rows hold only facts public once they happen
(legends, champions, battlefields, how many cards were mulliganed, points), cut at the
seq the viewer may see (a delayed spectator lags behind, ``public`` needs the game over);
transcripts are built from :func:`riftlog.views.transcript`, which redacts hidden payloads
and private game actions, and the judge's reasons for a verdict (which may name hidden
cards) appear only in the judge's view.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import IO, Any

from riftlog import plural
from riftlog.bundle import BundleMatch, match_rows
from riftlog.errors import RecorderError, UnknownCard
from riftlog.events import StoredEvent
from riftlog.events.payloads import GameCreated
from riftlog.export import ExportError
from riftlog.matches import GameOutcome, Standing, judge_events, standing
from riftlog.replay import Report, describe_result, replay_events
from riftlog.rules import engine
from riftlog.store import EventStore, GameInfo
from riftlog.views import GameView, Viewer, parse_viewer, visible_seq

OnGame = Callable[[GameInfo, int], None]

GAME_COLUMNS = (
    "tournament", "round", "table", "match", "game_number", "game_id", "mode", "players",
    "legends", "champions", "battlefields", "first_player", "mulligans", "turns", "points",
    "winner", "ended_by", "rules_edition", "verdicts", "first_illegal_seq", "view",
    "match_score", "match_result", "judge_events",
)
PLAYER_COLUMNS = (
    "tournament", "round", "table", "match", "game_number", "game_id", "mode", "seat",
    "player", "name", "team", "legend", "champion", "battlefield", "went_first",
    "mulligan", "points", "result", "ended_by", "rules_edition", "illegal_decisions", "view",
    "match_wins", "match_draws", "judge_events",
)


@lru_cache(maxsize=4096)
def card_name(card_id: str) -> str:
    """The catalog name of *card_id* (the id itself when the catalog does not know it)."""
    from riftlog.cards import load_catalog

    try:
        return load_catalog().get(card_id).name
    except UnknownCard:
        return card_id


@dataclass
class GameSummary:
    """What a match history says about one game, as one viewer may see it."""

    info: GameInfo
    match: BundleMatch | None
    created: GameCreated
    viewer: Viewer
    seen_seq: int
    report: Report
    battlefields: dict[str, str] = field(default_factory=dict)
    first_player: str | None = None
    mulligans: dict[str, int] = field(default_factory=dict)
    #: rulings, penalties, game losses and time calls the viewer may see (riftlog.matches)
    judge_events: list[str] = field(default_factory=list)
    #: the match after this game (set while writing a history: games in match order)
    standing: Standing | None = None

    @property
    def result(self) -> dict[str, Any]:
        """Turn, winner, end reason, points, stop (from the replayer)."""
        return self.report.result

    def ended_by(self) -> str:
        """How the game ended: the engine's reason, ``stopped`` or ``unfinished``."""
        res = self.result
        if res.get("stopped"):
            return f"stopped at seq {res['stopped'].get('seq')}"
        if res.get("winner") is not None or res.get("phase") == "over":
            return str(res.get("end_reason") or "over")
        return "unfinished"

    def winner(self) -> str:
        """Winning player ids (``draw`` for a draw, empty while unfinished)."""
        w = self.result.get("winner")
        if w is None:
            return ""
        return ";".join(w) if w else "draw"

    def verdicts(self) -> str:
        """Verdict counts of the events the viewer can see, and ``ok`` or ``disputed``."""
        counts = self.report.counts()
        text = ", ".join(f"{k} {v}" for k, v in counts.items() if v)
        return f"{'ok' if self.report.ok else 'disputed'}: {text}"


def summarize(store: EventStore, info: GameInfo, view: str | None,
              matches: dict[str, BundleMatch] | None = None) -> GameSummary:
    """Replay one game (verified as it is read) and summarise it for *view*."""
    events = list(store.read(info.id, verify=True))
    created = events[0].decoded() if events else None
    if not isinstance(created, GameCreated):
        raise ExportError(f"game {info.id} has no GameCreated at seq 1 "
                          f"({'no events' if not events else events[0].type}): "
                          "it cannot be summarised")
    viewer = parse_viewer(view or "judge", created)
    full = replay_events(events, game_id=info.id)
    over = full.result.get("phase") == "over" or full.result.get("winner") is not None
    try:
        seen = visible_seq(viewer, len(events), len(events), over)
    except RecorderError as exc:
        raise ExportError(f"game {info.id}: {exc}") from None
    report = full if seen == len(events) else replay_events(events[:seen], game_id=info.id)
    match = (matches or {}).get(info.match_id or "")
    summary = GameSummary(info, match, created, viewer, seen, report,
                          judge_events=judge_events(events[:seen],
                                                    judge_view=viewer.kind == "judge"))
    objects = engine.new_game(created).objects
    for v, ev in zip(report.verdicts, events, strict=False):
        if not v.counts:
            continue
        p = ev.payload
        if ev.type in ("BattlefieldSelected", "BattlefieldChosen"):
            bf = objects.get(str(p["battlefield"]))
            summary.battlefields[str(p["player"])] = bf.card if bf else str(p["battlefield"])
        elif ev.type == "FirstPlayerChosen":
            summary.first_player = str(p["player"])
        elif ev.type == "MulliganChosen":
            summary.mulligans[str(p["player"])] = len(p.get("set_aside", ()))
    return summary


def _joined(summary: GameSummary, fn: Callable[[str], str]) -> str:
    return "; ".join(f"{p.id}: {fn(p.id)}" for p in summary.created.players)


def game_row(s: GameSummary) -> dict[str, Any]:
    """The CSV row of one game."""
    decks = {p.id: p.deck for p in s.created.players}
    points = s.result.get("points", {})
    m = s.match
    return {
        "tournament": m.tournament_id if m else "", "round": m.round if m and m.round else "",
        "table": m.table if m and m.table else "", "match": s.info.match_id or "",
        "game_number": s.info.game_number, "game_id": s.info.id, "mode": s.info.mode,
        "players": "; ".join(f"{p.id} ({p.name})" + (f" [team {p.team}]" if p.team else "")
                             for p in s.created.players),
        "legends": _joined(s, lambda pid: card_name(decks[pid].legend)),
        "champions": _joined(s, lambda pid: card_name(decks[pid].champion)),
        "battlefields": _joined(s, lambda pid: card_name(s.battlefields[pid])
                                if pid in s.battlefields else "-"),
        "first_player": s.first_player or "",
        "mulligans": _joined(s, lambda pid: str(s.mulligans.get(pid, 0))),
        "turns": s.result.get("turn", 0),
        "points": _joined(s, lambda pid: str(points.get(pid, 0))),
        "winner": s.winner(), "ended_by": s.ended_by(),
        "rules_edition": s.created.rules_edition, "verdicts": s.verdicts(),
        "first_illegal_seq": s.report.first_illegal or "", "view": str(s.viewer),
        "match_score": s.standing.score() if s.standing and s.info.match_id else "",
        "match_result": s.standing.result() if s.standing and s.info.match_id else "",
        "judge_events": "; ".join(s.judge_events),
    }


def player_rows(s: GameSummary) -> list[dict[str, Any]]:
    """The CSV rows of one game, one per seat."""
    base = game_row(s)
    winners = s.result.get("winner")
    points = s.result.get("points", {})
    rows = []
    for seat, p in enumerate(s.created.players, start=1):
        if winners is None:
            result = "unfinished"
        elif not winners:
            result = "draw"
        else:
            result = "win" if p.id in winners else "loss"
        illegal = sum(1 for v in s.report.verdicts
                      if v.verdict == "illegal" and v.actor == p.id and v.counts)
        rows.append({
            **{k: base[k] for k in ("tournament", "round", "table", "match", "game_number",
                                    "game_id", "mode", "rules_edition", "ended_by", "view")},
            "seat": seat, "player": p.id, "name": p.name, "team": p.team or "",
            "legend": card_name(p.deck.legend), "champion": card_name(p.deck.champion),
            "battlefield": card_name(s.battlefields[p.id]) if p.id in s.battlefields else "",
            "went_first": "yes" if s.first_player == p.id else "no",
            "mulligan": s.mulligans.get(p.id, 0), "points": points.get(p.id, 0),
            "result": result, "illegal_decisions": illegal,
            "match_wins": s.standing.wins.get(p.id, 0) if s.standing and s.info.match_id else "",
            "match_draws": s.standing.draws if s.standing and s.info.match_id else "",
            "judge_events": "; ".join(e for e in s.judge_events
                                      if f" to {p.id} " in e or e.endswith(f" to {p.id}")),
        })
    return rows


#: What a spreadsheet reads as the start of a formula (or a DDE call) in a cell.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: The UTF-8 byte order mark (``bom=True``).
BOM = "\ufeff"


def spreadsheet_safe(value: Any) -> Any:
    """*value* as a CSV cell no spreadsheet runs: text starting with ``= + - @``, a tab or
    a carriage return gets a leading single quote (``'=SUM(1+1)``); anything else, numbers
    included, is returned as it is."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _write_rows(store: EventStore, games: Iterable[GameInfo], out: IO[str], view: str | None,
                columns: tuple[str, ...], rows_of: Callable[[GameSummary], list[dict[str, Any]]],
                on_game: OnGame | None, bom: bool) -> int:
    if bom:
        out.write(BOM)
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    matches = match_rows(store)
    played: dict[str, list[GameOutcome]] = {}
    n = 0
    for info in games:
        summary = summarize(store, info, view, matches)
        _add_standing(summary, played)
        rows = [{k: spreadsheet_safe(v) for k, v in row.items()} for row in rows_of(summary)]
        writer.writerows(rows)
        n += len(rows)
        if on_game is not None:
            on_game(info, len(rows))
    return n


def _add_standing(s: GameSummary, played: dict[str, list[GameOutcome]]) -> None:
    """The match after *s* from the games of its match written before it (match order)."""
    if not s.info.match_id:
        return
    over = s.result.get("winner") is not None or s.result.get("phase") == "over"
    winners = s.result.get("winner")
    outcome = GameOutcome(s.info.id, s.info.game_number, tuple(p.id for p in s.created.players),
                          tuple(winners or ()) if over else None, s.result.get("end_reason"))
    games = played.setdefault(s.info.match_id, [])
    games.append(outcome)
    earlier = sorted((g for g in games if g.game_number <= s.info.game_number),
                     key=lambda g: g.game_number)
    s.standing = standing(earlier, s.match.best_of if s.match else 1, outcome.players)


def write_csv(store: EventStore, games: Iterable[GameInfo], out: IO[str], *,
              view: str | None = None, on_game: OnGame | None = None, bom: bool = False) -> int:
    """Write one CSV row per game (with a header; formula-like cells quoted, a BOM first
    with *bom*); return the number of rows."""
    return _write_rows(store, games, out, view, GAME_COLUMNS, lambda s: [game_row(s)], on_game,
                       bom)


def write_csv_players(store: EventStore, games: Iterable[GameInfo], out: IO[str], *,
                      view: str | None = None, on_game: OnGame | None = None,
                      bom: bool = False) -> int:
    """Write one CSV row per player and game (with a header; formula-like cells quoted, a
    BOM first with *bom*); return the number of rows."""
    return _write_rows(store, games, out, view, PLAYER_COLUMNS, player_rows, on_game, bom)


# --- transcripts ----------------------------------------------------------------------


def _value(v: Any) -> str:
    if isinstance(v, str):
        name = card_name(v)
        return v if name == v else f"{name} ({v})"
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_value(x)}" for k, x in v.items()) + "}"
    return str(v)


def _fields(payload: dict[str, Any], skip: tuple[str, ...] = ("type", "player")) -> str:
    return ", ".join(f"{k}={_value(v)}" for k, v in payload.items()
                     if k not in skip and v not in (None, [], {}, ()))


def _action(a: dict[str, Any]) -> str:
    who = a.get("player") or "game"
    objs = f" {', '.join(a['objects'])}" if a.get("objects") else ""
    det = _fields(a.get("details") or {}, skip=())
    hidden = "" if a.get("visibility", "public") == "public" else f" [{a['visibility']}]"
    return f"{a['kind']} {who}{objs}" + (f" ({det})" if det else "") + hidden


def transcript_lines(store: EventStore, info: GameInfo, view: str | None = None) -> list[str]:
    """The transcript of one game as *view* may see it, as text lines."""
    events: list[StoredEvent] = list(store.read(info.id, verify=True))
    created = events[0].decoded()
    assert isinstance(created, GameCreated)
    viewer = parse_viewer(view or "judge", created)
    cut = GameView(events, viewer, notation=True)
    try:
        rows = cut.rows()
    except RecorderError as exc:
        raise ExportError(f"game {info.id}: {exc}") from None
    seen_report = replay_events(events[: len(rows)], game_id=info.id)
    verdicts = {v.seq: v for v in seen_report.verdicts}
    lines = [f"Game {info.id} ({info.mode}, rules {created.rules_edition}, engine "
             f"{info.engine_version}) as seen by {viewer}",
             "Players: " + "; ".join(
                 f"{p.id} {p.name}: {card_name(p.deck.legend)} with {card_name(p.deck.champion)}"
                 for p in created.players),
             "", "== Setup =="]
    for row in rows:
        seq, payload = row["seq"], dict(row["payload"])
        if row["type"] == "GameCreated":
            lines.append(f"  seq {seq} GameCreated: {created.mode}, {len(created.players)} players")
            continue
        v = verdicts.get(seq)
        # who made it: a decision's seat, chance for an outcome (the envelope's actor says
        # who appended it, e.g. a recorder)
        who = (v.actor if v is not None else row.get("actor")) or "chance"
        text = f"  seq {seq} {row['type']} by {who}"
        detail = _fields(payload, skip=("type", "player") if who != "chance" else ("type",))
        said = str(row.get("notation", ""))
        if who != "chance" and said.startswith(f"{who}: "):  # a decision, in notation (issue 20)
            detail = said[len(who) + 2:]
        lines.append(text + (f": {detail}" if detail else ""))
        if row.get("voided"):
            lines.append("      (voided by a judge's rewind)")
        if v is not None and v.verdict != "legal":
            seen = cut.verdict(v)
            why = "; ".join(seen["reasons"]) if "reasons" in seen else ", ".join(seen["rules"])
            lines.append(f"      !! {v.verdict}" + (f": {why}" if why else ""))
        for a in row.get("actions", []):
            if a["kind"] == "turn_start":
                lines += ["", f"== Turn {a['details'].get('turn')}: {a.get('player')} =="]
                continue
            lines.append(f"      -> {_action(a)}")
    if len(rows) < len(events):
        lines.append(f"  ({plural(len(events) - len(rows), 'later event')} not visible to {viewer} yet)")
    lines += ["", f"Result: {describe_result(seen_report.result)}"]
    return lines


def write_transcripts(store: EventStore, games: Iterable[GameInfo], out: IO[str], *,
                      view: str | None = None, on_game: OnGame | None = None) -> int:
    """Write the transcript of each game (blank line between games); return the game count."""
    n = 0
    for info in games:
        lines = transcript_lines(store, info, view)
        out.write(("\n" if n else "") + "\n".join(lines) + "\n")
        n += 1
        if on_game is not None:
            on_game(info, len(lines))
    return n
