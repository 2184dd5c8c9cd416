"""``swissdesk report``: print a tournament document as PDF.

swissdesk report T.swissdesk|IN.trf --kind boards|alphabetical|cards|standings|crosstable|slips|
                 starting-list|schedule|ratings|norms [--order number|rating|name]
                 [--round R] [--paper a4|letter] [--tiebreaks BH/C1,BH,SB] [--national]
                 [--language LL] [-o OUT.pdf]
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from swissdesk.cli.document_language import add_language_option, document_language
from swissdesk.cli.output import is_stdout, write_output
from swissdesk.cli.section_commands import (
    add_section_option,
    is_tournament_file,
    open_section,
)
from swissdesk.errors import InputError
from swissdesk.i18n import _
from swissdesk.model.tournament import Tournament

_KINDS = (
    "boards", "alphabetical", "cards", "standings", "crosstable", "slips", "starting-list",
    "schedule", "ratings", "norms", "checkin", "codes",
)  # fmt: skip
_ORDERS = ("number", "rating", "name")
_PAPERS = ("a4", "letter")


def register(subparsers: Any) -> None:
    """Add the ``report`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "report",
        help=(
            _(
                "print pairings, standings, cross table, pairing cards, result slips, the "
                "starting list, the rating changes or the title norms as PDF"
            )
        ),
        description=(
            _(
                "Write a printable PDF for a tournament read from a .swissdesk file or a TRF. "
                "boards: board list of a round; alphabetical: pairings by name; cards: pairing "
                "cards; standings: ranking with tie-breaks; crosstable: wall chart; slips: "
                "result slips to sign; starting-list: the registered players with title, "
                "federation, rating, FIDE ID and club, by pairing number (--order rating: by "
                "rating; --order name: alphabetical); schedule: every round's games (a round "
                "robin's whole schedule); ratings: every player's rating change, game by game "
                "(--national: the national list); norms: the title norms achieved, with the "
                "certificate data, and the norms still possible."
            )
        ),
    )
    parser.add_argument("input", type=Path, help=_("tournament file (.swissdesk) or TRF (.trf)"))
    parser.add_argument("--kind", "-k", required=True, choices=_KINDS, help=_(
                                                                                "document to "
                                                                                "print"
                                                                            ))
    parser.add_argument(
        "--round",
        "-r",
        type=int,
        default=None,
        metavar="R",
        help=_(
                 "round to print (standings/crosstable/ratings/norms: after round R); default: "
                 "the latest"
             ),
    )
    parser.add_argument("--paper", choices=_PAPERS, default="a4", help=_(
                                                                           "paper size "
                                                                           "(default a4)"
                                                                       ))
    parser.add_argument(
        "--order",
        choices=_ORDERS,
        default="number",
        help=_("starting-list: by pairing number (default), rating or name"),
    )
    parser.add_argument(
        "--tiebreaks",
        default=None,
        metavar="LIST",
        help=_(
                 "tie-breaks for standings/crosstable, e.g. 'BH/C1,BH,SB' (default: the "
                 "tournament's)"
             ),
    )
    parser.add_argument(
        "--national", action="store_true", help=_(
                                                    "ratings: the national list instead of "
                                                    "FIDE's"
                                                )
    )
    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        default=None,
        help=(
            _(
                "PDF file to write ('-': standard output; default: the input's name with the "
                "document's, e.g. open-starting-list.pdf, in the current folder)"
            )
        ),
    )
    add_section_option(parser)
    add_language_option(parser)
    parser.add_argument(
        "--all-sections",
        action="store_true",
        help=_(
                 "boards: one list for the hall, every section of the event after the other "
                 "(each at its latest paired round)"
             ),
    )
    parser.add_argument(
        "--continuous",
        action="store_true",
        help=_("with --all-sections: number the boards on from one section to the next"),
    )
    parser.add_argument(
        "--venue-url",
        default="",
        metavar="URL",
        help=_(
                 "the venue's address ('swissdesk serve' prints it): the board list and the "
                 "pairings by name print it with its QR code in their header; the code slips "
                 "and the pairing cards a QR code of each player's own address"
             ),
    )
    parser.set_defaults(func=run_report)


def run_report(args: argparse.Namespace) -> int:
    """Read the tournament, write the document (in its language), say where it went."""
    from swissdesk.i18n import using_language
    from swissdesk.reports import render

    source: Path = args.input
    language = document_language(args.language, source)
    if args.order != "number" and args.kind != "starting-list":
        raise InputError(_("--order is an option of the starting list (--kind starting-list)"))
    if args.continuous and not args.all_sections:
        raise InputError(_("--continuous numbers the boards of --all-sections"))
    if args.venue_url:
        if args.kind not in ("boards", "alphabetical", "codes", "cards") or args.all_sections:
            raise InputError(_(
                                 "--venue-url is printed on the board list, the pairings by "
                                 "name, the code slips and the pairing cards (--kind boards, "
                                 "alphabetical, codes or cards)"
                             ))  # fmt: skip
        if not re.fullmatch(r"https?://[\x21-\x7e]{1,200}", args.venue_url):
            raise InputError(_(
                                 "--venue-url {venue_url!r}: an address such as "
                                 "http://192.168.1.20:8080/"
                             ).format(venue_url=args.venue_url))  # fmt: skip
    if args.output is None:
        section = f"-{_file_part(args.section)}" if args.section else ""
        every = "-all-sections" if args.all_sections else ""
        args.output = Path(f"{source.stem}{section}{every}-{args.kind}.pdf")
    if args.all_sections:
        with using_language(language):
            return run_hall_report(args)
    inputs = norm_settings = None
    if args.kind in ("ratings", "norms"):  # the inputs the file keeps (issue 37)
        from swissdesk.cli.rating_commands import load_for_ratings

        tournament, inputs, norm_settings = load_for_ratings(source, args.round, args.section)
        board_order = withdrawn = None
        if args.national and not inputs.national.enabled:
            raise InputError(_(
                                 "{source}: the tournament has no national rating list"
                             ).format(source=source))
    else:
        tournament, board_order, withdrawn = load_report(source, args.round, args.section)
    codes = checked_in = fees = None
    currency = ""
    if args.kind in ("checkin", "codes"):  # what the file keeps for the phones (issue 35)
        from swissdesk.cli.section_commands import fee_currency, open_section

        if not is_tournament_file(source):
            raise InputError(_(
                                 "{source}: the {kind} list needs a .swissdesk file"
                             ).format(source=source, kind=args.kind))
        with open_section(source, args.section) as tf:
            codes = tf.player_codes() if args.kind == "codes" else None
            checked_in = [p.tpn for p in tf.players() if p.checked_in]
            if args.kind == "checkin":  # the entry fees recorded (issue 35)
                fees = tf.entry_fees()
                currency = fee_currency(tf).code
    elif args.kind == "cards" and is_tournament_file(source):  # the codes on the cards
        from swissdesk.cli.section_commands import open_section

        with open_section(source, args.section) as tf:
            codes = tf.player_codes() or None
    if tournament.is_team and args.kind not in ("codes", "checkin"):  # captains' codes: teams'
        raise InputError(
            _(
                "{source} is a team event: print its documents with 'swissdesk team report' "
                "(pairings, sheets, standings, crosstable, boards)"
            ).format(source=source)
        )
    tiebreaks: Sequence[str] | None = None
    if args.tiebreaks is not None:
        tiebreaks = [c for c in args.tiebreaks.replace(",", " ").split() if c]
    # The PDF is drawn in a private folder, then written like every -o output
    # (swissdesk.cli.output): atomically over a regular file, directly into a device or pipe.
    with (
        tempfile.TemporaryDirectory(prefix="swissdesk-report-") as folder,
        using_language(language),
    ):
        drawn = render(
            args.kind,
            tournament,
            Path(folder) / "report.pdf",
            round_number=args.round,
            paper=args.paper,
            tiebreaks=tiebreaks,
            board_order=board_order if args.kind in {"boards", "alphabetical", "slips"} else None,
            order=args.order,
            withdrawn=withdrawn,
            rating_inputs=inputs,
            norm_settings=norm_settings,
            national=args.national,
            venue_url=args.venue_url,
            codes=codes,
            checked_in=checked_in,
            fees=fees,
            currency=currency,
        )
        write_output(args.output, drawn.read_bytes(), inputs=[source])
    print(_("wrote {output}").format(output=args.output), file=sys.stderr if is_stdout(args.output) else sys.stdout)
    return 0


def _file_part(text: str) -> str:
    """``text`` as a piece of a file name ("Open B (U1800)" -> "Open-B-U1800")."""
    kept = "".join(c if c.isalnum() else " " for c in text)
    return "-".join(kept.split()) or "section"


def run_hall_report(args: argparse.Namespace) -> int:
    """The board list for the hall: every section's latest paired round in one PDF."""
    from swissdesk.reports import write_atomically
    from swissdesk.reports.hall import HallSection, render_hall_boards

    if args.kind != "boards":
        raise InputError(_("--all-sections prints the board list (--kind boards) for the hall"))
    if args.section is not None or args.round is not None:
        raise InputError(
            _(
                "--all-sections prints every section at its latest paired round: leave out "
                "--section and --round"
            )
        )
    if not is_tournament_file(args.input):
        raise InputError(_(
                             "{input}: --all-sections is for .swissdesk events"
                         ).format(input=args.input))
    sections: list[HallSection] = []
    with open_section(args.input, "1") as event:
        name = event.event_name()
        for info in event.sections():
            if info.rounds_paired < 1 or info.is_team:
                continue
            tf = event.section(info.id)
            r = info.rounds_paired
            snapshot = tf.snapshot(include_pending=True)
            sections.append(
                HallSection(info.name, snapshot, r, tf.board_order(r), tf.withdrawn())
            )
    with tempfile.TemporaryDirectory(prefix="swissdesk-report-") as folder:
        drawn = write_atomically(
            Path(folder) / "report.pdf",
            lambda temp: render_hall_boards(
                name, sections, temp, paper=args.paper, continuous=args.continuous
            ),
        )
        write_output(args.output, drawn.read_bytes())
    print(_("wrote {output}").format(output=args.output), file=sys.stderr if is_stdout(args.output) else sys.stdout)
    return 0


def load_report(
    path: Path, round_number: int | None, section: str | None = None
) -> tuple[Tournament, list[tuple[int, int]] | None, dict[int, int] | None]:
    """:func:`load_tournament` and, for a .swissdesk file, who is withdrawn from which
    round (``None`` for a TRF: the documents read it from the entries)."""
    tournament, order = load_tournament(path, round_number, section)
    if path.suffix.lower() != ".swissdesk":
        return tournament, order, None
    with open_section(path, section) as tf:
        return tournament, order, tf.withdrawn()


def load_tournament(
    path: Path, round_number: int | None, section: str | None = None
) -> tuple[Tournament, list[tuple[int, int]] | None]:
    """The tournament in ``path`` (its section ``section``) and, for a .swissdesk file, the
    published board order of the round to print (``None``: sort the boards by C.04.2 art.
    3.6)."""
    if not path.exists():
        raise InputError(_("{path}: no such file").format(path=path))
    if path.suffix.lower() == ".swissdesk":
        return _load_swissdesk(path, round_number, section)
    if section is not None:
        raise InputError(_(
                             "{path}: a TRF holds one tournament; --section is for .swissdesk "
                             "events"
                         ).format(path=path))
    from swissdesk.trf import read_trf

    return read_trf(path), None


def _load_swissdesk(
    path: Path, round_number: int | None, section: str | None
) -> tuple[Tournament, list[tuple[int, int]] | None]:
    with open_section(path, section) as tf:
        tournament = tf.snapshot(include_pending=True)
        last = tf.rounds_paired()
        r = round_number if round_number is not None else last
        order = tf.board_order(r) if 1 <= r <= last else None
    return tournament, order
