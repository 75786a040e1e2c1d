"""The encodings of the Origins (OGN) cards, one module per domain (cards of two
domains, Legends and Battlefields each have their own); the comment above each card says
what it does in our own words.  Loaded by :func:`riftlog.cards.abilities.load_encodings`."""
