"""Tournament settings: name, rounds, pairing system, scoring, tie-breaks (one action)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from swissdesk.storage import convert
from swissdesk.storage.commands.base import Action, Outcome, check_settings, tournament_row
from swissdesk.storage.errors import ActionRefused
from swissdesk.storage.sections import in_section
from swissdesk.storage.views import TournamentSettings


@dataclass(frozen=True, slots=True)
class EditSettings(Action):
    """Change the tournament settings (name, rounds, tie-breaks, ...).

    Refused if ``total_rounds`` would be below the rounds already paired, or if the pairing
    system, scoring or acceleration would change after round 1 was paired.
    """

    settings: TournamentSettings


def edit_settings(s: Session, a: EditSettings) -> Outcome:
    rec = tournament_row(s)
    before = convert.settings_from_record(rec)
    new = a.settings
    check_settings(new)
    if new.name != before.name:
        from swissdesk.storage.commands.sections import check_section_name

        with in_section(s, None):
            check_section_name(s, new.name, section_id=rec.id)
    last = convert.last_paired_round(s)
    if new.total_rounds < last:
        raise ActionRefused(
            f"the tournament cannot have {new.total_rounds} rounds: {last} are already paired"
        )
    if last >= 1:
        for label, old_v, new_v in (
            ("pairing system", before.system, new.system),
            ("point system", before.scoring, new.scoring),
            ("acceleration", before.acceleration, new.acceleration),
            ("initial colour", before.initial_colour, new.initial_colour),
        ):
            if old_v != new_v:
                raise ActionRefused(f"the {label} cannot change once round 1 is paired")
    convert.write_settings(rec, new)
    payload = {
        "before": convert.settings_to_dict(before),
        "after": convert.settings_to_dict(new),
    }
    return "tournament settings changed", payload, ()


def undo_edit_settings(s: Session, payload: Mapping[str, Any]) -> None:
    convert.write_settings(tournament_row(s), convert.settings_from_dict(payload["before"]))
