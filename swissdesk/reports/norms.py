"""The norm report: the title norms achieved, what the others still need, and per norm the
data a norm certificate asks for (FIDE Title Regulations effective from 1 January 2024,
art. 1.4 and 1.8) (issue 37).

The first page lists the norms achieved after the round and, while rounds are left, the
norms still possible with what they need (points against which average, and opponents).
Then one page per norm: the event, the player, the opponents with their titles,
federations, FIDE IDs and ratings (as counted: the floor of art. 1.4.6 marked), the
result, the average, the performance, every condition of art. 1.4 with the article, the
exceptions applied, and lines for the signatures art. 1.8 asks for. The numbers are
:func:`swissdesk.norms.evaluate_norms`, the same the window and ``swissdesk norms`` show.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.platypus import Flowable, PageBreak

from swissdesk.engines import system_title
from swissdesk.i18n import _, localize_number, ngettext
from swissdesk.lists.standings import check_after_round
from swissdesk.model.round_robin import is_round_robin
from swissdesk.model.tournament import Player, Tournament
from swissdesk.norms import (
    TITLE_REGULATIONS,
    NormResult,
    NormSettings,
    describe_forecast,
    evaluate_norms,
)
from swissdesk.reports.common import fraction_score, heading, note
from swissdesk.reports.fonts import BOLD, REGULAR, printable, register_fonts
from swissdesk.reports.layout import (
    build_pdf,
    cell_width,
    fit,
    frame_size,
    grid_table,
    make_header,
    shown_date,
)

FONT = 8.5


def render_norms(
    tournament: Tournament,
    out_path: Path,
    *,
    round_number: int | None = None,
    paper: str = "a4",
    settings: NormSettings | None = None,
    rating_type: str = "standard",
) -> Path:
    """Write the norm report after ``round_number`` (default: the latest complete round)."""
    register_fonts()
    after = check_after_round(tournament, round_number)
    report = evaluate_norms(tournament, settings, after_round=after, rating_type=rating_type)
    width, _height = frame_size(paper)
    by_tpn = tournament.players_by_tpn
    story: list[Flowable] = [
        note(_("{regulations}, art. 1.4.").format(regulations=_(TITLE_REGULATIONS)))
    ]
    if not report.applicable:
        story.append(note(report.note, size=10))
    else:
        exempt = report.swiss_exemption
        story.append(
            note(
                _(
                    "Art. 1.4.3 d (a Swiss with at least 20 FIDE rated players from 3 "
                    "federations other than the host's, 10 of them GM, IM, WGM or WIM, present "
                    "in every round): applies, the foreign-opponent rules are waived."
                )
                if exempt.applies
                else _(
                    "Art. 1.4.3 d (a Swiss with at least 20 FIDE rated players from 3 "
                    "federations other than the host's, 10 of them GM, IM, WGM or WIM, present "
                    "in every round): does not apply ({players} such players, {federations} "
                    "federations, {titled} titled)."
                ).format(
                    players=exempt.players, federations=exempt.federations, titled=exempt.titled
                )
            )
        )
        story.append(heading(_("Norms achieved"), size=10))
        achieved = report.achieved
        if achieved:
            story.append(_achieved_table(achieved, by_tpn, width))
        else:
            story.append(
                note(_("No norm achieved after round {number}.").format(number=after), size=9)
            )
        forecasts = [(p, f) for p in report.players for f in p.forecasts]
        if forecasts:
            story.append(
                heading(
                    ngettext(
                        "Norms still possible ({count} round left)",
                        "Norms still possible ({count} rounds left)",
                        report.total_rounds - after,
                    ).format(count=report.total_rounds - after),
                    size=10,
                )
            )
            story.extend(
                note(
                    _("no. {number} {name}: {what}").format(
                        number=p.tpn, name=p.name, what=describe_forecast(f)
                    ),
                    size=8.5,
                )
                for p, f in forecasts
            )
        for result in achieved:
            story.append(PageBreak())
            story.extend(_certificate(tournament, by_tpn[result.tpn], result, width))
    when = _("after round {number}").format(number=after) if after else _("before round 1")
    header = make_header(tournament, _("Title norms"), when, after or None)
    return build_pdf(Path(out_path), story, header, paper=paper)


def _achieved_table(
    achieved: tuple[NormResult, ...], by_tpn: dict[int, Player], width: float
) -> Flowable:
    fixed = [26.0, 30.0, 32.0, 36.0, 38.0, 30.0, 34.0, 28.0, 34.0, 62.0]
    name_w = width - sum(fixed)
    rows = [
        [_("No."), _("Name"), _("Tit"), _("FED"), _("Norm"), _("Games"), _("Pts"), "Ra", "%",
         "Rp", _("Counts as")]
    ]  # fmt: skip
    for n in achieved:
        p = by_tpn[n.tpn]
        rows.append(
            [
                str(n.tpn),
                fit(printable(p.name), name_w - 5, REGULAR, FONT),
                p.title,
                p.federation,
                n.title.value,
                str(len(n.games)),
                fraction_score(n.points),
                str(n.average),
                str(n.percentage),
                str(n.performance),
                ngettext("{count} game", "{count} games", n.counts_as).format(count=n.counts_as),
            ]
        )
    align = ["RIGHT", "LEFT", "LEFT", "CENTER", "CENTER"] + ["RIGHT"] * 6
    return grid_table(rows, [fixed[0], name_w, *fixed[1:]], font_size=FONT, align=align)


def _certificate(
    tournament: Tournament, player: Player, n: NormResult, width: float
) -> list[Flowable]:
    """The data of the norm certificate (art. 1.8: prepared and signed by the Chief
    Arbiter, countersigned by the federation's Rating Officer or President)."""
    info = tournament.info
    out: list[Flowable] = [
        heading(_("{title} norm: certificate data").format(title=n.title.value), size=12)
    ]
    facts = [
        (_("Event"), info.name),
        (_("Place, host federation"), ", ".join(x for x in (info.city, info.federation) if x)),
        (_("Dates"), " – ".join(shown_date(x) for x in (info.start_date, info.end_date) if x)),
        (
            _("Rounds, system"),
            ngettext("{count} round, {system}", "{count} rounds, {system}", tournament.total_rounds)
            .format(count=tournament.total_rounds, system=_system(tournament.system)),
        ),
        (_("Rate of play"), info.time_control),
        (_("Chief arbiter"), info.chief_arbiter),
        (_("Organiser"), info.organiser),
        (_("Player"), player.name),
        (_("FIDE ID"), player.fide_id),
        (_("Federation, title"), ", ".join(x for x in (player.federation, player.title) if x)),
        (_("Born"), shown_date(player.birth_date)),
        (
            _("Result"),
            ngettext(
                "{points} of {count} game (rounds 1-{last}), {percentage} %",
                "{points} of {count} games (rounds 1-{last}), {percentage} %",
                len(n.games),
            ).format(
                points=fraction_score(n.points), count=len(n.games), last=n.last_round_used,
                percentage=n.percentage,
            ),
        ),
        (_("Average of opponents"), _("{average} (art. 1.4.7)").format(average=n.average)),
        (
            _("Performance"),
            _("{performance} = {average} {difference} (art. 1.4.8, 1.4.9)").format(
                performance=n.performance, average=n.average,
                difference=localize_number(f"{n.dp:+d}"),
            ),
        ),
        (
            _("Counts as"),
            ngettext(
                "{count} game (art. 1.4.1 d, 1.7)", "{count} games (art. 1.4.1 d, 1.7)",
                n.counts_as,
            ).format(count=n.counts_as),
        ),
    ]  # fmt: skip
    # The items' column as wide as its longest item in the document's language ("Средний
    # рейтинг соперников"), up to two fifths of the page.
    key_w = min(max(110.0, cell_width([k for k, _v in facts], FONT, BOLD)), width * 0.4)
    out.append(
        grid_table(
            [
                [_("Item"), _("Value")],
                *([k, fit(printable(v), width - key_w - 5, REGULAR, FONT)] for k, v in facts),
            ],
            [key_w, width - key_w],
            font_size=FONT,
            align=["LEFT", "LEFT"],
            bold_columns=(0,),
        )
    )
    out.append(heading(_("Opponents"), size=10))
    fixed = [22.0, 30.0, 32.0, 56.0, 40.0, 46.0, 26.0]
    name_w = width - sum(fixed) - 96
    rows = [
        [_("Rd"), _("Opponent"), _("Tit"), _("FED"), _("FIDE ID"), _("Rating"), _("Counted"),
         _("Res"), _("Note")]
    ]  # fmt: skip
    for g in n.games:
        rows.append(
            [
                str(g.round),
                fit(printable(g.name), name_w - 5, REGULAR, FONT),
                g.title,
                g.federation,
                g.fide_id,
                str(g.rating) if g.rating else _("unrated"),
                str(g.counted_rating),
                {2: "1", 1: "½", 0: "0"}[g.score],
                _short_note(g.note),
            ]
        )
    widths = [fixed[0], name_w, fixed[1], fixed[2], fixed[3], fixed[4], fixed[5], fixed[6], 96.0]
    align = ["RIGHT", "LEFT", "LEFT", "CENTER", "RIGHT", "RIGHT", "RIGHT", "CENTER", "LEFT"]
    out.append(grid_table(rows, widths, font_size=FONT, align=align))
    out.append(heading(_("Conditions (art. 1.4)"), size=10))
    rows = [[_("Article"), _("Requirement"), _("Player"), _("Met")]]
    req_w = width - 50 - 110 - 34
    for c in n.checks:
        rows.append(
            [
                c.article,
                fit(c.requirement, req_w - 5, REGULAR, FONT),
                fit(c.actual, 105, REGULAR, FONT),
                _("yes") if c.passed else _("NO"),
            ]
        )
    out.append(
        grid_table(
            rows, [50, req_w, 110, 34], font_size=FONT, align=["LEFT", "LEFT", "LEFT", "CENTER"]
        )
    )
    if n.exceptions:
        out.append(heading(_("Exceptions applied"), size=10))
        out.extend(note(x) for x in n.exceptions)
    out.append(heading(_("Signatures (art. 1.8)"), size=10))
    out.append(
        note(_("Chief Arbiter: name ______________________   signature ______________________"))
    )
    out.append(
        note(
            _(
                "Rating Officer or President of the federation: name ______________________   "
                "signature ______________________"
            )
        )
    )
    return out


def _system(name: str) -> str:
    """``dutch`` -> ``Swiss, Dutch (C.04.3)``; a round robin by its own title."""
    title = system_title(name)
    return title if is_round_robin(name) else _("Swiss, {system}").format(system=title)


def _short_note(note_text: str) -> str:
    """The opponent's note as the narrow column prints it."""
    parts = []
    if "1.4.2" in note_text:
        parts.append(_("forfeit as loss (1.4.2c)"))
    if "1.4.6 d" in note_text:
        parts.append(_("unrated: 1400 (1.4.6d)"))
    if "1.4.6 c" in note_text:
        parts.append(_("floor (1.4.6c)"))
    return "; ".join(parts)
