"""Engine: reproducibility across threads and chunk sizes, precision targets, bad sizing."""

import numba
import numpy as np
import pytest

import fleeodds
from fleeodds import engine
from fleeodds.errors import InputError
from fleeodds.stats import wilson_half_width


def _kernel():
    sc = fleeodds.load_scenario("warhammer/goblins_rally_or_flee_to_edge.toml")
    return sc.kernel()


def test_same_seed_same_counts_on_one_or_two_threads_and_any_chunk(monkeypatch):
    k = _kernel()
    n = 300_000
    base = engine.simulate(k, trials=n, seed=5, progress=False).counts
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = engine.simulate(k, trials=n, seed=5, progress=False).counts
    finally:
        numba.set_num_threads(before)
    monkeypatch.setattr(engine, "CHUNK", 77_777)
    chunked = engine.simulate(k, trials=n, seed=5, progress=False).counts
    assert np.array_equal(base, one)
    assert np.array_equal(base, chunked)
    other_seed = engine.simulate(k, trials=n, seed=6, progress=False).counts
    assert not np.array_equal(base, other_seed)


@pytest.mark.parametrize("k", [1, 3, 7])
def test_same_counts_and_outcomes_whatever_the_launch_threads(monkeypatch, k):
    """``kernel_tools.run_blocks`` cuts a call's blocks into one range per thread: any cut gives the
    same counts, and the per-trial kernel the same outcome for every trial."""
    from fleeodds import kernel_tools

    sc = fleeodds.load_scenario("warhammer/goblins_rally_or_flee_to_edge.toml")
    n = 400_000  # several blocks of the Warhammer kernel (1 << 16 trials each), the last one short
    base = engine.simulate(sc.kernel(), trials=n, seed=5, progress=False).counts
    outcomes = sc.trial_kernel()(5, 1_000, n)
    monkeypatch.setattr(kernel_tools, "threads", lambda: k)
    assert np.array_equal(base, engine.simulate(sc.kernel(), trials=n, seed=5, progress=False).counts)
    assert np.array_equal(outcomes, sc.trial_kernel()(5, 1_000, n))


def test_one_compiled_entry_point_serves_counts_and_per_trial_outcomes():
    """The Warhammer kernel's counting run, its one-exchange fold and its per-trial run share one
    compiled specialisation (numba compiles one copy per distinct argument types)."""
    from fleeodds.systems.warhammer.kernels import flee as wk

    for name in ("warhammer/goblins_broken_by_dwarfs.toml", "warhammer/goblins_rally_or_flee_to_edge.toml"):
        sc = fleeodds.load_scenario(name)
        sc.kernel()(0, 0, 1_000)
        sc.trial_kernel()(0, 0, 1_000)
    assert len(wk._blocks.signatures) == 1
    assert len(wk._simulate_block.signatures) <= 1  # none listed when loaded from numba's cache


def test_precision_target_is_met():
    sim = engine.simulate(_kernel(), precision=0.002, seed=1, progress=False)
    assert all(wilson_half_width(int(c), sim.trials) < 0.002 for c in sim.outcome_counts)


@pytest.mark.parametrize("kwargs,field", [({"trials": 0}, "trials"), ({"trials": -5}, "trials"),
                                          ({"precision": 0.0}, "precision"), ({"precision": 0.7}, "precision"),
                                          ({"trials": 10, "precision": 0.01}, "trials/precision"),
                                          ({"seed": -1}, "seed"), ({"trials": 2.5}, "trials")])
def test_bad_sizing(kwargs, field):
    with pytest.raises(InputError) as exc:
        engine.simulate(_kernel(), progress=False, **kwargs)
    assert str(exc.value).startswith(field)


def test_a_slow_first_call_says_it_is_compiling(monkeypatch, capsys):
    import time as _time

    monkeypatch.setattr(engine, "COMPILE_NOTICE_AFTER", 0.05)

    def slow_first(seed, start, n, _calls=[]):
        if not _calls:
            _time.sleep(0.3)  # stands for numba compiling the kernel
        _calls.append(1)
        return np.array([[n]], dtype=np.int64)

    engine.simulate(slow_first, trials=10, seed=0, progress=None, description="toy")
    assert "compiling the Monte Carlo kernel for 'toy'" in capsys.readouterr().err
    engine.simulate(slow_first, trials=10, seed=0, progress=None, description="toy")  # warm: no word
    assert "compiling" not in capsys.readouterr().err


def test_warmup_compiles_every_example_kernel():
    from click.testing import CliRunner

    from fleeodds.cli import main

    res = CliRunner().invoke(main, ["warmup", "--no-progress"])
    assert res.exit_code == 0 and "kernels of" in res.output
