"""Tournament files (SQLite via SQLAlchemy 2) and the arbiter's actions on them.

The rest of the program uses only what this package exports: :class:`TournamentFile`,
the action command objects, the plain view dataclasses and the errors. ORM rows never leave
the package.

Typical use::

    with TournamentFile.create(path, TournamentSettings(name="Open", total_rounds=9)) as tf:
        tf.execute(AddPlayer(PlayerData("Carlsen, Magnus", rating=2830, title="GM")))
        tf.execute(AssignPairingNumbers())
        pairing, result = tf.pair_next_round()
        tf.execute(EnterResult(1, 1, BoardResult.WHITE_WINS))
"""

from swissdesk.storage import pairing_edits
from swissdesk.storage.appsettings import AppSettings, default_tournament_directory
from swissdesk.storage.commands import (
    Action,
    AddPlayer,
    AddSection,
    AssignPairingNumbers,
    CancelBye,
    CancelManualPairing,
    CheckIn,
    CloseParticipantList,
    CorrectResult,
    DrawLots,
    EditPlayer,
    EditSettings,
    EndManualPairing,
    EnterMatchResult,
    EnterResult,
    LateEntry,
    LeaveFideMode,
    ManualPairingChange,
    MarkAbsentees,
    MovePlayer,
    OrderSections,
    PairNextRound,
    ProhibitPairs,
    Redo,
    RemovePlayer,
    RemoveSection,
    RenameEvent,
    RequestBye,
    StartManualPairing,
    Undo,
    UnpairLastRound,
    UpdateRatings,
    Withdraw,
)
from swissdesk.storage.commands.rating_corrections import RatingCorrection
from swissdesk.storage.commands.rounds import absolute_criteria_warnings
from swissdesk.storage.commands.team_matches import (
    EnterBoardResult,
    ForfeitMatch,
    RequestTeamBye,
    SetLineup,
)
from swissdesk.storage.commands.teams import (
    AddTeam,
    AssignTeamPairingNumbers,
    EditTeam,
    RemoveTeam,
    SetTeamSettings,
)
from swissdesk.storage.errors import (
    ActionRefused,
    ConfirmationRequired,
    CorruptFileError,
    DiskFullError,
    LockedFileError,
    NewerFileError,
    NotATournamentFileError,
    ReadOnlyFileError,
    RefusedInFideMode,
    StorageError,
    UntrustedFileError,
)
from swissdesk.storage.importing import PreparedImport, prepare_import
from swissdesk.storage.levels import IntegrityEvent, Level, LevelWarning
from swissdesk.storage.recover import recover_file
from swissdesk.storage.results import BoardResult, parse_result
from swissdesk.storage.service import TournamentFile, open_for_report
from swissdesk.storage.teamviews import MatchView, MemberData, TeamData, TeamRow
from swissdesk.storage.views import (
    AccelerationKind,
    ActionResult,
    AuditEntry,
    BoardView,
    ByeKind,
    EventPlayerRow,
    ManualPhase,
    PlayerData,
    PlayerRow,
    PlayerStatus,
    RatingCorrectionView,
    RoundView,
    SectionInfo,
    SectionRules,
    TournamentSettings,
    UnpairedView,
)

SUFFIX = ".swissdesk"

__all__ = [
    "SUFFIX",
    "AccelerationKind",
    "Action",
    "ActionRefused",
    "ActionResult",
    "AddPlayer",
    "AddSection",
    "AddTeam",
    "AppSettings",
    "AssignPairingNumbers",
    "AssignTeamPairingNumbers",
    "AuditEntry",
    "BoardResult",
    "BoardView",
    "ByeKind",
    "CancelBye",
    "CancelManualPairing",
    "CheckIn",
    "CloseParticipantList",
    "ConfirmationRequired",
    "CorrectResult",
    "CorruptFileError",
    "DiskFullError",
    "DrawLots",
    "EditPlayer",
    "EditSettings",
    "EditTeam",
    "EndManualPairing",
    "EnterBoardResult",
    "EnterMatchResult",
    "EnterResult",
    "EventPlayerRow",
    "ForfeitMatch",
    "IntegrityEvent",
    "LateEntry",
    "LeaveFideMode",
    "Level",
    "LevelWarning",
    "LockedFileError",
    "ManualPairingChange",
    "ManualPhase",
    "MarkAbsentees",
    "MatchView",
    "MemberData",
    "MovePlayer",
    "NewerFileError",
    "NotATournamentFileError",
    "OrderSections",
    "PairNextRound",
    "PlayerData",
    "PlayerRow",
    "PlayerStatus",
    "PreparedImport",
    "ProhibitPairs",
    "RatingCorrection",
    "RatingCorrectionView",
    "ReadOnlyFileError",
    "Redo",
    "RefusedInFideMode",
    "RemovePlayer",
    "RemoveSection",
    "RemoveTeam",
    "RenameEvent",
    "RequestBye",
    "RequestTeamBye",
    "RoundView",
    "SectionInfo",
    "SectionRules",
    "SetLineup",
    "SetTeamSettings",
    "StartManualPairing",
    "StorageError",
    "TeamData",
    "TeamRow",
    "TournamentFile",
    "TournamentSettings",
    "Undo",
    "UnpairLastRound",
    "UnpairedView",
    "UntrustedFileError",
    "UpdateRatings",
    "Withdraw",
    "absolute_criteria_warnings",
    "default_tournament_directory",
    "open_for_report",
    "pairing_edits",
    "parse_result",
    "prepare_import",
    "recover_file",
]
