"""The player card: one player's rating change game by game, the national list's, and the
title norms (achieved, missed by which condition, or what the rounds left must bring).

The figures are the one computation of :mod:`swissdesk.elo` and :mod:`swissdesk.norms`
(:class:`RatingExtras`, made with the standings: the standings column shows the same
change); :func:`player_card_html` lays them out, and :class:`PlayerCardDialog` shows it.
"""

from __future__ import annotations

import html
from fractions import Fraction

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from swissdesk.elo import (
    FIDE,
    NATIONAL,
    PlayerChange,
    RatingInputs,
    RatingReport,
    hundredths,
    rating_changes,
)
from swissdesk.gui.tablemodel import points
from swissdesk.i18n import _, localize_number, ngettext, pgettext, worded
from swissdesk.model.tournament import Tournament
from swissdesk.norms import (
    NormReport,
    NormSettings,
    PlayerNorms,
    describe_forecast,
    evaluate_norms,
)


class RatingExtras:
    """What the standings and the player card show beyond the tie-breaks, after one round:
    the FIDE rating changes, the national list's (``None``: no national list), the norms
    (``None``: a team event). Read-only once made (shared with the worker's cache)."""

    def __init__(
        self, fide: RatingReport, national: RatingReport | None, norms: NormReport | None
    ) -> None:
        self.fide = fide
        self.national = national
        self.norms = norms
        self.fide_by_tpn = fide.by_tpn()
        self.norms_by_tpn = norms.by_tpn() if norms is not None else {}

    def change_text(self, tpn: int) -> str:
        """The standings cell: ``+7.40``, a first rating ``(1779)``, or blank."""
        p = self.fide_by_tpn.get(tpn)
        if p is None:
            return ""
        change = p.change
        if change is not None:
            return localize_number(hundredths(change, sign=True)) if p.counted_games else ""
        if p.initial is not None and p.initial.rating is not None:
            return f"({p.initial.rating})"
        return ""

    def norm_text(self, tpn: int) -> str:
        """The standings cell: the norms achieved (``GM IM``), possible ones in brackets."""
        p = self.norms_by_tpn.get(tpn)
        if p is None:
            return ""
        done = [n.title.value for n in p.achieved]
        open_ = [f"({f.title.value})" for f in p.forecasts]
        return " ".join(done + open_)


def compute_extras(
    tournament: Tournament,
    inputs: RatingInputs,
    norm_settings: NormSettings,
    after_round: int,
) -> RatingExtras:
    """Rating changes (FIDE, and national when the tournament has a national list) and norms
    after ``after_round``."""
    fide = rating_changes(tournament, inputs, system=FIDE, after_round=after_round)
    national = (
        rating_changes(tournament, inputs, system=NATIONAL, after_round=after_round)
        if inputs.national.enabled
        else None
    )
    norms = (
        None
        if tournament.is_team
        else evaluate_norms(
            tournament, norm_settings, after_round=after_round, rating_type=inputs.rating_type
        )
    )
    return RatingExtras(fide, national, norms)


def _e(text: object) -> str:
    return html.escape(str(text))


def _pts(value: Fraction) -> str:
    """``6½``, ``½``, ``4``: points as the window shows them."""
    return points(int(value * 2))


def _change_section(report: RatingReport, p: PlayerChange) -> str:
    heading = _("{list}: rating change after round {number}").format(
        list=report.list_name, number=report.after_round
    )
    out = [f"<h3>{_e(heading)}</h3>"]
    if p.k is not None:
        text = _("Rating {rating}, K {k} ({reason}).").format(
            rating=p.rating, k=p.k.value, reason=worded(p.k.reason)
        )
        out.append(f"<p>{_e(text)}</p>")
    elif not p.rated:
        out.append(f"<p>{_e(_('Unrated on this list.'))}</p>")
    heads = (
        _("Rd"), _("Opponent"), _("Rtg"), _("Res"),
        pgettext("rating difference", "D"), pgettext("expected score", "PD"), _("Change"),
    )  # fmt: skip
    rows = [
        "<tr>"
        + "".join(
            f"<th align=left>{_e(h)}</th>" if i == 1 else f"<th>{_e(h)}</th>"
            for i, h in enumerate(heads)
        )
        + "</tr>"
    ]
    for g in p.games:
        if g.counted and p.rated:
            d = f"{g.difference:+d}" + (" *" if g.capped else "")
            figures = (
                f"<td align=right>{d}</td>"
                f"<td align=right>{localize_number(hundredths(Fraction(g.expected, 100)))}</td>"
                f"<td align=right>{localize_number(hundredths(g.change, sign=True))}</td>"
            )
        else:
            why = worded(g.note) or _("towards a first rating")
            figures = f"<td colspan=3><i>{_e(why)}</i></td>"
        rows.append(
            f"<tr><td align=right>{g.round}</td><td>{_e(g.opponent_name)}</td>"
            f"<td align=right>{g.opponent_rating or _e(_('unr.'))}</td>"
            f"<td align=center>{_pts(Fraction(g.score, 100))}{' †' if g.corrected else ''}"
            f"</td>{figures}</tr>"
        )
    out.append("<table cellspacing=0 cellpadding=3 border=1>" + "".join(rows) + "</table>")
    corrected = [g for g in p.games if g.corrected]
    if corrected:
        out.append(
            "<p>"
            + _e(
                _("† corrected for the rating report only: {games}.").format(
                    games="; ".join(
                        _("round {number}, {result}").format(
                            number=g.round, result=worded(g.corrected)
                        )
                        for g in corrected
                    )
                )
            )
            + "</p>"
        )
    change = p.change
    if change is not None:
        capped = any(g.capped for g in p.counted_games)
        games = len(p.counted_games)
        summary = ngettext(
            "{points} from {count} rated game, expected {expected}: change {change}",
            "{points} from {count} rated games, expected {expected}: change {change}",
            games,
        ).format(
            points=_pts(p.points),
            count=games,
            expected=localize_number(hundredths(p.expected)),
            change=localize_number(hundredths(change, sign=True)),
        )
        rounded = (
            _("rounded {change}, art. 8.3.4") if report.system == FIDE else _("rounded {change}")
        ).format(change=f"{p.change_rounded:+d}")
        new = _("new rating {rating}").format(rating=f"<b>{p.new_rating}</b>")
        out.append(
            f"<p><b>{_e(summary)}</b> ({_e(rounded)}): {new}."
            + (
                " " + _e(_("* a difference of more than 400 counted as 400 (art. 8.3.1)."))
                if capped
                else ""
            )
            + "</p>"
        )
    elif p.initial is not None:
        i = p.initial
        detail = ""
        if i.average is not None and i.rating is not None:
            detail = " " + _e(
                _("Ra with two 1800 draws {average}, {percentage} %, dp {dp}: {rating}.").format(
                    average=localize_number(f"{float(i.average):.1f}"),
                    percentage=i.percentage,
                    dp=i.dp,
                    rating=i.rating,
                )
            )
        out.append(f"<p><b>{_e(worded(p.status))}</b>.{detail}</p>")
    return "".join(out)


def _norm_section(report: NormReport, p: PlayerNorms) -> str:
    heading = _("Title norms after round {number} of {total}").format(
        number=report.after_round, total=report.total_rounds
    )
    out = [f"<h3>{_e(heading)}</h3>"]
    if not report.applicable:
        return out[0] + f"<p>{_e(report.note)}</p>"
    if not p.sought:
        return out[0] + f"<p>{_e(_('No norm to seek: the player holds the GM title.'))}</p>"
    achieved = {n.title: n for n in p.achieved}
    forecasts = {f.title: f for f in p.forecasts}
    items = []
    for latest in p.latest:
        title = latest.title
        if title in achieved:
            n = achieved[title]
            extra = f" ({_e('; '.join(n.exceptions))})" if n.exceptions else ""
            achieved_text = _("{title} norm achieved").format(title=title.value)
            figures = _(
                "{points}/{games}, Ra {average}, {percentage} %, Rp {performance}; counts as "
                "{counts} games"
            ).format(
                points=_pts(n.points),
                games=len(n.games),
                average=n.average,
                percentage=n.percentage,
                performance=n.performance,
                counts=n.counts_as,
            )
            items.append(f"<li><b>{_e(achieved_text)}</b>: {_e(figures)}{extra}.</li>")
            continue
        failed = "; ".join(f"{c.article}: {c.actual} ({c.requirement})" for c in latest.failed)
        text = _("{title}: {games} games, Ra {average}, Rp {performance}; not (yet) a norm: {why}.")
        line = "<li>" + _e(
            text.format(
                title=title.value,
                games=len(latest.games),
                average=latest.average,
                performance=latest.performance,
                why=failed,
            )
        )
        if title in forecasts:
            line += f"<br><i>{_e(describe_forecast(forecasts[title]))}</i>"
        items.append(line + "</li>")
    return out[0] + "<ul>" + "".join(items) + "</ul>"


def player_card_html(tournament: Tournament, extras: RatingExtras, tpn: int) -> str:
    """The card of ``tpn`` as rich text (Qt's HTML subset)."""
    player = tournament.player(tpn)
    who = ", ".join(x for x in (player.title, player.federation) if x)
    name = _("No. {number} {name}").format(number=tpn, name=player.name)
    parts = [f"<h2>{_e(name)}" + (f" ({_e(who)})" if who else "") + "</h2>"]
    fide = extras.fide.by_tpn().get(tpn)
    if fide is not None:
        parts.append(_change_section(extras.fide, fide))
    if extras.national is not None:
        nat = extras.national.by_tpn().get(tpn)
        if nat is not None and nat.rated:
            parts.append(_change_section(extras.national, nat))
    if extras.norms is not None:
        norms = extras.norms.by_tpn().get(tpn)
        if norms is not None:
            parts.append(_norm_section(extras.norms, norms))
    parts.append(f"<p><small>{_e(extras.fide.regulations)}</small></p>")
    return "".join(parts)


class PlayerCardDialog(QDialog):
    """A player's card: rating change game by game and the title norms."""

    def __init__(self, title: str, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.browser = QTextBrowser()
        self.browser.setHtml(text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        self.resize(640, 620)
