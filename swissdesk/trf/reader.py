"""Read a Tournament Report File (TRF16 and TRF-2026) into a :class:`Tournament`.

Besides the FIDE records (C.04 Annex 2: TRF16, and its 2026 revision: records ``142`` number of
rounds, ``152`` initial colour, ``162`` scoring, ``240`` byes, ``250`` accelerated rounds,
``260`` prohibited pairings, ``###`` comments) the reader understands the extension codes
that real files carry: JaVaFo's ``XXR`` rounds, ``XXC`` initial colour, ``XXA`` acceleration,
``XXS`` scoring, ``XXP`` forbidden pairs, and bbpPairings' ``BBW``/``BBD``/``BBL``/``BBZ``/
``BBF``/``BBU`` point values (win, draw, loss, zero-point bye, forfeit loss,
pairing-allocated bye).

Record ``172`` (the starting-rank method: FIDE, NRO, FIDON, NIDOF, HBFN, LBFN, OTHER) and the
National Rating Support records (a federation code instead of ``001``, the static columns of a
player record) are read into the model: each player's ``national_ratings``, and with a 172 of
a codified method each player's ``rating`` becomes the tournament rating that method gives
(``fide_rating`` keeps the ``001`` column).

Everything an arbiter can get wrong is reported as a :class:`TrfError` naming the line, the
column and the problem: short lines, unknown codes, opponents that do not exist, pairings the
opponent's line contradicts, impossible colours, repeated pairing numbers, and (like the
reference engines) a points column that does not agree with the results.
"""

from __future__ import annotations

import codecs
import functools
import os
import re
import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from swissdesk.i18n import N_, _, ngettext
from swissdesk.model import round_robin
from swissdesk.model.double_swiss import matches_from_columns
from swissdesk.model.external_tiebreak import ExternalTiebreak
from swissdesk.model.external_tiebreak import parse_trf_line as parse_external_line
from swissdesk.model.ratings import NationalRating, Rating, RatingMethod, method_rating
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
    TournamentInfo,
    half_points_to_str,
    parse_rating_correction,
)
from swissdesk.trf.errors import TrfError

PLAYER_MIN_LENGTH = 84
"""A player record must reach the points column (columns 81-84)."""

FIRST_ROUND_COLUMN = 92
"""Column where round 1's block starts; each round takes 10 columns (TRF16)."""

MAX_ROUNDS = 999
"""Most rounds a TRF can hold: records 240, 250 and 260 give a round in 3 columns."""

MAX_TPN = 9999
"""Highest pairing number: columns 5-8 of a player record (and of a round block's opponent)."""

MAX_COLUMN_POINTS: HalfPoints = 199
"""Most points the points column (81-84, written like ``10.5``) and record 250's columns
10-13 hold: 99.5. A file with more could not be written back into those columns."""

_GAME_RESULTS = frozenset(
    {
        ResultCode.WIN,
        ResultCode.DRAW,
        ResultCode.LOSS,
        ResultCode.UNRATED_WIN,
        ResultCode.UNRATED_DRAW,
        ResultCode.UNRATED_LOSS,
        ResultCode.FORFEIT_WIN,
        ResultCode.FORFEIT_LOSS,
    }
)
_BYE_RESULTS = frozenset(
    {
        ResultCode.PAIRING_ALLOCATED_BYE,
        ResultCode.FULL_POINT_BYE,
        ResultCode.HALF_POINT_BYE,
        ResultCode.ZERO_POINT_BYE,
        ResultCode.NOT_PAIRED,
    }
)
_RESULT_BY_CHAR = {code.value: code for code in ResultCode}

# The result the opponent's line may show for each result (C.04.2; TRF16 result codes). Besides
# 1-0, ½-½ and 0-1 a game can end ½-0, 0-½ or 0-0 (Laws of Chess art. 12.9, 11.3: one or both
# players penalised); TRF records each player's own result, so those are '=' against '0' and
# '0' against '0'. Two wins, a win against a draw, or a forfeit against a game are impossible.
_COMPATIBLE_RESULTS: dict[ResultCode, frozenset[ResultCode]] = {
    ResultCode.WIN: frozenset({ResultCode.LOSS}),
    ResultCode.LOSS: frozenset({ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS}),
    ResultCode.DRAW: frozenset({ResultCode.DRAW, ResultCode.LOSS}),
    ResultCode.UNRATED_WIN: frozenset({ResultCode.UNRATED_LOSS}),
    ResultCode.UNRATED_LOSS: frozenset(
        {ResultCode.UNRATED_WIN, ResultCode.UNRATED_DRAW, ResultCode.UNRATED_LOSS}
    ),
    ResultCode.UNRATED_DRAW: frozenset({ResultCode.UNRATED_DRAW, ResultCode.UNRATED_LOSS}),
    ResultCode.FORFEIT_WIN: frozenset({ResultCode.FORFEIT_LOSS}),
    ResultCode.FORFEIT_LOSS: frozenset({ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS}),
}

_POINTS_RE = re.compile(r"^(\d{1,4})(?:[.,](\d))?$")
_DECIMAL_RE = re.compile(r"^-?\d{1,4}(?:[.,]\d{1,2})?$")
_TOKEN_RE = re.compile(r"\S+")


@dataclass
class _PlayerLine:
    """A parsed ``001`` record with where each of its round blocks sits in the file."""

    player: Player
    line_no: int
    rounds: list[RoundEntry]
    block_columns: list[int]


@dataclass
class _State:
    """Everything collected while reading, before the cross-record checks."""

    source: str
    players: dict[int, _PlayerLine] = field(default_factory=dict)
    info: dict[str, str] = field(default_factory=dict)
    deputies: list[str] = field(default_factory=list)
    total_rounds: int = 0
    total_rounds_line: int | None = None
    initial_colour: Colour | None = None
    scoring: ScoringSystem = field(default_factory=ScoringSystem)
    pab_points_explicit: bool = False
    system: str = "dutch"
    system_named: bool = False
    """Whether a record 192 named the pairing system."""
    tiebreaks: tuple[str, ...] = ()
    xxa: list[tuple[int, int, tuple[HalfPoints, ...]]] = field(default_factory=list)
    r250: list[tuple[int, int, int, int, int, HalfPoints]] = field(default_factory=list)
    r240: list[tuple[int, ResultCode, int, list[tuple[int, int]], str]] = field(
        default_factory=list
    )
    forbidden: list[tuple[int, list[tuple[int, int]]]] = field(default_factory=list)
    abnormal: list[AbnormalPoints] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)
    rating_corrections: list[tuple[RatingReportResult, str]] = field(default_factory=list)
    """``### Rating correction`` lines (C.02 Q192-193) read, with their text."""
    external: tuple[ExternalTiebreak, str] | None = None
    """The ``### External tie-break`` line (C.02 Q207) read, with its text (the last holds)."""
    baku_line: int | None = None
    """The line of a record 192 whose code asks for the Baku acceleration (C.04.7)."""
    rating_method: RatingMethod | None = None
    rating_federation: str = ""
    national: dict[int, list[NationalRating]] = field(default_factory=dict)
    national_lines: dict[int, int] = field(default_factory=dict)
    """The first NRS line of each pairing number (for the message when it has no player)."""

    def error(self, reason: str, line: int | None = None, column: int | None = None) -> TrfError:
        return TrfError(reason, source=self.source, line=line, column=column)


def read_trf(path: str | os.PathLike[str]) -> Tournament:
    """Read and validate the TRF at ``path`` (UTF-8; a line that is not is read as
    Windows-1252 and named in a :class:`TrfEncodingWarning`, see :func:`decode_trf`)."""
    source = os.fspath(path)
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise TrfError(
            _("cannot read the file: {why}").format(why=exc.strerror or exc), source=source
        ) from None
    return parse_trf(decode_trf(data, source=source), source=source)


class TrfEncodingWarning(UserWarning):
    """Some lines of a TRF were not UTF-8 and were read as Windows-1252 (``lines``: their
    numbers). The command line prints it as a note; the file is still read."""

    def __init__(self, message: str, lines: tuple[int, ...]) -> None:
        super().__init__(message)
        self.lines = lines


_LINE_BREAK_RE = re.compile(rb"\r\n|\r|\n")


def decode_trf(data: bytes, *, source: str = "<input>") -> str:
    """The text of a TRF, decoded line by line: UTF-8, and the bytes of a line that are not
    UTF-8 as Windows-1252 (the usual other encoding of TRF files).

    Decoding the whole file as Latin-1 because of one stray byte would shift the fixed
    columns of every UTF-8 name (``Łódź`` takes 7 bytes for 4 characters) and turn a UTF-8
    header into mojibake; here a stray byte changes only its own character. Lines that were
    not UTF-8 are named in one :class:`TrfEncodingWarning`.
    """
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    pieces = _LINE_BREAK_RE.split(data)
    breaks = _LINE_BREAK_RE.findall(data)
    parts: list[str] = []
    legacy: list[int] = []
    for number, raw in enumerate(pieces, start=1):
        try:
            parts.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            legacy.append(number)
            parts.append(raw.decode("utf-8", errors=_WINDOWS_1252_BYTES))
        if number <= len(breaks):
            parts.append(breaks[number - 1].decode("ascii"))
    if legacy:
        shown = ", ".join(str(n) for n in legacy[:10]) + (", ..." if len(legacy) > 10 else "")
        not_utf8 = ngettext(
            "line {lines} is not UTF-8; read as Windows-1252 (check the names there, and save "
            "the file as UTF-8)",
            "lines {lines} are not UTF-8; read as Windows-1252 (check the names there, and "
            "save the file as UTF-8)",
            len(legacy),
        ).format(lines=shown)
        warnings.warn(
            TrfEncodingWarning(
                f"{source}: {not_utf8}",
                tuple(legacy),
            ),
            stacklevel=2,
        )
    return "".join(parts)


def _windows_1252_bytes(exc: UnicodeError) -> tuple[str, int]:
    """Codec error handler: the bytes UTF-8 cannot decode, read as Windows-1252 (Latin-1 for
    the five bytes Windows-1252 leaves undefined)."""
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    text = []
    for byte in exc.object[exc.start : exc.end]:
        try:
            text.append(bytes((byte,)).decode("cp1252"))
        except UnicodeDecodeError:
            text.append(chr(byte))
    return "".join(text), exc.end


_WINDOWS_1252_BYTES = "swissdesk-windows-1252"
codecs.register_error(_WINDOWS_1252_BYTES, _windows_1252_bytes)


def parse_trf(text: str, *, source: str = "<input>") -> Tournament:
    """Parse TRF text into a validated :class:`Tournament` (players sorted by TPN)."""
    state = _State(source=source)
    for line_no, raw in enumerate(_split_lines(text), start=1):
        line = raw.rstrip()
        if not line.strip():
            continue
        _read_line(state, line, line_no)
    if not state.players:
        raise state.error(
            _("no player record (a line starting with 001) was found: is this a TRF file?")
        )
    tournament = _finish(state)
    if tournament.system == DOUBLE_SWISS:  # one game per round column (C.04.5 layout)
        tournament = matches_from_columns(tournament, source)
        if _baku_by_code(state):
            from swissdesk.engines.double_swiss import with_double_swiss_baku

            tournament = with_double_swiss_baku(tournament)
    return tournament


def _baku_by_code(state: _State) -> bool:
    """Record 192 asks for the Baku acceleration and no ``XXA`` or ``250`` line gives the
    virtual points (those take its place: TRF-2026, record 250)."""
    return state.baku_line is not None and not state.xxa and not state.r250


def _baku_acceleration(
    state: _State, players: tuple[Player, ...]
) -> dict[int, tuple[HalfPoints, ...]]:
    """The virtual points of the Baku Acceleration Method (C.04.7 art. 1) that record 192
    asks for: group GA is the first 2 * ceil(n / 4) pairing numbers (art. 1.2), a win's
    points in the first half of the accelerated rounds, half of it in the rest (art. 1.4).

    bbpPairings 6 puts the first ceil(n / 2) players in GA instead, which is the article's
    number only when n mod 4 is 0 or 3 (30 players: its 15, the article's 16; the note to
    art. 1.2 works 161 players to 82): swissdesk follows the article.
    """
    from swissdesk.engines.acceleration import with_baku_acceleration

    line = state.baku_line
    if not state.total_rounds:
        raise state.error(
            _(
                "record 192 asks for the Baku acceleration (C.04.7), whose virtual points "
                "depend on the number of rounds: give it in record 142 or XXR"
            ),
            line,
            5,
        )
    try:
        accelerated = with_baku_acceleration(
            Tournament(players=players, total_rounds=state.total_rounds, scoring=state.scoring)
        )
    except ValueError as exc:
        raise state.error(
            _("record 192 asks for the Baku acceleration: {why}").format(why=exc), line, 5
        ) from None
    return dict(accelerated.acceleration)


def _split_lines(text: str) -> list[str]:
    """Lines ending in CR (as the TRF specification asks), LF or CR LF."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _read_line(state: _State, line: str, line_no: int) -> None:
    tag = line[:3]
    rest = line[3:].strip()
    if tag == "001":
        _read_player(state, line, line_no)
    elif tag in _INFO_TAGS:
        state.info[_INFO_TAGS[tag]] = line[4:].strip()
    elif tag == "112":
        state.deputies.append(line[4:].strip())
    elif tag in ("142", "XXR"):
        state.total_rounds = _bounded_int(state, rest, MAX_ROUNDS, _ROUNDS, line_no, 5)
        state.total_rounds_line = line_no
    elif tag == "152":
        code = rest.upper()
        if code not in ("W", "B"):
            raise state.error(
                _("initial colour (record 152) must be W or B, not {value}").format(
                    value=repr(_shown(rest))
                ),
                line_no,
                5,
            )
        state.initial_colour = Colour.WHITE if code == "W" else Colour.BLACK
    elif tag == "XXC":
        for match in _TOKEN_RE.finditer(line, 3):
            token = match.group().lower()
            if token == "white1":
                state.initial_colour = Colour.WHITE
            elif token == "black1":
                state.initial_colour = Colour.BLACK
    elif tag == "162":
        _read_162(state, line, line_no)
    elif tag in _BB_FIELDS:
        value = _parse_points(rest)
        if value is None:
            raise state.error(
                _("{record} needs a number of points like 1.0, not {value}").format(
                    record=tag, value=repr(_shown(rest))
                ),
                line_no,
                5,
            )
        _set_points(state, _BB_FIELDS[tag], value)
    elif tag == "XXS":
        _read_xxs(state, line, line_no)
    elif tag == "XXA":
        _read_xxa(state, line, line_no)
    elif tag == "250":
        _read_250(state, line, line_no)
    elif tag == "240":
        _read_240(state, line, line_no)
    elif tag == "260":
        _read_260(state, line, line_no)
    elif tag == "XXP":
        players = _read_ids(state, line, line_no, 3)
        state.forbidden.append((line_no, players))
    elif tag == "202":
        state.tiebreaks = tuple(t.strip() for t in line[4:].split(",") if t.strip())
    elif tag == "299":
        _read_299(state, line, line_no)
        state.extra.append(line)
    elif tag == "172" and _read_172(state, line):
        pass
    elif _is_nrs(line):
        _read_nrs(state, line, line_no)
    elif tag == "###" and (correction := parse_rating_correction(line)) is not None:
        state.rating_corrections.append((correction, line))
    elif tag == "###" and (external := parse_external_line(line)) is not None:
        if state.external is not None:
            state.extra.append(state.external[1])
        state.external = (external, line)
    else:
        if tag == "192":
            named = system_from_192(rest)
            state.system = named or state.system
            state.system_named = state.system_named or named is not None
            state.baku_line = line_no if asks_for_baku(rest) else None
        state.extra.append(line)


SYSTEM_KEYWORDS_192: tuple[tuple[str, str], ...] = (
    ("DOUBLE", "double-swiss"),
    ("TEAM", "team"),
    ("DUTCH", "dutch"),
    ("DUBOV", "dubov"),
    ("BURSTEIN", "burstein"),
    ("LIM", "lim"),
    ("RATING", "rating1992"),
    ("1992", "rating1992"),
)
"""Words of record 192 (type of tournament / pairing system) and the system they name, most
specific first (``FIDE_DOUBLE_SWISS`` is Double-Swiss, not Dutch)."""

SYSTEM_192_TEXT: dict[str, str] = {
    "dutch": "FIDE_DUTCH_2026",
    "dubov": "FIDE_DUBOV_2026",
    "burstein": "FIDE_BURSTEIN_2026",
    "lim": "FIDE_LIM_2026",
    "rating1992": "FIDE_RATING_1992",
    "double-swiss": "FIDE_DOUBLE_SWISS_2026",
    "team": "FIDE_TEAM_SWISS_2026",
}
"""What swissdesk writes in record 192 for each system."""


def asks_for_baku(text: str) -> bool:
    """Whether the code of a record 192 asks for the Baku Acceleration Method: a ``BAKU``
    word, as in ``FIDE_DUTCH_2025_BAKU`` (bbpPairings) or ``FIDE_TEAM_MP_BAKU`` (TRF-2026's
    table of tournament types)."""
    return "BAKU" in text.upper().replace("-", "_").replace(" ", "_").split("_")


def system_from_192(text: str) -> str | None:
    """The pairing system a record 192 names, or None when it names none swissdesk knows.

    The round-robin and Scheveningen codes of the tournament-type table
    (``FIDE_DOUBLEROUNDROBIN``, ``FIDE_TEAM_ROUNDROBIN``, ``FIDE_SCHEVENINGEN``...) come first:
    they contain ``DOUBLE`` and ``TEAM`` too."""
    event = round_robin.parse_code(text)
    if event is not None:
        return event.system
    kind = text.upper().replace("-", "_")
    for word, system in SYSTEM_KEYWORDS_192:
        if word in kind:
            return system
    return None


_INFO_TAGS = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start_date",
    "052": "end_date",
    "092": "tournament_type",
    "102": "chief_arbiter",
    "122": "time_control",
}

_BB_FIELDS: dict[str, tuple[str, ...]] = {
    "BBW": ("win", "forfeit_win", "full_point_bye"),
    "BBD": ("draw", "half_point_bye"),
    "BBL": ("loss",),
    "BBZ": ("zero_point_bye", "absent"),
    "BBF": ("forfeit_loss",),
    "BBU": ("pairing_allocated_bye",),
}
"""bbpPairings point codes: a forfeit win and a full-point bye count as a win, a half-point
bye as a draw, an absence as a zero-point bye."""

_162_FIELDS: dict[str, tuple[str, ...]] = {
    "W": _BB_FIELDS["BBW"],
    "D": _BB_FIELDS["BBD"],
    "L": ("loss",),
    "A": ("zero_point_bye", "forfeit_loss", "absent"),
    "P": ("pairing_allocated_bye",),
    "X": (),
}
"""TRF-2026 record 162 codes and the results they score."""


def _set_points(state: _State, fields: tuple[str, ...], value: HalfPoints) -> None:
    """Give ``value`` to the scoring ``fields``; the PAB follows the win unless it was set."""
    s = replace(state.scoring, **dict.fromkeys(fields, value))
    if "win" in fields and not state.pab_points_explicit:
        s = replace(s, pairing_allocated_bye=value)
    if "pairing_allocated_bye" in fields:
        state.pab_points_explicit = True
    state.scoring = s


def _read_162(state: _State, line: str, line_no: int) -> None:
    """TRF-2026 record 162: ``W`` win (OTB, forfeit, full-point bye), ``D`` draw and half-point
    bye, ``L`` loss, ``A`` absence (zero-point bye, forfeit loss), ``P`` PAB, ``X`` unknown."""
    matches = list(_TOKEN_RE.finditer(line, 3))
    if not matches:
        raise state.error(_("record 162 gives no points"), line_no, 5)
    pairs: list[tuple[str, str, int]] = []
    pending: tuple[str, int] | None = None
    for match in matches:
        token = match.group()
        if pending is None:
            pending = (token[0].upper(), match.start() + 1)
            if len(token) > 1:
                pairs.append((pending[0], token[1:], pending[1]))
                pending = None
        else:
            pairs.append((pending[0], token, pending[1]))
            pending = None
    if pending is not None:
        pairs.append((pending[0], "", pending[1]))
    for code, value_text, column in pairs:
        value = _parse_points(value_text)
        if code not in _162_FIELDS or value is None:
            raise state.error(
                _(
                    "record 162: expected a code W, D, L, A, P or X followed by points "
                    "(like W 1.0), not {value}"
                ).format(value=repr(_shown(code + value_text))),
                line_no,
                column,
            )
        _set_points(state, _162_FIELDS[code], value)


_299_FIELDS: dict[str, tuple[str, ...]] = {
    "W": ("win",),
    "D": ("draw",),
    "L": ("loss",),
    "F": ("full_point_bye",),
    "H": ("half_point_bye",),
    "Z": ("zero_point_bye", "absent"),
    "+": ("forfeit_win",),
    "-": ("forfeit_loss",),
}
"""TRF-2026 record 299 (abnormal assignment points): the result each type code values."""


@dataclass(frozen=True, slots=True)
class AbnormalPoints:
    """One TRF-2026 record 299 that gives points to named players or rounds only.

    ``kind`` is the result code it revalues (``W D L F H Z + -``) or ``" "`` for a penalty or
    a bonus; ``round_number`` 0 means every round; ``players`` empty means everyone.
    """

    line_no: int
    kind: str
    points: HalfPoints | None
    round_number: int
    players: tuple[int, ...]


def _read_299(state: _State, line: str, line_no: int) -> None:
    """TRF-2026 record 299: column 5 the type (W D L F H Z + - or blank for a penalty or
    bonus), 8-11 match points (teams), 14-17 the points, 20-22 the round (000 or empty: every
    round), then pairing numbers from column 24 (none: everybody).

    A typed record for every player and every round revalues that result in the scoring
    system (like record 162 does for W D L A P). One that names players or a round, or a
    penalty or bonus, gives points swissdesk does not keep per player: it is kept as
    :class:`AbnormalPoints` (see :func:`abnormal_points`) and those players' points column is
    taken as the file gives it.
    """
    kind = line[4:5] if len(line) > 4 else " "
    if kind not in _299_FIELDS and kind != " ":
        raise state.error(
            _(
                "record 299: the type (column 5) must be one of W D L F H Z + - or blank, "
                "not {value}"
            ).format(value=repr(_shown(kind))),
            line_no,
            5,
        )
    text = _field(line, 14, 17).strip()
    if text and not _DECIMAL_RE.match(text):
        raise state.error(
            _("record 299: points (columns 14-17) like 0.5 expected, not {value}").format(
                value=repr(_shown(text))
            ),
            line_no,
            14,
        )
    sign = -1 if text.startswith("-") else 1
    points = _parse_points(text.lstrip("-")) if text else None
    round_text = _field(line, 20, 22).strip()
    round_number = _parse_int(round_text) if round_text else 0
    if round_number is None or round_number > MAX_ROUNDS:
        raise state.error(
            _("record 299: round (columns 20-22) must be a number, not {value}").format(
                value=repr(_shown(round_text))
            ),
            line_no,
            20,
        )
    players = tuple(tpn for tpn, _column in _read_ids(state, line, line_no, 23) if tpn)
    value = None if points is None else sign * points
    if kind != " " and not round_number and not players:
        if value is None or value < 0:
            raise state.error(
                _(
                    "record 299: {value} for every {kind} result is not a number of "
                    "half-points (0.0, 0.5, 1.0, ...)"
                ).format(value=repr(_shown(text)), kind=repr(kind)),
                line_no,
                14,
            )
        _set_points(state, _299_FIELDS[kind], value)
        return
    state.abnormal.append(AbnormalPoints(line_no, kind, value, round_number, players))


def record_212(tournament: Tournament) -> tuple[str, ...] | None:
    """The codes of TRF-2026 record 212 ("FIDE tie-breaks used to define standings": record
    202 with ``PTS`` where the points decide), kept among the records read as they were; None
    when the file has none."""
    for line in tournament.extra_records:
        if line.startswith("212"):
            return tuple(code for code in line[4:].replace(",", " ").split() if code)
    return None


def stale_212(tournament: Tournament) -> bool:
    """Whether a record 212 kept from the file no longer names the tie-breaks of record 202
    (the list was changed since): writing it again would contradict 202."""
    order = record_212(tournament)
    if order is None or not tournament.tiebreaks:
        return False
    declared = [c.upper() for e in tournament.tiebreaks for c in e.replace(",", " ").split()]
    return [c.upper() for c in order if c.upper() != "PTS"] != declared


def abnormal_points(tournament: Tournament) -> tuple[AbnormalPoints, ...]:
    """The record-299 lines of ``tournament`` that give points to some players or rounds only
    (the ones the scoring system cannot hold), in file order (line numbers count records)."""
    state = _State(source="<299>")
    for number, line in enumerate(tournament.extra_records, start=1):
        if line.startswith("299"):
            try:
                _read_299(state, line, number)
            except TrfError:
                continue
    return tuple(state.abnormal)


_XXS_FIELDS: dict[str, tuple[str, ...]] = {
    "W": ("win",),
    "WW": ("win",),
    "BW": ("win",),
    "D": ("draw",),
    "WD": ("draw",),
    "BD": ("draw",),
    "L": ("loss",),
    "WL": ("loss",),
    "BL": ("loss",),
    "FW": ("forfeit_win",),
    "FL": ("forfeit_loss",),
    "ZPB": ("zero_point_bye", "absent"),
    "HPB": ("half_point_bye",),
    "FPB": ("full_point_bye",),
    "PAB": ("pairing_allocated_bye",),
}


def _read_xxs(state: _State, line: str, line_no: int) -> None:
    """JaVaFo ``XXS CODE=points ...`` scoring (WW/BW win, WD/BD draw, WL/BL loss, FW, FL, ZPB,
    HPB, FPB, PAB). swissdesk scores both colours alike, so WW and BW must agree."""
    seen: dict[str, HalfPoints] = {}
    for match in _TOKEN_RE.finditer(line, 3):
        token = match.group()
        code, _sep, value_text = token.partition("=")
        code = code.upper()
        value = _parse_points(value_text)
        column = match.start() + 1
        if code not in _XXS_FIELDS or value is None:
            raise state.error(
                _("XXS: expected CODE=points with a code among {codes}, not {value}").format(
                    codes=", ".join(_XXS_FIELDS), value=repr(_shown(token))
                ),
                line_no,
                column,
            )
        for name in _XXS_FIELDS[code]:
            if (
                name in seen
                and seen[name] != value
                and code in ("WW", "BW", "WD", "BD", "WL", "BL")
            ):
                raise state.error(
                    _("XXS: points that depend on the colour ({code}) are not supported").format(
                        code=code
                    ),
                    line_no,
                    column,
                )
            seen[name] = value
            state.scoring = replace(state.scoring, **{name: value})
        if code == "PAB":
            state.pab_points_explicit = True


def _read_xxa(state: _State, line: str, line_no: int) -> None:
    """JaVaFo ``XXA TPN  p1  p2 ...``: virtual points of one player for each round (C.04.7)."""
    tokens = list(_TOKEN_RE.finditer(line, 3))
    if not tokens:
        raise state.error(_("XXA needs a pairing number and points per round"), line_no, 5)
    tpn = _bounded_int(state, tokens[0].group(), MAX_TPN, _XXA_TPN, line_no, tokens[0].start() + 1)
    if len(tokens) - 1 > MAX_ROUNDS:
        raise state.error(
            _(
                "XXA: virtual points for {count} rounds; a TRF holds at most {most} rounds"
            ).format(count=len(tokens) - 1, most=MAX_ROUNDS),
            line_no,
            tokens[MAX_ROUNDS + 1].start() + 1,
        )
    values: list[HalfPoints] = []
    for match in tokens[1:]:
        value = _parse_points(match.group())
        if value is None:
            raise state.error(
                _("XXA: virtual points must be like 1.0 or 0.5, not {value}").format(
                    value=repr(_shown(match.group()))
                ),
                line_no,
                match.start() + 1,
            )
        if value > MAX_COLUMN_POINTS:
            raise state.error(
                _(
                    "XXA: virtual points {points} are more than a TRF can hold (at most {most}, "
                    "record 250 columns 10-13)"
                ).format(
                    points=half_points_to_str(value), most=half_points_to_str(MAX_COLUMN_POINTS)
                ),
                line_no,
                match.start() + 1,
            )
        values.append(value)
    state.xxa.append((line_no, tpn, tuple(values)))


def _field(line: str, first: int, last: int) -> str:
    """Columns ``first``..``last`` (1-based, inclusive), stripped."""
    return line[first - 1 : last].strip()


def _parse_int(text: str) -> int | None:
    """A whole number of at most 9 digits (the widest TRF field), else ``None``: Python
    refuses to convert more than 4,300 digits, and no field needs more than 4."""
    text = text.strip()
    return int(text) if text.isdigit() and text.isascii() and len(text) <= 9 else None


_ROUNDS = (
    N_("number of rounds must be a positive whole number, not {value}"),
    N_(
        "number of rounds must be from 1 to {high} (the round columns of records 240, 250 and "
        "260 hold 3 digits), not {value}"
    ),
)
_TPN = (
    N_("pairing number must be a positive whole number, not {value}"),
    N_("pairing number must be from 1 to {high} (columns 5-8 of a player record), not {value}"),
)
_XXA_TPN = (
    N_("XXA: pairing number must be a positive whole number, not {value}"),
    N_(
        "XXA: pairing number must be from 1 to {high} (columns 5-8 of a player record), "
        "not {value}"
    ),
)
"""The two refusals of :func:`_bounded_int` for each field it reads: not a whole number, out
of range (whole sentences, translated where raised)."""


def _bounded_int(
    state: _State, text: str, high: int, messages: tuple[str, str], line_no: int, column: int
) -> int:
    """``text`` as a whole number from 1 to ``high``, or a :class:`TrfError` saying so."""
    value = _parse_int(text)
    if value is None and not (text.strip().isdigit() and text.strip().isascii()):
        raise state.error(
            _(messages[0]).format(value=repr(_shown(text.strip()))), line_no, column
        )
    if value is None or not 1 <= value <= high:
        raise state.error(
            _(messages[1]).format(high=high, value=_shown(text.strip())), line_no, column
        )
    return value


def _shown(text: str, limit: int = 24) -> str:
    """``text`` for a message, cut short when it is long (a 5,000-digit number)."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _read_250(state: _State, line: str, line_no: int) -> None:
    """TRF-2026 record 250: game points (cols 10-13) for rounds 15-17..19-21 and players
    23-26..28-31 (C.04.7 accelerated rounds)."""
    if len(line) < 31:
        raise state.error(
            _("record 250 is too short ({count} columns, 31 needed)").format(count=len(line)),
            line_no,
            len(line) + 1,
        )
    points = _parse_points(_field(line, 10, 13))
    if points is None or points == 0:
        raise state.error(
            _(
                "record 250: fictitious points (columns 10-13) must be a non-zero number like "
                "1.0, not {value}"
            ).format(value=repr(_field(line, 10, 13))),
            line_no,
            10,
        )
    numbers = []
    for first, last, message in (
        (15, 17, N_("record 250: first round (columns 15-17) must be a positive whole number, "
                    "not {value}")),
        (19, 21, N_("record 250: last round (columns 19-21) must be a positive whole number, "
                    "not {value}")),
        (23, 26, N_("record 250: first player (columns 23-26) must be a positive whole number, "
                    "not {value}")),
        (28, 31, N_("record 250: last player (columns 28-31) must be a positive whole number, "
                    "not {value}")),
    ):  # fmt: skip
        value = _parse_int(_field(line, first, last))
        if value is None or value < 1:
            raise state.error(
                _(message).format(value=repr(_field(line, first, last))),
                line_no,
                first,
            )
        numbers.append(value)
    r1, r2, p1, p2 = numbers
    if r1 > r2 or p1 > p2:
        raise state.error(_("record 250: a range ends before it starts"), line_no, 15)
    state.r250.append((line_no, r1, r2, p1, p2, points))


def _read_240(state: _State, line: str, line_no: int) -> None:
    """TRF-2026 record 240: a requested bye (``F``, ``H`` or ``Z`` in column 5) in the round of
    columns 7-9 for the players listed from column 11."""
    kind = line[4:5].upper()
    if kind not in ("F", "H", "Z"):
        raise state.error(
            _("record 240: type of bye (column 5) must be F, H or Z, not {value}").format(
                value=repr(line[4:5])
            ),
            line_no,
            5,
        )
    rnd = _parse_int(_field(line, 7, 9))
    if rnd is None or rnd < 1:
        raise state.error(
            _("record 240: round (columns 7-9) must be a positive whole number, not {value}").format(
                value=repr(_field(line, 7, 9))
            ),
            line_no,
            7,
        )
    players = _read_ids(state, line, line_no, 10)
    if not players:
        raise state.error(_("record 240 names no player"), line_no, 11)
    state.r240.append((line_no, _RESULT_BY_CHAR[kind], rnd, players, line))


def _read_260(state: _State, line: str, line_no: int) -> None:
    """TRF-2026 record 260: players (from column 13) who must not be paired together."""
    for first, last in ((5, 7), (9, 11)):
        value = _parse_int(_field(line, first, last))
        if value is None or value < 1:
            raise state.error(
                _(
                    "record 260: round (columns {first}-{last}) must be a positive whole "
                    "number, not {value}"
                ).format(first=first, last=last, value=repr(_field(line, first, last))),
                line_no,
                first,
            )
    players = _read_ids(state, line, line_no, 12)
    if len(players) < 2:
        raise state.error(_("record 260 needs at least two players"), line_no, 13)
    state.forbidden.append((line_no, players))


def _read_ids(state: _State, line: str, line_no: int, start: int) -> list[tuple[int, int]]:
    """Pairing numbers after index ``start``, each with its 1-based column."""
    ids = []
    for match in _TOKEN_RE.finditer(line, start):
        value = _bounded_int(state, match.group(), MAX_TPN, _TPN, line_no, match.start() + 1)
        ids.append((value, match.start() + 1))
    return ids


_BLANK_COLUMNS = (4, 9, 14, 48, 53, 57, 69, 80, 85)
"""Separator columns of a player record (1-based) that must be blank."""


def _read_172(state: _State, line: str) -> bool:
    """Record 172, the Encoded Starting Rank Method (TRF26): the federation whose national
    ratings it reads (columns 5-7) and the method's code (9-13). A code TRF26 does not
    define is kept as the file wrote it (False)."""
    words = line[4:].split()
    if not words:
        return False
    try:
        method = RatingMethod(words[-1].upper())
    except ValueError:
        return False
    state.rating_method = method
    federation = words[0].upper() if len(words) > 1 else ""
    state.rating_federation = federation if len(federation) == 3 and federation.isalpha() else ""
    return True


def _is_nrs(line: str) -> bool:
    """A National Rating Support record (TRF26): the static columns of a ``001`` record,
    introduced by the rating federation's 3-letter FIDE code instead of ``001``. Only a
    line of that exact shape is one (an extension line such as ``XXR 5`` or ``DAT 0001
    EMAIL ...`` is kept as the file wrote it)."""
    tag = line[:3]
    if not (tag.isascii() and tag.isalpha() and tag.isupper()) or len(line) < 8:
        return False
    if any(line[c - 1 : c] not in ("", " ") for c in (4, 9, 14, 48, 53)) or line[3] != " ":
        return False
    rating = _field(line, 49, 52)
    return _parse_int(_field(line, 5, 8)) is not None and (not rating or rating.isdigit())


def _read_nrs(state: _State, line: str, line_no: int) -> None:
    tpn = _parse_int(_field(line, 5, 8))
    assert tpn is not None
    rating = _field(line, 49, 52)
    federation = line[:3]
    national = NationalRating(
        federation=federation,
        rating=Rating(int(rating) if rating else 0, federation),
        classification=_field(line, 11, 13),
        name=_field(line, 15, 47),
        sex=_field(line, 10, 10),
        origin=_field(line, 54, 56),
        national_id=_field(line, 58, 68),
        birth_date=_field(line, 70, 79),
    )
    state.national.setdefault(tpn, []).append(national)
    state.national_lines.setdefault(tpn, line_no)


def _with_national_ratings(state: _State, player: Player) -> Player:
    """``player`` with its NRS records, and with a record 172 its tournament rating (the
    ``001`` rating stays as ``fide_rating`` when the two differ)."""
    national = tuple(state.national.get(player.tpn, ()))
    if national:
        player = replace(player, national_ratings=national)
    if state.rating_method is None:
        return player
    fed = state.rating_federation
    nat = next((n for n in national if n.federation == fed), None) if fed else None
    if nat is None and not fed and national:
        nat = national[0]
    fide = player.rating
    rating = method_rating(state.rating_method, fide, nat.value if nat is not None else 0)
    if rating == fide:
        return player
    return replace(player, rating=rating, fide_rating=fide)


def _read_player(state: _State, line: str, line_no: int) -> None:
    """A ``001`` record: fixed columns (TRF16/TRF-2026 player section)."""
    if len(line) < PLAYER_MIN_LENGTH:
        raise state.error(
            _(
                "player record is too short: {count} columns, at least {needed} needed (the "
                "points column is 81-84)"
            ).format(count=len(line), needed=PLAYER_MIN_LENGTH),
            line_no,
            len(line) + 1,
        )
    tpn_text = _field(line, 5, 8)
    tpn = _parse_int(tpn_text)
    if tpn is None or tpn < 1:
        raise state.error(
            _("pairing number (columns 5-8) must be a positive whole number, not {value}").format(
                value=repr(tpn_text)
            ),
            line_no,
            5,
        )
    if tpn in state.players:
        raise state.error(
            _("pairing number {number} is used twice (also on line {line})").format(
                number=tpn, line=state.players[tpn].line_no
            ),
            line_no,
            5,
        )
    rating_text = _field(line, 49, 52)
    rating = _parse_int(rating_text) if rating_text else 0
    if rating is None:
        raise state.error(
            _("rating (columns 49-52) must be a whole number, not {value}").format(
                value=repr(rating_text)
            ),
            line_no,
            49,
        )
    points_text = _field(line, 81, 84)
    points = _parse_points(points_text) if points_text else None
    if points_text and points is None:
        raise state.error(
            _("points (columns 81-84) must be a number like 3.5, not {value}").format(
                value=repr(points_text)
            ),
            line_no,
            81,
        )
    rank_text = _field(line, 86, 89)
    rank = _parse_int(rank_text) if rank_text else None
    if rank_text and rank is None:
        raise state.error(
            _("rank (columns 86-89) must be a whole number, not {value}").format(
                value=repr(rank_text)
            ),
            line_no,
            86,
        )
    for column in _BLANK_COLUMNS:
        char = line[column - 1 : column]
        if char not in ("", " ") and char.strip():
            raise state.error(
                _("column {column} must be blank (fields are misaligned: found {value})").format(
                    column=column, value=repr(line[column - 1])
                ),
                line_no,
                column,
            )
    rounds, columns = _read_rounds(state, line, line_no, tpn)
    player = Player(
        tpn=tpn,
        rounds=tuple(rounds),
        name=_field(line, 15, 47),
        rating=rating,
        sex=_field(line, 10, 10),
        title=_field(line, 11, 13),
        federation=_field(line, 54, 56),
        fide_id=_field(line, 58, 68),
        birth_date=_field(line, 70, 79),
        declared_points=points,
        declared_rank=rank,
    )
    state.players[tpn] = _PlayerLine(player, line_no, rounds, columns)


def _read_rounds(
    state: _State, line: str, line_no: int, tpn: int
) -> tuple[list[RoundEntry], list[int]]:
    """The round blocks from column 92, 10 columns each: opponent (4), colour, result."""
    rounds: list[RoundEntry] = []
    columns: list[int] = []
    last_non_blank = 0
    gap = line[PLAYER_MIN_LENGTH + 5 : FIRST_ROUND_COLUMN - 1]
    if gap.strip():
        raise state.error(
            _("columns 90-91 must be blank (round 1 starts in column 92)"), line_no, 90
        )
    start = FIRST_ROUND_COLUMN - 1
    length = len(line)
    cache = _BLOCK_CACHE
    while start < length:
        chunk = line[start : start + 10]
        entry = cache.get(chunk)
        if entry is None or entry.opponent == tpn:
            entry = _read_block_checked(state, line, line_no, start, len(rounds) + 1, tpn)
            if entry.opponent != tpn and len(cache) < 100_000:
                cache[chunk] = entry
        rounds.append(entry)
        columns.append(start + 1)
        if chunk.strip():
            last_non_blank = len(rounds)
            if last_non_blank > MAX_ROUNDS:
                raise state.error(
                    _(
                        "round {round}: a TRF holds at most {most} rounds (the round columns of "
                        "records 240, 250 and 260 hold 3 digits)"
                    ).format(round=last_non_blank, most=MAX_ROUNDS),
                    line_no,
                    start + 1,
                )
        start += 10
    return rounds[:last_non_blank], columns[:last_non_blank]


_BLOCK_CACHE: dict[str, RoundEntry] = {}
"""Valid 10-column round chunks already decoded (blocks repeat a lot across a file)."""


def _read_block_checked(
    state: _State, line: str, line_no: int, start: int, rnd: int, tpn: int
) -> RoundEntry:
    """Decode the round block at index ``start`` with every check (the slow path)."""
    column = start + 1
    block = line[start : start + 8].ljust(8)
    separator = line[start + 8 : start + 10]
    if separator.strip():
        raise state.error(
            _(
                "round {round}: columns {first}-{last} must be blank (each round takes 10 "
                "columns from column {start})"
            ).format(round=rnd, first=column + 8, last=column + 9, start=FIRST_ROUND_COLUMN),
            line_no,
            column + 8 + (0 if separator[:1].strip() else 1),
        )
    for offset in (4, 6):
        if block[offset] != " ":
            raise state.error(
                _(
                    "round {round}: column {column} must be blank (block is 'OOOO C R': "
                    "opponent, colour, result)"
                ).format(round=rnd, column=column + offset),
                line_no,
                column + offset,
            )
    return _read_block(state, block, line_no, column, rnd, tpn)


def _read_block(
    state: _State, block: str, line_no: int, column: int, rnd: int, tpn: int
) -> RoundEntry:
    opponent_text = block[0:4]
    colour_char = block[5]
    result_char = block[7].upper()
    if not block.strip():
        return RoundEntry.bye(ResultCode.NOT_PAIRED)
    opponent: int | None
    if opponent_text.strip() in ("", "0000", "0"):
        opponent = None
    else:
        opponent = _parse_int(opponent_text.strip())
        if opponent is None or opponent < 1:
            raise state.error(
                _(
                    "round {round}: opponent (columns {first}-{last}) must be a pairing number "
                    "or 0000, not {value}"
                ).format(
                    round=rnd, first=column, last=column + 3, value=repr(opponent_text.strip())
                ),
                line_no,
                column,
            )
        if opponent == tpn:
            raise state.error(
                _("round {round}: player {player} is paired against himself").format(
                    round=rnd, player=tpn
                ),
                line_no,
                column,
            )
    colour: Colour | None
    if colour_char in "wW":
        colour = Colour.WHITE
    elif colour_char in "bB":
        colour = Colour.BLACK
    elif colour_char in "- ":
        colour = None
    else:
        raise state.error(
            _("round {round}: colour (column {column}) must be w, b or -, not {value}").format(
                round=rnd, column=column + 5, value=repr(colour_char)
            ),
            line_no,
            column + 5,
        )
    result = _RESULT_BY_CHAR.get(result_char)
    if result is None and opponent is not None and colour is not None:
        # TRF-2026's '?' (a result not known yet), or a symbol TRF does not define, in a
        # game: imported as an adjourned game, a provisional draw (C.02 VCL Q165-167).
        return RoundEntry(opponent, colour, ResultCode.DRAW, adjourned=True)
    if result is None:
        raise state.error(
            _(
                "round {round}: unknown result code {value} (column {column}); expected one of "
                "1 = 0 + - W D L H F U Z or blank"
            ).format(round=rnd, value=repr(block[7]), column=column + 7),
            line_no,
            column + 7,
        )
    if opponent is not None:
        if result in _BYE_RESULTS:
            if result is ResultCode.NOT_PAIRED:
                message = _(
                    "round {round}: no result for a game against {opponent} (a bye or absence "
                    "has opponent 0000)"
                )
            else:
                message = _(
                    "round {round}: result {result} for a game against {opponent} (a bye or "
                    "absence has opponent 0000)"
                )
            raise state.error(
                message.format(round=rnd, result=repr(result.value), opponent=opponent),
                line_no,
                column + 7,
            )
        if result.is_played and colour is None:
            raise state.error(
                _(
                    "round {round}: a game played against {opponent} needs colour w or b, not "
                    "{value}"
                ).format(round=rnd, opponent=opponent, value=repr(colour_char)),
                line_no,
                column + 5,
            )
    else:
        if colour is not None:
            raise state.error(
                _(
                    "round {round}: colour {value} given but there is no opponent (a bye or "
                    "absence has colour -)"
                ).format(round=rnd, value=repr(colour_char)),
                line_no,
                column + 5,
            )
        if result.is_played and result is not ResultCode.DRAW:
            raise state.error(
                _("round {round}: result {result} needs an opponent (opponent is 0000)").format(
                    round=rnd, result=repr(result.value)
                ),
                line_no,
                column,
            )
    return RoundEntry(opponent, colour, result)


def _parse_points(text: str) -> HalfPoints | None:
    """``3.5`` -> 7 half-points; ``None`` for anything that is not a whole or half point."""
    cached = _POINTS_CACHE.get(text)
    if cached is not None:
        return cached
    value = _parse_points_slow(text)
    if value is not None and len(_POINTS_CACHE) < 10_000:
        _POINTS_CACHE[text] = value
    return value


_POINTS_CACHE: dict[str, HalfPoints] = {}


def _parse_points_slow(text: str) -> HalfPoints | None:
    match = _POINTS_RE.match(text.strip())
    if match is None:
        return None
    whole = int(match.group(1))
    fraction = match.group(2) or "0"
    if fraction not in ("0", "5"):
        return None
    return whole * 2 + (1 if fraction == "5" else 0)


def _finish(state: _State) -> Tournament:
    """Cross-record checks, then the immutable tournament."""
    lines = state.players
    rounds_of = {tpn: list(pl.rounds) for tpn, pl in lines.items()}
    _check_pairings(state, rounds_of)
    _apply_240(state, rounds_of)
    acceleration = _acceleration(state)
    if _baku_by_code(state) and state.system != DOUBLE_SWISS:
        acceleration = _baku_acceleration(state, tuple(pl.player for pl in lines.values()))
    forbidden: set[frozenset[int]] = set()
    for line_no, ids in state.forbidden:
        for tpn, column in ids:
            if tpn not in lines:
                raise state.error(
                    _("player {player} does not exist").format(player=tpn), line_no, column
                )
        tpns = [tpn for tpn, _column in ids]
        for i, a in enumerate(tpns):
            for b in tpns[i + 1 :]:
                if a != b:
                    forbidden.add(frozenset((a, b)))
    for tpn, line_no in state.national_lines.items():
        if tpn not in lines:
            raise state.error(
                _(
                    "national rating record for starting rank {number}, who has no player record"
                ).format(number=tpn),
                line_no,
                5,
            )
    players = tuple(
        _with_national_ratings(
            state,
            lines[tpn].player
            if len(rounds_of[tpn]) == len(lines[tpn].rounds) and rounds_of[tpn] == lines[tpn].rounds
            else replace(lines[tpn].player, rounds=tuple(rounds_of[tpn])),
        )
        for tpn in sorted(lines)
    )
    corrections, unread = _rating_corrections(state, rounds_of)
    external = _external_tiebreak(state, lines.keys())
    info = TournamentInfo(deputy_arbiters=tuple(state.deputies), **state.info)
    if not state.system_named:
        # TRF16 has no record 192: a round robin says so in its free-text type (record 092).
        state.system = round_robin.system_from_text(info.tournament_type) or state.system
    tournament = Tournament(
        players=players,
        total_rounds=state.total_rounds,
        initial_colour=Colour.WHITE,
        scoring=state.scoring,
        info=info,
        system=state.system,
        tiebreaks=state.tiebreaks,
        acceleration=acceleration,
        forbidden_pairs=frozenset(forbidden),
        extra_records=(*state.extra, *unread),
        rating_method=state.rating_method,
        rating_federation=state.rating_federation,
        rating_corrections=corrections,
        external_tiebreak=external,
    )
    colour = state.initial_colour or infer_initial_colour(tournament) or Colour.WHITE
    tournament = replace(tournament, initial_colour=colour)
    done = tournament.rounds_with_pairings
    if state.total_rounds and done > state.total_rounds:
        raise state.error(
            _("the file gives {rounds} rounds but has pairings for round {round}").format(
                rounds=state.total_rounds, round=done
            ),
            state.total_rounds_line,
            5,
        )
    for tpn, values in acceleration.items():
        if state.total_rounds and len(values) > state.total_rounds:
            raise state.error(
                _(
                    "player {player} has virtual points for {count} rounds but the tournament "
                    "has {rounds}"
                ).format(player=tpn, count=len(values), rounds=state.total_rounds),
                None,
            )
    revalued = {tpn for a in state.abnormal for tpn in a.players or lines}
    for player in players:
        if player.tpn not in revalued:
            _check_points(state, tournament, player, lines[player.tpn].line_no, done)
    return tournament


def _check_column_fits(
    state: _State, player: Player, line_no: int, accepted: tuple[HalfPoints, ...]
) -> None:
    """The points written for ``player`` (the declared ones, else what the results give)
    must fit columns 81-84, or the file could not be written back."""
    written = player.declared_points if player.declared_points is not None else accepted[0]
    if written > MAX_COLUMN_POINTS:
        raise state.error(
            _(
                "player {player}: {points} points do not fit the points column (81-84 hold at "
                "most {most}); check the scoring system (records 162, BBW...)"
            ).format(
                player=player.tpn,
                points=half_points_to_str(written),
                most=half_points_to_str(MAX_COLUMN_POINTS),
            ),
            line_no,
            81,
        )


def _check_pairings(state: _State, rounds_of: dict[int, list[RoundEntry]]) -> None:
    """Every opponent exists and his line tells the same game: same round, opposite colours,
    matching results (A says he played B with White: B's line must say A with Black)."""
    for tpn, pl in state.players.items():
        for index, entry in enumerate(pl.rounds):
            if entry.opponent is None:
                continue
            rnd = index + 1
            column = pl.block_columns[index]
            other_line = state.players.get(entry.opponent)
            if other_line is None:
                raise state.error(
                    _(
                        "round {round}: opponent {opponent} does not exist (no player record "
                        "with that pairing number)"
                    ).format(round=rnd, opponent=entry.opponent),
                    pl.line_no,
                    column,
                )
            theirs = rounds_of[entry.opponent]
            other = theirs[index] if index < len(theirs) else None
            if other is None or other.opponent != tpn:
                if other is None:
                    message = _(
                        "round {round}: player {player} is paired with {opponent}, but player "
                        "{opponent}'s line (line {line}) says nothing for that round"
                    )
                elif other.opponent is not None:
                    message = _(
                        "round {round}: player {player} is paired with {opponent}, but player "
                        "{opponent}'s line (line {line}) says opponent {other}"
                    )
                else:
                    message = _(
                        "round {round}: player {player} is paired with {opponent}, but player "
                        "{opponent}'s line (line {line}) says no opponent (result {result})"
                    )
                raise state.error(
                    message.format(
                        round=rnd,
                        player=tpn,
                        opponent=entry.opponent,
                        line=other_line.line_no,
                        other=other.opponent if other is not None else "",
                        result=repr(other.result.value) if other is not None else "",
                    ),
                    pl.line_no,
                    column,
                )
            if entry.colour is not None and entry.colour is other.colour:
                if entry.colour is Colour.WHITE:
                    message = _(
                        "round {round}: impossible colours: players {player} and {opponent} "
                        "both have white (see line {line})"
                    )
                else:
                    message = _(
                        "round {round}: impossible colours: players {player} and {opponent} "
                        "both have black (see line {line})"
                    )
                raise state.error(
                    message.format(
                        round=rnd, player=tpn, opponent=entry.opponent, line=other_line.line_no
                    ),
                    pl.line_no,
                    column + 5,
                )
            if (entry.colour is None) != (other.colour is None):
                raise state.error(
                    _(_ONE_COLOUR[entry.colour or other.colour, entry.colour is None]).format(
                        round=rnd, player=tpn, opponent=entry.opponent, line=other_line.line_no
                    ),
                    pl.line_no,
                    column + 5,
                )
            if other.result not in _COMPATIBLE_RESULTS[entry.result]:
                raise state.error(
                    _(
                        "round {round}: result {result} of player {player} does not match "
                        "result {other} of opponent {opponent} (line {line})"
                    ).format(
                        round=rnd,
                        result=repr(entry.result.value),
                        player=tpn,
                        other=repr(other.result.value),
                        opponent=entry.opponent,
                        line=other_line.line_no,
                    ),
                    pl.line_no,
                    column + 7,
                )


_ONE_COLOUR: dict[tuple[Colour | None, bool], str] = {
    (Colour.WHITE, False): N_(
        "round {round}: impossible colours: player {player} has white but opponent {opponent} "
        "has no colour (line {line})"
    ),
    (Colour.BLACK, False): N_(
        "round {round}: impossible colours: player {player} has black but opponent {opponent} "
        "has no colour (line {line})"
    ),
    (Colour.WHITE, True): N_(
        "round {round}: impossible colours: player {player} has no colour but opponent "
        "{opponent} has white (line {line})"
    ),
    (Colour.BLACK, True): N_(
        "round {round}: impossible colours: player {player} has no colour but opponent "
        "{opponent} has black (line {line})"
    ),
}
"""A game one line gives a colour and the other none: (the colour given, whether the player
is the one without), a whole sentence each."""


def _apply_240(state: _State, rounds_of: dict[int, list[RoundEntry]]) -> None:
    """Put record-240 byes into the players' rounds (a round the line leaves empty, or the
    round to be paired); byes for later rounds stay as records."""
    done = 0
    for rounds in rounds_of.values():
        for i, e in enumerate(rounds, start=1):
            if e.opponent is not None or e.result is ResultCode.PAIRING_ALLOCATED_BYE:
                done = max(done, i)
    for line_no, result, rnd, ids, raw in state.r240:
        if rnd > done + 1:
            state.extra.append(raw)
            continue
        for tpn, column in ids:
            if tpn not in rounds_of:
                raise state.error(
                    _("record 240: player {player} does not exist").format(player=tpn),
                    line_no,
                    column,
                )
            rounds = rounds_of[tpn]
            bye = RoundEntry.bye(result)
            if rnd <= len(rounds):
                current = rounds[rnd - 1]
                if current == bye:
                    continue
                if current.result is not ResultCode.NOT_PAIRED or current.opponent is not None:
                    raise state.error(
                        _(
                            "record 240: player {player} gets a {kind} bye in round {round} but "
                            "his line (line {line}) shows {result} for that round"
                        ).format(
                            player=tpn,
                            kind=result.value,
                            round=rnd,
                            line=state.players[tpn].line_no,
                            result=repr(current.result.value),
                        ),
                        line_no,
                        column,
                    )
                rounds[rnd - 1] = bye
            else:
                rounds.extend([RoundEntry.bye(ResultCode.NOT_PAIRED)] * (rnd - 1 - len(rounds)))
                rounds.append(bye)


def _acceleration(state: _State) -> dict[int, tuple[HalfPoints, ...]]:
    """Virtual points per player and round from ``XXA`` and ``250`` records (C.04.7)."""
    table: dict[int, list[HalfPoints]] = {}
    for line_no, tpn, given in state.xxa:
        if tpn not in state.players:
            raise state.error(
                _("XXA: player {player} does not exist").format(player=tpn), line_no, 5
            )
        table[tpn] = list(given)
    for line_no, r1, r2, p1, p2, points in state.r250:
        for tpn in range(p1, p2 + 1):
            if tpn not in state.players:
                raise state.error(
                    _("record 250: player {player} does not exist").format(player=tpn),
                    line_no,
                    23,
                )
            values = table.setdefault(tpn, [])
            if len(values) < r2:
                values.extend([0] * (r2 - len(values)))
            for r in range(r1, r2 + 1):
                values[r - 1] = points
    return {tpn: tuple(v) for tpn, v in sorted(table.items()) if any(v)}


def infer_initial_colour(tournament: Tournament) -> Colour | None:
    """The colour TPN 1 would have had in round 1, read back from the first round with colours.

    As the reference engines do when ``XXC``/152 is missing: the highest-ranked participant
    paired in that round got the initial colour (C.04.3 art. 5.1), the next one the other...
    """
    first: int | None = None
    for p in tournament.players:
        for i, e in enumerate(p.rounds, start=1):
            if e.colour is not None and (first is None or i < first):
                first = i
    if first is None:
        return None
    index = 0
    for p in tournament.players:
        took_part = any(
            e.opponent is not None
            or e.result in (ResultCode.PAIRING_ALLOCATED_BYE, ResultCode.FORFEIT_WIN)
            for e in p.rounds[:first]
        )
        if not took_part:
            continue
        entry = p.entry(first)
        colour = entry.colour if entry is not None else None
        if colour is not None:
            return colour.opposite if index % 2 else colour
        index += 1
    return None


def computed_points(
    tournament: Tournament, player: Player, done: int | None = None
) -> tuple[HalfPoints, HalfPoints]:
    """``(points of the completed rounds, points of the pre-set entries after them)``.

    ``done`` is ``tournament.rounds_with_pairings`` (pass it when calling for every player).
    """
    if done is None:
        done = tournament.rounds_with_pairings
    table = points_table(tournament.scoring)
    rounds = player.rounds
    completed = sum([table[e.result] for e in rounds[:done]])
    preset = sum([table[e.result] for e in rounds[done:]]) if len(rounds) > done else 0
    return completed, preset


@functools.lru_cache(maxsize=64)
def points_table(scoring: ScoringSystem) -> dict[ResultCode, HalfPoints]:
    """Points of every result code under ``scoring`` (looked up once per scoring system)."""
    return {code: scoring.points(code) for code in ResultCode}


def acceptable_points(
    tournament: Tournament, player: Player, done: int | None = None
) -> tuple[HalfPoints, ...]:
    """Values of the points column the reference engines accept for ``player``: the completed
    rounds, optionally plus the pre-set bye of the round to be paired and the virtual points of
    acceleration (C.04.7) — the first is the canonical one."""
    if done is None:
        done = tournament.rounds_with_pairings
    completed, preset = computed_points(tournament, player, done)
    accel = tournament.acceleration_for(player.tpn, done + 1)
    return (completed, completed + preset, completed + accel, completed + preset + accel)


def _check_points(
    state: _State, tournament: Tournament, player: Player, line_no: int, done: int
) -> None:
    accepted = acceptable_points(tournament, player, done)
    _check_column_fits(state, player, line_no, accepted)
    if player.declared_points is None:
        return
    if player.declared_points not in accepted:
        if player.name:
            message = _(
                "player {player} ({name}): the points column says {declared} but the results "
                "add up to {points} (check the results or the scoring system)"
            )
        else:
            message = _(
                "player {player} (no name): the points column says {declared} but the results "
                "add up to {points} (check the results or the scoring system)"
            )
        raise state.error(
            message.format(
                player=player.tpn,
                name=player.name,
                declared=half_points_to_str(player.declared_points),
                points=half_points_to_str(accepted[0]),
            ),
            line_no,
            81,
        )


def _external_tiebreak(state: _State, tpns: Iterable[int]) -> ExternalTiebreak | None:
    """The file's ``### External tie-break`` values (C.02 Q207) of its own players; a line
    naming a player the file lacks is kept as the comment it is."""
    if state.external is None:
        return None
    external, line = state.external
    known = set(tpns)
    if not set(external.values) <= known:
        state.extra.append(line)
        return None
    return external


def _rating_corrections(
    state: _State, rounds_of: Mapping[int, Sequence[RoundEntry]]
) -> tuple[tuple[RatingReportResult, ...], tuple[str, ...]]:
    """The ``### Rating correction`` lines that name a game of the file (its two players met
    in that round, the first one with White or colours unknown), one per game; the others
    are kept as the comments they are."""
    kept: dict[tuple[int, frozenset[int]], RatingReportResult] = {}
    unread: list[str] = []
    for c, line in state.rating_corrections:
        rounds = rounds_of.get(c.white, ())
        entry = rounds[c.round - 1] if c.round <= len(rounds) else None
        if (
            entry is None
            or entry.opponent != c.black
            or entry.colour is Colour.BLACK
            or (not entry.result.is_played and entry.result not in _FORFEITS)
        ):
            unread.append(line)
            continue
        kept[(c.round, frozenset((c.white, c.black)))] = c  # the last line of a game holds
    return tuple(kept.values()), tuple(unread)


_FORFEITS = frozenset({ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS})
