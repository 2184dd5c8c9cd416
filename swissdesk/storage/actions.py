"""The arbiter's actions, as command objects (kept for older imports).

The commands now live beside their ``apply``/``undo`` functions in
:mod:`swissdesk.storage.commands` (one module per area); this module re-exports them so
``from swissdesk.storage.actions import EnterResult`` keeps working.
"""

from swissdesk.storage.commands import (
    Action,
    AddPlayer,
    AssignPairingNumbers,
    CancelBye,
    CloseParticipantList,
    CorrectResult,
    EditPlayer,
    EditSettings,
    EnterResult,
    LateEntry,
    ManualPairingChange,
    PairNextRound,
    RemovePlayer,
    RequestBye,
    Undo,
    UnpairLastRound,
    Withdraw,
)

__all__ = [
    "Action",
    "AddPlayer",
    "AssignPairingNumbers",
    "CancelBye",
    "CloseParticipantList",
    "CorrectResult",
    "EditPlayer",
    "EditSettings",
    "EnterResult",
    "LateEntry",
    "ManualPairingChange",
    "PairNextRound",
    "RemovePlayer",
    "RequestBye",
    "Undo",
    "UnpairLastRound",
    "Withdraw",
]
