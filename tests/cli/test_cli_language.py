"""The command line speaks the system's language (issue 38): its help, messages and errors
follow ``LANGUAGE``/``LC_ALL``/``LC_MESSAGES``/``LANG`` as gettext reads them; ``--language``
stays the language of the document a command prints; machine-readable output (the pairing in
bbpPairings' format, TRF, JSON, CSV, exit codes) is the same in every language."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_support import TPN_ORDER, new_file

from swissdesk import i18n
from swissdesk.cli import main


def run(*args: str, language: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env["LANGUAGE"] = language
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [sys.executable, "-m", "swissdesk", *args],
        capture_output=True, text=True, env=env, timeout=120, check=False,
    )  # fmt: skip


def test_german_system_help_is_german() -> None:
    """``LANGUAGE=de swissdesk --help``: argparse's words and swissdesk's help texts."""
    result = run("--help", language="de")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("Aufruf: swissdesk")
    assert "Turnierverwaltung für Schach nach Schweizer System" in out
    assert "Optionen:" in out
    assert "diese Hilfe anzeigen und beenden" in out
    assert "usage:" not in out and "show this help message" not in out


def test_a_subcommand_help_and_a_refusal_in_russian() -> None:
    result = run("settings", "--help", language="ru")
    assert result.returncode == 0
    assert "использование: swissdesk settings" in result.stdout
    assert "показать эту справку и выйти" in result.stdout
    missing = run("settings", "missing.swissdesk", language="ru")
    assert missing.returncode == 2
    assert missing.stderr == "swissdesk: missing.swissdesk: нет такого файла\n"


def test_c_locale_and_an_unspoken_language_mean_english() -> None:
    assert run("--help", language="C").stdout.startswith("usage: swissdesk")
    assert run("--help", language="ja_JP").stdout.startswith("usage: swissdesk")


def test_messages_follow_the_system_and_the_caller_keeps_its_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], system_language  # type: ignore[no-untyped-def]
) -> None:
    path = new_file(tmp_path / "t.swissdesk", "Lyon")
    system_language("fr")
    assert main(["settings", str(path)]) == 0
    out = capsys.readouterr().out
    assert "nom : Lyon" in out
    assert "rondes : 5" in out
    assert i18n.process_language() == "en"  # a caller in this process keeps its own
    system_language("pl")
    assert main(["settings", str(path), "--language", "xx"]) == 2
    assert "'xx'" in capsys.readouterr().err


def test_machine_readable_output_is_the_same_in_every_language(
    small_trf: Path, capsys: pytest.CaptureFixture[str], system_language  # type: ignore[no-untyped-def]
) -> None:
    outputs = []
    for language in ("en", "de", "ru", "tr"):
        system_language(language)
        assert main(["pair", str(small_trf), "--system", TPN_ORDER]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs == [outputs[0]] * 4
    assert outputs[0] == "2\n1 2\n3 4\n"
