"""Issue 6: judging under the previous edition (v1.2) - citations, behaviour, replay, CLI.

Each test is one difference or one citation; rule ids are written with their edition.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from riftlog.bundle import import_file, load_bundle
from riftlog.cards.vocab import All, Draw, Encoding, Kill, SpellEffect, Triggered, When
from riftlog.cli import main
from riftlog.errors import IllegalDecision
from riftlog.events.decisions import MulliganChosen, PriorityPassed
from riftlog.events.play import StandardMove
from riftlog.recorder import create_game
from riftlog.replay import edition_differences, replay_game
from riftlog.rules import bot, engine
from riftlog.rules.board import xp
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import ChainItem, GameState
from riftlog.rules.editions import EditionUnsupported, counterpart
from riftlog.rules.editions.differences import DIFFERENCES
from riftlog.rules.flow import turn
from riftlog.rules.interpreter import effects
from tests.cards_engine.conftest import encode  # noqa: F401  (fixture)
from tests.cards_engine.helpers import control, game, pass_all, play
from tests.cards_engine.test_replacement_cards import VOID_SEEKER
from tests.cards_engine.test_replacement_cards import _armed as armed
from tests.cards_engine.test_replacement_cards import _spirit_played as spirit_played
from tests.rules.board import BALLISTA, SKULKER, put, table
from tests.rules.combat_board import attach
from tests.rules.engine_fixtures import created, setup_to_mulligan
from tests.rules.showdown_board import main_phase
from tests.rules.test_play import EN_GARDE
from tests.rules.test_showdown import board as showdown_board
from tests.rules.test_showdown import contest, go, play_spell, reaction_board
from tests.usecases.helpers import DECKS, new_store, seat

Encode = Callable[..., Encoding]
HUB = "OGN-219"  # a plain unit, given a test-only "when I die, draw 1"
REPLAYS = Path(__file__).resolve().parents[2] / "replays"
P1 = f"p1:Alice:{DECKS / 'annie-dark-child.txt'}"
P2 = f"p2:Bob:{DECKS / 'garen-might-of-demacia.txt'}"


def _citations(violations: list[object]) -> list[str]:
    return [v.citation for v in violations]  # type: ignore[attr-defined]


def _edition_rules(log: list[GameAction]) -> list[str]:
    return [str(a.details["difference"]) for a in log if a.kind == "edition_rule"]


# --- a decision legal under one edition and illegal under the other ---------------------


def _after_a_death_trigger_in_a_showdown(encode: Encode, edition: str) -> GameState:  # noqa: F811
    """A non-combat showdown at bf1 (p1 has Focus).  p1's Reaction spell kills p2's unit,
    whose death trigger then opens a chain of its own; everyone passes until it resolved."""
    encode(EN_GARDE, SpellEffect((Kill(All("unit", "enemy")),)))
    encode(HUB, Triggered(When("dies", "me"), (Draw(1),)))
    state, en_garde, _ = reaction_board()
    state.edition = edition
    put(state, HUB, "p2", "base")
    put(state, SKULKER, "p2", "main_deck")
    state, _ = go(state, play_spell(state, "p1", en_garde))
    opened_by_trigger = False
    for _ in range(8):
        if not state.chain:
            break
        opened_by_trigger = opened_by_trigger or bool(state.chain[0].effect.get("trigger"))
        (req,) = engine.pending(state)
        state, log = go(state, PriorityPassed(player=req.player or ""))
    assert opened_by_trigger and not state.chain and state.showdown is not None
    assert not state.showdown.combat and state.players["p2"].trash  # the unit died
    state.extra["last_log"] = _edition_rules(log)
    return state


def test_v1_3_346_1_focus_stays_after_the_trigger_chain(encode: Encode) -> None:  # noqa: F811
    state = _after_a_death_trigger_in_a_showdown(encode, "v1.3")
    assert state.showdown is not None and state.showdown.focus == "p2"
    assert engine.check(state, PriorityPassed(player="p2")) == []
    assert _citations(engine.check(state, PriorityPassed(player="p1"))) == ["v1.3 313.1"]


def test_v1_2_343_focus_passes_after_the_trigger_chain(encode: Encode) -> None:  # noqa: F811
    """v1.2 has no 346.1: only a combat's Initial Chain keeps Focus (343.1, 342.1)."""
    state = _after_a_death_trigger_in_a_showdown(encode, "v1.2")
    assert state.showdown is not None and state.showdown.focus == "p1"
    assert state.extra["last_log"] == ["focus-after-trigger-chain"]
    assert engine.check(state, PriorityPassed(player="p1")) == []
    assert _citations(engine.check(state, PriorityPassed(player="p2"))) == ["v1.2 313.1"]
    with pytest.raises(IllegalDecision, match=r"v1\.2 313\.1"):
        engine.apply(state, PriorityPassed(player="p2"))


def test_v1_2_343_1_the_combat_initial_chain_keeps_focus(encode: Encode) -> None:  # noqa: F811
    """An attack trigger's chain is the Initial Chain (v1.2 342.1): Focus stays, as under
    v1.3 346.1, and no edition difference is logged."""
    encode(HUB, Triggered(When("attacks", "me"), (Draw(1),)))
    state = game()
    state.edition = "v1.2"
    control(state, "bf1", "p2")
    put(state, SKULKER, "p2", "battlefield", "bf1")
    unit = put(state, HUB, "p1", "base")
    state, log = go(state, StandardMove(player="p1", units=(unit,), destination="bf1"))
    noted = _edition_rules(log)
    for _ in range(8):
        if not state.chain:
            break
        (req,) = engine.pending(state)
        state, log = go(state, PriorityPassed(player=req.player or ""))
        noted += _edition_rules(log)
    sd = state.showdown
    assert sd is not None and sd.combat and sd.focus == "p1" and noted == []
    assert _citations(engine.check(state, PriorityPassed(player="p2"))) == ["v1.2 313.1"]


# --- a rule whose id moved ----------------------------------------------------------------


def _three_set_aside(edition: str) -> tuple[GameState, MulliganChosen]:
    state = setup_to_mulligan(created(rules_edition=edition))
    (req,) = engine.pending(state)
    assert req.kind == "mulligan" and req.player is not None
    return state, MulliganChosen(player=req.player, set_aside=tuple(state.players[req.player].hand[:3]))


def test_v1_3_118_1_three_cards_set_aside_is_refused() -> None:
    state, too_many = _three_set_aside("v1.3")
    assert _citations(engine.check(state, too_many)) == ["v1.3 118.1"]


def test_v1_2_117_1_the_same_mulligan_cites_the_v1_2_id() -> None:
    """The rule is 118.1 in v1.3 and 117.1 in v1.2: cited through the map, not relabelled."""
    state, too_many = _three_set_aside("v1.2")
    assert state.edition == "v1.2"
    assert _citations(engine.check(state, too_many)) == ["v1.2 117.1"]
    with pytest.raises(IllegalDecision, match=r"v1\.2 117\.1") as err:
        engine.apply(state, too_many)
    assert "118.1" not in str(err.value)


def test_a_v1_2_game_is_judged_and_replayed_under_v1_2_by_default(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    rec = create_game(store, "old", mode="duel", rules_edition="v1.2", randomness="recorded",
                      players=[seat("p1", "annie-dark-child.txt"),
                               seat("p2", "garen-might-of-demacia.txt")])
    rng = random.Random(1)
    while engine.pending(rec.state)[0].kind != "mulligan":
        rec.record(bot.choose(rec.state, rng))
    pid = engine.pending(rec.state)[0].player
    assert pid is not None
    seq = rec.record(MulliganChosen(player=pid, set_aside=tuple(rec.state.players[pid].hand[:3])),
                     mode="record").last_seq
    report = replay_game(store, "old")
    assert (report.edition, report.game_edition) == ("v1.2", "v1.2")
    assert report.verdicts[seq - 1].rules == ["v1.2 117.1"]
    again = replay_game(store, "old", edition="v1.3")
    assert again.verdicts[seq - 1].rules == ["v1.3 118.1"]
    assert edition_differences(report, again) == []  # illegal under both
    # game actions cite the same rules, each by its id in the edition judged
    pairs = [(a["rule"], b["rule"]) for x, y in zip(report.verdicts, again.verdicts, strict=True)
             for a, b in zip(x.actions, y.actions, strict=True) if b["rule"]]
    assert pairs and all(a == (counterpart(b) or f"v1.3 {b}") for a, b in pairs)
    assert ("400.1", "413.1") in pairs  # a draw
    assert report.to_json()["edition"] == "v1.2"


# --- the differences the engine follows ---------------------------------------------------


def _empty_controlled(edition: str, *, chain: bool) -> tuple[GameState, list[GameAction]]:
    state = main_phase(table())
    state.edition = edition
    state.battlefield("bf1").controller = "p1"
    if chain:
        state.chain = [ChainItem(id="c9", kind="spell", controller="p1", source=None)]
    log: list[GameAction] = []
    turn.cleanup(state, log)
    return state, log


def test_v1_3_323_6_an_empty_battlefield_stays_controlled_while_the_chain_exists() -> None:
    state, _ = _empty_controlled("v1.3", chain=True)
    assert state.battlefield("bf1").controller == "p1"


def test_v1_2_322_6_an_empty_battlefield_is_freed_at_once() -> None:
    state, log = _empty_controlled("v1.2", chain=True)
    assert state.battlefield("bf1").controller is None
    assert _edition_rules(log) == ["lose-control-when-empty"]


PORO = "OGN-013"  # a unit with Deflect


def test_v1_2_735_1_c_deflect_is_charged_once_per_unit() -> None:
    """The same Deflect unit chosen twice: v1.3 809.1.c charges twice, v1.2 735.1.c once."""
    state = main_phase(table())
    poro = put(state, PORO, "p2", "base")
    chosen = {"first": [poro], "second": [poro]}
    assert effects.deflect_power(state, "p1", chosen) == 2
    state.edition = "v1.2"
    assert effects.deflect_power(state, "p1", chosen) == 1


def test_v1_2_322_1_a_tie_at_the_victory_score_is_refused_by_name() -> None:
    state = main_phase(table())
    state.players["p1"].points = state.players["p2"].points = state.victory_score
    assert turn.check_victory(state, []) is False  # v1.3 323.1: nobody has more
    state.edition = "v1.2"
    with pytest.raises(EditionUnsupported, match=r"v1\.2 322\.1"):
        turn.check_victory(state, [])


def test_v1_2_322_7_an_attached_gear_at_a_battlefield_is_refused_by_name() -> None:
    """v1.2 recalls every gear at battlefields, attached ones too (v1.3 323.7: unattached)."""
    state = main_phase(table())
    unit = put(state, SKULKER, "p1", "battlefield", "bf1")
    state.battlefield("bf1").controller = "p1"
    attach(state, BALLISTA, unit)
    turn.cleanup(state, [])
    assert state.objects[unit].location == "bf1"  # v1.3: it stays attached there
    state.edition = "v1.2"
    with pytest.raises(EditionUnsupported, match=r"v1\.2 322\.7"):
        turn.cleanup(state, [])


def test_v1_2_345_2_b_a_showdown_turning_into_combat_is_refused_by_name() -> None:
    """v1.3 323.14 turns the showdown into a combat showdown at once; v1.2 waits (345.2.b)."""
    state, oid = showdown_board()
    state.edition = "v1.2"
    state = contest(state, oid)
    assert state.showdown is not None and not state.showdown.combat
    put(state, SKULKER, "p2", "battlefield", "bf1")  # e.g. moved there by an effect
    with pytest.raises(EditionUnsupported, match=r"v1\.2 345\.2\.b"):
        turn.cleanup(state, [])


def test_v1_2_an_optional_replacement_is_refused_by_name() -> None:
    """Unlicensed Armory's shield may be declined under v1.3 (371.1); v1.2 364-368 have no
    optional replacement: the death is refused by name rather than judged by v1.3."""
    state, _, unit = armed()
    state.edition = "v1.2"
    state.objects[unit].damage = 9
    with pytest.raises(EditionUnsupported, match=r"v1\.3 370\.2, 371, 373 is new"):
        turn.cleanup(state, [])


def test_v1_2_has_no_prevent() -> None:
    state = spirit_played()
    state.edition = "v1.2"
    foe = put(state, SKULKER, "p2", "battlefield", "bf1")
    with pytest.raises(EditionUnsupported, match=r"v1\.3 437 is new"):
        pass_all(play(state, put(state, VOID_SEEKER, "p1", "hand"), destination=None,
                      targets=(foe,)))


def test_v1_2_has_no_xp() -> None:
    state = main_phase(table())
    xp.gain_xp(state, "p1", 2, [])
    assert xp.xp(state, "p1") == 2
    state.edition = "v1.2"
    with pytest.raises(EditionUnsupported, match=r"v1\.3 728-733 is new"):
        xp.gain_xp(state, "p1", 1, [])


def test_v1_2_466_4_a_a_2v2_game_is_refused_by_name() -> None:
    gc = created("2v2", teams=["a", "b", "a", "b"], n_battlefields=3, rules_edition="v1.2")
    with pytest.raises(EditionUnsupported, match=r"v1\.2 466\.4\.a"):
        engine.new_game(gc)


def test_every_unsupported_difference_names_where_it_raises() -> None:
    root = Path(__file__).resolve().parents[2]
    for d in DIFFERENCES:
        if d.status == "equivalent":
            continue
        file, _, function = d.where.partition(" ")
        path = root / file
        assert path.exists(), d.key
        text = path.read_text(encoding="utf-8")
        assert "v1.2" in text, d.key
        if function.isidentifier():
            assert f"def {function}(" in text, d.key


# --- the sample replays under v1.2 ----------------------------------------------------------


@pytest.mark.parametrize("path", sorted(REPLAYS.glob("*.json")), ids=lambda p: p.stem)
def test_sample_replays_judged_under_v1_2_differ_only_where_the_table_says(
        path: Path, tmp_path: Path) -> None:
    store = new_store(tmp_path)
    try:
        import_file(store, path)
        for game in load_bundle(path).games:
            base = replay_game(store, game.id)
            old = replay_game(store, game.id, edition="v1.2")
            assert old.edition == "v1.2" and len(old.verdicts) == len(base.verdicts)
            assert all(r.startswith("v1.2 ") or "no v1.2 counterpart" in r
                       for v in old.verdicts for r in v.rules)
            diffs = edition_differences(base, old)
            unexplained = [d for d in diffs if not d.get("explained_by")]
            assert unexplained == [], unexplained[:3]
            if game.mode == "2v2":
                assert diffs and diffs[0]["explained_by"] == ["2v2-battlefields"]
    finally:
        store.close()


# --- CLI ---------------------------------------------------------------------------------------


def run(db: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--db", str(db), *args])


def _db(tmp_path: Path) -> Path:
    db = tmp_path / "riftlog.db"
    assert run(db, "db", "upgrade").exit_code == 0
    return db


def test_cli_replay_rules_v1_2_prints_the_differences_section(tmp_path: Path) -> None:
    db = _db(tmp_path)
    assert run(db, "import", str(REPLAYS / "2v2-01.json")).exit_code == 0
    [gid] = [g.id for g in load_bundle(REPLAYS / "2v2-01.json").games]
    res = run(db, "replay", gid, "--rules", "v1.2")
    assert res.exit_code == 0, res.output
    assert "judged under v1.2" in res.output
    assert "verdicts that differ between v1.3 (the game's edition) and v1.2" in res.output
    assert "2v2-battlefields" in res.output and "466.4.a" in res.output
    data = json.loads(run(db, "replay", gid, "--rules", "v1.2", "--json").output)
    assert data["edition"] == "v1.2" and data["compared_with"] == "v1.3"
    assert data["differences"] and data["differences"][0]["explained_by"] == ["2v2-battlefields"]


def test_cli_replay_rules_v1_2_keeps_the_dispute_exit_status(tmp_path: Path) -> None:
    db = _db(tmp_path)
    assert run(db, "new", "g1", "--player", P1, "--player", P2, "--seed", "s").exit_code == 0
    assert run(db, "bot", "g1", "--seed", "3", "--turns", "3", "--keep-open").exit_code == 0
    state = json.loads(run(db, "state", "g1", "--json").output)["state"]
    other = "p2" if state["turn_player"] == "p1" else "p1"
    run(db, "play", "g1", json.dumps({"type": "TurnEnded", "player": other}), "--record-mode")
    res = run(db, "replay", "g1", "--rules", "v1.2", "--json")
    assert res.exit_code == 2
    data = json.loads(res.output)
    assert data["edition"] == "v1.2" and not data["ok"]
    bad = data["events"][data["first_illegal"] - 1]
    assert bad["rules"] and all(r.startswith("v1.2 ") for r in bad["rules"])


def test_cli_a_game_created_under_v1_2_is_judged_under_it(tmp_path: Path) -> None:
    db = _db(tmp_path)
    res = run(db, "new", "g2", "--player", P1, "--player", P2, "--seed", "s", "--edition", "v1.2")
    assert res.exit_code == 0, res.output
    assert run(db, "bot", "g2", "--seed", "3", "--turns", "2", "--keep-open").exit_code == 0
    out = run(db, "replay", "g2")
    assert out.exit_code == 0 and "judged under v1.2" in out.output
    same = run(db, "replay", "g2", "--rules", "v1.2")
    assert "created under v1.2: no other edition to compare with" in same.output
