"""Throughput of the Monte Carlo kernels, with the numpy baseline and the raw-stream limit timed in the
same run: the ``kernels`` section of ``benchmarks/run_all.py`` (see there).

Run:  python benchmarks/throughput.py [--trials N] [--repeat R]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run_all import main  # noqa: E402

if __name__ == "__main__":
    main(sys.argv[1:] + ["--only", "kernels"])
