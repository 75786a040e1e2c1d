"""Keywords a card has as it is played (issue 24): its printed keywords plus those another
card gives cards as they are played (:class:`riftlog.cards.vocab_grants.PlayedWith`: Jax,
Unmatched gives Equipment Quick-Draw, RUP4 819 / v1.3 819; Rek'Sai, Breacher gives units
played from elsewhere than the hand Accelerate, RUP4/v1.3 805).

Off the board a card has only its printed characteristics (v1.3 711) unless an effect says
otherwise; these abilities are such effects, so the play check (timing, 805.1 Accelerate,
819.1.b Reaction of Quick-Draw), the Total Cost and the answers offered for a play read
:func:`play_keywords`.  A card on the board gets the keyword through layers (the Passive
beside the ability), which is how its play trigger (Quick-Draw's attach, 819.1.c) is found
(``triggers._granted``).  Only games holding a card with such an ability look (the pseudo
event :data:`EVENT`).
"""

from __future__ import annotations

from riftlog.cards import vocab as V
from riftlog.cards.vocab_grants import PlayedWith
from riftlog.rules.board.resources import card_facts
from riftlog.rules.board.seats import friendly
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import effects, triggers

__all__ = ["EVENT", "granted_as_played", "play_keywords"]

#: the pseudo event of :data:`triggers.PSEUDO_EVENTS` heard by games with such a card
EVENT = "\x00played_with"


def _grants(enc: V.Encoding) -> tuple[PlayedWith, ...]:
    return tuple(a for a in enc.abilities if isinstance(a, PlayedWith))


def _card_grants(card_id: str) -> tuple[PlayedWith, ...]:
    found: tuple[PlayedWith, ...] = effects.encoding_fact(card_id, _grants, ())
    return found


def granted_as_played(state: GameState, player: str, oid: str) -> frozenset[str]:
    """The keywords *oid* has from other cards as *player* plays it (see the module doc)."""
    if not triggers.hears(state, EVENT):
        return frozenset()
    obj = state.objects[oid]
    facts = card_facts(obj.card)
    out: set[str] = set()
    for lst in effects._board_lists(state):
        for src in lst:
            s = state.objects[src]
            if s.attached_to is not None or s.controller is None or src == oid:
                continue
            for g in _card_grants(s.card):
                if g.card_type is not None and facts.type != g.card_type:
                    continue
                if g.tag is not None and g.tag not in facts.tags:
                    continue
                if g.not_from_hand and obj.zone == "hand":
                    continue
                if friendly(state, s.controller, player):
                    out.add(g.keyword)
    return frozenset(out)


def play_keywords(state: GameState, player: str, oid: str) -> frozenset[str]:
    """The keyword names *oid* has as *player* plays it: printed, plus :func:`granted_as_played`."""
    printed = card_facts(state.objects[oid].card).keyword_names
    extra = granted_as_played(state, player, oid)
    return printed | extra if extra else printed


triggers.PSEUDO_EVENTS.append((EVENT, lambda card: bool(_card_grants(card))))
