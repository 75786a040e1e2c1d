"""The replay service: an HTTP API over the library (``riftlog serve``).

* :mod:`riftlog.service.access` -- tokens (only their SHA-256 stored), roles and scopes,
  each mapped to the library's :class:`~riftlog.events.actor.Actor`, and the one place
  deciding which view of a game a caller reads (no web framework needed: the
  ``riftlog token`` commands use it);
* :mod:`riftlog.service.app` -- the FastAPI application (needs the ``service`` extra:
  ``pip install 'riftlog[service]'``), its routes in ``routes_games``, ``routes_reports``
  and ``live``, errors as RFC 9457 problem details (:mod:`riftlog.service.problems`);
* :mod:`riftlog.service.server` -- running it on uvicorn, one or more workers.
"""

from __future__ import annotations
