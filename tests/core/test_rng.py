"""Known-answer vectors for fleeodds.rng: the counter-based SplitMix64 stream and Lemire's bounded
integers, against an independent pure-Python SplitMix64 written here from its published definition
(Steele, Lea & Flood, OOPSLA 2014; the ``splitmix64.c`` reference of Vigna), plus literal values so
that any change of the stream, and so of every Monte Carlo count, is visible."""

from __future__ import annotations

import numpy as np
import pytest

from fleeodds import rng

MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def splitmix64_mix(z: int) -> int:
    """The SplitMix64 output function: xor-shift 30, multiply, xor-shift 27, multiply, xor-shift 31."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def splitmix64_stream(seed: int, count: int) -> list[int]:
    """The first ``count`` outputs of a SplitMix64 generator: add the gamma to the state, then mix."""
    out, state = [], seed & MASK64
    for _ in range(count):
        state = (state + GAMMA) & MASK64
        out.append(splitmix64_mix(state))
    return out


def ref_trial_key(seed: int, trial: int) -> int:
    """Key of a trial as rng.py defines it: the trial-th point of the Weyl sequence from mix(seed), mixed."""
    return splitmix64_mix((splitmix64_mix(seed & MASK64) + trial * GAMMA) & MASK64)


def ref_draw(key: int, counter: int) -> int:
    """The counter-th 64-bit draw of a trial: mix(key + (counter + 1) * gamma)."""
    return splitmix64_mix((key + (counter + 1) * GAMMA) & MASK64)


def ref_bounded(key: int, counter: int, n: int) -> tuple[int, int]:
    """Lemire (2019): the high 32 bits r of a draw give floor(r * n / 2**32), rejecting a low word
    below (2**32 - n) mod n; returns (value, next counter)."""
    while True:
        r = ref_draw(key, counter) >> 32
        counter += 1
        m = r * n
        if (m & 0xFFFFFFFF) >= ((1 << 32) - n) % n:
            return m >> 32, counter


def ref_uniform01(key: int, counter: int) -> tuple[float, int]:
    return (ref_draw(key, counter) >> 11) / 2.0 ** 53, counter + 1


def test_reference_implementation_matches_the_published_splitmix64_outputs():
    # the first outputs of SplitMix64 seeded with 0, as printed by the reference splitmix64.c
    assert splitmix64_stream(0, 3) == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_constants():
    assert int(rng.GOLDEN_GAMMA) == GAMMA
    assert int(rng._M1) == 0xBF58476D1CE4E5B9 and int(rng._M2) == 0x94D049BB133111EB
    assert (int(rng._S30), int(rng._S27), int(rng._S31)) == (30, 27, 31)


@pytest.mark.parametrize("z", [0, 1, GAMMA, 0xDEADBEEF, MASK64, 1 << 63, 0x0123456789ABCDEF])
def test_mix64(z):
    assert int(rng.mix64(np.uint64(z))) == splitmix64_mix(z)


def test_mix64_is_the_splitmix64_output_function():
    assert [int(rng.mix64(np.uint64(GAMMA * k & MASK64))) for k in (1, 2, 3)] == splitmix64_stream(0, 3)


SEED_TRIALS = [(0, 0), (1, 0), (1, 1), (2024, 7), (2024, 8), (2 ** 40, 123_456), (7, 10 ** 9)]


@pytest.mark.parametrize("seed,trial", SEED_TRIALS)
def test_trial_key_and_draws(seed, trial):
    key = ref_trial_key(seed, trial)
    assert int(rng.trial_key(seed, trial)) == key
    for counter in range(4):
        assert int(rng.draw_u64(np.uint64(key), counter)) == ref_draw(key, counter)


def test_trial_keys_follow_a_splitmix64_stream_seeded_by_the_mixed_seed():
    """Keys of trials 0, 1, 2, ... are mix(s), mix(s + gamma), ... for s = mix(seed): trials 1, 2, 3
    are the first outputs of a SplitMix64 generator whose state starts at mix(seed)."""
    s = splitmix64_mix(2024)
    assert [int(rng.trial_key(2024, t)) for t in (1, 2, 3)] == splitmix64_stream(s, 3)


def test_literal_values():
    """Pinned: a change here changes every Monte Carlo count of the project."""
    assert int(rng.trial_key(0, 0)) == 0  # mix(0) == 0
    assert int(rng.trial_key(1, 0)) == 0x7AB40E090F363A7D
    assert int(rng.trial_key(2024, 7)) == 0xA4EE8172212FB9F6
    assert int(rng.trial_key(2024, 8)) == 0x892BD64614B99BFB
    assert int(rng.trial_key(2 ** 40, 123_456)) == 0x75E9BA81CDA8C246
    key = np.uint64(0xA4EE8172212FB9F6)
    assert [int(rng.draw_u64(key, c)) for c in range(3)] == [0x31F165A63FDD2AA3, 0x26224A8431189F73,
                                                            0x4F8F91D89C470B29]
    # the draws of trial 0 of seed 0 are the published SplitMix64 stream of seed 0
    assert int(rng.draw_u64(np.uint64(0), 0)) == 0xE220A8397B1DCDAF
    # twenty d6 (bounded(., 0, 6) + 1) of trials 0..19 of seed 1
    d6 = [int(rng.bounded(np.uint64(rng.trial_key(1, t)), 0, 6)[0]) + 1 for t in range(20)]
    assert d6 == [2, 3, 4, 4, 1, 6, 4, 2, 2, 3, 1, 3, 6, 1, 5, 1, 4, 6, 4, 3]


@pytest.mark.parametrize("n", [1, 2, 6, 10, 12, 20, 100, 2 ** 31 + 1, 2 ** 32 - 1])
def test_bounded(n):
    for seed, trial in SEED_TRIALS:
        key = ref_trial_key(seed, trial)
        counter = 0
        for _ in range(6):
            want = ref_bounded(key, counter, n)
            got = rng.bounded(np.uint64(key), counter, n)
            assert (int(got[0]), int(got[1])) == want
            assert 0 <= want[0] < n
            counter = want[1]


def test_bounded_rejection_consumes_another_draw():
    """For n = 2**31 + 1 about half the draws are rejected; this one is, and the next draw decides."""
    key = ref_trial_key(1, 0)
    n = 2 ** 31 + 1
    r = ref_draw(key, 0) >> 32
    assert (r * n) & 0xFFFFFFFF < ((1 << 32) - n) % n  # the first draw is rejected
    value, counter = rng.bounded(np.uint64(key), 0, n)
    assert (int(value), int(counter)) == (189_674_038, 2)


def test_uniform01():
    for seed, trial in SEED_TRIALS:
        key = ref_trial_key(seed, trial)
        for counter in range(3):
            u, c = rng.uniform01(np.uint64(key), counter)
            assert (float(u), int(c)) == ref_uniform01(key, counter)
            assert 0.0 <= u < 1.0


def ref_lanes(key: int, count: int) -> list[int]:
    """The first ``count`` 32-bit lanes of a trial: high then low half of word 0 (the key itself),
    then of each draw ``ref_draw(key, 0)``, ``ref_draw(key, 1)``, ..."""
    words = [key] + [ref_draw(key, c) for c in range((count + 1) // 2)]
    return [(w >> 32) if i % 2 == 0 else (w & 0xFFFFFFFF) for i, w in
            ((i, words[i // 2]) for i in range(count))]


def ref_lane_bounded(lanes: list[int], pos: int, n: int) -> tuple[int, int]:
    """Lemire on lanes: floor(r * n / 2**32), rejecting a low word below (2**32 - n) mod n; returns
    (value, next lane index)."""
    while True:
        m = lanes[pos] * n
        pos += 1
        if (m & 0xFFFFFFFF) >= ((1 << 32) - n) % n:
            return m >> 32, pos


def _state(st):
    """A lane state as the kernels type it (a Python int over 2**63 would otherwise be retyped)."""
    return np.int64(st[0]), np.uint64(st[1])


@pytest.mark.parametrize("n", [1, 6, 36, 216, 1296, 2 ** 31 + 1])
def test_lane_bounded(n):
    for seed, trial in SEED_TRIALS:
        key = ref_trial_key(seed, trial)
        lanes = ref_lanes(key, 64)
        st = rng.lanes_start(np.uint64(key))
        pos = 0
        for _ in range(8):
            want, pos = ref_lane_bounded(lanes, pos, n)
            got, st = rng.lane_bounded(np.uint64(key), _state(st), n)
            assert int(got) == want and int(st[0]) == pos


def test_lane_literal_values():
    """Pinned: a change here changes every Warhammer Monte Carlo count."""
    key = np.uint64(rng.trial_key(2024, 7))
    st = rng.lanes_start(key)
    got = []
    for _ in range(5):
        v, st = rng.lane_u32(key, _state(st))
        got.append(int(v))
    assert got == [0xA4EE8172, 0x212FB9F6, 0x31F165A6, 0x3FDD2AA3, 0x26224A84]


@pytest.mark.parametrize("n", [1, 2, 6, 36, 1296, 7776, 2 ** 30])
def test_lane_for_gives_its_value_without_rejection(n):
    for v in {0, min(1, n - 1), n // 2, n - 1}:
        r = int(rng.lane_for(v, n))
        assert r < 2 ** 32 and (r * n) >> 32 == v and (r * n) & 0xFFFFFFFF >= ((1 << 32) - n) % n
