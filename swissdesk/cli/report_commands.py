"""``swissdesk report``: print a tournament document as PDF.

swissdesk report T.swissdesk|IN.trf --kind boards|alphabetical|cards|standings|crosstable|slips|
                 starting-list|ratings|norms [--order number|rating|name] [--round R]
                 [--paper a4|letter] [--tiebreaks BH/C1,BH,SB] [--national] [-o OUT.pdf]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from swissdesk.cli.output import is_stdout, write_output
from swissdesk.errors import InputError
from swissdesk.model.tournament import Tournament

_KINDS = (
    "boards", "alphabetical", "cards", "standings", "crosstable", "slips", "starting-list",
    "ratings", "norms",
)  # fmt: skip
_ORDERS = ("number", "rating", "name")
_PAPERS = ("a4", "letter")


def register(subparsers: Any) -> None:
    """Add the ``report`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "report",
        help=(
            "print pairings, standings, cross table, pairing cards, result slips, the "
            "starting list, the rating changes or the title norms as PDF"
        ),
        description=(
            "Write a printable PDF for a tournament read from a .swissdesk file or a TRF. "
            "boards: board list of a round; alphabetical: pairings by name; cards: pairing "
            "cards; standings: ranking with tie-breaks; crosstable: wall chart; slips: "
            "result slips to sign; starting-list: the registered players with title, "
            "federation, rating, FIDE ID and club, by pairing number (--order rating: by "
            "rating; --order name: alphabetical); ratings: every player's rating change, "
            "game by game (--national: the national list); norms: the title norms achieved, "
            "with the certificate data, and the norms still possible."
        ),
    )
    parser.add_argument("input", type=Path, help="tournament file (.swissdesk) or TRF (.trf)")
    parser.add_argument("--kind", "-k", required=True, choices=_KINDS, help="document to print")
    parser.add_argument(
        "--round",
        "-r",
        type=int,
        default=None,
        metavar="R",
        help="round to print (standings/crosstable/ratings/norms: after round R); "
        "default: the latest",
    )
    parser.add_argument("--paper", choices=_PAPERS, default="a4", help="paper size (default a4)")
    parser.add_argument(
        "--order",
        choices=_ORDERS,
        default="number",
        help="starting-list: by pairing number (default), rating or name",
    )
    parser.add_argument(
        "--tiebreaks",
        default=None,
        metavar="LIST",
        help="tie-breaks for standings/crosstable, e.g. 'BH/C1,BH,SB' (default: the tournament's)",
    )
    parser.add_argument(
        "--national", action="store_true", help="ratings: the national list instead of FIDE's"
    )
    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        default=None,
        help=(
            "PDF file to write ('-': standard output; default: the input's name with the "
            "document's, e.g. open-starting-list.pdf, in the current folder)"
        ),
    )
    parser.set_defaults(func=run_report)


def run_report(args: argparse.Namespace) -> int:
    """Read the tournament, write the document, say where it went."""
    from swissdesk.reports import render

    source: Path = args.input
    if args.order != "number" and args.kind != "starting-list":
        raise InputError("--order is an option of the starting list (--kind starting-list)")
    if args.output is None:
        args.output = Path(f"{source.stem}-{args.kind}.pdf")
    inputs = norm_settings = None
    if args.kind in ("ratings", "norms"):  # the inputs the file keeps (issue 37)
        from swissdesk.cli.rating_commands import load_for_ratings

        tournament, inputs, norm_settings = load_for_ratings(source, args.round)
        board_order = withdrawn = None
        if args.national and not inputs.national.enabled:
            raise InputError(f"{source}: the tournament has no national rating list")
    else:
        tournament, board_order, withdrawn = load_report(source, args.round)
    if tournament.is_team:
        raise InputError(
            f"{source} is a team event: print its documents with 'swissdesk team report' "
            "(pairings, sheets, standings, crosstable, boards)"
        )
    tiebreaks: Sequence[str] | None = None
    if args.tiebreaks is not None:
        tiebreaks = [c for c in args.tiebreaks.replace(",", " ").split() if c]
    # The PDF is drawn in a private folder, then written like every -o output
    # (swissdesk.cli.output): atomically over a regular file, directly into a device or pipe.
    with tempfile.TemporaryDirectory(prefix="swissdesk-report-") as folder:
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
        )
        write_output(args.output, drawn.read_bytes(), inputs=[source])
    print(f"wrote {args.output}", file=sys.stderr if is_stdout(args.output) else sys.stdout)
    return 0


def load_report(
    path: Path, round_number: int | None
) -> tuple[Tournament, list[tuple[int, int]] | None, dict[int, int] | None]:
    """:func:`load_tournament` and, for a .swissdesk file, who is withdrawn from which
    round (``None`` for a TRF: the documents read it from the entries)."""
    tournament, order = load_tournament(path, round_number)
    if path.suffix.lower() != ".swissdesk":
        return tournament, order, None
    from swissdesk.storage import TournamentFile

    with TournamentFile.open(path) as tf:
        return tournament, order, tf.withdrawn()


def load_tournament(
    path: Path, round_number: int | None
) -> tuple[Tournament, list[tuple[int, int]] | None]:
    """The tournament in ``path`` and, for a .swissdesk file, the published board order of
    the round to print (``None``: sort the boards by C.04.2 art. 3.6)."""
    if not path.exists():
        raise InputError(f"{path}: no such file")
    if path.suffix.lower() == ".swissdesk":
        return _load_swissdesk(path, round_number)
    from swissdesk.trf import read_trf

    return read_trf(path), None


def _load_swissdesk(
    path: Path, round_number: int | None
) -> tuple[Tournament, list[tuple[int, int]] | None]:
    try:
        from swissdesk.storage import open_for_report
    except ImportError:
        raise InputError(
            f"{path}: reading .swissdesk files is not available in this build; "
            "export the tournament as TRF and print from the TRF"
        ) from None
    tournament, order = open_for_report(path, round_number)
    return tournament, order
