"""The tournament's language (issue 38): its printed documents and venue pages, one per event,
kept in the file, set and shown by ``swissdesk settings --language``, undone like any action."""

from __future__ import annotations

from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.storage import (
    ActionRefused,
    PlayerData,
    SetDocumentLanguage,
    TournamentFile,
    TournamentSettings,
    Undo,
)


def new_file(tmp_path: Path) -> Path:
    path = tmp_path / "t.swissdesk"
    settings = TournamentSettings(name="Lyon Open", total_rounds=5)
    with TournamentFile.create(path, settings, players=[PlayerData("A, Anne", 2000)]):
        pass
    return path


def test_a_file_that_never_chose_prints_in_english(tmp_path: Path) -> None:
    with TournamentFile.open(new_file(tmp_path)) as tf:
        assert tf.document_language() == "en"


def test_the_language_is_kept_in_the_file_and_undone(tmp_path: Path) -> None:
    path = new_file(tmp_path)
    with TournamentFile.open(path) as tf:
        outcome = tf.execute(SetDocumentLanguage("FR"))
        assert "Français (fr)" in outcome.summary
    with TournamentFile.open(path) as tf:
        assert tf.document_language() == "fr"
        tf.execute(SetDocumentLanguage("pl"))
        tf.execute(Undo())
        assert tf.document_language() == "fr"
        tf.execute(Undo())
        assert tf.document_language() == "en"


@pytest.mark.parametrize("code", ["xx", "de_DE", "German", "", "en-GB"])
def test_a_language_swissdesk_does_not_print_in_is_refused(tmp_path: Path, code: str) -> None:
    with TournamentFile.open(new_file(tmp_path)) as tf:
        with pytest.raises(ActionRefused, match="choose one of: en \\(English\\), fr"):
            tf.execute(SetDocumentLanguage(code))
        assert tf.document_language() == "en"


def test_settings_language_sets_and_shows_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_file(tmp_path)
    assert main(["settings", str(path)]) == 0
    assert "language of the documents: en (English)" in capsys.readouterr().out
    assert main(["settings", str(path), "--language", "ru"]) == 0
    assert "language of the documents: ru (Русский)" in capsys.readouterr().out
    assert main(["settings", str(path), "--language", "xx"]) == 2
    err = capsys.readouterr().err
    assert "'xx' is not a language swissdesk prints in" in err and "Traceback" not in err
    with TournamentFile.open(path) as tf:
        assert tf.document_language() == "ru"
