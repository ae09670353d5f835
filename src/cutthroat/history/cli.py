"""`cutthroat stats` and `cutthroat history`: the player's records and history on the command line.
Headless (never imports Textual)."""

from __future__ import annotations

import csv
import io
import json
import sys
from dataclasses import asdict
from pathlib import Path

from cutthroat.engine.registry import GAMES, game_info
from cutthroat.history import records as rec
from cutthroat.history.model import FinishedGame
from cutthroat.history.schema import HistoryError
from cutthroat.history.store import History

CSV_FIELDS = ("id", "game_id", "game", "options", "seats", "humans", "result", "tie_break", "moves",
              "duration_s", "finished_at", "daily", "counted", "table", "document")
JSON_FIELDS = ("options", "seats", "humans", "result", "document")


class HistoryCliError(Exception):
    """A one-line problem for the command line (exit status 1, or 2 for usage)."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


def _open(path: Path, create: bool = False) -> History | None:
    """The history at `path`; None if there is none yet (and `create` isn't asked)."""
    if not create and not path.exists():
        return None
    try:
        return History.open(path, shown=_shown(path))
    except HistoryError as exc:
        raise HistoryCliError(str(exc)) from None


def _shown(path: Path) -> str:
    from cutthroat.paths import shown
    from cutthroat.saves import confined

    return path.name if confined() else shown(path)


def _ascii() -> bool:
    from cutthroat.settings import load_settings

    return load_settings()[0].resolved_card_style() == "ascii"


def _plain(text: str, ascii: bool) -> str:
    if not ascii:
        return text
    for a, b in (("·", "-"), ("≥", ">="), ("–", "-"), ("—", "-"), ("→", "->")):
        text = text.replace(a, b)
    return text.encode("ascii", "replace").decode()


def mode_label(game: str, mode: str) -> str:
    """A mode or recipe as the setup screen names it ("Killer", "Party Pack")."""
    from cutthroat.engine.registry import get_rules

    try:
        for variant in get_rules(game).variants:
            if variant.name in ("mode", "recipe") and mode in variant.choices:
                return variant.label(mode).split(" — ")[0]
    except Exception:  # noqa: BLE001 - a game this version lacks: its id will do
        pass
    return mode


def _pct(part: float) -> str:
    return f"{round(part * 100)}%"


# -- stats ---------------------------------------------------------------------------------------------
def stats(path: Path, game: str | None, as_json: bool, mode: str | None = None, player: str | None = None,
          out=None) -> int:
    out = out or sys.stdout
    if game is not None:
        game_info(game)  # (UnknownGame: the caller says which games there are)
    history = _open(path)
    games = history.games() if history is not None else []
    if history is not None:
        history.close()
    wanted = [game] if game else [g.game_id for g in GAMES if any(x.game == g.game_id for x in games)]
    report: dict[str, dict] = {}
    for game_id in wanted:
        modes = [mode] if mode else sorted({g.mode for g in games if g.game == game_id and g.mode})
        report[game_id] = {"all": asdict(rec.records(games, game_id, mode=None if not mode else mode, player=player)),
                           "modes": {m: asdict(rec.records(games, game_id, m, player)) for m in modes
                                     if not mode and len(modes) > 1}}
    if as_json:
        json.dump(report, out, indent=1, ensure_ascii=False, default=str)
        out.write("\n")
        return 0
    ascii = _ascii()
    if not games:
        out.write(f"No games in your history yet ({_shown(path)}).\n")
        return 0
    for game_id, blocks in report.items():
        title = game_info(game_id).name
        out.write(_plain(_block(title + (f" · {mode_label(game_id, mode)}" if mode else ""),
                                rec.records(games, game_id, mode, player)), ascii))
        for m in blocks["modes"]:
            out.write(_plain(_block(f"{title} · {mode_label(game_id, m)}", rec.records(games, game_id, m, player)),
                             ascii))
    return 0


def _block(title: str, r: rec.Records) -> str:
    lines = [title]
    if not r.played:
        return title + "\n  no games yet\n\n"
    lines.append(f"  Games {r.played}   Won {r.won} ({_pct(r.win_rate)})   Streak now {r.streak} · best {r.best_streak}")
    if r.best_score is not None:
        means = " · ".join(f"{mode_label(r.game, m) or 'all'} {v:.1f}" for m, v in sorted(r.mean_score.items()))
        lines.append(f"  Best {r.best_score} pts ({r.best_score_date})   Mean {means}")
        kings = f"{r.kings_per_round:.2f}" if r.kings_per_round is not None else "–"
        lines.append(f"  Killer ≥{rec.KILLER}: {_pct(r.killer_rate)}   Psycho ≥{rec.PSYCHO}: {_pct(r.psycho_rate)}"
                     f"   Kings a round: {kings}")
        lines.append(f"  Last {len(r.last_scores)}: " + " ".join(str(s) for s in r.last_scores))
    if r.vs_level:
        lines.append("  " + " · ".join(f"vs {level} {_pct(w / n)} of {n}" for level, (w, n) in r.vs_level.items()))
    if r.wins_by_seat:
        lines.append("  Wins by seat: " + " · ".join(f"seat {s} {w}/{n}" for s, (w, n) in r.wins_by_seat.items()))
    if r.average_placement is not None:
        lines.append(f"  Average placement {r.average_placement:.2f}")
    return "\n".join(lines) + "\n\n"


# -- history -------------------------------------------------------------------------------------------
def listing(path: Path, fmt: str | None, out=None) -> int:
    """The history: a table (newest first), or an export (`json`, `csv`: oldest first, whole)."""
    out = out or sys.stdout
    history = _open(path)
    try:
        if fmt == "json":
            json.dump(history.export_rows() if history else [], out, ensure_ascii=False)
            out.write("\n")
            return 0
        if fmt == "csv":
            writer = csv.DictWriter(out, fieldnames=CSV_FIELDS, lineterminator="\n")
            writer.writeheader()
            for row in (history.export_rows() if history else []):
                writer.writerow({k: json.dumps(row[k], ensure_ascii=False) if k in JSON_FIELDS else
                                 ("" if row[k] is None else row[k]) for k in CSV_FIELDS})
            return 0
        games = history.games() if history else []
    finally:
        if history is not None:
            history.close()
    ascii = _ascii()
    if not games:
        out.write(f"No games in your history yet ({_shown(path)}).\n")
        return 0
    rows = [columns(g) for g in games]
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    out.write(_plain("  ".join(h.ljust(w) if i else h.rjust(w) for i, (h, w) in
                               enumerate(zip(("id", "finished", "game", "players", "result"), widths))).rstrip(),
                     ascii) + "\n")
    for row in rows:
        cells = [row[0].rjust(widths[0])] + [cell.ljust(w) for cell, w in zip(row[1:5], widths[1:])] + row[5:]
        out.write(_plain("  ".join(cells).rstrip(), ascii) + "\n")
    return 0


def columns(g: FinishedGame) -> list[str]:
    """One game as `history` lists it: id, when, game and setup, players, result (and the daily
    deal's date)."""
    from cutthroat.history.daily import outcome

    when = g.finished_at.astimezone().strftime("%Y-%m-%d %H:%M")
    names = ", ".join(s.name + (f" ({s.level})" if s.kind == "bot" else "") for s in g.seats)
    setup = game_info(g.game).short + (f" · {mode_label(g.game, g.mode)}" if g.mode else "")
    row = [str(g.id), when, setup, names, outcome(g)]
    if g.daily:
        row.append(f"daily {g.daily}" + ("" if g.counted else " (not counted)"))
    return row


def read_export(file: str) -> list[dict]:
    """The rows of a `history --json` or `--csv` export."""
    try:
        text = Path(file).read_text(encoding="utf-8")
    except OSError as exc:
        raise HistoryCliError(f"{file}: can't read it ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise HistoryCliError(f"{file}: not a text file (not UTF-8)") from None
    if text.lstrip().startswith("["):
        try:
            rows = json.loads(text)
        except json.JSONDecodeError as exc:
            raise HistoryCliError(f"{file}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
        if not isinstance(rows, list):
            raise HistoryCliError(f"{file}: not a history export (expected a JSON list)")
        return rows
    reader = csv.DictReader(io.StringIO(text))
    if not reader.fieldnames or "game" not in reader.fieldnames:
        raise HistoryCliError(f"{file}: not a history export (JSON from `history --json`, or CSV from `--csv`)")
    csv.field_size_limit(64 * 1024 * 1024)
    return [dict(row) for row in reader]


def import_file(path: Path, file: str, out=None) -> int:
    out = out or sys.stdout
    rows = read_export(file)
    history = _open(path, create=True)
    try:
        added, present, problems = history.import_rows(rows)
    except HistoryError as exc:
        raise HistoryCliError(str(exc)) from None
    finally:
        history.close()
    for problem in problems[:10]:
        print(f"cutthroat: {file}: {problem}", file=sys.stderr)
    out.write(f"Imported {added} game{'s' if added != 1 else ''}"
              + (f" ({present} already in your history)" if present else "")
              + (f"; {len(problems)} row{'s' if len(problems) != 1 else ''} skipped" if problems else "") + ".\n")
    return 1 if problems and not added and not present else 0


def delete(path: Path, target: str | None, every: bool, yes: bool, out=None) -> int:
    out = out or sys.stdout
    if every == (target is not None):
        raise HistoryCliError("say which: `history delete ID` or `history delete --all`", 2)
    history = _open(path)
    if history is None:
        raise HistoryCliError("there is no history to delete from")
    try:
        if every:
            n = history.count()
            if not yes:
                raise HistoryCliError(f"this deletes all {n} games of your history: add --yes to do it", 2)
            history.delete_all()
            out.write(f"Deleted all {n} games.\n")
            return 0
        try:
            game_id = int(target)
        except ValueError:
            raise HistoryCliError(f"{target!r} is not a game's id (the first column of `cutthroat history`)",
                                  2) from None
        game = history.get(game_id)
        if game is None:
            raise HistoryCliError(f"no game {game_id} in your history")
        if not yes:
            raise HistoryCliError(f"this deletes game {game_id} ({game_info(game.game).short}, "
                                  f"{game.finished_at.date()}): add --yes to do it", 2)
        history.delete(game_id)
        out.write(f"Deleted game {game_id}.\n")
        return 0
    finally:
        history.close()
