"""Locale-aware number formatting, now in :mod:`fleeodds.i18n` (below the rules systems); kept importable here."""

from __future__ import annotations

from ..i18n import LOCALES, fixed, integer, number, pct  # noqa: F401  (re-exported)
