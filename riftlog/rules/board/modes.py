"""Modes of play (v1.3 476-484): the variables each sanctioned mode defines (478).

Each :class:`ModeSpec` gives the number of players, whether they play in teams, the
victory score, the battlefield count, how battlefields are selected during setup and the
first-turn process.  :func:`turn_order` builds the looping turn order from the first
player (116.1, 484.5.c).

Match (481): battlefields used in earlier games of the same match may not be chosen
again.  That information comes from :attr:`GameCreated.battlefields_used` (player id to
the catalog card ids that player's battlefields used in earlier games), kept in
``state.extra["battlefields_used"]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from riftlog.errors import UnsupportedRule

#: How battlefields are selected during setup.
Selection = Literal["random_each", "choose_each", "random_not_first"]


@dataclass(frozen=True, slots=True)
class ModeSpec:
    """The variables of one mode of play (v1.3 478)."""

    name: str
    rule: str                 # the section defining the mode, e.g. "480"
    players: int              # 478.1
    teams: bool               # 478.2
    victory_score: int        # 478.3
    battlefield_count: int    # 478.4
    selection: Selection      # 478.5 (setup)
    #: first-turn process (478.7): who channels one extra rune in their first channel phase
    extra_rune: Literal["second", "last"]
    #: whether the first player skips the draw of their first draw phase
    first_skips_draw: bool


MODES: dict[str, ModeSpec] = {
    # 480: two players, 8 points, each randomly selects one of their battlefields; the
    # second player channels an extra rune on their first turn.
    "duel": ModeSpec("duel", "480", 2, False, 8, 2, "random_each", "second", False),
    # 481: as a duel, but players choose their battlefields and a used one leaves the match.
    "match": ModeSpec("match", "481", 2, False, 8, 2, "choose_each", "second", False),
    # 482: three players, each randomly selects one battlefield; the first player skips
    # their first draw, the last player channels an extra rune.
    "ffa3": ModeSpec("ffa3", "482", 3, False, 8, 3, "random_each", "last", True),
    # 483: four players; the first player's battlefields are removed, the others randomly
    # select one each.
    "ffa4": ModeSpec("ffa4", "483", 4, False, 8, 3, "random_not_first", "last", True),
    # 484: two teams of two, 11 points, selection as in FFA4, turn order alternates teams.
    "2v2": ModeSpec("2v2", "484", 4, True, 11, 3, "random_not_first", "last", True),
}


def mode_spec(mode: str) -> ModeSpec:
    """The :class:`ModeSpec` of *mode*; an unknown mode raises UnsupportedRule (476)."""
    try:
        return MODES[mode]
    except KeyError:
        raise UnsupportedRule(f"v1.3 479: mode of play {mode!r} is not a sanctioned mode") from None


def turn_order(mode: str, seating: list[str], teams: dict[str, str | None], first: str) -> list[str]:
    """The turn order starting with *first* (v1.3 116.1).

    By default play proceeds clockwise (seating order) from the first player (116.1.b).
    In 2v2 (484.5.c) turns alternate teams: the first player, then an opponent, then the
    first player's teammate, then that opponent's teammate.  With allies seated across
    from each other that is plain clockwise order (484.5.c.2); with allies seated next to
    each other the turn passes across the table (484.5.c.3).
    """
    n = len(seating)
    i = seating.index(first)
    if mode != "2v2":
        return [seating[(i + k) % n] for k in range(n)]
    if n != 4:
        raise UnsupportedRule("v1.3 484.1: 2v2 needs exactly four players")
    across = seating[(i + 2) % 4]
    if teams[across] == teams[first]:
        return [seating[(i + k) % 4] for k in range(4)]      # 484.5.c.2
    opponent = across                                          # 484.5.c.3
    mate = next(p for p in seating if p != first and teams[p] == teams[first])
    other = next(p for p in seating if p not in (first, opponent, mate))
    return [first, opponent, mate, other]


def extra_rune_player(spec: ModeSpec, order: list[str]) -> str:
    """Who channels an extra rune in their first channel phase (480.7, 482.7, 483.7, 484.7)."""
    return order[1] if spec.extra_rune == "second" else order[-1]
