"""The README and docs/ say only what is so: every relative link (and `#anchor`) resolves, every
`cutthroat` command and flag they name exists in the command line's parser, the README stays a
player's page (≤ ~320 lines) and its screenshots are the snapshots' own files, byte for byte.

What counts as a command line: a code span (inline, or a line of a fenced block, `\\` lines
joined, a description after two spaces or ` #` left out) whose first word is `cutthroat` (or a
path ending in it), a `cutthroat` subcommand, or a flag (`--web-port`). A span starting with
another program (`python benchmarks/…`, `pytest`, `ssh`) is that program's, and not checked."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = [README, *sorted((ROOT / "docs").glob("*.md"))]
SNAPSHOTS = ROOT / "tests" / "__snapshots__"

#: docs/screenshots/<file> → the snapshot it is a copy of (refresh the copy after a snapshot update).
SCREENSHOTS = {
    "title.svg": "test_tui_snapshots/test_title_screen.svg",
    "kill-the-kings.svg": "test_tui_snapshots/test_table_mid_game.svg",
    "exploding-kittens.svg": "test_ek_snapshots/test_ek_table.svg",
    "kill-your-friends.svg": "test_kyf_snapshots/test_kyf_table_mid_game.svg",
    "stab-your-friends.svg": "test_syf_snapshots/test_syf_play_phase.svg",
    "psycho-killer.svg": "test_pk_snapshots/test_pk_table_mid_game.svg",
}

FENCE = re.compile(r"^```.*?^```[ \t]*$", re.S | re.M)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
INLINE_CODE = re.compile(r"`([^`]+)`")
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")
CUTTHROAT = re.compile(r"^(?:.*[/=])?cutthroat$")


def _ids(path: Path) -> str:
    return str(path.relative_to(ROOT))


def prose(text: str) -> str:
    """The text outside fenced blocks."""
    return FENCE.sub("", text)


def slug(heading: str) -> str:
    """A heading's anchor, as GitHub makes it."""
    words = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return words.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found: set[str] = set()
    for line in prose(path.read_text(encoding="utf-8")).splitlines():
        m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m:
            base = slug(m.group(1))
            name, n = base, 0
            while name in found:
                n += 1
                name = f"{base}-{n}"
            found.add(name)
    return found


def code_spans(text: str) -> list[str]:
    """Inline code outside fences, and each line of every fenced block (continuations joined,
    descriptions after two spaces or a ` #` cut off)."""
    spans = [" ".join(m.group(1).split()) for m in INLINE_CODE.finditer(prose(text))]
    for block in FENCE.findall(text):
        body = block.split("\n")[1:-1]
        for line in "\n".join(body).replace("\\\n", " ").splitlines():
            line = re.split(r" {2,}| #", line.strip(), maxsplit=1)[0]
            if line:
                spans.append(line)
    return spans


def commands() -> dict[str | None, set[str]]:
    """Each subcommand's flags (its nested actions' too); None: the flags of the bare command."""
    from cutthroat.cli import build_parser

    def flags(parser: argparse.ArgumentParser) -> set[str]:
        out: set[str] = set()
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub in action.choices.values():
                    out |= flags(sub)
            else:
                out |= {o for o in action.option_strings if o.startswith("--")}
        return out

    parser = build_parser()
    top = {o for a in parser._actions for o in a.option_strings if o.startswith("--")}
    found: dict[str | None, set[str]] = {None: top}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found[name] = top | flags(sub)
    return found


def named_commands(path: Path) -> list[tuple[str | None, list[str], str]]:
    """(subcommand or None, flags, the span) for each command line the page shows."""
    known = commands()
    out = []
    for span in code_spans(path.read_text(encoding="utf-8")):
        words = span.split()
        first = words[0]
        if CUTTHROAT.match(first):
            sub = words[1] if len(words) > 1 and re.fullmatch(r"[a-z][a-z-]*", words[1]) else None
            out.append((sub, FLAG.findall(" ".join(words[1:])), span))
        elif first.startswith("--"):
            out.append(("*", FLAG.findall(span), span))
        elif first in known and "--" in span:
            out.append((first, FLAG.findall(span), span))
    return out


def bad_links(path: Path) -> list[str]:
    bad = []
    for target in LINK.findall(prose(path.read_text(encoding="utf-8"))):
        if re.match(r"[a-z]+:", target):
            continue  # https:, mailto:
        file, _, anchor = target.partition("#")
        where = (path.parent / file).resolve() if file else path
        if not where.exists():
            bad.append(f"{target}: no such file")
        elif anchor and where.suffix == ".md" and anchor not in anchors(where):
            bad.append(f"{target}: no heading #{anchor} in {where.name}")
    return bad


@pytest.mark.parametrize("path", DOCS, ids=_ids)
def test_every_relative_link_resolves(path: Path) -> None:
    bad = bad_links(path)
    assert not bad, "\n".join(bad)


def test_the_link_check_catches_a_missing_file_or_heading(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# The `hard` bot's page (2026)\n\n[here](#the-hard-bots-page-2026) [gone](nowhere.md) "
                    "[no heading](#nowhere) [web](https://example.org)\n```\n# not a heading\n```\n",
                    encoding="utf-8")
    assert bad_links(page) == ["nowhere.md: no such file", "#nowhere: no heading #nowhere in page.md"]


@pytest.mark.parametrize("path", DOCS, ids=_ids)
def test_every_command_and_flag_named_exists(path: Path) -> None:
    known = commands()
    every_flag = set().union(*known.values())
    bad = []
    for sub, flags, span in named_commands(path):
        if sub not in (None, "*") and sub not in known:
            bad.append(f"`{span}`: no command `cutthroat {sub}`")
            continue
        allowed = every_flag if sub == "*" else known[sub]
        bad += [f"`{span}`: no flag {f}" + (f" for `cutthroat {sub}`" if sub != "*" else "")
                for f in flags if f not in allowed]
    assert not bad, "\n".join(bad)


def test_the_check_finds_commands_and_would_catch_a_wrong_one(tmp_path: Path) -> None:
    """The checks above look at something: the README's summary names every subcommand, and a
    made-up flag or command in a page is caught."""
    named = {sub for sub, _, _ in named_commands(README)}
    assert set(commands()) - {None} <= named
    page = tmp_path / "page.md"
    page.write_text("Run `cutthroat serve --web-prot 8080`, then\n```\ncutthroat plya GAME\n```\n"
                    "and `--no-such-flag`.\n", encoding="utf-8")
    found = named_commands(page)
    assert ("serve", ["--web-prot"], "cutthroat serve --web-prot 8080") in found
    assert ("plya", [], "cutthroat plya GAME") in found
    assert ("*", ["--no-such-flag"], "--no-such-flag") in found


def test_the_readme_is_a_players_page() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 320, f"README.md is {len(lines)} lines: move the detail to docs/"


def test_ci_runs_the_readmes_test_command() -> None:
    """CI runs the README's test command verbatim (`.ci/run`)."""
    readme = README.read_text(encoding="utf-8")
    assert "make test     # set up and run the whole test suite" in readme
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^make test$", ci, re.M)


def test_readme_and_docs_link_both_ways() -> None:
    readme_links = {t.partition("#")[0] for t in LINK.findall(README.read_text(encoding="utf-8"))}
    for page in DOCS[1:]:
        assert f"docs/{page.name}" in readme_links, f"the README doesn't link {page.name}"
        links = {t.partition("#")[0] for t in LINK.findall(page.read_text(encoding="utf-8"))}
        assert "../README.md" in links or any((page.parent / t).resolve() == README for t in links if t) \
            or page.name in {"rules-protocol.md", "adding-a-game.md"} and "architecture.md" in links, \
            f"{page.name} doesn't link back"


@pytest.mark.parametrize("name", sorted(SCREENSHOTS))
def test_each_screenshot_is_its_snapshot_byte_for_byte(name: str) -> None:
    copy = ROOT / "docs" / "screenshots" / name
    snapshot = SNAPSHOTS / SCREENSHOTS[name]
    assert copy.read_bytes() == snapshot.read_bytes(), \
        f"docs/screenshots/{name} differs from {SCREENSHOTS[name]}: copy the snapshot over it"


def test_every_screenshot_is_checked_and_shown() -> None:
    shots = {p.name for p in (ROOT / "docs" / "screenshots").iterdir()}
    assert shots == set(SCREENSHOTS)
    readme = README.read_text(encoding="utf-8")
    assert all(f"docs/screenshots/{name}" in readme for name in SCREENSHOTS)
