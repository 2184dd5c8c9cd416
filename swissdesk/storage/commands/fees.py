"""Entry fees (issue 35): what each player owes and has paid, in cents.

The check-in desk takes the entry fee as players arrive: the arbiter records the amount
due and the amount paid per player (integers, cents of the event's currency: no float
ever holds money), and the check-in list prints both with their totals. Each change is one
action with its audit row, undone as any other.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from swissdesk.i18n import _, said
from swissdesk.storage.commands.base import Action, Outcome, player_by_tpn
from swissdesk.storage.errors import ActionRefused
from swissdesk.storage.schema import MAX_FEE_CENTS, EntryFeeRecord, PlayerRecord


@dataclass(frozen=True, slots=True)
class SetEntryFee(Action):
    """Record player ``tpn``'s entry fee: ``due`` (what the player owes) and ``paid``
    (what the desk received), in cents; ``None`` keeps the amount recorded (0 if none)."""

    tpn: int
    due: int | None = None
    paid: int | None = None


def cents_text(cents: int) -> str:
    """``2500`` -> ``25.00`` (the audit log's and the command line's way to write cents)."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole:,}.{part:02d}"


def set_entry_fee(s: Session, a: SetEntryFee) -> Outcome:
    if a.due is None and a.paid is None:
        raise ActionRefused(_("give the fee due, the amount paid, or both"))
    for value in (a.due, a.paid):
        if value is not None and not 0 <= value <= MAX_FEE_CENTS:
            raise ActionRefused(
                _("{amount} is not an entry fee swissdesk records (from 0 to {highest})").format(
                    amount=cents_text(value), highest=cents_text(MAX_FEE_CENTS)
                )
            )
    rec = player_by_tpn(s, a.tpn)
    row = s.get(EntryFeeRecord, rec.id)
    before = None if row is None else {"due": row.due, "paid": row.paid}
    due = a.due if a.due is not None else (row.due if row is not None else 0)
    paid = a.paid if a.paid is not None else (row.paid if row is not None else 0)
    if before == {"due": due, "paid": paid}:
        raise ActionRefused(
            _("the entry fee of no. {number} {name} is recorded so already (due {due}, paid "
              "{paid})").format(number=rec.tpn, name=rec.name, due=cents_text(due),
                                paid=cents_text(paid))
        )  # fmt: skip
    if row is None:
        s.add(EntryFeeRecord(player_id=rec.id, due=due, paid=paid))
    else:
        row.due, row.paid = due, paid
    s.flush()
    summary = said(
        "entry fee of no. {tpn} {name}: due {due}, paid {paid}",
        tpn=rec.tpn,
        name=rec.name,
        due=cents_text(due),
        paid=cents_text(paid),
    )
    return summary, {"player_id": rec.id, "before": before}, ()


def undo_set_entry_fee(s: Session, payload: Mapping[str, Any]) -> None:
    row = s.get(EntryFeeRecord, int(payload["player_id"]))
    before = payload["before"]
    if before is None:
        if row is not None:
            s.delete(row)
        return
    if row is None:
        s.add(EntryFeeRecord(player_id=int(payload["player_id"]), due=int(before["due"]),
                             paid=int(before["paid"])))  # fmt: skip
    else:
        row.due, row.paid = int(before["due"]), int(before["paid"])


def entry_fees(s: Session) -> dict[int, tuple[int, int]]:
    """TPN -> (due, paid) in cents, for the section's players with a fee recorded."""
    rows = s.execute(
        select(PlayerRecord.tpn, EntryFeeRecord.due, EntryFeeRecord.paid).join(
            EntryFeeRecord, EntryFeeRecord.player_id == PlayerRecord.id
        )
    )
    return {int(tpn): (int(due), int(paid)) for tpn, due, paid in rows}


def fee_of(s: Session, player_id: int) -> dict[str, int] | None:
    """A player's fee as a payload keeps it (``RemovePlayer``'s Undo puts it back)."""
    row = s.get(EntryFeeRecord, player_id)
    return None if row is None else {"due": row.due, "paid": row.paid}


def restore_fee(s: Session, player_id: int, fee: Mapping[str, Any] | None) -> None:
    if fee is not None:
        s.add(EntryFeeRecord(player_id=player_id, due=int(fee["due"]), paid=int(fee["paid"])))
