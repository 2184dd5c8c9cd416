"""``swissdesk manual``: the user manual, as a PDF, as an HTML page, or opened in the web
browser (the window opens it with Help > Manual and F1)."""

from __future__ import annotations

import argparse
import tempfile
import webbrowser
from pathlib import Path

from swissdesk.errors import InputError
from swissdesk.i18n import _
from swissdesk.outputs import refuse_overwriting


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``manual`` command."""
    parser = subparsers.add_parser(
        "manual",
        help=_("the user manual: list its chapters, write it as PDF or HTML, or open it"),
        description=_(
            "The swissdesk user manual (also in the window: Help > Manual, F1). "
            "Without an option, list its chapters. The PDF is the one shipped "
            "beside the installers; the HTML is one page with its screenshots, for "
            "any web browser, offline."
        ),
    )
    parser.add_argument("--pdf", metavar="OUT.pdf", help=_("write the manual as a PDF"))
    parser.add_argument(
        "--html",
        metavar="FOLDER",
        help=_("write the manual as HTML into FOLDER (index.html and its images)"),
    )
    parser.add_argument(
        "--open",
        action="store_true",
        help=_("open the manual in the web browser (written to a temporary folder)"),
    )
    parser.set_defaults(func=run_manual)


def run_manual(args: argparse.Namespace) -> int:
    from swissdesk.manual import chapters

    if args.pdf:
        from swissdesk.manual.pdf import write_pdf

        refuse_overwriting(args.pdf)
        if not Path(args.pdf).resolve().parent.is_dir():
            raise InputError(
                _("cannot write {pdf}: its folder does not exist").format(pdf=args.pdf)
            )
        print(_("wrote {write_pdf}").format(write_pdf=write_pdf(args.pdf)))
    if args.html or args.open:
        from swissdesk.manual.html import write_site

        folder = (
            Path(args.html) if args.html else Path(tempfile.mkdtemp(prefix="swissdesk-manual-"))
        )
        if folder.exists() and not folder.is_dir():
            raise InputError(
                _("cannot write the manual into {folder}: it is a file").format(folder=folder)
            )
        page = write_site(folder)
        print(_("wrote {page}").format(page=page))
        if args.open and not webbrowser.open(page.as_uri()):
            print(_("swissdesk: no web browser found; open {page} yourself").format(page=page))
    if not (args.pdf or args.html or args.open):
        for c in chapters():
            print(f"{c.number:>2}. {c.title}")
        print(_("\n'swissdesk manual --pdf manual.pdf' writes it as a PDF, '--open' opens it."))
    return 0
