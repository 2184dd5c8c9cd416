"""``swissdesk team``: run a team event (Team Swiss, C.04.6) from the command line.

    swissdesk team new T.swissdesk --name NAME --rounds 7 --boards 4 [--colours A|B|none]
                                    [--match-points 2,1,0]
    swissdesk team add T.swissdesk NAME [--short S] [--federation F] [--club C]
                                    [--player "Name;rating;title;FIDE ID;fed"]... [--roster FILE]
    swissdesk team remove T.swissdesk TEAM
    swissdesk team list T.swissdesk
    swissdesk team sort T.swissdesk [--order 3,1,2,...]
    swissdesk team lineup T.swissdesk ROUND TEAM 1 2 5 -      (roster positions, - empty)
    swissdesk team result T.swissdesk ROUND MATCH BOARD 1-0|1/2|0-1|+-|-+|--|clear
    swissdesk team forfeit T.swissdesk ROUND MATCH +-|-+|--|cancel
    swissdesk team bye T.swissdesk TEAM ROUND half|zero|full|absent
    swissdesk team matches T.swissdesk [ROUND]
    swissdesk team standings T.swissdesk
    swissdesk team report T.swissdesk --kind pairings|sheets|standings|crosstable|boards -o OUT

A roster file has one player per line, fields separated by ``;`` (or tabs): name, rating,
title, FIDE ID, federation (only the name is required); ``#`` starts a comment. Board
results are given from the first team's side (``1-0``: its player won). Pairing a round is
``swissdesk next-round``; ``import``/``export`` read and write TRF-2026 team files.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from swissdesk.cli.document_language import add_language_option
from swissdesk.cli.section_commands import (
    add_section_option,
    open_section,
    section_from_remainder,
)
from swissdesk.errors import InputError
from swissdesk.i18n import _, pgettext
from swissdesk.model.tournament import ResultCode, Tournament


def register(subparsers: Any) -> None:
    """Add the ``team`` command group."""
    group = subparsers.add_parser(
        "team",
        help=_("team events (Team Swiss): teams, rosters, line-ups, board results"),
        description=__doc__.split("\n\n")[0] if __doc__ else None,
    )
    from swissdesk.cli.storage_commands import _ResultParser

    commands = group.add_subparsers(
        dest="team_command", metavar="ACTION", required=True, parser_class=_ResultParser
    )

    p = commands.add_parser("new", help=_("create a team tournament file"))
    p.add_argument("output", type=Path)
    p.add_argument("--name", required=True)
    p.add_argument(
        "--system",
        choices=("team", "round-robin"),
        default="team",
        help=_("team (Team Swiss, C.04.6) or round-robin (the Berger tables on the teams)"),
    )
    p.add_argument("--rounds", type=int, default=None, help=_(
                                                                "Team Swiss: the number of "
                                                                "rounds"
                                                            ))
    p.add_argument(
        "--cycles", type=int, default=1, help=_("round robin: 2 for a double round robin")
    )
    p.add_argument(
        "--no-swap",
        action="store_true",
        help=_("double round robin: keep the table's order of the last two rounds of cycle 1"),
    )
    p.add_argument("--boards", type=int, default=4)
    p.add_argument("--colours", choices=("A", "B", "none"), default="A")
    p.add_argument("--primary", choices=("match", "game"), default="match")
    p.add_argument("--match-points", default="2,1,0", metavar="W,D,L")
    p.set_defaults(func=run_new)

    p = commands.add_parser("add", help=_("register a team with its roster"))
    p.add_argument("input", type=Path)
    p.add_argument("name")
    p.add_argument("--short", default="")
    p.add_argument("--federation", default="")
    p.add_argument("--club", default="")
    p.add_argument("--player", action="append", default=[], metavar="NAME;RATING;TITLE;ID;FED")
    p.add_argument("--roster", type=Path, default=None, help=_("file: one player per line"))
    add_section_option(p)
    p.set_defaults(func=run_add)

    p = commands.add_parser("remove", help=_("remove a team before round 1 is paired"))
    p.add_argument("input", type=Path)
    p.add_argument("team", type=int, help=_("team pairing number"))
    add_section_option(p)
    p.set_defaults(func=run_remove)

    p = commands.add_parser("list", help=_("the teams with their rosters"))
    p.add_argument("input", type=Path)
    add_section_option(p)
    p.set_defaults(func=run_list)

    p = commands.add_parser("sort", help=_("pairing numbers by strength (or --order)"))
    p.add_argument("input", type=Path)
    p.add_argument("--order", default=None, metavar="TPNS", help=_("current numbers, new order"))
    add_section_option(p)
    p.set_defaults(func=run_sort)

    p = commands.add_parser("lineup", help=_("a team's line-up for a round"))
    p.add_argument("input", type=Path)
    p.add_argument("round", type=int)
    p.add_argument("team", type=int, help=_("team pairing number"))
    p.add_argument("positions", nargs="+", help=_("roster position per board, - for empty"))
    add_section_option(p)
    p.set_defaults(func=run_lineup)

    p = commands.add_parser("result", help=_("one board's result (first team's side)"))
    p.add_argument("input", type=Path)
    p.add_argument("round", type=int)
    p.add_argument("match", type=int)
    p.add_argument("board", type=int)
    p.add_argument("result", nargs=argparse.REMAINDER)
    add_section_option(p)
    p.set_defaults(func=run_result)

    p = commands.add_parser("forfeit", help=_("a forfeited match (+-, -+, --, cancel)"))
    p.add_argument("input", type=Path)
    p.add_argument("round", type=int)
    p.add_argument("match", type=int)
    p.add_argument("result", nargs=argparse.REMAINDER)
    add_section_option(p)
    p.set_defaults(func=run_forfeit)

    p = commands.add_parser("bye", help=_("a team's requested bye for a round not yet paired"))
    p.add_argument("input", type=Path)
    p.add_argument("team", type=int)
    p.add_argument("round", type=int)
    p.add_argument("kind", choices=("half", "zero", "full", "absent"))
    add_section_option(p)
    p.set_defaults(func=run_bye)

    p = commands.add_parser("matches", help=_("the matches of a round, board by board"))
    p.add_argument("input", type=Path)
    p.add_argument("round", type=int, nargs="?", default=None)
    add_section_option(p)
    p.set_defaults(func=run_matches)

    p = commands.add_parser("standings", help=_("team standings (MP, GP, C.07 team tie-breaks)"))
    p.add_argument("input", type=Path)
    p.add_argument(
        "--boards", action="store_true", help=_(
                                                  "the individual board scores (games, points, "
                                                  "perf)"
                                              )
    )
    add_section_option(p)
    p.set_defaults(func=run_standings)

    p = commands.add_parser("report", help=_("team documents as PDF"))
    p.add_argument("input", type=Path)
    p.add_argument(
        "--kind", required=True, choices=("pairings", "sheets", "standings", "crosstable", "boards")
    )
    p.add_argument("--round", type=int, default=None)
    p.add_argument("--paper", choices=("a4", "letter"), default="a4")
    p.add_argument("-o", "--output", type=Path, required=True)
    add_section_option(p)
    add_language_option(p)
    p.set_defaults(func=run_report)


def _open(args: argparse.Namespace) -> Any:
    """The team tournament (the section ``--section`` names, in an event of several)."""
    if hasattr(args, "result"):
        section_from_remainder(args, "result")
    return open_section(args.input, args.section)


def _report(outcome: Any) -> None:
    print(outcome.summary)
    for warning in outcome.warnings:
        print(_("swissdesk: note: {warning}").format(warning=warning), file=sys.stderr)


def _points(text: str) -> tuple[int, int, int]:
    try:
        values = [round(float(v) * 2) for v in text.split(",")]
    except ValueError:
        values = []
    if len(values) != 3:
        raise InputError(_(
                             "match points {text!r}: give win,draw,loss, e.g. 2,1,0"
                         ).format(text=text))
    return values[0], values[1], values[2]


def run_new(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from swissdesk.model.round_robin import RoundRobinSettings
    from swissdesk.model.tournament import TeamSettings
    from swissdesk.storage import SetTeamSettings, TournamentFile, TournamentSettings
    from swissdesk.storage.commands.teams import team_scoring
    from swissdesk.tiebreaks.team import DEFAULT_TEAM_TIEBREAKS, TEAM_ROUND_ROBIN_TIEBREAKS

    win, draw, loss = _points(args.match_points)
    round_robin = args.system == "round-robin"
    if round_robin and args.rounds is not None:
        raise InputError(_("a round robin has the rounds its table gives: choose --cycles"))
    if not round_robin and args.rounds is None:
        raise InputError(_("a Team Swiss needs --rounds"))
    if not round_robin and (args.cycles != 1 or args.no_swap):
        raise InputError(_("--cycles and --no-swap are for round robins (--system round-robin)"))
    scoring = team_scoring(win, draw, loss)
    if round_robin:  # the bye of an odd number of teams is no match: it scores nothing
        scoring = replace(scoring, pairing_allocated_bye=0)
    settings = TournamentSettings(
        name=args.name,
        total_rounds=args.rounds or 1,
        system=args.system,
        scoring=scoring,
        is_team=True,
        tiebreaks=TEAM_ROUND_ROBIN_TIEBREAKS if round_robin else DEFAULT_TEAM_TIEBREAKS,
        tournament_type="Team: round robin" if round_robin else "Team: Swiss-System",
        round_robin=RoundRobinSettings(args.cycles, not args.no_swap),
    )
    team = TeamSettings(
        boards=args.boards,
        colour_preferences=args.colours,
        primary_score=args.primary,
        pab_game_points=0 if round_robin else args.boards,
        half_bye_game_points=args.boards,
        full_bye_game_points=2 * args.boards,
    )
    with TournamentFile.create(args.output, settings) as tf:
        _report(tf.execute(SetTeamSettings(team, win, draw, loss)))
    print(_("created {output}").format(output=args.output))
    return 0


def parse_member(text: str) -> Any:
    """One roster player: ``name;rating;title;FIDE ID;federation`` (tabs also separate)."""
    from swissdesk.storage import MemberData

    fields = [f.strip() for f in text.replace("\t", ";").split(";")]
    fields += [""] * (5 - len(fields))
    if not fields[0]:
        raise InputError(_("roster player {text!r}: the name is missing").format(text=text))
    try:
        rating = int(fields[1] or 0)
    except ValueError:
        raise InputError(_(
                             "roster player {text!r}: the rating {fields!r} is no number"
                         ).format(text=text, fields=fields[1])) from None
    return MemberData(fields[0], rating, fields[2], fields[3], fields[4])


def read_roster(path: Path) -> list[Any]:
    """A roster file (see the module help)."""
    try:
        lines = path.read_text(encoding="utf-8-sig").splitlines()
    except OSError as exc:
        raise InputError(_(
                             "{path}: cannot read the roster ({strerror})"
                         ).format(path=path, strerror=exc.strerror)) from None
    except UnicodeDecodeError:
        lines = path.read_text(encoding="latin-1").splitlines()
    return [parse_member(line) for line in lines if line.strip() and not line.startswith("#")]


def run_add(args: argparse.Namespace) -> int:
    from swissdesk.storage import AddTeam, TeamData

    members = [parse_member(p) for p in args.player]
    if args.roster is not None:
        members += read_roster(args.roster)
    team = TeamData(args.name, args.short, args.federation, args.club, tuple(members))
    with _open(args) as tf:
        _report(tf.execute(AddTeam(team)))
    return 0


def run_remove(args: argparse.Namespace) -> int:
    from swissdesk.storage import RemoveTeam

    with _open(args) as tf:
        _report(tf.execute(RemoveTeam(args.team)))
    return 0


def run_list(args: argparse.Namespace) -> int:
    with _open(args) as tf:
        teams = tf.teams()
    for t in teams:
        print(_(
                  "{tpn:3d}  {name}  [{short_name}] {federation}  strength {strength}"
              ).format(
                  tpn=t.tpn,
                  name=t.name,
                  short_name=t.short_name,
                  federation=t.federation,
                  strength=t.strength,
              ))
        for m in t.members:
            d = m.data
            print(f"      {m.position:2d}. {d.title:<3} {d.name:<32} {d.rating:>4}  {d.fide_id}")
    return 0


def run_sort(args: argparse.Namespace) -> int:
    from swissdesk.storage import AssignTeamPairingNumbers

    order = None
    if args.order:
        try:
            order = tuple(int(x) for x in args.order.split(","))
        except ValueError:
            raise InputError(_("--order: comma-separated pairing numbers")) from None
    with _open(args) as tf:
        _report(tf.execute(AssignTeamPairingNumbers(order)))
    return 0


def run_lineup(args: argparse.Namespace) -> int:
    from swissdesk.storage import SetLineup

    positions: list[int | None] = []
    for text in args.positions:
        if text in ("-", "0", "empty"):
            positions.append(None)
        elif text.isdigit():
            positions.append(int(text))
        else:
            raise InputError(_(
                                 "line-up: {text!r} is not a roster position (or - for empty)"
                             ).format(text=text))
    with _open(args) as tf:
        _report(tf.execute(SetLineup(args.round, args.team, tuple(positions))))
    return 0


def _one_result(args: argparse.Namespace, refusal: str) -> str:
    """The one result given; ``refusal`` (the forms it may take) when there are more or none."""
    if len(args.result) != 1:
        raise InputError(refusal)
    return str(args.result[0])


def run_result(args: argparse.Namespace) -> int:
    from swissdesk.storage import EnterBoardResult, parse_result

    # The typed words ("clear", "cancel") are what the command reads: they stay English.
    text = _one_result(args, _("give one result: 1-0, 1/2, 0-1, +-, -+, -- or clear"))
    result = None if text.lower() in ("clear", "none") else parse_result(text)
    with _open(args) as tf:
        _report(tf.execute(EnterBoardResult(args.round, args.match, args.board, result)))
    return 0


def run_forfeit(args: argparse.Namespace) -> int:
    from swissdesk.storage import ForfeitMatch, parse_result

    text = _one_result(args, _("give one result: +-, -+, -- or cancel"))
    result = None if text.lower() == "cancel" else parse_result(text)
    with _open(args) as tf:
        _report(tf.execute(ForfeitMatch(args.round, args.match, result)))
    return 0


def run_bye(args: argparse.Namespace) -> int:
    from swissdesk.storage import ByeKind, RequestTeamBye

    with _open(args) as tf:
        _report(tf.execute(RequestTeamBye(args.team, args.round, ByeKind(args.kind))))
    return 0


def run_matches(args: argparse.Namespace) -> int:
    with _open(args) as tf:
        rnd = args.round if args.round is not None else tf.rounds_paired()
        if not 1 <= rnd <= tf.rounds_paired():
            raise InputError(_("round {rnd} is not paired").format(rnd=rnd))
        view = tf.team_round_view(rnd)
    print(_("Round {rnd}").format(rnd=rnd))
    for m in view.matches:
        fields = {
            "number": m.number,
            "first_tpn": m.first_tpn,
            "first_name": m.first_name,
            "second_tpn": m.second_tpn,
            "second_name": m.second_name,
            "score_text": m.score_text,
        }
        if m.forfeit is not None and m.complete:
            line = _(
                "Match {number}: {first_tpn} {first_name} - {second_tpn} {second_name}  "
                "{score_text}  forfeited {forfeit}"
            ).format(forfeit=m.forfeit.value, **fields)
        elif m.forfeit is not None:
            line = _(
                "Match {number}: {first_tpn} {first_name} - {second_tpn} {second_name}  "
                "{score_text}  forfeited {forfeit}  (in progress)"
            ).format(forfeit=m.forfeit.value, **fields)
        elif m.complete:
            line = _(
                "Match {number}: {first_tpn} {first_name} - {second_tpn} {second_name}  "
                "{score_text}"
            ).format(**fields)
        else:
            line = _(
                "Match {number}: {first_tpn} {first_name} - {second_tpn} {second_name}  "
                "{score_text}  (in progress)"
            ).format(**fields)
        print(line)
        if m.forfeit is None:
            for b in m.boards:
                empty = _("(empty)")
                print(f"   {b.board:2d}  {b.first or empty:<28} {b.text:^5} {b.second or empty}")
    for tpn, name, code in view.unpaired:
        print(f"  {tpn} {name}: {unpaired_text(code)}")
    return 0


def unpaired_text(code: ResultCode) -> str:
    """What a team without a match did in a round (the TRF code's meaning, in the reader's
    language; the code itself stays in the TRF)."""
    texts = {
        ResultCode.PAIRING_ALLOCATED_BYE: _("pairing-allocated bye"),
        ResultCode.FULL_POINT_BYE: _("full-point bye"),
        ResultCode.HALF_POINT_BYE: _("half-point bye"),
        ResultCode.ZERO_POINT_BYE: _("zero-point bye"),
        ResultCode.NOT_PAIRED: _("not paired"),
    }
    return texts.get(code, code.name.replace("_", " ").lower())


def run_standings(args: argparse.Namespace) -> int:
    with _open(args) as tf:
        tournament = tf.snapshot()
        event = tf.team_event() if args.boards else None
    if event is None:
        return print_team_standings(tournament)
    from swissdesk.model.tournament import half_points_to_str
    from swissdesk.storage.teamtrf import board_standings

    board, player, rating, team = _("Bd"), _("Player"), _("Rtg"), _("Team")
    games = pgettext("games played, a column heading", "G")
    points, performance = _("Pts"), _("Perf")
    print(
        f"{board:>3}  {player:<30} {rating:>5}  {team:<24} "
        f"{games:>3} {points:>5} {performance:>5}"
    )
    for r in board_standings(event):
        perf = "" if r.performance is None else str(r.performance)
        print(
            f"{r.board:3d}  {r.name[:30]:<30} {r.rating or '':>5}  {r.team[:24]:<24} "
            f"{r.games:3d} {half_points_to_str(r.points):>5} {perf:>5}"
        )
    return 0


def print_team_standings(tournament: Tournament) -> int:
    """Print the team standings after the complete rounds (also ``swissdesk standings``)."""
    from swissdesk.model.tournament import half_points_to_str
    from swissdesk.tiebreaks.team import DEFAULT_TEAM_TIEBREAKS, format_team_value, team_standings

    names = {p.tpn: p.name for p in tournament.players}
    codes = tuple(c for c in tournament.tiebreaks if ":" in c or c in ("GP", "DE", "MP"))
    codes = codes or DEFAULT_TEAM_TIEBREAKS
    shown = [c for c in codes if c != "GP"]  # GP has its own column
    rank, number, team = _("Rk"), pgettext("pairing number, a column heading", "No"), _("Team")
    match_points, game_points = _("MP"), _("GP")
    print(
        f"{rank:>3} {number:>3}  {team:<30} {match_points:>5} {game_points:>5}  "
        + "  ".join(shown)
    )
    # Only complete rounds: a bye already set for the next round does not count yet.
    for row in team_standings(tournament, codes, tournament.rounds_with_pairings):
        values = "  ".join(
            format_team_value(c, v).rjust(len(c))
            for c, v in zip(codes, row.values, strict=True)
            if c != "GP"
        )
        print(
            f"{row.rank_label:>3} {row.tpn:3d}  {names[row.tpn]:<30} "
            f"{half_points_to_str(row.match_points):>5} {half_points_to_str(row.game_points):>5}"
            f"  {values}"
        )
    return 0


def run_report(args: argparse.Namespace) -> int:
    import tempfile

    from swissdesk.cli.document_language import document_language
    from swissdesk.cli.output import is_stdout, write_output
    from swissdesk.i18n import using_language
    from swissdesk.outputs import refuse_overwriting
    from swissdesk.reports import team as reports

    refuse_overwriting(args.output, [args.input])  # before any work
    language = document_language(args.language, args.input)
    with _open(args) as tf:
        paired = tf.rounds_paired()
        rnd = args.round if args.round is not None else paired
        pending = args.kind in ("pairings", "sheets")
        tournament = tf.snapshot(include_pending=True) if pending else tf.snapshot()
        event = tf.team_event(include_pending=pending)
    if pending and not 1 <= rnd <= paired:
        raise InputError(_("round {rnd} is not paired").format(rnd=rnd))
    # Drawn in a private folder, then written like every -o output (swissdesk.cli.output).
    with (
        tempfile.TemporaryDirectory(prefix="swissdesk-report-") as folder,
        using_language(language),
    ):
        pdf = Path(folder) / "report.pdf"
        if args.kind == "pairings":
            reports.render_team_pairings(tournament, pdf, round_number=rnd, paper=args.paper)
        elif args.kind == "sheets":
            reports.render_match_sheets(event, pdf, round_number=rnd, paper=args.paper)
        elif args.kind == "standings":
            reports.render_team_standings(
                tournament, pdf, rounds=tournament.rounds_with_pairings, paper=args.paper
            )
        elif args.kind == "crosstable":
            reports.render_team_crosstable(tournament, pdf, paper=args.paper)
        else:
            reports.render_board_results(event, pdf, paper=args.paper)
        write_output(args.output, pdf.read_bytes(), inputs=[args.input])
    print(_("wrote {output}").format(output=args.output), file=sys.stderr if is_stdout(args.output) else sys.stdout)
    return 0
