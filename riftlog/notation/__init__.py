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


from riftlog.notation.names import DECISION_VERBS, KEYWORDS, card_name, equip_ability, place_name
from riftlog.notation.parser import parse_decision, parse_decisions
from riftlog.notation.writer import format_decision, object_name

__all__ = ["DECISION_VERBS", "KEYWORDS", "card_name", "equip_ability", "format_decision",
           "object_name", "parse_decision", "parse_decisions", "place_name"]
