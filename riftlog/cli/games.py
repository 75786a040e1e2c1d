"""Game commands: ``new``, ``play``, ``bot``, ``replay``, ``state``, ``step``,
``transcript``, ``judge ...`` and ``demo``.  Thin over :mod:`riftlog.recorder`,
:mod:`riftlog.replay`, :mod:`riftlog.reducer`, :mod:`riftlog.views` and :mod:`riftlog.step`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from riftlog.cli import EXIT_ERROR, db_option, handle_errors, main, open_store
from riftlog.errors import RecorderError

if TYPE_CHECKING:
    from rich.console import Console

#: Exit status of ``replay`` when an event that still counts is illegal or divergent.
EXIT_DISPUTE = 2


def _console() -> Console:
    from rich.console import Console  # lazy: start-up time

    return Console(width=None if sys.stdout.isatty() else 160, soft_wrap=False, highlight=False)


def _emit(data: Any) -> None:
    click.echo(json.dumps(data, indent=1, sort_keys=True))


def _player(text: str, mode: str, check: bool) -> Any:
    from riftlog.recorder import player_from_deck

    parts = text.split(":", 2)
    if len(parts) != 3 or not all(parts):
        raise RecorderError(f"--player {text!r}: expected ID:NAME:DECK_FILE (e.g. p1:Alice:deck.txt)")
    return player_from_deck(parts[0], parts[1], parts[2], mode=mode, check=check)


@main.command("new")
@db_option
@click.argument("game")
@click.option("--mode", type=click.Choice(["duel", "match", "ffa3", "ffa4", "2v2"]), default="duel",
              show_default=True, help="Mode of play.")
@click.option("--player", "players", multiple=True, required=True, metavar="ID:NAME:DECK",
              help="A seat, in seating order: player id, name and deck-list file.")
@click.option("--seed", default=None, help="Seed for riftlog's random outcomes (default: a fresh "
              "secret one; its SHA-256 is stored and the seed revealed when the game ends).")
@click.option("--recorded", is_flag=True, help="The client reports every random outcome instead.")
@click.option("--edition", default="v1.3", show_default=True, help="Rules edition the game is judged under (v1.3 or v1.2).")
@click.option("--match", "match_id", default=None, help="Match id (created if new).")
@click.option("--game-number", type=click.IntRange(min=1), default=1, show_default=True)
@click.option("--tournament", default=None, help="Tournament id (created if new).")
@click.option("--round", "round_", type=click.IntRange(min=1), default=None)
@click.option("--table", default=None)
@click.option("--no-deck-check", is_flag=True, help="Do not check the deck-building rules.")
@handle_errors
def new(game: str, mode: str, players: tuple[str, ...], seed: str | None, recorded: bool,
        edition: str, match_id: str | None, game_number: int, tournament: str | None,
        round_: int | None, table: str | None, no_deck_check: bool) -> None:
    """Create GAME and record its GameCreated (and, if seeded, the setup's random outcomes).

    \b
    Example:
        riftlog new g1 --player p1:Alice:replays/decks/annie-dark-child.txt \\
                       --player p2:Bob:replays/decks/garen-might-of-demacia.txt --seed s3cret
    """
    from riftlog.recorder import create_game

    if recorded and seed is not None:
        raise RecorderError("--seed and --recorded exclude each other")
    store = open_store()
    rec = create_game(store, game, mode=mode,  # type: ignore[arg-type]
                      players=[_player(p, mode, not no_deck_check) for p in players],
                      randomness="recorded" if recorded else "seeded", seed=seed,
                      rules_edition=edition, match_id=match_id, game_number=game_number,
                      tournament_id=tournament, round=round_, table=table)
    how = "recorded by the client" if recorded else f"seeded (commitment {rec.created.seed_commitment})"
    click.echo(f"game {game}: created at seq {rec.seq}; randomness {how}; awaiting "
               f"{_awaiting(rec)}")


def _awaiting(rec: Any) -> str:
    from riftlog.rules import engine

    if rec.folder.state is None:
        return "nothing"
    reqs = engine.pending(rec.state)
    return "; ".join(f"{r.kind} from {r.player or 'a random outcome'} ({', '.join(r.decisions)})"
                     for r in reqs) or "nothing (the game is over)"


@main.command("play")
@db_option
@click.argument("game")
@click.argument("decision")
@click.option("--record-mode", is_flag=True,
              help="Keep an illegal decision (with its verdict) instead of refusing it.")
@click.option("--client-id", default=None, help="Client event id (a retry is stored once).")
@handle_errors
def play(game: str, decision: str, record_mode: bool, client_id: str | None) -> None:
    """Append a DECISION to GAME: a line of notation (docs/notation.md) or JSON with a "type".

    The notation names cards by name (a prefix is enough) and the player is the one the
    game awaits unless the line starts with one ("p2: concede").  Strict by default: an
    illegal decision is refused with the rule it breaks and nothing is written.  A decision
    that cannot be carried out is refused in both modes.

    \b
    Example:
        riftlog play g1 'mulligan Incinerate'
        riftlog play g1 'play Pakaa Cub @ base'
        riftlog play g1 'end' --record-mode
        riftlog play g1 '{"type": "TurnEnded", "player": "p1"}'
    """
    from riftlog.recorder import Recorder, parse_decision

    rec = Recorder.open(open_store(), game)
    if decision.lstrip().startswith("{"):
        payload = parse_decision(decision)
    else:
        from riftlog.notation import parse_decision as parse_notation

        if rec.folder.state is None:
            raise RecorderError(f"game {game} has no state yet: give the decision as JSON")
        payload = parse_notation(rec.state, decision)
    before = rec.folder.state.clone() if rec.folder.state is not None else None
    res = rec.record(payload, mode="record" if record_mode else "strict",
                     client_event_id=client_id)
    types = ", ".join(f"{e.seq} {e.type}" for e in res.events)
    click.echo(f"game {game}: stored {types}")
    if before is not None and res.events and res.events[0].decoded().IS_DECISION:
        from riftlog.narration import describe_payload  # lazy: start-up time

        click.echo(f"  {describe_payload(before, res.events[0].decoded())}")  # as stored
    for v in res.violations:
        click.echo(f"  kept although illegal: {v}")
    if res.unverifiable:
        click.echo(f"  unverifiable: {res.unverifiable}")
    click.echo(f"  awaiting {_awaiting(rec)}")


@main.command("bot")
@db_option
@click.argument("game")
@click.option("--seed", required=True, help="Seed of the bot's choices.")
@click.option("--turns", type=click.IntRange(min=1), default=30, show_default=True,
              help="Stop after this turn.")
@click.option("--keep-open", is_flag=True, help="Do not reveal the seed and seal the game at the end.")
@handle_errors
def bot_cmd(game: str, seed: str, turns: int, keep_open: bool) -> None:
    """Play GAME on with the random legal-game bot; once it is over, reveal the seed and seal it.

    \b
    Example:
        riftlog bot g1 --seed 7 --turns 12
    """
    from riftlog.recorder import Recorder, play_bot

    rec = Recorder.open(open_store(), game)
    n = play_bot(rec, seed, max_turns=turns)
    # only a finished game reveals its seed and is sealed: an open one goes on later
    seal = rec.finish() if rec.state.is_over() and not keep_open else None
    st = rec.state
    points = ", ".join(f"{p.id} {p.points}" for p in st.players.values())
    click.echo(f"game {game}: bot appended {n} events; turn {st.turn} {st.phase}; points {points}"
               + (f"; winner {', '.join(st.winner)}" if st.winner else "")
               + (f"; sealed {seal[:16]}..." if seal else "")
               + ("" if st.is_over() else "; the game goes on (not sealed)"))


@main.command("replay")
@db_option
@click.argument("games", nargs=-1)
@click.option("--all", "all_games", is_flag=True, help="Replay every game of the store.")
@click.option("--rules", "edition", default=None, metavar="EDITION",
              help="Re-judge under another rules edition (v1.3 or v1.2; default: the edition "
                   "the game was created with) and list the events whose verdicts differ.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the report(s) as JSON (several games: a JSON array, streamed).")
@click.option("--baseline", type=click.Path(exists=True, dir_okay=False), default=None,
              help="A previous `replay --json` of the game: name the first seq whose state hash differs.")
@click.option("--check-snapshots", is_flag=True,
              help="Check every stored snapshot against the events (default: a sample, the "
                   "newest and those every 50 seqs; the verdicts never depend on snapshots).")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=0, show_default=True,
              help="Worker processes judging the games (0: one per core, at most one per "
                   "8 games; 1: in this process).")
@handle_errors
def replay(games: tuple[str, ...], all_games: bool, edition: str | None, as_json: bool,
           baseline: str | None, check_snapshots: bool, jobs: int) -> None:
    """Verify and re-validate every event of GAME(S); print the verdicts and dispute report.

    Each game's hash chain, head and seal are verified first.  Reports are printed as
    each game is judged, in order (--all streams: memory stays flat however many
    games the store holds).  Exit status 2 when an event that still counts is illegal or
    divergent (under the edition judged, --rules when given); 1 when a game could not be
    judged (unknown, tampered), after the others were.  With --rules the report is the one
    under that edition, followed by the events whose verdicts differ from the game's own
    edition and the known rules difference that explains each
    (riftlog.rules.editions.differences).

    \b
    Example:
        riftlog replay g1
        riftlog replay g1 --rules v1.2
        riftlog replay g1 --rules v1.2 --json
        riftlog replay --all --check-snapshots
        riftlog replay --all --jobs 2 --json > verdicts.json
    """
    from riftlog.bulk import JudgeOptions, default_jobs, judge_games

    store = open_store()
    ids = list(games) or ([g.id for g in store.games()] if all_games else [])
    if not ids:
        raise RecorderError("name a GAME (or --all)")
    hashes = None
    if baseline:
        old = json.loads(Path(baseline).read_text(encoding="utf-8"))
        hashes = {int(e["seq"]): e.get("state_hash", "") for e in old.get("events", [])}
    options = JudgeOptions(edition=edition, check_snapshots=check_snapshots,
                           notable_only=not as_json, baseline=hashes)
    console = _console()
    json_out = _JsonArray(single=len(ids) == 1)
    bad = failed = False
    from rich.console import Console  # lazy: start-up time
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    err = Console(stderr=True)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task("replaying", total=len(ids))
        for judged in judge_games(store, ids, options, jobs=jobs or default_jobs(len(ids))):
            bar.advance(task)
            if judged.report is None:
                failed = True
                click.echo(f"error: {judged.error}", err=True)
                continue
            bad = bad or not judged.ok
            if as_json:
                json_out.add(judged.report)
            else:
                _print_report(console, judged.report)
    if as_json:
        json_out.close()
    if failed:
        sys.exit(EXIT_ERROR)
    if bad:
        sys.exit(EXIT_DISPUTE)


class _JsonArray:
    """Reports written as they come: one game's as an object, several as the JSON array
    :func:`_emit` would print for the list of them."""

    def __init__(self, single: bool) -> None:
        self.single = single
        self.count = 0

    def add(self, data: dict[str, Any]) -> None:
        if self.single:
            _emit(data)
        else:
            text = json.dumps(data, indent=1, sort_keys=True).replace("\n", "\n ")
            click.echo(("[\n " if self.count == 0 else ",\n ") + text, nl=False)
        self.count += 1

    def close(self) -> None:
        if not self.single:
            click.echo("\n]" if self.count else "[]")


def _print_differences(console: Console, data: dict[str, Any]) -> None:
    """The events whose verdicts differ between the game's edition and --rules."""
    from rich.markup import escape  # lazy: start-up time
    from rich.table import Table

    base, diffs, judged = data["compared_with"], data["differences"], data["edition"]
    if base == judged:
        console.print(f"the game was created under {base}: no other edition to compare with")
        return
    console.print(f"[bold]verdicts that differ between {base} (the game's edition) and "
                  f"{judged}: {len(diffs)} event(s)[/]")
    if not diffs:
        return
    t = Table()
    for col in ("seq", "event", base, judged, "why", "explained by"):
        t.add_column(col)
    for d in diffs:
        why = "; ".join(d[f"{judged} reasons"] or d[f"{base} reasons"])
        t.add_row(str(d["seq"]), d["type"], d[base], d[judged], escape(why),
                  ", ".join(d.get("explained_by", [])) or "-")
    console.print(t)


def _print_report(console: Console, data: dict[str, Any]) -> None:
    """One game's report (:meth:`Report.to_json` with ``notable_only``: its events are the
    ones that are not plainly legal)."""
    from rich.markup import escape  # lazy: start-up time
    from rich.table import Table

    c = data["counts"]
    console.print(f"[bold]game {data['game_id']}[/] judged under {data['edition']}: "
                  f"{sum(c.values())} events in {data['seconds'] * 1000:.0f} ms: "
                  + ", ".join(f"{n} {k}" for k, n in c.items()) + f"; {data['seed']}")
    rows = data["events"]
    if rows:
        t = Table(title="events that are not plainly legal")
        for col in ("seq", "event", "by", "verdict", "why"):
            t.add_column(col)
        for v in rows:
            why = "; ".join(v.get("reasons", []))
            if v.get("voided_by"):
                why += f" [voided by seq {v['voided_by']}]"
            if v.get("corrected_by"):
                why += f" [corrected at seq {v['corrected_by']}]"
            t.add_row(str(v["seq"]), escape(v.get("decision") or v["type"]),
                      v.get("actor") or "chance", v["verdict"], escape(why))
        console.print(t)
    for j in data["judge_events"]:
        facts = ", ".join(f"{k}={j[k]}" for k in j if k not in ("seq", "type", "actor", "judge")
                          and j[k] not in (None, "", [], ()))
        console.print(f"judge event seq {j['seq']}: {j['type']} by {j['actor']}: {escape(facts)}")
    if data["first_illegal"]:
        from riftlog.step import render_board

        first = next(v for v in data["events"] if v["seq"] == data["first_illegal"])
        console.print(f"[bold red]first illegal event: seq {first['seq']} {first['type']} "
                      f"by {first.get('actor')}[/]")
        if first.get("decision"):
            console.print(f"  decision: {escape(first['decision'])}")
        for line in first.get("reasons", []):
            console.print(f"  {escape(line)}")
        console.print(f"  the game awaited: {escape(first.get('awaited', ''))}")
        for opt in first.get("options", []):
            console.print(f"  legal option: {escape(opt)}")
        console.print("state just before it:")
        if data["state_before"] is not None:
            console.print(render_board(data["state_before"]))
        for line in data["consequences"]:
            console.print(f"  then: {escape(line)}")
    if "compared_with" in data:
        _print_differences(console, data)
    if "first_hash_difference" in data:
        first_diff = data["first_hash_difference"]
        console.print("state hashes agree with the baseline" if first_diff is None
                      else f"state hashes differ from the baseline first at seq {first_diff}")
    for s in data["snapshots"]:
        console.print(s)
    console.print(f"result: {data['result']}")


@main.command("state")
@db_option
@click.argument("game")
@click.option("--at", "at", type=click.IntRange(min=1), default=None, help="Seq (default: the last).")
@click.option("--view", "viewer", default="judge", show_default=True,
              help="p1, opponent:p1, spectator[:DELAY], judge or public.")
@click.option("--json", "as_json", is_flag=True, help="Print the state view as JSON.")
@handle_errors
def state(game: str, at: int | None, viewer: str, as_json: bool) -> None:
    """Print the state of GAME after event --at N, as a viewer may see it.

    \b
    Example:
        riftlog state g1 --at 40 --view p1
        riftlog state g1 --at 40 --view spectator:5 --json
    """
    from riftlog.reducer import state_at
    from riftlog.views import parse_viewer, state_view, visible_seq

    store = open_store()
    last = store.game(game).last_seq
    head = state_at(store, game)
    if head.created is None:
        raise RecorderError(f"game {game} has no GameCreated")
    who = parse_viewer(viewer, head.created)
    over = head.state is not None and head.state.is_over()
    seq = visible_seq(who, at or last, last, over)
    pos = head if seq == last else state_at(store, game, seq)
    data = state_view(pos, who)
    if as_json:
        _emit(data)
    else:
        from riftlog.step import render_board

        _console().print(render_board(data))


@main.command("step")
@db_option
@click.argument("game")
@click.option("--view", "viewer", default="judge", show_default=True, help="Viewer to start with.")
@click.option("--at", "start", type=click.IntRange(min=1), default=1, show_default=True)
@handle_errors
def step(game: str, viewer: str, start: int) -> None:
    """Step through GAME: the board and each event's verdict, one command per line.

    Commands: n/p next/previous event, N/P next/previous turn, g SEQ, v VIEWER, s (verdict
    in full), h (help), q (quit).

    \b
    Example:
        riftlog step g1
        printf 'n\\nN\\nv p1\\ng 30\\ns\\nq\\n' | riftlog step g1
    """
    from riftlog.step import HELP, Navigator, run

    store = open_store()
    nav = Navigator(store.read(game, verify=True))
    console = _console()
    console.print(HELP)
    run(nav, sys.stdin, console, viewer, start)


@main.command("transcript")
@db_option
@click.argument("game")
@click.option("--view", "viewer", default="spectator", show_default=True,
              help="p1, opponent:p1, spectator[:DELAY], judge or public.")
@handle_errors
def transcript_cmd(game: str, viewer: str) -> None:
    """Print GAME's events and the game actions they caused, cut for a viewer (JSON).

    \b
    Example:
        riftlog transcript g1 --view spectator:10
    """
    from riftlog.reducer import state_at
    from riftlog.views import parse_viewer, transcript

    store = open_store()
    created = state_at(store, game, 1).created
    assert created is not None
    _emit(transcript(store.read(game), parse_viewer(viewer, created)))


@main.group("judge")
def judge() -> None:
    """Judge events: ruling, rewind, penalty, loss, correct (new events; nothing is deleted).

    \b
    Example:
        riftlog judge rewind g1 --to 30 --judge "J. Doe" --reason "wrong player ended the turn"
    """


def _judge_done(game: str, res: Any) -> None:
    click.echo(f"game {game}: stored " + ", ".join(f"{e.seq} {e.type}" for e in res.events))


def _recorder(game: str) -> Any:
    from riftlog.recorder import Recorder

    return Recorder.open(open_store(), game)


_JUDGE = click.option("--judge", "judge_name", required=True, help="The judge's name.")


@judge.command("ruling")
@db_option
@click.argument("game")
@_JUDGE
@click.option("--text", required=True, help="The ruling, in the judge's words.")
@click.option("--rule", "rules", multiple=True, help="A rule id it cites (repeatable).")
@click.option("--about", type=click.IntRange(min=1), default=None, help="The seq it is about.")
@handle_errors
def judge_ruling(game: str, judge_name: str, text: str, rules: tuple[str, ...], about: int | None) -> None:
    """Record a ruling.

    \b
    Example:
        riftlog judge ruling g1 --judge Ann --text "The move stands." --rule 144.3 --about 31
    """
    _judge_done(game, _recorder(game).ruling(judge_name, text, rules, about))


@judge.command("rewind")
@db_option
@click.argument("game")
@_JUDGE
@click.option("--to", "to_seq", type=click.IntRange(min=1), required=True, help="Back up to this seq.")
@click.option("--reason", default="")
@handle_errors
def judge_rewind(game: str, judge_name: str, to_seq: int, reason: str) -> None:
    """Back GAME up to a seq; later events stay stored but are voided; play goes on from there.

    \b
    Example:
        riftlog judge rewind g1 --to 30 --judge Ann --reason "illegal move at 31"
    """
    _judge_done(game, _recorder(game).rewind(to_seq, judge_name, reason))


@judge.command("penalty")
@db_option
@click.argument("game")
@_JUDGE
@click.option("--player", required=True)
@click.option("--penalty", "penalty_", required=True, help="e.g. Warning.")
@click.option("--reason", default="")
@click.option("--rule", "rules", multiple=True, help="A rule id it cites (repeatable).")
@handle_errors
def judge_penalty(game: str, judge_name: str, player: str, penalty_: str, reason: str,
                  rules: tuple[str, ...]) -> None:
    """Record a penalty (it changes nothing in the game).

    \b
    Example:
        riftlog judge penalty g1 --judge Ann --player p2 --penalty Warning --reason "acted out of turn"
    """
    _judge_done(game, _recorder(game).penalty(judge_name, player, penalty_, reason, rules))


@judge.command("loss")
@db_option
@click.argument("game")
@_JUDGE
@click.option("--player", required=True)
@click.option("--reason", default="")
@handle_errors
def judge_loss(game: str, judge_name: str, player: str, reason: str) -> None:
    """Award a player a game loss; the game ends.

    \b
    Example:
        riftlog judge loss g1 --judge Ann --player p2 --reason "marked cards"
    """
    _judge_done(game, _recorder(game).game_loss(judge_name, player, reason))


@judge.command("correct")
@db_option
@click.argument("game")
@_JUDGE
@click.option("--seq", type=click.IntRange(min=1), required=True, help="The event to correct.")
@click.option("--field", "field_path", required=True, help="Dotted path in its payload, e.g. reported.points.p1.")
@click.option("--value", required=True, help="New value (JSON: 3, true, null, \"text\", [..]).")
@click.option("--reason", default="")
@handle_errors
def judge_correct(game: str, judge_name: str, seq: int, field_path: str, value: str, reason: str) -> None:
    """Correct a recorded outcome of an earlier event.

    \b
    Example:
        riftlog judge correct g1 --judge Ann --seq 31 --field reported.points.p1 --value 3
    """
    parsed: Any
    try:
        parsed = json.loads(value)
    except ValueError:
        parsed = value
    if isinstance(parsed, list | dict):
        parsed = value
    _judge_done(game, _recorder(game).correct(judge_name, seq, field_path, parsed, reason))


@main.command("demo")
@click.option("--dir", "directory", type=click.Path(file_okay=False), default="riftlog-demo",
              show_default=True, help="Where the demo puts its store and reports.")
@handle_errors
def demo(directory: str) -> None:
    """Record, replay and judge a few games on a fresh SQLite store (takes seconds).

    \b
    Example:
        riftlog demo --dir /tmp/riftlog-demo
    """
    from riftlog.demo import run_demo

    result = run_demo(Path(directory).absolute(), say=click.echo)
    click.echo(f"demo done in {result.seconds:.1f} s")
