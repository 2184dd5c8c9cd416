"""Custom rating list formats (FIDE's checklist for tournament programs, C.02 Q117): a
national list in whatever layout its federation publishes, read through a column mapping the
arbiter defines once and saves by name.

A :class:`ListFormat` says how to read one list:

* ``layout``: ``csv`` (fields separated by ``delimiter``: comma, semicolon, tab or bar;
  quotes as spreadsheets write them) or ``fixed`` (fixed-width columns);
* ``columns``: for each field of :data:`FIELDS`, where it is: in a CSV list the column's
  number (1 = the first) or its name in the header line; in a fixed-width list the
  characters ``from-to`` (1 = the first character, both included, as TRF's columns are
  counted);
* ``skip``: lines before the first player (the header is the last of them);
* ``encoding``: ``auto`` (UTF-8, else Windows-1252 line by line), or a named one;
* ``source``: the name the list is kept under beside FIDE's (default: the format's name).

A player needs a name (``name``, or ``surname`` and ``given_name``) and an ID: a FIDE ID or
the list's own ``national_id`` (a national list need not carry FIDE IDs). A line that cannot
be read (a rating that is not a number, no name, no ID) is skipped and counted, as in FIDE's
lists; a file that matches the format nowhere is refused with the first reasons.

The formats are kept in the rating list database (:meth:`RatingList.save_format`), so the
window and the command line share them. Standard library only.
"""

from __future__ import annotations

import csv
import json
import os
import re
from collections.abc import Generator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from swissdesk.i18n import _
from swissdesk.ratinglist.parse import (
    RATING_KINDS,
    CancelCheck,
    ImportCancelled,
    ListedPlayer,
    ProgressCallback,
    RatingListError,
    ReadCounts,
    _bounded_lines,
    open_list,
)
from swissdesk.ratinglist.store import ImportSummary, RatingList

LAYOUTS = ("csv", "fixed")
DELIMITERS = {",": "comma", ";": "semicolon", "\t": "tab", "|": "bar"}
ENCODINGS = ("auto", "utf-8", "cp1252", "latin-1", "cp850")
FIELDS: dict[str, str] = {
    "fide_id": "FIDE ID",
    "national_id": "national ID (the list's own)",
    "name": "name (Surname, Given name)",
    "surname": "surname",
    "given_name": "given name",
    "federation": "federation (3 letters)",
    "sex": "sex (M/F, W)",
    "title": "title",
    "standard": "standard rating",
    "rapid": "rapid rating",
    "blitz": "blitz rating",
    "standard_games": "standard games",
    "standard_k": "standard K",
    "birth": "birth year or date",
    "flag": "flag (i: inactive)",
}
"""The fields a column may be mapped to, with what the arbiter reads."""

CUSTOM_SUFFIXES = (".csv", ".txt", ".tsv", ".prn", ".dat")
"""The members of a zip a custom list is read from."""

_NUMERIC = {"fide_id", "standard", "rapid", "blitz", "standard_games", "standard_k"}
_FIXED = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s*$")
_YEAR = re.compile(r"(?<!\d)(1[89]\d\d|2[01]\d\d)(?!\d)")


class FormatError(RatingListError):
    """A format that cannot be used as given (a message for the arbiter)."""


@dataclass(frozen=True, slots=True)
class ListFormat:
    """How to read one national list (see the module doc)."""

    name: str
    layout: str
    columns: Mapping[str, str]
    delimiter: str = ","
    skip: int = 1
    encoding: str = "auto"
    source: str = ""
    notes: str = field(default="", compare=False)

    @property
    def list_name(self) -> str:
        """The name the list is kept under: ``source``, else the format's name."""
        return self.source or self.name

    @property
    def kinds(self) -> tuple[str, ...]:
        """The rating types the list gives."""
        return tuple(k for k in RATING_KINDS if k in self.columns)

    def check(self) -> ListFormat:
        """The format, or :class:`FormatError` naming what is wrong."""
        if not self.name.strip():
            raise FormatError(_("give the format a name"))
        if self.layout not in LAYOUTS:
            raise FormatError(_("layout {layout!r}: csv or fixed").format(layout=self.layout))
        unknown = sorted(set(self.columns) - set(FIELDS))
        if unknown:
            raise FormatError(
                _("unknown field(s) {unknown}: the fields are {FIELDS}").format(
                    unknown=", ".join(unknown), FIELDS=", ".join(FIELDS)
                )
            )
        if "name" not in self.columns and "surname" not in self.columns:
            raise FormatError(_("map the player's name (name, or surname and given_name)"))
        if "fide_id" not in self.columns and "national_id" not in self.columns:
            raise FormatError(_("map an ID: fide_id, national_id or both"))
        if not self.kinds:
            raise FormatError(_("map at least one rating: standard, rapid or blitz"))
        if self.layout == "csv" and self.delimiter not in DELIMITERS:
            raise FormatError(
                _("delimiter {delimiter!r}: one of comma, semicolon, tab or bar").format(
                    delimiter=self.delimiter
                )
            )
        if self.encoding not in ENCODINGS:
            raise FormatError(
                _("encoding {encoding!r}: one of {ENCODINGS}").format(
                    encoding=self.encoding, ENCODINGS=", ".join(ENCODINGS)
                )
            )
        if not 0 <= self.skip <= 100:
            raise FormatError(_("lines before the first player: 0 to 100"))
        for name, spec in self.columns.items():
            text = spec.strip()
            if not text:
                raise FormatError(_("{name}: give its column").format(name=name))
            if self.layout == "fixed":
                m = _FIXED.match(text)
                if not m or not 1 <= int(m.group(1)) <= int(m.group(2)) <= 4096:
                    raise FormatError(
                        _(
                            "{name}: {text!r} is not a column range such as 10-42 (first and "
                            "last character, counted from 1)"
                        ).format(name=name, text=text)
                    )
            elif text.isdigit() and not 1 <= int(text) <= 1000:
                raise FormatError(
                    _("{name}: column {text} (the first column is 1)").format(name=name, text=text)
                )
            elif not text.isdigit() and self.skip == 0:
                raise FormatError(
                    _(
                        "{name}: the column named {text!r} needs a header line (skip at least 1)"
                    ).format(name=name, text=text)
                )
        return self

    def to_json(self) -> str:
        return json.dumps(
            {
                "layout": self.layout,
                "columns": dict(self.columns),
                "delimiter": self.delimiter,
                "skip": self.skip,
                "encoding": self.encoding,
                "source": self.source,
                "notes": self.notes,
            },
            sort_keys=True,
        )

    @classmethod
    def from_json(cls, name: str, text: str) -> ListFormat:
        try:
            data = json.loads(text)
            return cls(
                name=name,
                layout=str(data["layout"]),
                columns={str(k): str(v) for k, v in dict(data["columns"]).items()},
                delimiter=str(data.get("delimiter", ",")),
                skip=int(data.get("skip", 1)),
                encoding=str(data.get("encoding", "auto")),
                source=str(data.get("source", "")),
                notes=str(data.get("notes", "")),
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise FormatError(
                _("the saved format {name!r} is damaged ({exc})").format(name=name, exc=exc)
            ) from None


def parse_columns(pairs: list[str]) -> dict[str, str]:
    """``["name=2", "standard=Elo"]`` as a mapping (the command line's ``--column``)."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise FormatError(
                _("{pair!r}: FIELD=COLUMN, e.g. standard=5 or name=Surname").format(pair=pair)
            )
        out[key.strip()] = value.strip()
    return out


def _decoder(encoding: str) -> Generator[str, bytes, None]:
    """Decodes lines: a named encoding (undecodable bytes replaced), or ``auto``."""
    line = yield ""
    while True:
        if encoding == "auto":
            try:
                text = line.decode("utf-8")
            except UnicodeDecodeError:
                text = line.decode("cp1252", errors="replace")
        else:
            text = line.decode(encoding, errors="replace")
        line = yield text


def _number(text: str) -> int | None:
    text = text.strip()
    if not text or text in ("-", "0"):
        return None
    value = int(text)
    if not 0 <= value <= 10**12:
        raise ValueError(text)
    return value


class _Reader:
    """One format applied to lines: locates named CSV columns from the header."""

    def __init__(self, fmt: ListFormat, header: str | None) -> None:
        self.fmt = fmt
        self.where: dict[str, int | tuple[int, int]] = {}
        names: list[str] = []
        if header is not None and fmt.layout == "csv":
            names = [c.strip().strip('"').lower() for c in self._split(header)]
        for key, spec in fmt.columns.items():
            text = spec.strip()
            if fmt.layout == "fixed":
                m = _FIXED.match(text)
                assert m is not None  # checked
                self.where[key] = (int(m.group(1)) - 1, int(m.group(2)))
            elif text.isdigit():
                self.where[key] = int(text) - 1
            else:
                try:
                    self.where[key] = names.index(text.lower())
                except ValueError:
                    shown = ", ".join(n for n in names if n) or "(none)"
                    raise FormatError(
                        _(
                            "{key}: the header line has no column named {text!r} (its columns: "
                            "{shown})"
                        ).format(key=key, text=text, shown=shown[:300])
                    ) from None

    def _split(self, line: str) -> list[str]:
        return next(csv.reader([line], delimiter=self.fmt.delimiter), [])

    def values(self, line: str) -> dict[str, str]:
        cells = self._split(line) if self.fmt.layout == "csv" else []
        out: dict[str, str] = {}
        for key, at in self.where.items():
            if isinstance(at, tuple):
                out[key] = line[at[0] : at[1]].strip()
            else:
                out[key] = cells[at].strip() if at < len(cells) else ""
        return out


def player_of(values: Mapping[str, str]) -> ListedPlayer:
    """One list line's mapped values as a listed player; ValueError says why not."""
    numbers: dict[str, int | None] = {}
    for key in _NUMERIC & set(values):
        try:
            numbers[key] = _number(values[key])
        except ValueError:
            raise ValueError(
                _("{key} {values!r} is not a number").format(key=key, values=values[key])
            ) from None
    name = values.get("name", "")
    if not name:
        surname, given = values.get("surname", ""), values.get("given_name", "")
        name = f"{surname}, {given}" if surname and given else surname or given
    name = " ".join(name.split())
    if not name:
        raise ValueError(_("no name"))
    national = values.get("national_id", "").strip().upper()
    fide = numbers.pop("fide_id", None) or 0
    if not fide and not national:
        raise ValueError(_("no ID"))
    sex = values.get("sex", "").strip().upper()[:1]
    year = _YEAR.search(values.get("birth", ""))
    title = values.get("title", "").strip().upper()
    return ListedPlayer(
        fide_id=fide,
        name=name,
        federation=values.get("federation", "").strip().upper()[:3],
        sex={"W": "F"}.get(sex, sex if sex in ("M", "F") else ""),
        title=title if not title.startswith("W") else "",
        women_title=title if title.startswith("W") else "",
        birth_year=int(year.group(1)) if year else None,
        flag=values.get("flag", "").strip().lower(),
        national_id=national,
        **numbers,  # type: ignore[arg-type]  # the rating fields only
    )


def read_custom(
    path: str | os.PathLike[str],
    fmt: ListFormat,
    counts: ReadCounts,
    *,
    progress: ProgressCallback | None = None,
    should_cancel: CancelCheck | None = None,
) -> Generator[ListedPlayer, None, None]:
    """Every player of the list at ``path`` (zipped or not) read with ``fmt``, one at a
    time; raises :class:`RatingListError` for a file the format does not fit."""
    fmt.check()
    stream, name, close = open_list(path, progress, CUSTOM_SUFFIXES)
    counts.kinds = fmt.kinds
    decode = _decoder(fmt.encoding)
    next(decode)
    try:
        lines = _bounded_lines(stream, name)
        header: str | None = None
        for _skipped in range(fmt.skip):
            raw = next(lines, None)
            if raw is None:
                raise RatingListError(
                    _("{name}: the file has fewer than {skip} lines").format(
                        name=name, skip=fmt.skip
                    )
                )
            header = decode.send(raw).rstrip("\r\n").lstrip("\ufeff")
        reader = _Reader(fmt, header)
        good = 0
        for line_no, raw in enumerate(lines, start=fmt.skip + 1):
            text = decode.send(raw).rstrip("\r\n")
            if not text.strip():
                continue
            counts.read += 1
            if should_cancel is not None and counts.read % 2048 == 0 and should_cancel():
                raise ImportCancelled("the import was cancelled; the list was not changed")
            try:
                player = player_of(reader.values(text))
            except ValueError as exc:
                counts.skip(f"line {line_no}: {exc}")
                if good == 0 and counts.skipped >= 50:
                    raise RatingListError(
                        _(
                            "{name}: the format {name2!r} reads no player from the first "
                            "{skipped} lines ({skipped_examples}): another layout? The list on "
                            "this computer is unchanged"
                        ).format(
                            name=name,
                            name2=fmt.name,
                            skipped=counts.skipped,
                            skipped_examples="; ".join(counts.skipped_examples[:3]),
                        )
                    ) from None
                continue
            good += 1
            yield player
    except OSError as exc:
        raise RatingListError(
            _("{path}: cannot read the file: {exc}").format(path=path, exc=exc)
        ) from None
    finally:
        close()


def preview(path: str | os.PathLike[str], fmt: ListFormat, count: int = 5) -> list[str]:
    """The first players the format reads from ``path``, one line each, then the first
    lines it skipped: for the arbiter to see the mapping is right before importing."""
    counts = ReadCounts()
    out: list[str] = []
    records = read_custom(path, fmt, counts)
    try:
        for player in records:
            ratings = " ".join(f"{kind} {player.rating(kind) or '-'}" for kind in fmt.kinds)
            ids = " ".join(
                part
                for part in (
                    f"FIDE {player.fide_id}" if player.fide_id else "",
                    f"ID {player.national_id}" if player.national_id else "",
                )
                if part
            )
            out.append(f"{player.name} · {player.federation or '-'} · {ratings} · {ids}")
            if len(out) >= count:
                break
    finally:
        records.close()
    out += [f"skipped {why}" for why in counts.skipped_examples[:3]]
    return out


def import_custom(
    rating_list: RatingList,
    path: str | os.PathLike[str],
    fmt: ListFormat,
    *,
    list_date: str = "",
    progress: ProgressCallback | None = None,
    should_cancel: CancelCheck | None = None,
    keep_unless_percent: int | None = None,
    file_name: str = "",
) -> ImportSummary:
    """Import a list in a custom format as its whole list (``fmt.list_name``) in one
    transaction: a damaged file or a cancel leaves the previous one."""
    from swissdesk.ratinglist.store import list_date_from_name

    counts = ReadCounts()
    records = read_custom(path, fmt, counts, progress=progress, should_cancel=should_cancel)
    shown = file_name or Path(path).name
    return rating_list.import_records(
        records,
        counts,
        source=fmt.list_name,
        file_name=shown,
        list_date=list_date or list_date_from_name(Path(path).name),
        keep_unless_percent=keep_unless_percent,
        whole=True,
    )


def saved_formats(rating_list: RatingList) -> dict[str, ListFormat]:
    """The custom formats kept in the rating list database, by name."""
    return {
        name: ListFormat.from_json(name, text)
        for name, text in rating_list.format_definitions().items()
    }


def saved_format(rating_list: RatingList, name: str) -> ListFormat:
    """The custom format ``name``, or a message naming the ones kept."""
    kept = saved_formats(rating_list)
    if name not in kept:
        known = ", ".join(kept) or "none yet"
        raise FormatError(
            _(
                "no list format named {name!r} (kept: {known}); define it with 'swissdesk "
                "rating-list format NAME --layout csv --column name=2 ...'"
            ).format(name=name, known=known)
        )
    return kept[name]


def save_format(rating_list: RatingList, fmt: ListFormat) -> None:
    """Check and keep ``fmt`` under its name (replacing one of that name)."""
    rating_list.save_format_definition(fmt.name, fmt.check().to_json())
