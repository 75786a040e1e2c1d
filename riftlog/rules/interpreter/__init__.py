"""Layer 3 of the engine: the interpreter of card encodings.

Effects (steps, targets, conditions), triggered abilities and their events, replacement
effects (367-375), kill credit (428.5) and the registry of custom effects.  Built on
:mod:`riftlog.rules.board` and :mod:`riftlog.rules.game_actions`.
"""
