"""The players' phones, headless (issue 35): personal codes, opening check-in and result
reporting to the phones, and the arbiter's answer to the reports.

    swissdesk codes EVENT [--section NAME] [--list] [--renew TPN...] [--revoke TPN...]
    swissdesk phones EVENT [--section NAME] [--checkin next|close [--fresh]]
                     [--reports current|close] [--acceptance arbiter|auto]
    swissdesk reports EVENT [--section NAME] [--round R] [--accept [BOARD...]] [--dismiss BOARD]

The phones reach the file through ``swissdesk serve`` (the venue), which runs each phone's
check-in or report as one storage command, like these.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from swissdesk.cli.section_commands import add_section_option, open_section
from swissdesk.errors import InputError
from swissdesk.i18n import _


def register(subparsers: Any) -> None:
    """Add ``codes``, ``phones`` and ``reports``."""
    p = subparsers.add_parser(
        "codes",
        help=_("give players their personal codes for the phones"),
        description=(
            _(
                "Give every player of the section without a code a personal code (six letters "
                "and digits, printed on the code slips: 'swissdesk report FILE --kind codes'). "
                "--renew gives the named players new codes (the old ones stop working), "
                "--revoke takes them away; --list prints the codes."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament or event file"))
    add_section_option(p)
    p.add_argument("--list", action="store_true", help=_("only print the codes, change nothing"))
    p.add_argument("--renew", type=int, nargs="+", metavar="TPN", default=None)
    p.add_argument("--revoke", type=int, nargs="+", metavar="TPN", default=None)
    p.set_defaults(func=run_codes)

    p = subparsers.add_parser(
        "phones",
        help=_("open or close check-in and result reporting from the players' phones"),
        description=(
            _(
                "What the venue's phones may do in the section: check in for the next round "
                "(--checkin next; --fresh takes every tick back first), report results of the "
                "round being played (--reports current); 'close' closes either. A round being "
                "paired closes check-in, the next round paired closes reporting. --acceptance: "
                "a report both players agree on waits for the arbiter (arbiter) or is entered "
                "at once (auto). Without options: what is open."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament or event file"))
    add_section_option(p)
    p.add_argument("--checkin", choices=("next", "close"), default=None)
    p.add_argument("--fresh", action="store_true", help=_("everyone checks in again"))
    p.add_argument("--reports", choices=("current", "close"), default=None)
    p.add_argument("--acceptance", choices=("arbiter", "auto"), default=None)
    p.set_defaults(func=run_phones)

    p = subparsers.add_parser(
        "reports",
        help=_("the results reported from the phones; accept or set them aside"),
        description=(
            _(
                "The round's reports (default: the round being played): board, players, the "
                "result reported and its state (reported by one player, confirmed by both, "
                "disputed, accepted, set aside). --accept enters every confirmed report (or "
                "the named boards' reports, one-sided or disputed ones too); a board whose "
                "result the arbiter entered keeps it. --dismiss sets a board's report aside."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament or event file"))
    add_section_option(p)
    p.add_argument("--round", type=int, default=None, metavar="R")
    p.add_argument("--accept", type=int, nargs="*", metavar="BOARD", default=None)
    p.add_argument("--dismiss", type=int, metavar="BOARD", default=None)
    p.set_defaults(func=run_reports)


def _report(outcome: Any) -> None:
    print(outcome.summary)
    for warning in outcome.warnings:
        print(_("swissdesk: note: {warning}").format(warning=warning), file=sys.stderr)


def run_codes(args: argparse.Namespace) -> int:
    from swissdesk.storage import IssueCodes, RevokeCodes

    if args.renew and args.revoke:
        raise InputError(_("--renew and --revoke are separate actions: run one, then the other"))
    with open_section(args.input, args.section) as tf:
        if not args.list:
            if args.revoke:
                _report(tf.execute(RevokeCodes(tuple(args.revoke))))
            elif args.renew:
                _report(tf.execute(IssueCodes(tuple(args.renew), renew=True)))
            else:
                _report(tf.execute(IssueCodes()))
        if args.list:
            codes = tf.player_codes()
            for p in tf.players():
                code = codes.get(p.tpn) or _("(none)")
                print(f"{p.tpn:4d}  {code:8s}  {p.name}")
    return 0


def run_phones(args: argparse.Namespace) -> int:
    from swissdesk.storage import OpenCheckIn, OpenReporting

    with open_section(args.input, args.section) as tf:
        if args.checkin is not None:
            r = tf.next_round_number() if args.checkin == "next" else None
            _report(tf.execute(OpenCheckIn(r, fresh=args.fresh)))
        elif args.fresh:
            raise InputError(_("--fresh goes with --checkin next"))
        if args.reports is not None or args.acceptance is not None:
            if args.reports == "close":
                r = None
            elif args.reports == "current":
                r = tf.rounds_paired()
            else:
                r = tf.phone_access().report_round
            _report(tf.execute(OpenReporting(r, acceptance=args.acceptance)))
        access = tf.phone_access()
    if access.checkin_round:
        checkin = _("check-in from the phones: open for round {round}")
    else:
        checkin = _("check-in from the phones: closed")
    print(checkin.format(round=access.checkin_round))
    auto = access.acceptance == "auto"
    if access.report_round and auto:
        reports = _(
            "result reporting from the phones: open for round {round} (agreed results "
            "entered at once)"
        )
    elif access.report_round:
        reports = _(
            "result reporting from the phones: open for round {round} (agreed results "
            "accepted by the arbiter)"
        )
    elif auto:
        reports = _("result reporting from the phones: closed (agreed results entered at once)")
    else:
        reports = _(
            "result reporting from the phones: closed (agreed results accepted by the arbiter)"
        )
    print(reports.format(round=access.report_round))
    return 0


def run_reports(args: argparse.Namespace) -> int:
    from swissdesk.storage import AcceptReports, DismissReport

    with open_section(args.input, args.section) as tf:
        r = args.round if args.round is not None else tf.rounds_paired()
        if args.accept is not None:
            _report(tf.execute(AcceptReports(r, tuple(args.accept))))
        if args.dismiss is not None:
            _report(tf.execute(DismissReport(r, args.dismiss)))
        reports = tf.reports(r) if r >= 1 else []
        boards = {b.board: b for b in tf.round_view(r).boards} if r >= 1 else {}
    if not reports:
        print(_("round {r}: no result reported from the phones").format(r=r))
        return 0
    for rep in reports:
        b = boards.get(rep.board)
        names = f"{b.white_name} - {b.black_name}" if b else ""
        entered = (
            "  " + _("[entered {result}]").format(result=b.result_text)
            if b and b.result_text
            else ""
        )
        print(
            _("board {board:3d}  {text:28s}  {names}{entered}").format(
                board=rep.board, text=rep.text, names=names, entered=entered
            )
        )
    return 0
