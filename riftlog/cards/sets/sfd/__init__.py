"""Spiritforged (SFD): one module per card whose abilities need a custom effect, named after
the card (an effect several cards share is named after what it does).  Each registers its
effects on import (see :func:`riftlog.cards.sets.effect_modules`)."""
