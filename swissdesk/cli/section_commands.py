"""An event's sections, headless (issue 33).

    swissdesk sections EVENT.swissdesk                       the sections, in their order
    swissdesk section add EVENT --name NAME [--system S] [--rounds R] [--rating-below N] ...
    swissdesk section remove EVENT NAME                      (a section without players)
    swissdesk section order EVENT NAME NAME ...              (every section once)
    swissdesk register EVENT --section NAME "NAME;RATING;FED;TITLE;FIDE ID" | --fide-id N
    swissdesk move EVENT --section FROM TPN --to NAME        (before FROM pairs round 1)
    swissdesk players EVENT [--section NAME]                 every section's players
    swissdesk checkin EVENT --section NAME TPN... [--undo]
    swissdesk absentees EVENT --section NAME [--round R] [--zero]

Every command acting on one tournament (``export``, ``standings``, ``next-round``, ``pair``,
``result``, ``report``, ``team ...`` and the others) takes ``--section NAME`` (its name, or
its number in the list): required where the event has more than one section, refused with
the list of sections when it is missing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from swissdesk.errors import InputError
from swissdesk.i18n import N_, _, ngettext, pgettext
from swissdesk.prizes.money import Currency

SECTION_HELP = N_(
    "the section of an event with several sections: its name or its number in "
    "'swissdesk sections FILE' (not needed when the file holds one tournament)"
)


def add_section_option(parser: argparse.ArgumentParser) -> None:
    """``--section NAME`` on a command that acts on one tournament."""
    parser.add_argument("--section", metavar="NAME", default=None, help=_(SECTION_HELP))


def open_section(path: Path, section: str | None) -> Any:
    """The tournament file at ``path``, as the handle of its section ``section``.

    An event with several sections needs ``section``: without it, an :class:`InputError`
    lists them. Closing the handle closes the file."""
    from swissdesk.storage import TournamentFile

    if not path.exists():
        raise InputError(_("{path}: no such file").format(path=path))
    tf = TournamentFile.open(path)
    try:
        if section is not None:
            return tf.section(section)
        infos = tf.sections()
        if len(infos) > 1:
            names = ", ".join(f"{i}. {s.name!r}" for i, s in enumerate(infos, start=1))
            raise InputError(
                _(
                    "{path} holds {count} sections; name one with --section NAME: {names}"
                ).format(path=path, count=len(infos), names=names)
            )
        return tf
    except BaseException:
        tf.close()
        raise


def section_from_remainder(args: argparse.Namespace, field: str) -> None:
    """Take ``--section NAME`` out of a ``REMAINDER`` argument (a result such as ``--`` is
    read as the remainder, which then also swallows the options after it)."""
    rest: list[str] = list(getattr(args, field))
    kept: list[str] = []
    i = 0
    while i < len(rest):
        item = rest[i]
        if item == "--section":
            if i + 1 >= len(rest):
                raise InputError(_("--section needs a section name"))
            args.section = rest[i + 1]
            i += 2
            continue
        if item.startswith("--section="):
            args.section = item.split("=", 1)[1]
        else:
            kept.append(item)
        i += 1
    setattr(args, field, kept)


def is_tournament_file(path: Path) -> bool:
    """Whether ``path`` names a ``.swissdesk`` file (not a TRF or a JSON state)."""
    return path.suffix.lower() == ".swissdesk"


def read_any(path: str | Path, section: str | None, *, to_pair: bool = False) -> Any:
    """The tournament in a TRF, a JSON state or (its section ``section``) a ``.swissdesk``
    file. A ``.swissdesk`` section gives its complete rounds with the current ranks, as its
    TRF export does; ``to_pair``: refused, with the reason, when its next round cannot be
    paired yet (results missing)."""
    source = Path(path)
    if is_tournament_file(source):
        from swissdesk.tiebreaks.trf_ranks import with_current_ranks

        with open_section(source, section) as tf:
            if to_pair:
                ok, why = tf.can_pair_next_round()
                if not ok:
                    raise InputError(f"{source}: {why}")
            return with_current_ranks(tf.snapshot())
    if section is not None:
        raise InputError(_(
                             "{source}: --section is for .swissdesk events (a TRF holds one "
                             "tournament)"
                         ).format(source=source))
    from swissdesk.trf import read_tournament

    return read_tournament(source)


def register(subparsers: Any) -> None:
    """Add ``sections``, ``section``, ``move``, ``players``, ``checkin``, ``absentees``."""
    p = subparsers.add_parser(
        "sections",
        help=_("list the sections of an event"),
        description=_("The event's sections in their order: name, system, rounds, players."),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk event file"))
    p.add_argument(
        "--event-name",
        metavar="NAME",
        default=None,
        help=_("name the event as a whole (the heading of the lists of all sections)"),
    )
    p.set_defaults(func=run_sections)

    group = subparsers.add_parser(
        "section",
        help=_("add, remove or order the sections of an event"),
        description=(
            _(
                "An event file holds one or more sections (an A open, a B open, a junior "
                "section...), each a complete tournament with its own settings."
            )
        ),
    )
    commands = group.add_subparsers(dest="section_command", metavar="ACTION", required=True)
    p = commands.add_parser("add", help=_("add a section (a new tournament) to the event"))
    p.add_argument("input", type=Path, help=_(".swissdesk event file"))
    p.add_argument("--name", required=True, help=_("the section's name (its tournament name)"))
    p.add_argument("--system", default="dutch", metavar="NAME", help=_("pairing system (dutch)"))
    p.add_argument("--rounds", type=int, default=9, metavar="R", help=_("number of rounds (9)"))
    p.add_argument("--start-date", default="", metavar="YYYY/MM/DD")
    p.add_argument("--end-date", default="", metavar="YYYY/MM/DD")
    p.add_argument("--time-control", default="", metavar="CODE", help=_(
                                                                          "e.g. 5400+30 "
                                                                          "(record 222)"
                                                                      ))
    p.add_argument("--rating-from", type=int, default=0, metavar="N", help=_("rule: rated N+"))
    p.add_argument("--rating-below", type=int, default=0, metavar="N", help=_("rule: under N"))
    p.add_argument("--age-under", type=int, default=0, metavar="N", help=_("rule: U-N"))
    p.add_argument("--age-from", type=int, default=0, metavar="N", help=_("rule: N and over"))
    p.set_defaults(func=run_section_add)

    p = commands.add_parser("remove", help=_("remove a section without players"))
    p.add_argument("input", type=Path, help=_(".swissdesk event file"))
    p.add_argument("name", help=_("the section's name or number"))
    p.set_defaults(func=run_section_remove)

    p = commands.add_parser("order", help=_("put the sections in this order"))
    p.add_argument("input", type=Path, help=_(".swissdesk event file"))
    p.add_argument("names", nargs="+", metavar="NAME", help=_("every section, in the new order"))
    p.set_defaults(func=run_section_order)

    p = subparsers.add_parser(
        "register",
        help=_("register a player in a section (the registration desk)"),
        description=(
            _(
                "Register a player in a section before its round 1: given as "
                "'NAME;RATING;FED;TITLE;FIDE ID' (after the name optional), or taken from the "
                "imported rating list by FIDE ID (the rating of the section's rating type). "
                "The desk's warnings (the section's rating and age rules, the same person "
                "already registered) are printed; --check prints them without registering."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament or event file"))
    p.add_argument("player", nargs="?", default=None, metavar="PLAYER")
    add_section_option(p)
    p.add_argument("--fide-id", type=int, default=None, metavar="N", help=_(
                                                                              "from the rating "
                                                                              "list"
                                                                          ))
    p.add_argument("--born", default=None, metavar="YYYY/MM/DD", help=_("the birth date"))
    p.add_argument("--check", action="store_true", help=_("only print the desk's warnings"))
    p.set_defaults(func=run_register)

    p = subparsers.add_parser(
        "move",
        help=_("move a player to another section of the event"),
        description=(
            _(
                "Move a player registered in the wrong section to another one, before the "
                "player's section pairs round 1 (refused once they have results). Their "
                "pairing number in the section left closes up; the other section gives them "
                "the next number (or a late entry's place when it has started)."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk event file"))
    p.add_argument("tpn", type=int, metavar="PAIRING_NUMBER", help=_("in the section left"))
    add_section_option(p)
    p.add_argument("--to", required=True, metavar="NAME", help=_("the section to move to"))
    p.set_defaults(func=run_move)

    p = subparsers.add_parser(
        "players",
        help=_("list the players of every section (or of one)"),
        description=(
            _(
                "The registration desk's list: every section's players with their pairing "
                "number, rating, federation, status and check-in, section by section."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament or event file"))
    p.add_argument("--section", metavar="NAME", default=None, help=_("only this section"))
    p.set_defaults(func=run_players)

    p = subparsers.add_parser(
        "checkin",
        help=_("tick players in at the registration desk"),
        description=_(
                        "Tick players in (present for the first round), or take it back "
                        "(--undo)."
                    ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament or event file"))
    p.add_argument("tpns", type=int, nargs="+", metavar="PAIRING_NUMBER")
    add_section_option(p)
    p.add_argument("--undo", action="store_true", help=_("take the check-in back"))
    p.set_defaults(func=run_checkin)

    p = subparsers.add_parser(
        "player-fee",
        help=_("record a player's entry fee: the amount due and the amount paid"),
        description=_(
            "Record what a player owes as entry fee (--due) and what the desk received "
            "(--paid; 'due': the whole amount due), in the event's currency (the prize "
            "plan's, if it names one): 25 or 25.50, kept exactly in cents. The check-in list "
            "(swissdesk report FILE --kind checkin) prints both, with their totals. Each "
            "change is an action of its own (swissdesk undo takes it back). Without options "
            "it shows the fee recorded."
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament or event file"))
    p.add_argument("tpn", type=int, metavar="PAIRING_NUMBER")
    p.add_argument(
        "--due", default=None, metavar="AMOUNT", help=_("the entry fee due, e.g. 25.00")
    )
    p.add_argument(
        "--paid", default=None, metavar="AMOUNT|due", help=_("the amount paid ('due': all of it)")
    )
    add_section_option(p)
    p.set_defaults(func=run_player_fee)

    p = subparsers.add_parser(
        "absentees",
        help=_("set the players not checked in absent for a round"),
        description=(
            _(
                "List the players not checked in who would be paired in the next round (or "
                "--round R) and set them absent (--zero: a zero-point bye), in one action."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament or event file"))
    add_section_option(p)
    p.add_argument("--round", type=int, default=None, metavar="R", help=_("default: the next"))
    p.add_argument("--zero", action="store_true", help=_("a zero-point bye instead of absent"))
    p.add_argument("--list", action="store_true", help=_("only list them, change nothing"))
    p.set_defaults(func=run_absentees)


def _report(outcome: Any) -> None:
    print(outcome.summary)
    for warning in outcome.warnings:
        print(_("swissdesk: note: {warning}").format(warning=warning), file=sys.stderr)


def run_sections(args: argparse.Namespace) -> int:
    from swissdesk.storage import RenameEvent

    with open_section(args.input, "1") as tf:
        if args.event_name is not None:
            _report(tf.execute(RenameEvent(args.event_name)))
        infos = tf.sections()
        print(
            ngettext("{event}: {count} section", "{event}: {count} sections", len(infos)).format(
                event=tf.event_name() or args.input.stem, count=len(infos)
            )
        )
    for i, s in enumerate(infos, start=1):
        fields = {
            "i": i,
            "name": s.name,
            "system": s.system,
            "rounds_paired": s.rounds_paired,
            "total_rounds": s.total_rounds,
            "players": s.players,
            "rules": s.rules.text,
        }
        # Whole lines per case (team or individual; with the section's rules or without).
        if s.is_team and s.rules.text:
            line = ngettext(
                "{i:2d}. {name}: {system}, team, round {rounds_paired} of {total_rounds} "
                "paired, {players} team, {rules}",
                "{i:2d}. {name}: {system}, team, round {rounds_paired} of {total_rounds} "
                "paired, {players} teams, {rules}",
                s.players,
            )
        elif s.is_team:
            line = ngettext(
                "{i:2d}. {name}: {system}, team, round {rounds_paired} of {total_rounds} "
                "paired, {players} team",
                "{i:2d}. {name}: {system}, team, round {rounds_paired} of {total_rounds} "
                "paired, {players} teams",
                s.players,
            )
        elif s.rules.text:
            line = ngettext(
                "{i:2d}. {name}: {system}, individual, round {rounds_paired} of {total_rounds} "
                "paired, {players} player, {rules}",
                "{i:2d}. {name}: {system}, individual, round {rounds_paired} of {total_rounds} "
                "paired, {players} players, {rules}",
                s.players,
            )
        else:
            line = ngettext(
                "{i:2d}. {name}: {system}, individual, round {rounds_paired} of {total_rounds} "
                "paired, {players} player",
                "{i:2d}. {name}: {system}, individual, round {rounds_paired} of {total_rounds} "
                "paired, {players} players",
                s.players,
            )
        print(line.format(**fields))
    return 0


def run_section_add(args: argparse.Namespace) -> int:
    from swissdesk.cli.pairing_commands import engine_for
    from swissdesk.engines import system_tiebreaks
    from swissdesk.storage import AddSection, SectionRules, TournamentSettings
    from swissdesk.tiebreaks import DEFAULT_TIEBREAKS

    engine_for(args.system)
    settings = TournamentSettings(
        name=args.name,
        system=args.system,
        total_rounds=args.rounds,
        start_date=args.start_date,
        end_date=args.end_date,
        time_control_code=args.time_control,
        tiebreaks=system_tiebreaks(args.system) or DEFAULT_TIEBREAKS,
        rules=SectionRules(args.rating_from, args.rating_below, args.age_under, args.age_from),
    )
    with open_section(args.input, "1") as tf:
        _report(tf.execute(AddSection(settings)))
    return 0


def run_section_remove(args: argparse.Namespace) -> int:
    from swissdesk.storage import RemoveSection

    with open_section(args.input, "1") as tf:
        gone = tf.section(args.name).section_id
        _report(tf.execute(RemoveSection(gone)))
    return 0


def run_section_order(args: argparse.Namespace) -> int:
    from swissdesk.storage import OrderSections

    with open_section(args.input, "1") as tf:
        order = tuple(tf.section(name).section_id for name in args.names)
        _report(tf.execute(OrderSections(order)))
    return 0


def run_register(args: argparse.Namespace) -> int:
    """The desk: one player into one section, with what the desk should know."""
    import dataclasses

    from swissdesk.cli.event_commands import parse_player
    from swissdesk.storage import AddPlayer

    if (args.player is None) == (args.fide_id is None):
        raise InputError(_("give the player ('NAME;RATING;FED;TITLE;FIDE ID') or --fide-id N"))
    with open_section(args.input, args.section) as tf:
        if args.player is not None:
            data = parse_player(args.player, "PLAYER")
        else:
            kind = next(s.rating_type for s in tf.sections() if s.id == tf.section_id)
            data = listed_player(args.fide_id, kind)
        if args.born is not None:
            data = dataclasses.replace(data, birth_date=args.born)
        if args.check:
            for warning in tf.desk_warnings(data):
                print(_("swissdesk: note: {warning}").format(warning=warning), file=sys.stderr)
            return 0
        _report(tf.execute(AddPlayer(data)))
    return 0


def listed_player(fide_id: int, kind: str) -> Any:
    """A player's data from the imported rating list (the rating of ``kind``)."""
    from swissdesk.model.ratings import RATING_TYPES
    from swissdesk.ratinglist import default_rating_list
    from swissdesk.ratinglist.update import listed_ratings
    from swissdesk.storage import PlayerData

    rating_list = default_rating_list()
    if not rating_list.path.exists():
        raise InputError(_("no rating list imported: swissdesk ratinglist import FILE first"))
    match = rating_list.by_fide_id(fide_id)
    if match is None:
        raise InputError(_(
                             "FIDE ID {fide_id} is not in the rating list"
                         ).format(fide_id=fide_id))
    p = match.player
    info = next((s for s in rating_list.sources() if s.name == match.source), None)
    return PlayerData(
        name=p.name,
        rating=p.effective_rating(kind),  # rapid/blitz: standard when none (art. 7.2.1)
        # Every FIDE rating of the list, with the list and its month (checklist Q134).
        ratings=listed_ratings(
            p,
            match.source,
            info.list_date if info is not None else "",
            info.kinds if info is not None and info.kinds else RATING_TYPES,
        ),
        sex={"M": "m", "F": "w"}.get(p.sex.upper(), ""),
        title=p.title or p.women_title,
        federation=p.federation,
        fide_id=str(p.fide_id),
        birth_date=str(p.birth_year) if p.birth_year else "",
    )


def run_move(args: argparse.Namespace) -> int:
    from swissdesk.storage import MovePlayer

    with open_section(args.input, args.section) as tf:
        target = tf.section(args.to).section_id
        _report(tf.execute(MovePlayer(args.tpn, target)))
    return 0


def run_players(args: argparse.Namespace) -> int:
    with open_section(args.input, args.section or "1") as tf:
        rows = tf.event_players()
        several = len(tf.sections()) > 1
        if args.section is not None:
            rows = [r for r in rows if r.section_id == tf.section_id]
    current = None
    for row in rows:
        if several and row.section_id != current:
            current = row.section_id
            print(f"{row.section}:")
        p = row.player
        status = player_status_text(p.status)
        mark = pgettext("checked in, a mark of two letters at most", "in") if p.checked_in else ""
        print(
            f"  {p.tpn:4d} {mark:<2}  {p.name:<32} {p.rating or '':>5} {p.federation:<3} "
            f"{p.fide_id:>10}  {status}".rstrip()
        )
    return 0


def player_status_text(status: Any) -> str:
    """A player's status as the desk's list shows it ("" while they are to be paired)."""
    from swissdesk.storage.views import PlayerStatus

    if status is PlayerStatus.WITHDRAWN:
        return _("withdrawn")
    if status is PlayerStatus.NOT_ARRIVED:
        return _("not arrived")
    return ""


def run_checkin(args: argparse.Namespace) -> int:
    from swissdesk.storage import CheckIn

    with open_section(args.input, args.section) as tf:
        _report(tf.execute(CheckIn(tuple(args.tpns), present=not args.undo)))
    return 0


def fee_currency(tf: Any) -> Currency:
    """How entry fees are written: cents of the prize plan's currency (its code shown
    when the plan names one, else the amounts plainly)."""
    return Currency(tf.fee_currency(), 2)


def run_player_fee(args: argparse.Namespace) -> int:
    from swissdesk.storage import SetEntryFee

    with open_section(args.input, args.section) as tf:
        row = next((p for p in tf.players() if p.tpn == args.tpn), None)
        if row is None:
            raise InputError(
                _("{file}: there is no player with pairing number {tpn}").format(
                    file=args.input, tpn=args.tpn
                )
            )
        money = fee_currency(tf)
        due_before = tf.entry_fees().get(row.tpn, (0, 0))[0]
        due = None if args.due is None else money.parse_typed(args.due, "--due")
        paid: int | None = None
        if args.paid is not None:
            if args.paid.strip().casefold() == "due":
                paid = due if due is not None else due_before
            else:
                paid = money.parse_typed(args.paid, "--paid")
        if due is None and paid is None:
            fee = tf.entry_fees().get(row.tpn)
            if fee is None:
                print(
                    _("no. {tpn} {name}: no entry fee recorded").format(
                        tpn=row.tpn, name=row.name
                    )
                )
                return 0
            left = fee[0] - fee[1]
            fields = {
                "tpn": row.tpn,
                "name": row.name,
                "due": money.text(fee[0], code=True),
                "paid": money.text(fee[1], code=True),
                "left": money.text(abs(left), code=True),
            }
            if left > 0:
                line = _("no. {tpn} {name}: due {due}, paid {paid}, {left} to pay")
            elif left < 0:
                line = _("no. {tpn} {name}: due {due}, paid {paid}, {left} paid beyond it")
            else:
                line = _("no. {tpn} {name}: due {due}, paid {paid}")
            print(line.format(**fields))
            return 0
        _report(tf.execute(SetEntryFee(row.tpn, due=due, paid=paid)))
    return 0


def run_absentees(args: argparse.Namespace) -> int:
    from swissdesk.storage import ByeKind, MarkAbsentees

    with open_section(args.input, args.section) as tf:
        r = args.round if args.round is not None else tf.next_round_number()
        missing = tf.not_checked_in(r)
        if args.list or not missing:
            for p in missing:
                print(f"{p.tpn:4d}  {p.name}")
            if not missing:
                print(_("round {r}: everyone to be paired is checked in").format(r=r))
            return 0
        kind = ByeKind.ZERO if args.zero else ByeKind.ABSENT
        _report(tf.execute(MarkAbsentees(r, kind)))
    return 0
