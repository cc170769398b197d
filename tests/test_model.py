from __future__ import annotations

from bookgen.model import is_connected, outline


def test_outline_of_a_square_is_its_four_corners():
    assert outline({(0, 0), (0, 1), (1, 0), (1, 1)}) == [[(0, 0), (2, 0), (2, 2), (0, 2)]]


def test_outline_of_an_l_shape_has_six_corners():
    (loop,) = outline({(0, 0), (1, 0), (1, 1)})
    assert sorted(loop) == sorted([(0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (0, 2)])


def test_ring_has_an_outer_and_an_inner_loop():
    ring = {(r, c) for r in range(3) for c in range(3)} - {(1, 1)}
    loops = outline(ring)
    assert sorted(len(loop) for loop in loops) == [4, 4]


def test_connectivity():
    assert is_connected({(0, 0), (0, 1), (1, 1)})
    assert not is_connected({(0, 0), (1, 1)})
