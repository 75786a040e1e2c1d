"""Replacement effects (v1.3 367-375): the engine's extension entry point.

The mechanics helper's first version (death replacements without choices) lives on in
:mod:`riftlog.rules.interpreter.replacement_effects` (replacement helper, issue 4), which adds the
recorded choices (371.1 optional ones, costs, 372/373 ordering), the combat tie recall and
damage prevention by kind of source.  Importing this module installs it.
"""

from __future__ import annotations

from riftlog.rules.interpreter import replacement_effects
from riftlog.rules.interpreter.replacement_effects import replace_deaths

__all__ = ["replace_deaths", "replacement_effects"]
