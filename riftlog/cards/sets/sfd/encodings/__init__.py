"""The encodings of the Spiritforged (SFD) cards, one module per domain (cards of two
domains have their own); the comment above each card says what it does in our own words.
Loaded by :func:`riftlog.cards.abilities.load_encodings`."""
