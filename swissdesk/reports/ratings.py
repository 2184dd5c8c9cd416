"""The rating changes: what every player takes home in rating points (issue 37).

One line per player (rating, K, rated games, points, expected score, the change exact to
the hundredth and the new rating), then each player's games: the opponent's rating, the
result, the rating difference ``D`` (the 400-point rule marked), the expected score ``PD``
and ``K x (score - PD)``. Unrated players: their games against rated opponents and the
first rating they give (FIDE Rating Regulations art. 7.1.4, 8.2) or what is still
missing. The numbers are :func:`swissdesk.elo.rating_changes`, the same the window and
``swissdesk ratings`` show.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from reportlab.platypus import Flowable

from swissdesk.elo import (
    FIDE,
    RatingInputs,
    RatingReport,
    hundredths,
    rating_changes,
)
from swissdesk.i18n import _, localize_number, worded
from swissdesk.lists.standings import check_after_round
from swissdesk.model.tournament import Tournament
from swissdesk.reports.common import fraction_score, heading, note
from swissdesk.reports.fonts import REGULAR, printable, register_fonts
from swissdesk.reports.layout import (
    build_pdf,
    cell_width,
    fit,
    frame_size,
    grid_table,
    header_width,
    make_header,
)

FONT = 8.5


def render_ratings(
    tournament: Tournament,
    out_path: Path,
    *,
    round_number: int | None = None,
    paper: str = "a4",
    inputs: RatingInputs | None = None,
    system: str = FIDE,
) -> Path:
    """Write the rating changes after ``round_number`` (default: the latest complete round)
    on the FIDE list of the tournament's rating type, or the national list."""
    register_fonts()
    after = check_after_round(tournament, round_number)
    report = rating_changes(tournament, inputs, system=system, after_round=after)
    width, _height = frame_size(paper)
    by_tpn = tournament.players_by_tpn

    rows = [
        [_("No."), _("Name"), _("Tit"), _("FED"), _("Rtg"), "K", _("Gms"), _("Pts"), _("Exp"),
         _("Change"), _("New")]
    ]  # fmt: skip
    head = [h for i, h in enumerate(rows[0]) if i != 1]  # a long language's names fit
    fixed = [max(w, header_width(h, FONT)) for w, h in zip(
        (26.0, 26.0, 30.0, 32.0, 20.0, 28.0, 26.0, 32.0, 40.0, 32.0), head, strict=True
    )]  # fmt: skip
    name_w = width - sum(fixed)
    unrated: list[str] = []
    for p in report.players:
        player = by_tpn[p.tpn]
        change = p.change
        rows.append(
            [
                str(p.tpn),
                fit(printable(p.name), name_w - 5, REGULAR, FONT),
                player.title,
                player.federation,
                str(p.rating) if p.rating else "",
                str(p.k.value) if p.k is not None else "",
                str(len(p.counted_games)),
                fraction_score(p.points),
                localize_number(hundredths(p.expected)) if p.rated else "",
                localize_number(hundredths(change, sign=True)) if change is not None else "",
                str(p.new_rating) if p.new_rating is not None else "",
            ]
        )
        if not p.rated:
            unrated.append(
                _("no. {number} {name}: {what}").format(
                    number=p.tpn, name=p.name, what=worded(p.status)
                )
            )
    widths = [fixed[0], name_w, *fixed[1:]]
    align = ["RIGHT", "LEFT", "LEFT", "CENTER", "RIGHT", "RIGHT", "RIGHT", "RIGHT", "RIGHT"]
    align += ["RIGHT", "RIGHT"]
    story: list[Flowable] = [
        note(f"{report.list_name}: {report.regulations}.", size=8),
        grid_table(rows, widths, font_size=FONT, align=align, bold_columns=(9,)),
        note(
            _(
                "Change: the sum over the rated games of K x (score - PD), exact; the new "
                "rating adds it rounded (art. 8.3.4, 0.5 away from zero; FIDE rounds the change "
                "of the whole rating period). K: from the rating list or the arbiter, else art. "
                "8.3.3. D*: a difference of more than 400 counted as 400 (art. 8.3.1)."
            )
        ),
    ]
    story.extend(note(line, size=8) for line in _k_reasons(report))
    if unrated:
        story.append(heading(_("Unrated players"), size=10))
        story.extend(note(line) for line in unrated)
    story.append(heading(_("Game by game"), size=10))
    story.append(_games_table(report, width))
    corrected = [
        _("no. {number} {name}, round {round}: {result}").format(
            number=p.tpn, name=p.name, round=g.round, result=worded(g.corrected)
        )
        for p in report.players
        for g in p.games
        if g.corrected
    ]
    if corrected:
        story.append(
            note(
                _(
                    "† Result corrected for the rating report only (FIDE's checklist C.02, "
                    "Q192); the pairings and standings keep the result entered: {games}."
                ).format(games="; ".join(corrected))
            )
        )
    title = (
        _("Rating changes")
        if system == FIDE
        else _("Rating changes ({list})").format(list=report.list_name)
    )
    when = _("after round {number}").format(number=after) if after else _("before round 1")
    header = make_header(tournament, title, when, after or None)
    return build_pdf(Path(out_path), story, header, paper=paper)


def _k_reasons(report: RatingReport) -> list[str]:
    """Why each K (art. 8.3.3, the list or the arbiter), one line per K and reason with the
    players' numbers, worded in the document's language."""
    numbers: dict[tuple[int, str], list[str]] = {}
    for p in report.players:
        if p.k is not None:
            numbers.setdefault((p.k.value, worded(p.k.reason)), []).append(str(p.tpn))
    return [
        _("K {k} ({reason}): no. {numbers}").format(k=k, reason=reason, numbers=", ".join(tpns))
        for (k, reason), tpns in numbers.items()
    ]


def _games_table(report: RatingReport, width: float) -> Flowable:
    """Every game of every player, with the figures of art. 8.3.1-8.3.2 (``*``: the
    400-point rule applied)."""
    rows = [
        [_("No."), _("Player"), _("Rd"), _("Opponent"), _("Rtg"), _("Res"), "D", "PD",
         _("Change"), "K"]
    ]  # fmt: skip
    head = [h for i, h in enumerate(rows[0]) if i not in (1, 3)]
    fixed = [max(w, header_width(h, FONT)) for w, h in zip(
        (26.0, 22.0, 30.0, 24.0, 46.0, 30.0, 38.0, 34.0), head, strict=True
    )]  # fmt: skip
    # The change column also says why a game has no change, in the document's words.
    fixed[6] = max(fixed[6], cell_width([_("first rtg"), _("not rated")], FONT))
    name_w = (width - sum(fixed)) / 2
    for p in report.players:
        first = True
        for g in p.games:
            player_cell = fit(printable(p.name), name_w - 5, REGULAR, FONT) if first else ""
            first = False
            counted = g.counted and p.rated
            if counted:
                d = f"{g.difference:+d}" + ("*" if g.capped else "")
                figures = [
                    d,
                    localize_number(hundredths(Fraction(g.expected, 100))),
                    localize_number(hundredths(g.change, sign=True)),
                ]
            elif g.counted:  # an unrated player's game towards a first rating
                figures = ["", "", _("first rtg")]
            else:
                figures = ["", "", _("not rated")]
            rows.append(
                [
                    str(p.tpn) if player_cell else "",
                    player_cell,
                    str(g.round),
                    fit(printable(g.opponent_name), name_w - 5, REGULAR, FONT),
                    str(g.opponent_rating) if g.opponent_rating else _("unr."),
                    fraction_score(Fraction(g.score, 100)) + (" †" if g.corrected else ""),
                    *figures,
                    str(g.k) if counted else "",
                ]
            )
    widths = [fixed[0], name_w, fixed[1], name_w, fixed[2], fixed[3], fixed[4], fixed[5]]
    widths += [fixed[6], fixed[7]]
    align = ["RIGHT", "LEFT", "RIGHT", "LEFT", "RIGHT", "CENTER", "RIGHT", "RIGHT", "RIGHT"]
    align += ["RIGHT"]
    return grid_table(rows, widths, font_size=FONT, align=align)
