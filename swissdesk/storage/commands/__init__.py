"""The arbiter's actions: one module per area, each command beside its ``apply``/``undo``.

- :mod:`~swissdesk.storage.commands.settings`: tournament settings
- :mod:`~swissdesk.storage.commands.players`: registering, TPNs, late entries, withdrawals,
  requested byes
- :mod:`~swissdesk.storage.commands.rounds`: pairing, unpairing
- :mod:`~swissdesk.storage.commands.manual`: the manual-pairing phase (start, changes, end
  with the comparison with the engine, cancel)
- :mod:`~swissdesk.storage.commands.fide_mode`: leaving FIDE mode, prohibited pairs
- :mod:`~swissdesk.storage.commands.round_robin`: pairing numbers by lot (Varma tables),
  the rounds a round robin's table gives, withdrawn players' games as forfeits
- :mod:`~swissdesk.storage.commands.results`: entering and correcting results
- :mod:`~swissdesk.storage.commands.phones`: the players' phones: personal codes, check-in
  and result reports, and what the arbiter opens to them (issue 35)
- :mod:`~swissdesk.storage.commands.sections`: the event's sections (add, remove, order) and
  moving a player between them
- :mod:`~swissdesk.storage.commands.language`: the tournament's language (its printed
  documents and venue pages, issue 38)
- :mod:`~swissdesk.storage.commands.teams`: team events: teams, rosters, line-ups, board
  results, forfeited matches, team byes, match points (C.04.6)
- :mod:`~swissdesk.storage.commands.registry`: command type -> step (the only dispatch)

Each command is a frozen dataclass passed to :meth:`TournamentFile.execute
<swissdesk.storage.service.TournamentFile.execute>`, which runs it in exactly one SQLite
transaction and records it in the audit log in that same transaction: an action is either
completely saved (and logged) or not at all. Players are named by their current tournament
pairing number (TPN, C.04.2 art. 2.3).
"""

from swissdesk.storage.commands.base import Action, Outcome, Redo, Step, Undo
from swissdesk.storage.commands.chess960 import SetChess960
from swissdesk.storage.commands.external_tiebreak import DrawLotsForTies, SetExternalTiebreak
from swissdesk.storage.commands.fees import SetEntryFee
from swissdesk.storage.commands.fide_mode import LeaveFideMode, ProhibitPairs
from swissdesk.storage.commands.language import SetDocumentLanguage
from swissdesk.storage.commands.later_ratings import SetLaterRatings
from swissdesk.storage.commands.manual import (
    CancelManualPairing,
    EndManualPairing,
    ManualPairingChange,
    StartManualPairing,
)
from swissdesk.storage.commands.phones import (
    AcceptReports,
    DismissReport,
    IssueCodes,
    KioskCheckIn,
    OpenCheckIn,
    OpenReporting,
    PhoneCheckIn,
    ReportMatch,
    ReportResult,
    RevokeCodes,
)
from swissdesk.storage.commands.player_flags import ExpelPlayer, SetHalfByeEligibility
from swissdesk.storage.commands.players import (
    AddPlayer,
    AssignPairingNumbers,
    CancelBye,
    CheckIn,
    CloseParticipantList,
    EditPlayer,
    LateEntry,
    MarkAbsentees,
    RemovePlayer,
    RequestBye,
    UpdateRatings,
    Withdraw,
)
from swissdesk.storage.commands.registry import REGISTRY, UNDO
from swissdesk.storage.commands.results import CorrectResult, EnterMatchResult, EnterResult
from swissdesk.storage.commands.round_robin import DrawLots
from swissdesk.storage.commands.rounds import (
    PairNextRound,
    UnpairLastRound,
)
from swissdesk.storage.commands.sections import (
    AddSection,
    MovePlayer,
    OrderSections,
    RemoveSection,
    RenameEvent,
)
from swissdesk.storage.commands.settings import EditSettings
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

__all__ = [
    "REGISTRY",
    "UNDO",
    "AcceptReports",
    "Action",
    "AddPlayer",
    "AddSection",
    "AddTeam",
    "AssignPairingNumbers",
    "AssignTeamPairingNumbers",
    "CancelBye",
    "CancelManualPairing",
    "CheckIn",
    "CloseParticipantList",
    "CorrectResult",
    "DismissReport",
    "DrawLots",
    "DrawLotsForTies",
    "EditPlayer",
    "EditSettings",
    "EditTeam",
    "EndManualPairing",
    "EnterBoardResult",
    "EnterMatchResult",
    "EnterResult",
    "ExpelPlayer",
    "ForfeitMatch",
    "IssueCodes",
    "KioskCheckIn",
    "LateEntry",
    "LeaveFideMode",
    "ManualPairingChange",
    "MarkAbsentees",
    "MovePlayer",
    "OpenCheckIn",
    "OpenReporting",
    "OrderSections",
    "Outcome",
    "PairNextRound",
    "PhoneCheckIn",
    "ProhibitPairs",
    "Redo",
    "RemovePlayer",
    "RemoveSection",
    "RemoveTeam",
    "RenameEvent",
    "ReportMatch",
    "ReportResult",
    "RequestBye",
    "RequestTeamBye",
    "RevokeCodes",
    "SetChess960",
    "SetDocumentLanguage",
    "SetEntryFee",
    "SetExternalTiebreak",
    "SetHalfByeEligibility",
    "SetLaterRatings",
    "SetLineup",
    "SetTeamSettings",
    "StartManualPairing",
    "Step",
    "Undo",
    "UnpairLastRound",
    "UpdateRatings",
    "Withdraw",
]
