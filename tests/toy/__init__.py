"""A toy fourth rules system, defined only in the tests: the coin-flip chase.

It is registered through :func:`fleeodds.system.register` and driven through
``run``, ``compare``, ``sweep`` and ``schema`` with no edit in the front: the proof
that adding a rules system is one sub-package.
"""
