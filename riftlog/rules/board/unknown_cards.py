"""Unknown cards: paper and seat games, whose record holds only what the table saw (issue 21).

A ``full`` game records every random outcome, so every object's card is a fact.  In a
``paper`` game (``GameCreated.information``) nobody recorded the deck orders or the
hands: an object in a hidden zone (Main and Rune Deck 108.4.d/108.5.d, hand 108.7.c,
set aside, face down 107.3.f) has *no identity* until an event that makes it public
names it (:class:`~riftlog.events.decisions.CardsIdentified`).  A ``seat`` game also
knows what one player saw (their hand, their looks).

How the engine carries this without a second rules engine:

* ``state.extra["information"]`` = ``{"level", "seat", "known"}``; ``known`` lists the
  objects whose card is a fact of the record (every public object, and hidden ones a
  CardsIdentified named).  Full games have no such entry: their state is unchanged.
* The ``card`` of an unknown object is a *placeholder*: one of the copies of the owner's
  registered deck list not yet accounted for.  Unknown objects of one owner and one deck
  (main or rune) are interchangeable, so naming one swaps placeholders with another
  unknown object holding that card: the multiset of the deck list is preserved, and a
  name with no unknown copy left is refused (103.2.b) naming the copies accounted for.
* Shuffles are not recorded: a paper game's ``deck_order`` request is answered by the
  flow itself (:func:`shuffle_unrecorded`), and the cards shuffled are forgotten.
* An event that would make an unknown object public (played, channeled, revealed,
  discarded ...) without a CardsIdentified before it cannot be carried out
  (:func:`unnamed_publications`): the engine never shows a placeholder as a fact.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from riftlog.cards.catalog import load_catalog
from riftlog.errors import ImpossibleDecision
from riftlog.events.decisions import CardsIdentified, DeckOrderRecorded
from riftlog.rules.board.core import GameAction, Violation, handler_for, handles
from riftlog.rules.board.state import GameObject, GameState

#: zones whose cards nobody at the table sees (plus face-down cards anywhere)
HIDDEN_ZONES = frozenset({"main_deck", "rune_deck", "hand", "setaside", "facedown"})
_ZONE_WORDS = {"main_deck": "in the Main Deck", "rune_deck": "in the Rune Deck", "hand": "in hand",
               "setaside": "set aside", "facedown": "face down", "trash": "in the trash",
               "base": "on the board", "battlefield": "on the board", "chain": "on the chain",
               "banishment": "banished", "champion": "in the Champion Zone",
               "legend": "in the Legend Zone"}


def information(state: GameState) -> dict[str, Any] | None:
    """The information entry of a paper or seat game; None for a full game."""
    info: dict[str, Any] | None = state.extra.get("information")
    return info


def start(state: GameState, level: str, seat: str | None) -> None:
    """Mark a new game's information level (nothing for ``full``): every public object is
    known, every hidden one unknown."""
    if level == "full":
        return
    state.extra["information"] = {
        "level": level, "seat": seat,
        "known": sorted(oid for oid, o in state.objects.items() if is_public(o)),
    }


def is_public(obj: GameObject) -> bool:
    """Whether everybody at the table sees the face of *obj* (109, 128)."""
    return obj.zone not in HIDDEN_ZONES and not obj.face_down


def level_label(state: GameState) -> str:
    """``full``, ``paper`` or ``seat p1``."""
    info = information(state)
    if info is None:
        return "full"
    return f"seat {info['seat']}" if info["level"] == "seat" else str(info["level"])


def unknown(state: GameState) -> set[str]:
    """The objects whose card the record does not know (empty in a full game)."""
    info = information(state)
    if info is None:
        return set()
    known = set(info["known"])
    return {oid for oid in state.objects if oid not in known}


def is_unknown(state: GameState, oid: str) -> bool:
    """Whether *oid*'s card is unknown to the record (never in a full game)."""
    info = information(state)
    return info is not None and oid not in info["known"]


def where(obj: GameObject) -> str:
    """An object's zone in words."""
    return _ZONE_WORDS.get(obj.zone, f"in {obj.zone}")


# --- the deck list bound (103.2.b) ---------------------------------------------------


def _pool(oid: str) -> str:
    """Which registered list an object comes from: ``m`` main deck, ``r`` rune deck."""
    tail = oid.rsplit(".", 1)[-1]
    return tail[:1] if tail[:1] in ("m", "r") and tail[1:].isdigit() else ""


def _registered(state: GameState, owner: str, pool: str) -> Counter[str]:
    """The owner's registered list for *pool*: every object of it, whatever its place
    (their cards are the list as a multiset: identities only ever swap)."""
    return Counter(o.card for oid, o in state.objects.items()
                   if o.owner == owner and not o.token and _pool(oid) == pool)


def _accounted(state: GameState, owner: str, pool: str, card: str) -> list[GameObject]:
    known = set(information(state)["known"])  # type: ignore[index]
    return [o for oid, o in state.objects.items() if oid in known and o.owner == owner
            and _pool(oid) == pool and o.card == card]


def _check_identified(state: GameState, d: CardsIdentified) -> list[Violation]:
    ed = state.edition
    info = information(state)
    if info is None:
        return [Violation("128", "this is a full game: the record knows every card, so none "
                          "is identified later (CardsIdentified belongs to paper and seat games)", ed)]
    if d.player not in state.players:
        return [Violation("103", f"{d.player!r} is not a player of this game", ed)]
    if d.how == "looked_at" and (info["level"] != "seat" or info["seat"] != d.player):
        who = "a paper record has no seat" if info["level"] == "paper" else \
            f"this record is {info['seat']}'s"
        return [Violation("108.7.c", f"only the recording seat's own looks are known: {who}, "
                          f"so {d.player}'s hidden cards are named only when made public", ed)]
    known = set(info["known"])
    wanted: Counter[tuple[str, str]] = Counter()
    for oid, card in d.cards.items():
        obj = state.objects.get(oid)
        if obj is None or obj.owner != d.player or obj.token or not _pool(oid):
            return [Violation("103.2.b", f"{oid} is not a card of {d.player}'s registered "
                              "Main or Rune Deck", ed)]
        if oid in known:
            if obj.card != card:
                return [Violation("103.2.b", f"{oid} ({where(obj)}) is already known to be "
                                  f"{_name(obj.card)}; it cannot be {_name(card)}", ed)]
            continue
        wanted[(_pool(oid), card)] += 1
    for (pool, card), n in wanted.items():
        listed = _registered(state, d.player, pool)[card]
        deck = "Main Deck" if pool == "m" else "Rune Deck"
        if listed == 0:
            return [Violation("103.2.b", f"{_name(card)} is not in {d.player}'s registered "
                              f"{deck} list", ed)]
        seen = _accounted(state, d.player, pool, card)
        if listed - len(seen) < n:
            ids = ", ".join(f"{o.oid} {where(o)}" for o in seen)
            return [Violation("103.2.b", f"{d.player}'s registered {deck} has {listed} "
                              f"{_name(card)}; {len(seen)} already accounted for ({ids}), so "
                              f"{'no' if listed == len(seen) else 'not ' + str(n)} more can be "
                              "named", ed)]
    return []


@handles(CardsIdentified)(_check_identified)
def _apply_identified(state: GameState, d: CardsIdentified, log: list[GameAction]) -> None:
    problems = _check_identified(state, d)
    if problems:  # a name the deck list does not allow cannot be carried out either
        raise ImpossibleDecision(str(problems[0]), list[object](problems))
    info = information(state)
    assert info is not None  # checked
    known: list[str] = info["known"]
    swapped = False
    for oid, card in d.cards.items():
        if oid in known:
            continue
        obj = state.objects[oid]
        if obj.card != card:  # swap placeholders with an unknown copy of the named card
            other = next(o for k, o in state.objects.items()
                         if o.owner == obj.owner and _pool(k) == _pool(oid) and o.card == card
                         and k not in known and k != oid)
            obj.card, other.card = card, obj.card
            swapped = True
        known.append(oid)
    known.sort()
    if swapped:
        renew_objects(state)
    seat = info.get("seat")
    log.append(GameAction("identify", d.player, tuple(d.cards), {"cards": dict(d.cards), "how": d.how},
                          visibility=f"private:{seat}" if d.how == "looked_at" else "public",
                          rule="128"))


def renew_objects(state: GameState) -> None:
    """After placeholders swapped cards: a new ``state.objects`` dict, so the engine's
    indexes keyed on it (the trigger listeners, riftlog.rules.interpreter.triggers), which
    rely on an object's card never changing, are rebuilt."""
    state.objects = dict(state.objects)


# --- what the flow does for the record ---------------------------------------------


def shuffle_unrecorded(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    """A paper game's deck randomisation (115, 416.5, 431.2.b): nobody recorded the order,
    so the cards keep their places as placeholders and are forgotten."""
    opts = entry["options"]
    order = (*opts.get("keep", []), *opts.get("randomize", []))
    handler = handler_for("DeckOrderRecorded")
    assert handler is not None  # registered by the setup flow
    state.extra["answering"] = entry
    try:
        handler.apply(state, DeckOrderRecorded(player=opts["player"], deck=opts["deck"],
                                               order=order), log)
    finally:
        state.extra.pop("answering", None)
    info = information(state)
    if info is not None:
        gone = set(opts.get("randomize", []))
        info["known"] = [oid for oid in info["known"] if oid not in gone]


def unnamed_publications(state: GameState, before: set[str], log: list[GameAction]) -> list[str]:
    """Objects unknown *before* an event that are public after it (or that it revealed)
    while the record still does not know them: the event needs a CardsIdentified first."""
    info = information(state)
    if info is None:
        return []
    known = set(info["known"])
    shown = {oid for a in log if a.kind == "reveal" for oid in a.objects}
    return sorted(oid for oid in before if oid not in known and oid in state.objects
                  and (is_public(state.objects[oid]) or oid in shown))


def learn_public(state: GameState) -> None:
    """After an event: every public object is known from now on."""
    info = information(state)
    if info is None:
        return
    known = set(info["known"])
    new = [oid for oid, o in state.objects.items() if oid not in known and is_public(o)]
    if new:
        info["known"] = sorted(known.union(new))


def _name(card: str) -> str:
    catalog = load_catalog()
    return f"{catalog.get(card).name} ({card})" if card in catalog else repr(card)
