"""The rules as a book to browse: each game's pages (its opening, the table's keys, what a turn
is, then the rules' other sections in their own order), each section's entries (a bullet that
opens with a bold name: a card, a recipe, one of our choices), search across every game, and
the entry a card's name opens. Text only; the screen that shows it is `screens/rules.py`."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from cutthroat.engine.registry import GAMES, game_info, get_rules

#: How a key is written where the binding gives no key_display.
KEY_NAMES = {"question_mark": "?", "escape": "Esc", "enter": "Enter", "space": "Space"}
#: A bullet that is an entry: "- **Trip Over** (action, …): cancel a card …".
ENTRY = re.compile(r"- \*\*(?P<name>.+?)\*\*")


@dataclass(frozen=True)
class Page:
    """One place in the book: a game's opening, a section, or an entry of a section."""

    game_id: str
    title: str  # the heading, or the entry's bold name
    text: str  # the Markdown shown for it
    entries: tuple[Page, ...] = ()
    section: str = ""  # an entry's section's title
    source: str = ""  # an entry's bullet, as its section's text has it

    @property
    def short(self) -> str:
        return short(self.title)

    @property
    def own_text(self) -> str:
        """The text that is this page's and not one of its entries' (what search looks in)."""
        text = self.text
        for entry in self.entries:
            text = text.replace(entry.source, "")
        return text


def short(title: str) -> str:
    """A title without its aside ("Our choices (where …)" → "Our choices", "Tacocat / Beard Cat"
    → "Tacocat"), for the contents and the title bar."""
    return re.split(r" \(|: | / ", title.rstrip(":."), maxsplit=1)[0]


#: A player's keymap (binding id → keys) as the book's cache can hold it: `frozen(app._keymap)`.
Keymap = tuple[tuple[str, str], ...]


def frozen(keymap: dict[str, str] | None) -> Keymap:
    return tuple(sorted((keymap or {}).items()))


def table_keys(game_id: str, keymap: Keymap = ()) -> list[tuple[str, str]]:
    """The table's keys as (key, what it does), from its bindings as the player's `keymap` moved
    them: one entry a key, its meanings joined ("Esc: drop card / menu")."""
    if not game_info(game_id).table:
        return []
    from cutthroat.tui.tables import table_class

    keys: dict[str, list[str]] = {}
    for binding in table_class(game_id).BINDINGS:
        if not binding.description:
            continue
        moved = dict(keymap).get(binding.id or "")
        first = (moved or binding.key).split(",")[0].strip()
        key = (None if moved else binding.key_display) or KEY_NAMES.get(first, first)
        if binding.description not in keys.setdefault(key, []):
            keys[key].append(binding.description)
    return [(key, " / ".join(does)) for key, does in keys.items()]


KEYS = "Keys at the table"


def keys_section(game_id: str, told: str | None, keymap: Keymap = ()) -> str | None:
    """The "Keys at the table" section: the table's bindings (none: no table), then what the
    rules' own section of that name tells (`told`), if they have one."""
    keys = table_keys(game_id, keymap)
    if not keys:
        return told
    listed = "\n".join(f"- `{k}` {does}" for k, does in keys)
    more = told.partition("\n")[2].strip() if told else ""
    return (f"{KEYS}\n{listed}\n\nPrompts show their own keys. `L` reads back the whole game's log."
            " On a card in your hand, `?` opens that card's entry here." + (f"\n\n{more}" if more else ""))


VARIANTS = "Variants (the choices on the setup screen)"


def variants_section(game_id: str) -> str | None:
    """A "Variants" section from the game's setup choices, for rules that have none of their own:
    each choice, its options as the setup screen names them, its default, what it does."""
    rows = []
    for variant in get_rules(game_id).variants:
        if variant.per_seat:
            continue
        named = dict(zip(variant.choices, variant.labels or variant.choices))
        options = " · ".join(named.values()) if named else "free text"
        default = (f"; {named.get(variant.default, variant.default).split(' — ')[0]} unless you choose"
                   if variant.default else "")
        # (the command line's help, less what the options above already say: its ids, a shape word)
        does = re.sub(r"^[A-Z]+: ", "", variant.help)
        if variant.choices:
            does = does.replace(": " + ", ".join(variant.choices), "")
        does = does.rstrip(".")
        rows.append(f"- **{variant.title or variant.name}** ({options}{default}): {does[:1].upper()}{does[1:]}.")
    return f"{VARIANTS}\n" + "\n".join(rows) if rows else None


def entries(game_id: str, section: str, body: str) -> tuple[Page, ...]:
    """The section's entries: each bullet opening with a bold name, with its indented lines."""
    found: list[Page] = []
    lines: list[str] = []
    for line in body.splitlines() + [""]:
        if lines and line.startswith("  "):
            lines.append(line)
            continue
        if lines:
            name = ENTRY.match(lines[0])["name"].rstrip(":.")
            text = "\n".join(line[2:] for line in lines)  # a paragraph of its own, not a bullet
            found.append(Page(game_id, name, text, section=section, source="\n".join(lines)))
            lines = []
        if ENTRY.match(line):
            lines = [line]
    return tuple(found)


def game_book(game_id: str, keymap: Keymap = ()) -> Page:
    """A game's opening, its sections (keys, the turn first) as the opening's entries: one
    book for each keymap, made once."""
    return _game_book(game_id, keymap)


@cache
def _game_book(game_id: str, keymap: Keymap) -> Page:
    """(`game_book`, cached.)"""
    rules = get_rules(game_id)
    opening, *sections = rules.rules_text().split("\n## ")
    heading = {s.split("\n", 1)[0]: s for s in sections}
    turn = [heading[rules.turn_heading]] if rules.turn_heading in heading else []
    keys = keys_section(game_id, heading.get(KEYS), keymap)
    ordered = ([keys] if keys else []) + turn + [s for s in sections if s not in turn and s is not heading.get(KEYS)]
    if not any(short(h) == "Variants" for h in heading) and (variants := variants_section(game_id)):
        ours = next((i for i, s in enumerate(ordered) if s.startswith("Our choices")), len(ordered))
        ordered.insert(ours, variants)  # (before our choices, as the games with their own have it)
    pages = []
    for section in ordered:
        heading, _, body = section.rstrip().partition("\n")
        pages.append(Page(game_id, heading, f"## {heading}\n\n{body.strip()}\n",
                          entries(game_id, short(heading), body)))
    return Page(game_id, rules.name, opening.strip() + "\n", tuple(pages))


def rules_markdown(game_id: str, keymap: dict[str, str] | None = None) -> str:
    """The whole book of one game, in its order (its keys as `keymap` moved them)."""
    book = game_book(game_id, frozen(keymap))
    return "\n".join([book.text, *(page.text for page in book.entries)])


def books(keymap: Keymap = ()) -> list[Page]:
    """Every game that has rules, in the title's order."""
    return [game_book(g.game_id, keymap) for g in GAMES if get_rules(g.game_id).rules_text()]


def pages(book: Page) -> list[Page]:
    """A game's pages in reading order: the opening, each section, then its entries."""
    return [book] + [p for section in book.entries for p in (section, *section.entries)]


def search(query: str, keymap: Keymap = ()) -> list[Page]:
    """Every page, in every game, whose own text or title holds `query` (any case): first the
    pages it names (a card called so), then those whose title holds it, then those whose text
    does, each in the books' order ("defuse": the Defuse card before the recipes that mention it)."""
    words = query.casefold().strip()
    if not words:
        return []

    def rank(page: Page) -> int:
        title = page.title.casefold()
        return 0 if card_key(words) in {card_key(part) for part in title.split(" / ")} else 1 if words in title else 2

    found = [page for book in books(keymap) for page in pages(book)
             if words in page.own_text.casefold() or words in page.title.casefold()]
    return sorted(found, key=rank)  # (stable: the books' order within each rank)


def card_key(name: str) -> str:
    """A card's name as entries are matched: any case, without its count ("Attack 2x")."""
    return re.sub(r" \d+x$", "", name.casefold().strip())


def card_page(game_id: str, name: str, keymap: Keymap = ()) -> Page | None:
    """The entry of the card called `name`: the entry whose name (or one of its " / " names) it
    is, else the section whose heading names it ("Nope: the reaction window")."""
    book = game_book(game_id, keymap)
    key = card_key(name)
    for section in book.entries:
        for entry in section.entries:
            if key in {card_key(part) for part in entry.title.split(" / ")}:
                return entry
    return next((s for s in book.entries if key in s.short.casefold()), None)
