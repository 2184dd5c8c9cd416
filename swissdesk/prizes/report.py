"""The prize list as data for the treasurer and for programs: JSON rows and CSV.

Amounts are whole numbers of the plan's unit of account (whole currency units unless the
plan sets ``decimals``); ``amount_text`` is the same amount as the arbiter reads it. Both
are machine-readable: their words (prize names, reasons) are English whatever the arbiter's
or the documents' language (issue 38), as the TRF is.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from swissdesk.i18n import SOURCE_LANGUAGE, using_language
from swissdesk.prizes.compute import PrizeList


def award_rows(prizes: PrizeList) -> list[dict[str, Any]]:
    """One object per line of the prize list: ``prize`` (its label), ``tpn`` (``None``:
    not awarded), ``name``, ``amount`` (units of account), ``amount_text``, ``currency``,
    ``item``, ``category`` (``""``: the standings), ``place``, ``rank`` (in the prize's
    list), ``shared_with`` and ``reason``."""
    with using_language(SOURCE_LANGUAGE):
        return _rows(prizes)


def _rows(prizes: PrizeList) -> list[dict[str, Any]]:
    money = prizes.plan.rules.money
    return [
        {
            "prize": a.label,
            "tpn": a.tpn,
            "name": a.name,
            "amount": a.amount,
            "amount_text": money.plain(a.amount),
            "currency": money.code,
            "item": a.item,
            "category": a.category,
            "place": a.place,
            "rank": a.list_rank if a.tpn is not None else None,
            "prize_amount": a.prize_amount,
            "shared_with": list(a.shared_with),
            "reason": a.reason,
        }
        for a in prizes.awards
    ]


CSV_COLUMNS = ("Prize", "TPN", "Name", "Amount", "Currency", "Item", "Reason")


def csv_text(prizes: PrizeList) -> str:
    """The prize list for the treasurer: one line per payment or item, amounts with their
    decimals and no thousands separator, and a last line with the total paid."""
    with using_language(SOURCE_LANGUAGE):
        return _csv(prizes)


def _csv(prizes: PrizeList) -> str:
    money = prizes.plan.rules.money
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for a in prizes.awards:
        writer.writerow(
            [a.label, a.tpn if a.tpn is not None else "", a.name, money.plain(a.amount),
             money.code, a.item, a.reason]
        )  # fmt: skip
    writer.writerow(["Total paid", "", "", money.plain(prizes.paid), money.code, "", ""])
    return out.getvalue()
