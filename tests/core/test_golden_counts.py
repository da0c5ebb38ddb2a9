"""Pinned seed -> counts for every shipped example: a change in the random stream, the dice
tables or a kernel is visible in review (``tests/golden/counts.json``, rewritten by
``python tests/golden/pin_counts.py`` in the commit that makes such a change)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.golden.pin_counts import OUT, pinned_counts

pytestmark = pytest.mark.slow


def test_counts_match_the_pinned_file():
    pinned = json.loads(Path(OUT).read_text(encoding="utf-8"))
    now = pinned_counts()
    assert sorted(now) == sorted(pinned), "examples added or removed: re-pin the counts"
    for name in now:
        assert now[name] == pinned[name], f"{name}: counts changed for seed 0"
