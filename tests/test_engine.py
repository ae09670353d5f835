"""Engine core: cards, Rng, codec, registry."""

from __future__ import annotations

import copy
import pickle

import pytest

from cutthroat.engine import registry
from cutthroat.engine.cards import ALL_CARDS, Card, Suit, standard_deck
from cutthroat.engine.codec import CodecError, decoder, encode
from cutthroat.engine.registry import GAMES, UnknownGame, game_info, get_rules, parse_variants
from cutthroat.engine.rng import Rng
from cutthroat.engine.words import agree
from cutthroat.games.kill_the_kings import rules as ktk
from cutthroat.games.kill_the_kings.rules import RULES

# --- cards -----------------------------------------------------------------------------------


def test_52_distinct_cards():
    deck = standard_deck()
    assert len(deck) == 52
    assert len(set(deck)) == 52
    assert len({(c.rank, c.suit) for c in deck}) == 52
    assert {c.rank for c in deck} == set(range(1, 14))
    assert {c.suit for c in deck} == set(Suit)
    assert sorted(c.index for c in deck) == list(range(52))
    # a fresh list each time, same interned cards
    other = standard_deck()
    assert other is not deck and other == deck


def test_cards_are_interned():
    for card in ALL_CARDS:
        assert Card(card.rank, card.suit) is card
        assert Card.parse(card.code) is card
        assert copy.copy(card) is card
        assert copy.deepcopy(card) is card
        assert pickle.loads(pickle.dumps(card)) is card


def test_cards_immutable():
    card = Card(1, Suit.SPADES)
    with pytest.raises(AttributeError):
        card.rank = 5
    assert card.rank == 1


@pytest.mark.parametrize("rank,suit", [(0, Suit.SPADES), (14, Suit.HEARTS), (-1, Suit.CLUBS)])
def test_no_such_card(rank, suit):
    with pytest.raises(ValueError):
        Card(rank, suit)


def test_parse_code_round_trip():
    for card in ALL_CARDS:
        assert Card.parse(card.code) is card
        assert Card.parse(card.code.lower()) is card
        assert Card.parse(card.label) is card  # symbols accepted


@pytest.mark.parametrize("code,rank,suit", [
    ("AS", 1, Suit.SPADES), ("10H", 10, Suit.HEARTS), ("QD", 12, Suit.DIAMONDS),
    ("JC", 11, Suit.CLUBS), ("KH", 13, Suit.HEARTS), ("2s", 2, Suit.SPADES),
    ("3♥", 3, Suit.HEARTS),
])
def test_parse_examples(code, rank, suit):
    card = Card.parse(code)
    assert (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize("bad", ["", "A", "ZZ", "0S", "AX", "QQ", "14C", None, 5, "K"])
def test_parse_refuses(bad):
    with pytest.raises(ValueError):
        Card.parse(bad)


def test_codes_and_labels():
    assert Card(1, Suit.SPADES).code == "AS"
    assert Card(10, Suit.HEARTS).code == "10H"
    assert Card(12, Suit.HEARTS).label == "Q♥"
    assert Card(11, Suit.CLUBS).name == "Jack of Clubs"
    assert Card(1, Suit.DIAMONDS).name == "Ace of Diamonds"
    assert str(Card(13, Suit.SPADES)) == "K♠"
    # colour is never the only signal: every card code/label carries a letter or a symbol
    for card in ALL_CARDS:
        assert card.code[-1] in "SHDC"
        assert card.label[-1] in "♠♥♦♣"


def test_colours():
    for card in ALL_CARDS:
        assert card.red == (card.suit in (Suit.HEARTS, Suit.DIAMONDS))
    assert Suit.HEARTS.red and Suit.DIAMONDS.red
    assert not Suit.SPADES.red and not Suit.CLUBS.red
    assert sum(c.red for c in ALL_CARDS) == 26


def test_ace_low_values():
    assert Card.parse("AS").rank == 1
    assert Card.parse("JS").rank == 11
    assert Card.parse("QS").rank == 12
    assert Card.parse("KS").rank == 13
    for n in range(2, 11):
        assert Card.parse(f"{n}D").rank == n


# --- Rng -------------------------------------------------------------------------------------


def test_rng_deterministic():
    a, b = Rng(42), Rng(42)
    assert [a.next_u64() for _ in range(100)] == [b.next_u64() for _ in range(100)]
    assert Rng(1).next_u64() != Rng(2).next_u64()
    assert Rng(0) == Rng(0)
    assert Rng(0) != Rng(1)


def test_rng_small_seeds_spread():
    states = {Rng(s).state for s in range(1000)}
    assert len(states) == 1000
    assert all(0 <= s < 2 ** 64 for s in states)


def test_rng_randbelow_range_and_coverage():
    r = Rng(7)
    seen = {r.randbelow(6) for _ in range(500)}
    assert seen == set(range(6))
    assert all(r.randbelow(1) == 0 for _ in range(20))
    with pytest.raises(ValueError):
        r.randbelow(0)


def test_rng_shuffle_is_permutation_and_deterministic():
    base = list(range(48))
    results = []
    for seed in range(20):
        items = base[:]
        Rng(seed).shuffle(items)
        assert sorted(items) == base
        results.append(tuple(items))
        again = base[:]
        Rng(seed).shuffle(again)
        assert again == items
    assert len(set(results)) == 20  # different seeds, different orders
    assert tuple(base) not in results


def test_rng_shuffle_draws_as_below_does():
    """The shuffle's one-pass path makes the very draws of `_below(range(n, 1, -1))`, and leaves
    the state where the draw-by-draw loop (its fallback, and how every save was shuffled) does."""
    for n in (0, 1, 2, 3, 16, 17, 33, 48, 52, 255, 256, 300):
        for seed in range(5):
            fast, slow, below = Rng(seed), Rng(seed), Rng(seed)
            a, b, c = list(range(n)), list(range(n)), list(range(n))
            for _ in range(2):
                fast.shuffle(a)
                slow._shuffle_by_draws(b)
                for i, j in zip(range(n - 1, 0, -1), below._below(list(range(n, 1, -1)))):
                    c[i], c[j] = c[j], c[i]
                assert a == b == c and fast.state == slow.state == below.state


def test_rng_copy_independent():
    a = Rng(3)
    a.next_u64()
    b = a.copy()
    assert a == b and a is not b
    x = a.next_u64()
    assert a != b  # advancing a leaves b behind
    assert b.next_u64() == x
    assert a == b


def test_rng_choice():
    r = Rng(5)
    items = ["a", "b", "c"]
    assert {r.choice(items) for _ in range(100)} == set(items)


# --- codec -----------------------------------------------------------------------------------

AS, QH, TEN_D = Card.parse("AS"), Card.parse("QH"), Card.parse("10D")

ALL_ACTIONS = [
    ktk.Draw(),
    *[ktk.Place(c) for c in range(4)],
    *[ktk.Reserve(s) for s in range(4)],
    *[ktk.PlayReserve(s, c) for s in range(4) for c in range(4)],
    ktk.EndRound(),
    ktk.NextRound(),
]

ALL_EVENTS = [
    ktk.RoundStarted(2),
    ktk.CardDrawn(AS, 47),
    ktk.CardPlaced(QH, 1, -1),
    ktk.CardPlaced(TEN_D, 3, 2),
    ktk.CardReserved(TEN_D, 3),
    ktk.KingKilled(Card.parse("KS"), 0, 2),
    ktk.Busted(QH),
    ktk.Stuck(True),
    ktk.Stuck(False),
    ktk.RoundEnded(1, 2, 3, 3, "bust"),
    ktk.GameEnded(5, "killer", 7, False),
]


def test_every_type_covered():
    assert {type(a) for a in ALL_ACTIONS} == set(RULES.action_types)
    assert {type(e) for e in ALL_EVENTS} == set(RULES.event_types)
    assert len({t.kind for t in RULES.action_types}) == len(RULES.action_types)
    assert len({t.kind for t in RULES.event_types}) == len(RULES.event_types)


@pytest.mark.parametrize("action", ALL_ACTIONS, ids=repr)
def test_action_round_trip(action):
    import json
    data = encode(action)
    assert data["type"] == action.kind
    text = json.dumps(data)
    back = decoder(RULES.action_types)(json.loads(text))
    assert back == action and type(back) is type(action)


@pytest.mark.parametrize("event", ALL_EVENTS, ids=repr)
def test_event_round_trip(event):
    import json
    data = encode(event)
    assert data["type"] == event.kind
    for v in data.values():  # cards become short codes: plain JSON
        assert not isinstance(v, Card)
    back = decoder(RULES.event_types)(json.loads(json.dumps(data)))
    assert back == event and type(back) is type(event)


def test_encode_shape():
    assert encode(ktk.PlayReserve(2, 3)) == {"type": "play_reserve", "spot": 2, "column": 3}
    assert encode(ktk.Draw()) == {"type": "draw"}
    assert encode(ktk.CardDrawn(AS, 47)) == {"type": "card_drawn", "card": "AS", "deck_left": 47}


@pytest.mark.parametrize("bad,fragment", [
    ("draw", "expected an object"),
    (["draw"], "expected an object"),
    (None, "expected an object"),
    ({}, "expected an object"),
    ({"type": 3}, "expected an object"),
    ({"type": "fly"}, "unknown type 'fly'"),
    ({"type": "card_drawn", "card": "AS", "deck_left": 1}, "unknown type"),  # event, not action
    ({"type": "draw", "column": 1}, "unexpected field 'column'"),
    ({"type": "place"}, "missing field 'column'"),
    ({"type": "play_reserve", "spot": 1}, "missing field 'column'"),
    ({"type": "place", "column": "1"}, "expected an integer"),
    ({"type": "place", "column": True}, "expected an integer"),
    ({"type": "place", "column": 1.5}, "expected an integer"),
    ({"type": "reserve", "spot": None}, "expected an integer"),
    ({"type": "play_reserve", "spot": 0, "column": [1]}, "expected an integer"),
])
def test_action_decode_refuses(bad, fragment):
    with pytest.raises(CodecError) as info:
        decoder(RULES.action_types)(bad)
    msg = str(info.value)
    assert fragment in msg
    assert "\n" not in msg


@pytest.mark.parametrize("bad,fragment", [
    ({"type": "card_drawn", "card": "ZZ", "deck_left": 1}, "card_drawn.card"),
    ({"type": "card_drawn", "card": "AS", "deck_left": "1"}, "expected an integer"),
    ({"type": "busted"}, "missing field 'card'"),
])
def test_event_decode_refuses(bad, fragment):
    with pytest.raises(CodecError) as info:
        decoder(RULES.event_types)(bad)
    assert fragment in str(info.value)
    assert "\n" not in str(info.value)


def test_event_decode_refuses_non_string_card():
    with pytest.raises(CodecError):
        decoder(RULES.event_types)({"type": "busted", "card": 5})


def test_codec_error_is_value_error():
    assert issubclass(CodecError, ValueError)


# --- registry --------------------------------------------------------------------------------

GAME_IDS = ["kill-the-kings", "exploding-kittens", "kill-your-friends", "stab-your-friends",
            "psycho-killer"]


def test_all_five_games_listed():
    assert [g.game_id for g in GAMES] == GAME_IDS
    for g in GAMES:
        assert g.name and g.blurb and g.players
        assert game_info(g.game_id) is g


IMPLEMENTED = [g.game_id for g in GAMES if g.implemented]


def test_every_game_has_rules_and_the_playable_ones_name_their_table():
    assert get_rules("kill-the-kings") is RULES
    assert IMPLEMENTED == GAME_IDS
    for game_id in IMPLEMENTED:
        assert get_rules(game_id).game_id == game_id
    for game_id in GAME_IDS:
        assert game_info(game_id).playable and game_info(game_id).table


def test_unknown_game():
    with pytest.raises(UnknownGame) as info:
        get_rules("poker")
    assert "poker" in str(info.value)
    for gid in GAME_IDS:
        assert gid in str(info.value)
    with pytest.raises(UnknownGame):
        game_info("")
    assert issubclass(UnknownGame, ValueError)


def test_parse_variants_defaults_and_psycho():
    assert parse_variants(RULES, []) == {"mode": "killer"}
    assert parse_variants(RULES, ["mode=psycho"]) == {"mode": "psycho"}
    assert parse_variants(RULES, ["mode=killer"]) == {"mode": "killer"}
    assert parse_variants(RULES, ["mode=killer", "mode=psycho"]) == {"mode": "psycho"}


@pytest.mark.parametrize("spec,fragment", [
    ("speed=fast", "unknown variant 'speed'"),
    ("co-op", "unknown variant 'co-op'"),
    ("mode=insane", "invalid value 'insane'"),
    ("mode=Psycho", "invalid value 'Psycho'"),
    ("mode", "needs a value"),
])
def test_parse_variants_refuses_with_valid_list(spec, fragment):
    with pytest.raises(ValueError) as info:
        parse_variants(RULES, [spec])
    msg = str(info.value)
    assert fragment in msg
    assert "mode=killer|psycho" in msg


def test_registry_module_imports_no_game_eagerly():
    # The registry names modules; get_rules imports them on demand and caches the result.
    assert registry.get_rules("kill-the-kings") is registry.get_rules("kill-the-kings")


def test_seat_names_and_who_won_read_as_english():
    from cutthroat.engine.words import seat_names, who_won

    names = ["Ana", "Bob", "Cy"]
    assert seat_names(names, [0]) == "Ana" and seat_names(names, [0, 1]) == "Ana and Bob"
    assert seat_names(names, [0, 1, 2]) == "Ana, Bob and Cy" and seat_names(names, []) == "Nobody"
    assert seat_names((), [3]) == "Player 4"
    assert who_won(names, [1]) == "Bob wins" and who_won(names, [0, 2]) == "Ana and Cy win"
    assert who_won(names, []) == "Nobody wins"


@pytest.mark.parametrize("said, meant", [
    ("You puts 5♠ under K♣", "You put 5♠ under K♣"),
    ("You's turn (2 turns to take)", "Your turn (2 turns to take)"),
    ("Dee attacks You; You holds a Nope", "Dee attacks you; You hold a Nope"),
    ("You passes", "You pass"),
    ("You has 2 lives left", "You have 2 lives left"),
    ("You is out", "You are out"),
    ("You goes again", "You go again"),
    ("You catches it", "You catch it"),
    ("You drew Tacocat", "You drew Tacocat"),  # no change: past tense
    ("Ana plays Skip on You", "Ana plays Skip on you"),
    ("Ana's Pair goes ahead", "Ana's Pair goes ahead"),  # no "You": untouched
])
def test_agree_mends_sentences_whose_player_is_named_you(said, meant):
    assert agree(said) == meant


def test_every_games_turn_line_reads_right_for_you():
    from cutthroat.games.exploding_kittens.events import TurnStarted

    assert agree(TurnStarted(0, 1).describe(["You", "Bob"])) == "Your turn"


def test_the_rules_players_read_use_no_spec_wording():
    """The rules screen is for players: "Our choices", not the spec's "Decision"."""
    for info in registry.IMPLEMENTED:
        text = get_rules(info.game_id).rules_text()
        assert text and "Decision" not in text, info.game_id


@pytest.mark.parametrize("said, meant", [
    ("Ana steals Nope from You", "Ana stole Nope from you"),
    ("You sees (top first): Reverse, Swap Top and Bottom", "You saw (top first): Reverse, Swap Top and Bottom"),
    ("Ana puts back (top first): Skip and shows them to You", "Ana put back (top first): Skip and showed them to you"),
    ("Ana draws and hands Skip to You (I'll Take That)", "Ana drew and handed Skip to you (I'll Take That)"),
    ("You drew Defuse", "You drew Defuse"),
    ("You has no Skip", "You had no Skip"),
    ("Cy shuffles Taco into deck A", "Cy shuffled Taco into deck A"),
    ("Nobody here steals", "Nobody here steals"),
])
def test_past_tells_news_as_done(said, meant):
    from cutthroat.engine.words import past

    assert agree(past(said, ["Ana", "You", "Cy"])) == meant
