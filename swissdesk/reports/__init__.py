"""Printed documents as PDF: what goes on the wall and the tables at the venue.

The GUI's "Print/Export PDF" and the ``swissdesk report`` command call :func:`render`.
Documents read only the plain tournament model (:mod:`swissdesk.model`) and the tie-breaks
(:mod:`swissdesk.tiebreaks`), never the database or Qt. Every page has the tournament
name, place, round and date in its header and "Page x of y" below; names print in
DejaVu Sans so that any alphabet prints.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path

import swissdesk.translations  # noqa: F401  (installs CLDR's number formats: swissdesk.i18n)
from swissdesk.elo import FIDE, NATIONAL, RatingInputs
from swissdesk.errors import InputError
from swissdesk.i18n import N_
from swissdesk.lists.board_order import boards_of_round, sort_pairs
from swissdesk.model.tournament import Tournament
from swissdesk.norms import NormSettings
from swissdesk.reports.layout import PAPERS

KINDS: tuple[str, ...] = (
    *("boards", "alphabetical", "cards", "standings", "crosstable", "slips"),
    "starting-list",
    "schedule",
    "ratings",
    "norms",
    "checkin",
    "codes",
)
"""The documents :func:`render` makes, by the name the command line uses."""

KIND_TITLES: dict[str, str] = {
    "boards": N_("Pairings (board list)"),
    "alphabetical": N_("Pairings by name"),
    "cards": N_("Pairing cards"),
    "standings": N_("Standings"),
    "crosstable": N_("Cross table"),
    "slips": N_("Result slips"),
    "schedule": N_("Every round (a round robin's schedule)"),
    "starting-list": N_("Starting list"),
    "ratings": N_("Rating changes"),
    "norms": N_("Title norms"),
    "checkin": N_("Check-in list (fee and signature columns)"),
    "codes": N_("Personal codes for the phones (slips)"),
}
"""A human title per kind, for menus (marked for the catalog: shown with ``_()``)."""

RANKED_KINDS: tuple[str, ...] = ("standings", "crosstable", "ratings", "norms")
"""The documents about the complete rounds (rankings, what every player takes home)."""

PAPER_SIZES: tuple[str, ...] = tuple(PAPERS)
"""Paper names :func:`render` accepts (``a4``, ``letter``)."""


def render(
    kind: str,
    tournament: Tournament,
    out_path: str | os.PathLike[str],
    *,
    round_number: int | None = None,
    paper: str = "a4",
    tiebreaks: Sequence[str] | None = None,
    board_order: Sequence[tuple[int, int]] | None = None,
    order: str = "number",
    withdrawn: Mapping[int, int] | None = None,
    rating_inputs: RatingInputs | None = None,
    norm_settings: NormSettings | None = None,
    national: bool = False,
    venue_url: str = "",
    codes: Mapping[int, str] | None = None,
    checked_in: Collection[int] | None = None,
    fees: Mapping[int, tuple[int, int]] | None = None,
    currency: str = "",
) -> Path:
    """Write the document ``kind`` (one of :data:`KINDS`) for ``tournament`` as a PDF.

    ``round_number``: for boards, alphabetical list, slips and cards the round to print
    (default: the latest paired round); for standings and cross table the round after which
    to rank (default: the latest round with all results in). ``tiebreaks``: C.07 codes such
    as ``("BH/C1", "BH", "SB")`` (default: the tournament's, else swissdesk's default list).
    ``board_order``: ``(white, black)`` pairs in the published order, when the pairing
    program fixed it; otherwise boards are sorted by C.04.2 art. 3.6. ``order``: the
    starting list's order, ``number``, ``rating`` or ``name``
    (:data:`swissdesk.reports.starting_list.ORDERS`). ``withdrawn``: TPN -> the round
    from which a player is withdrawn, as a tournament file records it (default: as a TRF's
    entries show it); the board list and the list by name print "withdrawn".
    ``rating_inputs`` (each player's K, rated games, national rating; the rating type and
    the national list) and ``norm_settings`` are what a tournament file keeps for the
    rating changes (``national``: on the national list) and the title norms; without them
    FIDE's rules alone apply. ``venue_url``: the venue's address (``swissdesk serve``),
    printed with its QR code in the header of the board list and the pairings by name
    (and on the code slips). ``codes`` (TPN -> personal code) and ``checked_in`` (TPNs)
    are what the file keeps for the players' phones: the code slips and the check-in list
    (with ``fees``, TPN -> (due, paid) in cents, in ``currency``: the entry fees recorded);
    the pairing cards print the codes too (with ``venue_url``, each as a QR code of the
    player's own address). No other document ever prints a code.

    The file is written to a temporary name and moved over ``out_path`` only when complete,
    so a failure never leaves a half-written PDF or destroys the previous one. Raises
    :class:`~swissdesk.errors.InputError` for an unknown kind or paper, a round that was not
    paired or an unwritable path. Returns the path written.
    """
    if kind not in KINDS:
        raise InputError(f"unknown document {kind!r} (choose one of: {', '.join(KINDS)})")
    if paper.lower() not in PAPERS:
        raise InputError(f"unknown paper size {paper!r} (choose one of: {', '.join(PAPERS)})")
    paper = paper.lower()
    if kind == "starting-list":
        from swissdesk.reports.starting_list import ORDERS, render_starting_list

        if order not in ORDERS:
            raise InputError(f"unknown order {order!r} (choose one of: {', '.join(ORDERS)})")
        return write_atomically(
            out_path, lambda temp: render_starting_list(tournament, temp, order=order, paper=paper)
        )
    if kind in ("checkin", "codes"):
        from swissdesk.reports.phones import render_checkin_list, render_code_slips

        if kind == "checkin":
            ticked = tuple(checked_in or ())
            return write_atomically(
                out_path,
                lambda temp: render_checkin_list(
                    tournament, temp, checked_in=ticked, fees=fees, currency=currency, paper=paper
                ),
            )
        held = dict(codes or {})
        url = venue_url
        return write_atomically(
            out_path,
            lambda temp: render_code_slips(
                tournament, temp, codes=held, paper=paper, venue_url=url
            ),
        )
    if kind == "ratings":
        from swissdesk.reports.ratings import render_ratings

        system = NATIONAL if national else FIDE
        return write_atomically(
            out_path,
            lambda temp: render_ratings(
                tournament, temp, round_number=round_number, paper=paper,
                inputs=rating_inputs, system=system,
            ),
        )  # fmt: skip
    if kind == "norms":
        from swissdesk.reports.norms import render_norms

        rating_type = rating_inputs.rating_type if rating_inputs else "standard"
        return write_atomically(
            out_path,
            lambda temp: render_norms(
                tournament, temp, round_number=round_number, paper=paper,
                settings=norm_settings, rating_type=rating_type,
            ),
        )  # fmt: skip
    return write_atomically(
        out_path,
        lambda temp: _dispatch(
            kind, tournament, temp, round_number, paper, tiebreaks, board_order, withdrawn,
            venue_url, codes,
        ),
    )


def write_atomically(out_path: str | os.PathLike[str], draw: Callable[[Path], object]) -> Path:
    """Let ``draw`` write a PDF into a new file beside ``out_path``, then move it over
    ``out_path``: a failure never leaves a half-written PDF or destroys the previous one.

    The file gets the permissions of any new file of the user (``0666`` less the umask),
    never a temporary file's private ``0600``: a PDF is for others to read. Raises
    :class:`~swissdesk.errors.InputError` for a folder that does not exist or cannot be
    written.
    """
    target = Path(out_path)
    directory = target.parent if str(target.parent) else Path(".")
    if not directory.is_dir():
        raise InputError(f"cannot write {target}: folder {directory} does not exist")
    temp = _new_file(directory)
    try:
        draw(temp)
        try:
            os.replace(temp, target)
        except OSError as exc:
            raise InputError(
                f"cannot write {target}: {exc.strerror or exc} (is it open in another program?)"
            ) from exc
    finally:
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)
    return target


def _new_file(directory: Path) -> Path:
    """An empty new file in ``directory`` created with mode ``0666`` (the umask applies)."""
    for _unused in range(100):
        temp = directory / f".swissdesk-{secrets.token_hex(6)}.pdf"
        try:
            os.close(os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        except FileExistsError:
            continue
        except OSError as exc:
            raise InputError(f"cannot write in {directory}: {exc.strerror or exc}") from exc
        return temp
    raise InputError(f"cannot write in {directory}: no free temporary name")


def _dispatch(
    kind: str,
    tournament: Tournament,
    out: Path,
    round_number: int | None,
    paper: str,
    tiebreaks: Sequence[str] | None,
    board_order: Sequence[tuple[int, int]] | None,
    withdrawn: Mapping[int, int] | None = None,
    venue_url: str = "",
    codes: Mapping[int, str] | None = None,
) -> Path:
    if kind == "schedule":
        from swissdesk.reports.schedule import render_schedule

        return render_schedule(tournament, out, paper=paper)
    if kind == "boards":
        from swissdesk.reports.boards import render_boards

        return render_boards(
            tournament,
            out,
            round_number=round_number,
            paper=paper,
            board_order=board_order,
            withdrawn=withdrawn,
            venue_url=venue_url,
        )
    if kind == "alphabetical":
        from swissdesk.reports.alphabetical import render_alphabetical

        return render_alphabetical(
            tournament,
            out,
            round_number=round_number,
            paper=paper,
            board_order=board_order,
            withdrawn=withdrawn,
            venue_url=venue_url,
        )
    if kind == "cards":
        from swissdesk.reports.cards import render_cards

        return render_cards(
            tournament, out, round_number=round_number, paper=paper, codes=codes,
            venue_url=venue_url,
        )  # fmt: skip
    if kind == "standings":
        from swissdesk.reports.standings import render_standings

        return render_standings(
            tournament, out, round_number=round_number, paper=paper, tiebreaks=tiebreaks
        )
    if kind == "crosstable":
        from swissdesk.reports.crosstable import render_crosstable

        return render_crosstable(
            tournament, out, round_number=round_number, paper=paper, tiebreaks=tiebreaks
        )
    from swissdesk.reports.slips import render_slips

    return render_slips(
        tournament, out, round_number=round_number, paper=paper, board_order=board_order
    )


__all__ = [
    "KINDS",
    "KIND_TITLES",
    "PAPER_SIZES",
    "RANKED_KINDS",
    "boards_of_round",
    "render",
    "sort_pairs",
    "write_atomically",
]
