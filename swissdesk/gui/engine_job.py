"""Running a pairing engine away from the GUI thread (no Qt here).

The pairing worker hands a plain tournament snapshot to :func:`pair_round`, normally in a
child process (:func:`child_main`), so that a pure-Python engine pairing hundreds of players
neither holds the GUI thread's interpreter lock nor outlives a Cancel: cancelling terminates
the child. Errors travel back as ``(kind, message)`` so the arbiter sees a sentence, never a
traceback.
"""

from __future__ import annotations

import traceback
from multiprocessing.connection import Connection
from typing import Any

from swissdesk.engines import PairingError, RoundPairing, get_engine
from swissdesk.errors import InputError, NoPairingError
from swissdesk.model.tournament import Tournament


def pair_round(
    tournament: Tournament, round_number: int, system: str, explain: bool = False
) -> RoundPairing:
    """Pair ``round_number`` of ``tournament`` with the ``system`` engine (C.04.3 / C.04.1).

    Raises :class:`InputError` for an unknown system and :class:`NoPairingError` when no
    pairing satisfies the absolute criteria (C.04.3 art. 1.9.3: the chief arbiter decides).
    """
    try:
        engine = get_engine(system)
    except KeyError as exc:
        raise InputError(str(exc.args[0]) if exc.args else str(exc)) from None
    try:
        return engine.pair(tournament, round_number, explain=explain)
    except PairingError as exc:
        raise NoPairingError(
            f"no pairing of round {round_number} satisfies the absolute criteria ({exc}); "
            "the chief arbiter decides (C.04.3 art. 1.9.3)"
        ) from exc


def run_job(
    tournament: Tournament, round_number: int, system: str, explain: bool
) -> tuple[Any, ...]:
    """Run :func:`pair_round` and package the outcome as a picklable message.

    ``("ok", pairing)``, ``("no-pairing", message)``, ``("input", message)`` or
    ``("crash", traceback text)``.
    """
    try:
        return ("ok", pair_round(tournament, round_number, system, explain))
    except NoPairingError as exc:
        return ("no-pairing", str(exc))
    except InputError as exc:
        return ("input", str(exc))
    except Exception:
        return ("crash", traceback.format_exc())


def child_main(
    conn: Connection, tournament: Tournament, round_number: int, system: str, explain: bool
) -> None:
    """Entry point of the engine child process: one job, one message back."""
    try:
        conn.send(run_job(tournament, round_number, system, explain))
    finally:
        conn.close()
