"""Issue 18 item 11: multi-level undo and redo through the audit log."""

from __future__ import annotations

import json
import sqlite3

import pytest

from swissdesk.storage import (
    ActionRefused,
    BoardResult,
    EditPlayer,
    EnterResult,
    PlayerData,
    Redo,
    TournamentFile,
    Undo,
)
from swissdesk.storage.commands.encoding import decode, encode


def test_undo_three_then_redo_three_restores_every_state(nine: TournamentFile) -> None:
    nine.pair_next_round()
    states = [nine.snapshot(include_pending=True)]
    for board, result in zip(
        (1, 2, 3),
        (BoardResult.WHITE_WINS, BoardResult.DRAW, BoardResult.DOUBLE_FORFEIT),
        strict=True,
    ):
        nine.execute(EnterResult(1, board, result))
        states.append(nine.snapshot(include_pending=True))
    for i in range(3):
        nine.execute(Undo())
        assert nine.snapshot(include_pending=True) == states[2 - i]
    for i in range(3):
        result = nine.execute(Redo())
        assert result.action == "EnterResult" and result.summary.startswith("redone: ")
        assert nine.snapshot(include_pending=True) == states[i + 1]
    with pytest.raises(ActionRefused, match="nothing to redo"):
        nine.execute(Redo())
    # A redone action can be undone again.
    nine.execute(Undo())
    assert nine.snapshot(include_pending=True) == states[2]


def test_a_new_action_clears_what_can_be_redone(nine: TournamentFile) -> None:
    nine.pair_next_round()
    nine.execute(EnterResult(1, 1, BoardResult.WHITE_WINS))
    nine.execute(Undo())
    nine.execute(EnterResult(1, 2, BoardResult.DRAW))
    with pytest.raises(ActionRefused, match="nothing to redo"):
        nine.execute(Redo())


def test_redo_of_a_player_edit(nine: TournamentFile) -> None:
    row = nine.players()[0]
    nine.execute(EditPlayer(row.tpn, PlayerData(row.name, rating=1999, federation="SUI")))
    nine.execute(Undo())
    assert nine.players()[0].rating == row.rating
    nine.execute(Redo())
    assert (nine.players()[0].rating, nine.players()[0].federation) == (1999, "SUI")
    log = nine.audit_log()
    assert log[-1].undo_of == log[-2].id and log[-2].undone, "the Undo record is redone"


def test_the_audit_record_names_no_class_outside_swissdesk(nine: TournamentFile) -> None:
    command = EnterResult(1, 2, BoardResult.DRAW)
    assert decode(json.loads(json.dumps(encode(command)))) == command
    forged = {"class": "os:system", "fields": {"command": "true"}}
    with pytest.raises(ActionRefused, match="outside swissdesk"):
        decode(forged)
    # A file whose last undone action carries a forged record: Redo refuses, nothing runs.
    nine.pair_next_round()
    nine.execute(EnterResult(1, 1, BoardResult.WHITE_WINS))
    nine.execute(Undo())
    target = nine.audit_log()[-2]
    nine.close()
    with sqlite3.connect(nine.path) as db:
        payload = dict(target.payload, redo=forged)
        db.execute("UPDATE audit SET payload = ? WHERE id = ?", (json.dumps(payload), target.id))
    with TournamentFile.open(nine.path) as tf, pytest.raises(ActionRefused, match="outside"):
        tf.execute(Redo())
