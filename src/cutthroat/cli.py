"""The command line. `--version`, `rules` and `simulate` never import Textual (start-up and ssh)."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Sequence

from cutthroat import __version__
from cutthroat.engine.registry import GAMES, UnknownGame, game_info, get_rules, parse_variants
from cutthroat.engine.words import counted

EXIT_USAGE = 2
SEAT_NAMES = ("Ana", "Bob", "Cy", "Dee", "Eve", "Fin", "Gus", "Hal")
STEP_LIMIT = 20_000


class CliError(Exception):
    """A problem with the command line's input: printed as one line, exit status 2."""


def build_parser() -> argparse.ArgumentParser:
    games = ", ".join(g.game_id + ("" if g.playable else " (no table yet)" if g.implemented else " (coming soon)")
                      for g in GAMES)
    parser = argparse.ArgumentParser(
        prog="cutthroat",
        description="Cutthroat: five ruthless party card games in your terminal.",
        epilog=f"games: {games}. Run without a command for the title screen.",
    )
    parser.add_argument("--version", action="version", version=f"cutthroat {__version__}")
    parser.add_argument("--save-dir", help="where saves go (default: your user data dir; env CUTTHROAT_SAVE_DIR)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def seats(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", metavar="GAME", help=f"one of: {games}")
        p.add_argument("--players", type=int, help="number of seats")
        p.add_argument("--bots", default=None, metavar="LEVEL|LIST",
                       help="bot level for every bot seat, or a comma list: random, heuristic, hard")
        p.add_argument("--seed", type=int, default=None, help="seed for the shuffle (same seed, same game)")
        p.add_argument("--variant", action="append", default=[], metavar="NAME[=VALUE]",
                       help="a setup option, repeatable (e.g. mode=psycho)")
        p.add_argument("--think", type=int, default=None, metavar="MS",
                       help="thinking budget of the hard bot, in milliseconds")

    play = sub.add_parser("play", help="start a game")
    seats(play)
    play.add_argument("--humans", type=int, default=1, help="the first H seats are humans (default 1)")
    play.add_argument("--keep", action="store_true",
                      help="keep a game with no human seat in Continue (watched games are not kept; a human's game "
                           "is kept from their first move)")

    load = sub.add_parser("load", help="resume a save file")
    load.add_argument("file", metavar="FILE")
    replay = sub.add_parser("replay", help="step through a recorded game: a save, or a game from `history --json`")
    replay.add_argument("file", metavar="FILE")
    replay.add_argument("--id", type=int, default=None, dest="game_number",
                        help="the game's id, in an export of several games")
    for p in (play, load, replay):  # also accepted after the command
        p.add_argument("--save-dir", default=argparse.SUPPRESS, help="where saves go")

    sim = sub.add_parser("simulate", help="bots play many games headless; prints figures")
    seats(sim)
    sim.add_argument("--games", type=int, required=True, help="how many games")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument("--playouts", type=int, default=None, metavar="N",
                     help="the hard bot's budget as N playouts a decision instead of time: "
                          "the same games on a busy machine as on an idle one")

    rules = sub.add_parser("rules", help="print a game's rules")
    rules.add_argument("game", metavar="GAME", help=f"one of: {games}")

    stats = sub.add_parser("stats", help="your records: played, won, streaks, best scores")
    stats.add_argument("game", metavar="GAME", nargs="?", default=None, help="one game (default: every game played)")
    stats.add_argument("--mode", default=None, help="one mode or recipe only (killer, psycho, …)")
    stats.add_argument("--player", default=None, metavar="NAME", help="one hot-seat player's records")
    stats.add_argument("--json", action="store_true", help="print one JSON object")

    history = sub.add_parser("history", help="your finished games: list, export, import, delete")
    form = history.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="export every game (with its moves) as JSON")
    form.add_argument("--csv", action="store_true", help="export every game as CSV")
    doing = history.add_subparsers(dest="doing", metavar="ACTION")
    imported = doing.add_parser("import", help="read an export back (another machine's history)")
    imported.add_argument("file", metavar="FILE")
    deleted = doing.add_parser("delete", help="delete one game (by the id `history` lists) or all of them")
    deleted.add_argument("id", metavar="ID", nargs="?", default=None)
    deleted.add_argument("--all", action="store_true", help="every game")
    deleted.add_argument("--yes", action="store_true", help="yes, delete it")
    for p in (stats, history, imported, deleted):
        p.add_argument("--save-dir", default=argparse.SUPPRESS, help="where saves (and the history) are")

    serve = sub.add_parser("serve", help="host Cutthroat over ssh: each player in their own terminal")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=2222, help="port to listen on (default 2222)")
    serve.add_argument("--data", default=None, metavar="DIR",
                       help="host key and players' settings and saves (default: your user data dir)")
    serve.add_argument("--authorized-keys", default=None, metavar="FILE",
                       help="only these public keys may log in (OpenSSH authorized_keys format)")
    serve.add_argument("--allow-root", action="store_true",
                       help="run even as root (players' apps would run as root too: use a user of its own)")
    serve.add_argument("--web-port", type=int, default=None, metavar="P",
                       help="also serve the tables to browsers on this port (needs the web extra)")
    serve.add_argument("--web-host", default=None, metavar="H",
                       help="address the web door listens on (default: --host)")
    serve.add_argument("--public-url", default=None, metavar="URL",
                       help="the web door's address as browsers see it, e.g. https://cards.example.org "
                            "behind a TLS proxy (websockets from any other origin are refused)")
    serve.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDR",
                       help="a reverse proxy (address or network) whose X-Forwarded-For is believed; repeatable")
    serve.add_argument("--no-zygote", action="store_true",
                       help="start each player's app plainly (a new Python each), not from the zygote")
    serve.add_argument("--test-seed", type=int, default=None, help=argparse.SUPPRESS)  # tests: the same deals every run
    limits = serve.add_argument_group("limits (each one keeps a bad client from hurting the rest)")
    from dataclasses import fields

    from cutthroat.serve.limits import Limits

    for spec in fields(Limits):
        kind = type(spec.default)
        limits.add_argument("--" + spec.name.replace("_", "-"), dest=f"limit_{spec.name}", type=kind,
                            default=None, metavar="H" if spec.name.endswith("_hours") else "S" if kind is float else "N",
                            help=f"{SERVE_LIMITS[spec.name]} (default {spec.default:g})")
    return parser


#: What each of the server's limits is, for `cutthroat serve --help` (one flag a `Limits` field).
SERVE_LIMITS = {
    "total_connections": "TCP connections at once, counted from the first byte",
    "connections_per_address": "connections at once from one client address",
    "connections_per_key": "logged-in connections (and game sessions) of one key at once",
    "login_grace": "seconds to log in and open a game session; a connection without a session is "
                   "closed after it",
    "auth_attempts_per_minute": "keys offered from one address a minute (every key)",
    "key_attempts_per_minute": "one key offered from one address a minute",
    "auth_failures_per_minute": "one key refused from one address a minute (then that key waits)",
    "idle_seconds": "seconds without a key pressed: then the connection is closed",
    "input_bytes_per_second": "bytes of keys a second from one player (beyond it, keys wait)",
    "max_columns": "widest window an app is given",
    "max_rows": "tallest window an app is given",
    "stalled_seconds": "seconds a client may stop reading its screen before it is dropped",
    "resize_interval": "seconds between two window changes applied to an app (the latest wins)",
    "web_sessions_per_minute": "new web sessions from one address a minute (--web-port; new cookies cost nothing)",
    "max_players": "player folders on the server: then a new key or a browser without a cookie gets "
                   "no new player (existing players always get in)",
    "unnamed_player_hours": "hours after which a player folder that never got a name, with no game "
                            "or history, is removed (swept at least hourly)",
    "service_request_burst": "requests of one player to the table service at once (the lobby's reads, "
                             "names, tables made); then --service-requests-per-second",
    "service_requests_per_second": "requests of one player to the table service a second, after the burst "
                                   "(over it: 'slow down', nothing done)",
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if getattr(args, "think", None) is not None and args.think < 1:
            raise CliError(f"--think must be at least 1 (milliseconds), not {args.think}")
        if args.command == "rules":
            return cmd_rules(args)
        if args.command == "simulate":
            return cmd_simulate(args)
        if args.command == "play":
            return cmd_play(args)
        if args.command == "load":
            return cmd_load(args)
        if args.command == "replay":
            return cmd_replay(args)
        if args.command == "serve":
            return cmd_serve(args)
        if args.command in ("stats", "history"):
            return cmd_history(args)
        return launch_app(args.save_dir)
    except CliError as exc:
        print(f"cutthroat: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `cutthroat rules GAME | head`: the reader has what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


# -- commands ---------------------------------------------------------------------------------
def cmd_serve(args) -> int:
    """`cutthroat serve`: the ssh server, until SIGTERM or Ctrl-C (logs on stderr)."""
    import asyncio
    import logging
    from pathlib import Path

    if not 0 < args.port < 65536:
        raise CliError(f"--port must be 1–65535, not {args.port}")
    keys = None
    if args.authorized_keys is not None:
        keys = Path(args.authorized_keys).expanduser()
        if not keys.is_file():
            raise CliError(f"{args.authorized_keys}: no such file (--authorized-keys)")
    if args.data is not None:
        data = Path(args.data).expanduser()
    else:
        from platformdirs import user_data_dir

        data = Path(user_data_dir("cutthroat", appauthor=False)) / "server"
    if data.exists() and not data.is_dir():
        raise CliError(f"{args.data}: not a folder (--data)")
    limits = _serve_limits(args)
    web = _serve_web(args)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s cutthroat serve: %(message)s",
                        stream=sys.stderr)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)  # our own line per event is enough
    try:
        from cutthroat.serve.server import serve

        if keys is not None:
            from cutthroat.serve.server import _authorized

            try:
                if not _authorized(keys):
                    raise CliError(f"{args.authorized_keys}: no public key in it (--authorized-keys)")
            except (OSError, ValueError) as exc:
                raise CliError(f"{args.authorized_keys}: {exc}") from None
        if os.geteuid() == 0 and not args.allow_root:
            raise CliError("refusing to run as root: every player's app would run as root too; run it as a "
                           "user of its own (docs/serving.md: Security), or pass --allow-root")
        asyncio.run(serve(args.host, args.port, data, keys, limits, test_seed=args.test_seed, web=web,
                          zygote=not args.no_zygote))
    except OSError as exc:
        raise CliError(f"can't listen on {args.host}:{args.port}: {exc.strerror or exc}") from None
    return 0


def _serve_web(args) -> dict | None:
    """The web door's settings (`--web-port` and the flags that go with it), or None without it."""
    import ipaddress
    from urllib.parse import urlsplit

    if args.web_port is None:
        for flag, value in (("--web-host", args.web_host), ("--public-url", args.public_url),
                            ("--trusted-proxy", args.trusted_proxy)):
            if value:
                raise CliError(f"{flag} is for the web door: add --web-port")
        return None
    if not 0 < args.web_port < 65536:
        raise CliError(f"--web-port must be 1–65535, not {args.web_port}")
    public_url = None
    if args.public_url is not None:
        url = urlsplit(args.public_url)
        try:
            port = url.port
        except ValueError:
            port = -1
        if url.scheme not in ("http", "https") or not url.hostname or url.path not in ("", "/") \
                or url.query or url.fragment or url.username or url.password or port == -1:
            raise CliError(f"--public-url must be http(s)://host[:port] (the door is served at its root), "
                           f"not {args.public_url}")
        # As a browser writes its Origin: the host in lower case, no default port (:443 for
        # https, :80 for http), or every websocket would be refused as from another origin.
        host = f"[{url.hostname}]" if ":" in url.hostname else url.hostname
        default = {"http": 80, "https": 443}[url.scheme]
        public_url = f"{url.scheme}://{host}" + (f":{port}" if port not in (None, default) else "")
    for proxy in args.trusted_proxy:
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise CliError(f"--trusted-proxy {proxy}: not an address or network") from None
    try:
        import aiohttp  # noqa: F401
        from importlib.util import find_spec

        if find_spec("textual_serve") is None:
            raise ImportError
    except ImportError:
        raise CliError("--web-port needs the web extra: pip install 'cutthroat[web]'") from None
    return {"host": args.web_host or args.host, "port": args.web_port,
            "public_url": public_url,
            "trusted_proxies": tuple(args.trusted_proxy)}


def _serve_limits(args):
    """The server's limits: the defaults, and whatever the flags say instead (each at least 1,
    or more than 0 for seconds)."""
    from dataclasses import fields, replace

    from cutthroat.serve.limits import Limits

    given = {}
    for spec in fields(Limits):
        value = getattr(args, f"limit_{spec.name}", None)
        if value is None:
            continue
        flag = "--" + spec.name.replace("_", "-")
        if isinstance(value, float) and not value > 0:
            unit = "hours" if spec.name.endswith("_hours") else "seconds"
            raise CliError(f"{flag} must be more than 0 ({unit}), not {value:g}")
        if isinstance(value, int) and value < 1:
            raise CliError(f"{flag} must be at least 1, not {value}")
        given[spec.name] = value
    return replace(Limits(), **given)


def cmd_rules(args) -> int:
    rules = _rules(args.game)
    print(rules.rules_text().rstrip())
    return 0


def _rules(game_id: str):
    try:
        return get_rules(game_id)
    except UnknownGame as exc:
        raise CliError(str(exc)) from None


def _config(rules, variants: list[str]) -> dict[str, str]:
    """The config the `--variant`s make; one that would do nothing (an option of another choice,
    like `custom=` without `recipe=custom`) is refused rather than ignored."""
    try:
        config = parse_variants(rules, variants)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    given = {spec.partition("=")[0].strip() for spec in variants}
    for variant in rules.variants:
        if variant.name in given and variant.shown_when is not None:
            name, value = variant.shown_when
            if config.get(name) != value:
                raise CliError(f"--variant {variant.name} applies only with {name}={value}: "
                               f"add --variant {name}={value}")
    return config


def _players(rules, players: int | None, config: dict[str, str]) -> int:
    n = players if players is not None else rules.min_players if rules.max_players == 1 else min(4, rules.max_players)
    problem = rules.setup_problem(config, n)
    if problem:
        raise CliError(problem)
    return n


def _bot_levels(spec: str | None, count: int) -> list[str]:
    from cutthroat.bots import LEVELS

    levels = [s.strip() for s in (spec or "heuristic").split(",")]
    for level in levels:  # checked whatever the seats: a typo is never silently ignored
        if level not in LEVELS:
            raise CliError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
    if count == 0:
        if spec:  # (asked for bots and got none: say so rather than start a game without them)
            raise CliError("--bots gives the bot seats' levels, but every seat is a human's "
                           "(fewer --humans leaves seats for bots)")
        return []
    if len(levels) == 1:
        return levels * count
    if len(levels) != count:
        raise CliError(f"--bots lists {counted(len(levels), 'level')} for {counted(count, 'bot seat')}")
    return levels


def cmd_simulate(args) -> int:
    """Bots play whole games through the table host, with a manual clock: nothing waits."""
    from cutthroat.bots import make_bot
    from cutthroat.host import InlineWorkers, ManualClock, TableHost
    from cutthroat.saves import Seat
    from cutthroat.session import Session

    rules = _rules(args.game)
    config = _config(rules, args.variant)
    players = _players(rules, args.players, config)
    if args.games < 1:
        raise CliError("--games must be at least 1")
    if args.playouts is not None and args.playouts < 1:
        raise CliError(f"--playouts must be at least 1, not {args.playouts}")
    if args.playouts is not None and args.think is not None:
        raise CliError("--think and --playouts are two kinds of budget: give one")
    levels = _bot_levels(args.bots, players)
    seed = args.seed if args.seed is not None else 0
    wins = {level: 0 for level in levels}
    results = []
    errors = 0
    actions_total = 0
    thinking: dict[str, list[float]] = {level: [] for level in levels if level != "random"}
    start = time.perf_counter()
    for g in range(args.games):
        # The first seat rotates so no level profits from its seat.
        order = [levels[(i + g) % players] for i in range(players)]
        game_seed = seed + g
        bots = {i: _timed(make_bot(rules, lvl, seed=game_seed * 97 + i, think_ms=args.think,
                                   playouts=args.playouts), thinking.get(lvl))
                for i, lvl in enumerate(order)}
        try:
            session = Session(rules.game_id, config, game_seed,
                              [Seat("bot", f"{lvl} {i + 1}", lvl) for i, lvl in enumerate(order)],
                              think_ms=args.think, undo_allowed=False, figures=False)
            TableHost(session, clock=ManualClock(), workers=InlineWorkers(), strict=True,
                      max_moves=STEP_LIMIT, bots=bots).start()
            result = session.result()
            if result is None:
                raise RuntimeError("the game did not end")
        except Exception:  # a game that raised, made an illegal move or ran away
            errors += 1
            continue
        actions_total += len(session.log)
        results.append(result)
        for w in set(result.winners):
            wins[order[w]] += 1
    seconds = time.perf_counter() - start
    done = len(results) or 1
    report = {
        "game": rules.game_id,
        "games": args.games,
        "seed": seed,
        "players": players,
        "bots": levels,
        "variants": config,
        "errors": errors,
        "seconds": round(seconds, 3),
        "games_per_second": round(args.games / seconds, 1) if seconds else None,
        "mean_actions": round(actions_total / done, 2),
        "wins": wins,
        **rules.summary_figures(results),
        "decision_ms": {level: _spread(times) for level, times in thinking.items() if times},
    }
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key:>18}: {value}")
    return 1 if errors else 0


def _timed(bot, times: list[float] | None):
    """The bot, timed into `times` where its decisions are timed (not the random bot's)."""
    return bot if times is None else _TimedBot(bot, times)


class _TimedBot:
    """A bot whose every real choice (more than one legal move) is timed into `times`."""

    def __init__(self, bot, times: list[float] | None) -> None:
        self.bot, self.times = bot, times

    def choose(self, view, legal):
        if self.times is None or len(legal) < 2:
            return self.bot.choose(view, legal)
        start = time.perf_counter()
        action = self.bot.choose(view, legal)
        self.times.append((time.perf_counter() - start) * 1000)
        return action

    def __getattr__(self, name: str):
        return getattr(self.bot, name)


def _spread(times: list[float]) -> dict:
    """Decisions, mean, p95 and max in milliseconds."""
    ordered = sorted(times)
    return {"decisions": len(ordered), "mean": round(sum(ordered) / len(ordered), 2),
            "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 2), "max": round(ordered[-1], 2)}


def cmd_history(args) -> int:
    """`stats` and `history` (list, export, import, delete): the player's own history file."""
    from cutthroat.history import cli as history_cli
    from cutthroat.paths import history_path

    path = history_path(args.save_dir)
    try:
        if args.command == "stats":
            if args.game is not None:
                _info(args.game)
            return history_cli.stats(path, args.game, args.json, args.mode, args.player)
        if args.doing == "import":
            return history_cli.import_file(path, args.file)
        if args.doing == "delete":
            return history_cli.delete(path, args.id, args.all, args.yes)
        return history_cli.listing(path, "json" if args.json else "csv" if args.csv else None)
    except history_cli.HistoryCliError as exc:
        if exc.status == EXIT_USAGE:
            raise CliError(str(exc)) from None
        print(f"cutthroat: {exc}", file=sys.stderr)
        return exc.status


def cmd_play(args) -> int:
    from cutthroat.saves import Seat

    info = _info(args.game)
    rules = _rules(info.game_id)
    if not info.playable:
        raise CliError(f"{info.name} has no table yet: try `cutthroat simulate {info.game_id}` or "
                       f"`cutthroat rules {info.game_id}`")
    config = _config(rules, args.variant)
    players = _players(rules, args.players, config)
    if not 0 <= args.humans <= players:
        raise CliError(f"--humans must be between 0 and {players}")
    if args.keep and args.humans:
        raise CliError("--keep is for a game with no human seat (--humans 0): a game a human plays "
                       "is kept from their first move")
    levels = _bot_levels(args.bots, players - args.humans)
    if players == 1:
        seats = [Seat("human", "You")] if args.humans else [Seat("bot", f"{levels[0].title()} bot", levels[0])]
    else:  # names, not numbers, so the log reads "Bob plays B2 on Ana"
        names = [SEAT_NAMES[i % len(SEAT_NAMES)] for i in range(players)]
        seats = [Seat("human", names[i]) for i in range(args.humans)]
        seats += [Seat("bot", names[args.humans + i], lvl) for i, lvl in enumerate(levels)]
    seed = args.seed if args.seed is not None else _fresh_seed()
    start = {"game": info.game_id, "config": config, "seed": seed, "seats": seats, "think_ms": args.think,
             "keep": args.keep}
    return launch_app(args.save_dir, start=start)


def cmd_load(args) -> int:
    from cutthroat import saves

    try:
        data = saves.read(args.file, label=args.file)
    except saves.SaveError as exc:
        raise CliError(str(exc)) from None
    if not game_info(data.game).playable:
        raise CliError(f"{args.file}: {game_info(data.game).name} has no table yet")
    return launch_app(args.save_dir, loaded=data, loaded_path=args.file)


def cmd_replay(args) -> int:
    """`cutthroat replay FILE`: the app, straight on the replay (a bad file: one line, exit 2)."""
    from cutthroat.replay import Replay, ReplayError

    try:
        replay = Replay.from_file(args.file, args.game_number)
    except ReplayError as exc:
        raise CliError(str(exc)) from None
    if not game_info(replay.game).playable:
        raise CliError(f"{args.file}: {game_info(replay.game).name} has no table yet")
    return launch_app(args.save_dir, replay=replay)


def _info(game_id: str):
    try:
        return game_info(game_id)
    except UnknownGame as exc:
        raise CliError(str(exc)) from None


def _fresh_seed() -> int:
    return int(time.time() * 1000) % 1_000_000


def run_app() -> int:
    """`cutthroat` with no arguments (`main([])`: the app), without building the parser first:
    what the server's zygote runs in each app it forks."""
    try:
        return launch_app(None)
    except KeyboardInterrupt:
        return 130


def launch_app(save_dir: str | None, start: dict | None = None, loaded=None, loaded_path=None, replay=None) -> int:
    if os.environ.get("CUTTHROAT_SERVICE"):  # a server's player app: its stderr is the player's terminal
        return _launch_served(save_dir)
    from cutthroat.tui.app import CutthroatApp

    app = CutthroatApp(save_dir=save_dir, start=start, loaded=loaded, loaded_path=loaded_path, replay=replay)
    app.run()
    return app.return_code or 0


def _launch_served(save_dir: str | None) -> int:
    """The app under `cutthroat serve`: an error outside the app's own handling (starting it,
    after it ends) goes to the server's error log, and the player is told one line."""
    try:
        from cutthroat.tui.app import CutthroatApp

        app = CutthroatApp(save_dir=save_dir)
        app.run()
        return app.return_code or 0
    except Exception as exc:  # noqa: BLE001 - no traceback reaches a remote player
        from cutthroat.tui.errors import SORRY, error_log_path, log_error

        log_error(error_log_path(), exc, "the app")
        print(f"\r\n{SORRY}.\r", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
