"""Recording at the table: ``moves`` (every legal move now, in notation) and ``record``
(one process for the whole game, a prompt with completion).  Thin over
:mod:`riftlog.recording`."""

from __future__ import annotations

import sys
from typing import IO

import click

from riftlog.cli import acting, as_option, db_option, handle_errors, main, open_store, seed_keeper
from riftlog.errors import RecorderError


@main.command("moves")
@db_option
@click.argument("game")
@click.option("--player", default=None, metavar="P",
              help="Whose moves (default: the player the game awaits; another may only concede).")
@as_option
@handle_errors
def moves(game: str, player: str | None) -> None:
    """List every legal move in GAME now, in notation (docs/notation.md).

    Each card comes with the payment the recorder would choose; a damage split is one
    legal split followed by the constraints every other legal split keeps.  The moves
    name the cards in a hand, so a player (--as p1) may list only their own.

    \b
    Example:
        riftlog moves g1
        riftlog moves g1 --player p2
    """
    from riftlog.recorder import Recorder  # lazy: start-up time
    from riftlog.recording import moves_in_notation, random_outcome_hint
    from riftlog.rules import engine

    who = acting()
    rec = Recorder.open(open_store(), game, actor=who)
    if who.role == "player":
        reqs = engine.pending(rec.state) if not rec.state.is_over() else []
        whose = player or (reqs[0].player if reqs else None)
        if whose is not None and whose != who.name:
            raise RecorderError(f"game {game}: {who.name} may list only their own moves, "
                                f"not {whose}'s (their names would show {whose}'s hand)")
    lines = moves_in_notation(rec.state, player)
    for line in lines:
        click.echo(line)
    if not lines:
        click.echo(f"no legal move: the game awaits {engine.awaited(rec.state)}")
        hint = random_outcome_hint(rec.state, game)
        if hint:
            click.echo(hint)


@main.command("record")
@db_option
@click.argument("game")
@click.option("--judge", "judge_name", default=None, metavar="NAME",
              help="The judge who records the rewind an 'undo' is: short for --as judge:NAME "
                   "(without a judge identity, 'undo' is refused).")
@as_option
@click.option("--view", "viewer", default=None,
              help="Whose view the 'board' command shows (p1, spectator, judge ...; default: "
                   "judge, or the seat of a player's identity, --as p1).")
@handle_errors
def record(game: str, judge_name: str | None, viewer: str | None) -> None:
    """Record GAME at the table, one decision a line, in one process.

    Type decisions in notation (play Pakaa @ bf1, move Garen, Vi -> bf2, pass, end ...);
    Tab completes legal moves and card names.  Commands: moves, board, undo (a judge
    rewind, after a confirmation), help, quit.  A refused move is explained with the
    rule it breaks and the legal options; nothing is written then.  The session appends
    as the identity of --as (default recorder:local, any seat's decisions; p1: only
    p1's); undo needs a judge: --judge NAME or --as judge:NAME.

    \b
    Example:
        riftlog record g1 --judge "J. Doe"
        printf 'keep\\nkeep\\nmoves\\nquit\\n' | riftlog record g1
    """
    from riftlog.events.actor import Actor  # lazy: start-up time
    from riftlog.recorder import Recorder
    from riftlog.recording import HELP, TableSession

    who = acting()
    judge = who if who.role == "judge" else None
    if judge_name is not None:
        judge = Actor.judge(judge_name)
        if who.role == "judge" and who != judge:
            raise RecorderError(f"--judge {judge_name!r} and the identity {who.envelope()} "
                                "disagree; give one of them")
        if who.role != "judge":
            who = judge  # --judge NAME is short for --as judge:NAME
    if who.role == "player" and viewer not in (None, who.name):
        raise RecorderError(f"{who.envelope()} may see the board only as {who.name} "
                            f"(--view {who.name}), not as {viewer}")
    viewer = viewer or (who.name if who.role == "player" else "judge")
    rec = Recorder.open(store := open_store(), game, seed_keeper(store), actor=who)
    session = TableSession(rec, judge=judge)
    interactive = sys.stdin.isatty()
    if interactive:
        _readline(session)
    click.echo(HELP)
    _loop(session, sys.stdin, interactive, viewer)


def _readline(session: object) -> None:
    try:
        import readline  # lazy: only a terminal needs it
    except ImportError:  # pragma: no cover - platforms without readline
        return
    found: list[str] = []

    def complete(_text: str, index: int) -> str | None:
        if index == 0:
            found[:] = session.completions(readline.get_line_buffer())  # type: ignore[attr-defined]
        return found[index] if index < len(found) else None

    readline.set_completer_delims("")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


def _read(prompt: str, stream: IO[str], interactive: bool) -> str | None:
    if interactive:
        try:
            return input(prompt)
        except EOFError:
            return None
    click.echo(prompt, nl=False)
    line = stream.readline()
    if not line:
        return None
    click.echo(line.rstrip("\n"))
    return line


def _loop(session: object, stream: IO[str], interactive: bool, viewer: str) -> None:
    from riftlog.recording import TableSession  # lazy: start-up time

    assert isinstance(session, TableSession)
    while True:
        line = _read(session.prompt(), stream, interactive)
        if line is None:
            click.echo()
            return
        reply = session.handle(line)
        for text in reply.lines:
            click.echo(text)
        if reply.board:
            _board(session, viewer)
        while reply.confirm is not None:
            answer = _read("confirm? [y/N] ", stream, interactive)
            reply = reply.confirm(answer is not None and answer.strip().lower() in ("y", "yes"))
            for text in reply.lines:
                click.echo(text)
        if reply.done:
            return


def _board(session: object, viewer: str) -> None:
    from riftlog.recording import TableSession  # lazy: start-up time
    from riftlog.screen import screen_lines, unit_mights
    from riftlog.views import parse_viewer, state_view

    assert isinstance(session, TableSession)
    rec = session.rec
    data = state_view(rec.position(), parse_viewer(viewer, rec.created))
    for line in screen_lines(data, unit_mights(rec.folder.state, data)):
        click.echo(line)
