"""Child process for the kill test: pairs rounds and enters results until it is killed.

Usage: ``python crash_worker.py FILE SEED``. Prints ``OPEN`` once the file is open, then one
``ACK <audit id> <action> <round> <board> <result>`` line for each action *after* it was
committed, flushing stdout each time, so the parent knows what was acknowledged.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import TextIO

sys.path.insert(0, str(Path(__file__).parent))

import trivial_engine  # noqa: F401  (registers "test-trivial")

from swissdesk.storage import (
    BoardResult,
    CorrectResult,
    EnterResult,
    TournamentFile,
    Undo,
)
from swissdesk.storage.errors import ActionRefused


def work(path: Path, seed: int, out: TextIO) -> None:
    """Act on ``path`` until done (or killed), writing OPEN/ACK lines to ``out``."""

    def say(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    rng = random.Random(seed)
    first = TournamentFile.open(path)
    # An event of several sections: each action in one of them, chosen at random.
    handles = [first] + [first.section(s.id) for s in first.sections()[1:]]
    say("OPEN")
    results = list(BoardResult)
    while True:
        tf = rng.choice(handles) if len(handles) > 1 else first
        ok, _why = tf.can_pair_next_round()
        roll = rng.random()
        try:
            if roll < 0.05:
                res = tf.execute(Undo())
                say(f"ACK {res.audit_id} Undo 0 0 -")
                continue
            last = tf.rounds_paired()
            if roll < 0.12 and last > 1:
                r = rng.randint(1, last - 1)
                boards = tf.round_view(r).boards
                if boards:
                    b = rng.choice(boards).board
                    result = rng.choice(results)
                    res = tf.execute(CorrectResult(r, b, result, confirmed=3))
                    say(f"ACK {res.audit_id} CorrectResult {r} {b} {result.value}")
                continue
            if ok:
                pairing, res = tf.pair_next_round(confirmed=2)
                say(f"ACK {res.audit_id} PairNextRound {pairing.round_number} 0 -")
                continue
            view = tf.round_view(last)
            if not view.missing_results:
                if len(handles) > 1:
                    continue
                break
            b = view.missing_results[0]
            result = rng.choice(results)
            res = tf.execute(EnterResult(last, b, result))
            say(f"ACK {res.audit_id} EnterResult {last} {b} {result.value}")
        except ActionRefused:
            continue  # e.g. an Undo that is not possible, a correction to the same result
    first.close()
    say("DONE")


if __name__ == "__main__":
    work(Path(sys.argv[1]), int(sys.argv[2]), sys.stdout)
