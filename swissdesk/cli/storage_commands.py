"""Headless commands on tournament files, for scripts and tests.

    swissdesk import IN.trf [IN2.trf ...] -o T.swissdesk   (several: one section each)
    swissdesk export T.swissdesk -o OUT.trf [--trf-version 2026|16]
    swissdesk next-round T.swissdesk [--system NAME]
    swissdesk result T.swissdesk ROUND BOARD RESULT      (1-0 0-1 1/2 +- -+ -- 0-0 adj)
    swissdesk withdraw T.swissdesk PAIRING_NUMBER [--from-round R]
    swissdesk bye T.swissdesk PAIRING_NUMBER ROUND half|zero|full|absent
    swissdesk undo T.swissdesk
    swissdesk audit T.swissdesk
    swissdesk recover REFUSED.swissdesk -o CLEAN.swissdesk

Each command is one arbiter action: saved completely, or (with a message and exit code 2)
not at all. In an event of several sections, ``--section NAME`` names the section
(:mod:`swissdesk.cli.section_commands`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from swissdesk.cli.confirm import add_confirm_option, confirmed_level, confirming, execute
from swissdesk.cli.section_commands import (
    add_section_option,
    open_section,
    section_from_remainder,
)
from swissdesk.errors import InputError
from swissdesk.i18n import _, ngettext, worded


class _ResultParser(argparse.ArgumentParser):
    """The ``result`` parser: ``--`` (double forfeit) is a result here, not argparse's
    end-of-options marker, and ``-+`` is not an option (the RESULT argument takes the
    remainder of the command line)."""

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        if args is not None:
            args = ["-:-" if a == "--" else a for a in args]
        return super().parse_known_args(args, namespace)


def register(subparsers: Any) -> None:
    """Add the tournament-file commands."""
    p = subparsers.add_parser(
        "import",
        help=_("create a tournament file from a TRF (several: an event, a section per file)"),
        description=(
            _(
                "Read a TRF (TRF06, TRF16 or TRF-2026) or a JSON tournament state into a new "
                ".swissdesk tournament file. The pairing system is the one the file names (TRF "
                "record 192, the JSON 'system'), else Dutch, unless --system says otherwise. "
                "Several files make one event with a section per file, in the order given, "
                "each named by its file's tournament name (record 012). Every round is checked "
                "against the pairing rules first: a round that breaks them is a Level-3 "
                "warning (--yes-i-know 3 imports it anyway, with '### Import @ Round n' in its "
                "log); what reading assumed is listed."
            )
        ),
    )
    p.add_argument(
        "input", type=Path, nargs="+", help=_(
                                                "TRF or JSON tournament state to read (one or "
                                                "more)"
                                            )
    )
    p.add_argument("-o", "--output", type=Path, required=True, help=_("new .swissdesk file"))
    p.add_argument("--system", metavar="NAME", help=_("the tournament's pairing system"))
    add_confirm_option(p)
    p.set_defaults(func=run_import)

    p = subparsers.add_parser(
        "export",
        help=_("write a tournament file as TRF"),
        description=(
            _(
                "Write the tournament (rounds whose results are all in, plus the byes known "
                "for the next round) as a TRF file."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament file"))
    p.add_argument(
        "-o", "--output", type=Path, required=True, help=_(
                                                             "TRF file to write ('-': standard "
                                                             "output)"
                                                         )
    )
    p.add_argument(
        "--trf-version",
        choices=("2026", "16"),
        default=None,
        help=_("TRF format (default: the format the tournament was imported from, else 2026)"),
    )
    add_section_option(p)
    p.set_defaults(func=run_export)

    p = subparsers.add_parser(
        "next-round",
        help=_("pair and store the next round"),
        description=(
            _(
                "Pair the next round with the tournament's pairing system, store it, and print "
                "the pairing like 'swissdesk pair' (number of pairs, then WHITE BLACK per "
                "board, the pairing-allocated bye as 'N 0')."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament file"))
    p.add_argument("--system", default=None, help=_(
                                                      "pairing system (default: the "
                                                      "tournament's)"
                                                  ))
    p.add_argument(
        "--explain", action="store_true", help=_("print the engine's explanation on stderr")
    )
    add_confirm_option(p)
    add_section_option(p)
    p.set_defaults(func=run_next_round)

    p = subparsers.add_parser(
        "result",
        help=_("enter (or correct) a board's result"),
        description=(
            _(
                "Enter the result of a board of the last paired round; for an earlier round "
                "the result is corrected (C.04.2 art. 4.3): a Level-3 warning and a '### "
                "Correction' line; in FIDE mode only the round before the last paired one can "
                "be corrected. Changing a result already entered needs --yes-i-know LEVEL "
                "(placed after the result)."
            )
        ),
    )
    # "--" (double forfeit) and "-+" look like options to argparse: see _ResultParser.
    p.__class__ = _ResultParser
    p.add_argument("input", type=Path, help=_(".swissdesk tournament file"))
    p.add_argument("round", type=int, help=_("round number"))
    p.add_argument("board", type=int, help=_("board number"))
    p.add_argument(
        "result",
        nargs=argparse.REMAINDER,
        metavar="RESULT",
        help=_(
                 "1-0, 0-1, 1/2, +-, -+, --, 0-0, adj (adjourned), or 1-0u, 0-1u, 1/2u "
                 "(unrated: fewer than one move played, TRF W/D/L); Double-Swiss: two results, "
                 "game 1 and game 2, each in that game's colours (e.g. 1-0 1/2); then "
                 "--yes-i-know LEVEL to confirm a correction"
             ),
    )
    add_confirm_option(p)
    add_section_option(p)
    p.set_defaults(func=run_result)

    p = subparsers.add_parser(
        "withdraw",
        help=_("withdraw a player from a round on"),
        description=_(
                        "The player is no longer paired from the given round on (C.04.2 art. "
                        "3.2)."
                    ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament file"))
    p.add_argument("tpn", type=int, metavar="PAIRING_NUMBER")
    p.add_argument(
        "--from-round",
        type=int,
        default=None,
        metavar="R",
        help=_("first round not to pair the player (default: the next round)"),
    )
    add_confirm_option(p)
    add_section_option(p)
    p.set_defaults(func=run_withdraw)

    p = subparsers.add_parser(
        "bye",
        help=_("set a requested bye or known absence"),
        description=(
            _(
                "Set a requested half-point or zero-point bye (or a full-point bye, or a known "
                "absence) for a round not yet paired (C.04.2 art. 3.3)."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament file"))
    p.add_argument("tpn", type=int, metavar="PAIRING_NUMBER")
    p.add_argument("round", type=int, metavar="ROUND")
    p.add_argument("kind", choices=("half", "zero", "full", "absent"))
    add_confirm_option(p)
    add_section_option(p)
    p.set_defaults(func=run_bye)

    p = subparsers.add_parser(
        "undo",
        help=_("undo the last action on a tournament file"),
        description=_("Revert the latest action not yet undone (where that is safe)."),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament file"))
    add_section_option(p)
    p.set_defaults(func=run_undo)

    p = subparsers.add_parser(
        "audit",
        help=_("print a tournament file's audit log"),
        description=_("Every action recorded in the tournament file, oldest first."),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament file"))
    p.add_argument("--last", type=int, default=None, metavar="N", help=_(
                                                                           "only the last N "
                                                                           "actions"
                                                                       ))
    add_section_option(p)
    p.set_defaults(func=run_audit)


    p = subparsers.add_parser(
        "recover",
        help=_("copy the tournament of a refused file into a clean file"),
        description=(
            _(
                "Copy the tournament of a file swissdesk refuses to open because it holds "
                "database definitions swissdesk never writes (triggers, views, changed tables) "
                "into a new, clean tournament file: the rows of swissdesk's own tables are "
                "copied, nothing the file defines is copied or run, and the file is not "
                "changed."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_("the refused .swissdesk file"))
    p.add_argument("-o", "--output", type=Path, required=True, help=_("new .swissdesk file"))
    p.set_defaults(func=run_recover)


def _open(args: argparse.Namespace) -> Any:
    """The tournament (the section ``--section`` names, in an event of several)."""
    return open_section(args.input, args.section)


def run_import(args: argparse.Namespace) -> int:
    from swissdesk.storage import TournamentFile, prepare_import

    for source in args.input:
        if not source.exists():
            raise InputError(_("{source}: no such file").format(source=source))
    if args.system:
        from swissdesk.cli.pairing_commands import engine_for

        engine_for(args.system)  # an unknown name is refused before anything is written
    if len(args.input) > 1:
        return _import_event(args)
    prepared = prepare_import(args.input[0], args.system)
    with confirming(
        lambda level: TournamentFile.from_prepared(args.output, prepared, confirmed=level),
        confirmed_level(args),
    ) as tf:
        settings = tf.settings()
        team = settings.is_team
        paired = tf.rounds_paired()
        print(
            ngettext(
                "created {output}: {entrants}, {count} round",
                "created {output}: {entrants}, {count} rounds",
                paired,
            ).format(
                output=args.output, entrants=_entrants(len(tf.players()), team), count=paired
            )
        )
        if not team:
            from swissdesk.trf.system_code import describe_reading

            for line in describe_reading(tf.snapshot()):
                print(f"  {line}")
        for note in tf.import_notes():  # Level 1: what reading assumed or adjusted
            print(_("swissdesk: note: {note}").format(note=note), file=sys.stderr)
        if prepared.checked_rounds:
            checked = prepared.checked_rounds
            broken = len(prepared.broken)
            if not broken:
                line = ngettext(
                    "{count} round checked against the pairing rules: every one follows them",
                    "{count} rounds checked against the pairing rules: every one follows them",
                    checked,
                ).format(count=checked)
            else:
                line = ngettext(
                    "{checked} checked against the pairing rules: {count} breaks them "
                    "(### Import)",
                    "{checked} checked against the pairing rules: {count} break them "
                    "(### Import)",
                    broken,
                ).format(
                    checked=ngettext("{count} round", "{count} rounds", checked).format(
                        count=checked
                    ),
                    count=broken,
                )
            print(f"  {line}")
        for event in tf.integrity_log():
            print(f"  {event.trf_line}")
        mode = _("in FIDE mode") if settings.fide_mode else _("not in FIDE mode")
        print(f"  {mode}")
    return 0


def _entrants(count: int, team: bool) -> str:
    """``8 players`` / ``6 teams`` in the arbiter's language."""
    if team:
        return ngettext("{count} team", "{count} teams", count).format(count=count)
    return ngettext("{count} player", "{count} players", count).format(count=count)


def _import_event(args: argparse.Namespace) -> int:
    """Several files: one event, a section per file, named by its record 012."""
    from swissdesk.storage import TournamentFile

    with confirming(
        lambda level: TournamentFile.import_event(
            args.input, args.output, system=args.system, confirmed=level
        ),
        confirmed_level(args),
    ) as tf:
        infos = tf.sections()
    print(_(
              "created {output}: an event of {count} sections"
          ).format(output=args.output, count=len(infos)))
    for info in infos:
        line = ngettext(
            "{name}: {entrants}, {count} round", "{name}: {entrants}, {count} rounds",
            info.rounds_paired,
        ).format(
            name=info.name,
            entrants=_entrants(info.players, info.is_team),
            count=info.rounds_paired,
        )
        print(f"  {line}")
    return 0


def run_export(args: argparse.Namespace) -> int:
    from swissdesk.cli.output import is_stdout, write_output
    from swissdesk.tiebreaks.trf_ranks import with_current_ranks
    from swissdesk.trf import format_trf

    with _open(args) as tf:
        tournament = tf.snapshot()
        version = args.trf_version or tf.trf_version()
        paired = tf.rounds_paired()
        event = tf.team_event() if tournament.is_team else None
    from swissdesk.trf.writer import check_exportable

    check_exportable(tournament)  # no TRF with an adjourned game open, in FIDE mode
    if event is not None:  # a team event: the TRF-2026 team section (trf/team_records.py)
        from swissdesk.trf.team_records import format_team_trf

        write_output(args.output, format_team_trf(event), inputs=[args.input])
    else:
        write_output(
            args.output,
            format_trf(with_current_ranks(tournament), version=version),
            inputs=[args.input],
        )
    done = tournament.rounds_with_pairings
    if paired > done:
        print(
            _(
                "swissdesk: round {paired} still lacks results: exported through round {done}"
            ).format(paired=paired, done=done),
            file=sys.stderr,
        )
    print(_("wrote {output}").format(output=args.output), file=sys.stderr if is_stdout(args.output) else sys.stdout)
    return 0


def run_next_round(args: argparse.Namespace) -> int:
    from swissdesk.storage import PairNextRound

    with _open(args) as tf:
        name = args.system or tf.settings().system
        pairing = tf.compute_next_pairing(name, explain=args.explain)
        result = execute(tf, PairNextRound(pairing, engine=name), args)
    sys.stdout.write(pairing.to_text())
    if args.explain:
        sys.stderr.write("".join(worded(line) + "\n" for line in pairing.explanation))
    print(_("swissdesk: {summary}").format(summary=result.summary), file=sys.stderr)
    return 0


def run_result(args: argparse.Namespace) -> int:
    from swissdesk.storage import CorrectResult, EnterMatchResult, EnterResult, parse_result

    section_from_remainder(args, "result")
    texts, level = _confirm_after_result(args.result)
    args.yes_i_know = max(level, confirmed_level(args))
    if len(texts) == 2:  # a Double-Swiss match: both games, each in its own colours
        game1, game2 = (parse_result(text) for text in texts)
        with _open(args) as tf:
            outcome = execute(tf, EnterMatchResult(args.round, args.board, game1, game2), args)
        _report(outcome)
        return 0
    if len(texts) != 1:
        raise InputError(
            _(
                "give one result: 1-0, 0-1, 1/2, +-, -+, --, 0-0 or adj (a Double-Swiss board: "
                "two, game 1 then game 2, each in its own colours)"
            )
        )
    result = parse_result(texts[0])
    with _open(args) as tf:
        action: Any
        if 1 <= args.round < tf.rounds_paired():
            action = CorrectResult(args.round, args.board, result)
        else:
            action = EnterResult(args.round, args.board, result)
        outcome = execute(tf, action, args)
    _report(outcome)
    return 0


def _confirm_after_result(words: Sequence[str]) -> tuple[list[str], int]:
    """The result words without the ``--yes-i-know LEVEL`` among them, and that level (the
    result takes the rest of the command line, so the option is read here)."""
    texts: list[str] = []
    level = 0
    rest = list(words)
    i = 0
    while i < len(rest):
        name, sep, value = rest[i].partition("=")
        if name == "--yes-i-know":
            given = value if sep else (rest[i + 1] if i + 1 < len(rest) else "")
            if given not in ("1", "2", "3", "4"):
                raise InputError(_("--yes-i-know takes a level: 1, 2, 3 or 4"))
            level = int(given)
            i += 1 if sep else 2
            continue
        texts.append(rest[i])
        i += 1
    return texts, level


def run_withdraw(args: argparse.Namespace) -> int:
    from swissdesk.storage import Withdraw

    with _open(args) as tf:
        from_round = args.from_round if args.from_round is not None else tf.next_round_number()
        _report(execute(tf, Withdraw(args.tpn, from_round), args))
    return 0


def run_bye(args: argparse.Namespace) -> int:
    from swissdesk.storage import ByeKind, RequestBye

    with _open(args) as tf:
        _report(execute(tf, RequestBye(args.tpn, args.round, ByeKind(args.kind)), args))
    return 0


def run_undo(args: argparse.Namespace) -> int:
    """Undo the event's last action; with ``--section``, only if it was that section's."""
    from swissdesk.storage import Undo

    with open_section(args.input, args.section or "1") as tf:
        if args.section is not None:
            last = next(
                (
                    e
                    for e in reversed(tf.audit_log())
                    if not e.undone and e.action not in ("Undo",)
                ),
                None,
            )
            if last is not None and last.section_id != tf.section_id:
                if last.section:
                    refusal = _(
                        "the event's last action was in {section!r} ({summary}), not in "
                        "{section_name!r}: undo goes back through the whole event; run "
                        "'swissdesk undo' without --section to undo it"
                    )
                else:
                    refusal = _(
                        "the event's last action was on the whole event ({summary}), not in "
                        "{section_name!r}: undo goes back through the whole event; run "
                        "'swissdesk undo' without --section to undo it"
                    )
                raise InputError(
                    refusal.format(
                        section=last.section, summary=last.summary, section_name=tf.section_name
                    )
                )
        _report(tf.execute(Undo()))
    return 0


def run_audit(args: argparse.Namespace) -> int:
    """The event's audit log, each action with its section (``--section``: only its own)."""
    from swissdesk.storage import LevelWarning

    with open_section(args.input, args.section or "1") as tf:
        entries = tf.audit_log(args.last)
        several = len(tf.sections()) > 1
        if args.section is not None:
            entries = [e for e in entries if e.section_id == tf.section_id]
        log = tf.integrity_log()
        fide_mode = tf.settings().fide_mode
    for e in entries:
        section = e.section or _("event")
        where = f"[{section}] " if several else ""
        line = f"{e.id:5d}  {e.at}  {e.action:<22} {where}{e.summary}"
        print(_("{line} (undone)").format(line=line) if e.undone else line)
        payload = e.payload if isinstance(e.payload, dict) else {}
        level = payload.get("confirmed")
        for warning in payload.get("warnings") or () if level else ():
            shown = LevelWarning.from_json(warning).shown
            print(_(
                      "{value:7}Level {level} confirmed: {shown}"
                  ).format(value='', level=level, shown=shown))
        for event in payload.get("integrity") or ():
            print(_(
                      "{value:7}### {event} @ Round {event2}: {event3}"
                  ).format(
                      value='',
                      event=event['kind'],
                      event2=event['round'],
                      event3=event['text'],
                  ))
    if not fide_mode:
        print(
            _("{section} is NOT in FIDE mode.").format(section=tf.section_name)
            if several
            else _("The tournament is NOT in FIDE mode.")
        )
    if log:
        print(_("Pairing-integrity events (the TRF's ### lines):"))
        for event in log:
            print(f"  {event.trf_line}")
    return 0


def run_recover(args: argparse.Namespace) -> int:
    from swissdesk.storage import TournamentFile
    from swissdesk.storage.recover import recover_file

    left_out = recover_file(args.input, args.output)
    with TournamentFile.open(args.output) as tf:
        players, rounds = len(tf.players()), tf.rounds_paired()
    print(_(
              "created {output}: {players} players, {rounds} rounds, copied from {input}"
          ).format(output=args.output, players=players, rounds=rounds, input=args.input))
    for what in left_out:
        print(_("swissdesk: left out: {what}").format(what=what), file=sys.stderr)
    return 0


def _report(outcome: Any) -> None:
    print(outcome.summary)
    for warning in outcome.warnings:
        print(_("swissdesk: note: {warning}").format(warning=warning), file=sys.stderr)
