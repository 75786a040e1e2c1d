"""Reading a line of notation: its tokens, then the decision it says in a state
(:func:`parse_decision`, :func:`parse_decisions`; the grammar is in ``docs/notation.md``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from riftlog.errors import NotationError
from riftlog.events.decisions import CardsIdentified
from riftlog.events.registry import Payload, parse_new_payload
from riftlog.notation.names import (
    DECISION_VERBS,
    Names,
    assign_tiers,
    choice_tiers,
    equip_ability,
    place_of,
    plain,
    play_tiers,
    rune_tiers,
)
from riftlog.rules import engine
from riftlog.rules.auto_payment import unless_named
from riftlog.rules.board import unknown_cards
from riftlog.rules.board.state import GameState
from riftlog.rules.board.zones import card_type

__all__ = ["parse_decision", "parse_decisions"]


# --- tokens -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Tok:
    kind: str  # "w" word, "q" quoted, "p" punctuation
    text: str


def _tokens(text: str) -> tuple[list[_Tok], str | None]:
    """The tokens of a line and its ``+{json}`` tail (or a ``{json}`` value)."""
    out: list[_Tok] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif c == '"':
            j = text.find('"', i + 1)
            if j < 0:
                raise NotationError(f"{text!r}: a quote opened at column {i + 1} is not closed")
            out.append(_Tok("q", text[i + 1:j]))
            i = j + 1
        elif text.startswith("->", i):
            out.append(_Tok("p", "->"))
            i += 2
        elif c in ",;@=":
            out.append(_Tok("p", c))
            i += 1
        elif c == "+" and text[i + 1:].lstrip().startswith("{"):
            return out, text[i + 1:].strip()
        elif c == "{":
            try:
                _, end = json.JSONDecoder().raw_decode(text, i)
            except json.JSONDecodeError as exc:
                raise NotationError(f"{text!r}: not JSON at column {i + 1}: {exc.msg}") from None
            out.append(_Tok("j", text[i:end]))
            i = end
        else:
            j = i
            while j < n and not text[j].isspace() and text[j] not in ',;@="{' \
                    and not text.startswith("->", j):
                j += 1
            out.append(_Tok("w", text[i:j]))
            i = j
    return out, None


class _Cursor:
    def __init__(self, toks: list[_Tok], line: str) -> None:
        self.toks, self.pos, self.line = toks, 0, line

    def peek(self) -> _Tok | None:
        return self.toks[self.pos] if self.pos < len(self.toks) else None

    def at(self, *words: str) -> bool:
        t = self.peek()
        return t is not None and ((t.kind == "w" and t.text.lower() in words)
                                  or (t.kind == "p" and t.text in words))

    def take(self) -> _Tok:
        t = self.peek()
        if t is None:
            raise NotationError(f"{self.line!r}: the line ends too early")
        self.pos += 1
        return t

    def expect(self, word: str) -> None:
        if not self.at(word):
            t = self.peek()
            raise NotationError(f"{self.line!r}: expected {word!r}"
                                + (f", got {t.text!r}" if t else " at the end"))
        self.pos += 1

    def done(self) -> bool:
        return self.pos >= len(self.toks)

    def name(self, stops: Iterable[str] = (), number_stops: bool = False) -> str:
        """The words of one name, up to punctuation, a stop word or (optionally) a number."""
        stop = set(stops)
        parts: list[str] = []
        while (t := self.peek()) is not None and t.kind in ("w", "q"):
            if t.kind == "w" and (t.text.lower() in stop or (number_stops and t.text.isdigit())):
                break
            parts.append(t.text if t.kind == "w" else '"' + t.text + '"')
            self.pos += 1
        if not parts:
            t = self.peek()
            raise NotationError(f"{self.line!r}: expected a name"
                                + (f", got {t.text!r}" if t else " at the end"))
        return " ".join(parts).replace(" #", "#")

    def names(self, stops: Iterable[str] = ()) -> list[str]:
        if self.at("nothing"):
            self.pos += 1
            return []
        out = [self.name(stops)]
        while self.at(","):
            self.pos += 1
            out.append(self.name(stops))
        return out


# --- parsing --------------------------------------------------------------------------


def _who(state: GameState, player: str | None, line: str) -> str:
    if player is not None:
        return player
    reqs = engine.pending(state) if not state.is_over() else []
    if reqs and reqs[0].player is not None:
        return reqs[0].player
    raise NotationError(f"{line!r}: say who decides, e.g. 'p1: {line}'")


def parse_decision(state: GameState, text: str, player: str | None = None) -> Payload:
    """The decision a line of notation (or a JSON object) says, in *state*.

    The player is the line's ``p1:`` prefix, else *player*, else the one the game awaits.
    Raises :class:`NotationError` naming the line and what is wrong in it (and, in a paper
    or seat game, when the line names a card the record does not know yet: read it with
    :func:`parse_decisions`).
    """
    found = parse_decisions(state, text, player)
    if len(found) > 1:
        raise NotationError(f"{text.strip()!r} names cards this {unknown_cards.level_label(state)} "
                            "record does not know yet: it is recorded as a CardsIdentified, "
                            "then the decision")
    return found[-1]


def parse_decisions(state: GameState, text: str, player: str | None = None) -> list[Payload]:
    """What a line of notation says, in *state*: the decision, preceded in a paper or seat
    game by the :class:`CardsIdentified` of the hidden cards it names (issue 21: "play
    Pakaa Cub" makes one unknown card in hand a Pakaa Cub)."""
    line = text.strip()
    if not line:
        raise NotationError("an empty line is not a decision")
    if line.startswith("{"):
        return [_from_json(line, None)]
    head, sep, rest = line.partition(":")
    if sep and head.strip() in state.players and " " not in head.strip():
        player, line = head.strip(), rest.strip()
    who = _who(state, player, line)
    toks, tail = _tokens(line)
    cur = _Cursor(toks, line)
    names = Names(state, who)
    if cur.done():
        raise NotationError(f"{line!r}: no verb")
    verb = cur.take().text.lower()
    if verb == "reveal":
        return [_reveal(state, who, cur, names)]
    data = _body(state, verb, cur, names)
    if not cur.done():
        raise NotationError(f"{line!r}: unexpected {cur.peek().text!r}"  # type: ignore[union-attr]
                            f" after the {verb!r} decision")
    data["player"] = who
    if tail is not None:
        try:
            extra = json.loads(tail)
        except json.JSONDecodeError as exc:
            raise NotationError(f"{line!r}: the +{{...}} part is not JSON: {exc.msg}") from None
        if not isinstance(extra, dict):
            raise NotationError(f"{line!r}: the + part must be a JSON object")
        data.update(extra)
    decision = _from_json(data, line)
    if not names.identified:
        return [decision]
    owner = state.objects[next(iter(names.identified))].owner
    how = _HOW.get(decision.type, "revealed")
    return [CardsIdentified(player=owner, cards=dict(names.identified), how=how), decision]


#: ``reveal runes|deck|hand``: the zone whose unknown cards are named, and how they were seen
_REVEALED = {"runes": ("rune_deck", "channeled"), "deck": ("main_deck", "revealed"),
             "hand": ("hand", "revealed")}


def _reveal(state: GameState, who: str, cur: _Cursor, names: Names) -> CardsIdentified:
    """``p1: reveal runes Fury Rune, Chaos Rune`` (issue 21): the cards a paper record sees
    of *who*'s hidden cards before an event shows them - the top of their Rune Deck (runes
    about to be channeled) or Main Deck (a revealed top card), or cards of their hand - in
    order, as a CardsIdentified."""
    where = cur.take().text.lower() if not cur.done() else ""
    if where not in _REVEALED:
        raise NotationError(f"{cur.line!r}: say what is revealed: reveal runes|deck|hand NAME, "
                            "... (e.g. 'p1: reveal runes Fury Rune, Chaos Rune')")
    if not names.unknown:
        raise NotationError(f"{cur.line!r}: this record knows every card; nothing to reveal")
    zone, how = _REVEALED[where]
    items = cur.names()
    if not cur.done():
        raise NotationError(f"{cur.line!r}: unexpected {cur.peek().text!r}")  # type: ignore[union-attr]
    free = [o for o in getattr(state.players[who], zone) if o in names.unknown]
    if len(items) > len(free):
        raise NotationError(f"{cur.line!r}: {who} has {len(free)} unknown cards there, not "
                            f"{len(items)}")
    return CardsIdentified(player=who, how=how,
                           cards={oid: names.listed_card(item, who) for oid, item in zip(free, items, strict=False)})


#: how the table saw the cards a decision names (CardsIdentified.how)
_HOW = {"CardPlayed": "played", "ChoiceMade": "chosen", "AbilityActivated": "played"}


def _from_json(data: str | dict[str, Any], line: str | None) -> Payload:
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise NotationError(f"not JSON: {exc.msg} at column {exc.colno}") from None
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise NotationError("a JSON decision is an object with a \"type\"")
    where = f"notation {line!r}" if line else "decision"
    try:  # strictly, as the store will store it (no coercion of "3" into 3)
        return unless_named(parse_new_payload(data["type"], data, where), data)
    except ValidationError as exc:  # pragma: no cover - parse_new_payload wraps these
        raise NotationError(f"{where}: {exc}") from None


def _json_value(cur: _Cursor) -> Any:
    tok = cur.take()
    try:
        return json.loads(tok.text)
    except json.JSONDecodeError as exc:
        raise NotationError(f"{cur.line!r}: not JSON: {exc.msg}") from None


def _payment(cur: _Cursor, names: Names, data: dict[str, Any]) -> None:
    """The ``pay`` clause into *data*; a line without one names no payment (the recorder
    then chooses it: riftlog.rules.auto_payment)."""
    exhaust: list[str] = []
    recycle: list[str] = []
    if cur.at("pay"):
        cur.take()
        if not cur.at("recycle") and not cur.done():
            items = cur.names(stops=("recycle",))
            exhaust = _resolve_list(names, items, rune_tiers(names, True))
        if cur.at("recycle"):
            cur.take()
            recycle = _resolve_list(names, cur.names(), rune_tiers(names, False))
        data["payment"] = {"exhaust": exhaust, "recycle": recycle}


def _resolve_list(names: Names, items: Sequence[str], tiers: Sequence[Sequence[str]]) -> list[str]:
    out: list[str] = []
    for item in items:
        count = re.match(r"(\d+)\s+(\S.*)$", item)
        for _ in range(int(count.group(1)) if count else 1):
            out.append(names.resolve(count.group(2) if count else item, tiers, out))
    return out


def _targets(cur: _Cursor, names: Names, stops: Sequence[str]) -> dict[str, list[str]]:
    tiers = [names.board(), names.all_objects()]
    out: dict[str, list[str]] = {}
    while True:
        label = "t"
        t = cur.peek()
        nxt = cur.toks[cur.pos + 1] if cur.pos + 1 < len(cur.toks) else None
        if t is not None and t.kind == "w" and nxt is not None and nxt.text == "=":
            label = t.text
            cur.pos += 2
        out[label] = _resolve_list(names, cur.names(stops), tiers)
        if not cur.at(";"):
            return out
        cur.take()


def _body(state: GameState, verb: str, cur: _Cursor, names: Names) -> dict[str, Any]:
    kind = {v: k for k, v in DECISION_VERBS.items()}.get(verb)
    if verb in ("yes", "no"):
        return {"type": "ChoiceMade", "choice": {"use": verb == "yes"}}
    if verb == "keep":
        return {"type": "MulliganChosen", "set_aside": []}
    if verb == "equip":
        return _equip_body(state, cur, names)
    if kind is None:
        raise NotationError(f"{cur.line!r}: unknown verb {verb!r}; one of "
                            + ", ".join(sorted({*DECISION_VERBS.values(), "equip"})))
    data: dict[str, Any] = {"type": kind}
    if kind in ("TurnEnded", "PriorityPassed", "GameConceded"):
        return data
    if kind == "MulliganChosen":
        t = cur.peek()
        if names.unknown and t is not None and t.kind == "w" and t.text.isdigit():
            cur.take()  # issue 21: a paper game records how many cards were set aside
            hand = [o for o in names.own("hand") if o in names.unknown]
            if int(t.text) > len(hand):
                raise NotationError(f"{cur.line!r}: {names.player} holds {len(hand)} unknown "
                                    f"cards, not {t.text}")
            data["set_aside"] = hand[: int(t.text)]
            return data
        items = [] if cur.done() else cur.names()
        data["set_aside"] = _resolve_list(names, items, [names.own("hand"), names.all_objects()])
    elif kind == "BurnOutPointGiven":
        data["opponent"] = plain(cur.name())
    elif kind == "BattlefieldChosen":
        data["battlefield"] = names.resolve(cur.name(), [names.own("battlefields_aside"),
                                                         names.all_objects()])
    elif kind == "ShowdownChosen":
        data["battlefield"] = place_of(state, cur.name())
    elif kind == "CardPlayed":
        stops = ("on", "mode", "accelerate", "pay")
        data["card"] = names.resolve(cur.name(stops), play_tiers(names))
        card = state.objects.get(data["card"])
        if card is not None and card_type(card.card) == "Spell":
            data["targets"] = {}  # what a spell without targets records (bots, clients)
        if cur.at("@"):
            cur.take()
            data["destination"] = place_of(state, cur.name(stops))
        if cur.at("on"):
            cur.take()
            data["targets"] = _targets(cur, names, stops)
        if cur.at("mode"):
            cur.take()
            data["mode"] = plain(cur.name(stops))
        if cur.at("accelerate"):
            cur.take()
            data["accelerate"] = True
        _payment(cur, names, data)
    elif kind == "CardHidden":
        data["card"] = names.resolve(cur.name(("pay",)), [names.own("hand", "champion"),
                                                          names.all_objects()])
        cur.expect("@")
        data["battlefield"] = place_of(state, cur.name(("pay",)))
        _payment(cur, names, data)
    elif kind == "UnitsMoved":
        items = cur.names()
        data["units"] = _resolve_list(names, items, [names.own_units(), names.board(),
                                                     names.all_objects()])
        cur.expect("->")
        data["destination"] = place_of(state, cur.name())
    elif kind == "AbilityActivated":
        tiers = [names.own("legend", "champion"), names.own_units(), names.board(),
                 names.all_objects()]
        data["source"] = names.resolve(cur.name(("on", "pay", "via"), number_stops=True), tiers)
        data["ability"] = 0
        t = cur.peek()
        if t is not None and t.kind == "w" and t.text.isdigit():
            data["ability"] = int(cur.take().text)
        if cur.at("via"):  # the object whose ability it is (choices["ability_of"])
            cur.take()
            data["choices"] = {"ability_of": names.resolve(
                cur.name(("on", "pay")), [names.board(), names.all_objects()])}
        if cur.at("on"):
            cur.take()
            data["targets"] = _targets(cur, names, ("pay",))
        _payment(cur, names, data)
    elif kind == "CombatDamageAssigned":
        data.update(_assignment(state, cur, names))
    elif kind == "TriggersOrdered":
        data["order"] = [cur.name()]
        while cur.at(","):
            cur.take()
            data["order"].append(cur.name())
        data["order"] = [plain(x) for x in data["order"]]
    elif kind == "ChoiceMade":
        data["choice"] = _choice(cur, names)
    return data


def _equip_body(state: GameState, cur: _Cursor, names: Names) -> dict[str, Any]:
    """``equip <gear> to <unit> [pay ...]``: the gear's Equip ability (818) on the unit."""
    tiers = [names.own("legend", "champion"), names.own_units(), names.board(),
             names.all_objects()]
    gear = names.resolve(cur.name(("to", "pay")), tiers)
    ability = equip_ability(state, gear)
    if ability is None:
        raise NotationError(f"{cur.line!r}: {names.name_of(gear)} has no Equip ability "
                            "(818.1.c)")
    cur.expect("to")
    unit = names.resolve(cur.name(("pay",)), [names.own_units(), names.board(),
                                              names.all_objects()])
    data: dict[str, Any] = {"type": "AbilityActivated", "source": gear, "ability": ability,
                            "targets": {"t": [unit]}}
    _payment(cur, names, data)
    return data


def _assignment(state: GameState, cur: _Cursor, names: Names) -> dict[str, Any]:
    items: list[tuple[str, int]] = []
    if cur.at("nothing"):
        cur.take()
    else:
        while not cur.done() and not cur.at("@", "order"):
            name = cur.name(stops=("order",), number_stops=True)
            amount = cur.take()
            if not amount.text.isdigit():
                raise NotationError(f"{cur.line!r}: expected an amount of damage after "
                                    f"{name!r}, got {amount.text!r}")
            items.append((name, int(amount.text)))
            if not cur.at(","):
                break
            cur.take()
    order: list[str] | None = None
    if cur.at("order"):  # the sequence the units were assigned damage in (460.2.c.6-7)
        cur.take()
        order = cur.names()
    bf: str | None = None
    if cur.at("@"):
        cur.take()
        bf = place_of(state, cur.name())
    if bf is None:
        if state.showdown is None:
            raise NotationError(f"{cur.line!r}: no combat now; say where: assign ... @ bf1")
        bf = state.showdown.battlefield
    tiers = assign_tiers(names, bf)
    assignment: dict[str, int] = {}
    for name, n in items:
        oid = names.resolve(name, tiers, list(assignment))
        assignment[oid] = n
    out: dict[str, Any] = {"battlefield": bf, "assignment": assignment}
    if order is not None:
        out["order"] = _resolve_list(names, order, tiers)
    return out


def _choice(cur: _Cursor, names: Names) -> dict[str, Any]:
    t = cur.peek()
    if t is not None and t.kind == "j":
        value = _json_value(cur)
        if not isinstance(value, dict):
            raise NotationError(f"{cur.line!r}: a choice in JSON is an object")
        return value
    if cur.at("yes", "no"):
        return {"use": cur.take().text.lower() == "yes"}
    out: dict[str, Any] = {}
    while True:
        key = cur.take()
        if key.kind != "w":
            raise NotationError(f"{cur.line!r}: expected what is chosen (cards, runes, targets, "
                                f"yes, no ...), got {key.text!r}")
        if key.text == "targets":
            out["targets"] = {"t": _resolve_list(names, cur.names(),
                                                 [names.board(), names.all_objects()])}
        else:
            out[key.text] = _resolve_list(names, cur.names(), choice_tiers(names))
        if not cur.at(";"):
            return out
        cur.take()
