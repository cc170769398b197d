from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bookgen import cache


def test_a_table_whose_length_is_known_only_once_made_round_trips(tmp_path: Path):
    header = cache.table_header("made-table", 1, "shape", 0)
    path = tmp_path / "made.bin"
    assert cache.store_table(path, {**header, "length": 5}, b"bytes")
    assert cache.load_table(path, header, max_length=100) == b"bytes"


def test_a_cached_table_longer_than_allowed_or_altered_is_not_used(tmp_path: Path):
    header = cache.table_header("made-table", 1, "shape", 0)
    path = tmp_path / "made.bin"
    cache.store_table(path, {**header, "length": 5}, b"bytes")
    assert cache.load_table(path, header, max_length=4) is None
    path.write_bytes(path.read_bytes()[:-1] + b"X")
    assert cache.load_table(path, header, max_length=100) is None
    assert cache.load_table(path, cache.table_header("made-table", 2, "shape", 0), max_length=100) is None


@pytest.mark.skipif(sys.platform != "linux", reason="the folder is worked out without platformdirs on Linux only")
@pytest.mark.parametrize(("xdg", "home"), [(None, "/users/ana"), (None, "/users/ana/"), (None, "/"), ("/var/c", "/h"),
                                           ("/var/c/", None), ("relative", "/users/ana"), ("", "/users/ana"),
                                           (None, "relative"), (None, None), ("", "")])
def test_the_cache_folder_is_the_one_platformdirs_names(xdg: str | None, home: str | None,
                                                         monkeypatch: pytest.MonkeyPatch):
    # Start-up (issue 31): platformdirs is loaded only for a case it alone answers.
    import platformdirs

    monkeypatch.delenv("BOOKGEN_CACHE_DIR", raising=False)
    for name, value in (("XDG_CACHE_HOME", xdg), ("HOME", home)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    try:
        expected = Path(platformdirs.user_cache_dir("bookgen"))
    except RuntimeError:  # no home directory platformdirs can find: it is asked, and says so
        with pytest.raises(RuntimeError):
            cache.cache_root()
        return
    assert cache.cache_root() == expected
