"""Store commands: ``db upgrade``, ``db status``, ``games``, ``events``, ``append``,
``verify``, ``seal`` and ``schema``.  Thin over :class:`riftlog.store.EventStore`."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from riftlog.cli import (
    EXIT_ERROR,
    acting,
    as_option,
    db_option,
    db_url,
    handle_errors,
    main,
    open_store,
)


def _console() -> Any:
    from rich.console import Console

    # a wide console when piped, so tables are not cut to 80 columns
    return Console(width=None if sys.stdout.isatty() else 160, soft_wrap=False)


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- db ----------------------------------------------------------------------------


@main.group("db")
def db() -> None:
    """Create, migrate and inspect the database schema.

    \b
    Example:
        riftlog db upgrade
        riftlog --db postgresql://me@localhost/riftlog db status
    """


@db.command("upgrade")
@db_option
@click.option(
    "--to",
    "revision",
    default="head",
    show_default=True,
    metavar="REV",
    help="Schema revision to migrate to.",
)
@handle_errors
def db_upgrade(revision: str) -> None:
    """Create the database or migrate it to the current schema.

    A SQLite file that does not exist yet is created.  Migrations are the only way the
    schema is made or changed; running this again is harmless.

    \b
    Example:
        riftlog db upgrade                       # ./riftlog.db
        riftlog db upgrade --db games/club.db
    """
    from riftlog.store import EventStore

    with EventStore.open(db_url(), check=False, create=True) as store:
        before, after = store.upgrade(revision)
        if before == after:
            click.echo(f"database {store.where}: schema already at revision {after}")
        else:
            click.echo(
                f"database {store.where}: schema upgraded from {before or 'nothing'} to {after}"
            )


@db.command("status")
@db_option
@handle_errors
def db_status() -> None:
    """Show the database's schema revision and the one this riftlog needs.

    \b
    Example:
        riftlog db status
    """
    from riftlog.store import head_revision

    store = open_store(check=False)
    current = store.revision()
    head = head_revision()
    state = "up to date" if current == head else "run `riftlog db upgrade`"
    click.echo(f"database {store.where}: revision {current or 'none'}, needs {head} ({state})")


# --- games and events --------------------------------------------------------------


@main.command("games")
@db_option
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@handle_errors
def games(as_json: bool) -> None:
    """List the stored games: players (and legends), result and score, status.

    \b
    Example:
        riftlog games
        riftlog games --json
    """
    from riftlog.errors import RiftlogError
    from riftlog.replay import game_overview

    store = open_store()
    rows = store.games()
    overviews: list[dict[str, str]] = []
    for g in rows:
        try:
            overviews.append(game_overview(store, g.id))
        except RiftlogError as exc:  # a game that cannot be folded is still listed
            overviews.append({"players": "", "result": f"cannot be read: {exc}", "score": ""})
    if as_json:
        click.echo(json.dumps([{**g.__dict__, **o} for g, o in zip(rows, overviews, strict=True)],
                              indent=2, ensure_ascii=False))
        return
    if not rows:
        click.echo("no games stored yet")
        return
    from rich.table import Table

    table = Table("game", "mode", "players", "result", "score", "events", "status", "rules",
                  "created")
    for g, o in zip(rows, overviews, strict=True):
        table.add_row(
            g.id,
            g.mode,
            o["players"],
            o["result"],
            o["score"],
            str(g.last_seq),
            g.status,
            g.rules_edition,
            g.created_at[:19],
        )
    _console().print(table)


@main.command("events")
@db_option
@click.argument("game")
@click.option(
    "--from",
    "from_seq",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="First seq to show.",
)
@click.option(
    "--to",
    "to_seq",
    type=click.IntRange(min=1),
    default=None,
    help="Last seq to show (default: the last).",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print every event as one JSON object per line (the whole envelope).",
)
@click.option("--verify", is_flag=True, help="Check the hash chain while reading.")
@handle_errors
def events(game: str, from_seq: int, to_seq: int | None, as_json: bool, verify: bool) -> None:
    """Show the events of GAME, in seq order: the judge's view (every payload whole,
    deck orders included; a note on stderr says so).  For what a player or spectator may
    see, use `riftlog transcript GAME --view WHO`.

    \b
    Example:
        riftlog events g1
        riftlog events g1 --from 10 --to 20 --json
    """
    stream = open_store().read(game, from_seq, to_seq, verify=verify)
    click.echo("note: this is the judge's view, the full record: deck orders, hands and "
               "face-down cards included; `riftlog transcript GAME --view WHO` shows what "
               "others may see", err=True)
    if as_json:
        for ev in stream:
            click.echo(json.dumps(ev.model_dump(), ensure_ascii=False))
        return
    from rich.table import Table

    table = Table("seq", "type", "actor", "recorded at", "hash", "payload")
    for ev in stream:
        body = {k: v for k, v in ev.payload.items() if k != "type"}
        table.add_row(
            str(ev.seq),
            ev.type,
            ev.actor or "",
            ev.recorded_at[:19],
            ev.hash[:12],
            _short(json.dumps(body, ensure_ascii=False), 70),
        )
    _console().print(table)


@main.command("append")
@db_option
@as_option
@click.argument("game")
@click.option("--type", "type_", required=True, metavar="TYPE", help="Event type, e.g. NoteAdded.")
@click.option("--payload", required=True, metavar="JSON", help="The payload as a JSON object.")
@click.option(
    "--expected-seq",
    type=click.IntRange(min=0),
    default=None,
    help="Seq of the last event you saw; refused if the game has moved on "
    "(default: the game's current last seq).",
)
@click.option(
    "--client-id",
    default=None,
    metavar="ID",
    help="Client event id (scoped to GAME): retrying with the same id never stores twice.",
)
@click.option(
    "--record-mode",
    is_flag=True,
    help="Keep an illegal decision (with its verdict) instead of refusing it.",
)
@handle_errors
def append(
    game: str,
    type_: str,
    payload: str,
    expected_seq: int | None,
    client_id: str | None,
    record_mode: bool,
) -> None:
    """Append one event to GAME, as --as WHO (default: $RIFTLOG_AS, else recorder:local).

    Nothing skips the rules engine: a note is stored as it is, a decision or recorded
    random outcome is judged like `riftlog play`, a judge event needs a judge identity
    and is signed with its name.  GameCreated (`riftlog new`) and SeedRevealed (the
    recorder reveals it) are refused.  The store stamps recorded_at.

    \b
    Example:
        riftlog append g1 --type NoteAdded --expected-seq 41 --as judge:judge-1 \\
            --payload '{"author": "judge-1", "text": "deck check at the table"}'
        riftlog append g1 --as p1 --type Conceded --payload '{"player": "p1"}'
    """
    from riftlog.errors import EventError
    from riftlog.events.canonical import loads
    from riftlog.recorder import append_event

    store = open_store()
    data = loads(payload, where="--payload")
    if not isinstance(data, dict):
        raise EventError(f"--payload must be a JSON object, got {type(data).__name__}")
    done = append_event(store, game, type_, data, actor=acting(), expected_seq=expected_seq,
                        client_event_id=client_id, mode="record" if record_mode else "strict")
    for stored in done.events:
        click.echo(f"game {game}: stored seq {stored.seq} ({stored.type}), hash {stored.hash}")
    for v in done.violations:
        click.echo(f"  kept although illegal: {v}")


# --- integrity ---------------------------------------------------------------------


@main.command("verify")
@db_option
@click.argument("game", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
@handle_errors
def verify(game: str | None, as_json: bool) -> None:
    """Recompute the hash chain of GAME (or of every game), check its seal, and compare
    each stored snapshot with the state its events give (and its proof).

    Exits 1 and names the first bad seq of each game that does not verify, or the
    snapshot that differs from the events.

    \b
    Example:
        riftlog verify            # every game
        riftlog verify g1
    """
    from riftlog.reducer import check_snapshots

    store = open_store()
    results = [store.verify(game)] if game else store.verify_all()
    # issue 16: snapshots are checked against the events of every game whose chain holds
    snaps = {r.game_id: check_snapshots(store, r.game_id) for r in results if r.ok}
    if as_json:
        click.echo(json.dumps([{**r.__dict__, "snapshots": {
            "ok": snaps[r.game_id].ok, "checked": snaps[r.game_id].checked,
            "unvouched": snaps[r.game_id].unvouched, "problems": snaps[r.game_id].problems,
        } if r.game_id in snaps else None} for r in results], indent=2))
    else:
        for r in results:
            if r.ok:
                click.echo(str(r))
            else:
                click.echo(f"error: {r}", err=True)
            check = snaps.get(r.game_id)
            if check is not None and not check.ok:
                for problem in check.problems:
                    click.echo(f"error: game {r.game_id}: {problem}", err=True)
            elif check is not None and check.checked:
                click.echo(f"  {check}")
        if not results:
            click.echo("no games stored yet")
    if not all(r.ok for r in results) or not all(c.ok for c in snaps.values()):
        sys.exit(EXIT_ERROR)


@main.command("seal")
@db_option
@click.argument("game")
@handle_errors
def seal(game: str) -> None:
    """Seal a finished GAME with its final hash; it then accepts no more events.

    The seed of a seeded game is revealed first (a SeedRevealed event), so anyone can
    check the commitment stored at its creation.  An unfinished game is refused: to end an
    abandoned game, a judge awards a game loss (`riftlog judge loss`), then seals it.

    \b
    Example:
        riftlog seal g1
    """
    from riftlog.recorder import seal_game

    digest = seal_game(open_store(), game)
    click.echo(f"game {game}: sealed with hash {digest}")


@main.command("schema")
@handle_errors
def schema() -> None:
    """Print the JSON Schema of the event format (envelope and every payload type).

    \b
    Example:
        riftlog schema > riftlog-event.schema.json
    """
    from riftlog.events import event_json_schema

    click.echo(json.dumps(event_json_schema(), indent=2, ensure_ascii=False))
