"""The notation's words: the decision verbs, card and place names, and the resolution of a
name to the object it means in one state for one player (pools of object ids tried in order).

Both directions of the notation use them: :mod:`riftlog.notation.parser` reads a name back
to its object, :mod:`riftlog.notation.writer` picks the shortest name that reads back the same.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence

from riftlog.cards import load_catalog
from riftlog.cards.abilities import ABILITIES
from riftlog.cards.vocab import Activated, AttachMe
from riftlog.errors import NotationError, RiftlogError
from riftlog.rules.board import unknown_cards
from riftlog.rules.board.state import GameState
from riftlog.rules.board.zones import card_type

__all__ = ["DECISION_VERBS", "KEYWORDS", "Names", "assign_tiers", "card_name",
           "choice_tiers", "equip_ability", "name_key", "place_name", "place_of", "plain",
           "play_tiers", "quoted", "rune_tiers"]

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


def name_key(text: str) -> str:
    """*text* as names are compared: case, spacing and curly apostrophes set aside."""
    return " ".join(text.replace("\u2019", "'").lower().split())


# --- resolving names ------------------------------------------------------------------


class Names:
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
        want = name_key(name)
        if not want:
            raise NotationError(f"{text!r}: no name")
        for tier in tiers:
            hits = [o for o in tier if o not in taken and o not in self.unknown
                    and name_key(self.name_of(o)).startswith(want)]
            if not hits:
                continue
            exact = [o for o in hits if name_key(self.name_of(o)) == want]
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
        want = name_key(plain(text))
        listed = {o.card for k, o in self.state.objects.items() if o.owner == owner
                  and not o.token and k.rsplit(".", 1)[-1][:1] in ("m", "r")}
        hits = {c for c in listed if name_key(card_name(c)).startswith(want)}
        exact = {c for c in hits if name_key(card_name(c)) == want}
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
                cand = quoted(" ".join(words[:n]).rstrip(",;:"))
                try:
                    if self.resolve(cand, tiers, taken) == oid:
                        return cand
                except NotationError:
                    continue
            return f"{quoted(name)}#{self.short_id(oid)}"
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
        return f"{quoted(name)}#{oid}" if twins else quoted(name)

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


def plain(text: str) -> str:
    """A name without the quotes around it."""
    return text.strip().strip('"')


def quoted(name: str) -> str:
    """*name* in quotes when it holds a keyword, a number or punctuation of the grammar."""
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


def place_of(state: GameState, text: str) -> str:
    """The place *text* names: ``base``, ``bf1``..., ``#oid`` or a battlefield's name."""
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
    want = name_key(t.strip('"'))
    hits = [bf.oid for bf in state.battlefields if name_key(card_name(bf.card)).startswith(want)]
    if len(hits) == 1:
        return hits[0]
    where = ", ".join(f"bf{i} {card_name(bf.card)}" for i, bf in enumerate(state.battlefields, 1))
    raise NotationError(f"{text!r} is not a place here: base, {where}" if not hits else
                        f"{text!r} is ambiguous: {where}")


# --- pools: where each kind of name is looked for, in order ----------------------------


def rune_tiers(names: Names, exhaust: bool) -> list[list[str]]:
    """A payment's runes: the ready ones first when they are exhausted."""
    return [names.runes(ready_only=exhaust), names.runes(ready_only=False), names.all_objects()]


def play_tiers(names: Names) -> list[list[str]]:
    """A card played: from hand or champion zone, facedown, then the other own zones."""
    return [names.own("hand", "champion"), names.own_facedown(),
            names.own("trash", "main_deck", "setaside", "banishment"), names.all_objects()]


def choice_tiers(names: Names) -> list[list[str]]:
    """Cards chosen: in hand, on the board, then the own trash, deck and set-aside cards."""
    return [names.own("hand"), names.board(), names.own("trash", "main_deck", "setaside"),
            names.all_objects()]


def assign_tiers(names: Names, battlefield: str) -> list[list[str]]:
    """Units assigned combat damage at *battlefield*: the enemy ones first."""
    bf = next((b for b in names.state.battlefields if b.oid == battlefield), None)
    here = list(bf.units) if bf is not None else []
    objs = names.state.objects
    enemy = [o for o in here if o in objs and objs[o].controller != names.player]
    return [enemy, here, names.all_objects()]


def equip_ability(state: GameState, source: str) -> int | None:
    """The index of the Equip ability (818.1.c.2: an activated ability attaching its
    source) of the object *source*'s card, or None when it has none."""
    obj = state.objects.get(source)
    enc = ABILITIES.get(obj.card) if obj is not None else None
    for i, ab in enumerate(getattr(enc, "abilities", ()) or ()):
        if isinstance(ab, Activated) and any(isinstance(step, AttachMe) for step in ab.effect):
            return i
    return None
