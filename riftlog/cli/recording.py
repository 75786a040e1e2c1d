"""Recording at the table: ``moves`` (every legal move now, in notation) and ``record``
(one process for the whole game, a prompt with completion).  Thin over
:mod:`riftlog.recording`."""

from __future__ import annotations

import sys
from typing import IO

import click

from riftlog.cli import db_option, handle_errors, main, open_store


@main.command("moves")
@db_option
@click.argument("game")
@click.option("--player", default=None, metavar="P",
              help="Whose moves (default: the player the game awaits; another may only concede).")
@handle_errors
def moves(game: str, player: str | None) -> None:
    """List every legal move in GAME now, in notation (docs/notation.md).

    Each card comes with the payment the recorder would choose; a damage split is one
    legal split followed by the constraints every other legal split keeps.

    \b
    Example:
        riftlog moves g1
        riftlog moves g1 --player p2
    """
    from riftlog.recorder import Recorder  # lazy: start-up time
    from riftlog.recording import moves_in_notation
    from riftlog.rules import engine

    rec = Recorder.open(open_store(), game)
    lines = moves_in_notation(rec.state, player)
    for line in lines:
        click.echo(line)
    if not lines:
        click.echo(f"no legal move: the game awaits {engine.awaited(rec.state)}")


@main.command("record")
@db_option
@click.argument("game")
@click.option("--judge", "judge_name", default="table", show_default=True,
              help="Who is named on the judge rewind an 'undo' records.")
@click.option("--view", "viewer", default="judge", show_default=True,
              help="Whose view the 'board' command shows (p1, spectator, judge ...).")
@handle_errors
def record(game: str, judge_name: str, viewer: str) -> None:
    """Record GAME at the table, one decision a line, in one process.

    Type decisions in notation (play Pakaa @ bf1, move Garen, Vi -> bf2, pass, end ...);
    Tab completes legal moves and card names.  Commands: moves, board, undo (a judge
    rewind, after a confirmation), help, quit.  A refused move is explained with the
    rule it breaks and the legal options; nothing is written then.

    \b
    Example:
        riftlog record g1
        printf 'keep\\nkeep\\nmoves\\nquit\\n' | riftlog record g1
    """
    from riftlog.recorder import Recorder  # lazy: start-up time
    from riftlog.recording import HELP, TableSession

    rec = Recorder.open(open_store(), game)
    session = TableSession(rec, judge=judge_name)
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
