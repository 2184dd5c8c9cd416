"""The papers of the players' phones (issue 35): the check-in list for the desk and the
personal-code slips.

- **Check-in list**: every player in alphabetical order (where a player looks for their
  name at the desk) with pairing number, rating, federation, a tick for those already
  checked in (at the desk or from a phone), the entry fee's *due* and *paid* amounts where
  recorded (``swissdesk player-fee``, the window's *Entry fee…*), with their totals at the
  bottom (else written in by hand), and a signature column.
- **Code slips**: one cut-out slip per player with the name, pairing number and personal
  code, and where to use it: with the venue's address, a QR code of the player's own
  address (``/me?code=…``), so that the phone opens check-in or the board without typing.
  The slips are for the players alone: the code is never printed on a public list.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, PageBreak

from swissdesk.i18n import _, ngettext
from swissdesk.model.tournament import Player, Tournament
from swissdesk.prizes.money import Currency
from swissdesk.reports.common import note, rating_text, sort_name
from swissdesk.reports.fonts import BOLD, REGULAR, register_fonts
from swissdesk.reports.layout import (
    build_pdf,
    draw_qr,
    fit,
    frame_size,
    grid_table,
    make_header,
)
from swissdesk.reports.scripts import isolate

CHECK = "✓"


def render_checkin_list(
    tournament: Tournament,
    out_path: Path,
    *,
    checked_in: Collection[int] = (),
    fees: Mapping[int, tuple[int, int]] | None = None,
    currency: str = "",
    paper: str = "a4",
) -> Path:
    """Write the check-in list (``checked_in``: TPNs already ticked in; ``fees``: TPN ->
    (due, paid) in cents, the entry fees recorded, printed with their totals; ``currency``:
    its code, the prize plan's, or ``""``: amounts written plainly)."""
    width, _height = frame_size(paper)
    font = 10.0
    fees = dict(fees or {})
    money = Currency(currency, 2)
    players = sorted(tournament.players, key=lambda p: (sort_name(p.name), p.tpn))
    fixed = [30.0, 40.0, 32.0, 36.0, 56.0, 56.0]  # No., Rating, FED, In, Due, Paid
    sign_w = 102.0
    name_w = width - sum(fixed) - sign_w
    rows = [
        [_("No."), _("Name"), _("Rating"), _("FED"), _("In"), _("Fee due"), _("Paid"),
         _("Signature")]
    ]  # fmt: skip
    for p in players:
        fee = fees.get(p.tpn)
        rows.append(
            [
                str(p.tpn),
                fit(p.name, name_w - 5, BOLD, font),
                rating_text(p),
                p.federation,
                CHECK if p.tpn in checked_in else "",
                money.text(fee[0]) if fee is not None else "",
                money.text(fee[1]) if fee is not None else "",
                "",
            ]
        )
    present = sum(1 for p in players if p.tpn in checked_in)
    count = len(players)
    listed = [fees[p.tpn] for p in players if p.tpn in fees]
    due = sum(f[0] for f in listed)
    paid = sum(f[1] for f in listed)
    if listed:  # the totals, where the desk adds up its cash box
        rows.append(["", _("Total"), "", "", str(present), money.text(due), money.text(paid), ""])
    widths = [fixed[0], name_w, *fixed[1:], sign_w]
    align = ["RIGHT", "LEFT", "RIGHT", "CENTER", "CENTER", "RIGHT", "RIGHT", "LEFT"]
    story: list[Flowable] = [grid_table(rows, widths, font_size=font, align=align,
                                        bold_columns=(1,))]  # fmt: skip
    if not listed:
        story.append(note(
            ngettext(
                "{count} player; {present} checked in, {absent} not yet. Fee due and paid, and "
                "the signature, are written in at the desk.",
                "{count} players; {present} checked in, {absent} not yet. Fee due and paid, and "
                "the signature, are written in at the desk.",
                count,
            ).format(count=count, present=present, absent=count - present)
        ))  # fmt: skip
    else:
        players_line = ngettext(
            "{count} player; {present} checked in, {absent} not yet.",
            "{count} players; {present} checked in, {absent} not yet.",
            count,
        ).format(count=count, present=present, absent=count - present)
        fees_line = ngettext(
            "Entry fees recorded for {players} player: {due} due, {paid} paid, {left} still "
            "to pay. The signature is written in at the desk.",
            "Entry fees recorded for {players} players: {due} due, {paid} paid, {left} still "
            "to pay. The signature is written in at the desk.",
            len(listed),
        ).format(
            players=len(listed),
            due=money.text(due, code=True),
            paid=money.text(paid, code=True),
            left=money.text(sum(max(0, f[0] - f[1]) for f in listed), code=True),
        )
        story.append(note(f"{players_line} {fees_line}"))
    header = make_header(tournament, _("Check-in list"), _("Alphabetical"), None)
    return build_pdf(Path(out_path), story, header, paper=paper)


SLIP_W = 90 * mm
SLIP_H = 46 * mm
SLIP_QR = 23 * mm
"""The slip's QR code: the player's own address (:func:`phone_url`), scanned, not typed."""


def phone_url(venue_url: str, code: str) -> str:
    """The address a player's QR code opens: the venue's ``/me`` with the code filled in
    (it leads to check-in while check-in is open, else to the player's board)."""
    url = venue_url if venue_url.endswith("/") else venue_url + "/"
    return f"{url}me?code={code}"


class _CodeSheet(Flowable):  # type: ignore[misc]
    """One page of code slips, two across, dashed cut lines between them."""

    def __init__(self, slips: list[tuple[Player, str]], event: str, url: str,
                 team: bool = False) -> None:  # fmt: skip
        super().__init__()
        self.team = team
        self.slips = slips
        self.event = event
        self.url = url

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        rows = (len(self.slips) + 1) // 2
        return avail_width, rows * SLIP_H

    def draw(self) -> None:
        canvas: Canvas = self.canv
        rows = (len(self.slips) + 1) // 2
        total = rows * SLIP_H
        col_w = self.width / 2
        for index, (player, code) in enumerate(self.slips):
            row, col = divmod(index, 2)
            x = col * col_w
            y = total - (row + 1) * SLIP_H
            self._slip(canvas, x, y, col_w, player, code)
        canvas.saveState()
        canvas.setDash(4, 3)
        canvas.setLineWidth(0.5)
        canvas.setStrokeColor(colors.Color(0.4, 0.4, 0.4))
        for row in range(1, rows):
            canvas.line(0, total - row * SLIP_H, self.width, total - row * SLIP_H)
        canvas.line(col_w, 0, col_w, total)
        canvas.restoreState()

    def _slip(self, canvas: Canvas, x: float, y: float, w: float, player: Player, code: str) -> None:
        top = y + SLIP_H - 5 * mm
        canvas.saveState()
        room = w - 6 * mm
        if self.url:  # the QR code on the right; the words keep left of it
            draw_qr(canvas, phone_url(self.url, code), x + w - 3 * mm - SLIP_QR,
                    top - SLIP_QR + 1 * mm, SLIP_QR)  # fmt: skip
            room -= SLIP_QR + 2 * mm
        canvas.setFont(REGULAR, 8)
        canvas.drawString(x + 3 * mm, top, fit(self.event, room, REGULAR, 8))
        canvas.setFont(BOLD, 11)
        text = f"{player.tpn}  {isolate(player.name)}"
        canvas.drawString(x + 3 * mm, top - 6 * mm, fit(text, room, BOLD, 11))
        canvas.setFont(REGULAR, 8)
        label = _("The team's code, for its captain:") if self.team else _("Your personal code:")
        canvas.drawString(x + 3 * mm, top - 13 * mm, label)
        canvas.setFont(BOLD, 22)
        canvas.drawString(x + 3 * mm, top - 22 * mm, " ".join((code[:3], code[3:])))
        canvas.setFont(REGULAR, 7.5)
        if self.url:
            lines = [
                _("Scan the square with your phone, or type the code at"),
                _("{address} (check-in)").format(address=f"{self.url}checkin"),
                _("{address} (your result)").format(address=f"{self.url}report"),
            ]
        else:
            lines = [
                _("Check in and report your result on your phone"),
                _("(the arbiter gives the address)"),
            ]
        lines.append(_("Keep it to yourself. Lost it? The arbiter gives you a new one."))
        for i, line in enumerate(lines):
            shown = fit(line, w - 6 * mm, REGULAR, 7.5)
            canvas.drawString(x + 3 * mm, top - (27 + 3.4 * i) * mm, shown)
        canvas.restoreState()


def render_code_slips(
    tournament: Tournament,
    out_path: Path,
    *,
    codes: Mapping[int, str],
    paper: str = "a4",
    venue_url: str = "",
) -> Path:
    """Write one slip per player who has a code (by pairing number)."""
    register_fonts()
    url = venue_url if not venue_url or venue_url.endswith("/") else venue_url + "/"
    slips = [(p, codes[p.tpn]) for p in sorted(tournament.players, key=lambda p: p.tpn)
             if p.tpn in codes]  # fmt: skip
    _width, height = frame_size(paper)
    per_page = 2 * max(1, int(height // SLIP_H))
    story: list[Flowable] = []
    for start in range(0, len(slips), per_page):
        if story:
            story.append(PageBreak())
        story.append(_CodeSheet(slips[start : start + per_page], tournament.info.name, url,
                                tournament.is_team))  # fmt: skip
    if not story:
        story.append(note(_("No player has a personal code yet (swissdesk codes FILE).")))
    header = make_header(
        tournament, _("Personal codes"), _("Cut out and hand to each player"), None
    )
    return build_pdf(Path(out_path), story, header, paper=paper)
