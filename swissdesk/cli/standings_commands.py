"""``swissdesk standings``: print the standings with the declared tie-breaks (C.07).

    swissdesk standings IN.trf|T.swissdesk [--round R] [--tiebreaks "BH/C1,BH,SB,DE"] [--csv]

Without ``--tiebreaks`` the tournament's own list (TRF record 202) is used, else the default
list for an individual Swiss. ``--csv`` writes ``rank,pairing_number,name,rating,points`` and
one column per tie-break headed by its code exactly as given.
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path
from typing import TextIO

from swissdesk.cli.section_commands import add_section_option, open_section
from swissdesk.errors import InputError
from swissdesk.i18n import _, pgettext, worded
from swissdesk.model.round_robin import scheveningen_teams
from swissdesk.model.tournament import Tournament, half_points_to_str
from swissdesk.tiebreaks import (
    Standings,
    compute_standings,
    declared_tiebreaks,
    parse_tiebreak_list,
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``standings`` command."""
    parser = subparsers.add_parser(
        "standings",
        help=_("print the standings with tie-breaks"),
        description=(
            _(
                "Rank a tournament (TRF or .swissdesk file) by points, then by the tie-breaks "
                "of the FIDE Tie-Break Regulations (C.07, 2026), in the order given."
            )
        ),
    )
    parser.add_argument("input", type=Path, help=_("tournament file (.trf or .swissdesk)"))
    parser.add_argument(
        "--round",
        type=int,
        default=None,
        metavar="R",
        help=_("standings after round R (default: the last round played)"),
    )
    parser.add_argument(
        "--tiebreaks",
        default=None,
        metavar="CODES",
        help=_(
            'comma-separated tie-break codes, e.g. "BH/C1,BH,SB,DE" (default: the '
            "tournament's declared list)"
        ),
    )
    parser.add_argument("--csv", action="store_true", help=_("write CSV instead of a table"))
    add_section_option(parser)
    parser.set_defaults(func=run_standings)


def load_tournament(path: Path, section: str | None = None) -> Tournament:
    """Read a TRF, or a ``.swissdesk`` tournament file (its section ``section``) through
    :mod:`swissdesk.storage`."""
    if not path.exists():
        raise InputError(_("{path}: no such file").format(path=path))
    if path.suffix.lower() == ".swissdesk":
        with open_section(path, section) as tournament_file:
            snapshot: Tournament = tournament_file.snapshot()
            return snapshot
    if section is not None:
        raise InputError(
            _("{path}: a TRF holds one tournament; --section is for .swissdesk events").format(
                path=path
            )
        )
    from swissdesk.trf import read_trf

    return read_trf(path)


def run_standings(args: argparse.Namespace) -> int:
    """Print the standings; exit code 0, or 2 for bad input."""
    tournament = load_tournament(args.input, args.section)
    if tournament.is_team and args.tiebreaks is None and not args.csv:
        from swissdesk.cli.team_commands import print_team_standings

        return print_team_standings(tournament)  # MP, GP and the team tie-breaks (C.07)
    if args.tiebreaks is not None:
        codes = tuple(spec.code for spec in parse_tiebreak_list(args.tiebreaks))
        if not codes and args.tiebreaks.strip():
            raise InputError(
                _("no tie-break codes in {tiebreaks!r}").format(tiebreaks=args.tiebreaks)
            )
    else:
        codes = declared_tiebreaks(tournament)
    standings = compute_standings(tournament, codes, after_round=args.round)
    from swissdesk.lists.standings import check_final

    check_final(tournament, standings.after_round)  # no final standings with a game adjourned
    if args.csv:
        write_csv(standings, sys.stdout)
    else:
        write_table(standings, sys.stdout)
        teams = scheveningen_teams(tournament, standings.after_round)
        if teams:
            match = " - ".join(f"{name} {half_points_to_str(p)}" for name, p in teams)
            sys.stdout.write(_("Match: {score}").format(score=match) + "\n")
    return 0


def write_csv(standings: Standings, out: TextIO) -> None:
    """One row per participant; tie-break columns headed by their codes as given."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["rank", "pairing_number", "name", "rating", "points", *standings.codes])
    for row in standings.rows:
        writer.writerow(
            [
                row.rank_label,
                row.tpn,
                row.name,
                row.rating,
                row.points_display,
                *(v.display for v in row.values),
            ]
        )


def write_table(standings: Standings, out: TextIO) -> None:
    """A plain-text table with aligned columns."""
    header = [
        _("Rank"),
        pgettext("pairing number, a column heading", "TPN"),
        _("Name"),
        _("Rating"),
        _("Pts"),
        *standings.codes,
    ]
    lines = [
        [
            row.rank_label,
            str(row.tpn),
            row.shown_name,
            str(row.rating) if row.rating else "",
            row.points_display,
            *(v.display for v in row.values),
        ]
        for row in standings.rows
    ]
    widths = [max(len(r[i]) for r in [header, *lines]) for i in range(len(header))]
    out.write(_("Standings after round {round}").format(round=standings.after_round) + "\n")
    for cells in [header, *lines]:
        parts = [
            cell.ljust(width) if i == 2 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ]
        out.write("  ".join(parts).rstrip() + "\n")
    if standings.expelled:
        numbers = ", ".join(_("no. {number}").format(number=t) for t in standings.expelled)
        out.write(_("Expelled, not in the standings: {players}").format(players=numbers) + "\n")
    if standings.excluded:
        numbers = ", ".join(_("no. {number}").format(number=t) for t in standings.excluded)
        out.write(
            _(
                "Not in the standings (withdrew having completed less than half their games, "
                "GRC art. 6.6): {players}"
            ).format(players=numbers)
            + "\n"
        )
    if standings.rating_note:
        out.write(worded(standings.rating_note) + "\n")
