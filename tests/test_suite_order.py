"""The suite's own order (conftest.py): its longest tests are collected first, so `make test`'s two
workers end together instead of one of them ending alone on a long test."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import conftest

HERE = Path(__file__).parent


def test_every_long_test_named_first_exists() -> None:
    """A renamed or removed test would silently drop out of the long-first order."""
    for entry in conftest.LONG_FIRST:
        module, _, name = entry.partition("::")
        source = (HERE / module).read_text(encoding="utf-8")
        assert re.search(rf"^(async )?def {re.escape(name.rstrip('['))}\(", source, re.M), entry


def test_long_tests_are_collected_first_in_their_order_and_the_rest_as_they_were() -> None:
    first, second = conftest.LONG_FIRST[0], conftest.LONG_FIRST[1]
    ids = ["tests/test_a.py::test_one", f"tests/{second}kill-your-friends]", "tests/test_b.py::test_two",
           f"tests/{first}", "tests/test_a.py::test_three", f"tests/{second}psycho-killer]"]
    items = [SimpleNamespace(nodeid=i) for i in ids]
    conftest.pytest_collection_modifyitems(None, items)
    assert [i.nodeid for i in items] == [ids[3], ids[1], ids[5], ids[0], ids[2], ids[4]]
