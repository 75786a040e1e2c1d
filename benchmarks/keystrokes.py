"""Keystrokes to record the first turns of a sample game by hand: JSON before, notation
after (issue 20).

Run from the project root::

    python benchmarks/keystrokes.py                      # replays/duel-01.json, 3 turns
    python benchmarks/keystrokes.py --turns 5 --show

It reads the recorded events of the game and, for every player decision up to the end of
turn N (the mulligans of the setup included; random outcomes are drawn by the recorder
from the seed, so nobody types them), counts what a person types:

* before: ``riftlog play GAME '<json>'`` with the decision's JSON (fields left at their
  defaults omitted; object ids as the engine names them; the payment's runes named, since
  nothing chose them) and Enter;
* after, with ``riftlog play GAME '<line>'``: the line of notation and Enter;
* after, in ``riftlog record GAME``: the line and Enter, without Tab completion.

The line is what :func:`riftlog.notation.format_decision` prints, without its ``pay``
clause when the recorder's automatic payment chooses the same runes.  The script checks
that each line reads back (with the automatic payment) as exactly the recorded decision.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from riftlog.bundle import load_bundle
from riftlog.events.envelope import StoredEvent
from riftlog.notation import format_decision, parse_decision
from riftlog.reducer import Folder
from riftlog.rules.auto_payment import complete_payment


def _json_text(payload: dict[str, object]) -> str:
    data = {k: v for k, v in payload.items()
            if k == "type" or v not in (None, [], {}, False, {"exhaust": [], "recycle": []})}
    return json.dumps(data)


def count(path: Path, turns: int, show: bool = False) -> dict[str, int]:
    game = load_bundle(path).games[0]
    folder = Folder()
    totals = {"decisions": 0, "json": 0, "play": 0, "record": 0}
    prefix = f"riftlog play {game.id} ''"
    for row in game.events:
        ev = StoredEvent(game_id=game.id, **row.model_dump())
        payload = ev.decoded()
        state = folder.state
        if state is not None and state.turn > turns:
            break
        if state is not None and payload.IS_DECISION:
            line = format_decision(state, payload)
            if " pay " in line and "+{" not in line:
                short = line.split(" pay ")[0]
                if complete_payment(state, parse_decision(state, short)) == payload:
                    line = short
            back = complete_payment(state, parse_decision(state, line))
            if back != payload:
                raise SystemExit(f"seq {ev.seq}: {line!r} does not read back as the decision")
            before = len(prefix) + len(_json_text(ev.payload)) + 1
            totals["decisions"] += 1
            totals["json"] += before
            totals["play"] += len(prefix) + len(line) + 1
            totals["record"] += len(line) + 1
            if show:
                print(f"{ev.seq:4} {before:4} {len(line) + 1:3}  {line}")
        folder.feed(ev)
    return totals


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="replays/duel-01.json")
    ap.add_argument("--turns", type=int, default=3)
    ap.add_argument("--show", action="store_true", help="every decision and its line")
    args = ap.parse_args(argv)
    t = count(Path(args.game), args.turns, args.show)
    print(f"{args.game}, setup and turns 1-{args.turns}: {t['decisions']} decisions typed")
    print(f"  JSON with riftlog play:      {t['json']:6} keystrokes")
    print(f"  notation with riftlog play:  {t['play']:6} keystrokes "
          f"({t['json'] / t['play']:.1f}x fewer)")
    print(f"  notation in riftlog record:  {t['record']:6} keystrokes "
          f"({t['json'] / t['record']:.1f}x fewer)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
