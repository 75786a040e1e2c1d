"""The web interface's static files (plain HTML, CSS and JavaScript modules; no build
step), shipped in the wheel and served by ``riftlog serve`` (:mod:`riftlog.service.routes_web`).

``static/`` holds the pages (``index.html`` the game list, ``replay.html`` a replay) and
their modules: ``api.js`` (the token and requests), ``board.js`` (draws a board view),
``list.js``, ``replay.js`` and ``style.css``.  docs/web.md describes them.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["STATIC"]

#: The folder of the web interface's static files.
STATIC = Path(__file__).resolve().parent / "static"
