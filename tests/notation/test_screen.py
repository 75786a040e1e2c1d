"""The step viewer: one 80x24 screen redrawn in place, units with their marks, events in
notation with what they did in words, brackets and names printed as text."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from riftlog.bundle import load_bundle
from riftlog.events.envelope import StoredEvent
from riftlog.screen import HEIGHT, WIDTH, screen_lines
from riftlog.step import Navigator, render_board, run, screen
from riftlog.views import Viewer
from tests.notation.samples import REPLAYS


def _nav(name: str) -> Navigator:
    game = load_bundle(next(p for p in REPLAYS if p.stem == name)).games[0]
    return Navigator([StoredEvent(game_id=game.id, **e.model_dump()) for e in game.events])


def test_every_screen_of_a_duel_fits_80x24_and_prints_no_dict() -> None:
    nav = _nav("duel-01")
    for seq in range(1, nav.last + 1, 3):
        for who in (Viewer("judge"), Viewer("player", "p2")):
            lines = screen(nav, seq, who)
            assert len(lines) <= HEIGHT, (seq, lines)
            assert all(len(x) <= WIDTH for x in lines), lines
            assert not any("{'" in x or '{"' in x for x in lines)


def test_four_players_fit_too() -> None:
    nav = _nav("ffa4-01")
    for seq in range(1, nav.last + 1, 25):
        assert len(screen(nav, seq, Viewer("spectator"))) <= HEIGHT


def test_events_read_in_notation_and_words() -> None:
    nav = _nav("duel-01")
    said = [screen(nav, s, Viewer("judge")) for s in range(1, nav.last + 1)]
    events = [lines[lines.index("-" * WIDTH) + 1] for lines in said]
    assert any(" p1: play " in e and " @ " in e for e in events)
    assert any(" p2: pass" in e for e in events)
    words = "\n".join(x for lines in said for x in lines)
    assert " died" in words and " conquered " in words and "+1 point" in words


def _view(**unit: Any) -> dict[str, Any]:
    objects = {
        "p1.m01": {"card": "OGN-001", "zone": "base", "controller": "p1", **unit},
        "p1.m02": {"card": "OGN-001", "zone": "base", "controller": "p1", "attached_to": "p1.m01"},
    }
    player = {"name": "Bob [the builder]", "points": 0, "pool": {"energy": 0, "power": {}},
              "legend": [], "champion": [], "hand": {"count": 2}, "main_deck": {"count": 30},
              "rune_deck": {"count": 9}, "base": ["p1.m01", "p1.m02"], "trash": []}
    return {"seq": 5, "viewer": "p2", "state": {
        "turn": 2, "phase": "main", "turn_player": "p1", "priority": "p1", "seating": ["p1"],
        "players": {"p1": player}, "objects": objects, "chain": [],
        "battlefields": [{"oid": "p2.bf1", "card": "OGN-001", "controller": "p1",
                          "units": [], "facedown": ["p2.m09"]}]}}


def test_a_unit_shows_its_marks_gear_and_a_hidden_card_as_face_down() -> None:
    lines = screen_lines(_view(exhausted=True, damage=2, buffed=True, stunned=True),
                         {"p1.m01": 4})
    text = "\n".join(lines)
    assert "[4 M, 2 dmg, exh, buff, stun] + " in text
    assert "facedown: face-down card" in text
    assert "Bob [the builder]" in text


def test_board_tables_print_brackets_as_text() -> None:
    out = io.StringIO()
    Console(file=out, width=200, highlight=False).print(render_board(_view(exhausted=True)))
    assert "Bob [the builder]" in out.getvalue() and "[exh]" in out.getvalue()


def test_the_viewer_redraws_in_place_on_a_terminal() -> None:
    nav = _nav("duel-01")
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=80, height=24, color_system=None)
    run(nav, io.StringIO("n\nq\n"), console)
    assert out.getvalue().count("\x1b[2J") == 2  # cleared before each screen


def test_face_down_cards_cut_to_a_count_show_as_that_many() -> None:
    nav = _nav("duel-05")  # cards are hidden at battlefields in this game
    seen = 0
    for seq in range(1, nav.last + 1):
        judge = nav.view(Viewer("judge")).state(nav.at(seq))["state"]
        real = sum(len(bf["facedown"]) for bf in judge["battlefields"])
        if not real and seq % 10:
            continue
        seen += real
        for who in ("p1", "p2"):
            lines = screen(nav, seq, Viewer("player", who), full=True)
            assert sum("facedown: " in x for x in lines) == real, (seq, who)
    assert seen > 0
