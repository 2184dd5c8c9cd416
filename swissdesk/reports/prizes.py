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

from reportlab.platypus import Flowable, PageBreak

from swissdesk.model.tournament import Tournament, half_points_to_str
from swissdesk.prizes import OVERALL, PrizeList, Sharing
from swissdesk.reports.common import heading, note
from swissdesk.reports.fonts import REGULAR, printable, register_fonts
from swissdesk.reports.layout import build_pdf, fit, frame_size, grid_table, make_header

FONT = 9.0


def sharing_text(prizes: PrizeList) -> str:
    """The event's rules in one sentence (the page's first line)."""
    rules = prizes.plan.rules
    money = rules.money
    ties = {
        Sharing.EQUAL: "tied players share the money of the places they occupy equally",
        Sharing.HORT: (
            f"tied players share by the Hort system: each keeps {100 - rules.hort_percent} % "
            f"of their own place's prize, {rules.hort_percent} % is shared equally"
        ),
        Sharing.NONE: "prizes are not shared: the tie-breaks decide",
    }[rules.sharing]
    one = (
        "one prize per player (" + ("the most valuable" if rules.choose.value == "value"
                                    else "in the organiser's order") + ")"
        if rules.one_per_player else "a player may win several prizes"
    )  # fmt: skip
    unit = money.text(rules.round_to, code=True)
    return f"Prize fund {money.text(prizes.fund, code=True)}; {one}; {ties}; paid in units of {unit}."


def render_prizes(
    tournament: Tournament, prizes: PrizeList, out_path: Path, *, paper: str = "a4"
) -> Path:
    """Write the prize list ``prizes`` of ``tournament`` to ``out_path``."""
    register_fonts()
    money = prizes.plan.rules.money
    width, _ = frame_size(paper)
    by_tpn = tournament.players_by_tpn
    story: list[Flowable] = [note(printable(sharing_text(prizes)), size=9)]
    fixed = [110.0, 28.0, 34.0, 70.0, 90.0]
    name_w = width - sum(fixed)
    current: str | None = None
    rows: list[list[str]] = []
    reasons: list[str] = []
    ties: list[tuple[str, str]] = []

    def flush() -> None:
        if current is None:
            return
        described = {c.name: c.description for c in prizes.categories}
        title = "Standings" if current == OVERALL else f"{current}: {described.get(current, '')}"
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
            rows = [["Prize", "No.", "Name", "FED", "Amount", "Item"]]
            reasons = []
        player = by_tpn.get(award.tpn) if award.tpn is not None else None
        name = award.name if award.tpn is not None else "(not awarded)"
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
    story.append(heading("For the treasurer", size=10))
    story.append(
        note(
            f"Fund {money.text(prizes.fund, code=True)}; paid "
            f"{money.text(prizes.paid, code=True)}"
            + (f"; not awarded {money.text(prizes.kept, code=True)}" if prizes.kept else "")
            + f"; {sum(1 for a in prizes.awards if a.tpn is not None)} payments and items.",
            size=9,
        )
    )
    for text in prizes.notes:
        story.append(note(printable(text), size=8))
    shown = [c for c in prizes.categories if c.rows]
    if shown:
        story.append(PageBreak())
        cat_fixed = [36.0, 36.0, 28.0, 34.0, 36.0, 30.0]
        cat_name = width - sum(cat_fixed)
        for cat in shown:
            story.append(heading(printable(f"{cat.name}: {cat.description}"), size=10))
            table = [["Cat.", "Rank", "No.", "Name", "FED", "Rtg", "Pts"]]
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
                        half_points_to_str(row.placed.points),
                    ]
                )
            story.append(
                grid_table(
                    table, [*cat_fixed[:3], cat_name, *cat_fixed[3:]], font_size=FONT,
                    align=("RIGHT", "RIGHT", "RIGHT", "LEFT", "CENTER", "RIGHT", "RIGHT"),
                )
            )  # fmt: skip
    header = make_header(tournament, "Prize list", f"after round {prizes.after_round}", None)
    return build_pdf(Path(out_path), story, header, paper=paper, subject="Prize list")
