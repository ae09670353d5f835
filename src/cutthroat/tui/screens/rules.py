"""The rules browser: every game's rules as a table of contents on the left (games, their
sections, each section's entries: cards, recipes, our choices) and the page under the cursor on
the right. `/` searches every game; a table's `?` on a card opens that card's entry."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Markdown, OptionList, Static, Tree
from textual.widgets.option_list import Option
from textual.widgets.tree import TreeNode

from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.rules_book import Page, books, card_page, frozen, game_book, search
from cutthroat.tui.text import plain
from cutthroat.tui.widgets.footer import KeysFooter

CONTENTS_WIDTH = 32  # the table of contents' columns, its border included: a heading whole
FOUND_MAX = 50  # search results listed at most


def fit(text: str, width: int) -> str:
    """`text` cut to `width` columns with "…" (the contents never scroll sideways)."""
    return text if len(text) <= width else text[: width - 1] + "…"


class RulesScreen(Screen):
    DEFAULT_CSS = """
    #rules-side {  /* its width: CONTENTS_WIDTH */
        border-right: vkey $primary;
    }
    #rules-contents, #rules-found {
        height: 1fr;
        border: none;
    }
    #rules-search {
        border: none;
        height: 1;
        margin: 0 1;
    }
    #rules-scroll {
        padding: 0 1;
    }
    """

    BINDINGS = with_ids("rules", [
        Binding("escape,q,question_mark", "back", "back"),
        Binding("slash", "search", "search", key_display="/"),
        Binding("tab", "switch", "contents/text", key_display="Tab"),
        Binding("right", "open", show=False),
        Binding("left", "close", show=False),
        Binding("j", "cursor(1)", show=False),
        Binding("k", "cursor(-1)", show=False),
        Binding("pagedown", "page(1)", "scroll", key_display="PgDn", priority=True),
        Binding("pageup", "page(-1)", show=False, priority=True),
    ])

    def __init__(self, game_id: str = "kill-the-kings", card: str | None = None) -> None:
        """Open at `game_id`'s opening, or at the entry of its card named `card`."""
        super().__init__()
        self.game_id = game_id
        self.keymap = frozen(getattr(self.app, "_keymap", None))  # the keys named as the player moved them
        self.start = (card_page(game_id, card, self.keymap) if card else None) or game_book(game_id, self.keymap)
        self.page: Page | None = None
        self.nodes: dict[Page, TreeNode] = {}
        self.hits: list[Page] = []  # what the search found, in the list's order

    def compose(self) -> ComposeResult:
        yield Static(id="rules-title", classes="title-bar")
        with Horizontal():
            with Vertical(id="rules-side"):
                yield Input(placeholder="search every game", id="rules-search")
                yield OptionList(id="rules-found")
                yield Tree("Rules", id="rules-contents")
            with VerticalScroll(id="rules-scroll"):
                yield Markdown(id="rules-text")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#rules-side").styles.width = CONTENTS_WIDTH
        tree = self.query_one(Tree)
        tree.show_root = False
        tree.guide_depth = 2
        for book in books(self.keymap):
            node = self.add(tree.root, book, 0)
            for section in book.entries:
                leaf = self.add(node, section, 1)
                for entry in section.entries:
                    self.add(leaf, entry, 2)
        for widget in ("#rules-search", "#rules-found"):
            self.query_one(widget).display = False
        self.go_to(self.start)

    def add(self, parent: TreeNode, page: Page, depth: int) -> TreeNode:
        """A line of the contents, cut to fit beside its guides (2 columns a level) and its ▶."""
        width = CONTENTS_WIDTH - 3 - 2 * depth - (2 if page.entries else 0)  # 3: border, scroll bar
        node = parent.add(Text(fit(page.short, width)), data=page, allow_expand=bool(page.entries))
        self.nodes[page] = node
        return node

    def go_to(self, page: Page) -> None:
        """The contents' cursor on `page` (its game and section opened), the page shown."""
        tree = self.query_one(Tree)
        node = self.nodes[page]
        for parent in reversed(list(self.ancestors_of(node))):
            parent.expand()
        if page.game_id and page is game_book(page.game_id, self.keymap):
            node.expand()
        tree.move_cursor(node)  # (a node just expanded has no line yet: again once it has)
        tree.call_after_refresh(tree.move_cursor, node)
        tree.call_after_refresh(tree.scroll_to_node, node, animate=False)
        tree.focus()
        self.show(page)

    @staticmethod
    def ancestors_of(node: TreeNode):
        while node.parent is not None and not node.parent.is_root:
            node = node.parent
            yield node

    def show(self, page: Page) -> None:
        if page == self.page:
            return
        self.page = page
        book = game_book(page.game_id, self.keymap)
        trail = [book.short] + [t for t in (page.section, page.short if page is not book else "") if t]
        bar = fit(" CUTTHROAT ▸ Rules ▸ " + " ▸ ".join(trail), self.size.width or 80)
        self.query_one("#rules-title", Static).update(plain(bar))
        self.query_one("#rules-text", Markdown).update(page.text)
        self.query_one("#rules-scroll", VerticalScroll).scroll_home(animate=False)

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted) -> None:
        if event.node.data is not None:
            self.show(event.node.data)

    # -- search ---------------------------------------------------------------------------------
    def action_search(self) -> None:
        box = self.query_one("#rules-search", Input)
        box.display = True
        box.focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        found = self.query_one("#rules-found", OptionList)
        found.clear_options()
        hits = search(event.value, self.keymap)[:FOUND_MAX]
        width = CONTENTS_WIDTH - 7  # the list's padding and scroll bar
        for i, page in enumerate(hits):
            where = " · ".join(t for t in (page.section, game_book(page.game_id, self.keymap).short) if t)  # (section first: it differs)
            label = Text(fit(page.short, width))
            label.append("\n  " + fit(where, width - 2), style="dim")
            found.add_option(Option(label, id=str(i)))
        found.display = bool(event.value.strip())
        self.query_one(Tree).display = not found.display
        self.hits = hits
        if not hits and event.value.strip():
            found.add_option(Option("nothing found", disabled=True))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        found = self.query_one("#rules-found", OptionList)
        if self.hits:
            found.highlighted = 0
            found.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:
            self.show(self.hits[int(event.option.id)])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            page = self.hits[int(event.option.id)]
            self.close_search()
            self.go_to(page)

    def close_search(self) -> None:
        box = self.query_one("#rules-search", Input)
        box.value = ""
        box.display = False
        self.query_one("#rules-found").display = False
        self.query_one(Tree).display = True

    # -- keys -------------------------------------------------------------------------------------
    def action_back(self) -> None:
        """Esc: out of the search first, then back to where the rules were opened."""
        if self.query_one("#rules-search").display:
            self.close_search()
            self.go_to(self.page or self.start)
        else:
            self.app.pop_screen()

    def action_switch(self) -> None:
        """Tab: between the contents (or the search) and the text, to scroll it by arrows."""
        scroll = self.query_one("#rules-scroll")
        if scroll.has_focus:
            side = "#rules-found" if self.query_one("#rules-found").display else "#rules-contents"
            self.query_one(side).focus()
        else:
            scroll.focus()

    def action_open(self) -> None:
        """→ on the contents: open the game or section under the cursor."""
        tree = self.query_one(Tree)
        if tree.has_focus and tree.cursor_node is not None:
            tree.cursor_node.expand()

    def action_close(self) -> None:
        """← on the contents: close what is open under the cursor, else up to its parent."""
        tree = self.query_one(Tree)
        node = tree.cursor_node
        if not tree.has_focus or node is None:
            return
        if node.is_expanded:
            node.collapse()
        elif node.parent is not None and not node.parent.is_root:
            tree.move_cursor(node.parent)

    def action_cursor(self, step: int) -> None:
        focused = self.focused
        if isinstance(focused, (Tree, OptionList)):
            focused.action_cursor_down() if step > 0 else focused.action_cursor_up()
        else:
            self.query_one("#rules-scroll", VerticalScroll).scroll_relative(y=step, animate=False)

    def action_page(self, step: int) -> None:
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        scroll.scroll_page_down(animate=False) if step > 0 else scroll.scroll_page_up(animate=False)
