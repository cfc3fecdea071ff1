"""The shared seeded generator: SplitMix64's published sequence, and fair draws made from it."""
from __future__ import annotations

from collections import Counter

import pytest

from generator.play.rng import SplitMix64


def test_the_stream_is_splitmix64():
    # the first outputs of Vigna's reference splitmix64.c seeded with 1234567
    rng = SplitMix64(1234567)
    assert [rng.next64() for _ in range(3)] == [6457827717110365317, 3203168211198807973, 9817491932198370423]


def test_a_draw_below_n_is_the_high_part_of_draw_times_n():
    a, b = SplitMix64(99), SplitMix64(99)
    for n in (1, 2, 3, 6, 7, 36, 216, 1 << 40):
        assert a.below(n) == (b.next64() * n) >> 64
    assert a.random() == (b.next64() >> 11) / 2 ** 53


@pytest.mark.parametrize("n", [2, 3, 6, 7])
def test_draws_below_n_are_fair(n):
    rng, draws = SplitMix64(n), 60_000
    counts = Counter(rng.below(n) for _ in range(draws))
    assert set(counts) == set(range(n))
    expected = draws / n
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    assert chi2 < 30  # far above the 0.999 quantile for 6 degrees of freedom (22.5)


def test_shuffle_sample_and_choices():
    rng = SplitMix64(5)
    seq = list(range(20))
    rng.shuffle(seq)
    assert sorted(seq) == list(range(20)) and seq != list(range(20))
    picked = rng.sample("abcdefgh", 3)
    assert len(set(picked)) == 3 and set(picked) <= set("abcdefgh")
    assert rng.sample("abc", 0) == [] and sorted(rng.sample("abc", 3)) == ["a", "b", "c"]
    with pytest.raises(ValueError):
        rng.sample("abc", 4)
    assert set(rng.choices("xy", [0.0, 1.0], k=50)) == {"y"}
    assert all(1 <= rng.randint(1, 6) <= 6 for _ in range(200))
    with pytest.raises(IndexError):
        rng.choice([])


def test_a_clone_and_a_restored_state_draw_the_same_numbers():
    rng = SplitMix64(8)
    rng.next64()
    copy, saved = rng.clone(), rng.getstate()
    ahead = [rng.next64() for _ in range(5)]
    assert [copy.next64() for _ in range(5)] == ahead
    rng.setstate(saved)
    assert [rng.next64() for _ in range(5)] == ahead
