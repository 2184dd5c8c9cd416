"""Rendering a printed document in a child process (no Qt here).

Rendering 1,500 pairing cards is more than a second of pure Python (reportlab, its garbage
collections, the teardown of its page objects). In the window's process it contends for
Python's interpreter lock with the GUI thread: on a loaded machine a thread holding the lock
may wait for a processor, and the window paused up to 234 ms. The print worker thread
therefore hands the tournament snapshot to a child process and waits on a pipe (without the
lock) for the PDF's path. The snapshot goes in pieces of :data:`PIECE` players, so that no
single pickling holds the lock for long (the whole 1,500-player snapshot takes about 40 ms).

Messages back: ``("ok", path)``, ``("input", message)`` (an error the arbiter can act on,
e.g. a folder that cannot be written) or ``("crash", traceback)``. (The child keeps the
normal scheduling priority: a lower one made the job three times slower on a busy machine
and did not shorten the window's pauses.)
"""

from __future__ import annotations

import dataclasses
import traceback
from collections.abc import Sequence
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from swissdesk.errors import InputError
from swissdesk.model.tournament import Player, Tournament

PIECE = 100
"""Players pickled per message (a few milliseconds each)."""

def send_snapshot(conn: Connection, tournament: Tournament) -> None:
    """Send ``tournament`` over ``conn``: the tournament without players, then the players
    in pieces of :data:`PIECE`, then ``None``."""
    players = tournament.players
    conn.send(dataclasses.replace(tournament, players=()))
    for start in range(0, len(players), PIECE):
        conn.send(players[start : start + PIECE])
    conn.send(None)


def receive_snapshot(conn: Connection) -> Tournament:
    """The tournament :func:`send_snapshot` sent."""
    tournament: Tournament = conn.recv()
    players: list[Player] = []
    while (piece := conn.recv()) is not None:
        players.extend(piece)
    return dataclasses.replace(tournament, players=tuple(players))


def run_render(
    kind: str,
    tournament: Tournament,
    out: Path,
    round_number: int | None,
    board_order: Sequence[tuple[int, int]] | None,
) -> tuple[str, str]:
    """Render the document and package the outcome as a picklable message."""
    from swissdesk.reports import render

    try:
        path = render(
            kind,
            tournament,
            out,
            round_number=round_number,
            board_order=list(board_order) if board_order is not None else None,
        )
        return ("ok", str(path))
    except InputError as exc:
        return ("input", str(exc))
    except Exception:
        return ("crash", traceback.format_exc())


def child_main(
    conn: Connection,
    kind: str,
    out: str,
    round_number: int | None,
    board_order: Any,
) -> None:
    """Entry point of the print child process: one snapshot in, one message back."""
    try:
        tournament = receive_snapshot(conn)
        conn.send(run_render(kind, tournament, Path(out), round_number, board_order))
    except (EOFError, OSError):
        pass  # the window cancelled the job and closed the pipe
    finally:
        conn.close()
