"""Printed documents of a team event (C.04.6): pairing list, match sheets, standings, cross
table, board-by-board individual results.

The team tournament snapshot (``Tournament`` with ``is_team``) gives the matches; the
``TeamEvent`` of a TRF-2026 team file (``swissdesk.trf.team_records``) adds rosters,
line-ups and the players' games for the sheets and the board results.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.platypus import Flowable, Spacer

from swissdesk.errors import InputError
from swissdesk.i18n import N_, _, localize_number, pgettext
from swissdesk.lists.crosstable import colour_letter
from swissdesk.model.team import build_team_states, entry_game_points, entry_match_points
from swissdesk.model.tournament import Colour, ResultCode, Tournament
from swissdesk.reports.common import heading, note, score_text
from swissdesk.reports.fonts import BOLD, REGULAR, register_fonts
from swissdesk.reports.layout import (
    GridTable,
    build_pdf,
    cell_width,
    fit,
    frame_size,
    grid_table,
    make_header,
)
from swissdesk.reports.scripts import isolate, text_width
from swissdesk.storage.teamtrf import BoardStanding, board_standings
from swissdesk.tiebreaks.team import (
    DEFAULT_TEAM_TIEBREAKS,
    TEAM_TIEBREAKS,
    format_team_value,
    team_standings,
)
from swissdesk.trf.team_records import TeamEvent

if TYPE_CHECKING:
    from swissdesk.storage import TournamentFile

_BYES = {
    ResultCode.PAIRING_ALLOCATED_BYE: N_("PAB"),
    ResultCode.FULL_POINT_BYE: N_("FPB"),
    ResultCode.HALF_POINT_BYE: N_("HPB"),
    ResultCode.ZERO_POINT_BYE: N_("ZPB"),
    ResultCode.NOT_PAIRED: N_("ZPB"),
}
"""A team's round without a match (pairing-allocated, full-, half-, zero-point bye), marked
for the catalog and shown with :func:`_bye`."""


def _bye(result: ResultCode) -> str:
    return _(_BYES.get(result, "ZPB"))


def round_matches(tournament: Tournament, round_number: int) -> list[tuple[int, int]]:
    """(White team, Black team) of ``round_number`` in board order (C.04.2 art. 3.6)."""
    states = build_team_states(tournament, round_number)
    matches: list[tuple[int, int]] = []
    for team in tournament.players:
        e = team.entry(round_number)
        if e is None or e.opponent is None:
            continue
        if e.colour is Colour.WHITE or (e.colour is None and team.tpn < e.opponent):
            matches.append((team.tpn, e.opponent))

    def key(match: tuple[int, int]) -> tuple[int, int, int]:
        a, b = match
        sa, sb = states[a].score, states[b].score
        higher = a if (sa, -a) > (sb, -b) else b
        return (-states[higher].score, -(sa + sb), higher)

    return sorted(matches, key=key)


def _name(tournament: Tournament, tpn: int, width: float) -> str:
    return fit(tournament.player(tpn).name, width, REGULAR, 9)


def render_team_pairings(
    tournament: Tournament, out_path: Path, *, round_number: int, paper: str = "a4"
) -> Path:
    """The team pairing list of a round: one match per line, results when known."""
    states = build_team_states(tournament, round_number)
    width, _height = frame_size(paper)
    # The result column as wide as a forfeited match's result in the document's words
    # ("2.0 - 0.0 (kampflos)"); the two names share what is left of the page.
    result_w = max(66.0, cell_width([f"88.5 - 88.5 {_('(forfeit)')}"], 9))
    name_w = (width - 30 - 2 * 24 - 2 * 30 - result_w) / 2
    rows = [
        [_("Match"), _("No."), _("White (board 1)"), _("MP"), _("MP"),
         pgettext("player", "Black"), _("No."), _("Result")]
    ]  # fmt: skip
    for index, (white, black) in enumerate(round_matches(tournament, round_number), start=1):
        e = tournament.player(white).entry(round_number)
        result = ""
        if e is not None and e.result is not ResultCode.NOT_PAIRED and e.game_points is not None:
            other = tournament.player(black).entry(round_number)
            gp_b = entry_game_points(tournament, other) if other is not None else 0
            forfeit = (
                " " + _("(forfeit)")
                if e.result in (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS)
                else ""
            )
            result = f"{score_text(e.game_points)} - {score_text(gp_b)}{forfeit}"
        rows.append(
            [
                str(index),
                str(white),
                _name(tournament, white, name_w),
                score_text(states[white].match_points),
                score_text(states[black].match_points),
                _name(tournament, black, name_w),
                str(black),
                result,
            ]
        )
    story: list[Flowable] = [
        grid_table(
            rows,
            [30, 24, name_w, 30, 30, name_w, 24, result_w],
            align=["RIGHT", "RIGHT", "LEFT", "RIGHT", "RIGHT", "LEFT", "RIGHT", "CENTER"],
        )
    ]
    for team in tournament.players:
        e = team.entry(round_number)
        if e is not None and e.opponent is None:
            story.append(note(f"{isolate(team.name)} ({team.tpn}): {_bye(e.result)}"))
    round_text = _("Round {number}").format(number=round_number)
    header = make_header(tournament, _("Team pairings"), round_text, round_number)
    return build_pdf(Path(out_path), story, header, paper=paper)


def render_team_standings(
    tournament: Tournament,
    out_path: Path,
    *,
    tiebreaks: Sequence[str] | None = None,
    rounds: int | None = None,
    paper: str = "a4",
) -> Path:
    """Team standings after ``rounds`` (default: every round in ``tournament``): match
    points, game points and the team tie-breaks of C.07 (default: the tournament's, else
    :data:`DEFAULT_TEAM_TIEBREAKS`). A tie-break that is a score column already (GP, MP)
    ranks but is printed once; teams equal on everything share a place ("3-4")."""
    codes = tuple(tiebreaks) if tiebreaks else tuple(tournament.tiebreaks) or DEFAULT_TEAM_TIEBREAKS
    after = (
        rounds
        if rounds is not None
        else max((len(p.rounds) for p in tournament.players), default=0)
    )
    rows_data = team_standings(tournament, codes, after)
    shown = [i for i, code in enumerate(codes) if code not in ("MP", "GP")]
    font = 9.0
    padding = 2 * GridTable.PADDING + 4
    tb_widths = [max(40.0, text_width(codes[i], BOLD, font) + padding) for i in shown]
    fixed = [30.0, 26.0, 36.0, 36.0]  # Rk, No., MP, GP
    width, _height = frame_size(paper)
    name_w = width - sum(fixed) - sum(tb_widths)
    rows = [[_("Rk"), _("No."), _("Team"), _("MP"), _("GP"), *(codes[i] for i in shown)]]
    for row in rows_data:
        rows.append(
            [
                row.rank_label,
                str(row.tpn),
                _name(tournament, row.tpn, name_w - 5),
                score_text(row.match_points),
                score_text(row.game_points),
                *(localize_number(format_team_value(codes[i], row.values[i])) for i in shown),
            ]
        )
    story: list[Flowable] = [
        grid_table(
            rows,
            [fixed[0], fixed[1], name_w, fixed[2], fixed[3], *tb_widths],
            font_size=font,
            align=["RIGHT", "RIGHT", "LEFT"] + ["RIGHT"] * (2 + len(shown)),
            bold_columns=(3,),
        )
    ]
    primary = "MP" if _by_match_points(tournament) else "GP"
    order = dict.fromkeys((primary, *codes))  # each once, in ranking order
    legend = _(", then ").join(f"{c} ({_(TEAM_TIEBREAKS[c])})" for c in order)
    story.append(note(_("Ranked by {tiebreaks}.").format(tiebreaks=legend)))
    when = _("after round {number}").format(number=after) if after else _("before round 1")
    header = make_header(tournament, _("Team standings"), when, after or None)
    return build_pdf(Path(out_path), story, header, paper=paper)


def _by_match_points(tournament: Tournament) -> bool:
    from swissdesk.model.team import team_settings

    return team_settings(tournament).primary_score != "game"


def render_team_crosstable(tournament: Tournament, out_path: Path, *, paper: str = "a4") -> Path:
    """Team cross table: per round the opponent, colour of board 1 and game points."""
    last = max((len(p.rounds) for p in tournament.players), default=0)
    width, _height = frame_size(paper, landscape_orientation=True)
    name_w = max(100.0, width - 26 - 36 - 36 - 52 * last)
    rows = [
        [_("No."), _("Team"), *(_("R{number}").format(number=r) for r in range(1, last + 1)),
         _("MP"), _("GP")]
    ]  # fmt: skip
    for team in tournament.players:
        cells = []
        for e in team.rounds:
            if e.opponent is None:
                cells.append(_bye(e.result))
            else:
                colour = colour_letter(e.colour)  # w/b; w/s in German (the glossary's)
                mark = "f" if e.result in (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS) else ""
                cells.append(
                    f"{e.opponent}{colour} {score_text(entry_game_points(tournament, e))}{mark}"
                )
        cells += [""] * (last - len(cells))
        mp = sum(entry_match_points(tournament, e) for e in team.rounds)
        gp = sum(entry_game_points(tournament, e) for e in team.rounds)
        rows.append(
            [
                str(team.tpn),
                _name(tournament, team.tpn, name_w),
                *cells,
                score_text(mp),
                score_text(gp),
            ]
        )
    story: list[Flowable] = [grid_table(rows, [26, name_w, *([52.0] * last), 36, 36], font_size=8)]
    header = make_header(tournament, _("Team cross table"), "", None)
    return build_pdf(Path(out_path), story, header, paper=paper, landscape_orientation=True)


def default_lineup(event: TeamEvent, team: int, round_number: int) -> tuple[int, ...]:
    """The line-up of ``team`` in a round: the recorded one, else the first boards of the
    roster (C.04.6 art. 0: players keep roster order)."""
    boards = event.tournament.team.boards if event.tournament.team else 4
    return event.lineups.get((round_number, team), event.rosters.get(team, ())[:boards])


def render_match_sheets(
    event: TeamEvent, out_path: Path, *, round_number: int, paper: str = "a4"
) -> Path:
    """One sheet per match with both line-ups, the board colours and blank result boxes."""
    register_fonts()  # heading() needs the bold font registered first
    t = event.tournament
    players = event.players.players_by_tpn
    boards = t.team.boards if t.team else 4
    colours = event.board_colours
    width, _height = frame_size(paper)
    name_w = (width - 40 - 2 * 30 - 60) / 2
    story: list[Flowable] = []
    for index, (white, black) in enumerate(round_matches(t, round_number), start=1):
        first, second = isolate(t.player(white).name), isolate(t.player(black).name)
        story.append(
            heading(_("Match {number}: {first} – {second}").format(
                number=index, first=first, second=second
            ))
        )  # fmt: skip
        left = default_lineup(event, white, round_number)
        right = default_lineup(event, black, round_number)
        rows = [
            [
                _("Board"),
                _("Col"),
                fit(t.player(white).name, name_w, BOLD, 9),
                _("Col"),
                fit(t.player(black).name, name_w, BOLD, 9),
                _("Result"),
            ]
        ]
        for board in range(boards):
            first = colours[board % len(colours)] if colours else "WB"[board % 2]
            a = left[board] if board < len(left) else 0
            b = right[board] if board < len(right) else 0
            rows.append(
                [
                    str(board + 1),
                    _colour_letter(first),
                    fit(players[a].name, name_w, REGULAR, 9) if a in players else "",
                    _colour_letter("B" if first == "W" else "W"),
                    fit(players[b].name, name_w, REGULAR, 9) if b in players else "",
                    "",
                ]
            )
        rows.append(["", "", _("Captain:"), "", _("Captain:"), _("Total")])
        story.append(grid_table(rows, [40, 30, name_w, 30, name_w, 60], zebra=False))
        story.append(Spacer(1, 12))
    round_text = _("Round {number}").format(number=round_number)
    header = make_header(t, _("Match sheets"), round_text, round_number)
    return build_pdf(Path(out_path), story, header, paper=paper)


def _colour_letter(letter: str) -> str:
    """A board's colour on a match sheet (``W``/``B`` in the document's language)."""
    if letter == "W":
        return pgettext("colour letter on a pairing card", "W")
    if letter == "B":
        return pgettext("colour letter on a pairing card", "B")
    return letter


def percentage(points: int, games: int) -> str:
    """The share of the points won, rounded to the nearest whole per cent (half-points:
    2 of 3 games is 67 %, never the truncated 66)."""
    if not games:
        return ""
    return str((100 * points + games) // (2 * games))


def render_board_results(event: TeamEvent, out_path: Path, *, paper: str = "a4") -> Path:
    """Board-by-board individual results: each player's games, points, percentage and
    performance on each board (:func:`swissdesk.storage.teamtrf.board_standings`, the table
    the Team standings page shows; a game won against an empty board counts)."""
    register_fonts()  # heading() needs the bold font registered first
    t = event.tournament
    width, _height = frame_size(paper)
    name_w = (width - 36 - 36 - 36 - 36 - 40) / 2
    by_board: dict[int, list[BoardStanding]] = {}
    for standing in board_standings(event):
        by_board.setdefault(standing.board, []).append(standing)
    story: list[Flowable] = []
    for board, standings in sorted(by_board.items()):
        story.append(heading(_("Board {number}").format(number=board)))
        rows = [[_("Player"), _("Rtg"), _("Team"), _("Pts"), _("Games"), "%", _("Perf")]]
        for s in standings:
            rows.append(
                [
                    fit(s.name, name_w, REGULAR, 9),
                    str(s.rating) if s.rating else "",
                    fit(s.team, name_w, REGULAR, 9),
                    score_text(s.points),
                    str(s.games),
                    percentage(s.points, s.games),
                    str(s.performance) if s.performance is not None else "",
                ]
            )
        story.append(grid_table(rows, [name_w, 36, name_w, 36, 36, 36, 40]))
    header = make_header(t, _("Board results"), "", None)
    return build_pdf(Path(out_path), story, header, paper=paper)


TEAM_KINDS: tuple[str, ...] = ("pairings", "sheets", "standings", "crosstable", "boards")
"""The documents of a team event, by the name ``swissdesk team report --kind`` uses."""

TEAM_KIND_TITLES: dict[str, str] = {
    "pairings": N_("Team pairings"),
    "sheets": N_("Match sheets"),
    "standings": N_("Team standings"),
    "crosstable": N_("Team cross table"),
    "boards": N_("Board results"),
}
"""A human title per team document, for menus and the print dialog."""

TEAM_ROUND_KINDS = ("pairings", "sheets")
"""The team documents of one round (the others cover the complete rounds)."""


def render_team_report(
    kind: str,
    tf: TournamentFile,
    out_path: str | os.PathLike[str],
    *,
    round_number: int | None = None,
    paper: str = "a4",
) -> Path:
    """Write the team document ``kind`` (one of :data:`TEAM_KINDS`) of the team event in
    ``tf``: pairing list and match sheets of ``round_number`` (default: the last paired,
    the round in progress included), standings, cross table and board results after the
    complete rounds. Written like every document (:func:`swissdesk.reports.write_atomically`).
    """
    from swissdesk.reports import write_atomically

    if kind not in TEAM_KINDS:
        raise InputError(f"unknown team document {kind!r} (choose one of: {', '.join(TEAM_KINDS)})")
    pending = kind in TEAM_ROUND_KINDS
    paired = tf.rounds_paired()
    rnd = round_number if round_number is not None else paired
    if pending and not 1 <= rnd <= paired:
        raise InputError(f"round {rnd} is not paired" if paired else "no round is paired yet")
    tournament = tf.snapshot(include_pending=True) if pending else tf.snapshot()

    def draw(temp: Path) -> Path:
        if kind == "pairings":
            return render_team_pairings(tournament, temp, round_number=rnd, paper=paper)
        if kind == "sheets":
            event = tf.team_event(include_pending=True)
            return render_match_sheets(event, temp, round_number=rnd, paper=paper)
        if kind == "standings":
            return render_team_standings(
                tournament, temp, rounds=tournament.rounds_with_pairings, paper=paper
            )
        if kind == "crosstable":
            return render_team_crosstable(tournament, temp, paper=paper)
        return render_board_results(tf.team_event(), temp, paper=paper)

    return write_atomically(out_path, draw)
