"""What reading a TRF assumed or adjusted, in the reader's language (issue 38): the import's
notes (C.02 VCL Q47-50: no record 142, 152, 162, 192 or 202; TRF06's unplayed rounds; records
kept unread; comment lines) are whole sentences. The import's audit row keeps them in English,
as before, and beside it their messages, so the window and the command line word them for
whoever opens the file; a file imported before that shows its English."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.i18n import using_language, worded
from swissdesk.storage import TournamentFile
from swissdesk.trf import parse_trf
from swissdesk.trf.adjustments import reading_notes
from tests.cli.cli_support import player

GAMES = {1: ("2.0", "   2 w 1", "0000 - +"), 2: ("0.0", "   1 b 0", "   3 w 0"),
         3: ("1.5", "0000 - =", "   2 b 1")}  # fmt: skip
"""Each player's points and two rounds: player 1 won round 2 unplayed, player 3 drew round 1."""
HEAD = ("012 Old Club Open", "### kept as it is", "### and this one",
        "999 a record swissdesk does not read")  # fmt: skip
LINES = (*HEAD, *(player(tpn, *games) for tpn, games in GAMES.items()))
"""A TRF06-style file: no record 142/152/162/192/202, unplayed rounds written ``0000 - +`` and
``0000 - =``, a record kept unread and two comment lines."""

ENGLISH = [
    "read as TRF06",
    "the number of rounds is not in the file (record 142 or XXR): set it in the tournament "
    "settings before pairing (the file has 2 rounds paired)",
    "the initial colour is not in the file (record 152 or XXC): read from round 1's colours, "
    "White for the first player paired (C.04.3 art. 5.1)",
    "the points of each result are not in the file (record 162): 1 for a win, ½ for a draw, "
    "the pairing-allocated bye a win (C.04.1 art. 3)",
    "the pairing system is not in the file (record 192): dutch taken",
    "the tie-breaks are not in the file (record 202): the standings order by points alone "
    "until they are chosen in the tournament settings",
    "1 unplayed round written '0000 - +' (no opponent, the way of TRF06): read as a point won "
    "without playing; TRF16 would say whether it was the pairing-allocated bye (U) or a "
    "full-point bye (F)",
    "1 unplayed round written '0000 - =' (no opponent, the way of TRF06): read as half a point "
    "without playing (a half-point bye)",
    "records kept as they are, not read: 999 (1 line)",
    "2 comment lines (###) kept and written back",
]


@pytest.fixture
def old_trf(tmp_path: Path) -> Path:
    path = tmp_path / "old.trf"
    path.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    return path


def notes_of(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return reading_notes(text, parse_trf(text, source=str(path)))


def test_the_notes_are_english_as_before(old_trf: Path) -> None:
    assert notes_of(old_trf) == ENGLISH


def test_each_note_is_worded_in_the_readers_language(old_trf: Path) -> None:
    notes = notes_of(old_trf)
    with using_language("de"):
        german = [worded(n) for n in notes]
    assert german[0] == "gelesen als TRF06"
    assert german[1].endswith("(die Datei hat 2 gepaarte Runden)")
    assert german[4] == "das Paarungssystem steht nicht in der Datei (Satz 192): dutch angenommen"
    assert german[-2] == "unverändert behaltene, nicht gelesene Sätze: 999 (1 Zeile)"
    assert german[-1] == "2 Kommentarzeilen (###) behalten und zurückgeschrieben"
    with using_language("pl"):
        polish = [worded(n) for n in notes]
    assert polish[1].endswith("(plik ma 2 skojarzone rundy)")
    assert polish[-1] == "2 wiersze komentarza (###) zachowane i zapisane z powrotem"
    assert not set(german) & set(ENGLISH) and not set(polish) & set(ENGLISH)


def test_the_file_keeps_english_and_words_the_notes_for_their_reader(
    old_trf: Path, tmp_path: Path
) -> None:
    target = tmp_path / "old.swissdesk"
    with TournamentFile.import_trf(old_trf, target, confirmed=3) as tf:
        shown = {code: None for code in ("en", "de", "ru")}
        for code in shown:
            with using_language(code):
                shown[code] = tf.import_notes()  # type: ignore[assignment]
    assert shown["en"][: len(ENGLISH)] == ENGLISH  # type: ignore[index]
    assert shown["de"][0] == "gelesen als TRF06"  # type: ignore[index]
    assert shown["ru"][0] == "прочитан как TRF06"  # type: ignore[index]
    with sqlite3.connect(target) as db:
        payload = json.loads(db.execute("SELECT payload FROM audit ORDER BY id LIMIT 1").fetchone()[0])
    assert payload["notes"][: len(ENGLISH)] == ENGLISH  # stored in English, as before
    assert payload["notes_said"][0] == {"msgid": "read as {format}", "fields": {"format": "TRF06"}}


def test_a_file_imported_before_the_messages_were_kept_shows_its_english(
    old_trf: Path, tmp_path: Path
) -> None:
    target = tmp_path / "old.swissdesk"
    TournamentFile.import_trf(old_trf, target, confirmed=3).close()
    with sqlite3.connect(target) as db:
        row_id, raw = db.execute("SELECT id, payload FROM audit ORDER BY id LIMIT 1").fetchone()
        payload = json.loads(raw)
        del payload["notes_said"]
        db.execute("UPDATE audit SET payload = ? WHERE id = ?", (json.dumps(payload), row_id))
    with TournamentFile.open(target) as tf, using_language("de"):
        assert tf.import_notes()[: len(ENGLISH)] == ENGLISH


def test_swissdesk_import_prints_the_notes_in_the_systems_language(
    old_trf: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    system_language: Callable[[str], None],
) -> None:
    system_language("de")
    out = tmp_path / "old.swissdesk"
    assert main(["import", str(old_trf), "-o", str(out), "--yes-i-know", "3"]) == 0
    err = capsys.readouterr().err
    assert "gelesen als TRF06" in err
    assert "2 Kommentarzeilen (###) behalten und zurückgeschrieben" in err
    assert "comment lines" not in err and "read as" not in err
