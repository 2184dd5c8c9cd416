"""Issue 39, item 5: hostile rating lists. A zip bomb is refused before it is unpacked, every
buffer is bounded (a line, a name, a text), every zip error is a message, and the previous
list survives all of it. A UTF-16 XML list is read (item 8: it was called "not a header")."""

from __future__ import annotations

import random
import struct
import tracemalloc
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from test_rating_list import PLAYERS, TXT_HEADER, XML_HEAD, XML_TAIL, txt_line, write_xml

from swissdesk.cli import main
from swissdesk.ratinglist import RatingList, RatingListError
from swissdesk.ratinglist import parse as ratinglist_parse


@pytest.fixture
def rating_list(tmp_path: Path) -> RatingList:
    """A list with the seven players already imported."""
    rl = RatingList(tmp_path / "list.sqlite")
    rl.import_file(write_xml(tmp_path / "ok.xml", PLAYERS))
    return rl


def _still_there(rl: RatingList) -> None:
    assert rl.find("carlsen")[0].player.standard == 2830
    assert rl.sources()[0].players == 7


def _refused(rl: RatingList, path: Path, said: str) -> None:
    with pytest.raises(RatingListError, match=said):
        rl.import_file(path)
    _still_there(rl)


def _peak_mib(work: Callable[[], object]) -> float:
    tracemalloc.start()
    try:
        work()
    except RatingListError:
        pass
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return peak / 2**20


def _zip_streamed(path: Path, name: str, parts: list[bytes], repeat: int) -> Path:
    with (
        zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf,
        zf.open(name, "w", force_zip64=True) as member,
    ):
        for _ in range(repeat):
            for part in parts:
                member.write(part)
    return path


def test_a_zip_of_whitespace_is_refused_before_it_is_unpacked(
    rating_list: RatingList, tmp_path: Path
) -> None:
    """A 2.1 MB zip of whitespace drove memory to 2 GB before it was refused."""
    bomb = _zip_streamed(tmp_path / "players_list_xml.zip", "list.xml", [b" " * (1 << 20)], 64)
    assert bomb.stat().st_size < 1 << 20
    _refused(rating_list, bomb, "far more than a rating list")
    assert _peak_mib(lambda: rating_list.import_file(bomb)) < 16


def test_a_huge_xml_name_or_text_is_refused_with_bounded_memory(
    rating_list: RatingList, tmp_path: Path
) -> None:
    """A 1.6 MB zip with one huge XML name ended in a MemoryError traceback. Random letters
    compress little, so the zip's ratio is plausible and the reader's own bound acts."""
    rng = random.Random(39)
    letters = bytes(rng.choice(b"abcdefghijklmnopqrstuvwxyz") for _ in range(1 << 20))
    name = _zip_streamed(tmp_path / "name.zip", "l.xml", [XML_HEAD.encode() + b"<p" + letters], 1)
    _refused(rating_list, name, "a tag, a name or a text longer than")
    text = tmp_path / "text.xml"
    text.write_bytes(XML_HEAD.encode() + b"<player><name>" + letters * 4)
    _refused(rating_list, text, "a tag, a name or a text longer than")
    assert _peak_mib(lambda: rating_list.import_file(text)) < 16


def test_an_element_with_millions_of_children_is_refused(
    rating_list: RatingList, tmp_path: Path
) -> None:
    many = tmp_path / "many.xml"
    many.write_bytes(XML_HEAD.encode() + b"<player>" + b"<x/>" * 1_000_000 + b"</player>")
    _refused(rating_list, many, "more than 256 elements outside or inside one player")
    assert _peak_mib(lambda: rating_list.import_file(many)) < 16


def test_a_huge_txt_line_is_refused_with_bounded_memory(
    rating_list: RatingList, tmp_path: Path
) -> None:
    """A 2.6 MB zip with one huge TXT line ended in a MemoryError traceback (random digits:
    the zip's ratio is plausible, the reader's own bound acts)."""
    rng = random.Random(39)
    digits = bytes(rng.choice(b"0123456789") for _ in range(1 << 22))
    line = _zip_streamed(
        tmp_path / "players_list.zip",
        "players_list_foa.txt",
        [TXT_HEADER.encode() + b"\n", digits],
        1,
    )
    _refused(rating_list, line, "line 2 is longer than 4,096 characters")
    header = tmp_path / "header.txt"
    header.write_bytes(b"ID Number" + b" " * (1 << 24))
    _refused(rating_list, header, "line 1 is longer than")
    assert _peak_mib(lambda: rating_list.import_file(header)) < 16


def _zip_of_list(path: Path) -> Path:
    source = write_xml(path.with_suffix(".xml"), PLAYERS * 40)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.write(source, "players_list_xml_foa.xml")
    return path


def test_a_corrupt_deflate_stream_is_a_message(rating_list: RatingList, tmp_path: Path) -> None:
    """It was a zlib.error traceback."""
    archive = _zip_of_list(tmp_path / "corrupt.zip")
    data = bytearray(archive.read_bytes())
    start = 30 + len("players_list_xml_foa.xml")
    data[start + 40 : start + 400] = bytes(range(256)) + bytes(range(104))
    archive.write_bytes(bytes(data))
    _refused(rating_list, archive, "damaged or incomplete")


def _patch_headers(archive: Path, offset_local: int, offset_central: int, value: int) -> None:
    """Set a 2-byte field of the local and the central header of the only member."""
    data = bytearray(archive.read_bytes())
    central = data.rfind(b"PK\x01\x02")
    for at in (offset_local, central + offset_central):
        (old,) = struct.unpack_from("<H", data, at)
        struct.pack_into("<H", data, at, value(old) if callable(value) else value)
    archive.write_bytes(bytes(data))


def test_an_encrypted_zip_is_a_message(rating_list: RatingList, tmp_path: Path) -> None:
    """It was a RuntimeError traceback ("File is encrypted, password required")."""
    archive = _zip_of_list(tmp_path / "encrypted.zip")
    _patch_headers(archive, 6, 8, lambda flags: flags | 0x1)  # type: ignore[arg-type]
    _refused(rating_list, archive, "encrypted")


def test_an_unknown_compression_method_is_a_message(
    rating_list: RatingList, tmp_path: Path
) -> None:
    archive = _zip_of_list(tmp_path / "method.zip")
    _patch_headers(archive, 8, 10, 99)
    _refused(rating_list, archive, "damaged or incomplete")


def test_the_command_line_says_it_in_words(
    rating_list: RatingList,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SWISSDESK_RATING_LIST", str(rating_list.path))
    archive = _zip_of_list(tmp_path / "encrypted.zip")
    _patch_headers(archive, 6, 8, lambda flags: flags | 0x1)  # type: ignore[arg-type]
    assert main(["rating-list", "import", str(archive)]) == 2
    err = capsys.readouterr().err
    assert "encrypted" in err and "Traceback" not in err
    _still_there(rating_list)


def test_a_utf16_xml_list_is_read(rating_list: RatingList, tmp_path: Path) -> None:
    """It was refused as "the first line is not a rating list header"."""
    text = XML_HEAD.replace("utf-8", "utf-16") + "".join(PLAYERS) + XML_TAIL
    for encoding, bom in (("utf-16-le", b"\xff\xfe"), ("utf-16-be", b"\xfe\xff")):
        path = tmp_path / f"list-{encoding}.xml"
        path.write_bytes(bom + text.encode(encoding))
        assert rating_list.import_file(path, source=encoding.upper()).players == 7
    assert rating_list.find("müller")[0].player.federation == "GER"


def test_a_utf16_txt_list_says_so(rating_list: RatingList, tmp_path: Path) -> None:
    path = tmp_path / "list.txt"
    row = txt_line(1503014, "Carlsen, Magnus", "NOR", "M", "GM", "2830", "2823", "2886", "1990")
    path.write_bytes(b"\xff\xfe" + (TXT_HEADER + "\n" + row + "\n").encode("utf-16-le"))
    _refused(rating_list, path, "UTF-16; save it as UTF-8")


def test_a_real_sized_ratio_passes(tmp_path: Path) -> None:
    """The limits leave room for FIDE's lists: about 25 times, and a small list at all."""
    member = zipfile.ZipInfo("players_list_xml_foa.xml")
    member.compress_size, member.file_size = 40 << 20, 1 << 30
    ratinglist_parse._check_member(tmp_path / "x.zip", member)
    member.compress_size, member.file_size = 100, 900_000
    ratinglist_parse._check_member(tmp_path / "x.zip", member)
