"""``swissdesk ratings`` and ``swissdesk norms``: what every player takes home (issue 37).

    swissdesk ratings FILE [--round R] [--national] [--player TPN] [--json]
    swissdesk norms FILE [--round R] [--json]
    swissdesk player-rating FILE TPN [--k K|rules] [--rated-games N|unknown] [--national R]
                                     [--standard R] [--rapid R] [--blitz R] [--manual R]
                                     [--later ROUND:R ...|none] [--later-list "FIDE 2027-01"]
    swissdesk rating-rules FILE [--national-list NAME|none] [--national-k K]
                                [--national-cap N|none] [--norm-exemption none|1.4.3a|b|c]
                                [--method FIDE|NRO|FIDON|NIDOF|HBFN|LBFN|OTHER]
                                [--rating-federation FED|section] [--initial-order ORDER]
                                [--lots-seed N] [--unrated none|lowest|average|RATING]
                                [--list-sequence LIST,LIST,...|default]
                                [--long-event yes|no] [--tiebreak-ratings first|each|round:N]

``ratings`` and ``norms`` read a ``.swissdesk`` file (with the K factors, game counts,
national ratings and declarations kept in it) or a TRF (FIDE's rules alone). The
computations are :func:`swissdesk.elo.rating_changes` and
:func:`swissdesk.norms.evaluate_norms`, the same the window and the PDFs show.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

from swissdesk.cli.section_commands import add_section_option, open_section
from swissdesk.elo import (
    FIDE,
    NATIONAL,
    RatingInputs,
    RatingReport,
    hundredths,
    points_text,
    rating_changes,
    report_rows,
)
from swissdesk.errors import InputError
from swissdesk.i18n import (
    SOURCE_LANGUAGE,
    _,
    ngettext,
    pgettext,
    process_language,
    using_language,
    worded,
)
from swissdesk.lists.crosstable import score_text
from swissdesk.model import timecontrol
from swissdesk.model.ratings import (
    ARBITER,
    RATING_TYPES,
    InitialOrder,
    LaterRating,
    ListKind,
    PlayerRatings,
    Rating,
    RatingMethod,
    RatingRules,
    TiebreakRatingMode,
    TiebreakRatings,
    UnratedMethod,
    UnratedRule,
    later_ratings,
    official_rating,
    parse_sequence,
)
from swissdesk.model.tournament import Tournament
from swissdesk.norms import (
    EVENT_EXEMPTIONS,
    TITLE_REGULATIONS,
    NormReport,
    NormSettings,
    describe_forecast,
    evaluate_norms,
    report_dict,
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``ratings``, ``norms``, ``player-rating`` and ``rating-rules``."""
    p = subparsers.add_parser(
        "ratings",
        help=_("every player's rating change (FIDE or the national list)"),
        description=(
            _(
                "Each player's rating change in the event: per game the rating difference (the "
                "400-point rule), the expected score of table 8.1.2 and K x (score - "
                "expected); the event's sum, exact and rounded (FIDE Rating Regulations of 1 "
                "March 2024, art. 8.3.1 as amended from 1 October 2025; the Rapid and Blitz "
                "Rating Regulations for a rapid or blitz time control). An unrated player's "
                "first rating (art. 7.1.4, 8.2) or what it still needs."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_("tournament file (.swissdesk or .trf)"))
    p.add_argument("--round", type=int, default=None, metavar="R", help=_("after round R"))
    p.add_argument("--national", action="store_true", help=_(
                                                               "the national list instead of "
                                                               "FIDE's"
                                                           ))
    p.add_argument(
        "--player", type=int, default=None, metavar="TPN", help=_("one player, game by game")
    )
    p.add_argument(
        "--json",
        action="store_true",
        help=_("a JSON list, one object per player (tpn, k, change, ... per_game)"),
    )
    add_section_option(p)
    p.set_defaults(func=run_ratings)

    p = subparsers.add_parser(
        "norms",
        help=_("title norms achieved, and what the others need"),
        description=(
            _(
                "GM, IM, WGM and WIM norms under the FIDE Title Regulations effective from 1 "
                "January 2024 (art. 1.4): the norms achieved after the round with the data of "
                "the certificate, and for the rounds left the forecast (points against which "
                "opponents' average, and the opponents still needed)."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_("tournament file (.swissdesk or .trf)"))
    p.add_argument("--round", type=int, default=None, metavar="R", help=_("after round R"))
    p.add_argument("--json", action="store_true", help=_("JSON: norms and forecasts"))
    add_section_option(p)
    p.set_defaults(func=run_norms)

    p = subparsers.add_parser(
        "player-rating",
        help=_("set a player's K, rated games or national rating"),
        description=(
            _(
                "Set what the rating changes read for a player beyond the rating: the K factor "
                "of the tournament's rating type ('rules': FIDE's rules decide), the number of "
                "rated games before this event ('unknown'), the national rating (0: none); and "
                "the FIDE standard, rapid and blitz ratings and the manual rating, each kept "
                "with its source and date (a figure typed here: the arbiter, today). Without "
                "options it shows them."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament file"))
    p.add_argument("tpn", type=int, metavar="PAIRING_NUMBER")
    p.add_argument("--k", default=None, metavar="K|rules")
    p.add_argument("--rated-games", default=None, metavar="N|unknown")
    p.add_argument("--national", type=int, default=None, metavar="RATING")
    for kind in RATING_TYPES:
        p.add_argument(
            f"--{kind}",
            type=int,
            default=None,
            metavar="RATING",
            help=_(
                     "the FIDE {kind} rating (0: none), marked as typed by the arbiter today"
                 ).format(kind=kind),
        )
    p.add_argument(
        "--manual",
        type=int,
        default=None,
        metavar="RATING",
        help=_(
                 "the manual rating (the arbiter's estimate, C.04.2 art. 2.1; 0: none): every "
                 "ranking method falls back to it, HBFN compares it"
             ),
    )
    p.add_argument(
        "--later",
        action="append",
        default=None,
        metavar="ROUND:RATING|none",
        help=_(
                 "in an event over 30 days (rating-rules --long-event yes): the rating the "
                 "player holds from ROUND on, the list of a later rating period (checklist "
                 "Q212-213); ROUND:0 removes that round's, 'none' every later rating; "
                 "repeatable"
             ),
    )
    p.add_argument(
        "--later-list",
        default=None,
        metavar="'LIST MONTH'",
        help=_(
                 "where the --later ratings come from, such as 'FIDE 2027-01' (default: typed "
                 "by the arbiter today)"
             ),
    )
    add_section_option(p)
    p.set_defaults(func=run_player_rating)

    p = subparsers.add_parser(
        "rating-rules",
        help=_("rating rules: method, initial order, unrated players, national list"),
        description=(
            _(
                "Show or set the section's rating rules: the method of the tournament rating "
                "that orders the players (TRF-2026 record 172, written with the national "
                "ratings to every TRF-2026 export), what orders players of equal rating and "
                "title (C.04.2 art. 2.2.3: alphabetical unless replaced), the rating unrated "
                "players count with in the rating-based tie-breaks (C.07: left out unless the "
                "regulations give one); the national rating list computed beside FIDE's (its "
                "name, K and 400-point rule; 'none' for no list or no limit) and the event "
                "type that waives the norms' foreign-opponent rules (Title Regulations 1.4.3 "
                "a-c)."
            )
        ),
    )
    p.add_argument("input", type=Path, help=_(".swissdesk tournament file"))
    p.add_argument("--national-list", default=None, metavar="NAME|none")
    p.add_argument("--national-k", type=int, default=None, metavar="K")
    p.add_argument("--national-cap", default=None, metavar="N|none")
    p.add_argument(
        "--norm-exemption",
        choices=("none", *(k for k in EVENT_EXEMPTIONS if k)),
        default=None,
    )
    p.add_argument(
        "--method",
        type=str.upper,
        choices=[m.value for m in RatingMethod],
        default=None,
        help=(
            _(
                "the tournament rating that orders the players (TRF-2026 record 172): FIDE, "
                "NRO (national only), FIDON (FIDE, else national), NIDOF (national, else "
                "FIDE), HBFN (the higher), LBFN (the lower), OTHER (the FIDE ratings, the "
                "arbiter's order)"
            )
        ),
    )
    p.add_argument(
        "--rating-federation",
        default=None,
        metavar="FED|section",
        help=_(
                 "the federation whose national ratings the method reads (default: the "
                 "section's)"
             ),
    )
    p.add_argument(
        "--initial-order",
        choices=[o.value for o in InitialOrder],
        default=None,
        help=_("what orders players of equal rating and title (C.04.2 art. 2.2.3)"),
    )
    p.add_argument("--lots-seed", type=int, default=None, metavar="N", help=_("seed of 'lot'"))
    p.add_argument(
        "--unrated",
        default=None,
        metavar="none|lowest|average|RATING",
        help=_(
                 "the rating unrated players count with in ARO, TPR and the other rating "
                 "tie-breaks"
             ),
    )
    p.add_argument(
        "--list-sequence",
        default=None,
        metavar="LIST,LIST,...|default",
        help=_(
                 "the FIDE lists the tournament rating is taken from, in order (checklist "
                 "Q123-126): standard, rapid, blitz, 'effective rapid', 'effective blitz' "
                 "(standard when none, R&B art. 7.2.1); 'default': by the rate of play"
             ),
    )
    p.add_argument(
        "--long-event",
        choices=("yes", "no"),
        default=None,
        help=_(
                 "the event lasts more than 30 days (checklist Q210): its players may hold "
                 "later ratings linked to rounds (player-rating --later)"
             ),
    )
    p.add_argument(
        "--tiebreak-ratings",
        default=None,
        metavar="first|each|round:N",
        help=_(
                 "in an event over 30 days, the ratings ARO, TPR and the other rating "
                 "tie-breaks read: 'first' (the ratings of the start, the default), 'each' "
                 "(every game with the opponent's rating of its round), 'round:N' (everyone's "
                 "rating of round N) (checklist Q214-216)"
             ),
    )
    add_section_option(p)
    p.set_defaults(func=run_rating_rules)


def load_for_ratings(
    path: Path, after_round: int | None, section: str | None = None
) -> tuple[Tournament, RatingInputs, NormSettings]:
    """The tournament after ``after_round`` (default: the last complete round) with the
    inputs a ``.swissdesk`` file keeps; a TRF has none beyond its rating type."""
    if not path.exists():
        raise InputError(_("{path}: no such file").format(path=path))
    if path.suffix.lower() == ".swissdesk":
        with open_section(path, section) as tf:
            tournament = tf.snapshot()
            inputs = tf.rating_inputs()
            norms = tf.norm_settings()
    else:
        from swissdesk.trf import read_trf

        if section is not None:
            raise InputError(_("{path}: --section is for .swissdesk events").format(path=path))
        tournament = read_trf(path)
        code = timecontrol.from_records(tournament.extra_records)
        inputs = RatingInputs(rating_type=timecontrol.rating_type_of(code))
        norms = NormSettings()
    done = tournament.rounds_with_pairings
    if after_round is not None and not 1 <= after_round <= done:
        raise InputError(
            _(
                "{path}: round {after_round} is not complete (results are in up to round "
                "{done})"
            ).format(path=path, after_round=after_round, done=done)
        )
    return tournament, inputs, norms


def run_ratings(args: argparse.Namespace) -> int:
    tournament, inputs, _norm_settings = load_for_ratings(args.input, args.round, args.section)
    system = NATIONAL if args.national else FIDE
    if args.national and not inputs.national.enabled:
        raise InputError(
            _(
                "{input}: the tournament has no national rating list (set one: swissdesk "
                "rating-rules FILE --national-list NAME)"
            ).format(input=args.input)
        )
    report = rating_changes(tournament, inputs, system=system, after_round=args.round)
    if args.player is not None and args.player not in report.by_tpn():
        raise InputError(_(
                             "{input}: there is no player with pairing number {player}"
                         ).format(input=args.input, player=args.player))
    if args.json:
        rows = report_rows(report)
        if args.player is not None:
            rows = [r for r in rows if r["tpn"] == args.player]
        json.dump(rows, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
        return 0
    if args.player is not None:
        write_player(report, args.player)
    else:
        write_table(report)
    return 0


def _rating(value: int) -> str:
    return str(value) if value else "-"


def write_table(report: RatingReport) -> None:
    out = sys.stdout
    out.write(
        _("Rating changes after round {round}: {list_name}").format(
            round=report.after_round, list_name=report.list_name
        )
        + "\n"
    )
    out.write(f"{report.regulations}\n")
    header = [
        _("No."),
        _("Name"),
        _("Rtg"),
        "K",
        _("Games"),
        _("Pts"),
        _("Exp"),
        _("Change"),
        _("New"),
        "",
    ]
    lines = []
    for p in report.players:
        change = p.change
        lines.append(
            [
                str(p.tpn),
                p.name,
                _rating(p.rating),
                str(p.k.value) if p.k is not None else "",
                str(len(p.counted_games)),
                points_text(p.points),
                hundredths(p.expected) if p.rated else "",
                hundredths(change, sign=True) if change is not None else "",
                str(p.new_rating) if p.new_rating is not None else "",
                "" if p.rated else worded(p.status),
            ]
        )
    widths = [max(len(r[i]) for r in [header, *lines]) for i in range(len(header) - 1)]
    for cells in [header, *lines]:
        parts = [
            c.ljust(w) if i == 1 else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=False))
        ]
        out.write(("  ".join(parts) + ("  " + cells[-1] if cells[-1] else "")).rstrip() + "\n")


def write_player(report: RatingReport, tpn: int) -> None:
    p = report.by_tpn()[tpn]
    out = sys.stdout
    out.write(
        _("No. {tpn} {name}: {list_name} {rating}").format(
            tpn=p.tpn, name=p.name, list_name=report.list_name, rating=_rating(p.rating)
        )
        + "\n"
    )
    if p.k is not None:
        out.write(f"K {p.k.value} ({worded(p.k.reason)})\n")
    for g in p.games:
        line = (
            f"R{g.round:<3} {g.opponent_name} ({_rating(g.opponent_rating)})  {points_text(Fraction(g.score, 100))}"
        )
        if g.counted and p.rated:
            cap = " " + _("(400-point rule)") if g.capped else ""
            line += (
                f"  D {g.difference:+d}{cap}  PD {hundredths(Fraction(g.expected, 100))}"
                f"  {hundredths(g.change, sign=True)}"
            )
        elif not g.counted:
            line += f"  {worded(g.note)}"
        if g.corrected:
            line += "  " + _("(corrected for the rating report: {correction})").format(
                correction=worded(g.corrected)
            )
        out.write(line + "\n")
    change = p.change
    if change is not None:
        out.write(
            _("Change {change} (rounded {rounded}): new rating {new_rating}").format(
                change=hundredths(change, sign=True),
                rounded=f"{p.change_rounded:+d}",
                new_rating=p.new_rating,
            )
            + "\n"
        )
    else:
        out.write(worded(p.status) + "\n")


def run_norms(args: argparse.Namespace) -> int:
    tournament, inputs, settings = load_for_ratings(args.input, args.round, args.section)
    # The norms' texts are made in the language they are evaluated in: the JSON's English,
    # the text output's the arbiter's.
    with using_language(SOURCE_LANGUAGE if args.json else process_language()):
        report = evaluate_norms(
            tournament, settings, after_round=args.round, rating_type=inputs.rating_type
        )
    if args.json:
        json.dump(report_dict(report), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
        return 0
    write_norms(report, tournament)
    return 0


def write_norms(report: NormReport, tournament: Tournament) -> None:
    out = sys.stdout
    out.write(
        _("Title norms after round {round} of {total} ({regulations})").format(
            round=report.after_round, total=report.total_rounds,
            regulations=_(TITLE_REGULATIONS),
        ) + "\n"
    )  # fmt: skip
    if not report.applicable:
        out.write(report.note + "\n")
        return
    by_tpn = tournament.players_by_tpn
    if report.swiss_exemption.applies:
        out.write(_("Art. 1.4.3 d applies: the foreign-opponent rules are waived.") + "\n")
    achieved = report.achieved
    if not achieved:
        out.write(_("No norm achieved.") + "\n")
    for n in achieved:
        p = by_tpn[n.tpn]
        details = ", ".join(x for x in (p.title, p.federation) if x)
        out.write(
            ngettext(
                "{title} norm: no. {number} {name} ({details}): {points}/{games}, Ra {average}, "
                "{percent} %, Rp {performance}; counts as {count} game",
                "{title} norm: no. {number} {name} ({details}): {points}/{games}, Ra {average}, "
                "{percent} %, Rp {performance}; counts as {count} games",
                n.counts_as,
            ).format(
                title=n.title.value, number=n.tpn, name=p.name, details=details,
                points=score_text(int(n.points * 2)), games=len(n.games), average=n.average,
                percent=n.percentage, performance=n.performance, count=n.counts_as,
            ) + "\n"
        )  # fmt: skip
        for x in n.exceptions:
            out.write(f"    {x}\n")
    forecasts = [(pn, f) for pn in report.players for f in pn.forecasts]
    if forecasts:
        out.write(_("Norms still possible:") + "\n")
        for pn, f in forecasts:
            out.write(
                _("no. {number} {name}: {forecast}").format(
                    number=pn.tpn, name=pn.name, forecast=describe_forecast(f)
                ) + "\n"
            )  # fmt: skip


def run_player_rating(args: argparse.Namespace) -> int:
    from swissdesk.cli.storage_commands import _open, _report
    from swissdesk.storage import EditPlayer

    with _open(args) as tf:
        row = next((p for p in tf.players() if p.tpn == args.tpn), None)
        if row is None:
            raise InputError(_(
                                 "{input}: there is no player with pairing number {tpn}"
                             ).format(input=args.input, tpn=args.tpn))
        data = row.data
        if args.k is not None:
            k = _optional(args.k, "rules", "--k")
            if k is not None and not 1 <= k <= 100:
                raise InputError(_("--k {k}: K is a whole number from 1 to 100").format(k=k))
            data = dataclasses.replace(data, k_factor=k, k_source="arbiter" if k else "")
        if args.rated_games is not None:
            games = _optional(args.rated_games, "unknown", "--rated-games")
            if games is not None and games < 0:
                raise InputError(_("--rated-games cannot be negative"))
            data = dataclasses.replace(data, rated_games=games)
        if args.national is not None:
            if args.national < 0:
                raise InputError(_("--national cannot be negative"))
            data = dataclasses.replace(data, national_rating=args.national)
        data = _typed_ratings(data, args, tf.settings())
        data = _later_ratings(data, args, tf.settings())
        if data == row.data:
            print(
                _(
                    "no. {tpn} {name}: K {value}{value2}, rated games {value3}, national "
                    "rating {value4}"
                ).format(
                    tpn=row.tpn,
                    name=row.name,
                    value=row.k_factor or _("by the rules"),
                    value2=f' ({row.k_source})' if row.k_source else '',
                    value3=_("unknown") if row.rated_games is None else row.rated_games,
                    value4=row.national_rating or '-',
                )
            )
            held = row.ratings or PlayerRatings()
            fed = tf.settings().rating_rules.federation(tf.settings().federation)
            print(_("ratings: {value}").format(value=rating_source_line(held, fed) or pgettext("no rating", "none")))
            print(_(
                      "tournament rating: {value}"
                  ).format(value=row.tournament_rating or _("unrated")))
            if held.later:
                print(_("later ratings: {later_line}").format(later_line=later_line(held)))
            return 0
        _report(tf.execute(EditPlayer(row.tpn, data)))
    return 0


def rating_source_line(ratings: PlayerRatings, federation: str = "") -> str:
    """Every rating with where it comes from (checklist Q134): ``standard 2450 (FIDE
    2026-11), manual 1650 (arbiter 2026-11-27)``."""
    kinds = {
        "standard": _("standard {rating}"),
        "rapid": _("rapid {rating}"),
        "blitz": _("blitz {rating}"),
    }
    parts = [
        kinds[kind].format(rating=_rating_text(r))
        for kind in RATING_TYPES
        if (r := ratings.fide(kind))
    ]
    nat = ratings.national_for(federation)
    if nat is not None:
        parts.append(
            _("national {federation} {rating}").format(
                federation=nat.federation or federation, rating=_rating_text(nat.rating)
            )
        )
    if ratings.manual is not None:
        parts.append(_("manual {rating}").format(rating=_rating_text(ratings.manual)))
    return ", ".join(" ".join(p.split()) for p in parts)


def _typed_ratings(data: Any, args: argparse.Namespace, settings: Any) -> Any:
    """``data`` with the FIDE and manual ratings given on the command line, each marked
    as typed by the arbiter today (checklist Q134)."""
    typed = {k: getattr(args, k) for k in (*RATING_TYPES, "manual")}
    if all(v is None for v in typed.values()):
        return data
    for option, value in typed.items():
        if value is not None and not 0 <= value <= 9999:
            raise InputError(_(
                                 "--{option} {value}: a rating is from 0 (none) to 9999"
                             ).format(option=option, value=value))
    today = datetime.date.today().isoformat()
    kind = timecontrol.rating_type_of(settings.time_control_code)
    ratings: PlayerRatings = data.ratings or PlayerRatings()
    for option, value in typed.items():
        if value is None:
            continue
        rating = Rating(value, ARBITER, today) if value > 0 else None
        if option == "manual":
            ratings = dataclasses.replace(ratings, manual=rating)
        else:
            ratings = ratings.with_fide(option, rating)
    return dataclasses.replace(
        data, ratings=ratings, rating=official_rating(ratings, kind).value
    )


def _rating_text(rating: Rating) -> str:
    """``2450 (FIDE 2026-11)``, ``1650 (arbiter 2026-11-28)``: :meth:`Rating.describe` with
    the arbiter as source in the arbiter's language (the stored source stays ``arbiter``)."""
    source = rating.via or rating.source
    if source == ARBITER:
        source = pgettext("rating source", "arbiter")
    where = " ".join(x for x in (source, rating.date) if x)
    return f"{rating.value} ({where})" if where else str(rating.value)


def _unrated_text(rule: UnratedRule) -> str:
    """What rating unrated players count with, in the arbiter's language (a fixed rating:
    the figure)."""
    if rule.method is UnratedMethod.FIXED:
        return str(rule.value)
    return _(rule.method.label)


def _tiebreak_ratings_text(choice: TiebreakRatings) -> str:
    """The ratings the rating tie-breaks read in an event over 30 days (Q214-216)."""
    match choice.mode:
        case TiebreakRatingMode.EACH_ROUND:
            return _("each game with the opponent's rating of its round")
        case TiebreakRatingMode.ROUND:
            return _("the ratings of round {number}").format(number=choice.round)
    return _("the first ratings (of the start)")


def _list_text(kind: ListKind) -> str:
    """A list of the list sequence (Q123-126), as the arbiter reads it."""
    return {
        ListKind.STANDARD: _("FIDE standard"),
        ListKind.RAPID: _("FIDE rapid"),
        ListKind.BLITZ: _("FIDE blitz"),
        ListKind.EFFECTIVE_RAPID: _("FIDE effective rapid (standard when none)"),
        ListKind.EFFECTIVE_BLITZ: _("FIDE effective blitz (standard when none)"),
    }[kind]


def later_line(ratings: PlayerRatings) -> str:
    """``from round 4 2105 (FIDE 2027-01), from round 7 2120 (arbiter 2027-02-03)``."""
    return ", ".join(
        _("from round {number} {rating}").format(number=r.from_round, rating=_rating_text(r.rating))
        for r in ratings.later
    )


def _later_ratings(data: Any, args: argparse.Namespace, settings: Any) -> Any:
    """``data`` with the later ratings of ``--later`` (checklist Q212-213): each
    ``ROUND:RATING`` sets the rating held from that round on (0 removes it), ``none``
    removes them all."""
    if not args.later:
        if args.later_list is not None:
            raise InputError(_(
                                 "--later-list names where --later ratings come from: give "
                                 "--later"
                             ))
        return data
    if not settings.rating_rules.long_event:
        raise InputError(
            _(
                "later ratings belong to an event over 30 days: first run 'swissdesk "
                "rating-rules {input} --long-event yes'"
            ).format(input=args.input)
        )
    source, date = ARBITER, datetime.date.today().isoformat()
    if args.later_list is not None:
        words = args.later_list.split()
        if not words:
            raise InputError(_("--later-list: name the list, such as 'FIDE 2027-01'"))
        if len(words) > 1 and _is_month(words[-1]):
            source, date = " ".join(words[:-1]), words[-1]
        else:
            source, date = " ".join(words), ""
    ratings: PlayerRatings = data.ratings or PlayerRatings()
    by_round = {r.from_round: r for r in ratings.later}
    for item in args.later:
        text = item.strip()
        if text.lower() == "none":
            by_round.clear()
            continue
        head, sep, tail = text.partition(":")
        try:
            number, value = int(head), int(tail)
        except ValueError:
            raise InputError(_(
                                 "--later {item!r}: give ROUND:RATING, such as 4:2105"
                             ).format(item=item)) from None
        if not sep or not 2 <= number <= max(settings.total_rounds, 2):
            raise InputError(
                _(
                    "--later {item!r}: the round is from 2 to {total_rounds} (round 1 has the "
                    "first rating)"
                ).format(item=item, total_rounds=max(settings.total_rounds, 2))
            )
        if not 0 <= value <= 9999:
            raise InputError(_(
                                 "--later {item!r}: a rating is from 0 (none) to 9999"
                             ).format(item=item))
        if value == 0:
            by_round.pop(number, None)
        else:
            by_round[number] = LaterRating(number, Rating(value, source, date))
    ratings = dataclasses.replace(ratings, later=later_ratings(by_round.values()))
    return dataclasses.replace(data, ratings=ratings)


def _is_month(text: str) -> bool:
    try:
        datetime.date.fromisoformat(f"{text}-01")
    except ValueError:
        return False
    return len(text) == 7


def _optional(text: str, none_word: str, option: str) -> int | None:
    if text.strip().lower() == none_word:
        return None
    try:
        return int(text)
    except ValueError:
        raise InputError(_(
                             "{option} {text!r}: give a whole number or '{none_word}'"
                         ).format(option=option, text=text, none_word=none_word)) from None


def _rating_rules(rules: RatingRules, args: argparse.Namespace) -> RatingRules:
    """``rules`` with the options given on the command line."""
    if args.method is not None:
        rules = dataclasses.replace(rules, method=RatingMethod(args.method))
    if args.rating_federation is not None:
        fed = args.rating_federation.strip().upper()
        fed = "" if fed == "SECTION" else fed
        if fed and not (len(fed) == 3 and fed.isalpha()):
            raise InputError(_(
                                 "--rating-federation {rating_federation!r}: a 3-letter code"
                             ).format(rating_federation=args.rating_federation))
        rules = dataclasses.replace(rules, national_federation=fed)
    if args.initial_order is not None:
        rules = dataclasses.replace(rules, initial_order=InitialOrder(args.initial_order))
    if args.lots_seed is not None:
        rules = dataclasses.replace(rules, lots_seed=args.lots_seed)
    if args.unrated is not None:
        try:
            rules = dataclasses.replace(rules, unrated=UnratedRule.parse(args.unrated))
        except ValueError as exc:
            raise InputError(_("--unrated: {exc}").format(exc=exc)) from None
    if args.list_sequence is not None:
        text = args.list_sequence.strip()
        try:
            sequence = () if text.lower() == "default" else parse_sequence(text.split(","))
        except ValueError as exc:
            raise InputError(_("--list-sequence: {exc}").format(exc=exc)) from None
        rules = dataclasses.replace(rules, sequence=sequence)
    if args.long_event is not None:
        rules = dataclasses.replace(rules, long_event=args.long_event == "yes")
    if args.tiebreak_ratings is not None:
        try:
            rules = dataclasses.replace(
                rules, tiebreak_ratings=TiebreakRatings.parse(args.tiebreak_ratings)
            )
        except ValueError as exc:
            raise InputError(_("--tiebreak-ratings: {exc}").format(exc=exc)) from None
    return rules


def run_rating_rules(args: argparse.Namespace) -> int:
    from swissdesk.cli.storage_commands import _open, _report
    from swissdesk.storage import EditSettings

    with _open(args) as tf:
        settings = tf.settings()
        national = settings.national_list
        if args.national_list is not None:
            name = "" if args.national_list.strip().lower() == "none" else args.national_list
            national = dataclasses.replace(national, name=name.strip())
        if args.national_k is not None:
            if not 1 <= args.national_k <= 100:
                raise InputError(_(
                                     "--national-k {national_k}: K is from 1 to 100"
                                 ).format(national_k=args.national_k))
            national = dataclasses.replace(national, k=args.national_k)
        if args.national_cap is not None:
            cap = _optional(args.national_cap, "none", "--national-cap")
            if cap is not None and cap <= 0:
                raise InputError(_("--national-cap must be above 0 (or 'none')"))
            national = dataclasses.replace(national, cap=cap)
        exemption = settings.norm_exemption
        if args.norm_exemption is not None:
            exemption = "" if args.norm_exemption == "none" else args.norm_exemption
        rules = _rating_rules(settings.rating_rules, args)
        new = dataclasses.replace(
            settings, national_list=national, norm_exemption=exemption, rating_rules=rules
        )
        if new == settings:
            if not national.enabled:
                line = _("national list: {name}")
            elif national.cap is None:
                line = _("national list: {name} (K {k}, no limit)")
            else:
                line = _("national list: {name} (K {k}, {cap}-point rule)")
            print(
                line.format(
                    name=national.name or pgettext("no national list", "none"),
                    k=national.k,
                    cap=national.cap,
                )
            )
            print(_(
                      "norm exemption: {get}"
                  ).format(
                      get=_(EVENT_EXEMPTIONS[exemption])
                      if exemption in EVENT_EXEMPTIONS
                      else exemption
                  ))
            fed = rules.federation(settings.federation) or _("none set")
            print(_(
                      "rating method: {value} ({label}; federation {fed})"
                  ).format(value=rules.method.value, label=_(rules.method.label), fed=fed))
            order = _(rules.initial_order.label)
            if rules.initial_order is InitialOrder.LOT:
                order = _("{order}, seed {seed}").format(order=order, seed=rules.lots_seed)
            print(_("equal rating and title: {order}").format(order=order))
            print(_(
                      "unrated players in rating tie-breaks: {describe}"
                  ).format(describe=_unrated_text(rules.unrated)))
            print(_(
                      "event over 30 days: {value}{span}"
                  ).format(value=_("yes") if rules.long_event else _("no"), span=_span(settings)))
            if rules.long_event:
                print(_(
                          "rating tie-breaks read: {describe}"
                      ).format(describe=_tiebreak_ratings_text(rules.tiebreak_ratings)))
                _advise(settings.tiebreaks)
            kind = timecontrol.rating_type_of(settings.time_control_code)
            lists = ", ".join(_list_text(k) for k in rules.sequence_for(kind))
            if rules.sequence:
                print(_("list sequence: {lists}").format(lists=lists))
            else:
                print(
                    {
                        "standard": _("list sequence: {lists} (the default of standard)"),
                        "rapid": _("list sequence: {lists} (the default of rapid)"),
                        "blitz": _("list sequence: {lists} (the default of blitz)"),
                    }[kind].format(lists=lists)
                )
            return 0
        choice = rules.tiebreak_ratings
        if choice.mode is TiebreakRatingMode.ROUND and choice.round > settings.total_rounds:
            raise InputError(
                _(
                    "--tiebreak-ratings {code}: the event has {total_rounds} rounds"
                ).format(code=choice.code, total_rounds=settings.total_rounds)
            )
        if choice.mode is not TiebreakRatingMode.FIRST and not rules.long_event:
            raise InputError(
                _(
                    "--tiebreak-ratings chooses among the ratings of an event over 30 days: "
                    "give --long-event yes too"
                )
            )
        _report(tf.execute(EditSettings(new)))  # notes the advice of Q211 when it applies
    return 0


def _span(settings: Any) -> str:
    """`` (the dates span 45 days)`` when the start and end dates are known."""
    try:
        start = datetime.date.fromisoformat(settings.start_date.replace("/", "-"))
        end = datetime.date.fromisoformat(settings.end_date.replace("/", "-"))
    except (ValueError, AttributeError):
        return ""
    days = (end - start).days + 1
    if days <= 0:
        return ""
    return " " + ngettext(
        "(the dates span {days} day)", "(the dates span {days} days)", days
    ).format(days=days)


def _advise(tiebreaks: Any) -> None:
    """The advice of checklist Q211 when a long event breaks ties by rating."""
    from swissdesk.tiebreaks import long_event_advice

    advice = long_event_advice(tuple(tiebreaks))
    if advice:
        print(_("swissdesk: note: {advice}").format(advice=advice), file=sys.stderr)
