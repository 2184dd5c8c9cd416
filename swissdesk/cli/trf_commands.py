"""``swissdesk trf``: read a Tournament Report File, validate it, write it (TRF-2026 or TRF16)."""

from __future__ import annotations

import argparse
import sys

from swissdesk.cli.output import write_output
from swissdesk.i18n import _
from swissdesk.trf import format_trf, read_trf


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``trf`` command."""
    parser = subparsers.add_parser(
        "trf",
        help=_("read, validate and rewrite a TRF file"),
        description=(
            _(
                "Read a FIDE Tournament Report File (TRF16 or TRF-2026, with the JaVaFo and "
                "bbpPairings extension codes), check it (fixed columns, codes, opponents, "
                "colours, points column) and write it again. Errors name the line and column; "
                "exit code 2."
            )
        ),
    )
    parser.add_argument("input", metavar="IN.trf", help=_("the TRF file to read"))
    parser.add_argument(
        "-o",
        "--output",
        metavar="OUT.trf",
        help=_("write the file here (default and '-': standard output)"),
    )
    parser.add_argument(
        "--format",
        choices=("2026", "16"),
        default="2026",
        help=_("TRF version to write: 2026 (default) or 16 (TRF16 with XXR/XXC/XXA codes)"),
    )
    parser.set_defaults(func=run_trf)


def run_trf(args: argparse.Namespace) -> int:
    """Read, validate, write; exit code 0, or 2 through :class:`TrfError`."""
    tournament = read_trf(args.input)
    if args.output:
        write_output(
            args.output, format_trf(tournament, version=args.format), inputs=[args.input]
        )
    else:
        sys.stdout.write(format_trf(tournament, version=args.format))
    return 0
