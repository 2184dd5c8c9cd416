"""Entry fees at the check-in desk (issue 35): the amount due and the amount paid per
player, integer cents, each change one audited action that Undo takes back; paid money is
never lost with a player removed and put back."""

from __future__ import annotations

import sqlite3

import pytest

from swissdesk.storage import (
    ActionRefused,
    MovePlayer,
    RemovePlayer,
    SetEntryFee,
    TournamentFile,
    Undo,
)
from swissdesk.storage.schema import MAX_FEE_CENTS


def test_a_fee_is_recorded_in_cents_audited_and_undone(nine: TournamentFile) -> None:
    assert nine.entry_fees() == {}
    nine.execute(SetEntryFee(3, due=2500))
    assert nine.entry_fees() == {3: (2500, 0)}
    nine.execute(SetEntryFee(3, paid=2000))  # the due amount kept
    nine.execute(SetEntryFee(5, due=1250, paid=1250))
    assert nine.entry_fees() == {3: (2500, 2000), 5: (1250, 1250)}
    entry = nine.audit_log()[-1]
    name = next(p.name for p in nine.players() if p.tpn == 5)
    assert entry.action == "SetEntryFee"
    assert entry.summary == f"entry fee of no. 5 {name}: due 12.50, paid 12.50"
    nine.execute(Undo())
    assert nine.entry_fees() == {3: (2500, 2000)}
    nine.execute(Undo())
    assert nine.entry_fees() == {3: (2500, 0)}
    nine.execute(Undo())
    assert nine.entry_fees() == {}


def test_a_fee_is_refused_when_negative_absurd_empty_or_unchanged(nine: TournamentFile) -> None:
    for wrong in (SetEntryFee(2), SetEntryFee(2, due=-1), SetEntryFee(2, paid=MAX_FEE_CENTS + 1),
                  SetEntryFee(99, due=100)):  # fmt: skip
        with pytest.raises(ActionRefused):
            nine.execute(wrong)
    nine.execute(SetEntryFee(2, due=3000, paid=3000))
    with pytest.raises(ActionRefused, match="recorded so already"):
        nine.execute(SetEntryFee(2, paid=3000))
    assert nine.entry_fees() == {2: (3000, 3000)}
    assert [e.action for e in nine.audit_log()].count("SetEntryFee") == 1


def test_a_removed_player_put_back_by_undo_keeps_the_fee_paid(nine: TournamentFile) -> None:
    nine.execute(SetEntryFee(4, due=2500, paid=2500))
    name = next(p.name for p in nine.players() if p.tpn == 4)
    nine.execute(RemovePlayer(4))
    assert nine.entry_fees() == {}
    nine.execute(Undo())
    assert next(p.name for p in nine.players() if p.tpn == 4) == name
    assert nine.entry_fees() == {4: (2500, 2500)}


def test_a_player_moved_to_another_section_keeps_the_fee(nine: TournamentFile) -> None:
    from swissdesk.storage import AddSection, TournamentSettings

    nine.execute(SetEntryFee(1, due=4000, paid=4000))
    nine.execute(AddSection(TournamentSettings(name="Rapid", total_rounds=5)))
    rapid = nine.section("Rapid")
    nine.execute(MovePlayer(1, rapid.section_id))
    assert nine.entry_fees() == {}
    assert rapid.entry_fees() == {1: (4000, 4000)}


def test_the_data_check_refuses_a_planted_negative_fee(nine: TournamentFile) -> None:
    nine.execute(SetEntryFee(6, due=2500))
    path = nine.path
    nine.close()
    con = sqlite3.connect(path)
    con.execute("UPDATE entry_fee SET paid = -500")
    con.commit()
    con.close()
    from swissdesk.storage import CorruptFileError, StorageError

    with pytest.raises((CorruptFileError, StorageError), match=r"entry_fee row .*paid -500"):
        TournamentFile.open(path)
