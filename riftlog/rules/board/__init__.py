"""Layer 1 of the engine: the game state and what can be read from it.

The state (plain JSON data), objects, zones and their bookkeeping, characteristics
(layers, 468-475), keywords, buffs, XP, the rune pool and costs, game modes, and the
extension points (:mod:`~riftlog.rules.board.hooks`) the higher layers fill.  Imports
nothing of the engine above it (see ENGINE.md, "Who may import whom").
"""
