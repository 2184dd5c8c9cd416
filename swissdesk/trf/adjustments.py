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
"""

from __future__ import annotations

from collections import Counter

from swissdesk.model.tournament import (
    Colour,
    ResultCode,
    ScoringSystem,
    Tournament,
    adjourned_games,
)

_KNOWN_KEPT = ("132", "192", "212", "222", "299", "172", "182", "240", "###")
"""Records swissdesk reads or writes back knowingly (not "kept without being read")."""

_TRF06_UNPLAYED = {
    ResultCode.FORFEIT_WIN: ("'0000 - +'", "a point won without playing"),
    ResultCode.DRAW: ("'0000 - ='", "half a point without playing (a half-point bye)"),
}


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
    one sentence each (empty when the file said everything)."""
    tags = Counter(line[:3] for line in text.splitlines() if line.strip())
    notes: list[str] = [f"read as {trf_format(text, tournament)}"]
    if not (tags["142"] or tags["XXR"]):
        played = tournament.rounds_with_pairings
        notes.append(
            "the number of rounds is not in the file (record 142 or XXR): set it in the "
            "tournament settings before pairing"
            + (f" (the file has {played} round{'s' if played != 1 else ''} paired)" if played else "")
        )
    if not (tags["152"] or tags["XXC"]):
        colour = "White" if tournament.initial_colour is Colour.WHITE else "Black"
        if tournament.rounds_with_pairings:
            notes.append(
                f"the initial colour is not in the file (record 152 or XXC): read from round "
                f"1's colours, {colour} for the first player paired (C.04.3 art. 5.1)"
            )
        else:
            notes.append(
                "the initial colour is not in the file (record 152 or XXC): White for the "
                "first player, the default"
            )
    scoring_given = any(tags[t] for t in ("162", "XXS", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"))
    if not scoring_given and tournament.scoring == ScoringSystem():
        notes.append(
            "the points of each result are not in the file (record 162): 1 for a win, ½ for "
            "a draw, the pairing-allocated bye a win (C.04.1 art. 3)"
        )
    if not tags["192"] and not system_chosen:
        notes.append(
            f"the pairing system is not in the file (record 192): {tournament.system} taken"
        )
    if not tournament.tiebreaks:
        notes.append(
            "the tie-breaks are not in the file (record 202): the standings order by points "
            "alone until they are chosen in the tournament settings"
        )
    unplayed = _trf06_unplayed(tournament)
    for code, count in sorted(unplayed.items(), key=lambda kv: kv[0].value):
        written, meaning = _TRF06_UNPLAYED[code]
        notes.append(
            f"{count} unplayed round{'s' if count != 1 else ''} written {written} (no "
            f"opponent, the way of TRF06): read as {meaning}"
            + (
                "; TRF16 would say whether it was the pairing-allocated bye (U) or a "
                "full-point bye (F)"
                if code is ResultCode.FORFEIT_WIN
                else ""
            )
        )
    for r, white, black in adjourned_games(tournament):
        notes.append(
            f"round {r}: the game {white}-{black} has no result in the file ('?', or a "
            "symbol TRF does not define): imported as an adjourned game, counted as a draw "
            "until its result is entered"
        )
    kept = Counter(
        line[:3]
        for line in tournament.extra_records
        if not any(line.startswith(k) for k in _KNOWN_KEPT)
    )
    if kept:
        listed = ", ".join(f"{tag} ({n} line{'s' if n != 1 else ''})" for tag, n in sorted(kept.items()))
        notes.append(f"records kept as they are, not read: {listed}")
    comments = sum(1 for line in tournament.extra_records if line.startswith("###"))
    if comments:
        notes.append(
            f"{comments} comment line{'s' if comments != 1 else ''} (###) kept and written back"
        )
    return notes
