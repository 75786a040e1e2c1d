"""Layer 4 of the engine: playing cards and activating abilities.

Playing a card (costs, timing, the chain), abilities (passive, activated, spells and
their additional costs), "can't" restrictions, keyword mechanics, playing a card as an
effect, and reveal-and-play from a deck.  Built on the layers below.
"""
