"""Origins (OGN): the custom effects of its cards (registered on import; see
:data:`riftlog.cards.sets.EFFECT_MODULES`)."""
