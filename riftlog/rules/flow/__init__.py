"""Layer 5 of the engine: the game's flow.

Setup, the turn and its phases, showdowns and combat (damage and its outcome), the end
of a game.  The flow drives the layers below (it starts a legend's passives, resolves
combat damage, scores); nothing below imports it.
"""
