"""``swissdesk rating-list import|find|info|update|download|format``: the rating lists offline,
headless: FIDE's list and national ones (custom formats), downloaded at home."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from swissdesk.cli.section_commands import add_section_option, open_section
from swissdesk.errors import InputError
from swissdesk.i18n import _, ngettext
from swissdesk.ratinglist import (
    DEFAULT_SOURCE,
    RATING_KINDS,
    RatingList,
    default_database_path,
)
from swissdesk.ratinglist.download import (
    FIDE_DOWNLOAD_PAGE,
    FIDE_LIST_URL,
    TIMEOUT,
    DownloadCancelled,
    age_hours,
    is_due,
    planned_downloads,
)
from swissdesk.ratinglist.formats import DELIMITERS, ENCODINGS, FIELDS, LAYOUTS, ListFormat


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``rating-list`` and its sub-commands."""
    group = subparsers.add_parser(
        "rating-list",
        help=_("import and search the FIDE rating list offline"),
        description=(
            _(
                "Keep FIDE's rating list on this computer for registering players at an "
                "offline venue: import the list downloaded at home (players_list_xml.zip, "
                "players_list.zip, or the separate standard/rapid/blitz lists; zipped or not), "
                "then look players up by name or FIDE ID."
            )
        ),
    )
    group.add_argument(
        "--database",
        metavar="FILE",
        help=_(
                 "the rating list database (default: {default_database_path})"
             ).format(default_database_path=default_database_path()),
    )
    commands = group.add_subparsers(dest="rating_list_command", metavar="COMMAND")
    commands.required = True

    imp = commands.add_parser(
        "import",
        help=_("import a rating list file"),
        description=(
            _(
                "Import a FIDE rating list (XML or TXT layout, zipped or not) or a national "
                "list in FIDE's TXT layout. A combined list replaces the source's players; a "
                "separate standard, rapid or blitz list replaces that rating type. A damaged "
                "or truncated file changes nothing."
            )
        ),
    )
    imp.add_argument("file", metavar="FILE")
    imp.add_argument(
        "--source",
        default=DEFAULT_SOURCE,
        help=_(
                 "name of the list, e.g. a national federation's (default: {DEFAULT_SOURCE})"
             ).format(DEFAULT_SOURCE=DEFAULT_SOURCE),
    )
    imp.add_argument(
        "--kind",
        choices=RATING_KINDS,
        help=_("rating type of a separate list (default: from the file name, else standard)"),
    )
    imp.add_argument("--date", default="", metavar="YYYY-MM", help=_("the list's date"))
    imp.add_argument(
        "--format",
        metavar="FORMAT",
        help=_(
                 "read a national list with this custom format (see 'rating-list format'); "
                 "kept under the format's list name unless --source is given"
             ),
    )
    imp.set_defaults(func=run_import)

    fmt = commands.add_parser(
        "format",
        help=_("define, show or delete a custom list format (a national list's columns)"),
        description=_(
            "A national list in its federation's own layout is read through a column mapping "
            "defined once and kept by name in the rating list database (the window shares "
            "it). CSV: each field's column number (1 = first) or its name in the header "
            "line; fixed width: the characters from-to (1 = first, both included). Fields: "
            "{fields}. A player needs a name (name, or surname and given_name) and an ID "
            "(fide_id or national_id). Without a NAME: the formats kept; with a NAME alone: "
            "that format; --preview FILE shows the first players it reads."
        ).format(fields=", ".join(FIELDS)),
    )
    fmt.add_argument("name", nargs="?", metavar="NAME")
    fmt.add_argument("--layout", choices=LAYOUTS, help=_("csv or fixed (fixed-width columns)"))
    fmt.add_argument(
        "--column",
        action="append",
        default=[],
        metavar="FIELD=COLUMN",
        help=_("e.g. name=2, standard=Elo (CSV), standard=49-52 (fixed); repeat per field"),
    )
    fmt.add_argument(
        "--delimiter",
        choices=sorted(DELIMITER_NAMES),
        default="comma",
        help=_("CSV: what separates the fields (default: comma)"),
    )
    fmt.add_argument(
        "--skip",
        type=int,
        default=1,
        metavar="N",
        help=_("lines before the first player; the header is the last of them (default: 1)"),
    )
    fmt.add_argument("--encoding", choices=ENCODINGS, default="auto", help=_("default: auto"))
    fmt.add_argument(
        "--list-name", default="", metavar="SOURCE", help=_("the list's name (default: NAME)")
    )
    fmt.add_argument("--preview", metavar="FILE", help=_("the first players FILE reads as"))
    fmt.add_argument("--delete", action="store_true", help=_("delete the format NAME"))
    fmt.set_defaults(func=run_format)

    find = commands.add_parser(
        "find",
        help=_("look players up by name prefix or FIDE ID"),
        description=(
            _(
                "Print one player per line: FIDE ID, name, federation, title, standard, rapid "
                "and blitz rating, birth year. Case and accents are ignored ('muller' finds "
                "'Müller'); surname or given name first ('carlsen m', 'magnus c')."
            )
        ),
    )
    find.add_argument("query", nargs="+")
    find.add_argument("--federation", metavar="FED")
    find.add_argument("--limit", type=int, default=20, metavar="N")
    find.add_argument(
        "--type", choices=RATING_KINDS, default="standard", help=_("rating type to rank by")
    )
    find.set_defaults(func=run_find)

    info = commands.add_parser(
        "info", help=_("the imported lists: date, players, source, last download")
    )
    info.set_defaults(func=run_info)

    down = commands.add_parser(
        "download",
        help=_("download the rating lists and import them (at home: the venue has no network)"),
        description=(
            _(
                "Download every list this computer keeps (the FIDE list, from {FIDE_LIST_URL} "
                "unless another address was given, and each list added with --url) and import "
                "it in place of the previous one; or only the lists named. A download cut "
                "short, a web page instead of a list, a damaged zip, a wrong --sha256, a list "
                "older than the one kept or with less than half of its players changes "
                "nothing. The address given with --url is kept for the next downloads. FIDE's "
                "download page: {FIDE_DOWNLOAD_PAGE}"
            ).format(FIDE_LIST_URL=FIDE_LIST_URL, FIDE_DOWNLOAD_PAGE=FIDE_DOWNLOAD_PAGE)
        ),
    )
    down.add_argument(
        "names",
        nargs="*",
        metavar="NAME",
        help=_("the lists to download, e.g. FIDE or a national list's name (default: all)"),
    )
    down.add_argument("--url", metavar="URL", help=_("the list's address (one NAME; kept)"))
    down.add_argument(
        "--kind",
        choices=RATING_KINDS,
        help=_("with --url: the rating type of a separate list (default: from the file)"),
    )
    down.add_argument(
        "--format",
        default=None,
        metavar="FORMAT",
        help=_("with --url: read the list with this custom format (see 'rating-list format')"),
    )
    down.add_argument(
        "--sha256", default="", metavar="HEX", help=_("the file's published SHA-256 (one NAME)")
    )
    down.add_argument(
        "--if-older-than",
        type=float,
        default=None,
        metavar="HOURS",
        help=(
            _(
                "only the lists last downloaded longer ago than HOURS (e.g. 24 in a daily job: "
                "the lists never more than a day old)"
            )
        ),
    )
    down.add_argument(
        "--timeout", type=float, default=TIMEOUT, metavar="SECONDS", help=_(
                                                                              "wait for the "
                                                                              "server"
                                                                          )
    )
    down.add_argument(
        "--forget", action="store_true", help=_(
                                                  "stop downloading the lists named (kept as "
                                                  "they are)"
                                              )
    )
    down.set_defaults(func=run_download)

    upd = commands.add_parser(
        "update",
        help=_("show (and apply) what the list changes in a tournament before round 1"),
        description=(
            _(
                "Compare the registered players with the rating list (by FIDE ID): the rating "
                "of the tournament's rating type (in rapid and blitz the standard rating for a "
                "player without one: Rapid and Blitz Rating Regulations art. 7.2.1), title, "
                "federation and K. Shows each change and warns when the FIDE list is not the "
                "one in force at the tournament's start; nothing changes without --apply, and "
                "--only applies the changes of some players and not the others."
            )
        ),
    )
    upd.add_argument("input", type=Path, help=_(".swissdesk tournament file"))
    upd.add_argument("--apply", action="store_true", help=_("apply the changes shown"))
    upd.add_argument(
        "--only",
        type=_tpns,
        default=None,
        metavar="TPN[,TPN...]",
        help=_("with --apply: only these players' changes"),
    )
    add_section_option(upd)
    upd.set_defaults(func=run_update)


def _tpns(text: str) -> tuple[int, ...]:
    try:
        values = tuple(int(t) for t in text.replace(" ", "").split(",") if t)
    except ValueError:
        raise argparse.ArgumentTypeError(_(
                                             "{text!r}: pairing numbers such as 3,7,12"
                                         ).format(text=text)) from None
    if not values:
        raise argparse.ArgumentTypeError(_("name at least one pairing number"))
    return values


def _list(args: argparse.Namespace) -> RatingList:
    return RatingList(args.database) if args.database else RatingList(default_database_path())


def run_import(args: argparse.Namespace) -> int:
    """Import with progress on standard error."""
    rating_list = _list(args)
    interactive = sys.stderr.isatty()
    last = [-1]

    def progress(done: int, total: int) -> None:
        percent = 100 * done // total if total else 0
        if percent == last[0] or (not interactive and percent % 10):
            return
        last[0] = percent
        end = "\r" if interactive else "\n"
        print(_("importing {file}: {percent:3d} %").format(file=args.file, percent=percent), end=end, file=sys.stderr, flush=True)

    if args.format:
        from dataclasses import replace

        from swissdesk.ratinglist.formats import import_custom, saved_format

        fmt = saved_format(rating_list, args.format)
        if args.source != DEFAULT_SOURCE:
            fmt = replace(fmt, source=args.source)
        summary = import_custom(
            rating_list, args.file, fmt, list_date=args.date, progress=progress
        )
    else:
        summary = rating_list.import_file(
            args.file, source=args.source, kind=args.kind, list_date=args.date, progress=progress
        )
    if interactive:
        print(file=sys.stderr)
    kinds = ", ".join(summary.kinds)
    print(
        _(
            "imported {players:,} players ({kinds}) as {source} into {path} in {seconds:.1f} s"
        ).format(
            players=summary.players,
            kinds=kinds,
            source=summary.source,
            path=rating_list.path,
            seconds=summary.seconds,
        )
    )
    if summary.skipped:
        print(_(
                  "skipped {skipped:,} records that could not be read:"
              ).format(skipped=summary.skipped), file=sys.stderr)
        for why in summary.skipped_examples:
            print(f"  {why}", file=sys.stderr)
    return 0


def run_find(args: argparse.Namespace) -> int:
    """One line per player found."""
    started = time.monotonic()
    matches = _list(args).find(
        " ".join(args.query), federation=args.federation, limit=args.limit, kind=args.type
    )
    for m in matches:
        p = m.player
        title = p.title or p.women_title or "-"
        ratings = " ".join(f"{v if v else '-':>4}" for v in (p.standard, p.rapid, p.blitz))
        birth = p.birth_year or "-"
        print(
            f"{p.fide_id:>10}  {p.name:<34} {p.federation or '-':<3} {title:<4} {ratings} {birth}"
        )
    if not matches:
        print(_("no player found"), file=sys.stderr)
        return 1
    if sys.stderr.isatty():
        print(
            ngettext("{count} found in {ms:.0f} ms", "{count} found in {ms:.0f} ms", len(matches)).format(
                count=len(matches), ms=1000 * (time.monotonic() - started)
            ),
            file=sys.stderr,
        )
    return 0


def run_info(args: argparse.Namespace) -> int:
    """The imported lists, and where and when each is downloaded."""
    rating_list = _list(args)
    sources = rating_list.sources()
    if not sources:
        print(_("no rating list imported yet ({path})").format(path=rating_list.path))
    else:
        print(_("rating list database: {path}").format(path=rating_list.path))
    for s in sources:
        date = s.list_date or _("date unknown")
        print(
            _(
                "{name}: {players:,} players, list of {date}, {kinds}; imported {imported} "
                "from {file}"
            ).format(
                name=s.name,
                players=s.players,
                date=date,
                kinds=', '.join(s.kinds),
                imported=s.imported,
                file=s.file,
            )
        )
    for d in planned_downloads(rating_list):
        age = age_hours(d)
        if age is None and is_due(d):
            line = _("download {name}: {url}; never downloaded; due: run "
                     "'swissdesk rating-list download'")
        elif age is None:
            line = _("download {name}: {url}; never downloaded")
        elif is_due(d):
            line = _("download {name}: {url}; last downloaded {checked} UTC ({age} ago); due: "
                     "run 'swissdesk rating-list download'")
        else:
            line = _("download {name}: {url}; last downloaded {checked} UTC ({age} ago)")
        age_text = "" if age is None else _age_text(age)
        print(line.format(name=d.name, url=d.url, checked=d.checked, age=age_text))
    return 0


def _age_text(hours: float) -> str:
    if hours < 1:
        return _("less than an hour")
    if hours < 48:
        return _("{hours} h").format(hours=f"{hours:.0f}")
    days = round(hours / 24)
    return ngettext("{days} day", "{days} days", days).format(days=days)


DELIMITER_NAMES = {"comma": ",", "semicolon": ";", "tab": "\t", "bar": "|"}


def run_format(args: argparse.Namespace) -> int:
    """List, show, define, preview or delete custom list formats."""
    from swissdesk.ratinglist.formats import (
        parse_columns,
        preview,
        save_format,
        saved_format,
        saved_formats,
    )

    rating_list = _list(args)
    defining = bool(args.layout or args.column)
    if args.name is None:
        if defining or args.delete or args.preview:
            raise InputError(_("name the format: rating-list format NAME ..."))
        kept = saved_formats(rating_list)
        if not kept:
            print(_("no list format defined yet"))
        for fmt in kept.values():
            print(_describe_format(fmt))
        return 0
    if args.delete:
        if not rating_list.forget_format(args.name):
            raise InputError(_("{name}: no list format of that name").format(name=args.name))
        print(_("{name}: deleted").format(name=args.name))
        return 0
    if defining:
        if not args.layout or not args.column:
            raise InputError(_("a format needs --layout and its --column FIELD=COLUMN mappings"))
        fmt = ListFormat(
            name=args.name,
            layout=args.layout,
            columns=parse_columns(args.column),
            delimiter=DELIMITER_NAMES[args.delimiter],
            skip=args.skip,
            encoding=args.encoding,
            source=args.list_name,
        ).check()
    else:
        fmt = saved_format(rating_list, args.name)
    if args.preview:
        for line in preview(args.preview, fmt):
            print(line)
    if defining:
        save_format(rating_list, fmt)
        print(_("saved: {describe_format}").format(describe_format=_describe_format(fmt)))
    elif not args.preview:
        print(_describe_format(fmt))
    return 0


def _describe_format(fmt: ListFormat) -> str:
    columns = ", ".join(f"{k}={v}" for k, v in fmt.columns.items())
    fields = {
        "name": fmt.name,
        "delimiter": DELIMITERS[fmt.delimiter] if fmt.layout == "csv" else "",
        "skip": fmt.skip,
        "encoding": fmt.encoding,
        "list_name": fmt.list_name,
        "columns": columns,
    }
    if fmt.layout == "csv":
        text = ngettext(
            "{name}: csv ({delimiter}), {skip} line before the players, {encoding}; list "
            "{list_name}; {columns}",
            "{name}: csv ({delimiter}), {skip} lines before the players, {encoding}; list "
            "{list_name}; {columns}",
            fmt.skip,
        )
    else:
        text = ngettext(
            "{name}: fixed width, {skip} line before the players, {encoding}; list "
            "{list_name}; {columns}",
            "{name}: fixed width, {skip} lines before the players, {encoding}; list "
            "{list_name}; {columns}",
            fmt.skip,
        )
    return text.format(**fields)


def run_download(args: argparse.Namespace) -> int:
    """Download the lists named (default: all) and import each; 2 if one failed."""
    from dataclasses import replace

    from swissdesk.ratinglist.download import check_url, refresh
    from swissdesk.ratinglist.formats import saved_format
    from swissdesk.ratinglist.store import ListDownload

    rating_list = _list(args)
    planned = {d.name: d for d in planned_downloads(rating_list)}
    names: list[str] = list(dict.fromkeys(args.names))
    if args.forget:
        if not names:
            raise InputError(_("--forget: name the lists to stop downloading"))
        for name in names:
            if not rating_list.forget_download(name):
                raise InputError(_("{name}: no download of that name is kept").format(name=name))
            print(_("{name}: no longer downloaded (its players are kept)").format(name=name))
        return 0
    one_only = args.url is not None or args.sha256 or args.kind or args.format is not None
    if one_only and len(names) > 1:
        raise InputError(_("--url, --kind, --format and --sha256 are for one list: name one"))
    if args.url is not None:
        name = names[0] if names else DEFAULT_SOURCE
        names = [name]
        old = planned.get(name, ListDownload(name, ""))
        if args.format:
            saved_format(rating_list, args.format)  # a message if there is none
        planned[name] = replace(
            old,
            url=check_url(args.url),
            kind=args.kind or "",
            format=args.format if args.format is not None else old.format,
        )
    elif args.kind or args.format is not None:
        raise InputError(_("--kind and --format describe the list at --url: give --url too"))
    for name in names:
        if name not in planned:
            known = ", ".join(planned)
            raise InputError(
                _(
                    "{name}: no download of that name (kept: {known}); give its address with "
                    "--url"
                ).format(name=name, known=known)
            )
    chosen = [planned[n] for n in names] if names else list(planned.values())
    if args.if_older_than is not None:
        chosen = [d for d in chosen if is_due(d, args.if_older_than)]
        if not chosen:
            print(_(
                      "every list was downloaded less than {if_older_than:g} h ago"
                  ).format(if_older_than=args.if_older_than))
            return 0
    interactive = sys.stderr.isatty()
    failed = 0
    for download in chosen:
        last = [("", -1)]

        def progress(
            phase: str,
            done: int,
            total: int,
            name: str = download.name,
            last: list[tuple[str, int]] = last,
        ) -> None:
            step = 100 * done // total if total else done >> 20
            if (phase, step) == last[0] or (not interactive and total and step % 10):
                return
            last[0] = (phase, step)
            amount = f"{step:3d} %" if total else f"{step} MB"
            line = (
                _("downloading {name}: {amount}")
                if phase == "download"
                else _("importing {name}: {amount}")
            ).format(name=name, amount=amount)
            end = "\r" if interactive else "\n"
            print(f"{line}   ", end=end, file=sys.stderr, flush=True)

        try:
            result = refresh(
                rating_list,
                download,
                progress=progress,
                timeout=args.timeout,
                expected_sha256=args.sha256,
            )
        except DownloadCancelled:
            raise
        except InputError as exc:
            if interactive:
                print(file=sys.stderr)
            print(_("swissdesk: error: {name}: {exc}").format(name=download.name, exc=exc), file=sys.stderr)
            failed += 1
            continue
        if interactive:
            print(file=sys.stderr)
        print(result.describe())
        if result.summary is not None and result.summary.skipped:
            for why in result.summary.skipped_examples:
                print(_("  skipped: {why}").format(why=why), file=sys.stderr)
    return 2 if failed else 0


def run_update(args: argparse.Namespace) -> int:
    """The proposed changes, the list's currency, and with ``--apply`` the update."""
    from swissdesk.cli.storage_commands import _report
    from swissdesk.model import timecontrol
    from swissdesk.ratinglist.update import list_currency, only, proposed_updates
    from swissdesk.storage import UpdateRatings

    if args.only is not None and not args.apply:
        raise InputError(_("--only chooses among the changes to apply: give --apply too"))
    rating_list = _list(args)
    with open_section(args.input, args.section) as tf:
        settings = tf.settings()
        code = settings.time_control_code
        kind = timecontrol.rating_type(code) if code and timecontrol.is_valid(code) else "standard"
        warning = list_currency(rating_list.sources(), settings.start_date)
        if warning:
            print(_("swissdesk: warning: {warning}").format(warning=warning), file=sys.stderr)
        proposal = proposed_updates(tf.players(), rating_list, kind)
        for u in proposal.updates:
            print(u.describe())
        if proposal.without_id:
            print(_(
                      "{count} players have no FIDE ID (not looked up)"
                  ).format(count=len(proposal.without_id)))
        if proposal.not_found:
            print(_(
                      "{count} FIDE IDs are not in the list"
                  ).format(count=len(proposal.not_found)))
        if not proposal.updates:
            print(_("every {kind} rating is up to date").format(kind=kind))
            return 0
        if not args.apply:
            print(_("nothing changed: give --apply (and --only TPN,... for some players only)"))
            return 0
        if args.only is not None:
            try:
                proposal = only(proposal, args.only)
            except ValueError as exc:
                raise InputError(str(exc)) from None
        _report(tf.execute(UpdateRatings(tuple((u.tpn, u.after) for u in proposal.updates))))
    return 0
