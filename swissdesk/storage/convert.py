"""The one place where stored rows become the plain tournament model, and back.

Everything leaving ``swissdesk.storage`` is built here from plain tuples read with Core
selects or plain SQL (fast, and no ORM instance can escape), and a
:class:`~swissdesk.model.tournament.Tournament` read from a TRF file is turned into rows
here. Snapshots have exactly the shape a TRF gives a pairing program (C.04.2; see
:func:`swissdesk.model.tournament.truncated`): the rounds whose results are all in, plus the
requested byes and absences already known for the round to be paired.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from sqlalchemy import func, insert, select
from sqlalchemy.orm import Session

from swissdesk import __version__
from swissdesk.elo import NationalSystem
from swissdesk.engines.acceleration import (  # re-exported for the storage service
    baku_group_a_size as baku_group_a_size,
)
from swissdesk.engines.acceleration import baku_last_ga, baku_virtual_points
from swissdesk.i18n import _
from swissdesk.model import round_robin, schedule, timecontrol
from swissdesk.model.ratings import (
    FIDE_SOURCE,
    PlayerRatings,
    Rating,
    RatingMethod,
    RatingRules,
    legacy_ratings,
    official_rating,
    settled_ratings,
    stored_ratings,
    tournament_rating,
)
from swissdesk.model.round_robin import RoundRobinSettings
from swissdesk.model.tournament import (
    DOUBLE_SWISS,
    Colour,
    GameResult,
    HalfPoints,
    Player,
    RatingReportResult,
    ResultCode,
    RoundEntry,
    ScoringSystem,
    TeamSettings,
    Tournament,
    TournamentInfo,
)
from swissdesk.model.withdrawal import withdrawals
from swissdesk.storage.levels import IntegrityEvent
from swissdesk.storage.schema import (
    EntryRecord,
    PlayerRecord,
    RatingCorrectionRecord,
    RoundRecord,
    TournamentRecord,
)
from swissdesk.storage.sections import section_of
from swissdesk.storage.views import (
    AccelerationKind,
    PlayerData,
    SectionRules,
    TournamentSettings,
)

CODES: dict[str, ResultCode] = {c.value: c for c in ResultCode}
COLOURS: dict[str, Colour] = {c.value: c for c in Colour}
_ABSENT = RoundEntry.bye(ResultCode.NOT_PAIRED)

PRESET_KINDS = frozenset({"bye", "absent", "import"})
"""Entry kinds without a board or PAB: requested byes, absences, unpaired imported entries."""

_PRESET_CODES = frozenset(
    {
        ResultCode.HALF_POINT_BYE,
        ResultCode.ZERO_POINT_BYE,
        ResultCode.FULL_POINT_BYE,
        ResultCode.NOT_PAIRED,
    }
)

# ---------------------------------------------------------------------------------------
# Settings


def scoring_to_json(scoring: ScoringSystem) -> str:
    return json.dumps({f.name: getattr(scoring, f.name) for f in fields(scoring)})


def scoring_from_json(text: str) -> ScoringSystem:
    data = json.loads(text)
    known = {f.name for f in fields(ScoringSystem)}
    return ScoringSystem(**{k: int(v) for k, v in data.items() if k in known})


def settings_to_dict(settings: TournamentSettings) -> dict[str, Any]:
    """JSON-able form of the settings (for the audit log)."""
    data = asdict(settings)
    data["deputy_arbiters"] = list(settings.deputy_arbiters)
    data["tiebreaks"] = list(settings.tiebreaks)
    data["initial_colour"] = settings.initial_colour.value
    data["acceleration"] = settings.acceleration.value
    data["late_entry_result"] = settings.late_entry_result.value
    data["national_list"] = national_to_dict(settings.national_list)
    data["round_robin"] = asdict(settings.round_robin)
    data["rating_rules"] = settings.rating_rules.to_json()
    return data


def settings_from_dict(data: Mapping[str, Any]) -> TournamentSettings:
    values = dict(data)
    values["deputy_arbiters"] = tuple(values.get("deputy_arbiters", ()))
    values["tiebreaks"] = tuple(values.get("tiebreaks", ()))
    values["scoring"] = ScoringSystem(**values.get("scoring", {}))
    values["initial_colour"] = Colour(values.get("initial_colour", "w"))
    values["acceleration"] = AccelerationKind(values.get("acceleration", "none"))
    values["late_entry_result"] = ResultCode(values.get("late_entry_result", " "))
    values["round_dates"] = tuple(values.get("round_dates", ()))
    values["rules"] = SectionRules(**values.get("rules", {}))
    values["national_list"] = national_from_dict(values.get("national_list") or {})
    values["round_robin"] = RoundRobinSettings(**values.get("round_robin", {}))
    values["rating_rules"] = RatingRules.from_json(values.get("rating_rules"))
    return TournamentSettings(**values)


def national_to_dict(national: NationalSystem) -> dict[str, Any]:
    return {"name": national.name, "k": national.k, "cap": national.cap}


def national_from_dict(data: Mapping[str, Any]) -> NationalSystem:
    default = NationalSystem()
    cap = data.get("cap", default.cap)
    return NationalSystem(
        name=str(data.get("name", default.name)),
        k=int(data.get("k", default.k)),
        cap=None if cap is None else int(cap),
    )


def rating_settings_to_json(settings: TournamentSettings) -> str:
    """The ``tournament.rating_settings`` column: national list, norm declaration and the
    rating rules (record 172's method, the initial order's criterion, unrated players in
    the tie-breaks)."""
    return json.dumps(
        {
            "national": national_to_dict(settings.national_list),
            "norm_exemption": settings.norm_exemption,
            "rules": settings.rating_rules.to_json(),
        }
    )


def rating_settings_from_json(text: str) -> tuple[NationalSystem, str, RatingRules]:
    data = json.loads(text or "{}")
    return (
        national_from_dict(data.get("national") or {}),
        str(data.get("norm_exemption", "")),
        RatingRules.from_json(data.get("rules")),
    )


def settings_from_record(rec: TournamentRecord) -> TournamentSettings:
    national, exemption, rating_rules = rating_settings_from_json(rec.rating_settings)
    return TournamentSettings(
        name=rec.name,
        city=rec.city,
        federation=rec.federation,
        start_date=rec.start_date,
        end_date=rec.end_date,
        chief_arbiter=rec.chief_arbiter,
        deputy_arbiters=tuple(json.loads(rec.deputy_arbiters)),
        time_control=rec.time_control,
        tournament_type=rec.tournament_type,
        total_rounds=rec.total_rounds,
        system=rec.system,
        scoring=scoring_from_json(rec.scoring),
        initial_colour=Colour(rec.initial_colour),
        tiebreaks=tuple(json.loads(rec.tiebreaks)),
        acceleration=AccelerationKind(rec.acceleration),
        late_entry_result=ResultCode(rec.late_entry_result),
        is_team=rec.is_team,
        round_dates=schedule.from_records(json.loads(rec.extra_records or "[]")),
        time_control_code=timecontrol.from_records(json.loads(rec.extra_records or "[]")),
        organiser=rec.organiser,
        rules=SectionRules(
            rating_from=rec.rating_from,
            rating_below=rec.rating_below,
            age_under=rec.age_under,
            age_from=rec.age_from,
        ),
        national_list=national,
        norm_exemption=exemption,
        rating_rules=rating_rules,
        round_robin=_round_robin_settings(json.loads(rec.extra_records or "[]")),
        fide_mode=bool(rec.fide_mode),
    )


def integrity_events(rec: TournamentRecord) -> list[IntegrityEvent]:
    """The tournament's pairing-integrity events, oldest first (the TRF's ``###`` lines)."""
    return [IntegrityEvent.from_json(e) for e in json.loads(rec.integrity_log or "[]")]


def _round_robin_settings(records: Sequence[str]) -> RoundRobinSettings:
    """A round robin's settings from its record 192 (the defaults for any other event)."""
    code = round_robin.from_records(records)
    return code.settings if code is not None else RoundRobinSettings()


def write_settings(rec: TournamentRecord, settings: TournamentSettings) -> None:
    """Copy ``settings`` into the tournament row."""
    rec.name = settings.name
    rec.city = settings.city
    rec.federation = settings.federation
    rec.start_date = settings.start_date
    rec.end_date = settings.end_date
    rec.chief_arbiter = settings.chief_arbiter
    rec.deputy_arbiters = json.dumps(list(settings.deputy_arbiters))
    rec.time_control = settings.time_control
    rec.tournament_type = settings.tournament_type
    rec.total_rounds = settings.total_rounds
    rec.system = settings.system
    rec.initial_colour = settings.initial_colour.value
    rec.scoring = scoring_to_json(settings.scoring)
    rec.tiebreaks = json.dumps(list(settings.tiebreaks))
    rec.acceleration = settings.acceleration.value
    rec.late_entry_result = settings.late_entry_result.value
    rec.is_team = settings.is_team
    rec.organiser = settings.organiser
    rec.rating_from = settings.rules.rating_from
    rec.rating_below = settings.rules.rating_below
    rec.age_under = settings.rules.age_under
    rec.age_from = settings.rules.age_from
    rec.rating_settings = rating_settings_to_json(settings)
    # The round schedule is the TRF record 132 among the kept records (no column of its own).
    records = schedule.replace_in_records(
        json.loads(rec.extra_records or "[]"), settings.round_dates
    )  # and the encoded time control is record 222
    records = timecontrol.replace_in_records(records, settings.time_control_code)
    # A round robin's cycles travel as its record 192 code (GRC Annex 1).
    records = round_robin.replace_in_records(
        records, settings.system, settings.round_robin, team=settings.is_team
    )
    rec.extra_records = json.dumps(list(records))


def settings_from_tournament(t: Tournament) -> TournamentSettings:
    """The settings a TRF file implies."""
    return TournamentSettings(
        name=t.info.name,
        city=t.info.city,
        federation=t.info.federation,
        start_date=t.info.start_date,
        end_date=t.info.end_date,
        chief_arbiter=t.info.chief_arbiter,
        deputy_arbiters=t.info.deputy_arbiters,
        time_control=t.info.time_control,
        tournament_type=t.info.tournament_type,
        total_rounds=t.total_rounds,
        system=t.system,
        scoring=t.scoring,
        initial_colour=t.initial_colour,
        tiebreaks=t.tiebreaks,
        acceleration=AccelerationKind.EXPLICIT if t.acceleration else AccelerationKind.NONE,
        is_team=t.is_team,
        round_dates=schedule.from_records(t.extra_records),
        time_control_code=timecontrol.from_records(t.extra_records),
        organiser=t.info.organiser,
        rating_rules=RatingRules(
            method=t.rating_method or RatingMethod.FIDE,
            national_federation=t.rating_federation,
            unrated=t.unrated_rule,
            long_event=t.long_event,
            tiebreak_ratings=t.tiebreak_ratings,
        ),
        round_robin=(
            round_robin.settings_of(t)
            if round_robin.is_round_robin(t.system)
            else RoundRobinSettings()
        ),
        fide_mode=t.fide_mode,
    )


def info_from_settings(settings: TournamentSettings) -> TournamentInfo:
    return TournamentInfo(
        name=settings.name,
        city=settings.city,
        federation=settings.federation,
        start_date=settings.start_date,
        end_date=settings.end_date,
        chief_arbiter=settings.chief_arbiter,
        deputy_arbiters=settings.deputy_arbiters,
        time_control=settings.time_control,
        tournament_type=settings.tournament_type,
        organiser=settings.organiser,
    )


# ---------------------------------------------------------------------------------------
# Acceleration


# ---------------------------------------------------------------------------------------
# Ratings


@dataclass(frozen=True, slots=True)
class RatingContext:
    """What a section's ratings are read with: its rating rules (record 172's method, the
    list sequence, the initial order's criterion), its rate of play (``standard``,
    ``rapid``, ``blitz``: record 222) and its federation (record 032: the national list's
    when the rules name none)."""

    rules: RatingRules = field(default_factory=RatingRules)
    rating_type: str = "standard"
    federation: str = ""
    is_team: bool = False
    """A team section: its players are teams, whose rating is the team's strength
    (C.04.6), kept in ``rating`` alone."""

    def stored(self, text: str, rating: int, national: int) -> PlayerRatings:
        """A stored player's ratings (``player.ratings`` and the two figures)."""
        if self.is_team:
            return legacy_ratings(rating, national, self.rating_type)
        return stored_ratings(text, rating, national, self.rating_type)

    @property
    def national_federation(self) -> str:
        return self.rules.federation(self.federation)

    def ratings(self, data: PlayerData) -> PlayerRatings:
        """The ratings ``data`` stands for: its ``ratings`` (an empty set when not given)
        settled with its ``rating`` and ``national_rating``."""
        return settled_ratings(
            data.ratings if data.ratings is not None else PlayerRatings(),
            data.rating,
            data.national_rating,
            self.rating_type,
            self.national_federation,
        )

    def tournament_rating(self, ratings: PlayerRatings) -> int:
        """The tournament rating (the rules' method over the list sequence, the national
        list and the manual rating)."""
        return tournament_rating(ratings, self.rules, self.rating_type, self.federation).value

    def official_rating(self, ratings: PlayerRatings) -> int:
        return official_rating(ratings, self.rating_type).value


def rating_context_of(settings: TournamentSettings) -> RatingContext:
    return RatingContext(
        settings.rating_rules,
        timecontrol.rating_type_of(settings.time_control_code),
        settings.federation.strip().upper()[:3],
        settings.is_team,
    )


def rating_context(session: Session) -> RatingContext:
    """The rating context of the session's section."""
    rec = session.get(TournamentRecord, section_of(session))
    assert rec is not None
    return rating_context_of(settings_from_record(rec))


def record_ratings(rec: PlayerRecord) -> PlayerRatings:
    """A stored player's ratings (``player.ratings``; the two figures where it is empty)."""
    return stored_ratings(rec.ratings or "", rec.rating, rec.national_rating, "standard")


def resync_official_ratings(session: Session, player_id: int | None = None) -> None:
    """Set the section's players' ``rating`` (the FIDE rating of the rate of play; only
    ``player_id``'s when given) from their ratings, after the rate of play changed or a
    player moved to another section: a rapid event reads the rapid rating (else the
    standard one, art. 7.2.1)."""
    context = rating_context(session)
    if context.is_team:
        return  # a team's rating is its strength (C.04.6), not a list's
    query = select(PlayerRecord)
    if player_id is not None:
        query = query.where(PlayerRecord.id == player_id)
    for rec in session.scalars(query):
        official = context.official_rating(record_ratings(rec))
        if rec.rating != official:
            rec.rating = official


# ---------------------------------------------------------------------------------------
# Player registration data


def player_data_to_dict(p: PlayerData) -> dict[str, Any]:
    """A player's registration data as the audit log stores it (JSON)."""
    return {
        "name": p.name,
        "rating": p.rating,
        "sex": p.sex,
        "title": p.title,
        "federation": p.federation,
        "fide_id": p.fide_id,
        "birth_date": p.birth_date,
        "members": list(p.members),
        "club": p.club,
        "k_factor": p.k_factor,
        "k_source": p.k_source,
        "rated_games": p.rated_games,
        "national_rating": p.national_rating,
        **({"ratings": p.ratings.to_json()} if p.ratings is not None else {}),
    }


def player_data_from_record(rec: PlayerRecord) -> PlayerData:
    """The registration data of a player row."""
    return PlayerData(
        name=rec.name,
        rating=rec.rating,
        sex=rec.sex,
        title=rec.title,
        federation=rec.federation,
        fide_id=rec.fide_id,
        birth_date=rec.birth_date,
        members=tuple(json.loads(rec.members)),
        club=rec.club,
        k_factor=rec.k_factor,
        k_source=rec.k_source,
        rated_games=rec.rated_games,
        national_rating=rec.national_rating,
        ratings=record_ratings(rec),
    )


def apply_player_data(rec: PlayerRecord, data: PlayerData, context: RatingContext) -> None:
    """Write registration data into a player row. Its ratings are ``data.ratings`` (the
    row's own when ``None``) settled with ``data.rating`` and ``data.national_rating``
    (:func:`~swissdesk.model.ratings.settled_ratings`: a figure that differs is stored as
    typed by the arbiter); ``rating`` stays the FIDE rating of the section's rate of play."""
    base = data.ratings
    if base is None:
        base = record_ratings(rec) if rec.ratings is not None else PlayerRatings()
    ratings = settled_ratings(
        base,
        data.rating,
        data.national_rating,
        context.rating_type,
        context.national_federation,
    )
    rec.ratings = json.dumps(ratings.to_json(), sort_keys=True)
    rec.name = data.name
    rec.rating = data.rating
    rec.sex = data.sex
    rec.title = data.title
    rec.federation = data.federation
    rec.fide_id = data.fide_id
    rec.birth_date = data.birth_date
    rec.members = json.dumps(list(data.members))
    rec.club = data.club
    rec.k_factor = data.k_factor
    rec.k_source = data.k_source
    rec.rated_games = data.rated_games
    rec.national_rating = data.national_rating


def player_data_from_dict(d: Mapping[str, Any]) -> PlayerData:
    """Registration data back from the audit log's JSON."""
    return PlayerData(
        name=d["name"],
        rating=int(d["rating"]),
        sex=d["sex"],
        title=d["title"],
        federation=d["federation"],
        fide_id=d["fide_id"],
        birth_date=d["birth_date"],
        members=tuple(d["members"]),
        club=str(d.get("club", "")),  # audit rows written before schema 4 have none
        k_factor=_optional_int(d.get("k_factor")),
        k_source=str(d.get("k_source", "")),
        rated_games=_optional_int(d.get("rated_games")),
        national_rating=int(d.get("national_rating", 0)),
        # Audit rows written before schema 11 have none: the figures alone, as then.
        ratings=PlayerRatings.from_json(d["ratings"]) if "ratings" in d else None,
    )


def _optional_int(value: Any) -> int | None:
    return None if value is None else int(value)


# ---------------------------------------------------------------------------------------
# Reading


@dataclass(frozen=True, slots=True)
class StoredEntry:
    """One ``entry`` row as a plain tuple (internal to the storage package)."""

    player_id: int
    round_number: int
    kind: str
    board: int | None
    opponent_id: int | None
    colour: str | None
    result: str | None
    adjourned: bool
    games: str | None
    game_points: int | None


_ENTRY_COLUMNS = (
    "player_id, round_number, kind, board, opponent_id, colour, result, adjourned, games, "
    "game_points"
)


def load_entries(
    session: Session, *, max_round: int | None = None, round_number: int | None = None
) -> list[StoredEntry]:
    """Entries (all, up to ``max_round``, or of one round), read as plain tuples.

    Plain SQL on the session's connection: no ORM instance is built, which keeps a
    2,000-player file's snapshot well under a second.
    """
    sql = f"SELECT {_ENTRY_COLUMNS} FROM entry WHERE section_id = ?"
    params: tuple[int, ...] = (section_of(session),)
    if round_number is not None:
        sql += " AND round_number = ?"
        params += (round_number,)
    elif max_round is not None:
        sql += " AND round_number <= ?"
        params += (max_round,)
    rows = session.connection().exec_driver_sql(sql, params).fetchall()
    return [
        StoredEntry(pid, r, kind, board, opp, colour, result, bool(adj), games, gp)
        for pid, r, kind, board, opp, colour, result, adj, games, gp in rows
    ]


def scores(
    session: Session, scoring: ScoringSystem, *, max_round: int, match_points: bool = False
) -> dict[int, HalfPoints]:
    """Each player's points (half-points) from rounds ``1..max_round`` (player id -> points).

    ``match_points`` (Double-Swiss, C.04.5): an entry with game points scores them (the sum
    of its two games); byes score their value per match.
    """
    rows = session.connection().exec_driver_sql(
        "SELECT player_id, result, count(*), "
        + ("sum(game_points), count(game_points) " if match_points else "0, 0 ")
        + "FROM entry WHERE section_id = ? AND +round_number <= ? AND result IS NOT NULL "
        "GROUP BY player_id, result",
        (section_of(session), max_round),
    )
    out: dict[int, HalfPoints] = {}
    for pid, code, count, game_points, with_games in rows:
        points = scoring.points(CODES[code]) * (count - with_games) + (game_points or 0)
        out[pid] = out.get(pid, 0) + points
    return out


def last_paired_round(session: Session) -> int:
    value = session.execute(select(func.max(RoundRecord.number))).scalar()
    return int(value) if value is not None else 0


def pending_boards(session: Session, round_number: int) -> list[int]:
    """Board numbers of ``round_number`` still without a result."""
    rows = session.execute(
        select(EntryRecord.board)
        .where(
            EntryRecord.round_number == round_number,
            EntryRecord.kind == "game",
            EntryRecord.result.is_(None),
        )
        .distinct()
        .order_by(EntryRecord.board)
    )
    return [int(b) for (b,) in rows if b is not None]


def completed_through(session: Session) -> int:
    """The last round whose results are all in (every earlier one is complete too). A round
    being created by hand (:mod:`~swissdesk.storage.commands.manual`) is not complete."""
    last = last_paired_round(session)
    if last and pending_boards(session, last):
        return last - 1
    if last and _being_created(session, last):
        return last - 1
    return last


def _being_created(session: Session, round_number: int) -> bool:
    rec = session.get(TournamentRecord, section_of(session))
    text = rec.manual_pairing if rec is not None else None
    if not text:
        return False
    current = json.loads(text)
    return bool(current.get("creating")) and current.get("round") == round_number


def round_entry(
    stored: StoredEntry, tpn_of: Mapping[int, int], *, pending_as: ResultCode | None = None
) -> RoundEntry:
    """The model's entry for a stored row (``pending_as`` replaces a missing result)."""
    if stored.result is None:
        if pending_as is None:
            raise ValueError(_("a pending result has no model entry"))
        code = pending_as
    else:
        code = CODES[stored.result]
    games: tuple[GameResult, ...] = ()
    if stored.games:
        games = tuple(
            GameResult(Colour(c) if c else None, ResultCode(r)) for c, r in json.loads(stored.games)
        )
    return RoundEntry(
        opponent=tpn_of[stored.opponent_id] if stored.opponent_id is not None else None,
        colour=COLOURS[stored.colour] if stored.colour else None,
        result=code,
        games=games,
        game_points=stored.game_points,
        adjourned=stored.adjourned and stored.result is not None,
    )


def pairing_controller(session: Session) -> str:
    """TRF-2026 record 182, the program that made the section's pairings (C.02 VCL Q217):
    swissdesk, unless every round paired so far came from an imported file (a file imported
    and exported as it was names no pairing controller of ours)."""
    engines = set(session.scalars(select(RoundRecord.engine)))
    if engines and engines <= {"import"}:
        return ""
    return f"swissdesk {__version__}"


def build_snapshot(
    session: Session, *, through: int | None = None, pending_as: ResultCode | None = None
) -> Tournament:
    """The tournament after round ``through`` (default: the last complete round).

    Rounds ``1..through`` come with all their entries; round ``through + 1`` only with its
    requested byes and absences (and an absence for withdrawn players and late entries not
    yet arrived), so that an engine pairs exactly the right players.
    """
    section = section_of(session)
    rec = session.get(TournamentRecord, section)
    assert rec is not None
    settings = settings_from_record(rec)
    if through is None:
        through = completed_through(session)
    next_round = through + 1
    prow = PlayerRecord
    players = (
        session.connection()
        .execute(
            select(
                prow.id,
                prow.tpn,
                prow.name,
                prow.rating,
                prow.sex,
                prow.title,
                prow.federation,
                prow.fide_id,
                prow.birth_date,
                prow.members,
                prow.club,
                prow.declared_points,
                prow.declared_rank,
                prow.withdrawn_from_round,
                prow.late_entry_round,
                prow.group_a,
                prow.acceleration,
                prow.national_rating,
                prow.ratings,
            )
            .where(prow.section_id == section)
            .order_by(prow.tpn)
        )
        .all()
    )
    tpn_of = {row.id: row.tpn for row in players}
    rows = (
        session.connection()
        .exec_driver_sql(
            "SELECT player_id, round_number, kind, opponent_id, colour, result, games, "
            "game_points, adjourned FROM entry WHERE section_id = ? AND +round_number <= ?",
            (section, next_round),
        )
        .fetchall()
    )
    by_player: dict[int, dict[int, RoundEntry]] = {}
    presets: dict[int, RoundEntry] = {}
    codes, colours = CODES, COLOURS
    for pid, r, kind, opp, colour, result, games, game_points, adjourned in rows:
        if r == next_round:
            # Only requested byes and absences of the round to be paired (truncated()).
            if kind in PRESET_KINDS and opp is None and result is not None:
                code = codes[result]
                if code in _PRESET_CODES:
                    presets[pid] = RoundEntry(None, None, code)
            continue
        if r > through:
            continue
        if result is None:
            if pending_as is None:
                raise ValueError(_("a pending result has no model entry"))
            code = pending_as
        else:
            code = codes[result]
        if games is None and game_points is None:
            entry = RoundEntry(
                tpn_of[opp] if opp is not None else None,
                colours[colour] if colour else None,
                code,
                adjourned=bool(adjourned) and result is not None,
            )
        else:
            entry = round_entry(
                StoredEntry(pid, r, kind, None, opp, colour, result, False, games, game_points),
                tpn_of,
                pending_as=pending_as,
            )
        by_player.setdefault(pid, {})[r] = entry
    keep_declared = rec.declared_through == through
    from swissdesk.storage.commands.chess960 import read_state as chess960_state
    from swissdesk.storage.commands.external_tiebreak import snapshot_external
    from swissdesk.storage.commands.player_flags import EXPELLED, flagged

    expelled = flagged(session, EXPELLED)
    chess960 = {r: n for r, n in (chess960_state(session).positions or {}).items() if r <= through}
    context = rating_context_of(settings)
    rules = settings.rating_rules
    national_fed = context.national_federation
    out: list[Player] = []
    absent = _ABSENT
    for row in players:
        entries = by_player.get(row.id, {})
        nxt = presets.get(row.id)
        if nxt is not None:
            entries[next_round] = nxt
        elif next_round <= settings.total_rounds:
            if row.withdrawn_from_round is not None and row.withdrawn_from_round <= next_round:
                entries[next_round] = absent
            elif row.late_entry_round is not None and row.late_entry_round > next_round:
                entries[next_round] = RoundEntry.bye(settings.late_entry_result)
        length = max(entries, default=0)
        if len(entries) == length:
            rounds = tuple(entries[r] for r in range(1, length + 1))
        else:
            rounds = tuple(entries.get(r, absent) for r in range(1, length + 1))
        ratings = context.stored(row.ratings, row.rating, row.national_rating)
        rating = context.tournament_rating(ratings)
        out.append(
            Player(
                tpn=row.tpn,
                name=row.name,
                rating=rating,
                fide_rating=row.rating if rating != row.rating else None,
                # A rating kept without its federation is the section's national list's.
                national_ratings=tuple(
                    n if n.federation else replace(n, federation=national_fed)
                    for n in ratings.national
                ),
                sex=row.sex,
                title=row.title,
                federation=row.federation,
                fide_id=row.fide_id,
                birth_date=row.birth_date,
                rounds=rounds,
                declared_points=row.declared_points if keep_declared else None,
                declared_rank=row.declared_rank if keep_declared else None,
                members=tuple(json.loads(row.members)),
                club=row.club,
                withdrawn_from=row.withdrawn_from_round,
                expelled=row.id in expelled,
                later_ratings=tuple((r.from_round, r.rating.value) for r in ratings.later),
            )
        )
    acceleration: dict[int, tuple[HalfPoints, ...]] = {}
    if settings.acceleration is AccelerationKind.EXPLICIT:
        for row in players:
            values = json.loads(row.acceleration)
            if values is not None:
                acceleration[row.tpn] = tuple(int(v) for v in values)
    elif settings.acceleration is AccelerationKind.BAKU and players:
        marked = [row.tpn for row in players if row.group_a]
        if marked:
            last_ga = max(marked)
        elif through == 0:  # round 1: GA counts only the players paired in it (Q111)
            last_ga = baku_last_ga(p.tpn for p in out if p.entry(1) is None)
        else:
            last_ga = baku_group_a_size(len(players))
        # Double-Swiss (C.04.5): a match win, two games, is the unit of the virtual points.
        win = settings.scoring.win * (2 if settings.system == DOUBLE_SWISS else 1)
        points = baku_virtual_points(settings.total_rounds, win)
        acceleration = {row.tpn: points for row in players if row.tpn <= last_ga}
    forbidden = frozenset(
        frozenset(tpn_of[i] for i in pair)
        for pair in json.loads(rec.forbidden_pairs)
        if all(i in tpn_of for i in pair)
    )
    return Tournament(
        players=tuple(out),
        total_rounds=settings.total_rounds,
        initial_colour=settings.initial_colour,
        scoring=settings.scoring,
        info=info_from_settings(settings),
        system=settings.system,
        tiebreaks=settings.tiebreaks,
        acceleration=acceleration,
        forbidden_pairs=forbidden,
        is_team=settings.is_team,
        team=_team_settings(session) if settings.is_team else None,
        extra_records=tuple(json.loads(rec.extra_records)),
        chess960=chess960,
        rating_method=None if rules.method is RatingMethod.FIDE else rules.method,
        rating_federation=national_fed,
        unrated_rule=rules.unrated,
        long_event=rules.long_event,
        tiebreak_ratings=rules.tiebreak_ratings,
        pairing_controller=pairing_controller(session),
        fide_mode=bool(rec.fide_mode),
        integrity_log=tuple(e.trf_line[4:] for e in integrity_events(rec)),
        rating_corrections=_rating_corrections(session, section, through, tpn_of, by_player),
        external_tiebreak=snapshot_external(session, tpn_of),
    )


def _rating_corrections(
    session: Session,
    section: int,
    through: int,
    tpn_of: Mapping[int, int],
    by_player: Mapping[int, Mapping[int, RoundEntry]],
) -> tuple[RatingReportResult, ...]:
    """The section's results corrected for the rating report only (C.02 Q192), of the
    rounds in the snapshot and of games still as they were corrected."""
    rows = session.execute(
        select(
            RatingCorrectionRecord.round_number,
            RatingCorrectionRecord.white_id,
            RatingCorrectionRecord.black_id,
            RatingCorrectionRecord.result,
        )
        .where(RatingCorrectionRecord.section_id == section)
        .order_by(RatingCorrectionRecord.round_number, RatingCorrectionRecord.id)
    ).all()
    out = []
    for r, white, black, result in rows:
        entry = by_player.get(white, {}).get(r)
        if r <= through and entry is not None and entry.opponent == tpn_of.get(black):
            out.append(RatingReportResult(r, tpn_of[white], tpn_of[black], result))
    return tuple(out)


def _team_settings(session: Session) -> TeamSettings:
    from swissdesk.storage.teamviews import team_settings

    return team_settings(session)


# ---------------------------------------------------------------------------------------
# Writing a whole tournament (TRF import)


def _entry_kind(entry: RoundEntry) -> str:
    if entry.opponent is not None:
        return "game"
    if entry.result is ResultCode.PAIRING_ALLOCATED_BYE:
        return "pab"
    if entry.result in _PRESET_CODES:
        return "bye"
    return "import"


def games_to_json(games: Sequence[GameResult]) -> str | None:
    if not games:
        return None
    return json.dumps([[g.colour.value if g.colour else None, g.result.value] for g in games])


def insert_tournament(
    session: Session, t: Tournament, *, engine_label: str, at: str
) -> dict[int, int]:
    """Write every player, round and entry of ``t`` into the session's section (new and
    empty); returns each TPN's player id (ids are the file's: a second section's players
    get the next free ones)."""
    rec = session.get(TournamentRecord, section_of(session))
    assert rec is not None
    rec.extra_records = json.dumps(list(t.extra_records))
    last_paired = t.rounds_with_pairings
    withdrawn = withdrawals(t)  # the file's withdrawn players stay withdrawn (issue 18)
    records: dict[int, PlayerRecord] = {}
    national_fed = (t.rating_federation or t.info.federation).strip().upper()
    kind = timecontrol.rating_type_of(timecontrol.from_records(t.extra_records))
    for p in t.players:
        accel = t.acceleration.get(p.tpn)
        # Every NRS record is kept with its details (national ID, origin, class), so
        # the file exports what was imported; the 001 rating is the FIDE rating of the
        # event's rate of play.
        ratings = PlayerRatings(national=p.national_ratings)
        if p.official_rating > 0:
            ratings = ratings.with_fide(kind, Rating(p.official_rating, FIDE_SOURCE))
        records[p.tpn] = PlayerRecord(
            tpn=p.tpn,
            name=p.name,
            rating=p.official_rating,
            ratings=json.dumps(ratings.to_json(), sort_keys=True),
            national_rating=_national_value(p, national_fed),
            sex=p.sex,
            title=p.title,
            federation=p.federation,
            fide_id=p.fide_id,
            birth_date=p.birth_date,
            members=json.dumps(list(p.members)),
            club=p.club,
            declared_points=p.declared_points,
            declared_rank=p.declared_rank,
            group_a=False,
            acceleration=json.dumps(list(accel) if accel is not None else None),
            withdrawn_from_round=withdrawn.get(p.tpn),
        )
    session.add_all(records.values())
    session.flush()
    id_of = {tpn: r.id for tpn, r in records.items()}
    rec.forbidden_pairs = json.dumps(
        sorted(
            sorted(id_of[tpn] for tpn in pair)
            for pair in t.forbidden_pairs
            if all(tpn in id_of for tpn in pair)
        )
    )
    for r in range(1, last_paired + 1):
        session.add(RoundRecord(number=r, paired_at=at, engine=engine_label))
    rows: list[dict[str, Any]] = []
    for r in range(1, max((len(p.rounds) for p in t.players), default=0) + 1):
        boards: dict[frozenset[int], int] = {}
        for p in sorted(t.players, key=lambda q: q.tpn):
            e = p.entry(r)
            if e is None:
                continue
            board = None
            if e.opponent is not None:
                key = frozenset({p.tpn, e.opponent})
                board = boards.setdefault(key, len(boards) + 1)
            rows.append(
                {
                    "player_id": id_of[p.tpn],
                    "round_number": r,
                    "kind": _entry_kind(e),
                    "board": board,
                    "opponent_id": id_of[e.opponent] if e.opponent is not None else None,
                    "colour": e.colour.value if e.colour else None,
                    "result": e.result.value,
                    "adjourned": e.adjourned,
                    "games": games_to_json(e.games),
                    "game_points": e.game_points,
                }
            )
    if rows:
        session.execute(insert(EntryRecord), rows)
    # The TRF's ### Rating correction lines (C.02 Q192-193): the reader kept those that name
    # a game of the file.
    session.add_all(
        RatingCorrectionRecord(
            round_number=c.round, white_id=id_of[c.white], black_id=id_of[c.black], result=c.result
        )
        for c in t.rating_corrections
        if c.white in id_of and c.black in id_of
    )
    # The TRF's ### External tie-break line (C.02 Q207), its values now by player id.
    if t.external_tiebreak is not None and t.external_tiebreak.in_use:
        from swissdesk.storage.commands.external_tiebreak import write_external

        write_external(session, t.external_tiebreak.with_keys(id_of))
    rec.declared_through = last_paired
    return id_of


def _national_value(p: Player, federation: str) -> int:
    """The national rating a TRF gives ``p`` on the section's national list: the NRS
    record of ``federation`` (record 172's), else the player's only one."""
    value = p.national_rating(federation) if federation else 0
    if not value and len(p.national_ratings) == 1:
        value = p.national_ratings[0].value
    return value


def entry_dicts(records: Iterable[EntryRecord]) -> list[dict[str, Any]]:
    """Entries as JSON-able dicts (kept in the audit log so that Undo can restore them)."""
    return [
        {
            "player_id": e.player_id,
            "round_number": e.round_number,
            "kind": e.kind,
            "board": e.board,
            "opponent_id": e.opponent_id,
            "colour": e.colour,
            "result": e.result,
            "adjourned": e.adjourned,
            "games": e.games,
            "game_points": e.game_points,
        }
        for e in records
    ]
