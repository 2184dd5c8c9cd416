"""An import's words in the reader's language (issue 38): the Level-3 warning of a round
that breaks the rules listed the checker's differences in English inside a German sentence,
and the audit log's first row ("imported 4 players, 2 rounds from ...", "created 'Open'")
was English in every language. Stored as before (English, ``### Import`` lines); worded
when shown."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from swissdesk.i18n import using_language
from swissdesk.storage import ConfirmationRequired, TournamentFile, TournamentSettings
from swissdesk.trf import format_trf

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "storage"))
try:
    from test_import_check import rematch_tournament
finally:
    sys.path.pop(0)


def asked(trf: Path, target: Path, language: str) -> str:
    with using_language(language), pytest.raises(ConfirmationRequired) as question:
        TournamentFile.import_trf(trf, target)
    return question.value.warnings[0]


def test_the_differences_of_a_round_that_breaks_the_rules_are_in_the_readers_language(
    tmp_path: Path,
) -> None:
    trf = tmp_path / "in.trf"
    trf.write_text(format_trf(rematch_tournament()), encoding="utf-8")
    english = asked(trf, tmp_path / "t.swissdesk", "en")
    assert "the file pairs 3-1; the engine does not make this pair" in english
    german = asked(trf, tmp_path / "t.swissdesk", "de")
    assert german.startswith("Runde 2 verletzt die Paarungsregeln von Holländisch (C.04.3)")
    assert "die Datei paart 3-1" in german
    assert "the file pairs" not in german and "the engine" not in german
    with TournamentFile.import_trf(trf, tmp_path / "t.swissdesk", confirmed=3) as tf:
        stored = tf.integrity_log()[0].text
    assert "the file pairs 3-1" in stored  # the ### Import line stays English


def test_the_first_audit_row_of_an_import_and_a_new_file_in_the_readers_language(
    tmp_path: Path,
) -> None:
    trf = tmp_path / "in.trf"
    trf.write_text(format_trf(rematch_tournament()), encoding="utf-8")
    with TournamentFile.import_trf(trf, tmp_path / "t.swissdesk", confirmed=3) as tf:
        rows: dict[str, str] = {}
        for language in ("en", "de", "ru"):
            with using_language(language):
                rows[language] = tf.audit_log()[0].summary
    assert rows["en"] == f"imported 4 players, 2 rounds from {trf}"
    assert rows["de"] == f"4 Spieler importiert, 2 Runden, aus {trf}"
    assert rows["ru"].startswith("импортировано 4 участника, 2 тура")
    with TournamentFile.create(tmp_path / "n.swissdesk", TournamentSettings(name="Open")) as tf:
        with using_language("en"):
            assert tf.audit_log()[0].summary == "created 'Open'"
        with using_language("fr"):
            french = tf.audit_log()[0].summary
    assert french != "created 'Open'" and "'Open'" in french
