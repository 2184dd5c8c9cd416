"""``swissdesk serve`` and ``swissdesk publish``: the tournament on the venue's phones and
screens (:mod:`swissdesk.venue`).

swissdesk serve FILE... [--host ADDR] [--port N] [--fide-ids] [--announce TEXT]
                [--notice FILE] [--per-address N] [--no-qr] [--kiosk]
swissdesk publish FILE... -o DIR|SITE.zip [--fide-ids] [--language LL]
"""

from __future__ import annotations

import argparse
import re
import secrets
import sys
from pathlib import Path
from typing import Any

from swissdesk.errors import InputError
from swissdesk.i18n import LANGUAGES, _

READY = "swissdesk-venue-ready"
"""The line ``serve`` prints (with the addresses) once it listens: the window waits for it."""


def register(subparsers: Any) -> None:
    """Add the ``serve`` and ``publish`` commands."""
    serve: argparse.ArgumentParser = subparsers.add_parser(
        "serve",
        help=_("show pairings, standings and live results on the venue's phones and screens"),
        description=(
            _(
                "Serve the tournament files over the venue's network: pairings with a search "
                "by name or number, each player's page, standings, the cross table, team "
                "matches, and a display mode for projectors (/display). Pages update by "
                "themselves within two seconds of a saved result (from the window, the command "
                "line or any program writing the file). The server only reads the files, apart "
                "from the players' check-ins and results once the arbiter opens them "
                "('swissdesk phones'). Stop it with Ctrl+C."
            )
        ),
    )
    serve.add_argument("files", nargs="+", type=Path, metavar="FILE", help=_(
                                                                               "tournament "
                                                                               "file(s)"
                                                                           ))
    serve.add_argument(
        "--host",
        default="0.0.0.0",
        metavar="ADDR",
        help=_(
                 "the address to serve on (default 0.0.0.0: every network of this computer; "
                 "127.0.0.1: this computer only)"
             ),
    )
    serve.add_argument(
        "--port", type=int, default=8080, metavar="N", help=_(
                                                                "port (default 8080; 0: any "
                                                                "free one)"
                                                            )
    )
    serve.add_argument(
        "--fide-ids", action="store_true", help=_(
                                                    "show the players' FIDE IDs (default: not "
                                                    "shown)"
                                                )
    )
    serve.add_argument(
        "--announce", default="", metavar="TEXT", help=_(
                                                           "announcement line of the display "
                                                           "mode"
                                                       )
    )
    serve.add_argument(
        "--notice",
        type=Path,
        default=None,
        metavar="FILE",
        help=_(
                 "a JSON file with the display's announcement and round start, read again "
                 "whenever it changes ({\"announcement\": \"...\", \"round_start\": \"14:00\"})"
             ),
    )
    serve.add_argument(
        "--per-address",
        type=int,
        default=64,
        metavar="N",
        help=_("connections allowed from one address (default 64)"),
    )
    serve.add_argument("--no-qr", action="store_true", help=_("do not print the QR code"))
    serve.add_argument(
        "--kiosk",
        action="store_true",
        help=_(
                 "also serve a check-in kiosk for a tablet at the desk (players find their "
                 "name and check in without a code): its secret address is printed; open it on "
                 "the desk's tablet only"
             ),
    )
    serve.add_argument(
        "--kiosk-key",
        default="",
        metavar="KEY",
        help=_(
                 "serve the kiosk with this secret (16 to 64 letters, digits, '-' or '_') "
                 "instead of a new one: the window passes its own"
             ),
    )
    serve.set_defaults(func=run_serve)

    publish: argparse.ArgumentParser = subparsers.add_parser(
        "publish",
        help=_("write the venue's pages as a static web site (a folder or a .zip)"),
        description=(
            _(
                "Write every round, the standings, the cross table and every player's page as "
                "plain HTML files with relative links, for a club's web space: no server "
                "needed."
            )
        ),
    )
    publish.add_argument("files", nargs="+", type=Path, metavar="FILE", help=_(
                                                                                 "tournament "
                                                                                 "file(s)"
                                                                             ))
    publish.add_argument(
        "-o", "--output", type=Path, required=True, metavar="DIR", help=_(
                                                                            "folder or .zip to "
                                                                            "write"
                                                                        )
    )
    publish.add_argument("--fide-ids", action="store_true", help=_("show the players' FIDE IDs"))
    publish.add_argument(
        "--language",
        metavar="LL",
        choices=tuple(LANGUAGES),
        help=_("the pages' language, an ISO 639-1 code (default: each tournament's language)"),
    )
    publish.set_defaults(func=run_publish)


def _check_files(files: list[Path]) -> None:
    for path in files:
        if path.suffix.lower() != ".swissdesk":
            raise InputError(
                _(
                    "{path}: the venue serves tournament files (.swissdesk); import a TRF "
                    "first with 'swissdesk import'"
                ).format(path=path)
            )


def run_serve(args: argparse.Namespace) -> int:
    """Serve until Ctrl+C."""
    from swissdesk.venue.server import Limits, serve

    _check_files(args.files)
    if not 0 <= args.port <= 65535:
        raise InputError(_(
                             "--port {port}: choose a port from 1024 to 65535"
                         ).format(port=args.port))
    if args.per_address < 1:
        raise InputError(_("--per-address must be at least 1"))
    kiosk_key = args.kiosk_key
    if kiosk_key and not re.fullmatch(r"[A-Za-z0-9_-]{16,64}", kiosk_key):
        raise InputError(_("--kiosk-key: 16 to 64 letters, digits, '-' or '_'"))
    if args.kiosk and not kiosk_key:
        kiosk_key = secrets.token_urlsafe(18)

    def ready(urls: list[str]) -> None:
        print(_("Serving {files} at:").format(files=", ".join(str(f) for f in args.files)))
        for url in urls:
            print(f"  {url}")
        print(_("Display mode for a projector: {urls}display").format(urls=urls[0]))
        if kiosk_key:
            print(_(
                      "Check-in kiosk (the desk's tablet only): {urls}kiosk?key={kiosk_key}"
                  ).format(urls=urls[0], kiosk_key=kiosk_key))
        if not args.no_qr and sys.stdout.isatty():
            from swissdesk.venue.qr import qr_text

            print(qr_text(urls[0]))
        print(_("Stop with Ctrl+C."))
        print(f"{READY} {' '.join(urls)}", flush=True)

    serve(
        args.files,
        host=args.host,
        port=args.port,
        fide_ids=args.fide_ids,
        notice_path=args.notice,
        announcement=args.announce,
        limits=Limits(per_address=args.per_address),
        ready=ready,
        kiosk_key=kiosk_key,
    )
    return 0


def run_publish(args: argparse.Namespace) -> int:
    """Write the static site."""
    from swissdesk.venue.publish import publish

    _check_files(args.files)
    target, pages = publish(
        args.files, args.output, fide_ids=args.fide_ids, language=args.language
    )
    print(_(
              "wrote {target} ({pages} pages); open index.html in a browser"
          ).format(target=target, pages=pages))
    return 0
