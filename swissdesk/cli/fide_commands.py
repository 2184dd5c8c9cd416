"""FIDE mode, the manual-pairing phase, prohibited pairs and the settings, headless.

    swissdesk fide-mode T.swissdesk [leave --reason TEXT]
    swissdesk pairing T.swissdesk start [--round N] [--from-engine]
    swissdesk pairing T.swissdesk show
    swissdesk pairing T.swissdesk swap|opponents|pair A B
    swissdesk pairing T.swissdesk bye|unpair|colours A
    swissdesk pairing T.swissdesk set "1-4 2-3 5-6" [--pab 7]
    swissdesk pairing T.swissdesk end|cancel
    swissdesk prohibit T.swissdesk A B [C ...] [--lift]   (no players: the list)
    swissdesk rating-correction T.swissdesk [--round N --board B --result R | --lift]
    swissdesk settings T.swissdesk [--rounds R] [--tiebreaks CODES] [--name NAME]
    swissdesk external-tiebreak T.swissdesk [3=2 7=1.5 ...] [--after N|last] [--lower-first]

Each command is one arbiter action; its warnings follow the levels of FIDE's checklist
(:mod:`swissdesk.cli.confirm`: ``--yes-i-know LEVEL`` for scripts, exit code 4 when a
confirmation is missing).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path
from typing import Any

from swissdesk.cli.confirm import add_confirm_option, confirmed_level, confirming, execute
from swissdesk.cli.section_commands import add_section_option, open_section
from swissdesk.errors import InputError
from swissdesk.i18n import _, ngettext


def register(subparsers: Any) -> None:
    """Add the commands."""
    p = subparsers.add_parser(
        "fide-mode",
        help=_("show whether a tournament is in FIDE mode, or leave FIDE mode"),
        description=(
            _(
                "Without 'leave': whether the tournament is in FIDE mode and its "
                "pairing-integrity events (the TRF's ### lines). 'leave' takes it out of FIDE "
                "mode for good: a Level-4 warning (--yes-i-know 4), recorded as '### FIDE mode "
                "left @ Round n'; nothing, not even undo, puts it back."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament file"))
    p.add_argument("what", nargs="?", choices=("status", "leave"), default="status")
    p.add_argument("--reason", default="", help=_("why (recorded with the ### line)"))
    add_confirm_option(p)
    add_section_option(p)
    p.set_defaults(func=run_fide_mode)

    p = subparsers.add_parser(
        "pairing",
        help=_("pair a round by hand: start, change, end (with the engine's comparison)"),
        description=(
            _(
                "The manual-pairing phase (C.04.2 art. 4.4). 'start' opens it for the next "
                "round (created by hand, empty or --from-engine) or, when the next round "
                "cannot be paired yet, for the last paired round (to change it). Then: 'swap A "
                "B', 'opponents A B' (A plays B), 'pair A B' (a new board, A White), 'bye A', "
                "'unpair A', 'colours A' (reverse A's board), or 'set \"1-4 2-3\" --pab 5' for "
                "the whole round. Each change warns at its level (a rematch, a prohibited "
                "pair, a wrong PAB, colours: Level 3; both players against their due colour: "
                "Level 2). 'end' needs everyone paired and compares with the engine's pairing: "
                "when they differ, a Level-4 warning listing the differences and '### MPA @ "
                "Round n'. 'cancel' puts the round back as it was. 'show' prints the round and "
                "who is still unpaired."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament file"))
    p.add_argument(
        "what",
        choices=(
            "start", "show", "swap", "opponents", "pair", "bye", "unpair", "colours", "set",
            "end", "cancel",
        ),
    )
    p.add_argument("players", nargs="*", help=_("pairing numbers (or the boards, for 'set')"))
    p.add_argument("--round", type=int, default=None, metavar="N", help=_("start: which round"))
    p.add_argument(
        "--from-engine",
        action="store_true",
        help=_("start: a round created by hand starts from the engine's boards"),
    )
    p.add_argument("--pab", type=int, default=None, metavar="N", help=_("set: the PAB"))
    p.add_argument("--reason", default="", help=_("why (recorded in the audit log)"))
    add_confirm_option(p)
    add_section_option(p)
    p.set_defaults(func=run_pairing)

    p = subparsers.add_parser(
        "prohibit",
        help=_("players who must not be paired together (record 260)"),
        description=(
            _(
                "Declare that the given players must not meet (every pair among them), or with "
                "--lift remove those prohibitions. Before round 1 at once; after round 1 only "
                "out of FIDE mode (C.02 VCL Q196), as a Level-3 warning and a ### line. "
                "Without players: the prohibited pairs."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament file"))
    p.add_argument("players", nargs="*", type=int, metavar="PAIRING_NUMBER")
    p.add_argument("--lift", action="store_true", help=_("remove the prohibitions"))
    add_confirm_option(p)
    add_section_option(p)
    p.set_defaults(func=run_prohibit)

    p = subparsers.add_parser(
        "rating-correction",
        help=_("correct a game's result for the rating report only (C.02 Q192-193)"),
        description=(
            _(
                "Count board B of round N as RESULT in the rating changes only: the pairings, "
                "standings and tie-breaks keep the result entered. Any paired round, also in "
                "FIDE mode. RESULT: 1-0, 0-1, 1/2 (rated), W-L, L-W, D-D (played, not rated: a "
                "game of less than one move), +-, -+, -- (not played). A Level-2 warning "
                "(--yes-i-know 2); every exported TRF lists it as '### Rating correction @ "
                "Round n'. --lift counts the result entered again. Without --round: the "
                "corrections."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament file"))
    p.add_argument("--round", type=int, metavar="N", help=_("the round of the game"))
    p.add_argument("--board", type=int, metavar="B", help=_("the board of the game"))
    p.add_argument("--result", metavar="RESULT", help=_("the result for the rating report"))
    p.add_argument("--lift", action="store_true", help=_("remove the board's correction"))
    p.add_argument("--reason", default="", help=_("why (kept in the audit log)"))
    add_confirm_option(p)
    add_section_option(p)
    p.set_defaults(func=run_rating_correction)

    p = subparsers.add_parser(
        "settings",
        help=_("show or change the tournament settings (rounds, tie-breaks, name)"),
        description=(
            _(
                "Without options: the settings. After round 1 a change of the number of rounds "
                "or of the tie-break list is a Level-4 warning (--yes-i-know 4) and a '### "
                "Configuration @ Round n' line; when the last paired round becomes the final "
                "round (or stops being it) it is checked again."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament file"))
    p.add_argument("--rounds", type=int, default=None, metavar="R")
    p.add_argument("--tiebreaks", default=None, metavar="CODES", help='e.g. "BH/C1,BH,SB"')
    p.add_argument("--name", default=None)
    p.add_argument(
        "--pab-points",
        default=None,
        metavar="P",
        help=_(
                 "before round 1: what the pairing-allocated bye is worth, e.g. 1, 0.5 or 0 (a "
                 "win, a draw, nothing; C.04.1 art. 3); in FIDE mode never more than a win"
             ),
    )
    p.add_argument(
        "--language",
        default=None,
        metavar="LL",
        help=_(
                 "the tournament's language (ISO 639-1: en fr de es it pt pl ru tr nl): its "
                 "printed documents and venue pages, for the whole event (the arbiter's own "
                 "language is not changed)"
             ),
    )
    add_confirm_option(p)
    add_section_option(p)
    p.set_defaults(func=run_settings)
    register_rules(subparsers)
    register_player_flags(subparsers)
    register_chess960(subparsers)
    register_external_tiebreak(subparsers)


def register_player_flags(subparsers: Any) -> None:
    """``expel`` and ``half-byes``: what the arbiter decides about a player (C.02 VCL Q175,
    Q176, Q197, Q198)."""
    p = subparsers.add_parser(
        "expel",
        help=_("expel a player: not paired any more and left out of the standings"),
        description=(
            _(
                "The player is withdrawn from --from-round on (default: the next round) and "
                "left out of the standings; their games still count for their opponents' "
                "tie-breaks. Undo takes it back."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament file"))
    p.add_argument("tpn", type=int, metavar="PAIRING_NUMBER")
    p.add_argument("--from-round", type=int, default=None, metavar="R")
    p.add_argument("--reason", default="", help=_("why (kept in the audit log)"))
    add_confirm_option(p)
    add_section_option(p)
    p.set_defaults(func=run_expel)

    p = subparsers.add_parser(
        "half-byes",
        help=_("allow or refuse half-point byes to a player (the tournament's rules)"),
        description=(
            _(
                "'refused': the player is not eligible for half-point byes (a free entry, a "
                "condition of the tournament's rules) and a request for one is refused; "
                "'allowed' takes it back. Without a choice: the player's state."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament file"))
    p.add_argument("tpn", type=int, metavar="PAIRING_NUMBER")
    p.add_argument("choice", nargs="?", choices=("allowed", "refused"), default=None)
    add_confirm_option(p)
    add_section_option(p)
    p.set_defaults(func=run_half_byes)


def register_chess960(subparsers: Any) -> None:
    """``chess960``: play Chess960, one starting position drawn per round (C.02 VCL Q222)."""
    p = subparsers.add_parser(
        "chess960",
        help=_(
                 "play Chess960 (a starting position drawn for each round), or show the "
                 "positions"
             ),
        description=(
            _(
                "'on': from the next round paired on, each round gets a Chess960 starting "
                "position drawn at random, the same for all its boards, printed with the "
                "pairings; 'off': standard chess again. Without a choice: whether the "
                "tournament plays Chess960 and each round's position."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament file"))
    p.add_argument("choice", nargs="?", choices=("on", "off"), default=None)
    add_confirm_option(p)
    add_section_option(p)
    p.set_defaults(func=run_chess960)


def run_chess960(args: argparse.Namespace) -> int:
    from swissdesk.model.chess960 import describe
    from swissdesk.storage import SetChess960

    with _open(args) as tf:
        if args.choice is not None:
            _report(execute(tf, SetChess960(args.choice == "on"), args))
        state = tf.chess960()
    print(_("Chess960: on") if state.on else _("Chess960: off"))
    for r, number in sorted((state.positions or {}).items()):
        print(_("round {r}: {describe}").format(r=r, describe=describe(number)))
    return 0


def register_external_tiebreak(subparsers: Any) -> None:
    """``external-tiebreak``: values decided outside the program (C.02 VCL Q207)."""
    from swissdesk.i18n import _

    p = subparsers.add_parser(
        "external-tiebreak",
        help=_("enter values decided outside the program (a play-off) as a tie-break"),
        description=_(
            "Per player, a value decided outside the program (a play-off or armageddon "
            "result, a value given by the chief arbiter), ranking as one more tie-break: "
            "after the declared tie-breaks, or after the first N of them (--after N). "
            "VALUES are PAIRING_NUMBER=VALUE (3=2 7=1.5; 3= removes a value). Undo takes "
            "a change back. --draw-lots draws lots among the players still tied instead. "
            "Without changes: the values."
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament file"))
    p.add_argument("values", nargs="*", metavar="PAIRING_NUMBER=VALUE")
    p.add_argument("--clear", action="store_true", help=_("remove every value first"))
    p.add_argument(
        "--draw-lots",
        action="store_true",
        help=_(
            "draw lots among the players the declared tie-breaks leave tied (drawing again "
            "gives the same result)"
        ),
    )
    p.add_argument("--label", default=None, help=_("the column heading (Play-off by default)"))
    order = p.add_mutually_exclusive_group()
    order.add_argument(
        "--lower-first", action="store_true", help=_("a lower value ranks first (a place)")
    )
    order.add_argument(
        "--higher-first", action="store_true", help=_("a higher value ranks first (default)")
    )
    p.add_argument(
        "--after",
        default="",
        metavar="N|last",
        help=_("after the first N declared tie-breaks (0: right after the points), or last"),
    )
    add_confirm_option(p)
    add_section_option(p)
    p.set_defaults(func=run_external_tiebreak)


def run_external_tiebreak(args: argparse.Namespace) -> int:
    from swissdesk.i18n import _
    from swissdesk.storage import DrawLotsForTies, SetExternalTiebreak

    values: list[tuple[int, str]] = []
    for item in args.values:
        tpn, sep, value = item.partition("=")
        if not sep or not tpn.strip().isdigit():
            raise InputError(
                _("{item}: write PAIRING_NUMBER=VALUE (3=2, 7=1.5; 3= removes)").format(
                    item=repr(item)
                )
            )
        values.append((int(tpn), value))
    lower = True if args.lower_first else False if args.higher_first else None
    action = SetExternalTiebreak(
        tuple(values), args.clear, args.label, lower, str(args.after).strip().lower()
    )
    with _open(args) as tf:
        if action != SetExternalTiebreak():
            _report(execute(tf, action, args))
        if args.draw_lots:
            _report(execute(tf, DrawLotsForTies(), args))
        external = tf.external_tiebreak()
        declared = tf.settings().tiebreaks
    order = _("lower first") if external.lower_first else _("higher first")
    at = external.position(len(declared))
    where = ", ".join(("PTS", *declared[:at], external.label, *declared[at:]))
    print(f"{external.label} ({order}): {where}")
    from swissdesk.model.external_tiebreak import format_value

    for tpn, value in sorted(external.values.items()):
        print(_("no. {tpn}: {value}").format(tpn=tpn, value=format_value(value)))
    return 0


def run_expel(args: argparse.Namespace) -> int:
    from swissdesk.storage import ExpelPlayer

    with _open(args) as tf:
        _report(execute(tf, ExpelPlayer(args.tpn, args.from_round, args.reason), args))
    return 0


def run_half_byes(args: argparse.Namespace) -> int:
    from swissdesk.storage import SetHalfByeEligibility

    with _open(args) as tf:
        if args.choice is not None:
            eligible = args.choice == "allowed"
            _report(execute(tf, SetHalfByeEligibility(args.tpn, eligible), args))
        refused = tf.half_byes_refused()
    shown = (
        _("no. {tpn}: half-point byes refused")
        if args.tpn in refused
        else _("no. {tpn}: half-point byes allowed")
    )
    print(shown.format(tpn=args.tpn))
    return 0


def register_rules(subparsers: Any) -> None:
    """The ``rules`` command: the rules text of a pairing system (C.02 VCL Q92)."""
    p = subparsers.add_parser(
        "rules",
        help=_("print the rules of a pairing system (FIDE's text, shipped with swissdesk)"),
        description=(
            _(
                "Print the rules of a pairing system as FIDE published them: the system's part "
                "of C.04 (2026) with the basic rules, the general handling rules and the "
                "accelerated systems; the 1992 rating-based Swiss and the Lim system's 1999 "
                "and 2003 editions in their own texts; the Berger tables of C.05 Annex 1 for a "
                "round robin. SYSTEM is a system's name (dutch, rating1992, lim:2003, ...) or "
                "a .swissdesk file, whose system is used. Without SYSTEM: the systems."
            )
        ),
    )
    p.add_argument("system", nargs="?", default=None, metavar="SYSTEM|FILE")
    add_section_option(p)
    p.set_defaults(func=run_rules)


def run_rules(args: argparse.Namespace) -> int:
    from swissdesk.engines import system_title
    from swissdesk.engines.rules_text import offered_systems, rules_text

    if args.system is None:
        for name in offered_systems():
            print(f"{name:14} {system_title(name)}")
        return 0
    system = args.system
    if system.endswith(".swissdesk") or Path(system).is_file():
        with open_section(Path(system), args.section) as tf:
            system = tf.settings().system
    try:
        text = rules_text(system)
    except KeyError as exc:
        raise InputError(str(exc.args[0])) from None
    print(f"{text.title} — {text.source}\n")
    print(text.text, end="" if text.text.endswith("\n") else "\n")
    return 0


def parse_points(text: str, what: str) -> int:
    """``1``, ``0.5``, ``½``, ``1½`` or ``0`` as half-points; :class:`InputError` otherwise."""
    t = text.strip().replace(",", ".")
    half = t.endswith("½")
    t = t.removesuffix("½") or ("0" if half else "")
    try:
        value = float(t) * 2 + (1 if half else 0)
    except ValueError:
        raise InputError(_(
                             "{what}: {text!r} is not a number of points (e.g. 1, 0.5, 0)"
                         ).format(what=what, text=text)) from None
    if value < 0 or value != int(value):
        raise InputError(_(
                             "{what}: {text!r} is not a whole or half number of points"
                         ).format(what=what, text=text))
    return int(value)


def _open(args: argparse.Namespace) -> Any:
    """The tournament (the section ``--section`` names, in an event of several)."""
    return open_section(args.input, args.section)


def run_fide_mode(args: argparse.Namespace) -> int:
    from swissdesk.storage import LeaveFideMode

    with _open(args) as tf:
        if args.what == "leave":
            outcome = execute(tf, LeaveFideMode(reason=args.reason), args)
            print(outcome.summary)
        settings = tf.settings()
        log = tf.integrity_log()
    print(_("in FIDE mode") if settings.fide_mode else _("NOT in FIDE mode"))
    for event in log:
        print(event.trf_line)
    return 0


def _numbers(args: argparse.Namespace, count: int) -> list[int]:
    if len(args.players) != count:
        raise InputError(
            ngettext(
                "'pairing {what}' needs {count} pairing number",
                "'pairing {what}' needs {count} pairing numbers",
                count,
            ).format(what=args.what, count=count)
        )
    try:
        return [int(x) for x in args.players]
    except ValueError:
        raise InputError(_(
                             "pairing numbers expected, not {players!r}"
                         ).format(players=' '.join(args.players))) from None


def _parse_boards(texts: list[str]) -> tuple[Any, ...]:
    """``1-4 2-3`` (or ``1-4,2-3``) as boards, White first."""
    from swissdesk.engines.base import Pair

    boards = []
    for text in " ".join(texts).replace(",", " ").split():
        white, sep, black = text.partition("-")
        if not sep or not white.isdigit() or not black.isdigit():
            raise InputError(_(
                                 "a board is WHITE-BLACK like 12-7, not {text!r}"
                             ).format(text=text))
        boards.append(Pair(int(white), int(black)))
    return tuple(boards)


def run_pairing(args: argparse.Namespace) -> int:
    from swissdesk.storage import (
        CancelManualPairing,
        EndManualPairing,
        ManualPairingChange,
        pairing_edits,
    )

    with _open(args) as tf:
        what = args.what
        if what == "start":
            outcome = confirming(
                lambda level: tf.start_manual_pairing(
                    args.round, from_engine=args.from_engine, confirmed=level
                ),
                confirmed_level(args),
            )
            _report(outcome)
        elif what == "show":
            pass
        else:
            phase = tf.manual_pairing()
            if phase is None:
                raise InputError(
                    _("no round is being paired by hand: 'swissdesk pairing FILE start' first")
                )
            n = phase.round_number
            if what == "end":
                _report(execute(tf, EndManualPairing(n), args))
            elif what == "cancel":
                _report(execute(tf, CancelManualPairing(n), args))
            else:
                if what == "set":
                    pairs, bye = _parse_boards(args.players), args.pab
                else:
                    view = tf.round_view(n)
                    single = what in pairing_edits.SINGLE_OPERATIONS
                    numbers = _numbers(args, 1 if single else 2)
                    pairs, bye = pairing_edits.apply_operation(
                        view, what, numbers[0], None if single else numbers[1]
                    )
                action = ManualPairingChange(n, tuple(pairs), bye, reason=args.reason)
                _report(execute(tf, action, args))
        _show_phase(tf)
    return 0


def _show_phase(tf: Any) -> None:
    """The round being paired by hand: its boards, the PAB, who is still unpaired."""
    phase = tf.manual_pairing()
    if phase is None:
        print(_("no round is being paired by hand"))
        return
    view = tf.round_view(phase.round_number)
    heading = (
        _("round {round_number} is being created by hand:")
        if phase.creating
        else _("round {round_number} is being changed by hand:")
    )
    print(heading.format(round_number=phase.round_number))
    for b in view.boards:
        print(f"  {b.board:3d}  {b.white_tpn:4d} - {b.black_tpn:<4d} {b.white_name} - {b.black_name}")
    if view.pab is not None:
        print(_("  PAB  {tpn:4d}        {name}").format(tpn=view.pab.tpn, name=view.pab.name))
    if view.to_pair:
        listed = ", ".join(f"{tpn} {name}" for tpn, name in view.to_pair)
        print(_("  not paired yet: {listed}").format(listed=listed))
    if phase.engine_pairing is None:
        if phase.engine_error:
            print(_("  the engine found no pairing: {value}").format(value=phase.engine_error))
        else:
            print(_("  the engine found no pairing"))


def run_prohibit(args: argparse.Namespace) -> int:
    from swissdesk.storage import ProhibitPairs

    with _open(args) as tf:
        if args.players:
            _report(execute(tf, ProhibitPairs(tuple(args.players), lift=args.lift), args))
        elif args.lift:
            raise InputError(_("--lift needs the players whose prohibitions end"))
        pairs = tf.prohibited_pairs()
    shown = ", ".join(f"{a}-{b}" for a, b in pairs)
    print(
        _("prohibited pairs: {pairs}").format(pairs=shown) if shown else _("prohibited pairs: none")
    )
    return 0


def run_rating_correction(args: argparse.Namespace) -> int:
    from swissdesk.storage import RatingCorrection

    with _open(args) as tf:
        if args.round is not None or args.board is not None:
            if args.round is None or args.board is None:
                raise InputError(_("give both --round and --board of the game"))
            if args.lift == (args.result is not None):
                raise InputError(_("give either --result RESULT or --lift"))
            action = RatingCorrection(args.round, args.board, args.result, reason=args.reason)
            _report(execute(tf, action, args))
        elif args.result is not None or args.lift:
            raise InputError(_("name the game: --round N --board B"))
        corrections = tf.rating_corrections()
    if not corrections:
        print(_("no result is corrected for the rating report"))
    for c in corrections:
        reason = f" ({c.reason})" if c.reason else ""
        print(
            _(
                "round {round_number} board {board}: {white} {white_name} - {black} "
                "{black_name}: {result} for the rating report, {entered} in the pairings and "
                "standings{reason}"
            ).format(
                round_number=c.round_number,
                board=c.board,
                white=c.white,
                white_name=c.white_name,
                black=c.black,
                black_name=c.black_name,
                result=c.result,
                entered=c.entered,
                reason=reason,
            )
        )
    return 0


def run_settings(args: argparse.Namespace) -> int:
    from swissdesk.i18n import LANGUAGES
    from swissdesk.storage import EditSettings, SetDocumentLanguage
    from swissdesk.tiebreaks import parse_tiebreak_list

    with _open(args) as tf:
        if args.language is not None:
            _report(execute(tf, SetDocumentLanguage(args.language), args))
        settings = tf.settings()
        changes: dict[str, Any] = {}
        if args.rounds is not None:
            changes["total_rounds"] = args.rounds
        if args.tiebreaks is not None:
            changes["tiebreaks"] = tuple(s.code for s in parse_tiebreak_list(args.tiebreaks))
        if args.name is not None:
            changes["name"] = args.name
        if args.pab_points is not None:
            changes["scoring"] = dataclasses.replace(
                settings.scoring,
                pairing_allocated_bye=parse_points(args.pab_points, "--pab-points"),
            )
        if changes:
            _report(execute(tf, EditSettings(dataclasses.replace(settings, **changes)), args))
            settings = tf.settings()
        language = tf.document_language()
    print(_("name: {name}").format(name=settings.name))
    print(_("system: {system}").format(system=settings.system))
    print(_("rounds: {total_rounds}").format(total_rounds=settings.total_rounds))
    print(_("tie-breaks: {tiebreaks}").format(tiebreaks=", ".join(settings.tiebreaks) or _("none")))
    print(_("points: {scoring_text}").format(scoring_text=scoring_text(settings.scoring)))
    print(_("FIDE mode: yes") if settings.fide_mode else _("FIDE mode: no (left)"))
    print(_(
              "language of the documents: {language} ({LANGUAGES})"
          ).format(language=language, LANGUAGES=LANGUAGES[language]))
    return 0


def scoring_text(scoring: Any) -> str:
    """``win 1, draw ½, loss 0, pairing-allocated bye 1`` (what ``settings`` shows of the
    point system): points with ½ in every language, as the glossary writes scores."""
    from swissdesk.lists.crosstable import score_text as pts

    return _("win {win}, draw {draw}, loss {loss}, pairing-allocated bye {bye}").format(
        win=pts(scoring.win),
        draw=pts(scoring.draw),
        loss=pts(scoring.loss),
        bye=pts(scoring.pairing_allocated_bye),
    )


def _report(outcome: Any) -> None:
    print(outcome.summary)
    for warning in outcome.warnings:
        print(_("swissdesk: note: {warning}").format(warning=warning), file=sys.stderr)
