"""The boards of a round in publishing order, and who is not on a board (standard library only).

The pairings of a round are read back from the players' round entries; boards are numbered
by the recommended sorting of C.04.2 art. 3.6: the higher score of the pair's higher-ranked
participant, then the higher sum of both scores, then the smaller TPN of the higher-ranked
participant (scores as they stood before the round).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from swissdesk.errors import InputError
from swissdesk.i18n import N_, _
from swissdesk.model.double_swiss import match_text
from swissdesk.model.round_robin import is_round_robin
from swissdesk.model.state import scores_after_each_round
from swissdesk.model.tournament import (
    Colour,
    HalfPoints,
    ResultCode,
    RoundEntry,
    ScoringSystem,
    Tournament,
)


@dataclass(frozen=True, slots=True)
class Board:
    """One board of a round: its number, the TPNs and the entries of both players."""

    number: int
    white: int
    black: int
    white_entry: RoundEntry | None
    black_entry: RoundEntry | None


@dataclass(frozen=True, slots=True)
class Unpaired:
    """A participant without a board in a round: PAB, requested bye or absence."""

    tpn: int
    result: ResultCode


def last_paired_round(tournament: Tournament) -> int:
    """The latest round with pairings; :class:`InputError` if none was paired yet."""
    last = tournament.rounds_with_pairings
    if last == 0:
        raise InputError(_("no round has been paired yet: there is nothing to print"))
    return last


def check_round(tournament: Tournament, round_number: int | None) -> int:
    """``round_number`` or the latest paired round, checked against the tournament."""
    if round_number is None:
        return last_paired_round(tournament)
    last = tournament.rounds_with_pairings
    if round_number < 1 or round_number > last:
        if last == 0:
            raise InputError(_("no round has been paired yet: there is nothing to print"))
        raise InputError(
            _("round {round_number} has not been paired: choose a round from 1 to {last}").format(
                round_number=round_number, last=last
            )
        )
    return round_number


def scores_before(tournament: Tournament, round_number: int) -> dict[int, HalfPoints]:
    """Every participant's score (half-points) before ``round_number`` was played."""
    table = scores_after_each_round(tournament, round_number - 1)
    return {tpn: seq[round_number - 1] for tpn, seq in table.items()}


def round_pairs(tournament: Tournament, round_number: int) -> list[tuple[int, int]]:
    """The ``(white, black)`` pairs of a round, as the round entries record them (unsorted).

    A pair whose colours were not recorded (an unplayed game) puts the smaller TPN first.
    """
    by_tpn = tournament.players_by_tpn
    seen: set[int] = set()
    pairs: list[tuple[int, int]] = []
    for player in tournament.players:
        entry = player.entry(round_number)
        if entry is None or entry.opponent is None or player.tpn in seen:
            continue
        opponent = entry.opponent
        seen.update((player.tpn, opponent))
        if entry.colour is Colour.WHITE:
            pairs.append((player.tpn, opponent))
        elif entry.colour is Colour.BLACK:
            pairs.append((opponent, player.tpn))
        else:
            other = by_tpn[opponent].entry(round_number) if opponent in by_tpn else None
            if other is not None and other.colour is Colour.WHITE:
                pairs.append((opponent, player.tpn))
            elif other is not None and other.colour is Colour.BLACK:
                pairs.append((player.tpn, opponent))
            else:
                pairs.append((min(player.tpn, opponent), max(player.tpn, opponent)))
    return pairs


def sort_pairs(
    pairs: Sequence[tuple[int, int]], scores: dict[int, HalfPoints]
) -> list[tuple[int, int]]:
    """``pairs`` in publishing order (C.04.2 art. 3.6.1-3.6.3).

    The higher-ranked participant of a pair is the one with the higher score, and with equal
    scores the smaller TPN.
    """

    def key(pair: tuple[int, int]) -> tuple[int, int, int]:
        white, black = pair
        sw, sb = scores.get(white, 0), scores.get(black, 0)
        higher = min((-sw, white), (-sb, black))
        return (higher[0], -(sw + sb), higher[1])

    return sorted(pairs, key=key)


def boards_of_round(
    tournament: Tournament,
    round_number: int,
    order: Sequence[tuple[int, int]] | None = None,
) -> list[Board]:
    """The boards of ``round_number`` numbered from 1.

    ``order`` is the board order the pairing program or the arbiter fixed (white, black);
    without it the pairs are sorted as C.04.2 art. 3.6 recommends.
    """
    by_tpn = tournament.players_by_tpn
    recorded = round_pairs(tournament, round_number)
    if order is None:
        pairs = sort_pairs(recorded, scores_before(tournament, round_number))
    else:
        pairs = [(int(w), int(b)) for w, b in order]
        # A game the given order lacks still gets a board (after the others), so that no
        # player is left off the list.
        listed = {frozenset(p) for p in pairs}
        missing = [p for p in recorded if frozenset(p) not in listed]
        pairs += sort_pairs(missing, scores_before(tournament, round_number))
    boards: list[Board] = []
    for number, (white, black) in enumerate(pairs, start=1):
        w = by_tpn.get(white)
        b = by_tpn.get(black)
        boards.append(
            Board(
                number=number,
                white=white,
                black=black,
                white_entry=w.entry(round_number) if w is not None else None,
                black_entry=b.entry(round_number) if b is not None else None,
            )
        )
    return boards


_UNPAIRED_ORDER = {
    ResultCode.PAIRING_ALLOCATED_BYE: 0,
    ResultCode.FULL_POINT_BYE: 1,
    ResultCode.HALF_POINT_BYE: 2,
    ResultCode.ZERO_POINT_BYE: 3,
    ResultCode.NOT_PAIRED: 4,
}


def unpaired_of_round(tournament: Tournament, round_number: int) -> list[Unpaired]:
    """Participants without a board in ``round_number``: the PAB first, then requested byes
    (full, half, zero point), then those absent or no longer paired (C.04.2 art. 3.2-3.3)."""
    out: list[Unpaired] = []
    for player in tournament.players:
        entry = player.entry(round_number)
        if entry is None:
            out.append(Unpaired(player.tpn, ResultCode.NOT_PAIRED))
        elif entry.opponent is None:
            out.append(Unpaired(player.tpn, entry.result))
    out.sort(key=lambda u: (_UNPAIRED_ORDER.get(u.result, 5), u.tpn))
    return out


BYE_LABELS: dict[ResultCode, str] = {
    ResultCode.PAIRING_ALLOCATED_BYE: N_("pairing-allocated bye"),
    ResultCode.FULL_POINT_BYE: N_("full-point bye"),
    ResultCode.HALF_POINT_BYE: N_("half-point bye"),
    ResultCode.ZERO_POINT_BYE: N_("zero-point bye"),
    ResultCode.NOT_PAIRED: N_("absent"),
}
"""How a list names each kind of round without a board (as the window does; a withdrawn
player is "withdrawn", see :func:`withdrawn_by_round`). English, marked for the catalog:
:func:`bye_label` gives them in the current language."""

WITHDRAWN = N_("withdrawn")
"""Marked for the catalog; shown as ``_(WITHDRAWN)``."""


def withdrawn_by_round(
    tournament: Tournament, round_number: int, withdrawn: Mapping[int, int] | None
) -> frozenset[int]:
    """The players withdrawn by ``round_number``: from ``withdrawn`` (TPN -> first round not
    played, what the tournament file records), else as far as the entries show it
    (:func:`swissdesk.model.withdrawal.withdrawals`, for a TRF)."""
    if withdrawn is None:
        from swissdesk.model.withdrawal import withdrawals

        withdrawn = withdrawals(tournament)
    return frozenset(tpn for tpn, r in withdrawn.items() if r <= round_number)


def bye_label(tournament: Tournament, result: ResultCode) -> str:
    """How a list names a round without a board: a round robin's bye is the table's bye
    number (GRC Annex 1), no game rather than a pairing-allocated bye."""
    if result is ResultCode.PAIRING_ALLOCATED_BYE and is_round_robin(tournament.system):
        return _("bye (no game)")
    return _(BYE_LABELS[result])


def result_pending(entry: RoundEntry | None) -> bool:
    """True when a paired game has no result yet (entered as blank)."""
    return entry is None or entry.result is ResultCode.NOT_PAIRED


GAME_MARKS: dict[ResultCode, str] = {
    ResultCode.WIN: "1",
    ResultCode.UNRATED_WIN: "1",
    ResultCode.DRAW: "½",
    ResultCode.UNRATED_DRAW: "½",
    ResultCode.LOSS: "0",
    ResultCode.UNRATED_LOSS: "0",
    ResultCode.FORFEIT_WIN: "+",
    ResultCode.FORFEIT_LOSS: "-",
}
"""One player's side of a game result, as every document prints it."""

BYE_MARKS: dict[ResultCode, str] = {
    ResultCode.PAIRING_ALLOCATED_BYE: N_("PAB"),
    ResultCode.FULL_POINT_BYE: N_("bye 1"),
    ResultCode.HALF_POINT_BYE: N_("bye ½"),
    ResultCode.ZERO_POINT_BYE: N_("bye 0"),
}
"""A round without an opponent in a grid cell (pairing cards, cross table), 1-½-0 scoring;
English, marked for the catalog (shown through :func:`bye_mark` or ``_()``)."""


def bye_mark(result: ResultCode, scoring: ScoringSystem) -> str | None:
    """``PAB``, or a requested bye with the points it scores under ``scoring`` (``bye ½``;
    a Double-Swiss half-point bye is worth a point, 3-1-0 byes 3 or 1); None for other
    results."""
    if result is ResultCode.PAIRING_ALLOCATED_BYE:
        return _("PAB")
    if result not in BYE_MARKS:
        return None
    whole, half = divmod(scoring.points(result), 2)
    shown = (f"{whole}½" if whole else "½") if half else str(whole)
    return _("bye {points}").format(points=shown)


def board_result(board: Board) -> str:
    """The result as a board list prints it (``1 - 0``, ``½ - ½``, ``+ - -``), or ``""``
    when it is not known yet."""
    we, be = board.white_entry, board.black_entry
    if result_pending(we) and result_pending(be):
        return ""
    if we is not None and be is not None and len(we.games) == 2 and len(be.games) == 2:
        # Double-Swiss match (C.04.5): the match score, then each game, all from the
        # board's White (left) player's side, as the window shows it.
        return match_text([(w.result, b.result) for w, b in zip(we.games, be.games, strict=True)])
    white = GAME_MARKS.get(we.result, "?") if we is not None and not result_pending(we) else "?"
    black = GAME_MARKS.get(be.result, "?") if be is not None and not result_pending(be) else "?"
    if white == "?" and black != "?":
        white = _mirror(black)
    if black == "?" and white != "?":
        black = _mirror(white)
    return f"{white} - {black}"


def _mirror(side: str) -> str:
    return {"1": "0", "0": "1", "½": "½", "+": "-", "-": "+"}.get(side, "?")
