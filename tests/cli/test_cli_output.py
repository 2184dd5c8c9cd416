"""Issue 19, item 1: ``-o`` never replaces what is not a regular file, follows symbolic
links, keeps permissions, and a full disk leaves neither half a file nor a 0-byte file."""

from __future__ import annotations

import errno
import os
import stat
import threading
from pathlib import Path
from typing import Any

import pytest
from cli_support import TPN_ORDER

from swissdesk.cli import main, output


def _null_device(tmp_path: Path) -> Path:
    """A character device like /dev/null, made inside the test folder (root only)."""
    node = tmp_path / "null"
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except (OSError, AttributeError) as exc:
        pytest.skip(f"cannot make a device node here ({exc}); needs root on Linux")
    return node


COMMANDS_WITH_OUTPUT = (
    ("trf", lambda src, out: ["trf", str(src), "-o", str(out)]),
    ("generate", lambda src, out: ["generate", "--system", TPN_ORDER, "--players", "6",
                                   "--rounds", "2", "--seed", "1", "-o", str(out)]),
    ("pair", lambda src, out: ["pair", str(src), "--system", TPN_ORDER, "-o", str(out)]),
    ("explain-file", lambda src, out: ["pair", str(src), "--system", TPN_ORDER,
                                       "--explain-file", str(out), "-o", os.devnull]),
    ("report", lambda src, out: ["report", str(src), "--kind", "boards", "-o", str(out)]),
)  # fmt: skip
IDS = [name for name, _ in COMMANDS_WITH_OUTPUT]


@pytest.mark.parametrize(("name", "argv"), COMMANDS_WITH_OUTPUT, ids=IDS)
def test_output_to_a_device_keeps_the_device(
    name: str, argv: Any, small_trf: Path, tmp_path: Path
) -> None:
    """As root, ``-o /dev/null`` used to rename a regular file over the device node."""
    node = _null_device(tmp_path)
    assert main(argv(small_trf, node)) == 0
    assert stat.S_ISCHR(os.stat(node).st_mode), f"{name} replaced the device with a file"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_output_to_a_named_pipe_writes_into_the_pipe(small_trf: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []

    def drain() -> None:
        with open(fifo, "rb") as handle:
            received.append(handle.read())

    reader = threading.Thread(target=drain)
    reader.start()
    try:
        code = main(["trf", str(small_trf), "-o", str(fifo)])
    finally:
        if not received and reader.is_alive():  # unblock the reader if nothing was written
            with open(fifo, "wb"):
                pass
        reader.join(10)
    assert code == 0
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert received and received[0].startswith(b"012 Small Open")


@pytest.mark.parametrize(("name", "argv"), COMMANDS_WITH_OUTPUT, ids=IDS)
def test_output_through_a_symbolic_link_writes_its_target(
    name: str, argv: Any, small_trf: Path, tmp_path: Path
) -> None:
    real = tmp_path / "real.out"
    real.write_text("old\n")
    link = tmp_path / "link.out"
    link.symlink_to(real)
    assert main(argv(small_trf, link)) == 0
    assert link.is_symlink(), f"{name} replaced the link by a regular file"
    assert real.read_bytes() != b"old\n"


@pytest.mark.parametrize(("name", "argv"), COMMANDS_WITH_OUTPUT, ids=IDS)
def test_new_output_follows_the_umask_and_old_output_keeps_its_mode(
    name: str, argv: Any, small_trf: Path, tmp_path: Path
) -> None:
    """``report`` used to leave the PDF readable by its owner only (mkstemp's 0600)."""
    old = os.umask(0o022)
    try:
        new = tmp_path / "new.out"
        assert main(argv(small_trf, new)) == 0
        assert stat.S_IMODE(new.stat().st_mode) == 0o644
        kept = tmp_path / "kept.out"
        kept.write_text("old\n")
        kept.chmod(0o640)
        assert main(argv(small_trf, kept)) == 0
        assert stat.S_IMODE(kept.stat().st_mode) == 0o640
    finally:
        os.umask(old)


def test_dash_is_standard_output(small_trf: Path, capfd: pytest.CaptureFixture[str]) -> None:
    assert main(["trf", str(small_trf), "-o", "-"]) == 0
    assert capfd.readouterr().out.startswith("012 Small Open")
    assert not Path("-").exists()


@pytest.mark.parametrize(("name", "argv"), COMMANDS_WITH_OUTPUT, ids=IDS)
def test_full_disk_leaves_no_empty_or_half_file(
    name: str,
    argv: Any,
    small_trf: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(output.os, "fsync", full)
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    new = out_dir / "new.out"
    assert main(argv(small_trf, new)) == 2
    assert "disk is full" in capsys.readouterr().err
    assert list(out_dir.iterdir()) == [], "a 0-byte or temporary file was left"
    old = out_dir / "old.out"
    old.write_text("previous\n")
    assert main(argv(small_trf, old)) == 2
    assert old.read_text() == "previous\n"
    assert list(out_dir.iterdir()) == [old]


def test_a_folder_as_output_is_refused_in_words(
    small_trf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["trf", str(small_trf), "-o", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err
    assert main(["trf", str(small_trf), "-o", str(tmp_path / "no" / "x.trf")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_export_writes_devices_in_place_and_follows_links(small_trf: Path, tmp_path: Path) -> None:
    tournament = tmp_path / "t.swissdesk"
    assert main(["import", str(small_trf), "-o", str(tournament), "--yes-i-know", "3"]) == 0
    real = tmp_path / "real.trf"
    real.write_text("old\n")
    real.chmod(0o604)
    link = tmp_path / "link.trf"
    link.symlink_to(real)
    assert main(["export", str(tournament), "-o", str(link)]) == 0
    assert link.is_symlink()
    assert real.read_text().startswith("012 Small Open")
    assert stat.S_IMODE(real.stat().st_mode) == 0o604
    node = _null_device(tmp_path)
    assert main(["export", str(tournament), "-o", str(node)]) == 0
    assert stat.S_ISCHR(os.stat(node).st_mode)


def test_a_writable_file_in_a_folder_that_takes_no_new_file_is_written_in_place(
    small_trf: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A shared folder (simulated: root may create files anywhere)."""
    out = tmp_path / "out.trf"
    out.write_text("old\n")

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(output.tempfile, "mkstemp", refuse)
    assert main(["trf", str(small_trf), "-o", str(out)]) == 0
    assert out.read_text().startswith("012 Small Open")
    assert main(["trf", str(small_trf), "-o", str(tmp_path / "new.trf")]) == 2
