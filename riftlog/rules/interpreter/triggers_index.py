"""The trigger index (issue 7, replay-perf): which triggered abilities a card has
(:func:`listeners`, its printed keywords' :func:`keyword_listeners`, its Effect Text), what
each card of a game listens to (``_CARD_INFO``, ``_Game``, :func:`hears`), the keyword
abilities an effect may grant (Temporary, Vision, Hunt, Quick-Draw, Weaponmaster:
``_granted``), and the objects a firing looks at (``_sources``).  Re-exported by
:mod:`riftlog.rules.interpreter.triggers`.
"""

from __future__ import annotations

import functools
import itertools
from typing import Any

from riftlog.cards import vocab as V
from riftlog.cards.model import keyword_name
from riftlog.rules.board import layers as _layers
from riftlog.rules.board.layers import GrantCtx as _GrantCtx
from riftlog.rules.board.layers import may_gain as _may_gain
from riftlog.rules.board.resources import card_facts
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import effects


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
#: issue 24: (pseudo event, fn(card id) -> bool): a game holding a card for which fn is True
#: "hears" the pseudo event (:func:`hears`), e.g. a record only such games keep
PSEUDO_EVENTS: list[tuple[str, Any]] = []
