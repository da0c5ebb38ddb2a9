"""Monte Carlo: a plan packed into arrays (:mod:`.encoding`, numpy only) and the numba kernels that
roll it (:mod:`.exchange`, :mod:`.death_saves`; numba is imported only with them). Nothing here
imports the exact solvers (:mod:`..exact`)."""
