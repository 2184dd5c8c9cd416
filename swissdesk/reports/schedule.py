"""Every round's games on one document. For a round robin the whole schedule from the
Berger tables (or the Scheveningen schedule) with the players' names, printed before the
event so that everyone knows whom he meets when (GRC Annex 1): a round already paired
prints as paired (the arbiter may have changed it by hand), the later ones as the table
gives them. For a Swiss event, the rounds paired so far."""

from __future__ import annotations

from pathlib import Path

from reportlab.platypus import Flowable, KeepTogether

from swissdesk.engines.base import Pair
from swissdesk.engines.round_robin.tables import schedule
from swissdesk.errors import InputError
from swissdesk.i18n import _, ngettext, pgettext
from swissdesk.lists.board_order import boards_of_round, bye_label, unpaired_of_round
from swissdesk.model import schedule as dates
from swissdesk.model.round_robin import SCHEVENINGEN, is_round_robin, settings_of
from swissdesk.model.tournament import Colour, Tournament
from swissdesk.reports.common import heading, note
from swissdesk.reports.fonts import REGULAR
from swissdesk.reports.layout import build_pdf, fit, frame_size, grid_table, make_header


def paired_round(tournament: Tournament, round_number: int) -> tuple[list[Pair], int | None]:
    """The games of a paired round (White first) in board order, and its bye."""
    games: dict[frozenset[int], Pair] = {}
    bye = None
    for player in sorted(tournament.players, key=lambda p: p.tpn):
        entry = player.entry(round_number)
        if entry is None:
            continue
        if entry.opponent is None:
            bye = player.tpn if bye is None else bye
            continue
        key = frozenset((player.tpn, entry.opponent))
        if entry.scheduled_colour is Colour.WHITE:
            games[key] = Pair(player.tpn, entry.opponent)
        elif key not in games:
            games[key] = Pair(entry.opponent, player.tpn)
    return list(games.values()), bye


def render_schedule(tournament: Tournament, out_path: Path, *, paper: str = "a4") -> Path:
    """Write the games of every round: a round robin's whole schedule (the rounds still to
    come as its table gives them), a Swiss event's rounds paired so far."""
    table = is_round_robin(tournament.system)
    paired = tournament.rounds_with_pairings
    steps: list[tuple[int, int, list[Pair], list[tuple[int, str]]]] = []
    if table:
        n = len(tournament.players)
        try:
            rounds = schedule(n, settings_of(tournament), system=tournament.system)
        except ValueError as exc:
            raise InputError(str(exc)) from None
        for step in rounds:
            r = step.round_number
            pairs, bye = list(step.pairs), step.bye
            if r <= paired:  # as paired, in the table's board order where it follows it
                played, bye = paired_round(tournament, r)
                place = {frozenset((p.white, p.black)): i for i, p in enumerate(step.pairs)}
                pairs = sorted(played, key=lambda p: place.get(frozenset((p.white, p.black)), 99))
            others = [(bye, _("bye (no game)"))] if bye is not None else []
            steps.append((r, step.cycle if rounds[-1].cycle > 1 else 0, pairs, others))
    else:
        for r in range(1, paired + 1):
            boards = boards_of_round(tournament, r)
            pairs = [Pair(b.white, b.black) for b in boards]
            others = [
                (u.tpn, bye_label(tournament, u.result)) for u in unpaired_of_round(tournament, r)
            ]
            steps.append((r, 0, pairs, others))
        if not steps:
            raise InputError("no round has been paired yet: there is nothing to print")
    by_tpn = tournament.players_by_tpn
    width, _height = frame_size(paper)
    font = 9.0
    name_w = (width - 24 - 2 * 26 - 18) / 2
    widths = [24, 26, name_w, 18, 26, name_w]
    align = ["RIGHT", "RIGHT", "LEFT", "CENTER", "RIGHT", "LEFT"]

    def name(tpn: int) -> str:
        player = by_tpn.get(tpn)
        return fit(player.name if player else f"#{tpn}", name_w - 5, REGULAR, font)

    story: list[Flowable] = []
    for r, cycle, pairs, others in steps:
        rows = [
            [_("Bd"), _("No."), pgettext("player", "White"), "", _("No."),
             pgettext("player", "Black")]
        ]  # fmt: skip
        for board, pair in enumerate(pairs, start=1):
            white, black = str(pair.white), str(pair.black)
            rows.append([str(board), white, name(pair.white), "–", black, name(pair.black)])
        when = dates.round_date(tournament.extra_records, r)
        title = _("Round {number}").format(number=r) + (f"  ({when})" if when else "")
        if cycle:
            title += "  — " + _("cycle {number}").format(number=cycle)
        block: list[Flowable] = [heading(title, size=10)]
        if pairs:
            block.append(grid_table(rows, widths, font_size=font, align=align))
        for tpn, label in others:
            block.append(
                note(_("No. {number} {name}: {what}").format(number=tpn, name=name(tpn), what=label))
            )
        story.append(KeepTogether(block))
    if table:
        what = (
            _("Scheveningen")
            if tournament.system == SCHEVENINGEN
            else _("Berger tables, GRC Annex 1")
        )
        story.append(
            note(
                _(
                    "The games of every round ({tables}); rounds already paired as they were "
                    "paired. The first-named player has White."
                ).format(tables=what)
            )
        )
        count = len(steps)
        title = _("Round-robin schedule")
        when = ngettext("{count} round", "{count} rounds", count).format(count=count)
    else:
        title = _("Pairings of every round")
        when = _("rounds 1-{last}").format(last=paired)
    header = make_header(tournament, title, when, None)
    return build_pdf(Path(out_path), story, header, paper=paper)
