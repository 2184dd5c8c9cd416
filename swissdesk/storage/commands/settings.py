"""Tournament settings: name, rounds, pairing system, scoring, tie-breaks (one action).

Before round 1 is paired every setting may change. After, the pairing system, the points,
the acceleration and the initial colour are fixed; what may still change and changes the
pairings or the standings is a warning at the level FIDE's checklist asks (C.02 VCL):
the number of rounds Level 4 (Q58), the tie-break list Level 4 out of FIDE mode (Q201; in
FIDE mode it is fixed with round 1, Q200 answered "no"), the points of a late entry's
missed rounds Level 3; each is logged as ``### Configuration @ Round n`` with the values
before and after (Q59, Q202). When the change of the number of rounds makes the last paired
round the final round, or no longer the final round, that round is checked again against the
rules (Q60): if it breaks them now, a Level-3 warning and a ``### Configuration`` line say so
(Q61).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy.orm import Session

from swissdesk.engines.base import fide_approved, system_title
from swissdesk.i18n import N_, _, listed, said, said_n, worded
from swissdesk.model.tournament import ResultCode
from swissdesk.storage import convert
from swissdesk.storage.commands.base import Action, Outcome, check_settings, tournament_row
from swissdesk.storage.commands.fide_mode import check_scoring, ever_left, refuse_in_fide_mode
from swissdesk.storage.errors import ActionRefused
from swissdesk.storage.levels import (
    CONFIGURATION,
    IntegrityEvent,
    Level,
    LevelWarning,
    information,
    integrity_payload,
    require,
)
from swissdesk.storage.sections import in_section
from swissdesk.storage.views import TournamentSettings
from swissdesk.tiebreaks import long_event_advice


@dataclass(frozen=True, slots=True)
class EditSettings(Action):
    """Change the tournament settings (name, rounds, tie-breaks, ...).

    Refused if ``total_rounds`` would be below the rounds already paired, or if the pairing
    system, scoring or acceleration would change after round 1 was paired. ``fide_mode`` is
    not changed here (:class:`~swissdesk.storage.commands.fide_mode.LeaveFideMode`).
    """

    settings: TournamentSettings


def edit_settings(s: Session, a: EditSettings) -> Outcome:
    rec = tournament_row(s)
    before = convert.settings_from_record(rec)
    new = replace(a.settings, fide_mode=before.fide_mode)
    check_settings(new)
    if new.name != before.name:
        from swissdesk.storage.commands.sections import check_section_name

        with in_section(s, None):
            check_section_name(s, new.name, section_id=rec.id)
    last = convert.last_paired_round(s)
    if new.total_rounds < last:
        raise ActionRefused(
            _("the tournament cannot have {total_rounds} rounds: {last} are already paired").format(
                total_rounds=new.total_rounds, last=last
            )
        )
    notes: list[str] = []
    if last >= 1:
        for refusal, old_v, new_v in (
            (N_("the pairing system cannot change once round 1 is paired"), before.system,
             new.system),
            (N_("the point system cannot change once round 1 is paired"), before.scoring,
             new.scoring),
            (N_("the acceleration cannot change once round 1 is paired"), before.acceleration,
             new.acceleration),
            (N_("the initial colour cannot change once round 1 is paired"),
             before.initial_colour, new.initial_colour),
        ):  # fmt: skip
            if old_v != new_v:
                raise ActionRefused(_(refusal))
    elif new.system != before.system:
        if before.fide_mode and not fide_approved(new.system):
            raise refuse_in_fide_mode(
                _("{system} cannot be chosen").format(system=system_title(new.system)),
                _("it is not a FIDE-approved pairing system"),
            )
        if not before.fide_mode and fide_approved(new.system) and not ever_left(rec):
            new = replace(new, fide_mode=True)  # a FIDE-approved system: FIDE mode (Q41)
            notes.append(
                _("{system} is FIDE-approved: the tournament is in FIDE mode").format(
                    system=system_title(new.system)
                )
            )
    if new.scoring != before.scoring or new.fide_mode != before.fide_mode:
        check_scoring(new, new.fide_mode)
    warnings: list[LevelWarning] = []
    events: list[IntegrityEvent] = []
    if last >= 1:
        warnings, events = _changes_after_start(s, before, new, last)
    confirmed = require(
        a.confirmed,
        _(
            "changing the settings after round {last} was paired changes the pairings or the "
            "standings; confirm"
        ).format(last=last),
        warnings,
        consequences=_(
            "the change is recorded in the audit log and in every exported TRF as "
            "'### Configuration'"
        ),
    )
    convert.write_settings(rec, new)
    rec.fide_mode = new.fide_mode
    if convert.rating_context_of(new) != convert.rating_context_of(before):
        convert.resync_official_ratings(s)  # e.g. a rapid event reads the rapid ratings
    payload: dict[str, Any] = {
        "before": convert.settings_to_dict(before),
        "after": convert.settings_to_dict(new),
        **confirmed,
        **integrity_payload(*events),
    }
    if before.fide_mode != new.fide_mode:
        payload["fide_mode_before"] = before.fide_mode
    notes += _unpairable_note(s, new, last)
    if new.rating_rules.long_event and (
        not before.rating_rules.long_event or new.tiebreaks != before.tiebreaks
    ):
        advice = long_event_advice(new.tiebreaks)  # C.02 VCL Q211
        if advice:
            notes.append(advice)
    return said("tournament settings changed"), payload, (*notes, *information(warnings))


def undo_edit_settings(s: Session, payload: Mapping[str, Any]) -> None:
    rec = tournament_row(s)
    convert.write_settings(rec, convert.settings_from_dict(payload["before"]))
    if "fide_mode_before" in payload:
        rec.fide_mode = bool(payload["fide_mode_before"])
    convert.resync_official_ratings(s)


def _changes_after_start(
    s: Session, before: TournamentSettings, new: TournamentSettings, last: int
) -> tuple[list[LevelWarning], list[IntegrityEvent]]:
    """The warnings and ### lines of what changed after round ``last`` was paired."""
    warnings: list[LevelWarning] = []
    events: list[IntegrityEvent] = []

    def changed(level: Level, what: str, old: str, now: str) -> None:
        warnings.append(
            LevelWarning(level, said(SETTING_CHANGES[what], last=last, old=old, now=now))
        )
        events.append(IntegrityEvent(CONFIGURATION, last, f"{what} {old} -> {now}"))

    if new.total_rounds != before.total_rounds:
        changed(Level.DOUBLE, "number of rounds", str(before.total_rounds), str(new.total_rounds))
        was_final = last == before.total_rounds
        is_final = last == new.total_rounds
        if was_final != is_final:
            w, e = _recheck_last_round(s, new, last, is_final)
            warnings += w
            events += e
    if new.tiebreaks != before.tiebreaks:
        # C.02 VCL Q200: in FIDE mode a declared list is fixed with round 1 (an imported
        # file that declared none gets one, Level 4 and logged as any change out of it).
        if before.fide_mode and before.tiebreaks:
            raise refuse_in_fide_mode(
                "the tie-break list cannot change once round 1 is paired",
                "the players were told the list before the start, C.07 art. 2 and C.02 VCL Q200",
            )
        changed(
            Level.DOUBLE,
            "tie-break list",
            ", ".join(before.tiebreaks) or said("none"),
            ", ".join(new.tiebreaks) or said("none"),
        )
    if new.late_entry_result != before.late_entry_result:
        changed(
            Level.CONFIRM_FACTS,
            "result of a late entry's missed rounds",
            repr(before.late_entry_result.value),
            repr(new.late_entry_result.value),
        )
    if new.round_robin != before.round_robin:
        changed(
            Level.DOUBLE,
            "round-robin cycles",
            _cycles(before),
            _cycles(new),
        )
    return warnings, events


SETTING_CHANGES = {
    "number of rounds": N_(
        "number of rounds changes after round {last} was paired: {old} -> {now}"
    ),
    "tie-break list": N_("tie-break list changes after round {last} was paired: {old} -> {now}"),
    "result of a late entry's missed rounds": N_(
        "result of a late entry's missed rounds changes after round {last} was paired: "
        "{old} -> {now}"
    ),
    "round-robin cycles": N_(
        "round-robin cycles changes after round {last} was paired: {old} -> {now}"
    ),
}
"""The Level 3-4 warning of each setting changed after the start, one whole sentence each
(the setting's English name is also the ``### Configuration`` line's)."""


def _cycles(settings: TournamentSettings) -> str:
    rr = settings.round_robin
    if rr.swap_last_two:
        return said_n("{count} cycle", "{count} cycles", rr.cycles, count=rr.cycles)
    return said_n(
        "{count} cycle, last two rounds not reversed",
        "{count} cycles, last two rounds not reversed",
        rr.cycles,
        count=rr.cycles,
    )


def _recheck_last_round(
    s: Session, new: TournamentSettings, last: int, is_final: bool
) -> tuple[list[LevelWarning], list[IntegrityEvent]]:
    """Check round ``last`` again with the new number of rounds (it became the final round,
    or stopped being it: the topscorers' exceptions of C.04.3 art. 1.8 change, Q60)."""
    from swissdesk.engines import get_engine
    from swissdesk.verification.check import pairing_checker

    tournament = replace(
        convert.build_snapshot(s, through=last, pending_as=ResultCode.NOT_PAIRED),
        total_rounds=new.total_rounds,
    )
    try:
        report = pairing_checker(new.system)(tournament, get_engine(new.system), [last])
    except (KeyError, ValueError) as exc:
        why = exc.args[0] if exc.args else exc
        return [
            LevelWarning(
                Level.CONFIRM_FACTS,
                said(
                    "round {last} became the final round and could not be checked again: {why}",
                    last=last,
                    why=str(why),
                )
                if is_final
                else said(
                    "round {last} is no longer the final round and could not be checked "
                    "again: {why}",
                    last=last,
                    why=str(why),
                ),
            )
        ], []
    problems = [d for r in report.rounds for d in r.differences]
    if not problems:
        return [
            LevelWarning(
                Level.INFORMATION,
                said(
                    "round {last} became the final round; checked again, its pairing still "
                    "follows the rules",
                    last=last,
                )
                if is_final
                else said(
                    "round {last} is no longer the final round; checked again, its pairing "
                    "still follows the rules",
                    last=last,
                ),
            )
        ], []
    listed_problems = listed(problems)
    text = (
        said(
            "round {last} became the final round and no longer follows the rules: {problems}",
            last=last,
            problems=listed_problems,
        )
        if is_final
        else said(
            "round {last} is no longer the final round and no longer follows the rules: "
            "{problems}",
            last=last,
            problems=listed_problems,
        )
    )
    return [LevelWarning(Level.CONFIRM_FACTS, text)], [
        IntegrityEvent(CONFIGURATION, last, f"re-checked: {'; '.join(problems)}")
    ]


def _unpairable_note(s: Session, settings: TournamentSettings, last: int) -> list[str]:
    """Before round 1: a note when the rounds cannot all be paired (C.02 VCL Q62)."""
    if last:
        return []
    from swissdesk.storage.commands.rounds import unpairable_rounds_warning

    warning = unpairable_rounds_warning(s, settings.total_rounds, settings.system)
    return [worded(warning)] if warning else []  # a note: in the reader's language now
