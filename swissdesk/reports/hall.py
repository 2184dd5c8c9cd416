"""The board list for the hall: every section's pairings in one document (issue 33).

At an event of several sections the players look for their board on one list: the sections
follow one another in the event's order, each under its own heading with its round, and the
board numbers either restart in each section (as each section's own list prints them) or
run on across the sections, when the hall numbers its tables that way (``continuous``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.platypus import CondPageBreak, Flowable

from swissdesk.i18n import _
from swissdesk.lists.board_order import boards_of_round, check_round
from swissdesk.model.tournament import Tournament
from swissdesk.reports.boards import board_list_story
from swissdesk.reports.common import heading
from swissdesk.reports.layout import build_pdf, frame_size, make_header


@dataclass(frozen=True, slots=True)
class HallSection:
    """One section on the hall's list: its name, the tournament with the round being
    played (``Tournament`` including pending results), the round to show and the published
    board order of that round (``None``: C.04.2 art. 3.6)."""

    name: str
    tournament: Tournament
    round_number: int
    board_order: Sequence[tuple[int, int]] | None = None
    withdrawn: Mapping[int, int] | None = None
    """TPN -> the round a player is withdrawn from (the file's record; an absence in one
    round is not a withdrawal)."""


def hall_board_numbers(sections: Sequence[HallSection], *, continuous: bool) -> list[int]:
    """The first board number of each section: 1 for every section, or (``continuous``)
    one more than the last board of the section before."""
    firsts: list[int] = []
    next_board = 1
    for section in sections:
        firsts.append(next_board if continuous else 1)
        boards = boards_of_round(section.tournament, section.round_number, section.board_order)
        next_board += len(boards)
    return firsts


def render_hall_boards(
    event: str,
    sections: Sequence[HallSection],
    out_path: Path,
    *,
    paper: str = "a4",
    continuous: bool = False,
) -> Path:
    """Write the combined board list of ``sections`` (in that order) for the hall."""
    if not sections:
        from swissdesk.errors import InputError

        raise InputError("no section has a paired round to print")
    width, _height = frame_size(paper)
    story: list[Flowable] = []
    firsts = hall_board_numbers(sections, continuous=continuous)
    for i, (section, start) in enumerate(zip(sections, firsts, strict=True)):
        rnd = check_round(section.tournament, section.round_number)
        story.append(CondPageBreak(120))  # a section's heading never ends a page
        title = _("{section} – Round {number}").format(section=section.name, number=rnd)
        story.append(heading(title, size=13, space_before=14 if i else 0))
        story.extend(
            board_list_story(
                section.tournament,
                rnd,
                width,
                board_order=section.board_order,
                withdrawn=section.withdrawn,
                first_board=start,
            )
        )
    first = sections[0].tournament
    shown = dataclasses.replace(first, info=dataclasses.replace(first.info, name=event))
    numbering = _("boards numbered on") if continuous and len(sections) > 1 else ""
    title = _("Pairings – all sections")
    header = make_header(shown, title, numbering, sections[0].round_number)
    return build_pdf(Path(out_path), story, header, paper=paper)
