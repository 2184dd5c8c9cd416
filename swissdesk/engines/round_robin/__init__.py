"""Round robins paired by the Berger tables and Scheveningen events, registered as
``round-robin`` and ``scheveningen`` (FIDE Handbook C.05, General Regulations for
Competitions: Annex 1 Berger tables, Annex 2 Varma tables, art. 6.6 withdrawals).

* :mod:`.tables` - the Berger tables for any size, the Scheveningen schedule, cycles;
* :mod:`.lots` - pairing numbers drawn by lot or restricted by the Varma tables;
* :mod:`.engine` - a round's pairing read from the schedule;
* :mod:`.verify` - a tournament checked against its tables, and the checks of a round
  robin paired by hand (everyone meets once per cycle, no three colours in a row).

docs/engines/round-robin.md maps every article to the code.
"""

from __future__ import annotations

from swissdesk.engines.base import register
from swissdesk.engines.round_robin.engine import (
    RoundRobinEngine,
    ScheveningenEngine,
    scheduled_round,
)
from swissdesk.engines.round_robin.tables import berger_round, berger_table, schedule
from swissdesk.model.round_robin import DEFAULT_TIEBREAKS

register("round-robin", RoundRobinEngine)
register("scheveningen", ScheveningenEngine)

__all__ = [
    "DEFAULT_TIEBREAKS",
    "RoundRobinEngine",
    "ScheveningenEngine",
    "berger_round",
    "berger_table",
    "schedule",
    "scheduled_round",
]
