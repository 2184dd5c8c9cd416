"""Write a :class:`Tournament` as a Tournament Report File: TRF-2026 by default, TRF16 on request.

Player records are regenerated from the model's fields in the fixed TRF columns, so that
reading a file and writing it again gives the same player lines (proved on the whole reference
corpus by the tests). TRF-2026 uses records 142 (rounds), 152 (initial colour), 162 (scoring),
250 (accelerated rounds) and 260 (prohibited pairings); TRF16 uses the JaVaFo/bbpPairings
extension codes ``XXR``, ``XXC``, ``BBW``..., ``XXA`` and ``XXP`` that pairing engines read.

The organiser (``TournamentInfo.organiser``) is never written: neither TRF16 nor TRF-2026
has a record for it, and a file sent to FIDE for rating holds only FIDE's records.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from dataclasses import replace
from pathlib import Path

from swissdesk.errors import InputError
from swissdesk.i18n import _
from swissdesk.model import round_robin
from swissdesk.model.double_swiss import games_per_column, is_match_layout
from swissdesk.model.external_tiebreak import trf_line as external_trf_line
from swissdesk.model.ratings import RatingMethod
from swissdesk.model.tournament import (
    DOUBLE_SWISS,
    Colour,
    HalfPoints,
    Player,
    RatingReportResult,
    ResultCode,
    RoundEntry,
    ScoringSystem,
    Tournament,
    adjourned_games,
    board_text,
    half_points_to_str,
)
from swissdesk.trf.reader import SYSTEM_192_TEXT, acceptable_points, record_212, stale_212

VERSIONS = ("2026", "16")


def format_trf(t: Tournament, *, version: str = "2026") -> str:
    """The TRF text of ``t`` (``version`` ``"2026"`` or ``"16"``), lines ending in LF."""
    if version not in VERSIONS:
        raise InputError(
            _("unknown TRF version {version} (use 2026 or 16)").format(version=repr(version))
        )
    if t.system == DOUBLE_SWISS and is_match_layout(t):
        t = games_per_column(t)  # one game per round column (C.04.5 layout)
    modern = version == "2026"
    if not modern and has_adjournments(t):
        t = without_adjournments(t)  # TRF16 has no '?': the provisional draw, as before
    lines: list[str] = []
    info = t.info
    for tag, value in (
        ("012", info.name),
        ("022", info.city),
        ("032", info.federation),
        ("042", info.start_date),
        ("052", info.end_date),
        ("092", info.tournament_type),
        ("102", info.chief_arbiter),
    ):
        if value:
            lines.append(f"{tag} {value}")
    lines += [f"112 {name}" for name in info.deputy_arbiters]
    if info.time_control:
        lines.append(f"122 {info.time_control}")
    # Record 132 (the dates of the rounds) follows 122, as in the TRF's list of records.
    lines += [r for r in t.extra_records if r.startswith("132")]
    if t.total_rounds:
        lines.append(f"{'142' if modern else 'XXR'} {t.total_rounds}")
    if modern:
        lines.append(f"152 {'W' if t.initial_colour is Colour.WHITE else 'B'}")
    else:
        lines.append(f"XXC {'white1' if t.initial_colour is Colour.WHITE else 'black1'}")
    lines += _scoring_records(t.scoring, modern, unknown=has_adjournments(t))
    if t.tiebreaks:
        lines.append("202 " + ", ".join(t.tiebreaks))
    if t.system != "dutch" and not any(r.startswith("192") for r in t.extra_records):
        lines.append(f"192 {_system_code(t)}")
    # A 212 read from a file no longer holds when the tie-breaks (202) were changed since.
    drop_212 = stale_212(t)
    if modern:
        lines += _controller_records(t, keeps_212=record_212(t) is not None and not drop_212)
    lines += [
        r
        for r in t.extra_records
        if not r.startswith("132") and not (drop_212 and r.startswith("212"))
    ]
    # The pairing-integrity events of this tournament, after the records kept from a file.
    lines += [f"### {text}" for text in t.integrity_log]
    # Results corrected for the rating report only (C.02 Q192-193), read back on import.
    lines += [f"### {c.trf_text(_entered(t, c))}" for c in t.rating_corrections]
    # Values decided outside the program (C.02 Q207): TRF-2026 has no tie-break code for
    # them in 202/212, so a comment states them; swissdesk reads it back.
    if t.external_tiebreak is not None and t.external_tiebreak.in_use:
        lines.append(external_trf_line(t.external_tiebreak))
    if not modern:
        lines += _xxa_records(t)
    record_172 = rating_method_record(t) if modern else None
    if record_172 is not None:
        lines.append(record_172)
    done = t.rounds_with_pairings
    for p in sorted(t.players, key=lambda p: p.tpn):
        lines.append(player_line(t, p, done))
        if record_172 is not None:
            lines += national_rating_lines(p, record_172[4:7].strip())
    if modern:
        if t.pairing_controller and not t.is_team:
            # The players' round columns carry the same byes; the records state them as
            # TRF-2026 defines them, so the final TRF omits no event (C.02 VCL Q217). Written
            # for an event swissdesk ran, as 182 and 212 are, up to the round to be paired
            # as the reader applies them (later ones it keeps as records: written twice).
            lines += bye_records(t, through=t.rounds_with_pairings + 1)
        lines += _250_records(t)
    lines += _forbidden_records(t, modern)
    return "\n".join(lines) + "\n"


def _controller_records(t: Tournament, *, keeps_212: bool) -> list[str]:
    """TRF-2026 records 182 (the pairing controller: the program that paired, mandatory for
    title events) and 212 (the tie-breaks that define the standings: record 202 after
    ``PTS``, the points) of a tournament swissdesk ran (C.02 VCL Q217: the final TRF omits
    no record TRF-2026 defines). A file's own records are kept instead; a team event's
    standings start from match points, so its 212 is left to the file."""
    if not t.pairing_controller:
        return []
    out = []
    if not any(r.startswith("182") for r in t.extra_records):
        out.append(f"182 {t.pairing_controller}")
    if t.tiebreaks and not t.is_team and not keeps_212:
        out.append("212 " + ", ".join(("PTS", *t.tiebreaks)))
    return out


def write_trf(t: Tournament, path: str | os.PathLike[str], *, version: str = "2026") -> None:
    """Write ``t`` to ``path`` atomically: a temporary file beside it, then a rename, so a
    crash never leaves half a tournament behind."""
    text = format_trf(t, version=version)
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise InputError(
            _("cannot write {path}: {why}").format(path=os.fspath(path), why=exc.strerror or exc)
        ) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        # mkstemp makes the file private (0600): give it the old file's mode, or rw-r--r--.
        try:
            mode = stat.S_IMODE(target.stat().st_mode)
        except OSError:
            mode = 0o644
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise InputError(
            _("cannot write {path}: {why}").format(path=os.fspath(path), why=exc.strerror or exc)
        ) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def player_line(t: Tournament, p: Player, done: int | None = None) -> str:
    """The ``001`` record of ``p`` in the TRF16/TRF-2026 columns (trailing blanks removed).

    ``done`` is ``t.rounds_with_pairings`` (pass it when writing every player).
    """
    if not 1 <= p.tpn <= 9999:
        raise InputError(
            _("pairing number {number} does not fit the TRF (1 to 9999)").format(number=p.tpn)
        )
    points = _points_column(t, p, done)
    rank = str(p.declared_rank) if p.declared_rank is not None else ""
    head = (
        f"001 {p.tpn:>4} {p.sex[:1]:1}{p.title[:3]:>3} {p.name[:33]:33} "
        f"{_rating(p.official_rating)} {p.federation[:3]:3} "
        f"{p.fide_id[:11]:>11} {p.birth_date[:10]:10} "
        f"{half_points_to_str(points):>4} {rank[:4]:>4}"
    )
    if not p.rounds:
        return head.rstrip()
    blocks = [_block(e) for e in p.rounds]
    last = p.rounds[-1]
    if last.opponent is None and last.result is ResultCode.NOT_PAIRED:
        blocks[-1] = round_block(last, last=True)
    return (head + "  " + "  ".join(blocks)).rstrip()


def _rating(value: int) -> str:
    return f"{(str(value) if value > 0 else '')[:4]:>4}"


def rating_method_record(t: Tournament) -> str | None:
    """Record 172, the Encoded Starting Rank Method (TRF26: federation in columns 5-7, the
    method's code in 9-13), "mandatory only if there are National Rating Support records":
    written when the tournament has a method or a player a national rating (FIDE when no
    method was chosen)."""
    has_nrs = any(p.national_ratings for p in t.players)
    if t.rating_method is None and not has_nrs:
        return None
    method = t.rating_method or RatingMethod.FIDE
    federation = (t.rating_federation or t.info.federation)[:3].upper()
    return f"172 {federation:3} {method.value}".rstrip()


def national_rating_lines(p: Player, federation: str = "") -> list[str]:
    """The player's National Rating Support records (TRF26): the static columns of the
    ``001`` record, introduced by the rating federation's code (``federation`` for a rating
    kept without one); the national name, sex and birth date only where they differ from
    the FIDE record's ("optional if same")."""
    out = []
    for n in p.national_ratings:
        fed = (n.federation or federation)[:3]
        if len(fed) != 3:
            continue
        name = n.name if n.name != p.name else ""
        sex = n.sex if n.sex != p.sex else ""
        born = n.birth_date if n.birth_date != p.birth_date else ""
        line = (
            f"{fed} {p.tpn:>4} {sex[:1]:1}{n.classification[:3]:>3} "
            f"{name[:33]:33} {_rating(n.value)} {n.origin[:3]:3} "
            f"{n.national_id[:11]:>11} {born[:10]:10}"
        )
        out.append(line.rstrip())
    return out


_BLOCKS: dict[RoundEntry, str] = {}


def _block(entry: RoundEntry) -> str:
    text = _BLOCKS.get(entry)
    if text is None:
        text = round_block(entry)
        if len(_BLOCKS) < 100_000:
            _BLOCKS[entry] = text
    return text


def _points_column(t: Tournament, p: Player, done: int | None) -> HalfPoints:
    """The declared points when they agree with the results (so a file round-trips), else
    the points the results give."""
    accepted = acceptable_points(t, p, done)
    if p.declared_points is not None and p.declared_points in accepted:
        return p.declared_points
    return accepted[0]


def round_block(entry: RoundEntry, *, last: bool = False) -> str:
    """One 8-column round block ``OOOO C R``.

    An absence without a result is a blank block between other rounds; as the last block it is
    written ``0000 -`` so that it still marks the player absent for that round.
    """
    if entry.opponent is None:
        if entry.result is ResultCode.NOT_PAIRED and entry.colour is None and not last:
            return " " * 8
        return f"0000 - {entry.result.value}"
    colour = entry.colour.value if entry.colour is not None else "-"
    result = ADJOURNED_CODE if entry.adjourned else entry.result.value
    return f"{entry.opponent:>4} {colour} {result}"


ADJOURNED_CODE = "?"
"""TRF-2026's result of a game whose result is not known yet (an adjourned game, C.02 VCL
Q164-165); record 162's ``X`` gives the points it counts for meanwhile (a draw)."""


def check_exportable(t: Tournament) -> None:
    """In FIDE mode no TRF is written while an adjourned game has no result (C.02 VCL Q169:
    the file would carry a result that is not known); :class:`InputError` naming them."""
    if not t.fide_mode:
        return
    games = adjourned_games(t)
    if games:
        listed = "; ".join(
            _("round {round}: {white}-{black}").format(round=r, white=w, black=b)
            for r, w, b in games
        )
        raise InputError(
            _(
                "no TRF can be written while an adjourned game has no result ({games}): enter "
                "its result first (C.02 VCL Q169)"
            ).format(games=listed)
        )


def has_adjournments(t: Tournament) -> bool:
    """Whether a game of ``t`` is adjourned and still has no result."""
    return any(e.adjourned for p in t.players for e in p.rounds)


def without_adjournments(t: Tournament) -> Tournament:
    """``t`` with every adjourned game as the draw it counts for (TRF16 has no ``?``)."""
    players = tuple(
        replace(p, rounds=tuple(replace(e, adjourned=False) for e in p.rounds)) for p in t.players
    )
    return replace(t, players=players)


def _pts(value: HalfPoints) -> str:
    return f"{half_points_to_str(value):>4}"


def _system_code(t: Tournament) -> str:
    """Record 192 for ``t``: a round robin's code says its cycles (GRC Annex 1)."""
    if round_robin.is_round_robin(t.system):
        settings = round_robin.settings_of(t)
        return round_robin.code_192(t.system, settings, team=t.is_team)
    system = t.system.partition(":")[0]  # a system's options (lim:maxi) have no TRF code
    return SYSTEM_192_TEXT.get(system, system.upper())


def _scoring_records(s: ScoringSystem, modern: bool, *, unknown: bool = False) -> list[str]:
    """Records for a non-default scoring system; ``XXS`` too when the short form cannot say it.
    ``unknown``: a game is adjourned (``?``), so record 162 gives its points (``X``, a draw's)."""
    default = ScoringSystem()
    if s == default:
        return [f"162  X{_pts(s.draw)}"] if unknown and modern else []
    lines: list[str] = []
    # What 162 (and the BB codes) can express: W covers forfeit win and full-point bye, D the
    # half-point bye, A (or BBZ) the zero-point bye, absence and forfeit loss.
    short = ScoringSystem(
        win=s.win,
        draw=s.draw,
        loss=s.loss,
        forfeit_win=s.win,
        forfeit_loss=s.forfeit_loss if not modern else s.zero_point_bye,
        pairing_allocated_bye=s.pairing_allocated_bye,
        full_point_bye=s.win,
        half_point_bye=s.draw,
        zero_point_bye=s.zero_point_bye,
        absent=s.zero_point_bye,
    )
    if modern:
        items = [
            ("W", s.win, default.win),
            ("D", s.draw, default.draw),
            ("L", s.loss, default.loss),
            ("A", s.zero_point_bye, default.zero_point_bye),
        ]
        fields = [f"{code}{_pts(v)}" for code, v, d in items if v != d]
        if s.pairing_allocated_bye != s.win:
            fields.append(f"P{_pts(s.pairing_allocated_bye)}")
        if unknown:
            fields.append(f"X{_pts(s.draw)}")
        if fields:
            lines.append("162  " + "    ".join(fields))
    else:
        for tag, value, dflt in (
            ("BBW", s.win, default.win),
            ("BBD", s.draw, default.draw),
            ("BBL", s.loss, default.loss),
            ("BBZ", s.zero_point_bye, default.zero_point_bye),
            ("BBF", s.forfeit_loss, default.forfeit_loss),
        ):
            if value != dflt:
                lines.append(f"{tag} {_pts(value)}")
        if s.pairing_allocated_bye != s.win:
            lines.append(f"BBU {_pts(s.pairing_allocated_bye)}")
    if short != s:
        codes = [
            ("W", s.win),
            ("D", s.draw),
            ("L", s.loss),
            ("FW", s.forfeit_win),
            ("FL", s.forfeit_loss),
            ("ZPB", s.zero_point_bye),
            ("HPB", s.half_point_bye),
            ("FPB", s.full_point_bye),
            ("PAB", s.pairing_allocated_bye),
        ]
        lines.append("XXS " + " ".join(f"{c}={half_points_to_str(v)}" for c, v in codes))
    return lines


def _xxa_records(t: Tournament) -> list[str]:
    """JaVaFo ``XXA`` lines: pairing number then virtual points for every round."""
    lines = []
    for tpn in sorted(t.acceleration):
        values = list(t.acceleration[tpn])
        if len(values) < t.total_rounds:
            values += [0] * (t.total_rounds - len(values))
        lines.append(f"XXA {tpn:>4}" + "".join(f" {_pts(v)}" for v in values))
    return lines


_RECORD_240_BYES = frozenset(
    {ResultCode.FULL_POINT_BYE, ResultCode.HALF_POINT_BYE, ResultCode.ZERO_POINT_BYE}
)


def bye_records(t: Tournament, *, through: int | None = None) -> list[str]:
    """TRF-2026 ``240`` records (TRF26, "Bye Section"): one line per round and kind of bye
    (``F`` full-point, ``H`` half-point, ``Z`` zero-point, the letter of its result code)
    naming the players (or teams) who got it, rounds up to ``through`` (all when ``None``).
    The pairing-allocated bye is no requested bye: the round columns carry an individual's,
    record 320 a team's. The same writer for individual and team events."""
    got: dict[tuple[int, str], list[int]] = {}
    for p in t.players:
        for rnd, entry in enumerate(p.rounds[:through], start=1):
            if entry.opponent is None and entry.result in _RECORD_240_BYES:
                got.setdefault((rnd, entry.result.value), []).append(p.tpn)
    return [
        f"240 {letter} {rnd:03d} " + " ".join(f"{tpn:04d}" for tpn in sorted(tpns))
        for (rnd, letter), tpns in sorted(got.items())
    ]


def _250_records(t: Tournament) -> list[str]:
    """TRF-2026 ``250`` records: one per run of rounds and run of consecutive pairing numbers
    sharing the same virtual points."""
    rounds = max((len(v) for v in t.acceleration.values()), default=0)
    # For each round, runs (first, last, points) of consecutive TPNs with equal virtual points.
    per_round: list[list[tuple[int, int, HalfPoints]]] = []
    for r in range(1, rounds + 1):
        runs: list[tuple[int, int, HalfPoints]] = []
        for tpn in sorted(t.acceleration):
            value = t.acceleration_for(tpn, r)
            if not value:
                continue
            if runs and runs[-1][1] == tpn - 1 and runs[-1][2] == value:
                runs[-1] = (runs[-1][0], tpn, value)
            else:
                runs.append((tpn, tpn, value))
        per_round.append(runs)
    lines = []
    open_runs: dict[tuple[int, int, HalfPoints], int] = {}
    for r in range(1, rounds + 2):
        current = set(per_round[r - 1]) if r <= rounds else set()
        for run in [k for k in open_runs if k not in current]:
            first_round = open_runs.pop(run)
            lines.append((first_round, run, r - 1))
        for run in current:
            open_runs.setdefault(run, r)
    out = []
    for first_round, (p1, p2, value), last_round in sorted(lines, key=lambda x: (x[1][0], x[0])):
        out.append(f"250      {_pts(value)} {first_round:03d} {last_round:03d} {p1:04d} {p2:04d}")
    return out


def _forbidden_records(t: Tournament, modern: bool) -> list[str]:
    """Prohibited pairings: ``260`` for every round (TRF-2026) or JaVaFo ``XXP``."""
    pairs = sorted(tuple(sorted(pair)) for pair in t.forbidden_pairs if len(pair) == 2)
    last = max(t.total_rounds, 1)
    if modern:
        return [f"260 001 {last:03d} {a:>4} {b:>4}" for a, b in pairs]
    return [f"XXP {a} {b}" for a, b in pairs]


def _entered(t: Tournament, c: RatingReportResult) -> str:
    """The result of the game ``c`` corrects as the pairings and standings keep it."""
    white = t.player(c.white).entry(c.round)
    black = t.player(c.black).entry(c.round)
    if white is None or black is None:
        return "?"
    return board_text(white.result, black.result)
