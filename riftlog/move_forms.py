"""The legal moves of the player to act, grouped into the small forms of the recorder page
(issue 23): one button or form per thing to do, with the choices left as fields.

:func:`move_forms` takes the legal moves of :func:`riftlog.rules.legal_moves.legal_moves`
and groups them: every way of playing one card is one form (where it goes, Accelerate, the
mode, each target), every move of units is one form (which units, where to), a combat
damage assignment is one form with an amount per unit, and what has no choice left
(``end``, ``pass``) is a button.  Each form lists its legal *variants* (the decision, its
notation and the field values that pick it), so a client sends the listed decision for a
listed combination and builds one from the fields otherwise, for the rules engine to judge
(a combination the engine refuses is answered with the rule it breaks).

A damage assignment form shows what makes a split legal: each unit's lethal damage, the
units taking damage first (Tank) or last (Backline, "assigned last"), and the rules ids
(lethal damage in full to one unit before the next, v1.3 ``460.2.c.3``; no excess while
units remain, ``460.2.c.4``; the order, ``460.2.c.5``-``7``), cited under the game's edition.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from riftlog.errors import RiftlogError
from riftlog.events.abilities import ChoiceMade
from riftlog.events.combat import CombatDamageAssigned
from riftlog.events.decisions import MulliganChosen, PriorityPassed
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.events.registry import Payload
from riftlog.notation import DECISION_VERBS, card_name, format_decision, place_name
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from riftlog.rules.editions import cite, retell_text
from riftlog.rules.flow.combat_damage import slots
from riftlog.rules.legal_moves import LegalMove, legal_moves

__all__ = ["DAMAGE_RULES", "FormField", "MoveForm", "Option", "Variant", "move_forms"]

#: The rules a combat damage split keeps (v1.3 ids; each game's form cites them under the
#: game's edition, :func:`riftlog.rules.editions.cite`).
DAMAGE_RULES = ("460.2.c.3", "460.2.c.4", "460.2.c.5")

#: The verbs in the order the page shows them (the common ones first).
_ORDER = ("assign", "choose", "mulligan", "pass-all", "play", "move", "hide", "activate",
          "showdown", "battlefield", "order", "point", "pass", "end", "concede")

_BUTTONS = {"play": "Play", "move": "Move", "assign": "Assign damage", "mulligan": "Mulligan",
            "choose": "Choose", "hide": "Hide", "activate": "Activate", "end": "End turn",
            "pass": "Pass", "concede": "Concede", "showdown": "Start showdown",
            "battlefield": "Choose battlefield", "order": "Order triggers", "point": "Give point"}


@dataclass(frozen=True, slots=True)
class Option:
    """One value a field may take, and how it reads."""

    value: Any
    label: str


@dataclass(frozen=True, slots=True)
class FormField:
    """One choice of a form.

    ``kind``: ``select`` (one of ``options``), ``toggle`` (yes / no), ``checks`` (any of
    ``options``: the value is the list of the values ticked, in the options' order) or
    ``amounts`` (a whole number per option, summing to ``total``; ``lethal`` per option).
    """

    name: str
    label: str
    kind: str
    options: tuple[Option, ...] = ()
    total: int | None = None
    lethal: dict[str, int | None] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Variant:
    """A legal decision of a form: its field values, the decision (JSON) and its line."""

    values: dict[str, Any]
    decision: dict[str, Any]
    notation: str
    #: decisions recorded right after this one, in one request (everyone passing in turn)
    then: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class MoveForm:
    """One thing the player may do now: a title, a button, its fields and legal variants;
    ``constraint`` and ``rules`` say what any other value of the fields must keep."""

    key: str
    verb: str
    title: str
    button: str
    fields: tuple[FormField, ...]
    variants: tuple[Variant, ...]
    constraint: str = ""
    rules: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The form as the service sends it."""
        return {
            "key": self.key, "verb": self.verb, "title": self.title, "button": self.button,
            "constraint": self.constraint, "rules": list(self.rules),
            "fields": [{"name": f.name, "label": f.label, "kind": f.kind,
                        "options": [{"value": o.value, "label": o.label} for o in f.options],
                        **({"total": f.total} if f.total is not None else {}),
                        **({"lethal": f.lethal} if f.lethal else {}),
                        **({"notes": f.notes} if f.notes else {})} for f in self.fields],
            "variants": [{"values": v.values, "decision": v.decision, "notation": v.notation,
                          **({"then": list(v.then)} if v.then else {})}
                         for v in self.variants],
        }


def move_forms(state: GameState, player: str | None = None) -> list[MoveForm]:
    """The legal moves of *player* (default: the one the game awaits) as forms, in the
    order the page shows them."""
    engine.load_extensions()  # the card and unit move generators register themselves
    moves = legal_moves(state, player)
    groups: dict[str, list[LegalMove]] = {}
    for m in moves:
        groups.setdefault(_group_key(m.decision), []).append(m)
    forms = [_form(state, key, ms) for key, ms in groups.items()]
    passing = next((m.decision for m in moves if isinstance(m.decision, PriorityPassed)), None)
    if passing is not None:
        everyone = _pass_round(state, passing)
        if len(everyone) > 1:
            forms.append(_pass_round_form(state, everyone))
    rank = {verb: i for i, verb in enumerate(_ORDER)}
    return sorted(forms, key=lambda f: rank.get(f.verb, len(rank)))


# --- grouping -------------------------------------------------------------------------


def _verb(d: Payload) -> str:
    return DECISION_VERBS.get(d.type, d.type)


def _group_key(d: Payload) -> str:
    verb = _verb(d)
    if isinstance(d, CardPlayed):
        return f"play:{d.card}"
    if isinstance(d, CombatDamageAssigned):
        return f"assign:{d.battlefield}"
    source = getattr(d, "source", None) or getattr(d, "card", None)
    return f"{verb}:{source}" if isinstance(source, str) and verb in ("activate", "hide") else verb


def _decision_json(d: Payload) -> dict[str, Any]:
    """The decision as a client sends it: its type and the fields not left at their default."""
    return {"type": d.type, **d.model_dump(mode="json", exclude_defaults=True)}


def _obj(state: GameState, oid: str, where: bool = True) -> str:
    """An object's name in words, with where it is (*where*) when it is on the board."""
    obj = state.objects.get(oid)
    if obj is None:
        return oid
    name = card_name(obj.card)
    if where and obj.location is not None and obj.zone in ("base", "battlefield"):
        return f"{name} ({place_label(state, obj.location)})"
    if obj.zone == "champion":
        return f"{name} (Champion Zone)"
    return name


def place_label(state: GameState, oid: str) -> str:
    """``base``, or ``bf1 Name`` for a battlefield."""
    if oid == "base" or oid in state.players or oid.startswith("base:"):
        return "base"
    short = place_name(state, oid)
    obj = state.objects.get(oid)
    return f"{short} {card_name(obj.card)}" if obj is not None else short


def _form(state: GameState, key: str, moves: list[LegalMove]) -> MoveForm:
    first = moves[0].decision
    verb = _verb(first)
    variants = [(m, format_decision(state, m.decision)) for m in moves]
    if isinstance(first, CardPlayed):
        return _play_form(state, key, [(m.decision, line) for m, line in variants])
    if isinstance(first, StandardMove):
        return _move_form(state, key, [(m.decision, line) for m, line in variants])
    if isinstance(first, CombatDamageAssigned):
        return _damage_form(state, key, moves[0], variants[0][1])
    if isinstance(first, MulliganChosen):
        return _mulligan_form(state, key, [(m.decision, line) for m, line in variants])
    button = _BUTTONS.get(verb, verb)
    if len(moves) == 1:
        line = variants[0][1]
        return MoveForm(key, verb, line, button, (),
                        (Variant({}, _decision_json(first), line),))
    options = tuple(Option(i, line) for i, (_m, line) in enumerate(variants))
    title = "answer the choice" if isinstance(first, ChoiceMade) else f"{verb}: one of {len(moves)}"
    return MoveForm(key, verb, title, button,
                    (FormField("variant", "which", "select", options),),
                    tuple(Variant({"variant": i}, _decision_json(m.decision), line)
                          for i, (m, line) in enumerate(variants)))


def _pass_round(state: GameState, first: Payload) -> list[Payload]:
    """*first* (a pass) and the passes of the players awaited after it, one each, as long
    as each is legal and awaited in turn (a random outcome or another request stops it)."""
    sim = state.clone()
    out = [first]
    try:
        engine.apply_in_place(sim, first)
        while len(out) < len(state.players):
            reqs = engine.pending(sim)
            if not reqs or sim.is_over():
                break
            who = reqs[0].player
            if who is None or who in {getattr(d, "player", None) for d in out} \
                    or "PriorityPassed" not in reqs[0].decisions:
                break
            d = PriorityPassed(player=who)
            if engine.check(sim, d):
                break
            engine.apply_in_place(sim, d)
            out.append(d)
    except RiftlogError:
        pass
    return out


def _pass_round_form(state: GameState, passes: list[Payload]) -> MoveForm:
    """One button for a round of passes: every player awaited in turn passes."""
    who = ", ".join(str(getattr(d, "player", "")) for d in passes)
    line = " · ".join(f"{getattr(d, 'player', '')}: pass" for d in passes)
    return MoveForm("pass-all", "pass-all", f"everyone passes ({who})", "Everyone passes", (),
                    (Variant({}, _decision_json(passes[0]), line,
                             tuple(_decision_json(d) for d in passes[1:])),))


def _play_form(state: GameState, key: str, moves: list[tuple[Payload, str]]) -> MoveForm:
    first = moves[0][0]
    assert isinstance(first, CardPlayed)
    rows: list[tuple[dict[str, Any], Payload, str]] = []
    for d, line in moves:
        assert isinstance(d, CardPlayed)
        values: dict[str, Any] = {}
        if d.destination is not None:
            values["destination"] = d.destination
        values["accelerate"] = d.accelerate
        if d.mode is not None:
            values["mode"] = d.mode
        if isinstance(d.targets, dict):
            for name, oids in d.targets.items():
                values[f"targets.{name}"] = list(oids)
        rows.append((values, d, line))
    fields: list[FormField] = []
    dests = _distinct(v["destination"] for v, _d, _l in rows if "destination" in v)
    if len(dests) > 1 or (dests and dests[0] != "base"):
        fields.append(FormField("destination", "where", "select", tuple(
            Option(x, place_label(state, x)) for x in dests)))
    if any(v["accelerate"] for v, _d, _l in rows):
        fields.append(FormField("accelerate", "Accelerate (enters ready)", "toggle"))
    modes = _distinct(v.get("mode") for v, _d, _l in rows)
    if len(modes) > 1 or modes[0] is not None:
        fields.append(FormField("mode", "mode", "select",
                                tuple(Option(x, str(x)) for x in modes if x is not None)))
    names = _distinct(k for v, _d, _l in rows for k in v if k.startswith("targets."))
    for name in names:
        combos = _distinct(v.get(name) for v, _d, _l in rows)
        fields.append(FormField(name, "target" + ("" if name == "targets.t" else
                                                  f" ({name.partition('.')[2]})"), "select",
                                tuple(Option(c, ", ".join(_obj(state, o) for o in c) or "none")
                                      for c in combos if c is not None)))
    title = f"play {_obj(state, first.card)}"
    shown = {f.name for f in fields}
    return MoveForm(key, "play", title, "Play", tuple(fields), tuple(
        Variant({k: v for k, v in values.items() if k in shown}, _decision_json(d), line)
        for values, d, line in rows))


def _move_form(state: GameState, key: str, moves: list[tuple[Payload, str]]) -> MoveForm:
    units: list[str] = []
    dests: list[str] = []
    for d, _line in moves:
        assert isinstance(d, StandardMove)
        units += [u for u in d.units if u not in units]
        if d.destination not in dests:
            dests.append(d.destination)
    order = {u: i for i, u in enumerate(units)}
    fields = (FormField("units", "units", "checks",
                        _told_apart(tuple(Option(u, _obj(state, u)) for u in units))),
              FormField("destination", "to", "select",
                        tuple(Option(x, place_label(state, x)) for x in dests)))
    variants = []
    for d, line in moves:
        assert isinstance(d, StandardMove)
        picked = sorted(d.units, key=order.__getitem__)
        variants.append(Variant({"units": picked, "destination": d.destination},
                                _decision_json(d), line))
    return MoveForm(key, "move", "move units", "Move", fields, tuple(variants))


def _damage_form(state: GameState, key: str, move: LegalMove, line: str) -> MoveForm:
    d = move.decision
    assert isinstance(d, CombatDamageAssigned)
    reqs = engine.pending(state)
    opts = reqs[0].options if reqs else {}
    units = list(opts.get("units", list(d.assignment)))
    total = int(opts.get("total", sum(d.assignment.values())))
    table = slots(state, units)
    notes: dict[str, str] = {}
    for s in table:
        if s.tank:
            notes[s.oid] = "Tank: takes lethal damage first (815.1.c.2)"
        if s.last_reason == "Backline":
            notes[s.oid] = "Backline: assigned last (826.4.b)"
        elif s.last_reason:
            notes[s.oid] = "assigned last (460.2.c.7)"
        if s.lethal is None:
            notes[s.oid] = "cannot be dealt damage (460.2.c.9)"
    notes = {oid: retell_text(text, state.edition) for oid, text in notes.items()}
    lethal = {s.oid: s.lethal for s in table}
    field_ = FormField("assignment", f"damage to assign: {total}", "amounts",
                       _told_apart(tuple(Option(u, _obj(state, u, where=False)) for u in units)),
                       total=total,
                       lethal=lethal, notes=notes)
    constraint = retell_text(
        f"assign all {total}: lethal damage in full to one unit before the next "
        "(v1.3 460.2.c.3), no more than lethal while a unit has less (v1.3 460.2.c.4), Tank "
        "first and Backline / assigned last after (v1.3 460.2.c.5, v1.3 460.2.c.6, "
        "v1.3 460.2.c.7)", state.edition)
    where = place_label(state, d.battlefield)
    values = {"assignment": {u: d.assignment.get(u, 0) for u in units}}
    return MoveForm(key, "assign", f"assign combat damage at {where}", "Assign damage",
                    (field_,), (Variant(values, _decision_json(d), line),),
                    constraint, tuple(cite(r, state.edition) for r in DAMAGE_RULES))


def _mulligan_form(state: GameState, key: str, moves: list[tuple[Payload, str]]) -> MoveForm:
    hand: list[str] = []
    for d, _line in moves:
        assert isinstance(d, MulliganChosen)
        hand += [c for c in d.set_aside if c not in hand]
    player = moves[0][0].player if hasattr(moves[0][0], "player") else None
    if player in state.players:
        hand = [c for c in state.players[str(player)].hand if c in hand] + \
            [c for c in hand if c not in state.players[str(player)].hand]
    order = {c: i for i, c in enumerate(hand)}
    variants = []
    for d, line in moves:
        assert isinstance(d, MulliganChosen)
        variants.append(Variant({"set_aside": sorted(d.set_aside, key=order.__getitem__)},
                                _decision_json(d), line))
    variants.sort(key=lambda v: len(v.values["set_aside"]))  # keeping the hand first
    field_ = FormField("set_aside", "set aside (none ticked: keep the hand)", "checks",
                       _told_apart(tuple(Option(c, _obj(state, c)) for c in hand)))
    return MoveForm(key, "mulligan", "mulligan", "Mulligan", (field_,), tuple(variants))


def _told_apart(options: tuple[Option, ...]) -> tuple[Option, ...]:
    """*options* with a repeated label followed by the object's short id (``#m07``), as the
    notation tells copies apart."""
    seen: dict[str, int] = {}
    for o in options:
        seen[o.label] = seen.get(o.label, 0) + 1
    return tuple(Option(o.value, f"{o.label} #{str(o.value).rpartition('.')[2]}")
                 if seen[o.label] > 1 and isinstance(o.value, str) else o for o in options)


def _distinct(values: Any) -> list[Any]:
    out: list[Any] = []
    for v in values:
        if v not in out:
            out.append(v)
    return out
