"""Card encodings, one module per batch (e.g. ``ogn_001_050.py``), each a list of
``card("OGN-xxx", ...)`` declarations in the vocabulary of :mod:`riftlog.cards.vocab`.

Every module here is imported by :func:`riftlog.cards.abilities.load_encodings`.  Never
copy card text here: ids, names and our own vocabulary only.
"""
