"""``riftlog match show`` and ``riftlog judge time``: matches as tournaments run them.

Thin over :mod:`riftlog.matches` and :meth:`riftlog.recorder.Recorder.call_time`.
"""

from __future__ import annotations

import click

from riftlog.cli import db_option, handle_errors, main, open_store
from riftlog.cli.judge import judge, judge_done, judge_identity, judge_option, open_recorder


@judge.command("time")
@db_option
@click.argument("game")
@judge_option
@click.option("--single-elimination", is_flag=True,
              help="Timed single elimination (TR 408.4) instead of TR 408.2.")
@click.option("--additional-turns", type=click.IntRange(0, 10), default=3, show_default=True,
              help="Turns after the turn in progress (5 for a game started after time, 408.4.d).")
@click.option("--sudden-death", is_flag=True,
              help="408.4.c.3: game wins are tied, so a tie on points goes to the next point.")
@click.option("--reason", default="", help="Why, in the judge's words.")
@handle_errors
def judge_time(game: str, judge_name: str | None, single_elimination: bool, additional_turns: int,
               sudden_death: bool, reason: str) -> None:
    """Call time on GAME's round: the turn finishes, the additional turns are played, then
    the engine ends the game (TR 408.2: a lead of 2 points wins, else a draw; 408.4).

    \b
    Example:
        riftlog judge time g1 --judge Ann
        riftlog judge time g7 --judge Ann --single-elimination --sudden-death
    """
    rec = open_recorder(game)
    judge_done(game, rec.call_time(judge_identity(judge_name), "408.4" if single_elimination else "408.2",
                                   additional_turns, sudden_death, reason))


@main.group("match")
def match_group() -> None:
    """Matches: games won and drawn, the match result, judge events.

    \b
    Example:
        riftlog match show m1
    """


@match_group.command("show")
@db_option
@click.argument("match")
@handle_errors
def match_show(match: str) -> None:
    """Show MATCH: each game's result and judge events, games won and drawn, the result.

    \b
    Example:
        riftlog match show m1
    """
    from riftlog.matches import match_view

    view = match_view(open_store(), match)
    where = ", ".join(x for x in (view.tournament and f"tournament {view.tournament}",
                                  view.round and f"round {view.round}",
                                  view.table and f"table {view.table}") if x)
    click.echo(f"match {view.match_id} (best of {view.best_of}{', ' + where if where else ''})")
    for g in view.games:
        click.echo(f"  game {g.game_number} {g.game_id}: {g.result()}")
        for line in g.judge_events:
            click.echo(f"      {line}")
    assert view.standing is not None
    click.echo(f"games: {view.standing.score()}")
    click.echo(f"result: {view.standing.result()}")
