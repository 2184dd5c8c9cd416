"""Creating an individual tournament and numbering its players, headless.

    swissdesk new T.swissdesk --name NAME [--system NAME] [--rounds R]
                  [--cycles N] [--no-swap] [--players FILE] [--player "NAME;RATING;FED;TITLE"]
                  [--tiebreaks CODES]
    swissdesk numbers T.swissdesk [--lot | --varma] [--seed S] [--order TPNS]

A round robin (``--system round-robin``) has the rounds its Berger table gives: ``n - 1``
per cycle for ``n`` players (``n`` odd: the highest number is the bye), ``--cycles 2`` for a
double round robin, whose first cycle plays its last two rounds in reverse order unless
``--no-swap`` (GRC Annex 1). Its pairing numbers are drawn by lot (``numbers --lot``, or
``--varma`` for the restricted draw of GRC Annex 2), recorded with the seed that repeats the
draw, or given by the arbiter (``numbers --order``).
"""

from __future__ import annotations

import argparse
import secrets
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from swissdesk.cli.confirm import add_confirm_option, confirmed_level, confirming
from swissdesk.cli.section_commands import add_section_option, open_section
from swissdesk.errors import InputError
from swissdesk.i18n import _


def register(subparsers: Any) -> None:
    """Add the ``new`` and ``numbers`` commands."""
    p = subparsers.add_parser(
        "new",
        help=_("create an individual tournament file (a Swiss or a round robin)"),
        description=(
            _(
                "Create a .swissdesk tournament file with its players. A round robin (--system "
                "round-robin) has the rounds its Berger table gives (n-1 per cycle, n rounded "
                "up to an even number: the highest number is the bye); --cycles 2 makes a "
                "double round robin, whose first cycle plays its last two rounds in reverse "
                "order (FIDE's recommendation, GRC Annex 1) unless --no-swap. Players: one per "
                "line of --players FILE, or one per --player, as 'NAME;RATING;FED;TITLE;FIDE "
                "ID' (only the name is required; ';' or a tab between the fields)."
            )
        ),
    )
    p.add_argument("output", type=Path, help=_("the new .swissdesk file"))
    p.add_argument("--name", required=True, help=_("the tournament's name"))
    p.add_argument(
        "--system",
        default="dutch",
        metavar="NAME",
        help=_("pairing system, e.g. dutch, round-robin, scheveningen (default: dutch)"),
    )
    p.add_argument("--rounds", type=int, default=None, metavar="R", help=_("Swiss: rounds"))
    p.add_argument(
        "--cycles",
        type=int,
        default=1,
        metavar="N",
        help=_("round robin: how often everyone meets (2 = double round robin; default 1)"),
    )
    p.add_argument(
        "--no-swap",
        action="store_true",
        help=_("double round robin: keep the table's order of the last two rounds of cycle 1"),
    )
    p.add_argument("--players", type=Path, metavar="FILE", help=_("players, one per line"))
    p.add_argument(
        "--player", action="append", default=[], metavar="TEXT", help=_("one player (repeatable)")
    )
    p.add_argument("--tiebreaks", metavar="CODES", help=_('e.g. "DE,WIN,SB,KS"'))
    p.add_argument(
        "--pab-points",
        metavar="P",
        help=_(
            "what the pairing-allocated bye is worth: 1 (a win, the default), 0.5 or 0 "
            "(C.04.1 art. 3); in FIDE mode never more than a win"
        ),
    )
    p.set_defaults(func=run_new)

    p = subparsers.add_parser(
        "numbers",
        help=_("give the players their pairing numbers (by rating, by lot, or as ordered)"),
        description=(
            _(
                "Assign the pairing numbers before round 1. Default: by rating, title and name "
                "(C.04.2 art. 2.2). --lot draws them by lot and --varma by the Varma tables "
                "(GRC Annex 2: players of one federation kept apart in the last rounds); the "
                "seed (--seed, else a new one) is recorded and repeats the draw. --order gives "
                "the current pairing numbers in the new order (the arbiter's own numbering). "
                "Numbers that depart from art. 2.2 (an order putting a player above one of "
                "higher rating or title; any change by hand, or a re-sort moving two or more, "
                "once round 1 is paired) are Level-3 warnings: refused with the reasons (exit "
                "4) unless --confirm (or --yes-i-know 3) is given. Once round 4 is paired, "
                "C.04.2 art. 2.3 freezes the numbers: a change is a Level-4 warning "
                "(--yes-i-know 4), recorded as a '### Configuration' line in the exported TRF."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament file"))
    how = p.add_mutually_exclusive_group()
    how.add_argument("--lot", action="store_true", help=_("draw the numbers by lot"))
    how.add_argument("--varma", action="store_true", help=_("restricted draw (Varma tables)"))
    how.add_argument("--order", metavar="TPNS", help=_("current numbers in the new order, 3,1,2,…"))
    p.add_argument("--seed", type=int, metavar="S", help=_("the draw's seed (default: a new one)"))
    p.add_argument(
        "--apart",
        choices=("federation", "club"),
        default="federation",
        help=_("--varma: keep apart the players of one federation (default) or of one club"),
    )
    p.add_argument(
        "--confirm",
        action="store_true",
        help=_(
            "apply numbers that depart from art. 2.2 (the Level-3 warnings; the same as "
            "--yes-i-know 3)"
        ),
    )
    add_confirm_option(p)
    add_section_option(p)
    p.set_defaults(func=run_numbers)


def parse_player(text: str, where: str) -> Any:
    """``NAME;RATING;FED;TITLE;FIDE ID`` (fields after the name optional) as PlayerData."""
    from swissdesk.storage import PlayerData

    fields = [f.strip() for f in text.replace("\t", ";").split(";")]
    name = fields[0]
    if not name:
        raise InputError(_("{where}: a player needs a name").format(where=where))
    rating_text = fields[1] if len(fields) > 1 else ""
    if rating_text and not rating_text.isdigit():
        raise InputError(
            _("{where}: rating {rating_text!r} is not a number").format(
                where=where, rating_text=rating_text
            )
        )
    return PlayerData(
        name=name,
        rating=int(rating_text or 0),
        federation=(fields[2] if len(fields) > 2 else "").upper(),
        title=(fields[3] if len(fields) > 3 else "").upper(),
        fide_id=fields[4] if len(fields) > 4 else "",
    )


def run_new(args: argparse.Namespace) -> int:
    from swissdesk.cli.pairing_commands import engine_for
    from swissdesk.engines import system_tiebreaks
    from swissdesk.model.round_robin import RoundRobinSettings, is_round_robin
    from swissdesk.storage import TournamentFile, TournamentSettings
    from swissdesk.tiebreaks import DEFAULT_TIEBREAKS, parse_tiebreak_list

    engine_for(args.system)  # an unknown system is refused before anything is written
    players = []
    if args.players is not None:
        try:
            lines = args.players.read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise InputError(f"{args.players}: {exc.strerror or exc}") from None
        for number, line in enumerate(lines, start=1):
            if line.strip() and not line.lstrip().startswith("#"):
                players.append(parse_player(line, f"{args.players}:{number}"))
    players += [parse_player(text, "--player") for text in args.player]
    round_robin = is_round_robin(args.system)
    if round_robin and args.rounds is not None:
        raise InputError(
            _("a round robin has the rounds its table gives: choose --cycles, not --rounds")
        )
    if not round_robin and (args.cycles != 1 or args.no_swap):
        raise InputError(_("--cycles and --no-swap are for round robins (--system round-robin)"))
    if args.tiebreaks is not None:
        tiebreaks = tuple(spec.code for spec in parse_tiebreak_list(args.tiebreaks))
    else:
        tiebreaks = system_tiebreaks(args.system) or DEFAULT_TIEBREAKS
    extra: dict[str, Any] = {}
    if args.pab_points is not None:
        from swissdesk.cli.fide_commands import parse_points
        from swissdesk.model.tournament import ScoringSystem

        extra["scoring"] = ScoringSystem(
            pairing_allocated_bye=parse_points(args.pab_points, "--pab-points")
        )
    settings = TournamentSettings(
        **extra,
        name=args.name,
        system=args.system,
        total_rounds=args.rounds or 9,
        tiebreaks=tiebreaks,
        tournament_type="Individual: round robin" if round_robin else "Individual: Swiss-System",
        round_robin=RoundRobinSettings(args.cycles, not args.no_swap),
    )
    if args.output.exists():
        raise InputError(_("{output} already exists").format(output=args.output))
    with TournamentFile.create(args.output, settings, players=players) as tf:
        rounds = tf.settings().total_rounds
    kind = (
        "Scheveningen event"
        if args.system == "scheveningen"
        else "round robin"
        if round_robin
        else "tournament"
    )
    print(
        _("created {output}: {kind}, {count} players, {rounds} rounds").format(
            output=args.output, kind=kind, count=len(players), rounds=rounds
        )
    )
    return 0


def _numbering(tf: Any, action: Any, args: argparse.Namespace) -> Any:
    """``action`` run with the confirmation given: ``--confirm`` accepts the Level-3
    warnings (checklist Q149, Q150, Q154), ``--yes-i-know 4`` also a change once round 4 is
    paired (Q151-152); without it the warnings are listed and nothing changes (exit 4)."""
    level = max(confirmed_level(args), 3 if args.confirm else 0)
    return confirming(lambda confirmed: tf.execute(replace(action, confirmed=confirmed)), level)


def run_numbers(args: argparse.Namespace) -> int:
    from swissdesk.storage import AssignPairingNumbers, DrawLots

    if args.seed is not None and not (args.lot or args.varma):
        raise InputError(_("--seed goes with --lot or --varma"))
    if args.apart != "federation" and not args.varma:
        raise InputError(_("--apart goes with --varma"))
    with open_section(args.input, args.section) as tf:
        if args.lot or args.varma:
            seed = args.seed if args.seed is not None else secrets.randbelow(10**9)
            method = "varma" if args.varma else "lot"
            outcome = tf.execute(DrawLots(seed=seed, method=method, apart=args.apart))
        elif args.order:
            try:
                order = tuple(int(x) for x in args.order.replace(" ", "").split(",") if x)
            except ValueError:
                raise InputError(
                    _("--order {order!r}: pairing numbers, like 3,1,2").format(order=args.order)
                ) from None
            outcome = _numbering(tf, AssignPairingNumbers(order), args)
        else:
            outcome = _numbering(tf, AssignPairingNumbers(), args)
        rows = sorted(tf.players(), key=lambda p: p.tpn)
    print(outcome.summary)
    for warning in outcome.warnings:
        print(_("swissdesk: note: {warning}").format(warning=warning), file=sys.stderr)
    for row in rows:
        print(f"{row.tpn:4d}  {row.name}" + (f" ({row.federation})" if row.federation else ""))
    return 0
