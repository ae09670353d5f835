"""Words every game's text shares: a seat's name, who won, an ordinal, a count with its noun,
"a" or "an", "You" agreeing."""

from __future__ import annotations

import re
from typing import Sequence


def seat_name(names: Sequence[str], seat: int) -> str:
    """The seat's player's name, or "Player 3" when no names are given (the rules' own text)."""
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def ordinal(k: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st."""
    return f"{k}{'th' if 10 <= k % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(k % 10, 'th')}"


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """"1 point", "2 points", "0 kings" (`plural` for a noun that doesn't just take an s: "lives")."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


#: Words spelt with a vowel that start with a consonant's sound ("a one-eyed", "a unique").
_VOWEL_LETTER_CONSONANT_SOUND = ("one", "once", "uni", "use", "usu", "eu")


def a_or_an(word: str) -> str:
    """The word after "a" or "an", by its sound: "a Kill card", "an Exploding Kittens rules fix",
    "an Ax", "an 8", "an 11", "a 12" (a game's own names and numbers; not every English word)."""
    lower = word.lower()
    if lower[:1].isdigit():
        digits = lower[:len(lower) - len(lower.lstrip("0123456789"))]
        an = digits.startswith("8") or digits in ("11", "18")
    else:
        an = lower[:1] in ("a", "e", "i", "o", "u") and not lower.startswith(_VOWEL_LETTER_CONSONANT_SOUND)
    return f"{'an' if an else 'a'} {word}"


def seat_names(names: Sequence[str], seats: Sequence[int]) -> str:
    """"Ana", "Ana and Bob", "Ana, Bob and Cy", or "Nobody" for no seats."""
    words = [seat_name(names, s) for s in seats]
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else (words or ["Nobody"])[0]


def who_won(names: Sequence[str], winners: Sequence[int]) -> str:
    """"Ana wins", "Ana and Bob win", "Nobody wins"."""
    return f"{seat_names(names, winners)} win{'s' * (len(winners) <= 1)}"


#: Verbs that don't lose an "s" after "You" the regular way, and words ending in s that aren't verbs.
_YOU_VERBS = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go", "dies": "die"}
_NOT_VERBS = {"always", "this", "thus", "plus", "across", "unless", "us", "perhaps", "sometimes"}
_YOU_VERB = re.compile(r"\b([Yy]ou) ([a-z]+)\b")
_OBJECT_YOU = re.compile(r"(?<=[a-z,:] )You\b")


def agree(text: str) -> str:
    """Mend a sentence whose player is named "You" (the name a lone human gets): "You puts" →
    "You put", "You's turn" → "Your turn", "Bob gives You" → "Bob gives you"."""
    if "You" not in text and "you" not in text:
        return text
    text = text.replace("You's", "Your").replace("you's", "your")
    text = _OBJECT_YOU.sub("you", text)
    return _YOU_VERB.sub(lambda m: f"{m.group(1)} {_base_form(m.group(2))}", text)


def _base_form(word: str) -> str:
    if word in _YOU_VERBS:
        return _YOU_VERBS[word]
    if word in _NOT_VERBS or not word.endswith("s") or word.endswith("ss") or len(word) < 3:
        return word
    if word.endswith(("sses", "shes", "ches", "xes", "zes")):
        return word[:-2]
    if word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1]


#: The past of the verbs a game's events start with, by their base form (the rest take -ed).
_PAST = {"be": "was", "have": "had", "see": "saw", "steal": "stole", "put": "put", "give": "gave",
         "take": "took", "hold": "held", "keep": "kept", "draw": "drew", "swap": "swapped", "lose": "lost",
         "send": "sent", "find": "found", "stop": "stopped", "get": "got", "can't": "couldn't", "can": "could"}
_AND_VERB = re.compile(r" and ([a-z]+s) ")
_PRESENT = re.compile(r"^(?P<verb>[a-z']+)(?P<rest>(?: back| up)?(?: and (?P<second>[a-z]+))?)")


def _past_of(word: str) -> str:
    if word in ("can't", "can", "is", "has", "does", "goes"):
        return {"is": "was", "has": "had", "does": "did", "goes": "went"}.get(word) or _PAST[word]
    if not word.endswith("s") or word in _NOT_VERBS or word.endswith("ss"):
        return word  # not a present verb ("drew", "picked" already told in the past)
    base = _base_form(word)
    if base in _PAST:
        return _PAST[base]
    if base.endswith("e"):
        return base + "d"
    if base.endswith("y") and base[-2:-1] not in "aeiou":
        return base[:-1] + "ied"
    return base + "ed"


def past(text: str, subjects: Sequence[str]) -> str:
    """An event's sentence, told as done: "Ana steals Nope from Bob" → "Ana stole Nope from Bob",
    "Ana draws and hands Skip to Bob" → "Ana drew and handed Skip to Bob" (its subject one of
    `subjects`, the players' names; a sentence not starting with one is left as it is)."""
    for name in sorted(subjects, key=len, reverse=True):
        if name and text.startswith(name + " "):
            head, tail = text[:len(name) + 1], text[len(name) + 1:]
            break
    else:
        return text
    match = _PRESENT.match(tail)
    if match is None:
        return text
    second = match.group("second")
    rest = match.group("rest")
    if second:
        rest = rest[: match.start("second") - match.end("verb")] + _past_of(second)
    later = _AND_VERB.sub(lambda m: f" and {_past_of(m.group(1))} ", tail[match.end():])
    return head + _past_of(match.group("verb")) + rest + later
