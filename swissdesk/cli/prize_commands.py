"""``swissdesk prizes``: the prize list for the prize-giving (issue 36).

    swissdesk prizes FILE [--plan PLAN.toml] [--round R] [--json | --csv] [--section NAME]

FILE is a ``.swissdesk`` event or a TRF; the plan (categories, prizes, the event's rules)
is a TOML file (README: Prizes). The computation is :func:`swissdesk.prizes.tournament_prizes`,
the same the window and the PDF show.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from swissdesk.cli.section_commands import add_section_option, open_section
from swissdesk.errors import InputError
from swissdesk.model.tournament import Tournament
from swissdesk.prizes import PrizeList, PrizePlan, award_rows, csv_text, read_plan
from swissdesk.prizes.event import tournament_prizes


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``prizes``."""
    p = subparsers.add_parser(
        "prizes",
        help="the prize list: who wins what, shared how, and why",
        description=(
            "The prize list after the last complete round (or --round R): each prize of the "
            "plan (places and category prizes), its winner, the amount after sharing among "
            "tied players (equally, by the Hort system, or not shared) and why; one prize per "
            "player when the plan says so. The plan is a TOML file (README: Prizes)."
        ),
    )
    p.add_argument("input", type=Path, help="tournament file (.swissdesk or .trf)")
    p.add_argument("--plan", type=Path, default=None, metavar="PLAN.toml", help="the prize plan")
    p.add_argument("--round", type=int, default=None, metavar="R", help="after round R")
    out = p.add_mutually_exclusive_group()
    out.add_argument(
        "--json", action="store_true",
        help="a JSON list, one object per prize line (prize, tpn, amount, ...)",
    )  # fmt: skip
    out.add_argument("--csv", action="store_true", help="CSV for the treasurer")
    add_section_option(p)
    p.set_defaults(func=run_prizes)


def load_event(path: Path, section: str | None) -> tuple[Tournament, dict[int, int]]:
    """The tournament and its national ratings (a TRF has none)."""
    if not path.exists():
        raise InputError(f"{path}: no such file")
    if path.suffix.lower() == ".swissdesk":
        with open_section(path, section) as tf:
            tournament: Tournament = tf.snapshot()
            inputs = tf.rating_inputs()
        national = {tpn: i.national_rating for tpn, i in inputs.players.items()}
        return tournament, national
    if section is not None:
        raise InputError(f"{path}: a TRF holds one tournament; --section is for .swissdesk events")
    from swissdesk.trf import read_trf

    return read_trf(path), {}


def compute(
    path: Path, plan: PrizePlan, after_round: int | None, section: str | None
) -> PrizeList:
    from swissdesk.reports.standings_data import check_after_round

    tournament, national = load_event(path, section)
    rounds = check_after_round(tournament, after_round)
    return tournament_prizes(tournament, plan, after_round=rounds, national=national)


def run_prizes(args: argparse.Namespace) -> int:
    if args.plan is None:
        raise InputError(
            f"{args.input}: no prize plan: give one with --plan PLAN.toml (README: Prizes)"
        )
    plan = read_plan(args.plan)
    prizes = compute(args.input, plan, args.round, args.section)
    if args.json:
        json.dump(award_rows(prizes), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    elif args.csv:
        sys.stdout.write(csv_text(prizes))
    else:
        write_text(prizes, sys.stdout)
    return 0


def write_text(prizes: PrizeList, out: TextIO) -> None:
    """The prize list as the arbiter reads it aloud."""
    money = prizes.plan.rules.money
    rules = prizes.plan.rules
    how = {"equal": "shared equally", "hort": f"Hort system ({rules.hort_percent} % shared)",
           "none": "not shared (tie-breaks decide)"}[rules.sharing.value]  # fmt: skip
    out.write(f"Prize list after round {prizes.after_round}\n")
    out.write(
        f"Fund {money.text(prizes.fund, code=True)}; ties: {how}; "
        f"{'one prize per player' if rules.one_per_player else 'several prizes per player'}\n"
    )
    current = None
    width = max((len(a.label) for a in prizes.awards), default=5)
    for a in prizes.awards:
        heading = "Standings" if a.category == "" else a.category
        if heading != current:
            out.write(f"\n{heading}\n")
            current = heading
        who = f"{a.tpn:>4} {a.name}" if a.tpn is not None else "   - (not awarded)"
        paid = money.text(a.amount, code=True) if a.amount or a.tpn is None else ""
        if a.item:
            paid = f"{paid} + {a.item}" if paid else a.item
        out.write(f"  {a.label:<{width}}  {who:<32} {paid:>14}\n")
        out.write(f"  {'':<{width}}    {a.reason}\n")
    out.write(
        f"\nPaid {money.text(prizes.paid, code=True)} of {money.text(prizes.fund, code=True)}"
        + (f"; not awarded {money.text(prizes.kept, code=True)}" if prizes.kept else "")
        + "\n"
    )
    for note in prizes.notes:
        out.write(f"Note: {note}\n")
