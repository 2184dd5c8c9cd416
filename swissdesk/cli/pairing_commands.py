"""``swissdesk pair``: the pairing engine from the command line.

``pair`` prints the next round the way bbpPairings and JaVaFo do (number of pairs, then
``WHITE BLACK`` per board, the PAB as ``N 0``). Exit codes: 0 ok, 1 no valid pairing, 2 bad
input. ``check`` and ``generate`` (the checker and the generator) live in
:mod:`swissdesk.cli.verification_commands` and share the system options defined here.
"""

from __future__ import annotations

import argparse
import sys

from swissdesk.cli.output import write_output
from swissdesk.cli.section_commands import add_section_option, read_any
from swissdesk.engines.base import PairingEngine, PairingError, get_engine, reason
from swissdesk.errors import InputError, NoPairingError
from swissdesk.i18n import _, worded
from swissdesk.model.double_swiss import for_system
from swissdesk.model.tournament import Tournament

DEFAULT_SYSTEM = "dutch"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``pair`` command."""
    pair = subparsers.add_parser(
        "pair",
        help=_("pair the next round of a TRF file"),
        description=(
            _(
                "Pair the next round of the tournament in a TRF file and print it as "
                "bbpPairings/JaVaFo do: the number of pairs, then one 'WHITE BLACK' line per "
                "board in board order, the pairing-allocated bye as 'N 0'. Players with a "
                "pre-set entry for that round (0000 - H, Z, F) are not paired. Exit code 1 if "
                "no valid pairing exists, 2 for a bad file."
            )
        ),
    )
    pair.add_argument(
        "input",
        metavar="IN.trf",
        help=_(
            "the tournament so far: a TRF, a JSON tournament state (.json) or a "
            ".swissdesk file (nothing is stored: 'next-round' stores)"
        ),
    )
    add_system_options(pair)
    add_section_option(pair)
    pair.add_argument("-o", "--output", metavar="OUT", help=_("write the pairing here"))
    pair.add_argument(
        "--explain",
        action="store_true",
        help=_("print the engine's explanation of its decisions to standard error"),
    )
    pair.add_argument(
        "--explain-file",
        metavar="FILE",
        help=_("write the engine's explanation to FILE (implies --explain)"),
    )
    pair.set_defaults(func=run_pair)


def add_system_options(parser: argparse.ArgumentParser, *, from_file: bool = True) -> None:
    """``--system NAME``; for a file that names its system (TRF record 192, the JSON
    state's ``system``) that system is the default, else the Dutch system."""
    from swissdesk.engines import system_names

    known = ", ".join(system_names())
    parser.add_argument(
        "--system",
        default=None if from_file else DEFAULT_SYSTEM,
        metavar="NAME",
        help=(
            _("pairing system: {known} (default: the system the file names, else {default})")
            if from_file
            else _("pairing system: {known} (default: {default})")
        ).format(known=known, default=DEFAULT_SYSTEM),
    )
    parser.add_argument(
        "--maxi",
        action="store_true",
        help=_("Lim system: a Maxi-tournament (C.04.4.3 art. 3.2.3, 3.8, 5.7: 100-point limits)"),
    )
    parser.add_argument(
        "--edition",
        choices=("2026", "2003", "1999"),
        default=None,
        help=_("Lim system: the edition of the text to apply (default 2026)"),
    )


def engine_for(name: str, args: argparse.Namespace | None = None) -> PairingEngine:
    """The registered engine ``name``, or an :class:`InputError` naming the known ones.

    ``--maxi`` and ``--edition`` (in ``args``) are options of the Lim system only.
    """
    maxi = bool(getattr(args, "maxi", False))
    edition = getattr(args, "edition", None)
    if maxi or edition is not None:
        if name != "lim":
            raise InputError(_("--maxi and --edition are options of the Lim system (--system lim)"))
        from swissdesk.engines.lim import LimEngine

        return LimEngine(maxi=maxi, edition=edition or "2026")
    try:
        return get_engine(name)
    except KeyError as exc:
        raise InputError(str(exc.args[0]) if exc.args else _("unknown system {name!r}").format(name=name)) from None


def run_pair(args: argparse.Namespace) -> int:
    """Pair the next round and print it in the bbpPairings format."""
    tournament = read_any(args.input, args.section, to_pair=True)
    engine = engine_for(args.system or tournament.system, args)
    tournament = for_system(tournament, args.system, args.input)
    note_baku_by_code(tournament)
    round_number = tournament.rounds_with_pairings + 1
    if not tournament.total_rounds:
        raise InputError(
            _(
                "{input}: the file does not give the number of rounds (record 142 or XXR); it "
                "is needed to pair a round"
            ).format(input=args.input)
        )
    if round_number > tournament.total_rounds:
        raise InputError(
            _("{input}: all {total_rounds} rounds are paired already").format(
                input=args.input, total_rounds=tournament.total_rounds
            )
        )
    explain = bool(args.explain or args.explain_file)
    try:
        pairing = engine.pair(tournament, round_number, explain=explain)
    except PairingError as exc:
        raise NoPairingError(
            _("round {round_number}: no valid pairing: {exc}").format(
                round_number=round_number, exc=reason(exc)
            )
        ) from None
    text = pairing.to_text()
    if not pairing.pairs and pairing.bye is None:
        # Still "0" on the output (as bbpPairings/JaVaFo print), but never silently.
        print(
            _(
                "swissdesk: nobody is to be paired in round {round_number}: every player is "
                "withdrawn, absent or has a pre-set bye for that round"
            ).format(round_number=round_number),
            file=sys.stderr,
        )
    if args.output:
        write_output(args.output, text, inputs=[args.input])
    else:
        sys.stdout.write(text)
    if explain:
        lines = "".join(worded(line) + "\n" for line in pairing.explanation)
        if args.explain_file:
            write_output(args.explain_file, lines, inputs=[args.input])
        else:
            sys.stderr.write(lines)
    return 0


def note_baku_by_code(tournament: Tournament) -> None:
    """Say on standard error when the acceleration comes from record 192's code alone
    (``FIDE_DUTCH_2025_BAKU`` with no XXA lines): the file does not show it."""
    from swissdesk.trf.system_code import describe_reading, record_192

    code = record_192(tournament)
    if code is not None and code.baku and tournament.acceleration:
        for line in describe_reading(tournament):
            print(_("swissdesk: note: {line}").format(line=line), file=sys.stderr)


def parse_rounds(spec: str, last: int) -> list[int]:
    """``"1-3,5"`` -> ``[1, 2, 3, 5]``; every round must have pairings in the file."""
    rounds: set[int] = set()
    for part in spec.split(","):
        part = part.strip()
        first, dash, end = part.partition("-")
        try:
            a = int(first)
            b = int(end) if dash else a
        except ValueError:
            raise InputError(
                _("--rounds: {part!r} is not a round or a range like 2-5").format(part=part)
            ) from None
        if a < 1 or b < a:
            raise InputError(_("--rounds: {part!r} is not a valid range").format(part=part))
        if b > last:
            raise InputError(
                _(
                    "--rounds: round {b} has no pairings in the file (last paired round: {last})"
                ).format(b=b, last=last)
            )
        rounds.update(range(a, b + 1))
    return sorted(rounds)
