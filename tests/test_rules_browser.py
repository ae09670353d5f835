"""The rules browser: every game's rules as a table of contents (games, sections, entries), search
across them, a table's `?` on a card opening that card's entry, and rules texts written for
players (entries, not tables cut at 80 columns; no spec words or command-line flags)."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Markdown, OptionList, Static, Tree

from cutthroat.engine.registry import get_rules
from cutthroat.saves import Seat
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.rules_book import KEYS, VARIANTS, card_page, game_book, rules_markdown, search, table_keys
from cutthroat.tui.screens.rules import RulesScreen
from cutthroat.tui.screens.title import TitleScreen
from cutthroat.tui.tables import table_class
from helpers_pilot import async_test, drive_to_own_turn, settle, wait_until

SIZE = (80, 24)
GAMES = ["kill-the-kings", "exploding-kittens", "kill-your-friends", "stab-your-friends", "psycho-killer"]
CARD_GAMES = {"exploding-kittens": "exploding_kittens", "kill-your-friends": "kill_your_friends",
              "stab-your-friends": "stab_your_friends", "psycho-killer": "psycho_killer"}


# -- the book -------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_book_opens_with_the_keys_and_the_turn(game: str) -> None:
    """The rules' opening, then the table's keys (from its bindings), then what a turn is, then
    every other section of the rules, each once, in the rules' order."""
    rules = get_rules(game)
    shown = rules_markdown(game)
    headings = [line[3:] for line in shown.splitlines() if line.startswith("## ")]
    original = [line[3:] for line in rules.rules_text().splitlines() if line.startswith("## ")]
    assert headings[:2] == [KEYS, rules.turn_heading]
    assert [h for h in headings[2:] if h != VARIANTS] == [h for h in original if h not in (KEYS, rules.turn_heading)]
    keys = dict(table_keys(game))
    for binding in table_class(game).BINDINGS:
        if binding.description:
            assert any(binding.description in does for does in keys.values()), binding
    assert "`?` rules" in shown and "`L` log" in shown


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_variants_page_naming_each_setup_choice(game: str) -> None:
    """Written in the rules ("## Variants") or, where they have none, made from the setup's own
    choices: each choice's name, and for a choice of a few, each option as the setup shows it."""
    book = game_book(game)
    variants = [page for page in book.entries if page.short == "Variants"]
    assert len(variants) == 1, [page.short for page in book.entries]
    if variants[0].title != VARIANTS:
        return  # (the rules' own page: their words)
    names = [entry.title for entry in variants[0].entries]
    for variant in get_rules(game).variants:
        if variant.per_seat:
            continue
        assert variant.title in names, (variant.title, names)
        entry = variants[0].entries[names.index(variant.title)]
        assert all(label in entry.text for label in variant.labels), entry.text
    assert "  " not in variants[0].text and ".." not in variants[0].text


@pytest.mark.parametrize("game", CARD_GAMES)
def test_every_card_has_an_entry(game: str) -> None:
    """Each card the table's `?` can look up (by the name its table gives it) has an entry of its
    own, or a section named for it (Kill Your Friends' Reaper)."""
    import importlib

    cards = importlib.import_module(f"cutthroat.games.{CARD_GAMES[game]}.cards").ALL_CARDS
    table = table_class(game)
    for card in cards:
        page = card_page(game, table.card_topic(None, card))
        assert page is not None, card.name
        assert page.section or page.short.casefold().endswith(card.name.casefold()), (card.name, page.title)


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_texts_have_no_tables_spec_words_or_flags(game: str) -> None:
    """At 80 columns a Markdown table's columns are cut ("Fast-forwa…"): cards, recipes and
    symbols are entries. Players read the rules: no spec words, no command-line flags (the
    setup screen names the variants)."""
    rules = get_rules(game)
    text = rules.rules_text()
    assert not [line for line in text.splitlines() if line.startswith("|")]
    for words in ("spec", "Our choice:", "Our choice,", "--variant", "the seed", "the source", "Decision"):
        assert words not in text, words
    for variant in rules.variants:
        assert f"{variant.name}=" not in text and f"`{variant.name}`" not in text, variant.name


def test_search_finds_entries_across_games() -> None:
    found = search("TRIP over")
    assert ("psycho-killer", "Trip Over") in [(p.game_id, p.title) for p in found]
    assert all("trip over" in (p.own_text + p.title).casefold() for p in found)
    assert {p.game_id for p in search("shield")} >= {"stab-your-friends"}
    assert search("  ") == []


def test_search_lists_the_entry_a_word_names_before_the_pages_that_mention_it() -> None:
    """`/defuse` opens on the Defuse card, not on thirteen recipes that mention it; then the
    titles that hold the word, then the texts, each in the books' order."""
    titles = [p.title for p in search("defuse")]
    assert titles[0] == "Defuse" and titles.index("Defuse is automatic") < titles.index("The box and the recipes")
    assert [p.title for p in search("trip over")][0] == "Trip Over"


# -- the screen -----------------------------------------------------------------------------------
def shown(app: CutthroatApp) -> str:
    return app.screen.query_one(Markdown).source


def title(app: CutthroatApp) -> str:
    return str(app.screen.query_one("#rules-title", Static).content)


@async_test
async def test_the_titles_rules_browse_every_game(save_dir) -> None:
    """Rules from the title opens at the highlighted game; the contents reach the other games and
    their sections, whose text is shown as the cursor moves; Esc goes back to the title."""
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("down")  # Exploding Kittens
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        screen = app.screen
        assert screen.page is game_book("exploding-kittens")
        assert title(app).endswith("Rules ▸ Exploding Kittens")
        tree = screen.query_one(Tree)
        await wait_until(pilot, lambda: tree.cursor_node is not None and tree.cursor_node.data is screen.page)
        # Down past Exploding Kittens' open sections to Kill Your Friends, open it: its keys.
        sections = len(game_book("exploding-kittens").entries)
        await pilot.press(*["down"] * (sections + 1))
        assert screen.page is game_book("kill-your-friends")
        await pilot.press("enter", "down")
        await wait_until(pilot, lambda: screen.page.title == KEYS)
        assert "Kill Your Friends ▸ Keys at the table" in title(app)
        assert shown(app).startswith("## Keys at the table")
        assert all(f"`{key}` {does}" in shown(app) for key, does in table_keys("kill-your-friends"))
        await pilot.press("down")
        assert screen.page.title == get_rules("kill-your-friends").turn_heading
        # ← goes up to the game, and closes it; → opens it again.
        await pilot.press("left")
        assert screen.page is game_book("kill-your-friends") and tree.cursor_node.is_expanded
        await pilot.press("left")
        assert not tree.cursor_node.is_expanded
        await pilot.press("right")
        assert tree.cursor_node.is_expanded
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))


@async_test
async def test_slash_searches_and_opens_what_it_found(save_dir) -> None:
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        screen = app.screen
        await pilot.press("slash", *"trip over", "enter")
        found = screen.query_one("#rules-found", OptionList)
        await wait_until(pilot, lambda: found.has_focus and found.option_count > 0)
        assert not screen.query_one(Tree).display
        wanted = next(i for i, p in enumerate(screen.hits) if p.title == "Trip Over")
        await pilot.press(*["down"] * wanted)
        assert screen.page.title == "Trip Over"  # shown as the results are walked
        await pilot.press("enter")
        tree = screen.query_one(Tree)
        await wait_until(pilot, lambda: tree.display and tree.has_focus)
        assert tree.cursor_node.data is screen.page and screen.page.section == "The cards"
        assert "Psycho Killer ▸ The cards ▸ Trip Over" in title(app)
        assert shown(app).startswith("**Trip Over** (action, 3 cards, Play)")
        # Esc leaves a search first, then the rules.
        await pilot.press("slash", "x", "escape")
        await wait_until(pilot, lambda: tree.display and not screen.query_one("#rules-search").display)
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))


@async_test
async def test_question_mark_on_a_card_at_the_table_opens_its_entry() -> None:
    """A card under the cursor in your hand: `?` opens its entry; Esc goes back to the table."""
    from cutthroat.session import Session

    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    # Ana's own turn, fixed: nothing moves while the test looks (no bot plays on, no window opens).
    session = drive_to_own_turn(Session("exploding-kittens", {}, 3, seats), seed=3)
    app = CutthroatApp(loaded=session.save_data())
    async with app.run_test(size=SIZE) as pilot:
        table = table_class("exploding-kittens")
        await wait_until(pilot, lambda: isinstance(app.screen, table) and app.screen.selected_card() is not None)
        screen = app.screen
        await pilot.press("right", "right")
        card = screen.selected_card()
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        page = app.screen.page
        assert page == card_page("exploding-kittens", card.name) and page.section, page
        assert f"▸ {page.short}" in title(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen)


def test_psycho_killers_cards_at_80_columns(snap_compare) -> None:
    """Psycho Killer's cards as entries, the section opened from the contents."""
    async def run_before(pilot: Pilot) -> None:
        app = pilot.app
        app.push_screen(RulesScreen("psycho-killer", card="Psycho Killer"))
        await settle(pilot, lambda: isinstance(app.screen, RulesScreen))
        tree = app.screen.query_one(Tree)
        tree.move_cursor(tree.cursor_node.parent)  # the section "The cards", its first entries
        await settle(pilot, lambda: app.screen.page.short == "The cards")

    assert snap_compare(CutthroatApp(), terminal_size=SIZE, run_before=run_before)


@async_test
async def test_the_contents_fit_their_column() -> None:
    """Every line of the contents, all opened, fits beside its guides: no sideways scrolling."""
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        tree = app.screen.query_one(Tree)
        tree.root.expand_all()
        await wait_until(pilot, lambda: tree.last_line > 150)
        await pilot.pause()
        assert tree.virtual_size.width <= tree.scrollable_content_region.width
        assert not tree.show_horizontal_scrollbar
        cut = []
        for line in range(tree.last_line + 1):
            node = tree.get_node_at_line(line)
            if node is not None and str(node.label).endswith("…"):
                cut.append(str(node.label))
        assert not cut, cut  # every heading and entry name whole (long ones say their topic first)


@async_test
async def test_hot_seat_question_mark_names_no_card_behind_the_curtain() -> None:
    """Hot-seat: behind the curtain (anyone may look) the table's `?` names no card; once the
    seat's own screen is up, the card under its cursor."""
    from cutthroat.session import Session

    seats = [Seat("human", "Ana"), Seat("human", "Bo"), Seat("bot", "Cy", "random")]
    session = drive_to_own_turn(Session("exploding-kittens", {}, 3, seats), seed=3)
    app = CutthroatApp(loaded=session.save_data())
    async with app.run_test(size=SIZE) as pilot:
        table_type = table_class("exploding-kittens")
        await wait_until(pilot, lambda: any(isinstance(s, table_type) for s in app.screen_stack))
        table = next(s for s in app.screen_stack if isinstance(s, table_type))
        await wait_until(pilot, lambda: table.sight is not None and table.curtain_up)
        assert table.rules_card() is None
        await pilot.press("enter")
        await wait_until(pilot, lambda: not table.curtain_up and table.selected_card() is not None)
        assert table.rules_card() == table.selected_card().name
