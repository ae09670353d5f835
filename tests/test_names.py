"""Names are checked once where they enter, by Unicode category: nothing that steers a terminal or
hides itself, at most ten graphemes; names kept from before are cleaned."""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings, strategies as st

from cutthroat.names import NAME_MAX, clean, graphemes, name_problem, normal


def test_ordinary_names_pass_in_their_normal_form():
    for name in ("Ana", "Zoë", "李小龍", "O'Neil-Jr", "[/]", "[b]Bob", "  Cy  ", "👍🏽 Dee"):
        assert name_problem(name) is None, name
    assert normal("  Ana   Bo ") == "Ana Bo"
    assert graphemes("e\u0301e\u0301") == 2  # a letter and its combining accent: one each


def test_hostile_names_are_refused_with_a_reason():
    refused = {
        "\x1b[31mred": "control", "a\u009b31m": "control", "b\u009dosc": "control",
        "\u202eevil": "formatting", "zero\u200bwidth": "formatting", "line\u2028break": "line break",
        "\ue000pua": "private-use", "\U000e0001tag": "formatting", "": "1–10", "   ": "1–10",
        "x" * 11: "1–10", "\u0301accent": "combining", "a" + "\u0301" * 45: "1–10",
    }
    for name, words in refused.items():
        problem = name_problem(name)
        assert problem is not None and words in problem, (name, problem)
    assert name_problem(None) and name_problem(12)


@settings(max_examples=300)
@given(st.text())
def test_a_cleaned_name_is_always_a_good_one(text):
    name = clean(text, "Player")
    assert name_problem(name) is None
    assert all(unicodedata.category(c) not in ("Cc", "Cf") for c in name)
    assert graphemes(name) <= NAME_MAX


def test_cleaning_keeps_what_it_can():
    assert clean("An\x1ba\u202e", "P") == "Ana"
    assert clean("\x00\x01", "Player 2") == "Player 2"
    assert clean("abcdefghijklmnop", "P") == "abcdefghij"
