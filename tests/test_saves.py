"""Saves: autosave, atomic writes, round trips, and refusing bad files cleanly."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cutthroat import saves
from cutthroat.engine.codec import decoder, encode
from cutthroat.engine.registry import IMPLEMENTED, get_rules
from cutthroat.games.kill_the_kings.rules import DRAW, NEXT_ROUND, RULES, Place, PlayReserve, Reserve
from cutthroat.saves import SaveError, Seat
from cutthroat.session import Session
from helpers_ktk import snapshot

REPO = Path(__file__).resolve().parents[1]
EXAMPLE_SAVES = sorted((REPO / "saves").glob("*.json"))
GAME = "kill-the-kings"


def pick(session: Session, step: int):
    """A deterministic, reasonably long-lived choice among the legal actions."""
    legal = session.legal_actions(0)
    for action in legal:  # prefer moves that keep the game going
        if isinstance(action, (Place, PlayReserve)):
            return action
    for action in legal:
        if isinstance(action, Reserve) or action in (DRAW, NEXT_ROUND):
            return action
    return legal[step % len(legal)]


def new_session(seed=5, mode="killer", **kw) -> Session:
    return Session(GAME, {"mode": mode}, seed, [Seat("human", "Ana")], **kw)


def played_session(moves=12, seed=5) -> Session:
    s = new_session(seed)
    for i in range(moves):
        s.apply(pick(s, i))
    return s


def good_doc(moves=12) -> dict:
    doc = saves.to_json(played_session(moves).save_data("my game"))
    assert doc["log"], "fixture should have moves"
    return doc


def write_bytes(tmp_path: Path, raw: bytes, name="game.json") -> Path:
    path = tmp_path / name
    path.write_bytes(raw)
    return path


def assert_bad_file(tmp_path: Path, raw: bytes, *fragments: str) -> str:
    """The file is refused with a one-line SaveError and left byte for byte as it was."""
    path = write_bytes(tmp_path, raw)
    mtime = path.stat().st_mtime_ns
    with pytest.raises(SaveError) as info:
        saves.read(path)
    msg = str(info.value)
    assert msg and "\n" not in msg, msg
    assert "Traceback" not in msg
    assert msg.startswith("game.json"), msg
    for fragment in fragments:
        assert fragment in msg, (fragment, msg)
    assert path.read_bytes() == raw
    assert path.stat().st_mtime_ns == mtime
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    with pytest.raises(SaveError):
        Session.load(path)
    assert path.read_bytes() == raw
    return msg


def doc_bytes(doc) -> bytes:
    return json.dumps(doc).encode("utf-8")


# --- autosave --------------------------------------------------------------------------------


def test_autosave_after_every_action(tmp_path):
    path = tmp_path / "autosave.json"
    s = new_session(autosave_path=path)
    assert not path.exists()  # nothing to resume before the first move
    for step in range(30):
        s.apply(pick(s, step))
        assert path.exists()
        data = saves.read(path)
        assert data.state == s.state
        assert snapshot(data.state) == snapshot(s.state)
        assert data.log == s.log
        assert data.name == "autosave"
        assert data.seats[0].name == "Ana"
        assert s.autosave_error is None
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]  # no temp files left


def test_autosave_follows_undo(tmp_path):
    path = tmp_path / "auto.json"
    s = new_session(autosave_path=path)
    s.apply(DRAW)
    after_draw = snapshot(s.state)
    s.apply(s.legal_actions(0)[0])
    assert snapshot(saves.read(path).state) != after_draw
    assert s.undo()
    assert snapshot(saves.read(path).state) == after_draw
    assert len(saves.read(path).log) == 1


def test_autosave_disappears_when_game_ends(tmp_path):
    path = tmp_path / "autosave.json"
    s = new_session(seed=8, autosave_path=path)
    step = 0
    while not s.is_over:
        s.apply(pick(s, step))
        step += 1
        assert path.exists() == (not s.is_over)
        assert step < 300
    assert s.result() is not None
    assert not path.exists()
    assert list(tmp_path.iterdir()) == []


def test_resume_from_autosave_continues_identically(tmp_path):
    path = tmp_path / "autosave.json"
    s = new_session(seed=21, autosave_path=path)
    for step in range(10):
        s.apply(pick(s, step))
    resumed = Session.load(path)
    assert resumed.state == s.state and resumed.log == s.log
    for step in range(10, 25):
        a = pick(s, step)
        assert s.apply(a) == resumed.apply(a)
    assert resumed.state == s.state


def test_autosave_failure_does_not_stop_the_game(tmp_path):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    s = new_session(autosave_path=blocker / "autosave.json")
    s.apply(DRAW)
    assert s.autosave_error and "\n" not in s.autosave_error
    assert s.state.drawn is not None
    assert blocker.read_text() == "x"


# --- atomic writes ---------------------------------------------------------------------------


def test_write_replaces_existing_file_whole(tmp_path):
    path = tmp_path / "slot.json"
    path.write_text("#" * 500_000)  # much longer than a save: no tail may survive
    s = played_session()
    saves.write(path, s.save_data("slot"))
    text = path.read_text(encoding="utf-8")
    assert "#" not in text
    assert json.loads(text) == saves.to_json(s.save_data("slot"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["slot.json"]


def test_write_creates_parent_dirs_and_leaves_no_temp(tmp_path):
    path = tmp_path / "a" / "b" / "save.json"
    saves.write(path, played_session().save_data())
    assert path.exists()
    assert [p.name for p in path.parent.iterdir()] == ["save.json"]


def test_failed_write_keeps_old_file_and_cleans_temp(tmp_path, monkeypatch):
    path = tmp_path / "slot.json"
    path.write_bytes(b"old contents")

    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves.os, "replace", boom)
    with pytest.raises(SaveError) as info:
        saves.write(path, played_session().save_data())
    assert "can't write" in str(info.value) and "\n" not in str(info.value)
    assert path.read_bytes() == b"old contents"
    assert [p.name for p in tmp_path.iterdir()] == ["slot.json"]


def test_write_into_a_file_as_directory_is_a_save_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(SaveError):
        saves.write(blocker / "save.json", played_session().save_data())


# --- round trip ------------------------------------------------------------------------------


def test_save_round_trip(tmp_path):
    s = new_session(seed=77, mode="psycho")
    for step in range(20):
        s.apply(pick(s, step))
    path = s.save(tmp_path / "mine.json", name="Tuesday")
    data = saves.read(path)
    assert data.game == GAME
    assert data.config == {"mode": "psycho"}
    assert data.seed == 77
    assert data.name == "Tuesday"
    assert [(x.kind, x.name, x.level) for x in data.seats] == [("human", "Ana", None)]
    assert data.log == s.log
    assert data.state == s.state
    loaded = Session.load(path)
    assert loaded.state == s.state
    assert loaded.legal_actions(0) == s.legal_actions(0)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == "cutthroat-save" and doc["version"] == 2 and doc["revision"] == 1
    assert doc["app_version"] and doc["game"] == GAME and "base" not in doc
    assert doc["log"][0] == {"seat": 0, "action": encode(DRAW)}


def test_round_trip_of_new_and_finished_games(tmp_path):
    fresh = new_session(seed=3)
    assert saves.read(fresh.save(tmp_path / "a.json")).state == fresh.state
    done = new_session(seed=3)
    step = 0
    while not done.is_over:
        done.apply(pick(done, step))
        step += 1
    data = saves.read(done.save(tmp_path / "b.json"))
    assert data.state == done.state and RULES.result(data.state) is not None


def test_bot_seat_round_trip():
    data = played_session().save_data()
    data.seats = [Seat("bot", "Robo", "heuristic")]
    back = saves.parse(doc_bytes(saves.to_json(data)))
    assert back.seats[0].is_bot and back.seats[0].level == "heuristic"


# --- bad files -------------------------------------------------------------------------------


def test_truncated(tmp_path):
    raw = doc_bytes(good_doc())
    assert_bad_file(tmp_path, raw[: len(raw) // 2], "not valid JSON")


def test_not_json(tmp_path):
    assert_bad_file(tmp_path, b"this is not a save\n", "not valid JSON")


@pytest.mark.parametrize("raw", [b"", b"   \n\t"])
def test_empty(tmp_path, raw):
    assert_bad_file(tmp_path, raw, "empty")


def test_not_utf8(tmp_path):
    raw = b'{"format": "cutthroat-save", "name": "\xff\xfe\xfa"}'
    assert_bad_file(tmp_path, raw, "UTF-8")


def test_huge(tmp_path):
    doc = good_doc()
    doc["name"] = "x" * (4 * 1024 * 1024 + 10)
    assert_bad_file(tmp_path, doc_bytes(doc), "too large")
    with pytest.raises(SaveError, match="too large"):
        saves.parse(b" " * (4 * 1024 * 1024 + 1))


def test_deeply_nested(tmp_path):
    assert_bad_file(tmp_path, b"[" * 100_000 + b"]" * 100_000, "not valid JSON")


@pytest.mark.parametrize("raw", [b"[]", b"42", b'"save"', b"null"])
def test_json_but_not_an_object(tmp_path, raw):
    assert_bad_file(tmp_path, raw, "not a Cutthroat save")


def _set(doc, dotted, value):
    target = doc
    keys = dotted.split(".")
    for k in keys[:-1]:
        target = target[int(k)] if isinstance(target, list) else target[k]
    last = keys[-1]
    if isinstance(target, list):
        target[int(last)] = value
    elif value is _DELETE:
        del target[last]
    else:
        target[last] = value


_DELETE = object()


@pytest.mark.parametrize("field,value,fragment", [
    ("format", _DELETE, "not a Cutthroat save"),
    ("format", "other-save", "not a Cutthroat save"),
    ("version", "1", "'version' must be a positive integer"),
    ("version", 0, "'version' must be a positive integer"),
    ("version", True, "'version' must be a positive integer"),
    ("version", 1.0, "'version' must be a positive integer"),
    ("game", 5, "'game' must be a game id"),
    ("game", _DELETE, "'game' must be a game id"),
    ("config", ["mode", "killer"], "'config' must be an object"),
    ("config", {"mode": 3}, "'config' must be an object"),
    ("config", {"mode": "insane"}, "invalid value 'insane'"),
    ("config", {"speed": "fast"}, "unknown variant 'speed'"),
    ("seats", "Ana", "'seats' must list"),
    ("seats", [], "'seats' must list"),
    ("seats", [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}], "'seats' must list"),
    ("seats", [{"kind": "alien", "name": "A"}], "seat 1 must have a kind"),
    ("seats", [{"kind": "human", "name": 7}], "seat 1 must have a kind"),
    ("seats", ["Ana"], "seat 1 must have a kind"),
    ("seats", [{"kind": "bot", "name": "R", "level": "godlike"}], "unknown bot level"),
    ("seed", "5", "'seed' must be an integer"),
    ("seed", True, "'seed' must be an integer"),
    ("seed", 5.0, "'seed' must be an integer"),
    ("seed", None, "'seed' must be an integer"),
    ("log", {}, "'log' must be a list"),
    ("log", None, "'log' must be a list"),
    ("state", _DELETE, "no 'state' snapshot"),
    ("state", [], "bad state snapshot"),
    ("state.deck", "everything", "bad state snapshot"),
    ("state.round", "1", "bad state snapshot"),
    ("state.round", 4, "bad state snapshot"),
    ("state.phase", "dancing", "bad state snapshot"),
    ("state.mode", "berserk", "bad state snapshot"),
    ("state.columns", [[], []], "bad state snapshot"),
    ("state.reserve", [None], "bad state snapshot"),
    ("state.rng", -1, "bad state snapshot"),
    ("state.rng", "0x1", "bad state snapshot"),
    ("state.round_points", [11], "bad state snapshot"),
    ("state.drawn", "ZZ", "bad state snapshot"),
    ("state.end_reason", 3, "bad state snapshot"),
    ("state.columns.0", ["KH"], "bad state snapshot"),
    ("state.extra", 1, "bad state snapshot"),
])
def test_wrong_types_and_values(tmp_path, field, value, fragment):
    doc = good_doc()
    _set(doc, field, value)
    assert_bad_file(tmp_path, doc_bytes(doc), fragment)


def test_unknown_game(tmp_path):
    doc = good_doc()
    doc["game"] = "poker"
    assert_bad_file(tmp_path, doc_bytes(doc), "unknown game 'poker'")


def test_newer_format_version(tmp_path):
    doc = good_doc()
    doc["version"] = 3
    assert_bad_file(tmp_path, doc_bytes(doc), "newer Cutthroat", "format 3")


def test_newer_rules_revision(tmp_path):
    doc = good_doc()
    doc["revision"] = 2
    assert_bad_file(tmp_path, doc_bytes(doc), "newer Cutthroat", "Kill The Kings rules revision 2")


@pytest.mark.parametrize("value", [0, "1", True, 1.5])
def test_bad_rules_revision(tmp_path, value):
    doc = good_doc()
    doc["revision"] = value
    assert_bad_file(tmp_path, doc_bytes(doc), "'revision' must be a positive integer")


def test_a_format_1_save_still_loads_and_replays_exactly():
    doc = good_doc()
    doc["version"] = 1
    del doc["revision"]
    data = saves.parse(doc_bytes(doc))
    assert data.log == played_session().log and data.base is None and not data.note


@pytest.mark.parametrize("game", [g.game_id for g in IMPLEMENTED])
def test_the_rules_fix_note_reads_right_for_every_game(game):
    rules = get_rules(game)
    article = "an" if rules.name[0] in "AEIOU" else "a"  # (no game's name starts with a silent letter)
    assert saves.rules_fix_note(rules, 12).startswith(f"Saved before {article} {rules.name} rules fix:")
    assert saves.rules_fix_note(rules, 12).endswith("(its 12 earlier moves aren't replayed)")
    assert saves.rules_fix_note(rules, 1).endswith("(its 1 earlier move isn't replayed)")


def test_a_save_from_before_a_rules_fix_goes_on_from_its_snapshot(tmp_path):
    """A real format 1 Kill Your Friends save, made before the Reaper's pick-up order was fixed
    (rules revision 2): its log no longer replays, so it goes on from its snapshot (said in one
    line), and saved again it is a revision 2 save with that position as its base."""
    old = REPO / "tests" / "data" / "kyf-revision-1.json"
    doc = json.loads(old.read_text(encoding="utf-8"))
    assert doc["version"] == 1 and "revision" not in doc
    rules = get_rules("kill-your-friends")
    with pytest.raises(SaveError, match="is illegal"):  # its moves no longer replay under today's rules
        saves.replay(rules, doc["config"], doc["seed"], 4,
                     [(e["seat"], decoder(rules.action_types)(e["action"])) for e in doc["log"]])
    data = saves.read(old)
    assert data.log == [] and rules.encode_state(data.state) == doc["state"]
    assert rules.encode_state(data.base) == doc["state"]
    assert data.note.startswith("Saved before a Kill Your Friends rules fix") and "\n" not in data.note
    assert f"its {len(doc['log'])} earlier moves" in data.note
    session = Session.from_save(data)
    seat = session.current_seat
    session.apply(session.legal_actions(seat)[0], seat)
    again_path = session.save(tmp_path / "again.json")
    again = json.loads(again_path.read_text(encoding="utf-8"))
    assert again["version"] == 2 and again["revision"] == 2 and again["base"] == doc["state"]
    reloaded = saves.read(again_path)  # strict now: the log replays from the base
    assert reloaded.log == session.log and not reloaded.note
    assert rules.encode_state(reloaded.state) == rules.encode_state(session.state)
    edited = dict(again, state={**again["state"], "points": [1, 0, 0, 0]})
    with pytest.raises(SaveError, match="doesn't match its move log"):
        saves.parse(doc_bytes(edited))


def test_tampered_snapshot_deck_order(tmp_path):
    doc = good_doc()
    deck = doc["state"]["deck"]
    deck[-1], deck[0] = deck[0], deck[-1]  # peek-and-swap the next card: still 48 cards
    assert_bad_file(tmp_path, doc_bytes(doc), "doesn't match its move log")


def test_tampered_snapshot_score(tmp_path):
    doc = good_doc()
    doc["state"]["round_points"] = [10]
    doc["state"]["round"] = 2
    assert_bad_file(tmp_path, doc_bytes(doc), "doesn't match its move log")


def test_tampered_snapshot_duplicate_card(tmp_path):
    doc = good_doc()
    deck = doc["state"]["deck"]
    deck[0] = deck[1]
    assert_bad_file(tmp_path, doc_bytes(doc), "bad state snapshot", "48")


def test_tampered_seed(tmp_path):
    doc = good_doc()
    doc["seed"] += 1
    assert_bad_file(tmp_path, doc_bytes(doc))


def test_tampered_log_illegal_move(tmp_path):
    doc = good_doc()
    doc["log"].insert(0, {"seat": 0, "action": {"type": "place", "column": 0}})
    assert_bad_file(tmp_path, doc_bytes(doc), "move 1 of the log is illegal", "Draw a card first")


def test_tampered_log_dropped_move(tmp_path):
    doc = good_doc()
    del doc["log"][-1]
    assert_bad_file(tmp_path, doc_bytes(doc))


@pytest.mark.parametrize("entry,fragment", [
    ({"seat": 1, "action": {"type": "draw"}}, "needs a 'seat' between 0 and 0"),
    ({"seat": -1, "action": {"type": "draw"}}, "needs a 'seat'"),
    ({"seat": "0", "action": {"type": "draw"}}, "needs a 'seat'"),
    ({"seat": True, "action": {"type": "draw"}}, "needs a 'seat'"),
    ({"action": {"type": "draw"}}, "needs a 'seat'"),
    ("draw", "needs a 'seat'"),
    ({"seat": 0, "action": {"type": "fly"}}, "unknown type 'fly'"),
    ({"seat": 0, "action": {"type": "place", "column": "1"}}, "expected an integer"),
    ({"seat": 0, "action": None}, "expected an object"),
    ({"seat": 0, "action": {"type": "place", "column": 9}}, "is illegal"),
])
def test_bad_log_entry(tmp_path, entry, fragment):
    doc = good_doc()
    doc["log"][0] = entry
    msg = assert_bad_file(tmp_path, doc_bytes(doc), fragment)
    assert "move 1 of the log" in msg


def test_missing_file_and_directory(tmp_path):
    with pytest.raises(SaveError, match="can't read it"):
        saves.read(tmp_path / "nope.json")
    with pytest.raises(SaveError):
        saves.read(tmp_path)


def test_huge_integer_is_a_save_error(tmp_path):
    doc = good_doc()
    raw = doc_bytes(doc).replace(b'"seed": 5', b'"seed": ' + b"9" * 5000)
    assert b"9" * 5000 in raw
    assert_bad_file(tmp_path, raw, "seed")


def test_good_doc_fixture_is_accepted():
    """Guard for the bad-file tests: the unmodified document loads."""
    doc = good_doc()
    data = saves.parse(doc_bytes(doc))
    assert snapshot(data.state) == doc["state"]
    assert saves.to_json(data) == doc


# --- example saves shipped in saves/ ---------------------------------------------------------


@pytest.mark.parametrize("path", EXAMPLE_SAVES or [None],
                         ids=[p.name for p in EXAMPLE_SAVES] or ["no-example-saves-yet"])
def test_example_saves_load_and_replay(path):
    if path is None:
        assert (REPO / "saves").is_dir()
        return
    raw = path.read_bytes()
    data = saves.read(path)  # validates the file and replays its log against the snapshot
    rules = get_rules(data.game)
    state = saves.replay(rules, data.config, data.seed, len(data.seats), data.log)
    assert rules.encode_state(state) == rules.encode_state(data.state)
    session = Session.from_save(data)
    assert session.is_over or session.legal_actions(session.current_seat)
    assert path.read_bytes() == raw  # loading never modifies the file


def test_example_saves_folder_scan_is_live():
    """The parametrisation above is built from the folder: every *.json in it is covered."""
    assert EXAMPLE_SAVES == sorted((REPO / "saves").glob("*.json"))
    for path in EXAMPLE_SAVES:
        assert os.path.getsize(path) <= saves.MAX_BYTES


@pytest.mark.parametrize("name", ["", "Bartholomew"])
def test_a_seat_name_the_setup_could_not_have_typed_is_refused(tmp_path, name):
    """Names are 1–NAME_MAX characters (tables show them whole): an edited file says which seat."""
    doc = good_doc()
    doc["seats"][0]["name"] = name
    assert_bad_file(tmp_path, doc_bytes(doc), "seat 1: a name of 1–10 characters")


def test_plain_names_for_a_confined_app():
    assert saves.plain_name("  Round two ") == "Round two"
    assert saves.plain_name("Åsa_2-b") == "Åsa_2-b"
    for bad in ("", "   ", "../x", "a/b", "~", ".x", "a\nb", "a\x1bb", "a\u200bb", "x" * (saves.SAVE_NAME_MAX + 1)):
        with pytest.raises(SaveError) as info:
            saves.plain_name(bad)
        message = str(info.value)
        assert "\n" not in message
        if bad.strip():
            assert bad.strip() not in message  # what was typed is never repeated


def test_a_confined_write_that_fails_names_the_file_not_its_folder(tmp_path, monkeypatch):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where a folder should be")
    monkeypatch.setenv(saves.CONFINED_ENV, "1")
    with pytest.raises(SaveError) as info:
        played_session(moves=2).save(blocked / "game.json")
    assert str(info.value).startswith("can't write game.json: ") and str(tmp_path) not in str(info.value)
    monkeypatch.delenv(saves.CONFINED_ENV)
    with pytest.raises(SaveError, match=str(blocked)):  # locally the path is the user's own
        played_session(moves=2).save(blocked / "game.json")


def test_a_save_whose_names_hold_invisible_characters_loads_with_them_cleaned(tmp_path):
    """A game saved before names were checked (a soft hyphen, a zero-width space, a joined emoji)
    still loads: its names are cleaned, never refused (the game is not lost)."""
    doc = good_doc()
    doc["seats"][0]["name"] = "An\u00ada\u200b"
    path = tmp_path / "old.json"
    path.write_bytes(doc_bytes(doc))
    loaded = saves.read(path)
    assert loaded.seats[0].name == "Ana"
