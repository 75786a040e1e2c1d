"""Triggered abilities (v1.3 382-392): the trigger index, pending triggers, and putting
them on the chain.

* :func:`fire` (``fire(state, event, obj=, player=, battlefield=)``) is called where the
  game does something a trigger may wait for.  Events and where they are fired:
  ``"played"`` (rules.abilities.after_play, from play.apply_card_played), ``"dies"``
  (effects.kill and turn/combat cleanups), ``"conquers"`` / ``"holds"`` (turn.score_triggers,
  466.2), ``"discarded"`` (effects Discard), ``"attacks"`` / ``"defends"`` (combat: once per unit
  as it gets its designation, with ``obj``, and once per side as the combat opens, without
  ``obj``, 383.4.e-f), ``"beginning_phase"`` (turn, start of the
  Beginning Phase), ``"end_of_turn"`` (turn, ending phase).  Unknown events simply find
  no listener.
* Each encoding's :class:`~riftlog.cards.vocab.Triggered` abilities are indexed once per
  card id (:func:`listeners`); a firing scans the board, the legends, the battlefields and
  the event's own object (a unit that died is in the trash by then, 808).
* Triggered abilities wait in ``state.extra["triggers"]`` (plain data: card id, source,
  ability index, controller, event) and a ``{"kind": "triggers"}`` task, put at the front
  of the queue, puts them on the chain (383.3): the turn player's first (383.3.d.1: theirs
  resolve last); a player with 2+ pending triggers chooses their order
  (383.3.d, :class:`~riftlog.events.abilities.TriggersOrdered`, awaited as request
  ``"trigger_order"``); targets are chosen with a ChoiceMade (request ``"choice"``, kind
  ``"targets"``) unless only one choice is possible.
* Outside the Main Phase and showdowns, a ``{"kind": "resolve_chain"}`` task keeps asking
  for priority until the chain is empty (the flow does not go on with a chain, 305).
"""

from __future__ import annotations

import functools
import itertools
from typing import Any

from riftlog.cards import vocab as V
from riftlog.cards.model import keyword_name
from riftlog.errors import ImpossibleDecision, UnsupportedRule
from riftlog.events.abilities import TriggersOrdered
from riftlog.rules.board import copied_text, hooks
from riftlog.rules.board import layers as _layers
from riftlog.rules.board.core import GameAction, Violation, handles
from riftlog.rules.board.layers import GrantCtx as _GrantCtx
from riftlog.rules.board.layers import grant_context as _grant_context
from riftlog.rules.board.layers import may_gain as _may_gain
from riftlog.rules.board.resources import card_facts
from riftlog.rules.board.seats import friendly
from riftlog.rules.board.state import ChainItem, GameState
from riftlog.rules.interpreter import effects, once_each_turn
from riftlog.rules.interpreter.custom_effects import CUSTOM

__all__ = ["fire", "fire_chosen", "hears", "listeners", "put_on_chain"]


#: Keywords enforced here: Deathknell (808), a "dies" trigger of the dead permanent.
ENFORCED_KEYWORDS: tuple[str, ...] = ("Deathknell",)


@functools.lru_cache(maxsize=8192)
def listeners(card_id: str) -> tuple[tuple[int, V.Triggered], ...]:
    """The card's triggered abilities with their indexes (cached)."""
    enc = effects.encoding(card_id)
    if enc is None:
        return ()
    return tuple((i, a) for i, a in enumerate(enc.abilities) if isinstance(a, V.Triggered))


@functools.lru_cache(maxsize=8192)
def keyword_listeners(card_id: str) -> tuple[tuple[str, V.Triggered], ...]:
    """The triggered abilities the card's printed keywords give (Temporary 816, Vision 817;
    one per Vision instance, 817.2), as ``("kw:<Name>", ability)``.  Keywords granted by
    effects are not looked at yet."""
    if card_id.startswith("token:") or effects._type(card_id) not in ("Unit", "Gear"):
        return ()  # 816.1.a, 817.1.a: on permanents
    enc = effects.encoding(card_id)
    tokens = enc.keywords if enc is not None else card_facts(card_id).keywords
    out: list[tuple[str, V.Triggered]] = []
    seen: set[str] = set()
    for token in tokens:
        name = keyword_name(token)
        ab = V.KEYWORD_ABILITIES.get(name)
        if ab is None or (name == "Temporary" and name in seen):  # 816.2.a: once
            continue
        seen.add(name)
        out.append((f"kw:{name}", ab))
        if name == "Hunt":  # mechanics helper: Hunt is a conquer AND a hold effect (823.1.b)
            out.append(("kw:Hunt:holds", V.KEYWORD_ABILITIES["Hunt:holds"]))
    return tuple(out)


def _sources(state: GameState, data: dict[str, Any], event: str, ctx: _GrantCtx | None,
             cand: frozenset[str] | None, game: _Game) -> list[tuple[str, str | None, str, _CardInfo]]:
    """(oid, controller, card id, its :data:`_CARD_INFO`) of everything that may have a
    trigger: the legends, bases, battlefields and what is there, cards that work from
    the trash, and the event's own object - issue 7: only those whose card listens to
    *event* (or, when *ctx* is given, may be granted a keyword ability: see
    :func:`_grantable`), in that order.  replay-perf: on the board, only the objects in
    *cand* (a superset of those, when not None) are looked at."""
    out: list[tuple[str, str | None, str, _CardInfo]] = []
    objs = state.objects
    known = _CARD_INFO
    # replay-perf: _grantable inlined where it is hot: without mods, attached gear or an
    # effect granting one of them, _may_gain is False
    anyhit = False
    holders: frozenset[str] = frozenset()
    if ctx is not None:
        names, holders = ctx
        anyhit = names is None or not names.isdisjoint(_GRANTABLE)

    # replay-perf: _scan is a module function (no closure and cells made per firing)
    # replay-perf: a zone holding no candidate is not scanned (_scan would find nothing)
    for p in state.players.values():
        zone = p.legend
        if zone and (cand is None or not cand.isdisjoint(zone)):
            _scan(out, zone, objs, event, ctx, cand, anyhit, holders)
        zone = p.base
        if zone and (cand is None or not cand.isdisjoint(zone)):
            _scan(out, zone, objs, event, ctx, cand, anyhit, holders)
    for bf in state.battlefields:
        card = bf.card
        info = known.get(card) or _card_info(card)
        if event in info[0] or (ctx is not None and info[1] and
                                _grantable(objs.get(bf.oid), info, ctx)):
            out.append((bf.oid, bf.controller, card, info))
        zone = bf.units
        if zone and (cand is None or not cand.isdisjoint(zone)):
            _scan(out, zone, objs, event, ctx, cand, anyhit, holders)
        zone = bf.gear
        if zone and (cand is None or not cand.isdisjoint(zone)):
            _scan(out, zone, objs, event, ctx, cand, anyhit, holders)
    from_trash: set[str] = set()
    trash_cards = game.oids(_FROM_TRASH)
    for p in state.players.values():  # abilities that work from the trash
        if trash_cards is not None and trash_cards.isdisjoint(p.trash):
            continue
        for oid in p.trash:
            o = objs[oid]
            if _from_trash(o.card) and oid not in from_trash and not _on_board(state, oid):
                from_trash.add(oid)
                info = known.get(o.card) or _card_info(o.card)
                if event in info[0] or (ctx is not None and info[1] and _grantable(o, info, ctx)):
                    out.append((oid, o.owner, o.card, info))
    subject = data.get("obj")
    if subject is not None and subject in objs and subject not in from_trash:
        o = objs[subject]
        card = o.card
        seen = known.get(card)
        # replay-perf: a subject whose (known) card could not be a source is not looked
        # for on the board (the same test is made again below, after _on_board)
        if (seen is None or event in seen[0] or (ctx is not None and seen[1] and
                                                 _grantable(o, seen, ctx))) and \
                not _on_board(state, subject):
            info = seen or _card_info(card)
            if event in info[0] or (ctx is not None and info[1] and _grantable(o, info, ctx)):
                out.append((subject, data.get("player"), card, info))
    return out


def _scan(out: list[tuple[str, str | None, str, _CardInfo]], zone: list[str], objs: dict[str, Any],
          event: str, ctx: _GrantCtx | None, cand: frozenset[str] | None, anyhit: bool,
          holders: frozenset[str]) -> None:
    """For :func:`_sources`: the objects of one board zone that may have a trigger, in
    order, appended to *out*.  The zone holds one of *cand* at least (when not None)."""
    if cand is not None:
        hits = cand.intersection(zone)
        if len(hits) < len(zone):  # replay-perf: only the candidates, in zone order
            zone = [oid for oid in zone if oid in hits]
    known = _CARD_INFO
    for oid in zone:
        o = objs[oid]
        card = o.card
        info = known.get(card) or _card_info(card)
        if event in info[0] or (ctx is not None and info[1] and o.zone in _GRANT_ZONES and (
                info[2] or ((anyhit or o.mods or o.oid in holders) and _may_gain(o, info[1], ctx)))):
            out.append((oid, o.controller, card, info))


def _grantable(obj: Any, info: _CardInfo, ctx: _GrantCtx) -> bool:
    """replay-perf: False when :func:`_granted` would surely give *obj* (a source whose
    card does not listen to the event itself, *info* its :data:`_CARD_INFO`) nothing, by
    the same tests :func:`_granted` makes before computing characteristics."""
    if obj is None or obj.zone not in _GRANT_ZONES:
        return False
    return info[2] or _may_gain(obj, info[1], ctx)


_GRANT_ZONES = ("base", "battlefield")
#: the keywords :func:`_granted` looks for (what a :data:`_CardInfo` info[1] may hold)
_GRANTABLE = frozenset({"Temporary", "Vision", "Hunt", "Quick-Draw", "Weaponmaster"})
#: issue 24: granted keywords whose one ability triggers as the printed one does: Temporary
#: (816), Vision (817), Quick-Draw's attach (RUP4/v1.3 819.1.c), Weaponmaster (821); Hunt's
#: two (823) are added by :func:`_granted` itself
_GRANTED_PLAIN = ("Temporary", "Vision", "Quick-Draw", "Weaponmaster")
_GRANTABLE_ORDER = ("Temporary", "Vision", "Hunt", "Quick-Draw", "Weaponmaster")


def _on_board(state: GameState, oid: str) -> bool:
    """Whether *oid* is in a legend zone, a base, or is or is at a battlefield."""
    for p in state.players.values():
        if oid in p.legend or oid in p.base:
            return True
    return any(oid == bf.oid or oid in bf.units or oid in bf.gear for bf in state.battlefields)


@functools.lru_cache(maxsize=8192)
def _from_trash(card_id: str) -> bool:
    """the card has a triggered ability working from its owner's trash."""
    return any(ab.when.subject == "you_from_trash" for _, ab in listeners(card_id))


#: subjects of a player's event: with no card type, "when you play" means a card (a token
#: played by an effect triggers only listeners of a type or of the unit itself)
_CARD_SUBJECTS = frozenset({"you", "you_or_ally", "each_player", "opponent", "you_from_trash"})


def _matches(state: GameState, when: V.When, oid: str, controller: str | None,
             data: dict[str, Any]) -> str | None:
    """The controller of the triggered ability if *when* matches the event, else None."""
    subject = when.subject
    obj = data.get("obj")
    player = data.get("player")
    if when.card_type is not None and obj is not None and obj in state.objects and \
            effects._type(state.objects[obj].card) != when.card_type:
        return None
    if data.get("token") and when.card_type is None and subject in _CARD_SUBJECTS:
        return None  # a played token is not a card (RUP4 185, v1.3 182): "play a card" misses it
    per_unit = when.event in ("attacks", "defends")  # fired once per unit and once per side
    if per_unit and (obj is None) == (subject in _PER_UNIT_SUBJECTS):
        return None
    if subject == "here":  # a battlefield's own ability: whoever did it here (466.2)
        return player if data.get("battlefield") == oid else None
    if subject == "me":
        if when.event in ("conquers", "holds"):
            src = state.objects.get(oid)
            ok = src is not None and src.location == data.get("battlefield") and controller == player
            return controller if ok else None
        return controller if obj == oid else None
    if subject == "you":
        return controller if player is not None and player == controller else None
    if subject == "you_or_ally":  # issue 24: the controller's or a teammate's (RUP4 489.8.e)
        ok = controller is not None and player is not None and friendly(state, controller, player)
        return controller if ok else None
    if subject in _UNIT_SUBJECTS:
        if obj is None or obj not in state.objects or controller is None or \
                (subject.startswith("other_") and obj == oid):
            return None
        if (subject in ("your_unit", "other_your_unit") or when.event in _PERFORMER_EVENTS) \
                and player != controller:  # "your unit" (489.8.c), or "you ready/buff ..."
            return None
        if subject in ("friendly_unit", "other_friendly_unit"):
            # a teammate's unit is friendly too (RUP4 489.8.e, v1.3 484.8.d)
            whose = state.objects[obj].controller if when.event in _PERFORMER_EVENTS else player
            if not friendly(state, controller, whose):
                return None
        return controller if effects._type(state.objects[obj].card) == "Unit" else None
    if subject == "each_player":  # any player's event (187.6.b)
        return controller if controller is not None else player
    if subject == "enemy_unit":  # an opponent's unit
        if obj is None or obj not in state.objects or controller is None or \
                player not in state.opponents(controller):
            return None
        return controller if effects._type(state.objects[obj].card) == "Unit" else None
    if subject == "opponent":  # an opponent's event (not about one of their objects)
        return controller if controller is not None and player in state.opponents(controller) \
            else None
    if subject == "you_from_trash":  # your event, this card in your trash
        src = state.objects.get(oid)
        ok = src is not None and src.zone == "trash" and player is not None and player == controller
        return controller if ok else None
    if subject == "delayed":  # only as scheduled by vocab.Delay
        return None
    raise effects.unsupported(state.objects[oid].card if oid in state.objects else oid,
                              f"trigger subject {subject!r} is not interpreted")


ENFORCED_KEYWORDS = (*ENFORCED_KEYWORDS, "Temporary", "Vision")


def fire(state: GameState, event: str, **data: Any) -> int:
    """Trigger every ability waiting for *event* (see the module doc); returns how many."""
    if event == "moves" and data.get("obj"):  # count moves per turn
        note_move(state, data["obj"])
    if event == "leaves" and LEAVE_WATCHERS:  # issue 24: e.g. control until it leaves
        for watcher in LEAVE_WATCHERS:
            watcher(state, data)
    found = 0
    may_grant = event in _GRANTED_EVENTS
    game = _game(state)
    heard = game.heard
    # replay-perf: no card of the game listens to the event (nor may be granted a keyword
    # ability that does): the scan of the board would find no source
    if heard is None or event in heard or (may_grant and _GRANT in heard):
        ctx: _GrantCtx | None = None
        cand: frozenset[str] | None  # the board objects to look at (None: all, see _Game.oids)
        if may_grant and (heard is None or _GRANT in heard):
            ctx = _grant_context(state)  # replay-perf: once per firing
            # replay-perf: an object whose card neither listens to the event nor may be
            # granted a keyword (info[1] empty: runes, spells, legends) is never a source
            cand = game.oids(event + _OR_GRANTABLE)
        else:
            cand = game.oids(event)
        objs = state.objects
        # issue 7: only sources whose card listens to the event (or may be granted a keyword)
        for oid, controller, card, info in _sources(state, data, event, ctx, cand, game):
            own = info[0].get(event, ())
            said = data
            text = effect_text(card) if own else _NO_TEXT
            if oid in objs and objs[oid].attached_to is not None:
                # 718.2, 721.2: an attached card's rules text is inactive; 718.3: its
                # Effect Text is the top-most unit's own ("me" is that unit, 136.2.c)
                top = objs.get(objs[oid].attached_to or "")
                own = tuple(x for x in own if x[0] in text)
                if not own or top is None:
                    continue
                said = {**data, "equipment": oid}
                oid, controller = top.oid, top.controller
            elif text:
                own = tuple(x for x in own if x[0] not in text)  # 136.2.b: inactive unattached
            granted: tuple[tuple[str, V.Triggered], ...] = ()
            if ctx is not None and info[1] and said is data:
                granted = _granted(state, oid, card, info, ctx)
            for index, ab in (*own, *granted):
                if ab.when.event != event:
                    continue
                who = _matches(state, ab.when, oid, controller, data)
                if who is None:
                    continue
                if ab.condition is not None and not effects.condition_holds(
                        state, who, oid, ab.condition, data):
                    continue
                # RUP4 808.1.d, 428.1.a.1.b: a trigger on its own death works as Deathknell
                # does; every "dies"/"me" trigger is fired so (only for a completed kill, so
                # none when the death was replaced, 808.1.d.1; facts noted first, 808.1.d.3)
                pending = state.extra.setdefault("triggers", [])
                for _ in range(1 + extra_deathknells(state, event, ab, card, who)):
                    pending.append({"id": state.next_id("tr"), "card": card, "source": oid,
                                    "ability": index, "controller": who, "event": dict(said)})
                    found += 1
        if data.get("worn"):  # 719.5: the dead unit's appended Effect Text (its last known)
            found += _worn_triggers(state, event, data)
    if state.extra.get("copied_text"):  # issue 24: Svellsongur, the wearer's text once more
        found += _copied_triggers(state, event, data)
    if state.extra.get("delayed"):
        found += _fire_delayed(state, event, data)
    if found and not any(e.get("kind") == "triggers" for e in state.queue[:1]):
        state.queue.insert(0, {"kind": "triggers"})
    return found


hooks.fire_event.provide(fire)

_NO_TEXT: frozenset[Any] = frozenset()
#: per card id, the indexes of its Effect Text abilities (136.2); cleared with _CARD_INFO
_TEXT: dict[str, frozenset[Any]] = {}


def effect_text(card_id: str) -> frozenset[Any]:
    """The indexes of the card's abilities printed in its Effect Text (136.2, an
    Equipment's: ``card(..., effect_text=...)``); empty for most cards."""
    out = _TEXT.get(card_id)
    if out is None:
        enc = effects.encoding(card_id)
        out = _TEXT[card_id] = frozenset(getattr(enc, "effect_text", ()) or ()) \
            if enc is not None else _NO_TEXT
    return out


def _worn_triggers(state: GameState, event: str, data: dict[str, Any]) -> int:
    """Triggers of the Effect Text the unit *data["obj"]* had appended when it left the
    board (its Deathknell, 808, 719.5: the Equipment detached as it died): matched as
    the unit's own, the unit's last controller controlling them."""
    unit, who = data.get("obj"), data.get("player")
    found = 0
    for gear in data["worn"]:
        card = state.objects[gear].card if gear in state.objects else None
        text = effect_text(card) if card is not None else _NO_TEXT
        copied = (state.extra.get("copied_text") or {}).get(gear)
        if copied is not None and copied == unit and unit in state.objects:  # issue 24
            found += _copy_of(state, event, data, gear, unit, who)
        for index, ab in listeners(card) if text else ():
            if index not in text or ab.when.event != event or ab.when.subject != "me" or \
                    unit is None or _matches(state, ab.when, unit, who, data) is None:
                continue
            state.extra.setdefault("triggers", []).append({
                "id": state.next_id("tr"), "card": card, "source": unit, "ability": index,
                "controller": who, "event": {**data, "equipment": gear}})
            found += 1
    return found


def _copied_triggers(state: GameState, event: str, data: dict[str, Any]) -> int:
    """Triggers of the copies of their wearers' text in an Equipment's Effect Text (issue 24,
    Svellsongur: ``state.extra["copied_text"] = {gear: unit}``, RUP4 136.2 / 718.3): the
    wearer's own triggered abilities once more, while the gear is attached to it."""
    found = 0
    for gear, unit in list(state.extra["copied_text"].items()):
        obj, top = state.objects.get(gear), state.objects.get(unit)
        if obj is None or top is None or obj.attached_to != unit or \
                top.zone not in ("base", "battlefield"):
            continue
        found += _copy_of(state, event, data, gear, unit, top.controller)
    return found


def _copy_of(state: GameState, event: str, data: dict[str, Any], gear: str, unit: str,
             controller: str | None) -> int:
    """Put the copied triggered abilities of *unit* (worn *gear*) waiting for *event*."""
    found = 0
    card = state.objects[unit].card
    for index, ab in listeners(card):
        if ab.when.event != event:
            continue
        who = _matches(state, ab.when, unit, controller, data)
        if who is None or (ab.condition is not None and not effects.condition_holds(
                state, who, unit, ab.condition, data)):
            continue
        state.extra.setdefault("triggers", []).append({
            "id": state.next_id("tr"), "card": card, "source": unit, "ability": index,
            "controller": who, "event": {**data, "equipment": gear}})
        found += 1
    return found


#: replay-perf: the :class:`_Game` of the last few ``state.objects`` dicts, by the dict's
#: id (the dict is held in it, so the id is not reused; a cloned state is a new game here).
#: The engine only ever adds objects and never changes an object's card, so the number of
#: objects and the battlefields' cards tell a change (see :func:`_game`).  Cleared with
#: :data:`_CARD_INFO`.
_GAMES: dict[int, _Game] = {}
_GRANT = "\x00grant"  # in _Game.heard: a card of the game may be granted a keyword ability
#: replay-perf: by the set of card ids of a game, the events its cards listen to (the keys
#: of their :data:`_CARD_INFO`, with :data:`_GRANT`); None when a card's facts could not be
#: read (then every firing scans the board as before).  Cleared with :data:`_CARD_INFO`.
_EVENTS_OF: dict[frozenset[str], frozenset[str] | None] = {}
_FROM_TRASH = "\x00trash"  # a _Game.oids key: the objects whose card works from the trash
#: replay-perf: ``event + _OR_GRANTABLE`` is a _Game.oids key: the objects whose card listens
#: to the event or may be granted a keyword ability (a non-empty :data:`_CardInfo` info[1])
_OR_GRANTABLE = "\x00+grantable"


class _Game:
    """replay-perf: what the cards of a game listen to: :attr:`heard` and, once the index
    is used again and again (not for a state cloned per decision), per event the oids of
    the objects whose card listens to it (:meth:`oids`)."""

    __slots__ = ("_by_event", "bf_cards", "heard", "n", "objs", "uses")

    def __init__(self, objs: dict[str, Any], bf_cards: tuple[str, ...],
                 heard: frozenset[str] | None) -> None:
        self.objs = objs
        self.n = len(objs)
        self.bf_cards = bf_cards
        self.heard = heard
        self.uses = 0
        self._by_event: dict[str, frozenset[str]] = {}

    def oids(self, event: str) -> frozenset[str] | None:
        """The oids of the objects whose card listens to *event* (or works from the trash,
        :data:`_FROM_TRASH`); None when not known (yet)."""
        out = self._by_event.get(event)
        if out is None:
            if self.heard is None or self.uses < 4:
                return None
            out = self._by_event[event] = frozenset(_having(event, self.objs.items()))
        return out

    def added(self) -> bool:
        """Take in the objects added to :attr:`objs` since (dicts keep insertion order and
        objects are never removed); False when that cannot be done (build a new one)."""
        heard = self.heard
        if heard is None:
            return False
        new = list(itertools.islice(self.objs.items(), self.n, None))
        for card in {o.card for _, o in new}:  # only cards that add no event
            try:
                info = _CARD_INFO.get(card) or _card_info(card)
            except Exception:  # the new one will fall back to scanning as before
                return False
            if not heard.issuperset(info[0]) or (info[1] and _GRANT not in heard):
                return False
            if any(p not in heard and has(card) for p, has in PSEUDO_EVENTS):  # issue 24
                return False
        self.n += len(new)
        for event, oids in self._by_event.items():
            more = _having(event, new)
            if more:
                self._by_event[event] = oids | frozenset(more)
        return True


def _having(event: str, items: Any) -> list[str]:
    """The oids of *items* ((oid, object) pairs, their cards' facts known) whose card
    listens to *event* (see :data:`_FROM_TRASH`)."""
    if event == _FROM_TRASH:
        return [oid for oid, o in items if _from_trash(o.card)]
    infos = _CARD_INFO
    if event.endswith(_OR_GRANTABLE):
        event = event[:-len(_OR_GRANTABLE)]
        return [oid for oid, o in items if event in infos[o.card][0] or infos[o.card][1]]
    return [oid for oid, o in items if event in infos[o.card][0]]


def hears(state: GameState, event: str) -> bool:
    """Whether a card of the game may listen to *event* (True when that is not known): a
    caller may skip working out an event nobody hears."""
    heard = _game(state).heard
    return heard is None or event in heard


def _game(state: GameState) -> _Game:
    objs = state.objects
    bf_cards = tuple([bf.card for bf in state.battlefields])
    game = _GAMES.get(id(objs))
    if game is not None and game.objs is objs and game.bf_cards == bf_cards and \
            (game.n == len(objs) or (game.n < len(objs) and game.added())):
        game.uses += 1
        return game
    cards = {o.card for o in objs.values()}
    cards.update(bf_cards)
    key = frozenset(cards)
    if key in _EVENTS_OF:
        heard = _EVENTS_OF[key]
    else:
        try:
            heard = _events_of(key)
        except Exception:  # a card the scan would fail on too: scan as before
            heard = None
        if len(_EVENTS_OF) >= 1024:
            _EVENTS_OF.clear()
        _EVENTS_OF[key] = heard
    if len(_GAMES) >= 4:  # the oldest goes (held states are not freed)
        del _GAMES[next(iter(_GAMES))]
    game = _GAMES[id(objs)] = _Game(objs, bf_cards, heard)
    return game


def _events_of(cards: frozenset[str]) -> frozenset[str]:
    events: set[str] = set()
    for card in cards:
        info = _CARD_INFO.get(card) or _card_info(card)
        events.update(info[0])
        if info[1]:
            events.add(_GRANT)
        for pseudo, has in PSEUDO_EVENTS:  # issue 24: e.g. enemy_choices
            if has(card):
                events.add(pseudo)
    return frozenset(events)


#: issue 7 (re-validation speed): per card id, (its printed and keyword listeners by
#: event, the keywords among Temporary/Vision/Hunt it does not print when it is a Unit or
#: Gear - those an effect could grant it - else (), whether its printed keywords name one of
#: them); :data:`_TOKEN` for a token.  Cleared with the ``listeners`` /
#: ``keyword_listeners`` caches (see :func:`_clear_card_info`).
_CardInfo = tuple[dict[str, tuple[tuple[Any, V.Triggered], ...]], tuple[str, ...], bool]
_TOKEN: _CardInfo = ({}, (), False)
_CARD_INFO: dict[str, _CardInfo] = {}


def _card_info(card: str) -> _CardInfo:
    if card.startswith("token:"):
        _CARD_INFO[card] = _TOKEN
        return _TOKEN

    index: dict[str, list[tuple[Any, V.Triggered]]] = {}
    for item in (*listeners(card), *keyword_listeners(card)):
        index.setdefault(item[1].when.event, []).append(item)
    wanted: tuple[str, ...] = ()
    printed_has = False
    if effects._type(card) in ("Unit", "Gear"):
        printed = {name for name, _ in keyword_listeners(card)}
        wanted = tuple(name for name in _GRANTABLE_ORDER  # mechanics helper: Hunt
                       if f"kw:{name}" not in printed)
        printed_has = any(name in wanted for name, _ in _layers._printed(card).keywords)
    info = ({ev: tuple(items) for ev, items in index.items()}, wanted, printed_has)
    _CARD_INFO[card] = info
    return info


def _clear_card_info(cached: Any) -> None:
    """Make ``cached.cache_clear()`` (an lru_cache this module's facts come from) also
    forget :data:`_CARD_INFO`."""
    clear = cached.cache_clear

    def cache_clear() -> None:
        _CARD_INFO.clear()
        _TEXT.clear()
        _EVENTS_OF.clear()
        _GAMES.clear()
        clear()

    setattr(cached, "cache_clear", cache_clear)  # noqa: B010


_clear_card_info(listeners)
_clear_card_info(keyword_listeners)
_clear_card_info(_layers._printed)  # printed types and keywords (layers.clear_cache)


#: "attacks"/"defends" subjects that listen to the per-unit firing
#: ("a friendly unit attacks"), the others to the per-side one ("you attack").
_PER_UNIT_SUBJECTS = frozenset({"me", "friendly_unit", "other_friendly_unit", "your_unit",
                                "other_your_unit", "enemy_unit"})  # enemy_unit:

#: subjects about one unit: "friendly" (the controller's or a teammate's, RUP4 489.8.e)
#: or "your" (the controller's own, 489.8.c)
_UNIT_SUBJECTS = frozenset({"friendly_unit", "other_friendly_unit", "your_unit",
                            "other_your_unit"})

#: events whose ``player`` is who did it, not the unit's controller ("readied" 415,
#: "buffed" 411.4): the cards say "when you ready/buff a ... unit"
_PERFORMER_EVENTS = frozenset({"readied", "buffed", "chosen"})  # chosen: who chose it

#: events of keyword abilities (Temporary 816, Vision 817) that a
#: keyword granted by an effect also triggers on.
_GRANTED_EVENTS = frozenset({"played", "beginning_phase",
                             "conquers", "holds"})  # mechanics helper: granted Hunt (823.2)


def _granted(state: GameState, oid: str, card: str, info: _CardInfo,
             ctx: _GrantCtx) -> tuple[tuple[str, V.Triggered], ...]:
    """the listeners of Temporary/Vision (and Hunt) that a Unit/Gear
    card not printing all of them has from effects (layers) but not printed (816.1, 817.1:
    the keyword's ability, once per object; *info* = its :data:`_CARD_INFO`)."""
    obj = state.objects.get(oid)
    if obj is None or obj.zone not in _GRANT_ZONES:
        return ()
    wanted = info[1]
    if not info[2] and not _may_gain(obj, wanted, ctx):
        return ()  # replay-perf: no printed keyword, mod, effect or gear can give them
    if not state.effects and not obj.mods and not _layers._attached(state, obj):
        # replay-perf: nothing modifies it, so its keywords are the printed ones (as
        # layers.characteristics would compute them, without building them)
        keywords: Any = dict(_layers._printed(card).keywords)
    else:
        keywords = _layers.characteristics(state, oid).keywords
    out = tuple((f"kw:{name}", V.KEYWORD_ABILITIES[name]) for name in _GRANTED_PLAIN
                if name in wanted and name in keywords)
    if "Hunt" in wanted and "Hunt" in keywords:  # mechanics helper: granted Hunt (823.2)
        out += (("kw:Hunt", V.KEYWORD_ABILITIES["Hunt"]),
                ("kw:Hunt:holds", V.KEYWORD_ABILITIES["Hunt:holds"]))
    return out


def _fire_delayed(state: GameState, event: str, data: dict[str, Any]) -> int:
    """delayed triggered abilities (390.2) scheduled this turn by
    vocab.Delay trigger once at their event, whether or not the source is still there (392)."""
    keep: list[dict[str, Any]] = []
    found = 0
    for d in state.extra["delayed"]:
        if d["turn"] != state.turn:
            continue  # "this turn" is over
        ab = effects.ability(d["card"], d["ability"])
        said = data
        if event in ("conquers", "holds") and "objects" in d:  # issue 24: the unit is there
            there = [o for o in d["objects"] if o in state.objects
                     and state.objects[o].location == data.get("battlefield")
                     and state.objects[o].controller == data.get("player")]
            said = {**data, "obj": there[0]} if there else data
        elif event == "end_of_turn" and d.get("objects"):  # issue 24: "... it at end of turn"
            said = {**data, "obj": d["objects"][0]}
        if ab.when.event != event or ("objects" in d and said.get("obj") not in d["objects"]):
            keep.append(d)
            continue
        if ab.condition is not None and not effects.condition_holds(
                state, d["controller"], d["source"], ab.condition, said):
            keep.append(d)  # mechanics helper: a delayed ability's condition (Rally the Troops)
            continue
        state.extra.setdefault("triggers", []).append({
            "id": state.next_id("tr"), "card": d["card"], "source": d["source"],
            "ability": d["ability"], "controller": d["controller"], "event": dict(said)})
        found += 1
        if d.get("every"):  # mechanics helper: an every-time delayed ability stays for the turn
            keep.append(d)
    if keep:
        state.extra["delayed"] = keep
    else:
        state.extra.pop("delayed", None)
    return found


def extra_deathknells(state: GameState, event: str, ab: V.Triggered, card: str, who: str) -> int:
    """how many more times a Deathknell (808) of *who* triggers: one per
    permanent *who* controls on the board whose encoding has :class:`vocab.ExtraDeathknell`
    (Karthus, Eternal; read as the Deathknell triggers, after the kill)."""
    if event != "dies" or ab.when.subject != "me" \
            or "Deathknell" not in card_facts(card).keyword_names:
        return 0
    extra = 0
    for lst in effects._board_lists(state):
        for oid in lst:
            obj = state.objects[oid]
            if obj.controller != who:
                continue
            enc = effects.encoding(obj.card)
            if enc is not None:  # each copy of its text too (issue 24, Svellsongur: 808.2)
                extra += sum(1 for a in copied_text.with_copies(state, oid, enc.abilities)
                             if isinstance(a, V.ExtraDeathknell))
    return extra


def note_move(state: GameState, oid: str) -> None:
    """how many times each object moved this turn, in
    ``state.extra["moves_this_turn"]`` = {"turn": n, "counts": {oid: k}} (vocab.MovedTimes)."""
    marks = state.extra.get("moves_this_turn")
    if not marks or marks.get("turn") != state.turn:
        marks = state.extra["moves_this_turn"] = {"turn": state.turn, "counts": {}}
    marks["counts"][oid] = marks["counts"].get(oid, 0) + 1


def _apnap(state: GameState) -> list[str]:
    order = state.turn_order
    tp = state.turn_player
    if tp in order:
        i = order.index(tp)
        return order[i:] + order[:i]
    return list(order)


@hooks.task("triggers")
def _flush(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    pending: list[dict[str, Any]] = state.extra.get("triggers", [])
    if not pending:
        state.extra.pop("triggers", None)
        _keep_resolving(state)  # also after a choice emptied the list
        return
    for pid in _apnap(state):
        mine = [t for t in pending if t["controller"] == pid]
        if not mine:
            continue
        ordered = state.extra.get("triggers_ordered", [])
        if len(mine) > 1 and pid not in ordered and \
                len({(t["card"], t["ability"]) for t in mine}) > 1:
            state.queue.append(hooks.await_entry(
                "trigger_order", pid, ["TriggersOrdered"], "383.3.d",
                {"ids": [t["id"] for t in mine]}, then={"kind": "triggers"}))
            return
        for t in mine:
            pending.remove(t)
            if not _targets_then_chain(state, t, log):
                return  # awaiting a target choice; the rest follows
    state.extra.pop("triggers", None)
    state.extra.pop("triggers_ordered", None)
    _keep_resolving(state)


def _keep_resolving(state: GameState) -> None:
    if state.chain and state.showdown is None and state.phase != "main":
        state.queue.append({"kind": "resolve_chain"})


def _targets_then_chain(state: GameState, t: dict[str, Any], log: list[GameAction]) -> bool:
    """Choose the trigger's targets (a ChoiceMade when it is a real choice), then put it
    on the chain.  False when a choice is awaited."""
    ab: V.Triggered = effects.ability(t["card"], t["ability"])
    if not once_each_turn.finalizing(state, t, log, count=False):  # v1.3 383.3.f: used up
        return True
    if ab.optional and "use" not in t:  # 383.3.a: "you may" is chosen as it triggers
        state.queue.append(hooks.await_entry(
            "choice", t["controller"], ["ChoiceMade"], "383.3.a",
            {"kind": "may", "use": [True, False], "card": t["card"], "source": t["source"]},
            then={"kind": "trigger_step", "trigger": t}))
        return False
    if ab.optional and not t["use"]:
        return True
    specs = effects.targets_of(t["card"], t["ability"])
    if not specs or "targets" in t:
        _no_deflect(state, t)
        if _asks_cost(state, t):  # issue #5: a cost paid as it is finalized (742.1.b)
            return False
        put_on_chain(state, t, log)
        return True
    chosen: dict[str, list[str]] = {}
    open_choice: dict[str, Any] = {}
    hidden_at = _played_from_hidden_at(state, t, ab)
    for spec in specs:
        legal = effects.target_candidates(state, t["controller"], t["source"], spec)
        if hidden_at is not None and spec.where not in _ELSEWHERE:
            legal = [o for o in legal if o == hidden_at or  # 811.1.d.2: chosen at that battlefield
                     getattr(state.objects.get(o), "location", None) == hidden_at]
        if not legal and not spec.up_to:
            log.append(GameAction("trigger_removed", t["controller"], (t["source"],),
                                  {"ability": t["ability"], "why": "no legal target"},
                                  "public", "355.5.b"))
            return True  # an ability without a legal target cannot be put on the chain
        if len(legal) <= spec.count and not spec.up_to:
            chosen[spec.name] = legal
        else:
            open_choice[spec.name] = {"from": legal, "count": spec.count, "up_to": spec.up_to}
    if not open_choice:
        t["targets"] = chosen
        _no_deflect(state, t)
        if _asks_cost(state, t):  # issue #5: a cost paid as it is finalized (742.1.b)
            return False
        put_on_chain(state, t, log)
        return True
    t["targets_fixed"] = chosen
    state.queue.append(hooks.await_entry(
        "choice", t["controller"], ["ChoiceMade"], "355.5",
        {"kind": "targets", "card": t["card"], "source": t["source"], "targets": open_choice},
        then={"kind": "trigger_step", "trigger": t}))
    return False


#: target restrictions that can never be met at the source's own battlefield (811.1.d.2)
_ELSEWHERE = frozenset({"elsewhere", "base"})


def _played_from_hidden_at(state: GameState, t: dict[str, Any], ab: V.Triggered) -> str | None:
    """The battlefield a permanent played from Hidden is at, when *t* is its own play
    effect (811.1.d.2: its targets are chosen there); None otherwise."""
    if not (t.get("event") or {}).get("from_hidden") or ab.when.event != "played" \
            or ab.when.subject != "me":
        return None
    obj = state.objects.get(t["source"])
    if obj is None or obj.zone != "battlefield":
        return None
    return obj.location


def _no_deflect(state: GameState, t: dict[str, Any]) -> None:
    if effects.deflect_power(state, t["controller"], t.get("targets", {})):
        raise UnsupportedRule(f"{state.edition} 809.1.c: a triggered ability choosing a unit "
                              "with Deflect (its cost, 383.3.b) is not implemented yet")


@hooks.task("trigger_step")
def _trigger_step(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    """Go on with a trigger after a ChoiceMade answered (its ``use``/``targets`` filled)."""
    if _targets_then_chain(state, entry["trigger"], log):
        state.queue.append({"kind": "triggers"})


@hooks.task("resolve_chain", quiet=True)
def _resolve_chain(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    # replay-perf: a quiet task (hooks.QUIET_TASKS): it changes only the priority and
    # queues no wait a cleanup acts on - keep it so
    if not state.chain or state.showdown is not None or state.phase == "main":
        return
    state.priority = state.priority or state.chain[-1].controller
    state.queue.append(hooks.await_entry(
        "priority", state.priority, ["PriorityPassed", *hooks.REACTION_DECISIONS], "312.2.c"))
    state.queue.append({"kind": "resolve_chain"})


def put_on_chain(state: GameState, t: dict[str, Any], log: list[GameAction]) -> None:
    """Put a pending triggered ability on the chain (383.3) as an ``"ability"`` item."""
    if not once_each_turn.finalizing(state, t, log, count=False):  # v1.3 383.3.f
        return
    if not _finalize_cost(state, t, log):  # 742.1.b
        return
    once_each_turn.finalizing(state, t, log, count=True)  # v1.3 383.3.f: a use, on the chain
    targets = {**t.get("targets_fixed", {}), **t.get("targets", {})}
    item = ChainItem(id=state.next_id("c"), kind="ability", controller=t["controller"],
                     source=t["source"], legal=True, targets=targets,
                     effect={"card": t["card"], "ability": t["ability"], "event": t["event"],
                             "trigger": True})
    state.chain.append(item)
    state.priority = t["controller"]
    state.extra["passes"] = []
    log.append(GameAction("trigger", t["controller"], (t["source"],),
                          {"card": t["card"], "ability": t["ability"], "item": item.id},
                          "public", "383.3"))
    fire_chosen(state, targets, t["controller"], spell=False, source=t["source"])


def fire_chosen(state: GameState, targets: Any, player: str, *, spell: bool,
                source: str | None = None) -> None:
    """issue 24: fire ``"chosen"`` once per permanent on the board that a spell or ability of
    *player* chose as a target as it was put on the chain (``spell``: by a spell; *source*:
    the ability's source), then tell :data:`CHOSEN_WATCHERS`."""
    lists = targets.values() if isinstance(targets, dict) else [targets]
    seen: list[str] = []
    for ids in lists:
        for oid in ids if isinstance(ids, list | tuple) else ():
            obj = state.objects.get(oid) if isinstance(oid, str) else None
            if obj is not None and oid not in seen and obj.zone in ("base", "battlefield"):
                seen.append(oid)
                fire(state, "chosen", obj=oid, player=player, spell=spell)
    if seen:
        for watcher in CHOSEN_WATCHERS:
            watcher(state, seen, player, spell, source)


#: issue 24: ``fn(state, event data)`` told of each object leaving the board (the event
#: "leaves"), before its triggers (riftlog.rules.interpreter.control_until_leaves)
LEAVE_WATCHERS: list[Any] = []
#: issue 24: ``fn(state, chosen oids, player, spell, source)`` told of each spell or ability
#: that chose permanents as it was put on the chain (riftlog.rules.interpreter.enemy_choices)
CHOSEN_WATCHERS: list[Any] = []
#: issue 24: (pseudo event, fn(card id) -> bool): a game holding a card for which fn is True
#: "hears" the pseudo event (:func:`hears`), e.g. a record only such games keep
PSEUDO_EVENTS: list[tuple[str, Any]] = []


def _check_order(state: GameState, d: TriggersOrdered) -> list[Violation]:
    entry = hooks.answering(state)
    ids = entry.get("options", {}).get("ids", [])
    if sorted(d.order) != sorted(ids):
        return [Violation("383.3.d", f"order exactly the pending triggers {ids}", state.edition)]
    return []


@handles(TriggersOrdered)(_check_order)
def _apply_order(state: GameState, d: TriggersOrdered, log: list[GameAction]) -> None:
    entry = hooks.answering(state)
    pending: list[dict[str, Any]] = state.extra.get("triggers", [])
    by_id = {t["id"]: t for t in pending}
    if any(i not in by_id for i in d.order):
        raise ImpossibleDecision(f"{state.edition} 383.3.d: {d.order} are not the pending triggers")
    mine = [by_id[i] for i in d.order]
    rest = [t for t in pending if t["id"] not in d.order]
    state.extra["triggers"] = rest + mine
    state.extra.setdefault("triggers_ordered", []).append(d.player)
    log.append(GameAction("order_triggers", d.player, tuple(t["source"] for t in mine),
                          {"order": list(d.order)}, "public", "383.3.d", d.player))
    state.queue.append(entry.get("then") or {"kind": "triggers"})


@hooks.candidates
def candidates(state: GameState, player: str) -> list[TriggersOrdered]:
    if not state.queue or state.queue[0].get("request") != "trigger_order" or \
            state.queue[0].get("player") != player:
        return []
    ids = list(state.queue[0]["options"]["ids"])
    return [TriggersOrdered(player=player, order=tuple(ids)),
            TriggersOrdered(player=player, order=tuple(reversed(ids)))]


#: issue #5: ``fn(state, trigger) -> options | None``: the ChoiceMade (kind "custom") a cost
#: within a triggered ability's instructions needs from its controller before it is paid as
#: the ability is finalized (742.1.b), e.g. how to pay power (riftlog.rules.playing.play_effects).
#: The answer is kept in the trigger as ``cost_answer`` and given to the finalize cost's
#: Custom as its answer (``ctx["answers"]["0"]``).
COST_CHOICES: list[Any] = []


def _asks_cost(state: GameState, t: dict[str, Any]) -> bool:
    """issue #5: ask the trigger's controller for its finalize cost's answer (742.1.b) when
    one is needed and not given yet (True: the ChoiceMade is awaited)."""
    if "cost_answer" in t or not COST_CHOICES:
        return False
    for question in COST_CHOICES:
        options = question(state, t)
        if options is not None:
            rule = options.pop("rule", "742.1.b")  # a choice made as it is finalized may cite its own
            state.queue.append(hooks.await_entry(
                "choice", t["controller"], ["ChoiceMade"], rule,
                {"kind": "custom", "card": t["card"], "source": t["source"], **options},
                then={"kind": "trigger_step", "trigger": t}))
            return True
    return False


def _finalize_cost(state: GameState, t: dict[str, Any], log: list[GameAction]) -> bool:
    """pay a triggered ability's cost within its instructions as it is put
    on the chain (742.1.b; ``Triggered.finalize_cost``, Custom nodes).  False: it could not be
    paid, so the ability is not put on the chain."""
    ab = effects.ability(t["card"], t["ability"])
    cost = getattr(ab, "finalize_cost", ())
    if not cost:
        return True


    ctx = {"card": t["card"], "source": t["source"], "ability": t["ability"],
           "controller": t["controller"], "targets": {}, "choices": {},
           "answers": {"0": dict(t["cost_answer"])} if "cost_answer" in t else {},  # issue #5
           "event": t.get("event") or {}, "pc": 0}
    for node in cost:
        fn = CUSTOM.get(getattr(node, "name", ""))
        if not isinstance(node, V.Custom) or fn is None:
            raise effects.unsupported(t["card"], f"finalize cost {node!r} is not interpreted")
        if fn(state, ctx, log, *node.args) is False:
            log.append(GameAction("trigger_removed", t["controller"], (t["source"],),
                                  {"ability": t["ability"], "why": "its cost was not paid"},
                                  "public", "742.1.b"))
            return False
    if ctx["targets"]:  # targets a finalize step chose (issue 24: Aphelios, Exalted, 355.5)
        t["targets"] = {**t.get("targets", {}), **ctx["targets"]}
    return True
