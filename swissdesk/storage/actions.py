"""The arbiter's actions, as command objects.

Each action is a frozen dataclass passed to :meth:`TournamentFile.execute
<swissdesk.storage.service.TournamentFile.execute>`, which runs it in exactly one SQLite
transaction and records it in the audit log in that same transaction: an action is either
completely saved (and logged) or not at all. Players are named by their current tournament
pairing number (TPN, C.04.2 art. 2.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from swissdesk.engines.base import Pair, RoundPairing
from swissdesk.model.tournament import ResultCode
from swissdesk.storage.results import BoardResult
from swissdesk.storage.views import ByeKind, PlayerData, TournamentSettings


@dataclass(frozen=True, slots=True)
class Action:
    """Base class of all actions; ``undoable`` says whether :class:`Undo` can revert it."""

    undoable: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class EditSettings(Action):
    """Change the tournament settings (name, rounds, tie-breaks, ...).

    Refused if ``total_rounds`` would be below the rounds already paired, or if the pairing
    system, scoring or acceleration would change after round 1 was paired.
    """

    settings: TournamentSettings


@dataclass(frozen=True, slots=True)
class AddPlayer(Action):
    """Register a player before round 1 is paired; gets the next free TPN (provisional)."""

    player: PlayerData


@dataclass(frozen=True, slots=True)
class EditPlayer(Action):
    """Correct a player's data (any time: C.04.2 art. 4.3.3 rating corrections).

    The TPN is not changed: run :class:`AssignPairingNumbers` to re-sort (allowed until
    round 4 is paired, C.04.2 art. 2.3).
    """

    tpn: int
    player: PlayerData


@dataclass(frozen=True, slots=True)
class RemovePlayer(Action):
    """Remove a player before round 1 is paired; higher TPNs move up by one."""

    tpn: int


@dataclass(frozen=True, slots=True)
class AssignPairingNumbers(Action):
    """Sort the players and give them TPNs 1..n (C.04.2 art. 2.2-2.3).

    Without ``order``: by rating (highest first), FIDE title (GM-IM-WGM-FM-WIM-CM-WFM-WCM,
    then untitled) and name. With ``order``: the current TPNs in the new order (when the
    tournament replaced the alphabetical criterion). Refused once round 4 is paired.
    """

    order: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class LateEntry(Action):
    """Admit a player after round 1 is paired, to be paired from ``from_round`` on.

    C.04.2 art. 2.4-2.5: rounds missed score ``TournamentSettings.late_entry_result``
    (no points by default). Until round 4 is paired all TPNs are re-sorted (art. 2.2);
    afterwards the late entry gets the next free TPN. Refused once the list of participants
    is closed (:class:`CloseParticipantList`).
    """

    player: PlayerData
    from_round: int
    missed_result: ResultCode | None = None
    """What each missed round scores, as the tournament's rules say (C.04.2 art. 2.4):
    ``NOT_PAIRED`` (absent, no points), ``ZERO_POINT_BYE`` or ``HALF_POINT_BYE``; None
    takes ``TournamentSettings.late_entry_result``."""


@dataclass(frozen=True, slots=True)
class CloseParticipantList(Action):
    """Close the list of participants: TPNs become definitive, no more late entries (art. 2.5)."""


@dataclass(frozen=True, slots=True)
class Withdraw(Action):
    """The player withdraws and is not paired from round ``from_round`` on (C.04.2 art. 3.2).

    ``from_round`` must not be paired yet (for a round already paired, enter a forfeit).
    """

    tpn: int
    from_round: int


@dataclass(frozen=True, slots=True)
class RequestBye(Action):
    """A requested bye or known absence for a round not yet paired (C.04.2 art. 3.3)."""

    tpn: int
    round_number: int
    kind: ByeKind


@dataclass(frozen=True, slots=True)
class CancelBye(Action):
    """Cancel a requested bye or absence for a round not yet paired."""

    tpn: int
    round_number: int


@dataclass(frozen=True, slots=True)
class PairNextRound(Action):
    """Store the pairing of the next round (computed beforehand, e.g. in a worker thread).

    ``pairing.round_number`` must be the next round; every player to be paired must be on
    exactly one board or be the PAB. Refused while the previous round lacks results.
    ``engine`` names the system that produced it, for the audit log.
    """

    pairing: RoundPairing
    engine: str = ""


@dataclass(frozen=True, slots=True)
class ManualPairingChange(Action):
    """Replace the pairing of the last paired round by the arbiter's (C.04.2 art. 4.4).

    ``pairs`` are the new boards in order, ``bye`` the new PAB. Boards with a result must
    stay as they are. A pairing that breaks an absolute criterion ([C1] rematch, [C2]
    second PAB, [C3] same absolute colour preference) is refused with
    :class:`~swissdesk.storage.errors.ConfirmationRequired` unless ``confirmed``. The
    engine's original pairing is kept and logged.
    """

    round_number: int
    pairs: tuple[Pair, ...]
    bye: int | None = None
    confirmed: bool = False
    reason: str = ""


@dataclass(frozen=True, slots=True)
class UnpairLastRound(Action):
    """Delete the pairing of the last paired round; refused once it has a result."""


@dataclass(frozen=True, slots=True)
class EnterResult(Action):
    """Enter (or replace, or with ``None`` clear) a board's result in the last paired round."""

    round_number: int
    board: int
    result: BoardResult | None


@dataclass(frozen=True, slots=True)
class CorrectResult(Action):
    """Correct the result of a board of an earlier round (C.04.2 art. 4.3).

    The correction counts for the standings and the next pairing to be done; a round
    already paired keeps its published pairing.
    """

    round_number: int
    board: int
    result: BoardResult
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Undo(Action):
    """Revert the latest action not yet undone (repeat to go further back).

    Refused when that action cannot be reverted safely (creating the tournament, importing).
    """

    undoable: ClassVar[bool] = False
