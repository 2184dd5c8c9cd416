"""Undo, step by step, returns the tournament to exactly each earlier state."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
from storage_support import NAMES, settings

from swissdesk.engines import Pair
from swissdesk.storage import (
    ActionRefused,
    BoardResult,
    ByeKind,
    CancelBye,
    CancelManualPairing,
    CorrectResult,
    EditPlayer,
    EndManualPairing,
    EnterResult,
    LateEntry,
    ManualPairingChange,
    PlayerData,
    RequestBye,
    StartManualPairing,
    TournamentFile,
    Undo,
    UnpairLastRound,
    Withdraw,
)


def state(tf: TournamentFile) -> tuple[Any, ...]:
    """Everything the arbiter can see."""
    paired = tf.rounds_paired()
    views = tuple(tf.round_view(r) for r in range(1, paired + 2) if r <= 9)
    return (
        tf.settings(),
        tf.snapshot(include_pending=True),
        tuple(tf.players()),
        views,
        tf.manual_pairing(),
        tuple(tf.integrity_log()),
    )


def random_action(tf: TournamentFile, rng: random.Random) -> object:
    """One plausible arbiter action for the current state (may still be refused)."""
    paired = tf.rounds_paired()
    players = tf.players()
    tpns = [p.tpn for p in players]
    roll = rng.random()
    phase = tf.manual_pairing()
    if phase is not None:  # the manual-pairing phase: a change, the end or the cancel
        view = tf.round_view(phase.round_number)
        if roll < 0.5 and view.boards:
            pairs = [Pair(b.white_tpn, b.black_tpn) for b in view.boards]
            i = rng.randrange(len(pairs))
            pairs[i] = Pair(pairs[i].black, pairs[i].white)  # swap colours on one board
            return ManualPairingChange(
                phase.round_number, tuple(pairs), view.pab.tpn if view.pab else None, confirmed=3
            )
        if roll < 0.85:
            return EndManualPairing(phase.round_number, confirmed=4)
        return CancelManualPairing(phase.round_number)
    if paired:
        view = tf.round_view(paired)
        fresh = not any(b.has_result for b in view.boards)
        if fresh and roll < 0.15 and view.boards:
            return StartManualPairing(paired, None, engine_error="not computed in this test")
        if fresh and roll < 0.22:
            return UnpairLastRound()
        if view.missing_results and roll < 0.55:
            return EnterResult(
                paired, rng.choice(view.missing_results), rng.choice(list(BoardResult))
            )
        if not view.missing_results and roll < 0.45:
            return "pair"
        if 0.55 <= roll < 0.62:
            r = rng.randint(1, paired)
            board = rng.choice(tf.round_view(r).boards)
            if board.has_result:
                return CorrectResult(
                    r, board.board, rng.choice(list(BoardResult)), confirmed=3
                )
    if roll < 0.72:
        return Withdraw(rng.choice(tpns), paired + 1)
    if roll < 0.80:
        kind = rng.choice(list(ByeKind))
        return RequestBye(rng.choice(tpns), paired + rng.randint(1, 2), kind)
    if roll < 0.86:
        with_byes = [(p.tpn, r) for p in players for r, _kind in p.byes]
        if with_byes:
            return CancelBye(*rng.choice(with_byes))
    if roll < 0.88:
        n = len(players)
        return LateEntry(PlayerData(f"Late {n}", rng.randint(1000, 2500)), paired + 1)
    if roll < 0.92:
        p = rng.choice(players)
        return EditPlayer(p.tpn, PlayerData(p.name + "*", p.rating + 1, title=p.title))
    return "pair"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_undo_restores_every_earlier_state(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    players = [PlayerData(n, r, title=t) for n, r, t in NAMES]
    with TournamentFile.create(
        tmp_path / "u.swissdesk", settings(total_rounds=9), players=players
    ) as tf:
        history = [state(tf)]
        done = 0
        while done < 30:
            action = random_action(tf, rng)
            try:
                if action == "pair":
                    tf.pair_next_round(confirmed=2)
                else:
                    tf.execute(action)  # type: ignore[arg-type]
            except ActionRefused:
                assert state(tf) == history[-1]  # a refused action changed nothing
                continue
            done += 1
            history.append(state(tf))
        assert tf.rounds_paired() >= 1
        for expected in reversed(history[:-1]):
            tf.execute(Undo())
            assert state(tf) == expected
        with pytest.raises(ActionRefused, match="cannot be undone"):
            tf.execute(Undo())


def test_every_command_is_in_the_registry_with_its_undo() -> None:
    """A new command needs its line in storage/commands/registry.py (issue 21)."""
    from swissdesk.storage import commands
    from swissdesk.storage.commands.base import Action

    def subclasses(cls: type[Action]) -> set[type[Action]]:
        found = set(cls.__subclasses__())
        return found | {s for c in found for s in subclasses(c)}

    def defined(cls: type[Action]) -> bool:  # slots=True dataclasses replace their class
        return getattr(sys.modules[cls.__module__], cls.__name__, None) is cls

    undoable = {c for c in subclasses(Action) if c.undoable and defined(c)}
    # Leaving FIDE mode is in the registry, and its undo refuses (C.02 VCL Q45).
    steps = undoable | {commands.LeaveFideMode}
    assert undoable and steps == set(commands.REGISTRY)
    assert set(commands.UNDO) == {c.__name__ for c in steps}
