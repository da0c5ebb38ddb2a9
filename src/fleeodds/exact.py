"""Exact evaluation: absorbing Markov chains over game states.

A multi-turn process (flee, rally test, flee again, …) is an absorbing Markov
chain: transient states are game positions (turn, distance fled, gap to the
pursuer …), absorbing states are final outcomes. With transient-to-transient
block ``Q`` and transient-to-absorbing block ``R``, the absorption
probabilities from the start state are row ``start`` of ``B = (I - Q)^-1 R``
(Kemeny & Snell, *Finite Markov Chains*, 1960, ch. III).

Two modes:

* ``"float"``: ``(I - Q)^T y = e_start`` solved with ``scipy.sparse.linalg.spsolve``,
  then ``b = y^T R``. Any chain, thousands of states.
* ``"fraction"``: exact rationals (:class:`fractions.Fraction`). Acyclic chains
  (the usual case: a turn counter or a distance that only grows) are solved by
  pushing probability mass forward in topological order; small cyclic chains
  by Gauss-Jordan elimination on rationals.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Hashable, Iterable

import numpy as np

from .errors import FleeoddsError, InputError, grouped
from .language import Message, N_

MAX_STATES = 2_000_000
MAX_CYCLIC_FRACTION_STATES = 400


@dataclass(frozen=True)
class Absorb:
    """An absorbing state: a final ``outcome`` (index) with a ``metric`` value (int)."""

    outcome: int
    metric: int = 0


Step = Callable[[Hashable], Iterable[tuple[Fraction | float, Hashable]]]


class AbsorbingChain:
    """An absorbing Markov chain given by a start state and a transition function.

    Parameters
    ----------
    start : hashable
        The initial transient state.
    step : callable ``state -> iterable of (probability, next)``
        ``next`` is a transient state or an :class:`Absorb`. Probabilities of one
        state must sum to 1 (Fractions for the exact mode).

    Raises
    ------
    FleeoddsError
        If the chain has more than ``MAX_STATES`` transient states, or a state's
        probabilities do not sum to 1.
    """

    def __init__(self, start: Hashable, step: Step):
        self.start = start
        self.states: list[Hashable] = []
        self.index: dict[Hashable, int] = {}
        self.edges: list[list[tuple[Fraction | float, object]]] = []
        self._explore(step)

    def _explore(self, step: Step) -> None:
        queue = deque([self.start])
        self.index[self.start] = 0
        self.states.append(self.start)
        while queue:
            s = queue.popleft()
            out = []
            total = 0
            for p, nxt in step(s):
                if p == 0:
                    continue
                total += p
                if not isinstance(nxt, Absorb) and nxt not in self.index:
                    if len(self.states) >= MAX_STATES:
                        raise FleeoddsError(Message(N_("chain has more than {n} states; reduce max_turns or distances"),
                                                    n=grouped(MAX_STATES)))
                    self.index[nxt] = len(self.states)
                    self.states.append(nxt)
                    queue.append(nxt)
                out.append((p, nxt))
            if abs(float(total) - 1.0) > 1e-12:
                raise FleeoddsError(Message(N_("transition probabilities of state {state!r} sum to {total}, not 1"),
                                            state=s, total=total))
            self.edges.append(out)

    @property
    def n_states(self) -> int:
        return len(self.states)

    def absorption(self, mode: str = "float") -> dict[Absorb, Fraction | float]:
        """Probability of ending in each absorbing state from the start state.

        Parameters
        ----------
        mode : {"float", "fraction"}

        Returns
        -------
        dict[Absorb, float or Fraction]
        """
        if mode == "float":
            return self._absorption_float()
        if mode == "fraction":
            order = self._topological_order()
            if order is not None:
                return self._absorption_forward(order)
            if self.n_states > MAX_CYCLIC_FRACTION_STATES:
                raise FleeoddsError(
                    Message(N_("fraction mode on a cyclic chain is limited to {limit} states; this one has {n}: use "
                               "mode='float'"), limit=MAX_CYCLIC_FRACTION_STATES, n=self.n_states))
            return self._absorption_gauss_jordan()
        raise InputError("mode", mode, Message(N_("'float' or 'fraction'")))

    # -- float: sparse linear solve ------------------------------------------------
    def _absorption_float(self) -> dict[Absorb, float]:
        n = self.n_states
        absorbing: dict[Absorb, int] = {}
        qi, qj, qv, ri, rj, rv = [], [], [], [], [], []
        for i, out in enumerate(self.edges):
            for p, nxt in out:
                if isinstance(nxt, Absorb):
                    j = absorbing.setdefault(nxt, len(absorbing))
                    ri.append(i), rj.append(j), rv.append(float(p))
                else:
                    qi.append(i), qj.append(self.index[nxt]), qv.append(float(p))
        import scipy.sparse as sp  # on first float solve: exact runs in fractions never load scipy
        import scipy.sparse.linalg as spla

        Q = sp.csr_matrix((qv, (qi, qj)), shape=(n, n))
        R = sp.csr_matrix((rv, (ri, rj)), shape=(n, len(absorbing)))
        e = np.zeros(n)
        e[0] = 1.0
        A = (sp.identity(n, format="csc") - Q.tocsc()).T.tocsc()
        y = spla.spsolve(A, e) if n > 1 else e / A.toarray()[0, 0]
        b = R.T @ np.atleast_1d(y)
        return {a: float(b[j]) for a, j in absorbing.items()}

    # -- fraction: acyclic forward propagation --------------------------------------
    def _topological_order(self) -> list[int] | None:
        n = self.n_states
        indeg = [0] * n
        for out in self.edges:
            for _, nxt in out:
                if not isinstance(nxt, Absorb):
                    indeg[self.index[nxt]] += 1
        order, ready = [], deque(i for i in range(n) if indeg[i] == 0)
        while ready:
            i = ready.popleft()
            order.append(i)
            for _, nxt in self.edges[i]:
                if not isinstance(nxt, Absorb):
                    j = self.index[nxt]
                    indeg[j] -= 1
                    if indeg[j] == 0:
                        ready.append(j)
        return order if len(order) == n else None

    def _absorption_forward(self, order: list[int]) -> dict[Absorb, Fraction]:
        mass = [Fraction(0)] * self.n_states
        mass[0] = Fraction(1)
        result: dict[Absorb, Fraction] = {}
        for i in order:
            m = mass[i]
            if m == 0:
                continue
            for p, nxt in self.edges[i]:
                p = Fraction(p)
                if isinstance(nxt, Absorb):
                    result[nxt] = result.get(nxt, Fraction(0)) + m * p
                else:
                    mass[self.index[nxt]] += m * p
        return result

    # -- fraction: Gauss-Jordan on (I - Q)^T y = e_start ------------------------------
    def _absorption_gauss_jordan(self) -> dict[Absorb, Fraction]:
        n = self.n_states
        A = [[Fraction(int(i == j)) for j in range(n)] + [Fraction(int(i == 0))] for i in range(n)]
        for i, out in enumerate(self.edges):  # A = (I - Q)^T
            for p, nxt in out:
                if not isinstance(nxt, Absorb):
                    A[self.index[nxt]][i] -= Fraction(p)
        for col in range(n):
            piv = next(r for r in range(col, n) if A[r][col] != 0)
            A[col], A[piv] = A[piv], A[col]
            pv = A[col][col]
            A[col] = [x / pv for x in A[col]]
            for r in range(n):
                if r != col and A[r][col] != 0:
                    f = A[r][col]
                    A[r] = [x - f * y for x, y in zip(A[r], A[col])]
        y = [A[i][n] for i in range(n)]
        result: dict[Absorb, Fraction] = {}
        for i, out in enumerate(self.edges):
            for p, nxt in out:
                if isinstance(nxt, Absorb):
                    result[nxt] = result.get(nxt, Fraction(0)) + y[i] * Fraction(p)
        return result
