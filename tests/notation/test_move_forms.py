"""The legal moves as the recorder page's forms (riftlog.move_forms): every legal move is a
variant of exactly one form, each variant's values pick it, a damage split shows its
lethal-first rules, and a combination the forms allow but the rules do not is refused."""

from __future__ import annotations

from typing import Any

from riftlog.events.combat import CombatDamageAssigned
from riftlog.events.play import StandardMove
from riftlog.events.registry import parse_new_payload
from riftlog.move_forms import DAMAGE_RULES, move_forms
from riftlog.rules import engine
from riftlog.rules.editions import cite
from riftlog.rules.legal_moves import legal_moves
from tests.notation.samples import bot_states


def _payload(decision: dict[str, Any]) -> Any:
    return parse_new_payload(decision["type"], decision, "form")


def test_every_legal_move_is_one_variant_of_one_form() -> None:
    checked = 0
    for i, (state, _choice) in enumerate(bot_states("duel", 7, 200)):
        if i % 5:
            continue
        listed = [m.decision for m in legal_moves(state)]
        forms = move_forms(state)
        variants = [_payload(v.decision) for f in forms if f.key != "pass-all"
                    for v in f.variants]
        assert sorted(v.model_dump_json() for v in variants) == \
            sorted(d.model_dump_json() for d in listed)
        for f in forms:
            names = {fld.name for fld in f.fields}
            keys = [tuple(sorted((k, repr(v)) for k, v in var.values.items()))
                    for var in f.variants]
            assert len(set(keys)) == len(keys), f.title  # the values pick one variant
            for var in f.variants:
                assert set(var.values) == names, f.title
        checked += 1
    assert checked >= 20


def test_units_moved_are_one_form_with_units_and_a_destination() -> None:
    for state, _choice in bot_states("duel", 3, 300):
        moves = [m.decision for m in legal_moves(state) if isinstance(m.decision, StandardMove)]
        if len({u for m in moves for u in m.units}) < 2:
            continue
        [form] = [f for f in move_forms(state) if f.verb == "move"]
        assert [f.name for f in form.fields] == ["units", "destination"]
        assert {o.value for o in form.fields[0].options} == {u for m in moves for u in m.units}
        return
    raise AssertionError("no turn with two units to move")


def test_a_damage_split_shows_each_unit_s_lethal_damage_and_the_lethal_first_rule() -> None:
    for state, choice in bot_states("duel", 2, 600):
        if not isinstance(choice, CombatDamageAssigned):
            continue
        [form] = [f for f in move_forms(state) if f.verb == "assign"]
        [amounts] = form.fields
        req = engine.pending(state)[0]
        assert amounts.kind == "amounts" and amounts.total == req.options["total"]
        assert [o.value for o in amounts.options] == list(req.options["units"])
        assert set(amounts.lethal) == set(req.options["units"])
        assert all(v is None or v > 0 for v in amounts.lethal.values())
        lethal_first = cite("460.2.c.3", state.edition)  # e.g. "RUP4 465.2.c.3"
        assert form.rules == tuple(cite(r, state.edition) for r in DAMAGE_RULES)
        assert form.rules[0] == lethal_first
        assert f"({lethal_first})" in form.constraint and "lethal" in form.constraint  # edition named
        [variant] = form.variants
        assert not engine.check(state, _payload(variant.decision))
        # the bot's own split, given in the form's amounts, is judged legal
        assert not engine.check(state, choice)
        # a split with lethal damage on none while some is enough breaks 460.2.c.3 / .4
        units = [o.value for o in amounts.options]
        total = amounts.total or 0
        if len(units) >= 2 and total >= 2 and all(
                (amounts.lethal[u] or 0) > 1 for u in units[:2]):
            bad = {u: 0 for u in units}
            bad[units[0]] = 1
            bad[units[1]] = total - 1
            if total - 1 < (amounts.lethal[units[1]] or 0):
                wrong = CombatDamageAssigned(player=choice.player, battlefield=choice.battlefield,
                                             assignment=bad)
                rules = {v.citation for v in engine.check(state, wrong)}
                assert rules & {cite("460.2.c.3", state.edition),
                                cite("460.2.c.4", state.edition)}, rules
        return
    raise AssertionError("no combat in 600 choices")


def test_forms_are_ordered_with_end_and_concede_last() -> None:
    for state, _choice in bot_states("duel", 4, 60):
        req = engine.pending(state)[0]
        if req.kind != "main":
            continue
        verbs = [f.verb for f in move_forms(state)]
        assert verbs[-1] == "concede" and verbs[-2] == "end"
        return
    raise AssertionError("no main phase")


def test_everyone_passing_is_one_button_of_legal_passes_in_turn() -> None:
    seen = 0
    for state, _choice in bot_states("duel", 5, 400):
        forms = {f.key: f for f in move_forms(state)}
        if "pass-all" not in forms:
            continue
        [variant] = forms["pass-all"].variants
        sim = state.clone()
        players = []
        for d in (variant.decision, *variant.then):
            payload = _payload(d)
            assert payload.type == "PriorityPassed"
            assert engine.pending(sim)[0].player == payload.player  # awaited in turn
            assert not engine.check(sim, payload)
            engine.apply_in_place(sim, payload)
            players.append(payload.player)
        assert len(players) == len(set(players)) == 2  # each player of the duel once
        seen += 1
    assert seen >= 3


def test_a_mulligan_is_one_form_ticking_the_cards_to_set_aside() -> None:
    for state, _choice in bot_states("duel", 6, 10):
        req = engine.pending(state)[0]
        if req.kind != "mulligan":
            continue
        [form] = [f for f in move_forms(state) if f.verb == "mulligan"]
        [field] = form.fields
        assert field.kind == "checks"
        hand = state.players[str(req.player)].hand
        assert [o.value for o in field.options] == [c for c in hand if c in
                                                    {o.value for o in field.options}]
        keep = form.variants[0]  # what the form starts with: nothing ticked
        assert keep.values["set_aside"] == [] and keep.decision["type"] == "MulliganChosen"
        assert all(v.values["set_aside"] for v in form.variants[1:])
        return
    raise AssertionError("no mulligan")
