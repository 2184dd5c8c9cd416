"""The warning levels speak the reader's language (issue 38; C.02 VCL levels 1-5): the
question the window or the terminal asks, the facts it lists, the "Level 3 confirmed:" line
shown after the action and the Level-5 refusal are worded in the arbiter's language; the
audit record keeps the English sentences (and the TRF's ``###`` lines stay English), and is
worded again in whoever reads it later."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.cli.confirm import CONFIRMATION_EXIT_CODE
from swissdesk.i18n import set_process_language, using_language
from swissdesk.storage import (
    BoardResult,
    ByeKind,
    ConfirmationRequired,
    EnterResult,
    LeaveFideMode,
    LevelWarning,
    PlayerData,
    RequestBye,
    TournamentFile,
    TournamentSettings,
)
from swissdesk.storage.commands.base import Action
from swissdesk.storage.levels import Level, information

PLAYERS = [PlayerData(f"Player {i:02d}", rating=2400 - 20 * i) for i in range(1, 9)]


@pytest.fixture
def arbiter_language() -> Iterator[None]:
    yield
    set_process_language("en")


@pytest.fixture
def played(tmp_path: Path) -> Path:
    """Eight players, round 1 paired and played; no. 3 had a half-point bye in round 1."""
    path = tmp_path / "levels.swissdesk"
    settings = TournamentSettings(name="Levels Open", total_rounds=5, tiebreaks=("BH",))
    with TournamentFile.create(path, settings, players=PLAYERS) as tf:
        tf.execute(RequestBye(3, 1, ByeKind.HALF))
        pairing, _ = tf.pair_next_round(confirmed=2)
        for board in range(1, len(pairing.pairs) + 1):
            tf.execute(EnterResult(1, board, BoardResult.WHITE_WINS))
    return path


def asked(path: Path, action: Action) -> ConfirmationRequired:
    with TournamentFile.open(path) as tf, pytest.raises(ConfirmationRequired) as caught:
        tf.execute(action)
    return caught.value


def test_a_second_half_point_bye_is_asked_and_told_in_german(
    played: Path, arbiter_language: None
) -> None:
    set_process_language("de")
    question = asked(played, RequestBye(3, 3, ByeKind.HALF))
    assert str(question) == "ein Halbpunkt-Bye; bestätigen"
    assert question.warnings == (
        "Nr. 3 Player 03 hat schon ein Halbpunkt-Bye in Runde 1: das in Runde 3 wäre Bye "
        "Nummer 2",
    )
    assert question.items[0].level.label == "Stufe 3"
    # the warning itself stays English underneath: that is what the audit record keeps
    assert question.items[0].text == (
        "no. 3 Player 03 already has a half-point bye in round 1: the one in round 3 would "
        "be bye number 2"
    )
    with TournamentFile.open(played) as tf:
        result = tf.execute(RequestBye(3, 3, ByeKind.HALF, confirmed=3))
        entry = tf.audit_log()[-1]
    assert result.summary == "Nr. 3 Player 03: Halbpunkt-Bye in Runde 3"
    assert result.warnings == (
        "Stufe 3 bestätigt: Nr. 3 Player 03 hat schon ein Halbpunkt-Bye in Runde 1: das in "
        "Runde 3 wäre Bye Nummer 2",
    )
    assert entry.payload["warnings"][0]["text"].startswith("no. 3 Player 03 already has")
    assert entry.summary == "Nr. 3 Player 03: Halbpunkt-Bye in Runde 3"
    stored = LevelWarning.from_json(entry.payload["warnings"][0])
    with using_language("ru"):  # read later by someone else: in their language
        assert stored.shown == (
            "у № 3 Player 03 уже есть пропуск тура (½ очка) в туре 1: пропуск в 3-м туре был "
            "бы 2-м"
        )
    set_process_language("en")
    assert stored.shown == str(stored.text)
    assert information([stored]) == (
        "Level 3 confirmed: no. 3 Player 03 already has a half-point bye in round 1: the one "
        "in round 3 would be bye number 2",
    )


def test_english_is_unchanged(played: Path) -> None:
    question = asked(played, RequestBye(3, 3, ByeKind.HALF))
    assert str(question) == "a half-point bye; confirm"
    assert question.warnings[0].startswith("no. 3 Player 03 already has a half-point bye in round 1")
    assert Level.DOUBLE.label == "Level 4" and Level.INFORMATION.label == "information"


def test_leaving_fide_mode_in_german_keeps_the_trf_line_english(
    played: Path, arbiter_language: None
) -> None:
    set_process_language("de")
    question = asked(played, LeaveFideMode(reason="Test"))
    assert str(question) == "das Verlassen des FIDE-Modus verlangt eine doppelte Bestätigung"
    assert question.warnings == (
        "das Turnier verlässt den FIDE-Modus nach der Paarung von Runde 1 (Grund: Test)",
    )
    assert question.consequences.startswith("Das Verlassen des FIDE-Modus kann nicht")
    with TournamentFile.open(played) as tf:
        result = tf.execute(LeaveFideMode(reason="Test", confirmed=4))
        log = tf.integrity_log()
    assert result.summary == "FIDE-Modus nach der Paarung von Runde 1 verlassen"
    assert [e.trf_line for e in log] == [
        "### FIDE mode left @ Round 1: the arbiter left FIDE mode after round 1 was paired: Test"
    ]


def test_the_pairing_summary_counts_boards_in_polish_and_russian(played: Path) -> None:
    def paired() -> str:
        return next(e.summary for e in tf.audit_log() if e.action == "PairNextRound")

    with TournamentFile.open(played) as tf:
        assert paired() == "round 1 paired: 3 boards, PAB no. 8"
        with using_language("pl"):
            assert paired() == "runda 1 skojarzona: 3 szachownice, pauza z kojarzenia nr 8"
        with using_language("ru"):
            assert paired() == "1-й тур составлен: 3 доски, пропуск тура по жеребьёвке № 8"


def test_the_terminal_asks_in_german(
    played: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANGUAGE", "de")
    capsys.readouterr()
    assert main(["bye", str(played), "3", "3", "half"]) == CONFIRMATION_EXIT_CODE
    err = capsys.readouterr().err
    fact = (
        "Nr. 3 Player 03 hat schon ein Halbpunkt-Bye in Runde 1: das in Runde 3 wäre Bye "
        "Nummer 2"
    )
    assert err.splitlines() == [
        "swissdesk: Warnung der Stufe 3 (Bestätigung nötig):",
        f"  - [Stufe 3] {fact}",
        "swissdesk: ein Halbpunkt-Bye; bestätigen. Nichts wurde geändert: zum Bestätigen mit "
        "--yes-i-know 3 wiederholen",
    ]
    assert main(["bye", str(played), "3", "3", "half", "--yes-i-know", "3"]) == 0
    done = capsys.readouterr()
    assert done.out == "Nr. 3 Player 03: Halbpunkt-Bye in Runde 3\n"
    assert done.err == f"swissdesk: Hinweis: Stufe 3 bestätigt: {fact}\n"
    assert main(["audit", str(played)]) == 0
    audit = capsys.readouterr().out.splitlines()
    assert audit[-2].endswith("RequestBye             Nr. 3 Player 03: Halbpunkt-Bye in Runde 3")
    assert audit[-1] == f"       Stufe 3 bestätigt: {fact}"


def test_the_window_asks_in_the_arbiter_s_language(played: Path, arbiter_language: None) -> None:
    """The window's one question for every level (gui.prompter.Prompter.confirm_level): the
    heading names the level, the facts are listed in German."""
    from swissdesk.gui.prompter import Prompter

    class Recording(Prompter):
        def __init__(self) -> None:
            self.asked: list[tuple[str, str, list[str]]] = []

        def confirm(  # type: ignore[override]
            self, title: str, message: str, details: list[str] = [], *, default_yes: bool = False  # noqa: B006
        ) -> bool:
            self.asked.append((title, message, list(details)))
            return True

    set_process_language("de")
    question = asked(played, RequestBye(3, 3, ByeKind.HALF))
    prompter = Recording()
    level = prompter.confirm_level(
        "Bye", str(question), question.items, consequences=question.consequences
    )
    assert level == 3
    assert prompter.asked == [
        (
            "Bye — Warnung: Stufe 3",
            "ein Halbpunkt-Bye; bestätigen\n\nBestätigen Sie nur, wenn Sie jeden Punkt unten "
            "akzeptieren.",
            [
                "[Stufe 3] Nr. 3 Player 03 hat schon ein Halbpunkt-Bye in Runde 1: das in "
                "Runde 3 wäre Bye Nummer 2"
            ],
        )
    ]


def test_rounds_that_cannot_all_be_paired_are_said_in_russian(
    tmp_path: Path, arbiter_language: None
) -> None:
    """C.02 VCL Q62: the Level-2 warning before round 1, counted in the reader's plural."""
    path = tmp_path / "few.swissdesk"
    with TournamentFile.create(path, TournamentSettings(name="Few", total_rounds=5),
                               players=PLAYERS[:3]):  # fmt: skip
        pass
    set_process_language("ru")
    with TournamentFile.open(path) as tf, pytest.raises(ConfirmationRequired) as caught:
        tf.pair_next_round()
    assert caught.value.warnings[0].startswith(
        "5 туров нельзя все составить по правилам при числе участников 3: не более "
    )
    assert caught.value.warnings[0].endswith("(Тур > Жеребьёвка вручную)")
    assert caught.value.items[0].text.startswith("5 rounds cannot all be paired by the rules")
