"""Running a pairing engine away from the GUI thread (no Qt here).

The pairing worker hands a plain tournament snapshot to the engines' ``pair_round``,
normally in a child process (:func:`child_main`), so that a pure-Python engine pairing
hundreds of players neither holds the GUI thread's interpreter lock nor outlives a Cancel:
cancelling terminates the child. Errors travel back as ``(kind, message)`` so the arbiter sees a sentence, never a
traceback.
"""

from __future__ import annotations

import traceback
from multiprocessing.connection import Connection
from typing import Any

from swissdesk.engines import pair_round
from swissdesk.errors import InputError, NoPairingError
from swissdesk.i18n import SOURCE_LANGUAGE, set_process_language
from swissdesk.model.tournament import Tournament


def run_job(
    tournament: Tournament, round_number: int, system: str, explain: bool
) -> tuple[Any, ...]:
    """Run :func:`pair_round` and package the outcome as a picklable message.

    ``("ok", pairing)``, ``("no-pairing", message)``, ``("input", message)`` or
    ``("crash", traceback text)``.
    """
    try:
        return ("ok", pair_round(tournament, round_number, system, explain=explain))
    except NoPairingError as exc:
        return ("no-pairing", str(exc))
    except InputError as exc:
        return ("input", str(exc))
    except Exception:
        return ("crash", traceback.format_exc())


def child_main(
    conn: Connection,
    tournament: Tournament,
    round_number: int,
    system: str,
    explain: bool,
    language: str = SOURCE_LANGUAGE,
) -> None:
    """Entry point of the engine child process: one job, one message back.

    The child is spawned (a fresh interpreter): it speaks the window's ``language``, so an
    engine's refusal reaches the arbiter in the arbiter's words (issue 38)."""
    set_process_language(language)
    try:
        conn.send(run_job(tournament, round_number, system, explain))
    finally:
        conn.close()
