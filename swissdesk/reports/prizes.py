"""The prize list for the prize-giving (issue 36).

Page 1 on: each prize list (the standings, then each category) as the arbiter reads it
aloud: the prize, the winner's pairing number, name and federation, the amount paid and the
item; under each list, why the tied players received what they did (the tie, the places it
occupies, the sharing rule). Then the totals for the treasurer (fund, paid, not awarded)
and the arbiter's notes (a prize taken instead of another, empty categories, unknown ages).
Last, each category's standings with the category rank. The numbers are
:func:`swissdesk.prizes.compute_prizes`, the same the window and ``swissdesk prizes`` show.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, PageBreak

from swissdesk.i18n import _, ngettext
from swissdesk.model.tournament import Tournament
from swissdesk.prizes import OVERALL, PrizeList, Sharing
from swissdesk.reports.common import heading, note, score_text
from swissdesk.reports.fonts import REGULAR, printable, register_fonts
from swissdesk.reports.layout import build_pdf, fit, frame_size, grid_table, make_header

FONT = 9.0


def sharing_text(prizes: PrizeList) -> str:
    """The event's rules in one sentence (the page's first line)."""
    rules = prizes.plan.rules
    money = rules.money
    ties = {
        Sharing.EQUAL: _("tied players share the money of the places they occupy equally"),
        Sharing.HORT: _(
            "tied players share by the Hort system: each keeps {kept} % of their own place's "
            "prize, {shared} % is shared equally"
        ).format(kept=100 - rules.hort_percent, shared=rules.hort_percent),
        Sharing.NONE: _("prizes are not shared: the tie-breaks decide"),
    }[rules.sharing]
    one = (
        (_("one prize per player (the most valuable)") if rules.choose.value == "value"
         else _("one prize per player (in the organiser's order)"))
        if rules.one_per_player else _("a player may win several prizes")
    )  # fmt: skip
    unit = money.text(rules.round_to, code=True)
    return _("Prize fund {fund}; {one}; {ties}; paid in units of {unit}.").format(
        fund=money.text(prizes.fund, code=True), one=one, ties=ties, unit=unit
    )


def render_prizes(
    tournament: Tournament, prizes: PrizeList, out_path: Path, *, paper: str = "a4"
) -> Path:
    """Write the prize list ``prizes`` of ``tournament`` to ``out_path``."""
    register_fonts()
    money = prizes.plan.rules.money
    width, _height = frame_size(paper)
    by_tpn = tournament.players_by_tpn
    story: list[Flowable] = [note(printable(sharing_text(prizes)), size=9)]
    # The prize's name is as long as its language makes it ("Women: 1. Preis (Anteil)",
    # "U2000: 2-е место (доля)"): its column widens to the longest, within reason.
    longest = max(
        (stringWidth(printable(a.label), REGULAR, FONT) for a in prizes.awards), default=0.0
    )
    fixed = [min(max(110.0, longest + 6.0), 170.0), 28.0, 34.0, 70.0, 90.0]
    name_w = width - sum(fixed)
    current: str | None = None
    rows: list[list[str]] = []
    reasons: list[str] = []
    ties: list[tuple[str, str]] = []

    def flush() -> None:
        if current is None:
            return
        described = {c.name: c.description for c in prizes.categories}
        title = _("Standings") if current == OVERALL else f"{current}: {described.get(current, '')}"
        story.append(heading(printable(title), size=11))
        story.append(
            grid_table(
                rows, [fixed[0], fixed[1], name_w, *fixed[2:]], font_size=FONT,
                align=("LEFT", "RIGHT", "LEFT", "CENTER", "RIGHT", "LEFT"),
            )
        )  # fmt: skip
        for reason in reasons:
            story.append(note(printable(reason), size=7.5))

    for award in prizes.awards:
        if award.category != current:
            flush()
            current = award.category
            rows = [[_("Prize"), _("No."), _("Name"), _("FED"), _("Amount"), _("Item")]]
            reasons = []
        player = by_tpn.get(award.tpn) if award.tpn is not None else None
        name = award.name if award.tpn is not None else _("(not awarded)")
        shows = award.tpn is not None and (award.amount or not award.item)
        amount = money.text(award.amount, code=True) if shows else ""
        rows.append(
            [
                fit(printable(award.label), fixed[0] - 4, REGULAR, FONT),
                str(award.tpn) if award.tpn is not None else "",
                fit(printable(name), name_w - 4, REGULAR, FONT),
                player.federation if player is not None else "",
                amount,
                fit(printable(award.item), fixed[4] - 4, REGULAR, FONT),
            ]
        )
        if award.tie and (award.category, award.tie) not in ties:
            group = [a for a in prizes.awards if a.category == award.category and a.tie == award.tie]
            paid = ", ".join(
                f"{a.name} ({a.tpn}) {money.text(a.amount, code=True)}" for a in group
            )
            ties.append((award.category, award.tie))
            reasons.append(f"{award.tie[0].upper()}{award.tie[1:]}: {paid}.")
        elif award.tpn is None:
            reasons.append(f"{award.label}: {award.reason}.")
    flush()
    story.append(heading(_("For the treasurer"), size=10))
    payments = sum(1 for a in prizes.awards if a.tpn is not None)
    fund = money.text(prizes.fund, code=True)
    paid = money.text(prizes.paid, code=True)
    treasurer = (
        ngettext(
            "Fund {fund}; paid {paid}; not awarded {kept}; {count} payment or item.",
            "Fund {fund}; paid {paid}; not awarded {kept}; {count} payments and items.",
            payments,
        ).format(fund=fund, paid=paid, kept=money.text(prizes.kept, code=True), count=payments)
        if prizes.kept
        else ngettext(
            "Fund {fund}; paid {paid}; {count} payment or item.",
            "Fund {fund}; paid {paid}; {count} payments and items.",
            payments,
        ).format(fund=fund, paid=paid, count=payments)
    )
    story.append(note(treasurer, size=9))
    for text in prizes.notes:
        story.append(note(printable(text), size=8))
    shown = [c for c in prizes.categories if c.rows]
    if shown:
        story.append(PageBreak())
        cat_fixed = [36.0, 36.0, 28.0, 34.0, 36.0, 30.0]
        cat_name = width - sum(cat_fixed)
        for cat in shown:
            story.append(heading(printable(f"{cat.name}: {cat.description}"), size=10))
            table = [[_("Cat."), _("Rank"), _("No."), _("Name"), _("FED"), _("Rtg"), _("Pts")]]
            for row in cat.rows:
                player = by_tpn.get(row.placed.tpn)
                table.append(
                    [
                        row.label,
                        str(row.placed.rank),
                        str(row.placed.tpn),
                        fit(printable(row.placed.name), cat_name - 4, REGULAR, FONT),
                        player.federation if player is not None else "",
                        str(player.rating or "") if player is not None else "",
                        score_text(row.placed.points),
                    ]
                )
            story.append(
                grid_table(
                    table, [*cat_fixed[:3], cat_name, *cat_fixed[3:]], font_size=FONT,
                    align=("RIGHT", "RIGHT", "RIGHT", "LEFT", "CENTER", "RIGHT", "RIGHT"),
                )
            )  # fmt: skip
    title = _("Prize list")
    when = _("after round {number}").format(number=prizes.after_round)
    header = make_header(tournament, title, when, None)
    return build_pdf(Path(out_path), story, header, paper=paper, subject=title)
