"""The decision notation (docs/notation.md): every decision type, names not ids, and
``parse(print(d)) == d`` for the sample games and random bot games in every mode."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riftlog.errors import NotationError
from riftlog.events.abilities import ChoiceMade
from riftlog.events.decisions import GameConceded, MulliganChosen, Payment, TurnEnded
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.events.registry import payload_types
from riftlog.notation import DECISION_VERBS, card_name, format_decision, parse_decision
from riftlog.rules.board.state import GameState
from tests.notation.samples import MODES, bot_states, sample_decisions


def _kept_samples(per_type: int = 20) -> dict[str, list[tuple[GameState, Any]]]:
    out: dict[str, list[tuple[GameState, Any]]] = {}
    for _, _, state, d in sample_decisions():
        kept = out.setdefault(d.type, [])
        if len(kept) < per_type:
            kept.append((state.clone(), d))
    return out


KEPT = _kept_samples()


def _first_main(mode: str = "duel", seed: int = 1) -> GameState:
    for state, choice in bot_states(mode, seed, 200):
        if choice.type == "CardPlayed" and state.turn_player == getattr(choice, "player", None):
            return state
    raise AssertionError("no card played in 200 choices")


def test_every_decision_type_has_a_verb() -> None:
    decisions = {t for t, m in payload_types().items() if m.IS_DECISION}
    assert decisions == set(DECISION_VERBS)


def test_the_sample_games_hold_every_decision_type_but_a_few() -> None:
    seen = set(KEPT)
    # the sample games do not burn out (BurnOutPointGiven is tested on its own below)
    assert set(DECISION_VERBS) - seen <= {"BurnOutPointGiven", "ShowdownChosen"}


def test_parse_of_print_is_the_decision_for_every_sample_decision() -> None:
    bad = []
    count = 0
    for game, seq, state, d in sample_decisions():
        count += 1
        line = format_decision(state, d)
        if parse_decision(state, line, player=d.player) != d:  # type: ignore[attr-defined]
            bad.append((game, seq, line))
    assert not bad
    assert count > 3000


def test_lines_name_cards_not_ids() -> None:
    lines = [format_decision(s, d) for _, _, s, d in sample_decisions() if d.type == "CardPlayed"]
    with_ids = [x for x in lines if "#" in x]
    assert len(with_ids) < len(lines) / 5
    assert all(".m" not in x.split("#")[0] for x in lines)


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=4)
@given(seed=st.integers(0, 10_000))
def test_parse_of_print_in_random_bot_games(mode: str, seed: int) -> None:
    for state, d in bot_states(mode, seed, 120):
        if not d.IS_DECISION:
            continue
        line = format_decision(state, d, with_player=True)
        assert parse_decision(state, line) == d, line


def test_play_by_name_prefix_and_place() -> None:
    state = _first_main()
    me = state.turn_player
    oid = next(o for o in state.players[me].hand)
    name = card_name(state.objects[oid].card)
    d = parse_decision(state, f"play {name.split()[0]} @ bf1")
    assert isinstance(d, CardPlayed) and d.player == me
    assert state.objects[d.card].card == state.objects[oid].card
    assert d.destination == state.battlefields[0].oid and d.payment == Payment()
    assert parse_decision(state, f"play {name} @ base").destination == "base"  # type: ignore[attr-defined]


def test_unknown_and_ambiguous_names_are_refused_in_words() -> None:
    state = _first_main()
    with pytest.raises(NotationError, match="no card 'Zzyzx'"):
        parse_decision(state, "play Zzyzx @ base")
    with pytest.raises(NotationError, match="not a place here: base, bf1"):
        parse_decision(state, "move Garen -> bf9")
    with pytest.raises(NotationError, match="unknown verb 'dance'"):
        parse_decision(state, "dance")
    me = state.turn_player
    p = state.players[me]
    names = sorted({card_name(state.objects[o].card) for o in (*p.hand, *p.champion)})
    pairs = [(a.split(",")[0], a, b) for a, b in itertools.pairwise(names)
             if a.split(",")[0] == b.split(",")[0]]
    prefix, a, b = pairs[0]  # this hand holds "Lux, Crownguard" and "Lux, Illuminated"
    with pytest.raises(NotationError, match=f"'{prefix}' is ambiguous: {a}, {b}"):
        parse_decision(state, f"play {prefix} @ base")
    assert parse_decision(state, f'play "{a}" @ base').type == "CardPlayed"


def test_an_object_id_tells_copies_apart() -> None:
    state = _first_main()
    me = state.turn_player
    oid = state.players[me].hand[-1]
    short = oid.split(".", 1)[1]
    assert parse_decision(state, f"play #{short} @ base").card == oid  # type: ignore[attr-defined]
    assert parse_decision(state, f"play #{oid} @ base").card == oid  # type: ignore[attr-defined]


def test_flow_decisions_and_the_player_prefix() -> None:
    state = _first_main()
    me = state.turn_player
    other = next(p for p in state.players if p != me)
    assert parse_decision(state, "end") == TurnEnded(player=me)
    assert parse_decision(state, f"{other}: concede") == GameConceded(player=other)
    assert parse_decision(state, "yes", player=me) == ChoiceMade(player=me, choice={"use": True})
    assert parse_decision(state, "choose no", player=me) == ChoiceMade(player=me, choice={"use": False})
    assert parse_decision(state, "keep", player=me) == MulliganChosen(player=me)


def test_json_is_still_accepted() -> None:
    state = _first_main()
    assert parse_decision(state, '{"type": "TurnEnded", "player": "p2"}') == TurnEnded(player="p2")


def test_moves_and_payments_read_in_words() -> None:
    for state, d in KEPT["UnitsMoved"]:
        assert isinstance(d, StandardMove)
        line = format_decision(state, d)
        assert line.startswith("move ") and " -> " in line
    plays = [(s, d) for s, d in KEPT["CardPlayed"] if d.payment.exhaust]
    state, d = plays[0]
    line = format_decision(state, d)
    paid = line.split(" pay ")[1]
    assert "Rune" not in paid or "#" in paid  # rune names are cut to their domain


@pytest.mark.parametrize("verb_type", sorted(DECISION_VERBS))
def test_each_decision_type_round_trips(verb_type: str) -> None:
    """One decision of each type (from the samples or a bot game) prints and parses back."""
    found = KEPT.get(verb_type, [])
    if not found:
        found = _from_bots(verb_type)
    assert found, f"no {verb_type} to test"
    for state, d in found:
        line = format_decision(state, d)
        assert line.split()[0] == DECISION_VERBS[verb_type]
        assert parse_decision(state, line, player=d.player) == d  # type: ignore[attr-defined]


def _from_bots(verb_type: str) -> list[tuple[GameState, object]]:
    from riftlog.events.decisions import BurnOutPointGiven
    from riftlog.events.showdown import ShowdownChosen

    state = _first_main("ffa3", 2)
    if verb_type == "BurnOutPointGiven":
        return [(state, BurnOutPointGiven(player=state.turn_player, opponent=p))
                for p in state.players if p != state.turn_player]
    if verb_type == "ShowdownChosen":
        return [(state, ShowdownChosen(player=state.turn_player, battlefield=bf.oid))
                for bf in state.battlefields]
    return []


def test_lines_for_other_viewers_name_no_hidden_card() -> None:
    from riftlog.narration import describe_payload

    checked = 0
    for _, _, state, d in sample_decisions():
        if isinstance(d, MulliganChosen) and d.set_aside:
            names = {card_name(state.objects[o].card) for o in d.set_aside}
        elif isinstance(d, ChoiceMade) and any(
                isinstance(v, list) and v and all(
                    isinstance(o, str) and o in state.objects
                    and state.objects[o].zone in ("hand", "main_deck") for o in v)
                for v in d.choice.values()):
            names = {card_name(state.objects[o].card) for v in d.choice.values()
                     for o in v if isinstance(o, str) and o in state.objects}
        else:
            continue
        checked += 1
        other = next(p for p in state.players if p != d.player)
        for viewer in ("spectator", other):
            line = describe_payload(state, d, viewer)
            assert not any(n.split()[0] in line for n in names), line
        full = format_decision(state, d, with_player=True)  # names (maybe cut to a prefix)
        assert describe_payload(state, d, d.player) == full == describe_payload(state, d, "judge")
    assert checked >= 5


def test_a_recorded_damage_order_reads_in_words() -> None:
    from riftlog.events.combat import CombatDamageAssigned

    found = [(s.clone(), d) for _, _, s, d in sample_decisions()
             if isinstance(d, CombatDamageAssigned) and d.order]
    assert found
    for state, d in found:
        line = format_decision(state, d)
        assert " order " in line and "+{" not in line
        assert parse_decision(state, line, player=d.player) == d
