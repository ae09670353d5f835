"""The JSON save format: versioned, validated on load, written atomically.

A save holds the game id, config, seats, seed, the full action log and a state snapshot. Loading
checks every field, replays the log from the seed and refuses the file unless the replay lands on
the snapshot. Any problem is a `SaveError` whose message is one line; the file is never modified.

Format 2 adds the game's rules `revision` (bumped when a rules fix changes how a logged game
replays) and an optional `base`, a position the log starts from instead of the seeded deal. A
save made under an older revision (every format 1 save is revision 1) whose log no longer replays
to its snapshot is not lost: it goes on from its snapshot, which becomes its base.

Confinement: a server's player app (`confined()`) keeps every file in that player's own folder. A
save there takes a plain name only (`plain_name`), lists show regular files of the folder only (a
link inside it is never followed: `listed`, `read`), and no message shows a path.
"""

from __future__ import annotations

import json
import os
import tempfile
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cutthroat import __version__
from cutthroat.engine.registry import UnknownGame, game_info, get_rules, parse_variants
from cutthroat.engine.words import a_or_an, counted
from cutthroat.names import NAME_MAX, clean, graphemes, name_problem  # (NAME_MAX: read here by saves' callers too)
from cutthroat.paths import write_atomically

if TYPE_CHECKING:
    from cutthroat.engine.protocol import Action

# The codec and the rules protocol are loaded by the first save read or written, not at start-up:
# the title's lists come from the folders' index (`save_index`).

FORMAT = "cutthroat-save"
VERSION = 2
MAX_BYTES = 4 * 1024 * 1024
SEAT_KINDS = ("human", "bot")
BOT_LEVELS = ("random", "heuristic", "hard")


class SaveError(Exception):
    """A save that can't be read or written; the message is one line fit for a player."""


# -- confinement ---------------------------------------------------------------------------------
#: The switch: `cutthroat serve` sets it (to "1") in each player's app's environment.
CONFINED_ENV = "CUTTHROAT_CONFINED"
#: A save's name in a confined app, at most (in characters).
SAVE_NAME_MAX = 40
PLAIN_NAME = "A save name is a plain name: letters, digits, spaces, - and _"


def confined() -> bool:
    """Is this app a server's player app? Then its files are the player's own folders only (saves
    in CUTTHROAT_SAVE_DIR, settings in CUTTHROAT_CONFIG_DIR): a save takes a plain name, the lists
    show that folder's own files, and nothing the player sees names a path. On when
    `CUTTHROAT_CONFINED` is set (to anything but "" or "0"), and whenever the app is linked to a
    server's table service (`CUTTHROAT_SERVICE`), so an app started by a server is never loose."""
    return os.environ.get(CONFINED_ENV, "") not in ("", "0") or bool(os.environ.get("CUTTHROAT_SERVICE"))


def plain_name(typed: str) -> str:
    """The save name in `typed` (spaces trimmed) if it is a plain name: letters, digits, spaces,
    `-` and `_`, at most SAVE_NAME_MAX characters. Otherwise SaveError with a one-line reason that
    never repeats what was typed (it may hold control characters)."""
    name = unicodedata.normalize("NFC", typed).strip(" ")
    if not name:
        raise SaveError("Give the save a name")
    if len(name) > SAVE_NAME_MAX:
        raise SaveError(f"A save name is at most {SAVE_NAME_MAX} characters")
    if not all(ch.isalnum() or ch in " -_" for ch in name):
        raise SaveError(PLAIN_NAME)
    return name


def listed(directory: str | os.PathLike, pattern: str = "*.json") -> list[Path]:
    """The files in `directory` a list shows (unsorted). Confined: regular files only, never a link
    (a link inside the player's folder may lead out of it), and nothing from a folder that is a link."""
    directory = Path(directory)
    strict = confined()
    try:
        if strict and directory.is_symlink():
            return []
        return [p for p in directory.glob(pattern) if p.is_file() and not (strict and p.is_symlink())]
    except OSError:
        return []


def _shown(path: Path) -> str:
    """A file as a message names it: its name alone when confined (no server path), else the path."""
    return path.name if confined() else str(path)


@dataclass
class Seat:
    kind: str  # "human" | "bot"
    name: str
    level: str | None = None  # bot level for bots

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "level": self.level}


@dataclass
class SaveData:
    game: str
    config: dict[str, str]
    seats: list[Seat]
    seed: int
    log: list[tuple[int, Action]]  # (seat, action) in the order applied
    state: Any
    name: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    #: Game-over figures per seat, counted while the log was replayed (None: not counted).
    stats: list[dict[str, Any]] | None = None
    #: The position the log starts from, if not the seeded deal (see the module's docstring).
    base: Any = None
    #: Said once when the game is opened (one line), e.g. that it predates a rules fix.
    note: str = ""
    #: The game's own id, the same however often it is saved, loaded and resumed: the history
    #: records a game once (`cutthroat.history`). "" in a save made before there were ids.
    game_id: str = ""
    #: Seconds the game has been played so far (in every session of it).
    played_s: float = 0.0
    #: The daily deal's date (YYYY-MM-DD) if this is one.
    daily: str | None = None


@dataclass(frozen=True)
class SaveSummary:
    """What the Continue and Load lists say about a save, all of it public."""

    game: str  # the game's (short) name
    setup: str  # the variants worth naming ("Killer", "Party Pack · Five different off")
    players: str  # "Ana, Bob + 2 bots"
    moves: int
    progress: str  # the game's own words ("round 2 of 3 · 5 points")

    @property
    def title(self) -> str:
        return f"{self.game} · {self.setup}" if self.setup else self.game

    @property
    def line(self) -> str:
        return " · ".join(part for part in (self.players, counted(self.moves, "move"), self.progress) if part)


def summarize(data: SaveData) -> SaveSummary:
    rules = get_rules(data.game)
    return SaveSummary(game_info(data.game).short, setup_text(rules, data.config), players_text(data.seats), len(data.log),
                       rules.progress(data.state))


def setup_text(rules, config: dict[str, str]) -> str:
    """The variants that make this game different: those off their default, and a `listed` one
    (a mode, a recipe) always. Labels are cut at their explanation ("Killer — 7+ points…")."""
    parts = []
    for variant in rules.variants:
        value = config.get(variant.name, variant.default)
        if variant.per_seat or not variant.choices or (value == variant.default and not variant.listed):
            continue
        if variant.is_flag:
            parts.append(variant.heading if value == "on" else f"{variant.heading} off")
        elif variant.listed:
            parts.append(variant.label(value).split(" — ")[0])
        else:
            parts.append(f"{variant.heading}: {variant.label(value)}")
    return " · ".join(parts)


def players_text(seats: list[Seat]) -> str:
    humans = [s.name for s in seats if not s.is_bot]
    bots = len(seats) - len(humans)
    text = ", ".join(humans) if humans else "bots only"
    if humans and bots:
        text += f" + {counted(bots, 'bot')}"
    return text


def to_json(data: SaveData) -> dict[str, Any]:
    from cutthroat.engine.codec import encode

    rules = get_rules(data.game)
    return {
        "format": FORMAT,
        "version": VERSION,
        "app_version": __version__,
        "game": data.game,
        "name": data.name,
        "config": dict(data.config),
        "seats": [s.to_json() for s in data.seats],
        "seed": data.seed,
        "revision": rules.revision,
        **({"base": rules.encode_state(data.base)} if data.base is not None else {}),
        "log": [{"seat": seat, "action": encode(a)} for seat, a in data.log],
        "state": rules.encode_state(data.state),
        **({"game_id": data.game_id} if data.game_id else {}),
        **({"played_s": round(data.played_s, 1)} if round(data.played_s, 1) else {}),
        **({"daily": data.daily} if data.daily else {}),
    }


def write(path: str | os.PathLike, data: SaveData) -> Path:
    """Write atomically: a temp file beside the target, flushed and fsynced, then renamed over it."""
    path = Path(path)
    text = json.dumps(to_json(data), indent=1, ensure_ascii=False)
    _refuse_linked_folder(path)
    try:
        write_atomically(path, text)
    except OSError as exc:
        raise SaveError(f"can't write {_shown(path)}: {_reason(exc)}") from None
    from cutthroat import save_index

    save_index.record(path, data)  # (the lists' summary of it, if its folder keeps an index)
    return path


def check_writable(path: str | os.PathLike) -> None:
    """Raise the SaveError `write` would if a save couldn't be written at `path` (its folder is
    made if missing, and a file tried in it): a game not written yet says so at once."""
    path = Path(path)
    _refuse_linked_folder(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        os.close(fd)
        os.unlink(tmp)
    except OSError as exc:
        raise SaveError(f"can't write {_shown(path)}: {_reason(exc)}") from None


def _refuse_linked_folder(path: Path) -> None:
    if confined() and path.parent.is_symlink():  # a link in the player's folder leads out of it
        raise SaveError(f"can't write {path.name}: its folder is a link")


def _reason(exc: OSError) -> str:
    """An OSError in a few words (confined: never its text, which may name a path)."""
    if exc.strerror:
        return exc.strerror
    return "the system refused" if confined() else str(exc)


def read(path: str | os.PathLike, label: str | None = None) -> SaveData:
    """Read, validate and replay a save. Raises SaveError with a one-line reason, which starts
    with `label` (the file's name unless given: the command line gives the path as typed)."""
    path = Path(path)
    label = label or path.name
    if confined() and path.is_symlink():  # a link in the player's folder may lead out of it
        raise SaveError(f"{label}: a link, not a save (links aren't followed here)")
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise SaveError(f"{label}: too large to be a save ({size:,} bytes)")
        raw = path.read_bytes()
    except SaveError:
        raise
    except OSError as exc:
        raise SaveError(f"{label}: can't read it ({_reason(exc)})") from None
    return parse(raw, label)


def parse(raw: bytes, label: str = "save") -> SaveData:
    from cutthroat.engine.codec import CodecError
    if len(raw) > MAX_BYTES:
        raise SaveError(f"{label}: too large to be a save ({len(raw):,} bytes)")
    if not raw.strip():
        raise SaveError(f"{label}: the file is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{label}: not a text file (not UTF-8)") from None
    try:
        doc = json.loads(text, parse_int=_parse_int)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{label}: not valid JSON (line {exc.lineno}: {exc.msg}) — truncated?") from None
    except RecursionError:
        raise SaveError(f"{label}: not valid JSON (nested too deeply)") from None
    except ValueError as exc:
        raise SaveError(f"{label}: not valid JSON ({str(exc).splitlines()[0]})") from None
    try:
        return _validate(doc)
    except SaveError as exc:
        raise SaveError(f"{label}: {exc}") from None
    except (CodecError, ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
        raise SaveError(f"{label}: {exc}") from None


def _parse_int(text: str) -> int | float:
    """Absurdly long numbers become floats, so the field that holds one is named as wrong."""
    return int(text) if len(text) <= 40 else float("inf")


def _validate(doc: Any) -> SaveData:
    from cutthroat.engine.codec import CodecError, decoder

    if not isinstance(doc, dict):
        raise SaveError("not a Cutthroat save (expected a JSON object)")
    if doc.get("format") != FORMAT:
        raise SaveError("not a Cutthroat save (no 'format': 'cutthroat-save')")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError("'version' must be a positive integer")
    if version > VERSION:
        raise SaveError(f"made by a newer Cutthroat (save format {version}; this version reads {VERSION})")
    game = doc.get("game")
    if not isinstance(game, str):
        raise SaveError("'game' must be a game id")
    try:
        rules = get_rules(game)
    except UnknownGame as exc:
        raise SaveError(str(exc)) from None
    config = doc.get("config")
    if not isinstance(config, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in config.items()):
        raise SaveError("'config' must be an object of text values")
    config = parse_variants(rules, [f"{k}={v}" for k, v in config.items()])
    seats_doc = doc.get("seats")
    if not isinstance(seats_doc, list) or not rules.min_players <= len(seats_doc) <= rules.max_players:
        raise SaveError(f"'seats' must list {rules.min_players}–{rules.max_players} seats")
    seats = []
    for i, s in enumerate(seats_doc):
        if not isinstance(s, dict) or s.get("kind") not in SEAT_KINDS or not isinstance(s.get("name"), str):
            raise SaveError(f"seat {i + 1} must have a kind (human/bot) and a name")
        level = s.get("level")
        if s["kind"] == "bot" and level not in BOT_LEVELS:
            raise SaveError(f"seat {i + 1}: unknown bot level {level!r}")
        name = s["name"]
        if not 0 < graphemes(name.strip()) <= NAME_MAX:
            raise SaveError(f"seat {i + 1}: a name of 1–{NAME_MAX} characters, not {name[:40]!r}")
        if name_problem(name) is not None:  # (an older save's name with an invisible or control character)
            name = clean(name, f"Seat {i + 1}")
        seats.append(Seat(s["kind"], name, level if s["kind"] == "bot" else None))
    seed = doc.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveError("'seed' must be an integer")
    log_doc = doc.get("log")
    if not isinstance(log_doc, list):
        raise SaveError("'log' must be a list of actions")
    decode_action = decoder(rules.action_types)
    log = []
    for i, entry in enumerate(log_doc):
        seat = entry.get("seat") if isinstance(entry, dict) else None
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(seats):
            raise SaveError(f"move {i + 1} of the log: needs a 'seat' between 0 and {len(seats) - 1}")
        try:
            log.append((seat, decode_action(entry.get("action"))))
        except CodecError as exc:
            raise SaveError(f"move {i + 1} of the log: {exc}") from None
    revision = doc.get("revision", 1)  # format 1 saves predate revisions
    if not isinstance(revision, int) or isinstance(revision, bool) or revision < 1:
        raise SaveError("'revision' must be a positive integer")
    if revision > rules.revision:
        raise SaveError(f"made by a newer Cutthroat ({rules.name} rules revision {revision}; this version "
                        f"plays {rules.revision})")
    if "state" not in doc:
        raise SaveError("no 'state' snapshot")
    snapshot = _decode_state(rules, doc["state"], "state snapshot")
    base = _decode_state(rules, doc["base"], "base position") if "base" in doc else None
    stats = new_stats(rules, len(seats))
    name = doc.get("name", "")
    name = name if isinstance(name, str) else ""
    ids = _ids(doc)
    try:
        state = replay(rules, config, seed, len(seats), log, stats, base)
        matches = rules.encode_state(state) == rules.encode_state(snapshot)
    except SaveError:
        if revision == rules.revision:
            raise
        matches = False
    if not matches:
        if revision == rules.revision:
            raise SaveError("the saved position doesn't match its move log (was the file edited?)")
        # Saved before a rules fix that changes how its moves replay: it goes on from where it was.
        return SaveData(game, config, seats, seed, [], snapshot, name, stats=new_stats(rules, len(seats)),
                        base=rules.copy(snapshot), note=rules_fix_note(rules, len(log)), **ids)
    return SaveData(game, config, seats, seed, log, state, name, stats=stats, base=base, **ids)


def _ids(doc: dict[str, Any]) -> dict[str, Any]:
    """The game's id, time played and daily date, if the save has them (a wrong one is dropped:
    they say nothing of the position)."""
    out: dict[str, Any] = {}
    game_id = doc.get("game_id")
    if isinstance(game_id, str) and 0 < len(game_id) <= 64 and game_id.isprintable():
        out["game_id"] = game_id
    played = doc.get("played_s")
    if isinstance(played, (int, float)) and not isinstance(played, bool) and 0 <= played < 1e9:
        out["played_s"] = float(played)
    daily = doc.get("daily")
    if isinstance(daily, str) and len(daily) == 10 and daily[4] == daily[7] == "-" and \
            daily.replace("-", "").isdigit():
        out["daily"] = daily
    return out


def rules_fix_note(rules, moves: int) -> str:
    """What a player is told, once, opening a game saved before a rules fix (see the module's docstring)."""
    are = "isn't" if moves == 1 else "aren't"
    return (f"Saved before {a_or_an(rules.name)} rules fix: the game goes on from where it was "
            f"(its {counted(moves, 'earlier move')} {are} replayed)")


def _decode_state(rules, doc, what: str):
    try:
        return rules.decode_state(doc)
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        raise SaveError(f"bad {what}: {exc}") from None


def first_position(rules, config, seed, players, base=None):
    """The position a game's log starts from: a copy of `base`, or a new game dealt from `seed`
    (a replay, a review and a load all start here)."""
    return rules.copy(base) if base is not None else rules.new_game(config, seed, players)


def replay(rules, config, seed, players, log, stats=None, base=None):
    """The state the log leads to from a new game (or from `base`); `stats` (if given) counts the
    figures on the way."""
    from cutthroat.engine.protocol import IllegalAction

    state = first_position(rules, config, seed, players, base)
    for i, (player, action) in enumerate(log):
        if player not in rules.to_act(state) and action.kind not in rules.anytime_kinds:
            raise SaveError(f"move {i + 1} of the log: it is not seat {player + 1}'s move")
        try:
            events = rules.apply(state, action, player)
        except IllegalAction as exc:
            raise SaveError(f"move {i + 1} of the log is illegal: {exc.reason}") from None
        if stats is not None:
            tally(rules, stats, events)
    return state


def new_stats(rules, seats: int) -> list[dict[str, Any]]:
    """Zeroed game-over figures: one dict per seat, keyed by the rules' `stat_columns`."""
    return [{key: 0 for key, _ in rules.stat_columns} for _ in range(seats)]


def tally(rules, stats: list[dict[str, Any]], events) -> None:
    """Count events into the figures, as a spectator sees them (figures never leak a secret)."""
    if not rules.stat_columns:
        return
    for event in events:
        public = event.for_seat(None)
        if public is not None:
            rules.tally(stats, public)
