"""The screens' text helpers that fit words to a width."""

from cutthroat.tui.text import first_fitting, fit_lines, lines_of


def test_first_fitting_takes_the_longest_words_that_fit_on_one_line() -> None:
    variants = ["Middle (6): [b]Run From Your Grave[/] on top  ·  ↻ clockwise",
                "Middle (6): [b]Run From Your Grave[/]  ·  ↻ clockwise",
                "Middle (6): [b]Run From Your Grave[/]  ·  ↻"]
    assert first_fitting(variants, 80) == variants[0]
    assert first_fitting(variants, 53) == variants[1]  # (the Kill Your Friends piles beside the log)
    assert first_fitting(variants, 40) == variants[2]
    assert first_fitting(variants, 20) == variants[2]  # (none fits: the shortest)
    assert first_fitting(variants, 0) == variants[0]  # (not laid out yet)
    assert lines_of(variants[1], 53) == 1


def test_fit_lines_cuts_to_the_height_with_an_ellipsis() -> None:
    text = "\n".join(f"line {n}" for n in range(12))
    assert fit_lines(text, 40, 10).splitlines()[-1] == "line 9…"
    assert fit_lines(text, 40, 12) == text
