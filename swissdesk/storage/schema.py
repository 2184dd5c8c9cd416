"""The tables of a ``.swissdesk`` file (SQLAlchemy 2 typed declarative models).

ORM rows stay inside ``swissdesk.storage``: :mod:`swissdesk.storage.convert` turns them
into the plain model. Players are referenced by an internal id that never changes, so that
re-sorting pairing numbers (C.04.2 art. 2.3) touches one column of one table.

One row of ``entry`` is what one player did in one round: a game (with board number and a
result that may still be missing), the PAB, a requested bye, an absence. This is the exact
shape of ``Player.rounds`` in the model and in a TRF file.

A file is one *event* holding one or more *sections* (schema version 6): each row of
``tournament`` is one section, a complete tournament with its own settings, and every row of
the tables holding a tournament's players, rounds and results carries the ``section_id`` of
its section (:class:`SectionScoped`). Ids (players, team members, sections, audit rows) are
unique in the whole file and never reused, so the event's one audit log stays unambiguous.
The storage reads and writes one section at a time (:mod:`swissdesk.storage.sections`).
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

SCHEMA_VERSION = 12
"""Version of the tables below; bump it and add a migration to ``database.MIGRATIONS``.

2: the team tables (``team_settings``, ``team``, ``team_member``, ``team_board``).
3: ``tournament.organiser``.
4: ``player.club``.
5: the rating-change and norm inputs: ``player.k_factor``, ``k_source``, ``rated_games``,
``national_rating``; ``tournament.rating_settings``.
6: sections: ``tournament`` holds one row per section (its order, rating and age rules, the
TRF version and declared-results round that were file-wide ``meta`` keys); ``section_id`` on
every per-section table; TPNs and round numbers unique per section; ``player.checked_in``;
``audit.section_id``.
7: ``prize_plan``: a section's prize plan and the categories ticked per player (issue 36).

8: FIDE mode and the pairing-integrity log (issue 29): ``tournament.fide_mode``,
``tournament.integrity_log``, ``tournament.manual_pairing`` (per section).
9: ``rating_correction``: results corrected for the rating report only (issue 29, C.02
Q192-193).

10: the players' phones (issue 35): ``player_code`` (each player's personal code),
``venue_state`` (what the arbiter opened to the phones, per section), ``result_report``
(results reported from the phones, per board).

11: every rating a player holds, with its source and date (issue 31, checklist Q134):
``player.ratings``.

12: ``entry_fee``: each player's entry fee, due and paid, in cents (issue 35)."""

APPLICATION_ID = 0x53574453
"""``PRAGMA application_id`` of every swissdesk file ("SWDS"), so tools recognise it."""


class Base(DeclarativeBase):
    pass


class MetaRecord(Base):
    """Key/value facts about the file itself: ``schema_version``, ``created_with``."""

    __tablename__ = "meta"

    key: Mapped[str] = mapped_column(String, primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class TournamentRecord(Base):
    """One section of the event: a complete tournament's settings (``id`` is the section's
    id; a file from schema 3 or older is the one section ``id == 1``)."""

    __tablename__ = "tournament"
    # Section ids are never reused: the audit log names the section of each action.
    __table_args__ = ({"sqlite_autoincrement": True},)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(Text, default="")
    city: Mapped[str] = mapped_column(Text, default="")
    federation: Mapped[str] = mapped_column(Text, default="")
    start_date: Mapped[str] = mapped_column(Text, default="")
    end_date: Mapped[str] = mapped_column(Text, default="")
    chief_arbiter: Mapped[str] = mapped_column(Text, default="")
    deputy_arbiters: Mapped[str] = mapped_column(Text, default="[]")
    """JSON list of names."""
    time_control: Mapped[str] = mapped_column(Text, default="")
    tournament_type: Mapped[str] = mapped_column(Text, default="")
    total_rounds: Mapped[int] = mapped_column(Integer, default=0)
    system: Mapped[str] = mapped_column(String, default="dutch")
    initial_colour: Mapped[str] = mapped_column(String(1), default="w")
    scoring: Mapped[str] = mapped_column(Text)
    """JSON object: the ``ScoringSystem`` fields in half-points."""
    tiebreaks: Mapped[str] = mapped_column(Text, default="[]")
    acceleration: Mapped[str] = mapped_column(String, default="none")
    late_entry_result: Mapped[str] = mapped_column(String(1), default=" ")
    is_team: Mapped[bool] = mapped_column(Boolean, default=False)
    forbidden_pairs: Mapped[str] = mapped_column(Text, default="[]")
    """JSON list of ``[player_id, player_id]``."""
    extra_records: Mapped[str] = mapped_column(Text, default="[]")
    """JSON list of TRF lines kept for the round trip."""
    list_closed: Mapped[bool] = mapped_column(Boolean, default=False)
    organiser: Mapped[str] = mapped_column(Text, default="")
    """Free text; no TRF record (never exported)."""
    rating_settings: Mapped[str] = mapped_column(Text, default="{}")
    """JSON object: the national rating list's rules (``national``: name, k, cap) and the
    event type exempt from the norms' foreign-opponent rules (``norm_exemption``)."""
    position: Mapped[int] = mapped_column(Integer, default=1)
    """Where the section comes in the event (menus, combined lists): 1, 2, ..."""
    rating_from: Mapped[int] = mapped_column(Integer, default=0)
    """Section rule: players rated at least this (0: no lower limit). Warns, never refuses."""
    rating_below: Mapped[int] = mapped_column(Integer, default=0)
    """Section rule: players rated below this ("under 1800"; 0: no upper limit)."""
    age_under: Mapped[int] = mapped_column(Integer, default=0)
    """Section rule: players under this age on 1 January of the section's year ("U16")."""
    age_from: Mapped[int] = mapped_column(Integer, default=0)
    """Section rule: players at least this age on 1 January of the section's year ("65+")."""
    trf_version: Mapped[str] = mapped_column(String, default="")
    """The TRF format the section was imported from (``"16"``/``"2026"``; ``""``: none)."""
    declared_through: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The imported TRF's last round: its declared points and ranks hold through it."""
    fide_mode: Mapped[bool] = mapped_column(Boolean, default=True)
    """In FIDE mode (C.02 VCL Q40-46): on for a FIDE-approved system; once off, never on
    again (:class:`~swissdesk.storage.commands.fide_mode.LeaveFideMode`)."""
    integrity_log: Mapped[str] = mapped_column(Text, default="[]")
    """JSON list of the pairing-integrity events (``kind``, ``round``, ``text``), written to
    every exported TRF as ``###`` lines (:mod:`swissdesk.storage.levels`)."""
    manual_pairing: Mapped[str | None] = mapped_column(Text, nullable=True)
    """JSON object: the round being paired by hand, ``NULL`` when none
    (:mod:`swissdesk.storage.commands.manual`)."""


class SectionScoped:
    """A row belonging to one section: reads and writes of a section's session see and make
    only its own rows (``storage.sections`` adds the criterion to every ORM statement and
    fills ``section_id`` in on insert)."""

    # No index of its own: a section is most of a table (one-section files: all of it), so
    # SQLite reads it faster by scanning than through an index; TPN lookups use the unique
    # (section_id, tpn) index, rounds and entries their own.
    section_id: Mapped[int] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"))


class PlayerRecord(SectionScoped, Base):
    """A participant of one section. ``tpn`` is the current pairing number (unique in the
    section, 1..n). Someone playing two sections (a Sunday blitz beside the open) has one
    row in each: each section has its own rating type, status and results."""

    __tablename__ = "player"
    # Ids are never reused, so the audit log's player ids stay unambiguous.
    __table_args__ = (
        UniqueConstraint("section_id", "tpn"),
        {"sqlite_autoincrement": True},
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tpn: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(Text)
    rating: Mapped[int] = mapped_column(Integer, default=0)
    sex: Mapped[str] = mapped_column(String, default="")
    title: Mapped[str] = mapped_column(String, default="")
    federation: Mapped[str] = mapped_column(String, default="")
    fide_id: Mapped[str] = mapped_column(String, default="")
    birth_date: Mapped[str] = mapped_column(String, default="")
    members: Mapped[str] = mapped_column(Text, default="[]")
    declared_points: Mapped[int | None] = mapped_column(Integer, nullable=True)
    declared_rank: Mapped[int | None] = mapped_column(Integer, nullable=True)
    withdrawn_from_round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    late_entry_round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    group_a: Mapped[bool] = mapped_column(Boolean, default=False)
    """In Baku group GA (fixed when round 1 is paired, C.04.7 art. 1.2-1.3)."""
    acceleration: Mapped[str] = mapped_column(Text, default="[]")
    """JSON list of explicit virtual points per round (``AccelerationKind.EXPLICIT``)."""
    club: Mapped[str] = mapped_column(Text, default="")
    """Club or town (schema 4; printed on the starting list, never in a TRF)."""
    k_factor: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """K of the tournament's rating type from the rating list or the arbiter (``NULL``: the
    rules of the FIDE Rating Regulations art. 8.3.3 decide)."""
    k_source: Mapped[str] = mapped_column(String, default="")
    """Where ``k_factor`` comes from: ``arbiter`` or the rating list (``rating list 2026-11``)."""
    rated_games: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """Rated games before this event (art. 8.3.3: K 40 until 30), ``NULL`` if not known."""
    national_rating: Mapped[int] = mapped_column(Integer, default=0)
    """Rating on the national list (0: none)."""
    checked_in: Mapped[bool] = mapped_column(Boolean, default=False)
    """Ticked in at the registration desk (present for the section's first round)."""
    ratings: Mapped[str] = mapped_column(Text, default="{}")
    """Every rating the player holds (schema 11): the JSON of
    :class:`~swissdesk.model.ratings.PlayerRatings` (FIDE standard, rapid and blitz, the
    national ratings with their NRS details, the manual rating), each with its source and
    date. ``rating`` and ``national_rating`` stay the two figures read most: the FIDE rating
    of the section's rate of play (``official_rating``) and the rating on its national list;
    the storage keeps them in agreement with this column."""


class PrizePlanRecord(SectionScoped, Base):
    """A section's prize plan (schema 7, issue 36); no row: no plan, nothing ticked.

    ``content`` is a JSON object: ``plan``, the plan's written form
    (:func:`swissdesk.prizes.plan_to_mapping`; absent: no plan), and ``ticked``, player id
    -> the categories the arbiter ticked for that player. Storage only keeps it; the prize
    list is computed by :mod:`swissdesk.prizes`."""

    __tablename__ = "prize_plan"

    section_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), primary_key=True
    )
    content: Mapped[str] = mapped_column(Text, default="{}")


class RatingCorrectionRecord(SectionScoped, Base):
    """A game's result corrected for the rating report only (schema 9, issue 29; FIDE's
    checklist C.02, Q192-193). The game's ``entry`` rows keep the result the pairings and
    standings use; the rating changes read ``result`` (a key of
    :data:`swissdesk.model.tournament.RATING_RESULTS`, White's first) instead. One row per
    game: the players of ``round_number`` (``white_id`` had White); ``reason`` is the
    arbiter's."""

    __tablename__ = "rating_correction"
    __table_args__ = (UniqueConstraint("white_id", "round_number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_number: Mapped[int] = mapped_column(Integer)
    white_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"))
    black_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"))
    result: Mapped[str] = mapped_column(String)
    reason: Mapped[str] = mapped_column(Text, default="")


class RoundRecord(SectionScoped, Base):
    """A paired round. ``engine_pairing`` keeps the engine's original pairing (bbpPairings
    text) once the arbiter changed it by hand."""

    __tablename__ = "round"

    section_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    paired_at: Mapped[str] = mapped_column(String, default="")
    engine: Mapped[str] = mapped_column(String, default="")
    engine_pairing: Mapped[str | None] = mapped_column(Text, nullable=True)


class EntryRecord(SectionScoped, Base):
    """What one player did in one round (``Player.rounds[round - 1]`` of the model).

    ``kind``: ``game`` (board ``board``), ``pab``, ``bye`` (requested bye or known absence),
    ``absent`` (set by swissdesk: withdrawn, late entry not yet arrived), ``import``
    (an unpaired entry read from a TRF). ``result`` is the TRF result code, ``NULL`` while a
    game's result is missing.
    """

    __tablename__ = "entry"
    __table_args__ = (UniqueConstraint("player_id", "round_number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"), index=True)
    round_number: Mapped[int] = mapped_column(Integer, index=True)
    kind: Mapped[str] = mapped_column(String)
    board: Mapped[int | None] = mapped_column(Integer, nullable=True)
    opponent_id: Mapped[int | None] = mapped_column(
        ForeignKey("player.id", ondelete="RESTRICT"), nullable=True
    )
    colour: Mapped[str | None] = mapped_column(String(1), nullable=True)
    result: Mapped[str | None] = mapped_column(String(1), nullable=True)
    adjourned: Mapped[bool] = mapped_column(Boolean, default=False)
    games: Mapped[str | None] = mapped_column(Text, nullable=True)
    """JSON ``[[colour, result], ...]`` for multi-game entries (team, Double-Swiss)."""
    game_points: Mapped[int | None] = mapped_column(Integer, nullable=True)


class AuditRecord(Base):
    """One arbiter action, written in the same transaction as the change it made. The audit
    log is the event's (Undo goes back through all sections); ``section_id`` names the
    section the action changed (``NULL``: the event itself). No foreign key: the rows of a
    section removed later keep its id."""

    __tablename__ = "audit"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[str] = mapped_column(String)
    action: Mapped[str] = mapped_column(String)
    summary: Mapped[str] = mapped_column(Text)
    payload: Mapped[str] = mapped_column(Text)
    undone_by: Mapped[int | None] = mapped_column(Integer, nullable=True)
    undo_of: Mapped[int | None] = mapped_column(Integer, nullable=True)
    section_id: Mapped[int | None] = mapped_column(Integer, nullable=True)


# ---------------------------------------------------------------------------------------
# Team events (schema version 2; C.04.6). A team is a ``player`` row (the participant the
# team engine pairs, its ``entry`` rows are the matches); these tables hold what only a
# team has: its roster, and per round its line-up with each board's result.


class TeamSettingsRecord(SectionScoped, Base):
    """The C.04.6 options of a team section: at most one row per section (none: defaults)."""

    __tablename__ = "team_settings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    section_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), unique=True
    )
    boards: Mapped[int] = mapped_column(Integer, default=4)
    colour_preferences: Mapped[str] = mapped_column(String, default="A")
    primary_score: Mapped[str] = mapped_column(String, default="match")
    secondary_for_colour: Mapped[bool] = mapped_column(Boolean, default=True)
    pab_game_points: Mapped[int] = mapped_column(Integer, default=4)
    half_bye_game_points: Mapped[int] = mapped_column(Integer, default=4)
    full_bye_game_points: Mapped[int] = mapped_column(Integer, default=8)
    zero_bye_game_points: Mapped[int] = mapped_column(Integer, default=0)


class TeamRecord(SectionScoped, Base):
    """What a team has beyond its ``player`` row (name, federation, strength there)."""

    __tablename__ = "team"

    player_id: Mapped[int] = mapped_column(
        ForeignKey("player.id", ondelete="CASCADE"), primary_key=True
    )
    short_name: Mapped[str] = mapped_column(String, default="")
    club: Mapped[str] = mapped_column(Text, default="")


class TeamMemberRecord(SectionScoped, Base):
    """One player of a team's roster; ``position`` is the roster (board) order, 1..n."""

    __tablename__ = "team_member"
    __table_args__ = ({"sqlite_autoincrement": True},)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(Text)
    rating: Mapped[int] = mapped_column(Integer, default=0)
    title: Mapped[str] = mapped_column(String, default="")
    fide_id: Mapped[str] = mapped_column(String, default="")
    federation: Mapped[str] = mapped_column(String, default="")
    sex: Mapped[str] = mapped_column(String, default="")


class TeamBoardRecord(SectionScoped, Base):
    """One board of a team's line-up in one round, with that team's player's result code.

    ``member_id`` ``NULL`` is an empty board (a forfeited game); ``result`` ``NULL`` while
    the game's result is missing.
    """

    __tablename__ = "team_board"
    __table_args__ = (UniqueConstraint("team_id", "round_number", "board"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"), index=True)
    round_number: Mapped[int] = mapped_column(Integer, index=True)
    board: Mapped[int] = mapped_column(Integer)
    member_id: Mapped[int | None] = mapped_column(
        ForeignKey("team_member.id", ondelete="RESTRICT"), nullable=True
    )
    result: Mapped[str | None] = mapped_column(String(1), nullable=True)


# ---------------------------------------------------------------------------------------
# The players' phones (schema version 9, issue 35; docs/venue.md).


class PlayerCodeRecord(Base):
    """A player's personal code for check-in and result reports from a phone.

    Not section-scoped of its own: it follows its player (a player moved to another section
    keeps the code). Kept as the arbiter prints it (pairing cards and receipts are printed
    again every round); the venue compares it in constant time and never shows it."""

    __tablename__ = "player_code"

    player_id: Mapped[int] = mapped_column(
        ForeignKey("player.id", ondelete="CASCADE"), primary_key=True
    )
    code: Mapped[str] = mapped_column(String, unique=True)
    issued_at: Mapped[str] = mapped_column(String, default="")


MAX_FEE_CENTS = 100_000_000_000
"""The largest entry fee recorded, in cents (a billion currency units): far above any fee
in any currency; a larger figure is a typing mistake (the data check refuses it too)."""


class EntryFeeRecord(Base):
    """A player's entry fee (issue 35): ``due`` (what the player owes) and ``paid`` (what
    the desk received), in cents of the event's currency: integers, no float ever holds
    money. No row: nothing recorded. Not section-scoped of its own: it follows its player
    (a player moved to another section has paid all the same)."""

    __tablename__ = "entry_fee"

    player_id: Mapped[int] = mapped_column(
        ForeignKey("player.id", ondelete="CASCADE"), primary_key=True
    )
    due: Mapped[int] = mapped_column(Integer)
    paid: Mapped[int] = mapped_column(Integer)


class VenueStateRecord(SectionScoped, Base):
    """What the arbiter opened to the players' phones in a section (no row: nothing).

    ``checkin_round``: check-in is open for that round (``NULL``: closed);
    ``report_round``: result reporting is open for that round; ``acceptance``: what a
    report confirmed by both players does (``auto``: entered at once; ``arbiter``: waits
    for the arbiter's key, one board or all confirmed at once)."""

    __tablename__ = "venue_state"

    section_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), primary_key=True
    )
    checkin_round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    report_round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    acceptance: Mapped[str] = mapped_column(String, default="arbiter")


class ResultReportRecord(SectionScoped, Base):
    """A result reported from a phone for one board of one round (at most one per board).

    ``result`` is the board's result as the arbiter types it (``1-0``, ``1/2``, ``0-1``;
    :class:`~swissdesk.storage.results.BoardResult`), reported by ``reporter_id``;
    ``state``: ``reported`` (waiting for the opponent), ``confirmed`` (the opponent
    agreed), ``disputed`` (the opponent said otherwise: ``disputed_result``), ``accepted``
    (entered as the board's result), ``rejected`` (the arbiter entered another result or
    dismissed it)."""

    __tablename__ = "result_report"
    __table_args__ = (UniqueConstraint("section_id", "round_number", "board"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_number: Mapped[int] = mapped_column(Integer)
    board: Mapped[int] = mapped_column(Integer)
    reporter_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"))
    result: Mapped[str] = mapped_column(String)
    state: Mapped[str] = mapped_column(String, default="reported")
    answered_by: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The opponent who confirmed or disputed (player id)."""
    disputed_result: Mapped[str | None] = mapped_column(String, nullable=True)
    reported_at: Mapped[str] = mapped_column(String, default="")
    device: Mapped[str] = mapped_column(Text, default="")
    """The reporting phone as the server saw it (address, browser), for the arbiter."""
