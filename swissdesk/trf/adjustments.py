"""What reading a TRF assumed or adjusted, for the arbiter (FIDE's checklist, C.02 VCL
Q47-50): every value the file did not give and swissdesk chose, every record kept without
being read, and how a TRF06 file's unplayed rounds were taken.

TRF06 (the 2006 format) and TRF16 share the player record's columns; TRF16 added the codes
of the unplayed rounds (``H`` half-point bye, ``F`` full-point bye, ``U`` pairing-allocated
bye, ``Z`` zero-point bye). A TRF06 file writes an unplayed round with opponent ``0000`` and
the result it scored: ``+`` (a point), ``=`` (half a point). swissdesk reads those as they
score; which kind of bye a ``+`` was (a PAB or a full-point bye) the file does
not say, so it is kept as a point won without playing, which counts for [C2] like a PAB.
Neither TRF06 nor TRF16 has records for the number of rounds, the initial colour, the point
system, the pairing system or the tie-breaks (TRF-2026's 142, 152, 162, 192, 202; the
JaVaFo extensions XXR, XXC, XXS, BB*): what swissdesk takes when they are missing is listed.

Each note is a whole sentence that remembers its message (:class:`swissdesk.i18n.Message`): the
import's audit row keeps the English and the message, and the window and the command line word
it in their reader's language (issue 38).
"""

from __future__ import annotations

from collections import Counter

from swissdesk.i18n import listed, said, said_n
from swissdesk.model.tournament import (
    Colour,
    ResultCode,
    ScoringSystem,
    Tournament,
    adjourned_games,
)

_KNOWN_KEPT = ("132", "192", "212", "222", "299", "172", "182", "240", "###")
"""Records swissdesk reads or writes back knowingly (not "kept without being read")."""

_TRF06_UNPLAYED = frozenset({ResultCode.FORFEIT_WIN, ResultCode.DRAW})
"""The results a TRF06 file writes for an unplayed round (opponent ``0000``): ``+`` a point,
``=`` half a point."""


def trf_format(text: str, tournament: Tournament) -> str:
    """``TRF-2026``, ``TRF16`` or ``TRF06`` as the file's records and codes show it: TRF-2026
    records (142-260 written the 2026 way), TRF16's bye codes, or neither (TRF06)."""
    tags = {line[:3] for line in text.splitlines()}
    if tags & {"142", "152", "162", "172", "182", "192", "202", "212", "222", "250", "260"}:
        return "TRF-2026"
    codes = {e.result for p in tournament.players for e in p.rounds}
    tpn16 = {
        ResultCode.HALF_POINT_BYE,
        ResultCode.FULL_POINT_BYE,
        ResultCode.PAIRING_ALLOCATED_BYE,
        ResultCode.ZERO_POINT_BYE,
    }
    if codes & tpn16 or not _trf06_unplayed(tournament):
        return "TRF16"
    return "TRF06"


def _trf06_unplayed(tournament: Tournament) -> Counter[ResultCode]:
    found: Counter[ResultCode] = Counter()
    for p in tournament.players:
        for e in p.rounds:
            if e.opponent is None and e.result in _TRF06_UNPLAYED:
                found[e.result] += 1
    return found


def reading_notes(text: str, tournament: Tournament, *, system_chosen: bool = False) -> list[str]:
    """Each value swissdesk assumed or adjusted while reading ``text`` into ``tournament``,
    one sentence each (empty when the file said everything): each a :class:`Message`, the
    English sentence that the import's audit row keeps, worded again for its reader."""
    tags = Counter(line[:3] for line in text.splitlines() if line.strip())
    notes: list[str] = [said("read as {format}", format=trf_format(text, tournament))]
    if not (tags["142"] or tags["XXR"]):
        played = tournament.rounds_with_pairings
        if played:
            notes.append(
                said_n(
                    "the number of rounds is not in the file (record 142 or XXR): set it in "
                    "the tournament settings before pairing (the file has {played} round "
                    "paired)",
                    "the number of rounds is not in the file (record 142 or XXR): set it in "
                    "the tournament settings before pairing (the file has {played} rounds "
                    "paired)",
                    played,
                    played=played,
                )
            )
        else:
            notes.append(
                said(
                    "the number of rounds is not in the file (record 142 or XXR): set it in "
                    "the tournament settings before pairing"
                )
            )
    if not (tags["152"] or tags["XXC"]):
        if tournament.rounds_with_pairings and tournament.initial_colour is Colour.WHITE:
            notes.append(
                said(
                    "the initial colour is not in the file (record 152 or XXC): read from "
                    "round 1's colours, White for the first player paired (C.04.3 art. 5.1)"
                )
            )
        elif tournament.rounds_with_pairings:
            notes.append(
                said(
                    "the initial colour is not in the file (record 152 or XXC): read from "
                    "round 1's colours, Black for the first player paired (C.04.3 art. 5.1)"
                )
            )
        else:
            notes.append(
                said(
                    "the initial colour is not in the file (record 152 or XXC): White for the "
                    "first player, the default"
                )
            )
    scoring_given = any(tags[t] for t in ("162", "XXS", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"))
    if not scoring_given and tournament.scoring == ScoringSystem():
        notes.append(
            said(
                "the points of each result are not in the file (record 162): 1 for a win, ½ "
                "for a draw, the pairing-allocated bye a win (C.04.1 art. 3)"
            )
        )
    if not tags["192"] and not system_chosen:
        notes.append(
            said(
                "the pairing system is not in the file (record 192): {system} taken",
                system=tournament.system,
            )
        )
    if not tournament.tiebreaks:
        notes.append(
            said(
                "the tie-breaks are not in the file (record 202): the standings order by "
                "points alone until they are chosen in the tournament settings"
            )
        )
    unplayed = _trf06_unplayed(tournament)
    for code, count in sorted(unplayed.items(), key=lambda kv: kv[0].value):
        if code is ResultCode.FORFEIT_WIN:
            notes.append(
                said_n(
                    "{count} unplayed round written '0000 - +' (no opponent, the way of "
                    "TRF06): read as a point won without playing; TRF16 would say whether it "
                    "was the pairing-allocated bye (U) or a full-point bye (F)",
                    "{count} unplayed rounds written '0000 - +' (no opponent, the way of "
                    "TRF06): read as a point won without playing; TRF16 would say whether it "
                    "was the pairing-allocated bye (U) or a full-point bye (F)",
                    count,
                    count=count,
                )
            )
        else:
            notes.append(
                said_n(
                    "{count} unplayed round written '0000 - =' (no opponent, the way of "
                    "TRF06): read as half a point without playing (a half-point bye)",
                    "{count} unplayed rounds written '0000 - =' (no opponent, the way of "
                    "TRF06): read as half a point without playing (a half-point bye)",
                    count,
                    count=count,
                )
            )
    for r, white, black in adjourned_games(tournament):
        notes.append(
            said(
                "round {round}: the game {white}-{black} has no result in the file ('?', or a "
                "symbol TRF does not define): imported as an adjourned game, counted as a "
                "draw until its result is entered",
                round=r,
                white=white,
                black=black,
            )
        )
    kept = Counter(
        line[:3]
        for line in tournament.extra_records
        if not any(line.startswith(k) for k in _KNOWN_KEPT)
    )
    if kept:
        records = [
            said_n("{tag} ({count} line)", "{tag} ({count} lines)", n, tag=tag, count=n)
            for tag, n in sorted(kept.items())
        ]
        notes.append(
            said("records kept as they are, not read: {records}", records=listed(records, ", "))
        )
    comments = sum(1 for line in tournament.extra_records if line.startswith("###"))
    if comments:
        notes.append(
            said_n(
                "{count} comment line (###) kept and written back",
                "{count} comment lines (###) kept and written back",
                comments,
                count=comments,
            )
        )
    return notes
