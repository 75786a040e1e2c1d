"""Layer 2 of the engine: game actions (407-439), movement (440-453) and scoring (462-467).

Built on :mod:`riftlog.rules.board` only; what a game action makes happen higher up (a
trigger firing, a unit kept out of a combat) is asked through the hooks of
:mod:`riftlog.rules.board.hooks`.
"""
