"""FIDE mode (FIDE's checklist for tournament programs, C.02 VCL Q40-46, Q56) and the warning
levels it rests on (#2304 of the audit's sources, Q112-115).

Each test is named after the checklist question it pins.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from swissdesk.engines import system_tiebreaks
from swissdesk.storage import (
    BoardResult,
    ConfirmationRequired,
    CorrectResult,
    EditSettings,
    EnterResult,
    LeaveFideMode,
    Level,
    PlayerData,
    Redo,
    RefusedInFideMode,
    TournamentFile,
    TournamentSettings,
    Undo,
)
from swissdesk.storage.errors import ActionRefused
from swissdesk.storage.schema import SCHEMA_VERSION
from swissdesk.tiebreaks.trf_ranks import with_current_ranks
from swissdesk.trf import format_trf

PLAYERS = [PlayerData(f"Player {i:02d}", rating=2400 - 20 * i) for i in range(1, 9)]


def event(tmp_path: Path, system: str = "dutch", name: str = "t", rounds: int = 5) -> TournamentFile:
    tiebreaks = system_tiebreaks(system) or (("SB", "DE") if "robin" in system else ("BH", "SB"))
    settings = TournamentSettings(
        name="FIDE Open", total_rounds=rounds, system=system, tiebreaks=tiebreaks
    )
    return TournamentFile.create(tmp_path / f"{name}.swissdesk", settings, players=PLAYERS)


def play_round(tf: TournamentFile) -> int:
    pairing, _ = tf.pair_next_round()
    for board in range(1, len(pairing.pairs) + 1):
        tf.execute(EnterResult(pairing.round_number, board, BoardResult.WHITE_WINS))
    return pairing.round_number


def trf_of(tf: TournamentFile) -> str:
    return format_trf(with_current_ranks(tf.snapshot()))


@pytest.mark.parametrize(
    "system", ["dutch", "dubov", "burstein", "lim", "lim:maxi", "double-swiss", "round-robin"]
)
def test_q40_fide_mode_is_the_default_for_every_fide_system(tmp_path: Path, system: str) -> None:
    with event(tmp_path, system) as tf:
        assert tf.settings().fide_mode is True
        assert tf.snapshot().fide_mode is True


@pytest.mark.parametrize("system", ["rating1992", "lim:2003", "lim:1999,maxi", "scheveningen"])
def test_q40_a_system_fide_does_not_approve_is_not_in_fide_mode(
    tmp_path: Path, system: str
) -> None:
    """The word FIDE is not used for what FIDE does not endorse: the 1992 rating-based
    Swiss, an older Lim edition and swissdesk's own Scheveningen table are not FIDE mode."""
    with event(tmp_path, system) as tf:
        assert tf.settings().fide_mode is False


def test_q41_choosing_a_fide_system_before_round_1_enters_fide_mode(tmp_path: Path) -> None:
    with event(tmp_path, "rating1992") as tf:
        done = tf.execute(EditSettings(dataclasses.replace(tf.settings(), system="dutch")))
        assert tf.settings().fide_mode is True
        assert any("in FIDE mode" in w for w in done.warnings)
        tf.execute(Undo())
        assert tf.settings().fide_mode is False


def test_q41_in_fide_mode_a_system_fide_does_not_approve_is_level_5(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        with pytest.raises(RefusedInFideMode, match="not a FIDE-approved pairing system"):
            tf.execute(EditSettings(dataclasses.replace(tf.settings(), system="rating1992")))
        assert tf.settings().system == "dutch"


def test_q43_leaving_fide_mode_is_a_level_4_double_warning(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        play_round(tf)
        with pytest.raises(ConfirmationRequired) as asked:
            tf.execute(LeaveFideMode(reason="a prohibited pair after round 1"))
        assert asked.value.level is Level.DOUBLE
        assert "cannot be undone" in asked.value.consequences
        with pytest.raises(ConfirmationRequired):
            tf.execute(LeaveFideMode(confirmed=3))  # a Level-3 answer is not enough
        assert tf.settings().fide_mode is True
        done = tf.execute(LeaveFideMode(reason="a prohibited pair after round 1", confirmed=4))
        assert tf.settings().fide_mode is False
        entry = tf.audit_log()[-1]
        assert entry.id == done.audit_id and entry.payload["confirmed"] == 4
        assert entry.payload["warnings"][0]["level"] == 4


def test_q44_leaving_fide_mode_is_a_trf_comment_with_the_round(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        play_round(tf)
        play_round(tf)
        tf.execute(LeaveFideMode(reason="club rules", confirmed=4))
        text = trf_of(tf)
    lines = [line for line in text.splitlines() if line.startswith("###")]
    assert lines == [
        "### FIDE mode left @ Round 2: the arbiter left FIDE mode after round 2 was paired: "
        "club rules"
    ]


def test_q45_fide_mode_cannot_be_entered_again(tmp_path: Path) -> None:
    """Not by Undo, not by the settings, not by choosing a FIDE system again before round 1,
    not by exporting the TRF and importing it."""
    with event(tmp_path) as tf:
        tf.execute(LeaveFideMode(confirmed=4))
        with pytest.raises(ActionRefused, match="cannot be undone"):
            tf.execute(Undo())
        settings = tf.settings()
        tf.execute(EditSettings(dataclasses.replace(settings, fide_mode=True, name="again")))
        assert tf.settings().fide_mode is False
        tf.execute(EditSettings(dataclasses.replace(tf.settings(), system="dubov")))
        assert tf.settings().fide_mode is False
        with pytest.raises(ActionRefused, match="not in FIDE mode"):
            tf.execute(LeaveFideMode(confirmed=4))
        play_round(tf)
        trf = tmp_path / "out.trf"
        trf.write_text(trf_of(tf), encoding="utf-8")
    with TournamentFile.import_trf(trf, tmp_path / "back.swissdesk") as back:
        assert back.settings().fide_mode is False
        assert any(line.startswith("### FIDE mode left") for line in back.snapshot().extra_records)


def test_q46_every_printed_page_says_not_in_fide_mode(tmp_path: Path) -> None:
    from swissdesk.reports import render
    from swissdesk.storage import open_for_report

    with event(tmp_path) as tf:
        play_round(tf)
    path = tmp_path / "t.swissdesk"
    tournament, _ = open_for_report(path)
    inside = render("standings", tournament, tmp_path / "in.pdf")
    assert "Not in FIDE mode" not in PdfReader(inside).pages[0].extract_text()
    with TournamentFile.open(path) as tf:
        tf.execute(LeaveFideMode(confirmed=4))
    tournament, _ = open_for_report(path)
    outside = render("standings", tournament, tmp_path / "out.pdf")
    pages = PdfReader(outside).pages
    assert all("Not in FIDE mode" in page.extract_text() for page in pages)


def test_q56_an_imported_tournament_is_in_fide_mode(tmp_path: Path) -> None:
    with event(tmp_path) as tf:
        play_round(tf)
        text = trf_of(tf)
    trf = tmp_path / "in.trf"
    trf.write_text(text, encoding="utf-8")
    with TournamentFile.import_trf(trf, tmp_path / "imported.swissdesk") as imported:
        assert imported.settings().fide_mode is True


def test_a_confirmed_action_is_redone_with_its_confirmation(tmp_path: Path) -> None:
    """The level the arbiter accepted is recorded with the command: Redo does not ask
    again, and the audit row of the redo keeps the warnings."""
    with event(tmp_path) as tf:
        play_round(tf)
        tf.execute(
            EditSettings(dataclasses.replace(tf.settings(), total_rounds=7), confirmed=4)
        )
        tf.execute(Undo())
        assert tf.settings().total_rounds == 5
        assert tf.integrity_log() == []
        tf.execute(Redo())
        assert tf.settings().total_rounds == 7
        assert [e.trf_line for e in tf.integrity_log()] == [
            "### Configuration @ Round 1: number of rounds 5 -> 7"
        ]
        redone = json.loads(json.dumps(tf.audit_log()[-1].payload))
        assert redone["confirmed"] == 4


def test_q115_level_3_before_a_pairing_integrity_event_from_every_front(tmp_path: Path) -> None:
    """Confirmation comes from the action itself (storage), so the window, the command line
    and a script all meet the same level; a lower answer changes nothing."""
    with event(tmp_path) as tf:
        play_round(tf)
        play_round(tf)
        with pytest.raises(ConfirmationRequired) as asked:
            tf.execute(CorrectResult(1, 1, BoardResult.DRAW, confirmed=2))
        assert asked.value.level is Level.CONFIRM_FACTS
        assert tf.integrity_log() == []


FIXTURES = Path(__file__).parent / "fixtures"


@pytest.mark.parametrize("version", [6, 7])
@pytest.mark.parametrize(("system", "fide_mode"), [("dutch", True), ("rating1992", False)])
def test_an_older_file_is_upgraded_into_fide_mode_by_its_system(
    tmp_path: Path, system: str, fide_mode: bool, version: int
) -> None:
    """Schema 8 (issue 29): an older tournament is in FIDE mode when its system is
    FIDE-approved; its log is empty and no round is being paired by hand; the old file is
    kept, every earlier row unchanged."""
    import shutil
    import sqlite3

    path = tmp_path / "old.swissdesk"
    shutil.copy(FIXTURES / f"v{version}_individual.swissdesk", path)
    con = sqlite3.connect(path)
    con.execute("UPDATE tournament SET system = ?", (system,))
    con.commit()
    before = con.execute("SELECT * FROM entry ORDER BY id").fetchall()
    rounds = con.execute("SELECT count(*) FROM round").fetchone()[0]
    con.close()
    with TournamentFile.open(path) as tf:
        assert tf.settings().fide_mode is fide_mode
        assert tf.integrity_log() == [] and tf.manual_pairing() is None
        assert tf.rounds_paired() == rounds
    con = sqlite3.connect(path)
    assert con.execute("SELECT * FROM entry ORDER BY id").fetchall() == before
    assert con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone() == (
        str(SCHEMA_VERSION),
    )
    con.close()
    assert (tmp_path / f"old.before-upgrade-v{version}.swissdesk").exists()
