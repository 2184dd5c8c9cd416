"""Streaming readers of FIDE's published rating lists, zipped or not.

Two layouts, as FIDE publishes them:

* the combined XML list (``players_list_xml.zip``, ``players_list_xml_foa.xml``): one
  ``<player>`` element per player with the tags ``fideid, name, country, sex, title, w_title,
  o_title, foa_title, rating, games, k, rapid_rating, rapid_games, rapid_k, blitz_rating,
  blitz_games, blitz_k, birthday, flag``; the separate standard/rapid/blitz XML lists carry
  one ``rating, games, k`` triple;
* the fixed-width TXT list (``players_list.zip``, ``standard_rating_list.txt``...): the
  columns are located from the header line (``ID Number  Name  Fed Sex Tit WTit OTit FOA
  SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag``; a separate list has one rating
  column named after the month, e.g. ``NOV25``, then ``Gms K``). National lists in the same
  TXT layout read the same way.

The whole list is never held in memory: records are yielded one at a time (the combined
XML list is over a million players and about 1 GB). Reading reports progress in bytes and
stops when asked to. Damage (a truncated zip or XML, a file that is no list) is a
:class:`RatingListError` with a message for the arbiter; a single record that cannot be read
(no FIDE ID, a rating that is not a number) is skipped and counted.

A hostile download cannot exhaust the computer either (issue 39): a zip member may not
unpack to more than :data:`MAX_RATIO` times its compressed size (FIDE's lists unpack to about
25 times theirs) nor to more than :data:`MAX_UNCOMPRESSED`; an encrypted member, a corrupt
deflate stream or an unknown compression method is a message; and every buffer is bounded:
a TXT line longer than :data:`MAX_LINE`, and in an XML list a tag, a name or a text longer
than :data:`MAX_RUN` or more than :data:`MAX_EVENTS` elements between two players, are refused
as what no rating list holds. A UTF-16 XML list (with its byte order mark) is read.
"""

from __future__ import annotations

import io
import lzma
import os
import re
import zipfile
import zlib
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO
from xml.etree import ElementTree

from swissdesk.errors import InputError
from swissdesk.i18n import _

MAX_RATIO = 100
"""Most a zip member may unpack to, in times its compressed size (a zip bomb is refused
before a byte is unpacked)."""

MAX_UNCOMPRESSED = 8 << 30
"""Most a zip member may unpack to: 8 GiB (FIDE's combined XML list is about 1 GB)."""

MAX_LINE = 4096
"""Longest TXT line: FIDE's TXT lines have about 160 characters."""

MAX_RUN = 64 << 10
"""Longest tag, name or text of an XML list: a ``<player>`` record is about 500 bytes."""

MAX_EVENTS = 512
"""Most elements that may start or end between two ``<player>`` records of an XML list (a
``<player>`` has 19 children: 40 events)."""

_ZIP_ERRORS = (zipfile.BadZipFile, EOFError, zlib.error, lzma.LZMAError, NotImplementedError)
"""What reading a damaged zip member raises (bz2 raises OSError, caught with the others)."""

RATING_KINDS = ("standard", "rapid", "blitz")
"""The three FIDE rating types, in the order the lists give them."""

ProgressCallback = Callable[[int, int], None]
"""``progress(done, total)`` in bytes of the list (uncompressed for a zip member)."""
CancelCheck = Callable[[], bool]


class RatingListError(InputError):
    """The file is not a rating list swissdesk can read, or it is damaged."""


class ImportCancelled(RatingListError):
    """The arbiter cancelled the import; nothing was changed."""


@dataclass(frozen=True, slots=True)
class ListedPlayer:
    """One player of a rating list; a rating, games or K factor is None where the list has
    none."""

    fide_id: int
    name: str
    federation: str = ""
    sex: str = ""
    title: str = ""
    women_title: str = ""
    other_titles: str = ""
    foa_title: str = ""
    standard: int | None = None
    standard_games: int | None = None
    standard_k: int | None = None
    rapid: int | None = None
    rapid_games: int | None = None
    rapid_k: int | None = None
    blitz: int | None = None
    blitz_games: int | None = None
    blitz_k: int | None = None
    birth_year: int | None = None
    flag: str = ""
    national_id: str = ""
    """The player's ID on a national list (a custom format's list; FIDE's lists have none).
    ``fide_id`` is 0 for a player of such a list with no FIDE ID."""

    @property
    def inactive(self) -> bool:
        """FIDE's flag ``i`` (or ``wi``): no rated game in the last year."""
        return "i" in self.flag.lower()

    def rating(self, kind: str) -> int | None:
        """The rating of ``kind`` (standard, rapid or blitz)."""
        value: int | None = getattr(self, kind)
        return value

    def effective_rating(self, kind: str) -> int:
        """The rating of ``kind`` a player plays with: in rapid and blitz the standard
        rating when the player has none of that kind (Rapid and Blitz Rating Regulations
        effective from 1 March 2024, art. 7.2.1); 0: unrated."""
        own = self.rating(kind)
        if own:
            return own
        return (self.standard or 0) if kind in ("rapid", "blitz") else 0

    def k(self, kind: str) -> int | None:
        """FIDE's development coefficient K for ``kind`` (the list's ``k``/``SK`` column;
        ``rapid_k``/``RK``, ``blitz_k``/``BK``)."""
        value: int | None = getattr(self, f"{kind}_k")
        return value


@dataclass(slots=True)
class ReadCounts:
    """What a reader saw: records read, records skipped and why (the first few)."""

    read: int = 0
    skipped: int = 0
    skipped_examples: list[str] = field(default_factory=list)
    kinds: tuple[str, ...] = RATING_KINDS
    """The rating types the list carries (one for a separate list)."""

    def skip(self, why: str) -> None:
        self.skipped += 1
        if len(self.skipped_examples) < 5:
            self.skipped_examples.append(why)


class _Counting(io.RawIOBase):
    """A read-only stream that reports how many bytes passed through it."""

    def __init__(self, inner: IO[bytes], total: int, progress: ProgressCallback | None) -> None:
        self._inner = inner
        self._total = total
        self._progress = progress
        self.done = 0
        self._next_report = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        data = self._inner.read(len(buffer))
        n = len(data)
        buffer[:n] = data
        self.done += n
        if self._progress is not None and (self.done >= self._next_report or n == 0):
            self._progress(self.done, self._total)
            self._next_report = self.done + (1 << 20)
        return n


def open_list(
    path: str | os.PathLike[str],
    progress: ProgressCallback | None = None,
    suffixes: tuple[str, ...] = (".xml", ".txt"),
) -> tuple[io.BufferedReader[_Counting], str, Callable[[], None]]:
    """The list's bytes as a stream (the first member of a zip whose name ends with one of
    ``suffixes``), its file name, and the function that closes everything."""
    p = Path(path)
    try:
        raw = p.open("rb")
    except OSError as exc:
        raise RatingListError(_(
                                  "{p}: cannot open the file: {value}"
                              ).format(p=p, value=exc.strerror or exc)) from None
    magic = raw.read(4)
    raw.seek(0)
    if not zipfile.is_zipfile(raw):
        raw.seek(0)
        if magic == b"PK\x03\x04":
            raw.close()
            raise RatingListError(
                _(
                    "{p}: the zip file is damaged or incomplete (an interrupted download?)"
                ).format(p=p)
            )
        size = p.stat().st_size
        return io.BufferedReader(_Counting(raw, size, progress), 1 << 16), p.name, raw.close
    raw.seek(0)
    try:
        archive = zipfile.ZipFile(raw)
        members = [
            info
            for info in archive.infolist()
            if info.filename.lower().endswith(suffixes) and not info.is_dir()
        ]
        if not members:
            raise RatingListError(
                _(
                    "{p}: the zip file holds no {suffixes} rating list"
                ).format(p=p, suffixes=' or '.join(suffixes))
            )
        member = members[0]
        _check_member(p, member)
        inner = archive.open(member)
    except (*_ZIP_ERRORS, OSError, RuntimeError) as exc:
        raw.close()
        raise RatingListError(
            _(
                "{p}: the zip file is damaged or incomplete (an interrupted download?): {exc}"
            ).format(p=p, exc=exc)
        ) from None
    except RatingListError:
        raw.close()
        raise

    def close() -> None:
        inner.close()
        archive.close()
        raw.close()

    stream = io.BufferedReader(_Counting(inner, member.file_size, progress), 1 << 16)
    return stream, member.filename, close


def _check_member(path: Path, member: zipfile.ZipInfo) -> None:
    """Refuse an encrypted member and one that would unpack to far more than a list."""
    if member.flag_bits & 0x1:
        raise RatingListError(
            _(
                "{path}: {filename} in the zip file is encrypted (password-protected); FIDE's "
                "lists are not: download the list again"
            ).format(path=path, filename=member.filename)
        )
    limit = min(MAX_UNCOMPRESSED, max(MAX_RATIO * member.compress_size, 1 << 20))
    if member.file_size > limit:
        raise RatingListError(
            _(
                "{path}: {filename} would unpack to {file_size:,} bytes from "
                "{compress_size:,}, far more than a rating list (at most {MAX_RATIO} times its "
                "compressed size): not a rating list, nothing was read"
            ).format(
                path=path,
                filename=member.filename,
                file_size=member.file_size,
                compress_size=member.compress_size,
                MAX_RATIO=MAX_RATIO,
            )
        )


def read_list(
    path: str | os.PathLike[str],
    counts: ReadCounts,
    *,
    progress: ProgressCallback | None = None,
    should_cancel: CancelCheck | None = None,
    kind: str | None = None,
) -> Generator[ListedPlayer, None, None]:
    """Every player of the list at ``path`` (XML or TXT, zipped or not), one at a time.

    ``kind`` names the rating type of a separate list whose header does not say it
    (default: from the file name, else standard).
    """
    stream, name, close = open_list(path, progress)
    try:
        head = stream.peek(4096)[:4096]
        guess = kind or _kind_from_name(name)
        if head[:2] in _UTF16_BOMS and not _looks_like_xml(head):
            raise RatingListError(
                _(
                    "{name}: the list is written in UTF-16; save it as UTF-8 (or download "
                    "FIDE's list again) and import it then"
                ).format(name=name)
            )
        records = (
            _read_xml(stream, counts, guess)
            if _looks_like_xml(head)
            else _read_txt(stream, counts, guess, name)
        )
        for n, player in enumerate(records, start=1):
            if should_cancel is not None and n % 2048 == 0 and should_cancel():
                raise ImportCancelled("the import was cancelled; the list was not changed")
            yield player
    except _ZIP_ERRORS as exc:
        raise RatingListError(
            _(
                "{path}: the zip file is damaged or incomplete (an interrupted download?): "
                "{exc}"
            ).format(path=path, exc=exc)
        ) from None
    except OSError as exc:
        raise RatingListError(_(
                                  "{path}: cannot read the file: {exc}"
                              ).format(path=path, exc=exc)) from None
    finally:
        close()


_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def _looks_like_xml(head: bytes) -> bool:
    """An XML list starts with ``<`` after blanks, in UTF-8 (a byte order mark allowed) or
    in UTF-16 with its byte order mark."""
    if head.startswith(b"\xef\xbb\xbf"):
        head = head[3:]
    if head.startswith(_UTF16_BOMS):
        big = head.startswith(b"\xfe\xff")
        text = head[2 : len(head) - len(head) % 2].decode(
            "utf-16-be" if big else "utf-16-le", "replace"
        )
        return text.lstrip().startswith("<")
    return head.lstrip().startswith(b"<")


def _kind_from_name(name: str) -> str:
    lowered = name.lower()
    for kind in ("rapid", "blitz"):
        if kind in lowered:
            return kind
    return "standard"


def _number(text: str | None) -> int | None:
    """A list's number field: blank is None; raises ValueError for anything else."""
    if text is None:
        return None
    text = text.strip()
    if not text:
        return None
    value = int(text)
    if not -100_000 <= value <= 10**12:
        raise ValueError(text)
    return value


_XML_TAGS = {
    "rating": "standard",
    "games": "standard_games",
    "k": "standard_k",
    "rapid_rating": "rapid",
    "rapid_games": "rapid_games",
    "rapid_k": "rapid_k",
    "blitz_rating": "blitz",
    "blitz_games": "blitz_games",
    "blitz_k": "blitz_k",
}


class _MarkupGuard:
    """Refuses, chunk by chunk and at C speed, an XML tag or text longer than
    :data:`MAX_RUN`: the parser would hold it whole in memory (a name of a gigabyte). A run
    inside one chunk is at most the chunk's size; runs across chunks are added up."""

    def __init__(self) -> None:
        self.run = 0

    def check(self, chunk: bytes) -> None:
        if b"<!DOCTYPE" in chunk or b"<!ENTITY" in chunk:
            raise RatingListError(
                _(
                    "the XML list declares a DOCTYPE or entities, which FIDE's lists never do: "
                    "not a rating list; the previous list is kept"
                )
            )
        first = min((i for i in (chunk.find(b"<"), chunk.find(b">")) if i >= 0), default=-1)
        if first < 0:
            self.run += len(chunk)
        else:
            self.run += first
            if self.run > MAX_RUN:
                self._refuse()
            self.run = len(chunk) - 1 - max(chunk.rfind(b"<"), chunk.rfind(b">"))
        if self.run > MAX_RUN:
            self._refuse()

    @staticmethod
    def _refuse() -> None:
        raise RatingListError(
            _(
                "the XML list holds a tag, a name or a text longer than {MAX_RUN:,} bytes, "
                "which no rating list does: not a rating list; the previous list is kept"
            ).format(MAX_RUN=MAX_RUN)
        )


def _read_xml(stream: IO[bytes], counts: ReadCounts, kind: str) -> Iterator[ListedPlayer]:
    """``<player>`` elements, each cleared once read so memory stays flat; fed to the parser
    in 16 KiB chunks (as ``iterparse`` does: faster than larger ones) through
    :class:`_MarkupGuard`. At most :data:`MAX_EVENTS` elements start
    or end between two players (a ``<player>`` has 19 children), so what the tree holds
    (and how deep it nests) is bounded too."""
    parser: ElementTree.XMLPullParser[ElementTree.Element] = ElementTree.XMLPullParser(
        events=("start", "end")
    )
    guard = _MarkupGuard()
    root: ElementTree.Element | None = None
    since_player = 0
    saw_rapid_or_blitz = False
    finished = False
    try:
        while not finished:
            chunk = stream.read(1 << 14)
            if chunk:
                guard.check(chunk)
                parser.feed(chunk)
            else:
                parser.close()
                finished = True
            events: Iterator[tuple[str, ElementTree.Element]] = parser.read_events()  # type: ignore[assignment]
            for event, element in events:
                since_player += 1
                if since_player > MAX_EVENTS:
                    raise RatingListError(
                        _(
                            "the XML list holds more than {value} elements outside or inside "
                            "one player, which no rating list does: not a rating list; the "
                            "previous list is kept"
                        ).format(value=MAX_EVENTS // 2)
                    )
                if event == "start":
                    if root is None:
                        root = element
                    continue
                if element.tag != "player":
                    continue
                fields = {child.tag: (child.text or "") for child in element}
                element.clear()
                if root is not None:
                    root.clear()  # the root keeps nothing of what was read
                since_player = 0
                counts.read += 1
                if "rapid_rating" in fields or "blitz_rating" in fields:
                    saw_rapid_or_blitz = True
                try:
                    yield _xml_player(fields, kind)
                except ValueError as exc:
                    ident = fields.get("fideid", "").strip() or "?"
                    counts.skip(f"record {counts.read} (FIDE ID {ident}): {exc}")
    except ElementTree.ParseError as exc:
        raise RatingListError(
            _(
                "the XML list is damaged or incomplete ({exc}); the previous list is kept"
            ).format(exc=exc)
        ) from None
    if root is None:
        raise RatingListError(_("the file is empty or not a FIDE rating list"))
    counts.kinds = RATING_KINDS if saw_rapid_or_blitz else (kind,)


def _xml_player(f: dict[str, str], kind: str) -> ListedPlayer:
    ident = _number(f.get("fideid"))
    if ident is None or ident <= 0:
        raise ValueError(_("no FIDE ID"))
    name = f.get("name", "").strip()
    if not name:
        raise ValueError(_("no name"))
    values: dict[str, int | None] = {}
    separate = "rapid_rating" not in f and "blitz_rating" not in f
    for tag, attr in _XML_TAGS.items():
        if tag not in f:
            continue
        if separate and kind != "standard" and attr.startswith("standard"):
            attr = kind + attr[len("standard") :]
        try:
            values[attr] = _number(f[tag])
        except ValueError:
            raise ValueError(_(
                                 "{tag} {strip!r} is not a number"
                             ).format(tag=tag, strip=f[tag].strip())) from None
    try:
        birth = _number(f.get("birthday"))
    except ValueError:
        birth = None  # a malformed birth year does not make the player unusable
    return ListedPlayer(
        fide_id=ident,
        name=name,
        federation=f.get("country", "").strip(),
        sex=f.get("sex", "").strip(),
        title=f.get("title", "").strip(),
        women_title=f.get("w_title", "").strip(),
        other_titles=f.get("o_title", "").strip(),
        foa_title=f.get("foa_title", "").strip(),
        birth_year=birth if birth and 1850 <= birth <= 2200 else None,
        flag=f.get("flag", "").strip(),
        **values,  # type: ignore[arg-type]  # the rating fields only
    )


_TXT_COLUMNS = {
    "ID Number": "fide_id",
    "Name": "name",
    "Fed": "federation",
    "Sex": "sex",
    "Tit": "title",
    "WTit": "women_title",
    "OTit": "other_titles",
    "FOA": "foa_title",
    "SRtng": "standard",
    "SGm": "standard_games",
    "SK": "standard_k",
    "RRtng": "rapid",
    "RGm": "rapid_games",
    "Rk": "rapid_k",
    "BRtng": "blitz",
    "BGm": "blitz_games",
    "BK": "blitz_k",
    "Gms": "@games",
    "K": "@k",
    "B-day": "birth_year",
    "Flag": "flag",
}
_RATING_HEADER = re.compile(r"^(?:[A-Z]{3}\d{2}|Rtng|Rating)$")
_NUMERIC = {
    "fide_id",
    "standard",
    "standard_games",
    "standard_k",
    "rapid",
    "rapid_games",
    "rapid_k",
    "blitz",
    "blitz_games",
    "blitz_k",
    "birth_year",
}


def txt_columns(header: str, kind: str) -> list[tuple[str, int, int]]:
    """``(field, start, end)`` of each column, located from the list's header line."""
    positions: list[tuple[int, str]] = []
    for match in re.finditer(r"ID Number|\S+", header):
        word = match.group(0)
        target = _TXT_COLUMNS.get(word)
        if target is None and _RATING_HEADER.match(word):
            target = kind
        if target == "@games":
            target = f"{kind}_games"
        elif target == "@k":
            target = f"{kind}_k"
        if target is not None:
            positions.append((match.start(), target))
    found = {name for _, name in positions}
    if "fide_id" not in found or "name" not in found:
        raise RatingListError(
            _(
                "the first line is not a rating list header (it must name the columns 'ID "
                "Number' and 'Name')"
            )
        )
    columns: list[tuple[str, int, int]] = []
    for i, (start, name) in enumerate(positions):
        end = positions[i + 1][0] if i + 1 < len(positions) else 10**6
        columns.append((name, start, end))
    return columns


def _read_txt(
    stream: IO[bytes], counts: ReadCounts, kind: str, name: str
) -> Iterator[ListedPlayer]:
    """Fixed-width lines, columns found from the header; UTF-8, else Windows-1252."""
    lines = _bounded_lines(stream, name)
    try:
        header = _decode(next(lines)).rstrip("\r\n")
    except StopIteration:
        raise RatingListError(_("{name}: the file is empty").format(name=name)) from None
    columns = txt_columns(header, kind)
    kinds = tuple(k for k in RATING_KINDS if any(c[0] == k for c in columns))
    counts.kinds = kinds or (kind,)
    for line_no, raw in enumerate(lines, start=2):
        line = _decode(raw).rstrip("\r\n")
        if not line.strip():
            continue
        counts.read += 1
        values: dict[str, object] = {}
        try:
            for field_name, start, end in columns:
                text = line[start:end].strip()
                values[field_name] = _number(text) if field_name in _NUMERIC else text
        except ValueError:
            counts.skip(f"line {line_no}: {field_name} {text!r} is not a number")
            continue
        ident = values.get("fide_id")
        if not isinstance(ident, int) or ident <= 0 or not values.get("name"):
            counts.skip(f"line {line_no}: no ID number or no name")
            continue
        birth = values.get("birth_year")
        if isinstance(birth, int) and not 1850 <= birth <= 2200:
            values["birth_year"] = None
        yield ListedPlayer(**values)  # type: ignore[arg-type]


def _bounded_lines(stream: IO[bytes], name: str) -> Iterator[bytes]:
    """The lines of ``stream``, none longer than :data:`MAX_LINE` (a line of a gigabyte
    would be held whole in memory)."""
    line_no = 0
    while True:
        raw = stream.readline(MAX_LINE + 1)
        if not raw:
            return
        line_no += 1
        if len(raw) > MAX_LINE:
            raise RatingListError(
                _(
                    "{name}: line {line_no} is longer than {MAX_LINE:,} characters, which no "
                    "rating list line is: not a rating list; the previous list is kept"
                ).format(name=name, line_no=line_no, MAX_LINE=MAX_LINE)
            )
        yield raw


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")
