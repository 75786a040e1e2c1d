"""The decision notation: one short line per decision, in the game's words.

Like a chess scoresheet's algebraic notation, a line names cards by their names and places
by short names, so a person can write it at the table::

    play Pakaa Cub @ bf1            move Garen, Vi -> bf2        assign Skulker 3, Sergeant 2
    pass        end        mulligan Incinerate, Stand United        choose yes
    equip B.F. Sword to Garen       (an Equip ability, 818; also written "activate ... on ...")

The grammar and the examples are in ``docs/notation.md``.  Both directions need the
state the decision is made in: :func:`parse_decision` resolves names to object ids (an
unambiguous prefix is enough; the first copy in the player's own zones wins, so copies in
a hand need no telling apart) and :func:`format_decision` picks the shortest text that
resolves back to the same objects (a name, cut at a word; ``Name#m07`` only when a copy
must be told apart).  Whatever a line cannot say in words (a client's ``reported``
outcomes, a recorded damage ``order``, legacy target lists) follows as ``+{json}``, so
``parse_decision(state, format_decision(state, d)) == d`` for every decision.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from riftlog.cards import load_catalog
from riftlog.cards.abilities import ABILITIES
from riftlog.cards.vocab import Activated, AttachMe
from riftlog.errors import NotationError, RiftlogError
from riftlog.events.abilities import AbilityActivated, CardHidden, ChoiceMade, TriggersOrdered
from riftlog.events.combat import CombatDamageAssigned
from riftlog.events.decisions import (
    BattlefieldChosen,
    BurnOutPointGiven,
    CardsIdentified,
    GameConceded,
    MulliganChosen,
    Payment,
    PriorityPassed,
    TurnEnded,
)
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.events.registry import Payload, parse_new_payload
from riftlog.events.showdown import ShowdownChosen
from riftlog.redaction import alias_text
from riftlog.rules import engine
from riftlog.rules.auto_payment import unless_named
from riftlog.rules.board import unknown_cards
from riftlog.rules.board.state import GameState
from riftlog.rules.board.zones import card_type

__all__ = ["DECISION_VERBS", "card_name", "equip_ability", "format_decision", "object_name",
           "parse_decision", "place_name"]

#: every decision type and the verb that starts its line (docs/notation.md)
DECISION_VERBS: dict[str, str] = {
    "MulliganChosen": "mulligan", "TurnEnded": "end", "PriorityPassed": "pass",
    "GameConceded": "concede", "BurnOutPointGiven": "point", "BattlefieldChosen": "battlefield",
    "ShowdownChosen": "showdown", "CardPlayed": "play", "CardHidden": "hide",
    "UnitsMoved": "move", "AbilityActivated": "activate", "CombatDamageAssigned": "assign",
    "TriggersOrdered": "order", "ChoiceMade": "choose",
}

#: words with a meaning in the grammar: a name holding one is printed in quotes
KEYWORDS = frozenset({"on", "mode", "accelerate", "pay", "recycle", "nothing", "yes", "no",
                      "targets", "order", "via"})
_SPECIAL = re.compile(r'[,;@=#+"{}]|->')


@functools.cache
def card_name(card_id: str) -> str:
    """The card's name (or its id when the catalog does not know it, e.g. a token)."""
    try:
        return load_catalog().get(card_id).name
    except RiftlogError:
        return card_id


def _key(text: str) -> str:
    return " ".join(text.replace("\u2019", "'").lower().split())


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


# --- resolving names ------------------------------------------------------------------


class _Names:
    """Name resolution in one state for one player: pools of object ids, tried in order."""

    def __init__(self, state: GameState, player: str,
                 aliases: Mapping[str, str] | None = None) -> None:
        self.state, self.player = state, player
        #: for a line shown to a viewer (riftlog.views.GameView): the objects hidden from
        #: them, by alias; every other object is named in full (no name cut to a prefix
        #: that only the objects hidden from the viewer decide)
        self.aliases = aliases
        #: a paper or seat game's objects the record does not know (issue 21), and the
        #: ones this line names (object id -> catalog id: a CardsIdentified goes first)
        self.unknown = unknown_cards.unknown(state)
        self.identified: dict[str, str] = {}

    def oid_of(self, ident: str) -> str:
        """An id written after ``#`` (or alone): a full oid, or one of the player's short ids."""
        objects = self.state.objects
        if ident in objects:
            return ident
        mine = f"{self.player}.{ident}"
        return mine if mine in objects else ident

    def resolve(self, text: str, tiers: Sequence[Sequence[str]], used: Iterable[str] = ()) -> str:
        """The object *text* names: ``Name``, a prefix, ``Name#id``, ``#id`` or an oid."""
        taken = set(used)
        raw = text.strip()
        name, hash_, ident = raw.partition("#")
        name = name.strip().strip('"')
        if hash_:
            return self.oid_of(ident.strip())
        if raw in self.state.objects:
            return raw
        want = _key(name)
        if not want:
            raise NotationError(f"{text!r}: no name")
        for tier in tiers:
            hits = [o for o in tier if o not in taken and o not in self.unknown
                    and _key(self.name_of(o)).startswith(want)]
            if not hits:
                continue
            exact = [o for o in hits if _key(self.name_of(o)) == want]
            hits = exact or hits
            names = sorted({self.name_of(o) for o in hits})
            if len(names) > 1:
                raise NotationError(f"{text!r} is ambiguous: {', '.join(names)} (type more of the "
                                    "name, or add #id)")
            return hits[0]
        if self.unknown:
            found = self._identify(text, want, tiers, taken)
            if found is not None:
                return found
        raise NotationError(f"there is no card {name!r} here (names are matched by prefix; "
                            "an object id may follow '#')")

    def _identify(self, text: str, want: str, tiers: Sequence[Sequence[str]],
                  taken: set[str]) -> str | None:
        """Issue 21: in a paper or seat game a name may be a card the record does not know
        yet: one of the unknown objects of the first pool that has any (a card in hand,
        say) becomes that card, a CardsIdentified recorded before the decision (the
        engine checks the name against the deck list, 103.2.b)."""
        for tier in tiers:
            free = [o for o in tier if o in self.unknown and o not in taken
                    and o not in self.identified]
            if not free:
                continue
            owner = self.state.objects[free[0]].owner
            free = [o for o in free if self.state.objects[o].owner == owner]
            self.identified[free[0]] = self.listed_card(text, owner)
            return free[0]
        return None

    def listed_card(self, text: str, owner: str) -> str:
        """The card of *owner*'s registered deck list that *text* names (a prefix is
        enough); a name not in the list is refused (103.2.b)."""
        want = _key(_plain(text))
        listed = {o.card for k, o in self.state.objects.items() if o.owner == owner
                  and not o.token and k.rsplit(".", 1)[-1][:1] in ("m", "r")}
        hits = {c for c in listed if _key(card_name(c)).startswith(want)}
        exact = {c for c in hits if _key(card_name(c)) == want}
        hits = exact or hits
        if len(hits) > 1:
            raise NotationError(f"{text!r} is ambiguous: "
                                f"{', '.join(sorted(card_name(c) for c in hits))}")
        if not hits:
            raise NotationError(f"{text!r}: no card of that name is in {owner}'s "
                                f"registered deck list ({self.state.edition} 103.2.b)")
        return hits.pop()

    def name_of(self, oid: str) -> str:
        if oid in self.identified:
            return card_name(self.identified[oid])
        if oid in self.unknown:
            return "an unknown card"
        obj = self.state.objects.get(oid)
        return card_name(obj.card) if obj is not None else oid

    def short_id(self, oid: str) -> str:
        prefix = f"{self.player}."
        if oid.startswith(prefix) and self.oid_of(oid[len(prefix):]) == oid:
            return oid[len(prefix):]
        return oid

    def write(self, oid: str, tiers: Sequence[Sequence[str]], used: Iterable[str] = ()) -> str:
        """The shortest text :meth:`resolve` turns back into *oid* (a word-cut name first)."""
        taken = list(used)
        if self.aliases is not None:
            return self._shown(oid)
        if oid in self.state.objects:
            name = self.name_of(oid)
            words = name.split()
            for n in range(1, len(words) + 1):
                cand = _quoted(" ".join(words[:n]).rstrip(",;:"))
                try:
                    if self.resolve(cand, tiers, taken) == oid:
                        return cand
                except NotationError:
                    continue
            return f"{_quoted(name)}#{self.short_id(oid)}"
        return f"#{oid}"

    def _shown(self, oid: str) -> str:
        """*oid* for a viewer: its alias when hidden from them, else its full name (with its
        id when another object they may see has that name)."""
        aliases = self.aliases or {}
        if oid in aliases:
            return aliases[oid]
        obj = self.state.objects.get(oid)
        if obj is None:
            return f"#{oid}"
        name = self.name_of(oid)
        twins = [o for o, other in self.state.objects.items()
                 if o != oid and o not in aliases and other.card == obj.card]
        return f"{_quoted(name)}#{oid}" if twins else _quoted(name)

    # pools ---------------------------------------------------------------------------

    def all_objects(self) -> list[str]:
        return list(self.state.objects)

    def board(self) -> list[str]:
        st = self.state
        out = [u for bf in st.battlefields for u in (*bf.units, *bf.gear, *bf.facedown)]
        for p in st.players.values():
            out += [*p.base, *p.legend, *p.champion]
        out += [bf.oid for bf in st.battlefields]
        return out

    def own(self, *zones: str) -> list[str]:
        p = self.state.players.get(self.player)
        if p is None:
            return []
        return [o for z in zones for o in getattr(p, z)]

    def own_facedown(self) -> list[str]:
        return [o for bf in self.state.battlefields for o in bf.facedown
                if self.state.objects[o].controller == self.player]

    def own_units(self) -> list[str]:
        st = self.state
        mine = [u for bf in st.battlefields for u in bf.units]
        mine += self.own("base")
        return [o for o in mine if st.objects[o].controller == self.player]

    def runes(self, ready_only: bool) -> list[str]:
        st = self.state
        out = []
        for o in self.own("base"):
            obj = st.objects[o]
            if card_type(obj.card) == "Rune" and not (ready_only and obj.exhausted):
                out.append(o)
        return out


def _plain(text: str) -> str:
    return text.strip().strip('"')


def _quoted(name: str) -> str:
    words = {w.lower() for w in re.split(r"[\s,]+", name) if w}
    if _SPECIAL.search(name) or words & KEYWORDS or any(w.isdigit() for w in words):
        return '"' + name.replace('"', "") + '"'
    return name


# --- places ---------------------------------------------------------------------------


def place_name(state: GameState, oid: str) -> str:
    """``base``, ``bf1``... (a battlefield by its position on the board) or ``#oid``."""
    if oid == "base":
        return "base"
    for i, bf in enumerate(state.battlefields, 1):
        if bf.oid == oid:
            return f"bf{i}"
    return f"#{oid}"


def _place(state: GameState, text: str) -> str:
    t = text.strip()
    low = t.lower()
    if low == "base":
        return "base"
    m = re.fullmatch(r"bf(\d+)", low)
    if m and 1 <= int(m.group(1)) <= len(state.battlefields):
        return state.battlefields[int(m.group(1)) - 1].oid
    if t.startswith("#"):
        return t[1:]
    if any(bf.oid == t for bf in state.battlefields):
        return t
    want = _key(t.strip('"'))
    hits = [bf.oid for bf in state.battlefields if _key(card_name(bf.card)).startswith(want)]
    if len(hits) == 1:
        return hits[0]
    where = ", ".join(f"bf{i} {card_name(bf.card)}" for i, bf in enumerate(state.battlefields, 1))
    raise NotationError(f"{text!r} is not a place here: base, {where}" if not hits else
                        f"{text!r} is ambiguous: {where}")


# --- printing -------------------------------------------------------------------------


def object_name(state: GameState, oid: str, player: str | None = None) -> str:
    """An object as a line would name it (shortest unambiguous name among all objects)."""
    names = _Names(state, player or "")
    return names.write(oid, [names.board(), names.all_objects()])


def _list(names: _Names, oids: Sequence[str], tiers: Sequence[Sequence[str]]) -> str:
    """Names of *oids* in order; a name repeated in a row is counted (``2 Fury``: each
    copy resolves to the next one, as :func:`_resolve_list` reads it)."""
    if not oids:
        return "nothing"
    texts = [names.write(oid, tiers, oids[:i]) for i, oid in enumerate(oids)]
    out: list[str] = []
    i = 0
    while i < len(texts):
        j = i
        while j + 1 < len(texts) and texts[j + 1] == texts[i] and "#" not in texts[i]:
            j += 1
        out.append(texts[i] if j == i else f"{j - i + 1} {texts[i]}")
        i = j + 1
    return ", ".join(out)


def _targets_text(names: _Names, targets: dict[str, tuple[str, ...]]) -> str:
    tiers = [names.board(), names.all_objects()]
    if list(targets) == ["t"]:
        return _list(names, targets["t"], tiers)
    return "; ".join(f"{k}={_list(names, v, tiers)}" for k, v in targets.items())


def _payment_text(names: _Names, pay: Payment) -> list[str]:
    if pay.is_empty():
        return []
    out = ["pay"]
    if pay.exhaust:
        out.append(_list(names, pay.exhaust, _rune_tiers(names, True)))
    if pay.recycle:
        out += ["recycle", _list(names, pay.recycle, _rune_tiers(names, False))]
    return out


def _rune_tiers(names: _Names, exhaust: bool) -> list[list[str]]:
    return [names.runes(ready_only=exhaust), names.runes(ready_only=False), names.all_objects()]


def _play_tiers(names: _Names) -> list[list[str]]:
    return [names.own("hand", "champion"), names.own_facedown(),
            names.own("trash", "main_deck", "setaside", "banishment"), names.all_objects()]


def _choice_tiers(names: _Names) -> list[list[str]]:
    return [names.own("hand"), names.board(), names.own("trash", "main_deck", "setaside"),
            names.all_objects()]


def _assign_tiers(names: _Names, battlefield: str) -> list[list[str]]:
    bf = next((b for b in names.state.battlefields if b.oid == battlefield), None)
    here = list(bf.units) if bf is not None else []
    objs = names.state.objects
    enemy = [o for o in here if o in objs and objs[o].controller != names.player]
    return [enemy, here, names.all_objects()]


def _core(state: GameState, d: Payload, names: _Names) -> str:
    """The line of *d* without the ``+{json}`` tail (what words can say)."""
    t = d.type
    if isinstance(d, TurnEnded):
        return "end"
    if isinstance(d, PriorityPassed):
        return "pass"
    if isinstance(d, GameConceded):
        return "concede"
    if isinstance(d, MulliganChosen):
        if not d.set_aside:
            return "mulligan nothing"
        if names.unknown.issuperset(d.set_aside):  # issue 21: a paper game's count
            return f"mulligan {len(d.set_aside)}"
        return "mulligan " + _list(names, d.set_aside, [names.own("hand"), names.all_objects()])
    if isinstance(d, BurnOutPointGiven):
        return f"point {d.opponent}"
    if isinstance(d, BattlefieldChosen):
        pool = [names.own("battlefields_aside"), names.all_objects()]
        return "battlefield " + names.write(d.battlefield, pool)
    if isinstance(d, ShowdownChosen):
        return "showdown " + place_name(state, d.battlefield)
    if isinstance(d, CardPlayed):
        parts = ["play", names.write(d.card, _play_tiers(names))]
        if d.destination is not None:
            parts += ["@", place_name(state, d.destination)]
        if isinstance(d.targets, dict) and d.targets:
            parts += ["on", _targets_text(names, d.targets)]
        if d.mode is not None:
            parts += ["mode", d.mode]
        if d.accelerate:
            parts.append("accelerate")
        return " ".join(parts + _payment_text(names, d.payment))
    if isinstance(d, CardHidden):
        parts = ["hide", names.write(d.card, [names.own("hand", "champion"), names.all_objects()]),
                 "@", place_name(state, d.battlefield)]
        return " ".join(parts + _payment_text(names, d.payment))
    if isinstance(d, StandardMove):
        units = _list(names, d.units, [names.own_units(), names.board(), names.all_objects()])
        return f"move {units} -> {place_name(state, d.destination)}"
    if isinstance(d, AbilityActivated):
        tiers = [names.own("legend", "champion"), names.own_units(), names.board(),
                 names.all_objects()]
        equip = _equip_core(state, d, names, tiers)
        if equip is not None:
            return equip
        parts = ["activate", names.write(d.source, tiers)]
        if d.ability:
            parts.append(str(d.ability))
        lender = d.choices.get("ability_of")
        if isinstance(lender, str) and lender in state.objects:  # whose ability (copy, grant)
            parts += ["via", names.write(lender, [names.board(), names.all_objects()])]
        if d.targets:
            parts += ["on", _targets_text(names, d.targets)]
        return " ".join(parts + _payment_text(names, d.payment))
    if isinstance(d, CombatDamageAssigned):
        tiers = _assign_tiers(names, d.battlefield)
        items = list(d.assignment.items())
        text = ", ".join(f"{names.write(o, tiers, [x for x, _ in items[:i]])} {n}"
                         for i, (o, n) in enumerate(items))
        sd = state.showdown
        here = sd is not None and sd.battlefield == d.battlefield
        order = "" if d.order is None else " order " + _list(names, d.order, tiers)
        return ("assign " + (text or "nothing") + order
                + ("" if here else f" @ {place_name(state, d.battlefield)}"))
    if isinstance(d, TriggersOrdered):
        return "order " + ", ".join(_quoted(x) for x in d.order)
    if isinstance(d, ChoiceMade):
        return _choice_core(names, d.choice)
    raise NotationError(f"{t} is not a decision the notation writes")


def equip_ability(state: GameState, source: str) -> int | None:
    """The index of the Equip ability (818.1.c.2: an activated ability attaching its
    source) of the object *source*'s card, or None when it has none."""
    obj = state.objects.get(source)
    enc = ABILITIES.get(obj.card) if obj is not None else None
    for i, ab in enumerate(getattr(enc, "abilities", ()) or ()):
        if isinstance(ab, Activated) and any(isinstance(step, AttachMe) for step in ab.effect):
            return i
    return None


def _equip_core(state: GameState, d: AbilityActivated, names: _Names,
                tiers: list[list[str]]) -> str | None:
    """``equip <gear> to <unit> [pay ...]``: an Equip activation in words (None when *d*
    is not one that reads back the same way)."""
    unit = d.targets.get("t") if isinstance(d.targets, dict) else None
    if equip_ability(state, d.source) != d.ability or list(d.targets) != ["t"] or \
            unit is None or len(unit) != 1:
        return None
    gear = names.write(d.source, tiers)
    if "to" in _key(gear).split():
        return None  # the name would stop at its own "to"
    target = names.write(unit[0], [names.own_units(), names.board(), names.all_objects()])
    return " ".join(["equip", gear, "to", target, *_payment_text(names, d.payment)])


def _choice_core(names: _Names, choice: dict[str, Any]) -> str:
    if set(choice) == {"use"} and isinstance(choice["use"], bool):
        return "choose yes" if choice["use"] else "choose no"
    parts: list[str] = []
    for key, value in choice.items():
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key) or key.lower() in KEYWORDS - {"targets"}:
            parts = []
            break
        if key == "targets" and isinstance(value, dict) and list(value) == ["t"] \
                and all(isinstance(x, str) for x in value["t"]):
            parts.append("targets " + _list(names, value["t"],
                                            [names.board(), names.all_objects()]))
        elif isinstance(value, list) and all(isinstance(x, str) for x in value):
            parts.append(f"{key} " + _list(names, value, _choice_tiers(names)))
        else:
            parts = []
            break
    if parts:
        return "choose " + "; ".join(parts)
    return "choose " + json.dumps(choice, sort_keys=True)


def format_decision(state: GameState, d: Payload, *, with_player: bool = False,
                    aliases: Mapping[str, str] | None = None) -> str:
    """*d* as one line of notation, in the *state* it is made in (before it is applied).

    With *with_player* the line starts ``p1:``.  Fields the words cannot say follow as
    ``+{json}``; ``parse_decision(state, line, player=d.player)`` gives *d* back.

    With *aliases* (hidden object id -> alias, :class:`riftlog.views.GameView`) the line is
    for a viewer who may not see those objects: they appear as their aliases, never by
    name or id, and every other object by its full name (such a line is for reading).
    """
    player = getattr(d, "player", "")
    names = _Names(state, player)
    core = _core(state, d, names)
    prefix = f"{player}: " if with_player else ""
    want = d.model_dump(mode="json")
    try:
        got = parse_decision(state, core, player=player).model_dump(mode="json")
    except (NotationError, ValueError):
        got = {}
    extra = {k: v for k, v in want.items() if k != "type" and got.get(k) != v
             and not (k not in got and v is None)}
    line = core + (" +" + json.dumps(extra, sort_keys=True, separators=(",", ":")) if extra else "")
    if aliases is not None:
        shown = _core(state, d, _Names(state, player, aliases))
        line = alias_text(line.replace(core, shown, 1), aliases)
    return prefix + line


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
    names = _Names(state, who)
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


def _reveal(state: GameState, who: str, cur: _Cursor, names: _Names) -> CardsIdentified:
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


def _payment(cur: _Cursor, names: _Names, data: dict[str, Any]) -> None:
    """The ``pay`` clause into *data*; a line without one names no payment (the recorder
    then chooses it: riftlog.rules.auto_payment)."""
    exhaust: list[str] = []
    recycle: list[str] = []
    if cur.at("pay"):
        cur.take()
        if not cur.at("recycle") and not cur.done():
            items = cur.names(stops=("recycle",))
            exhaust = _resolve_list(names, items, _rune_tiers(names, True))
        if cur.at("recycle"):
            cur.take()
            recycle = _resolve_list(names, cur.names(), _rune_tiers(names, False))
        data["payment"] = {"exhaust": exhaust, "recycle": recycle}


def _resolve_list(names: _Names, items: Sequence[str], tiers: Sequence[Sequence[str]]) -> list[str]:
    out: list[str] = []
    for item in items:
        count = re.match(r"(\d+)\s+(\S.*)$", item)
        for _ in range(int(count.group(1)) if count else 1):
            out.append(names.resolve(count.group(2) if count else item, tiers, out))
    return out


def _targets(cur: _Cursor, names: _Names, stops: Sequence[str]) -> dict[str, list[str]]:
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


def _body(state: GameState, verb: str, cur: _Cursor, names: _Names) -> dict[str, Any]:
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
        data["opponent"] = _plain(cur.name())
    elif kind == "BattlefieldChosen":
        data["battlefield"] = names.resolve(cur.name(), [names.own("battlefields_aside"),
                                                         names.all_objects()])
    elif kind == "ShowdownChosen":
        data["battlefield"] = _place(state, cur.name())
    elif kind == "CardPlayed":
        stops = ("on", "mode", "accelerate", "pay")
        data["card"] = names.resolve(cur.name(stops), _play_tiers(names))
        card = state.objects.get(data["card"])
        if card is not None and card_type(card.card) == "Spell":
            data["targets"] = {}  # what a spell without targets records (bots, clients)
        if cur.at("@"):
            cur.take()
            data["destination"] = _place(state, cur.name(stops))
        if cur.at("on"):
            cur.take()
            data["targets"] = _targets(cur, names, stops)
        if cur.at("mode"):
            cur.take()
            data["mode"] = _plain(cur.name(stops))
        if cur.at("accelerate"):
            cur.take()
            data["accelerate"] = True
        _payment(cur, names, data)
    elif kind == "CardHidden":
        data["card"] = names.resolve(cur.name(("pay",)), [names.own("hand", "champion"),
                                                          names.all_objects()])
        cur.expect("@")
        data["battlefield"] = _place(state, cur.name(("pay",)))
        _payment(cur, names, data)
    elif kind == "UnitsMoved":
        items = cur.names()
        data["units"] = _resolve_list(names, items, [names.own_units(), names.board(),
                                                     names.all_objects()])
        cur.expect("->")
        data["destination"] = _place(state, cur.name())
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
        data["order"] = [_plain(x) for x in data["order"]]
    elif kind == "ChoiceMade":
        data["choice"] = _choice(cur, names)
    return data


def _equip_body(state: GameState, cur: _Cursor, names: _Names) -> dict[str, Any]:
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


def _assignment(state: GameState, cur: _Cursor, names: _Names) -> dict[str, Any]:
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
        bf = _place(state, cur.name())
    if bf is None:
        if state.showdown is None:
            raise NotationError(f"{cur.line!r}: no combat now; say where: assign ... @ bf1")
        bf = state.showdown.battlefield
    tiers = _assign_tiers(names, bf)
    assignment: dict[str, int] = {}
    for name, n in items:
        oid = names.resolve(name, tiers, list(assignment))
        assignment[oid] = n
    out: dict[str, Any] = {"battlefield": bf, "assignment": assignment}
    if order is not None:
        out["order"] = _resolve_list(names, order, tiers)
    return out


def _choice(cur: _Cursor, names: _Names) -> dict[str, Any]:
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
            out[key.text] = _resolve_list(names, cur.names(), _choice_tiers(names))
        if not cur.at(";"):
            return out
        cur.take()

