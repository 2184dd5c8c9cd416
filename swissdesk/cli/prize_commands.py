"""``swissdesk prizes``: the prize list for the prize-giving (issue 36).

    swissdesk prizes FILE [--plan PLAN.toml] [--save] [--export PLAN.toml] [--round R]
                          [--json | --csv] [--section NAME]
    swissdesk prize-tick FILE TPN CATEGORY [--off] [--section NAME]

FILE is a ``.swissdesk`` event or a TRF; the plan (categories, prizes, the event's rules)
is a TOML file (README: Prizes), or the plan the event keeps (``--save`` keeps one: an
audited action, undone by ``swissdesk undo``). The computation is :func:`swissdesk.prizes.tournament_prizes`,
the same the window and the PDF show.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from swissdesk.cli.document_language import add_language_option, document_language
from swissdesk.cli.section_commands import add_section_option, open_section
from swissdesk.errors import InputError
from swissdesk.i18n import _
from swissdesk.model.tournament import Tournament
from swissdesk.prizes import PrizeList, PrizePlan, award_rows, csv_text, read_plan, write_plan
from swissdesk.prizes.event import tournament_prizes


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``prizes``."""
    p = subparsers.add_parser(
        "prizes",
        help=_("the prize list: who wins what, shared how, and why"),
        description=(
            _(
                "The prize list after the last complete round (or --round R): each prize of "
                "the plan (places and category prizes), its winner, the amount after sharing "
                "among tied players (equally, by the Hort system, or not shared) and why; one "
                "prize per player when the plan says so. The plan is a TOML file (README: "
                "Prizes)."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_("tournament file (.swissdesk or .trf)"))
    p.add_argument(
        "--plan", type=Path, default=None, metavar="PLAN.toml",
        help=_("the prize plan (default: the one the .swissdesk file keeps)"),
    )  # fmt: skip
    p.add_argument(
        "--save", action="store_true",
        help=_("keep the --plan in the .swissdesk file (an audited action)"),
    )  # fmt: skip
    p.add_argument(
        "--export", type=Path, default=None, metavar="PLAN.toml",
        help=_("write the plan used to a plan file (to reuse it in another event)"),
    )  # fmt: skip
    p.add_argument("--round", type=int, default=None, metavar="R", help=_("after round R"))
    out = p.add_mutually_exclusive_group()
    out.add_argument(
        "--json", action="store_true",
        help=_("a JSON list, one object per prize line (prize, tpn, amount, ...)"),
    )  # fmt: skip
    out.add_argument("--csv", action="store_true", help=_("CSV for the treasurer"))
    p.add_argument(
        "--pdf", type=Path, default=None, metavar="OUT.pdf",
        help=_("also write the prize list for the prize-giving as PDF"),
    )  # fmt: skip
    p.add_argument("--paper", choices=("a4", "letter"), default="a4", help=_("PDF paper size"))
    add_language_option(p)
    add_section_option(p)
    p.set_defaults(func=run_prizes)

    p = subparsers.add_parser(
        "prize-tick",
        help=_("tick a player for a category the arbiter decides (club member, local...)"),
        description=(
            _(
                "Tick (or with --off untick) a player for a category of the prize plan that "
                "admits only the players the arbiter ticks (ticked = true in the plan)."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament file"))
    p.add_argument("tpn", type=int, metavar="PAIRING_NUMBER")
    p.add_argument("category", metavar="CATEGORY")
    p.add_argument("--off", action="store_true", help=_("untick"))
    add_section_option(p)
    p.set_defaults(func=run_prize_tick)


@dataclass(frozen=True, slots=True)
class Event:
    """What the prize list reads of a tournament file: the tournament, the national
    ratings, the categories ticked per player, who withdrew, and the plan it keeps."""

    tournament: Tournament
    national: dict[int, int]
    ticked: dict[int, frozenset[str]]
    withdrawn: frozenset[int] | None
    plan: PrizePlan | None


def load_event(path: Path, section: str | None) -> Event:
    """The event at ``path`` (a ``.swissdesk`` file's section, or a TRF)."""
    if not path.exists():
        raise InputError(_("{path}: no such file").format(path=path))
    if path.suffix.lower() == ".swissdesk":
        with open_section(path, section) as tf:
            tournament: Tournament = tf.snapshot()
            inputs = tf.rating_inputs()
            return Event(
                tournament=tournament,
                national={tpn: i.national_rating for tpn, i in inputs.players.items()},
                ticked=tf.prize_ticks(),
                withdrawn=frozenset(tf.withdrawn()),
                plan=tf.prize_plan(),
            )
    if section is not None:
        raise InputError(
            _("{path}: a TRF holds one tournament; --section is for .swissdesk events").format(
                path=path
            )
        )
    from swissdesk.trf import read_trf

    return Event(read_trf(path), {}, {}, None, None)


def compute(event: Event, plan: PrizePlan, after_round: int | None) -> PrizeList:
    """The prize list of ``event`` after ``after_round`` (default: the last complete
    round)."""
    from swissdesk.lists.standings import check_after_round

    rounds = check_after_round(event.tournament, after_round)
    return tournament_prizes(
        event.tournament, plan, after_round=rounds, national=event.national,
        ticked=event.ticked, withdrawn=event.withdrawn,
    )  # fmt: skip


def run_prizes(args: argparse.Namespace) -> int:
    is_file = args.input.suffix.lower() == ".swissdesk"
    language = document_language(args.language, args.input) if args.pdf is not None else None
    if args.save and (args.plan is None or not is_file):
        raise InputError(_("--save keeps a --plan PLAN.toml in a .swissdesk file"))
    event = load_event(args.input, args.section)
    plan = read_plan(args.plan) if args.plan is not None else event.plan
    if plan is None:
        refusal = (
            _(
                "{file}: no prize plan: give one with --plan PLAN.toml (README: Prizes); "
                "--save keeps it in the file"
            )
            if is_file
            else _("{file}: no prize plan: give one with --plan PLAN.toml (README: Prizes)")
        )
        raise InputError(refusal.format(file=args.input))
    prizes = compute(event, plan, args.round)
    if args.save:
        from swissdesk.storage.commands.prizes import SetPrizePlan

        with open_section(args.input, args.section) as tf:
            if tf.prize_plan() != plan:
                tf.execute(SetPrizePlan(plan))
                print(
                    _("{input}: prize plan kept ({plan})").format(input=args.input, plan=args.plan),
                    file=sys.stderr,
                )
    if args.pdf is not None and language is not None:
        from swissdesk.i18n import using_language

        with using_language(language):  # the reasons and ties worded as drawn, in its words
            write_pdf(event.tournament, prizes, args.pdf, args.paper, args.input)
    if args.export is not None:
        write_plan(plan, args.export)
        print(_("{export}: prize plan written").format(export=args.export), file=sys.stderr)
    if args.json:
        json.dump(award_rows(prizes), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    elif args.csv:
        sys.stdout.write(csv_text(prizes))
    else:
        write_text(prizes, sys.stdout)
    return 0


def write_pdf(
    tournament: Tournament, prizes: PrizeList, out: Path, paper: str, source: Path
) -> None:
    """The prize-giving PDF, drawn in a private folder and written like every output."""
    import tempfile

    from swissdesk.cli.output import write_output
    from swissdesk.reports.prizes import render_prizes

    with tempfile.TemporaryDirectory(prefix="swissdesk-prizes-") as folder:
        drawn = render_prizes(tournament, prizes, Path(folder) / "prizes.pdf", paper=paper)
        write_output(out, drawn.read_bytes(), inputs=[source])
    print(_("wrote {out}").format(out=out), file=sys.stderr)


def run_prize_tick(args: argparse.Namespace) -> int:
    from swissdesk.storage.commands.prizes import TickCategory

    if args.input.suffix.lower() != ".swissdesk":
        raise InputError(_("{input}: ticks are kept in a .swissdesk file").format(input=args.input))
    with open_section(args.input, args.section) as tf:
        plan = tf.prize_plan()
        category = plan.category(args.category) if plan is not None else None
        if plan is not None and category is None:
            names = ", ".join(c.name for c in plan.categories) or "none"
            raise InputError(
                _("the prize plan has no category {category!r} (categories: {names})").format(
                    category=args.category, names=names
                )
            )
        name = category.name if category is not None else args.category.strip()
        result = tf.execute(TickCategory(args.tpn, name, not args.off))
    print(result.summary)
    return 0


def write_text(prizes: PrizeList, out: TextIO) -> None:
    """The prize list as the arbiter reads it aloud."""
    money = prizes.plan.rules.money
    rules = prizes.plan.rules
    how = {
        "equal": _("shared equally"),
        "hort": _("Hort system ({percent} % shared)").format(percent=rules.hort_percent),
        "none": _("not shared (tie-breaks decide)"),
    }[rules.sharing.value]
    out.write(_("Prize list after round {number}").format(number=prizes.after_round) + "\n")
    out.write(
        _("Fund {fund}; ties: {how}; {prizes}").format(
            fund=money.text(prizes.fund, code=True), how=how,
            prizes=_("one prize per player") if rules.one_per_player
            else _("several prizes per player"),
        ) + "\n"
    )  # fmt: skip
    current = None
    width = max((len(a.label) for a in prizes.awards), default=5)
    for a in prizes.awards:
        heading = _("Standings") if a.category == "" else a.category
        if heading != current:
            out.write(f"\n{heading}\n")
            current = heading
        who = f"{a.tpn:>4} {a.name}" if a.tpn is not None else "   - " + _("(not awarded)")
        paid = money.text(a.amount, code=True) if a.amount or a.tpn is None else ""
        if a.item:
            paid = f"{paid} + {a.item}" if paid else a.item
        out.write(f"  {a.label:<{width}}  {who:<32} {paid:>14}\n")
        out.write(f"  {'':<{width}}    {a.reason}\n")
    paid, fund = money.text(prizes.paid, code=True), money.text(prizes.fund, code=True)
    out.write(
        "\n" + (
            _("Paid {paid} of {fund}; not awarded {kept}").format(
                paid=paid, fund=fund, kept=money.text(prizes.kept, code=True)
            ) if prizes.kept else _("Paid {paid} of {fund}").format(paid=paid, fund=fund)
        ) + "\n"
    )  # fmt: skip
    for note in prizes.notes:
        out.write(_("Note: {note}").format(note=note) + "\n")
