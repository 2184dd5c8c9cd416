"""``swissdesk check`` and ``swissdesk generate``: the checker and the generator FIDE's
checklist asks for (C.02 Q19-32; C.04.A Free Pairings Checker and Random Tournament Generator).

``check`` re-pairs every round of a file and compares it, puts the recorded rounds through
the independent check of the absolute criteria, and checks the rank column against the
file's tie-break list (records 212/202); ``generate`` writes a random tournament in which
every option left unset is drawn from the seed and written into the file. Exit codes of
``check``: 0 everything follows the rules, 1 a pairing or a rank does not, 2 bad input, 3
nothing wrong found but the standings could not be checked (see
:mod:`swissdesk.verification.check`).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from swissdesk.cli.output import write_output
from swissdesk.cli.pairing_commands import (
    add_system_options,
    engine_for,
    note_baku_by_code,
    parse_rounds,
)
from swissdesk.cli.section_commands import add_section_option, read_any
from swissdesk.errors import InputError
from swissdesk.i18n import N_, _
from swissdesk.model.double_swiss import for_system
from swissdesk.model.round_robin import is_round_robin
from swissdesk.verification.check import check_file
from swissdesk.verification.generator import (
    GeneratorOptions,
    generate_trf,
    parse_quantity,
    parse_ratings,
    settings_for,
)
from swissdesk.verification.generator.options import RANGES, TIEBREAK_POOL
from swissdesk.verification.generator.settings import EVENT_OPTIONS
from swissdesk.verification.round_robin import as_round_robin

_EVENT_HELP = {
    "full-byes": N_("full-point byes (F) requested"),
    "half-byes": N_("half-point byes (H) requested"),
    "zero-byes": N_("zero-point byes (Z) requested"),
    "forfeit-wins": N_("games won by forfeit (+ against -)"),
    "double-forfeits": N_("games lost by forfeit by both players (- against -)"),
    "half-zero": N_("games ending ½-0"),
    "zero-half": N_("games ending 0-½"),
    "zero-zero": N_("games ending 0-0"),
}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``check`` and ``generate`` commands."""
    check = subparsers.add_parser(
        "check",
        help=_("check every round's pairing and the standings of a tournament file"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            _(
                "Check a finished or running tournament (TRF16, TRF-2026 or a JSON state), "
                "round by round: every round is paired again from the state before it and "
                "compared with the file (pairs, colours, the pairing-allocated bye; forfeited "
                "games count as pairings), and, for the Dutch, Dubov and Burstein systems, the "
                "file's own pairing is checked against the absolute criteria. Then the rank "
                "column (86-89) is checked against the file's tie-break list: record 212 (PTS "
                "in its place), else PTS then record 202, else the points alone; every wrong "
                "rank is reported with the criterion that decides and both players' "
                "values.\n\nExit codes: 0 everything follows the rules; 1 a pairing or a rank "
                "does not; 2 the file or an option cannot be read; 3 nothing wrong was found "
                "but the standings could not be checked (a tie-break swissdesk does not "
                "compute, record 299 points for some players only, a team file)."
            )
        ),
    )
    check.add_argument(
        "input", metavar="IN.trf", help=_("the tournament to check (TRF, JSON or .swissdesk)")
    )
    add_system_options(check)
    add_section_option(check)
    check.add_argument(
        "--rounds",
        metavar="LIST",
        help=_("rounds to check, like 3 or 1-4,7 (default: every round with pairings)"),
    )
    check.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help=_("print only the rounds and ranks that are wrong, and the summary line"),
    )
    check.add_argument(
        "--standings",
        action="store_true",
        help=_("also print the standings the tie-break list gives, with every value"),
    )
    check.add_argument(
        "--json",
        action="store_true",
        help=_("print the report as JSON (rounds, discrepancies, standings, exit code)"),
    )
    check.set_defaults(func=run_check)

    ranges = "; ".join(f"{name} {low} to {high}" for name, (low, high) in RANGES.items())
    generate = subparsers.add_parser(
        "generate",
        help=_("generate a random tournament (like FIDE's RTG)"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            _(
                "Generate a random tournament in the manner of FIDE's Random Tournament "
                "Generator: every round paired with the chosen engine, results drawn from "
                "FIDE's rating table (B.02 table 8.1(b), differences over 400 counted as 400 "
                "below 2650) and a draw rate, the byes, forfeits and unusual results asked "
                "for, and the rank column by the tie-break list written as records 202 and "
                "212. Every option left unset is drawn at random from the seed; the file "
                "records the full command that reproduces it (the same options and seed always "
                "give the same file). Without --seed a new seed is drawn and printed.\n\nAn "
                "amount of events is a count for the whole tournament (12), a percentage of it "
                "(2.5%: of the player-rounds for byes, of the games for results), the same in "
                "every round (2/round, 5%/round) or per round (3:2,5-7:10%).\n\nUnset options "
                "are drawn from: {ranges}; tie-breaks: 1 to 4 of {TIEBREAK_POOL}; Baku in a "
                "quarter of the events of 16 players or more; ratings an open (top 2000-2750), "
                "a range or a range with gaps."
            ).format(ranges=ranges, TIEBREAK_POOL=", ".join(TIEBREAK_POOL))
        ),
    )
    add_system_options(generate, from_file=False)
    generate.add_argument("--players", type=int, metavar="N", help=_("number of players"))
    generate.add_argument("--rounds", type=int, metavar="R", help=_("number of rounds"))
    generate.add_argument(
        "--seed", type=int, metavar="S", help=_("random seed (default: a new one, printed)")
    )
    generate.add_argument(
        "--draw-rate",
        type=float,
        metavar="P",
        help=_("draw probability between equal ratings, 0 to 1"),
    )
    generate.add_argument(
        "--withdraw-rate",
        type=float,
        metavar="P",
        help=_("probability that a player withdraws before a round, 0 to 1"),
    )
    generate.add_argument(
        "--late-entry-rate",
        type=float,
        metavar="P",
        help=_("probability that a player arrives late (round 2 to mid-event), 0 to 1"),
    )
    for option, text in _EVENT_HELP.items():
        generate.add_argument(
            f"--{option}",
            metavar="AMOUNT",
            help=_("{text}: 12, 2.5%%, 2/round, 3:2,5-7:10%%").format(text=_(text)),
        )
    generate.add_argument(
        "--forfeit-rate",
        type=float,
        metavar="P",
        help=_(
            "shorthand: probability of a forfeited game (85%% won by one player, the rest "
            "lost by both), where --forfeit-wins/--double-forfeits are not given"
        ),
    )
    generate.add_argument(
        "--bye-rate",
        type=float,
        metavar="P",
        help=_(
            "shorthand: probability of a requested bye per player and round (3 in 4 "
            "half-point, the rest zero-point), where --half-byes/--zero-byes are not given"
        ),
    )
    generate.add_argument(
        "--baku",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=_("Baku acceleration (C.04.7 art. 1), or not"),
    )
    generate.add_argument(
        "--tiebreaks",
        metavar="LIST",
        help=_("tie-break list like BH/C1,BH,SB (written as 202 and 212; 'none': points only)"),
    )
    generate.add_argument(
        "--ratings",
        metavar="SPEC",
        help=_(
            "2450,2310,... (one per player), 1400-2600 (random in a range), 1400-2600/25 "
            "(a range with gaps of 25) or open:2650 (like a real open under that top)"
        ),
    )
    generate.add_argument(
        "--cycles",
        type=int,
        metavar="N",
        help=_(
            "round robin (--system round-robin or scheveningen): how often everyone "
            "meets, 1 (single) or 2 (a double round robin), up to 4; its rounds follow "
            "from the Berger table (n-1 per cycle, n odd: n, the highest number is the "
            "bye)"
        ),
    )
    generate.add_argument(
        "--swap",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=_(
            "double round robin: the last two rounds of the first cycle reversed, as GRC "
            "Annex 1 recommends (--no-swap: the table's order)"
        ),
    )
    generate.add_argument(
        "-o", "--output", metavar="OUT.trf", help=_("write here (default: standard output)")
    )
    generate.add_argument(
        "--format", choices=("2026", "16"), default="2026", help=_("TRF version (default 2026)")
    )
    generate.set_defaults(func=run_generate)


def run_check(args: argparse.Namespace) -> int:
    """Check the pairings round by round, then the standings; print and return the code."""
    tournament = read_any(args.input, args.section)
    system = args.system or tournament.system
    engine = engine_for(system, args)
    tournament = for_system(tournament, args.system, args.input)
    note_baku_by_code(tournament)
    if is_round_robin(system):
        tournament, notes = as_round_robin(tournament, system)
        for note in notes:
            print(_("swissdesk: note: {note}").format(note=note), file=sys.stderr)
    rounds = parse_rounds(args.rounds, tournament.rounds_with_pairings) if args.rounds else None
    report = check_file(tournament, engine, system=system, source=args.input, rounds=rounds)
    if args.json:
        sys.stdout.write(json.dumps(report.to_json(), indent=2, ensure_ascii=False) + "\n")
    else:
        lines = report.text_lines(quiet=args.quiet, show_standings=args.standings)
        sys.stdout.write("".join(line + "\n" for line in lines))
    return report.exit_code


def options_from(args: argparse.Namespace, seed: int) -> GeneratorOptions:
    """The generator options the command line gives (unset ones stay ``None``)."""
    events: dict[str, Any] = {
        name: parse_quantity(getattr(args, name), option)
        for name, option in EVENT_OPTIONS
        if getattr(args, name) is not None
    }
    tiebreaks: tuple[str, ...] | None = None
    if args.tiebreaks is not None:
        text = args.tiebreaks.strip()
        tiebreaks = (
            () if text.lower() == "none" else tuple(c for c in text.replace(",", " ").split() if c)
        )
    return GeneratorOptions(
        seed=seed,
        system=args.system,
        players=args.players,
        rounds=args.rounds,
        draw_rate=args.draw_rate,
        withdraw_rate=args.withdraw_rate,
        late_entry_rate=args.late_entry_rate,
        forfeit_rate=args.forfeit_rate,
        bye_rate=args.bye_rate,
        baku=args.baku,
        tiebreaks=tiebreaks,
        ratings=parse_ratings(args.ratings) if args.ratings is not None else None,
        cycles=args.cycles,
        swap=args.swap,
        **events,
    )


def run_generate(args: argparse.Namespace) -> int:
    """Resolve the options, generate, write, and tell the seed."""
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 2**31)
    if seed < 0:
        raise InputError(_("--seed must be 0 or more, not {seed}").format(seed=seed))
    if (args.cycles is not None or args.swap is not None) and not is_round_robin(args.system):
        raise InputError(
            _("--cycles and --swap are for round robins (--system round-robin or scheveningen)")
        )
    settings = settings_for(options_from(args, seed))
    text = generate_trf(settings, engine_for(settings.system, args), args.format)
    if args.output:
        write_output(args.output, text)
        print(
            _("swissdesk: {players} players, {rounds} rounds, seed {seed} -> {output}").format(
                players=settings.players,
                rounds=settings.rounds,
                seed=seed,
                output=args.output,
            ),
            file=sys.stderr,
        )
    else:
        sys.stdout.write(text)
    return 0
