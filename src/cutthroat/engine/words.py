"""Words every game's text shares: a seat's name, who won, an ordinal."""

from __future__ import annotations

from typing import Sequence


def seat_name(names: Sequence[str], seat: int) -> str:
    """The seat's player's name, or "Player 3" when no names are given (the rules' own text)."""
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def ordinal(k: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st."""
    return f"{k}{'th' if 10 <= k % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(k % 10, 'th')}"


def seat_names(names: Sequence[str], seats: Sequence[int]) -> str:
    """"Ana", "Ana and Bob", "Ana, Bob and Cy", or "Nobody" for no seats."""
    words = [seat_name(names, s) for s in seats]
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else (words or ["Nobody"])[0]


def who_won(names: Sequence[str], winners: Sequence[int]) -> str:
    """"Ana wins", "Ana and Bob win", "Nobody wins"."""
    return f"{seat_names(names, winners)} win{'s' * (len(winners) <= 1)}"
