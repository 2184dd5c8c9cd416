"""FIDE Tournament Report File (TRF16 / TRF-2026) reader and writer (standard library only).

Public API: :func:`parse_trf`, :func:`read_trf`, :func:`format_trf`, :func:`write_trf` and
:func:`read_tournament` (a TRF or a JSON tournament state), and :class:`TrfError` (an :class:`~swissdesk.errors.InputError`: exit code 2, message
``FILE:LINE:COL: what is wrong``).
"""

from swissdesk.trf.errors import TrfError
from swissdesk.trf.json_state import read_json_state, read_tournament
from swissdesk.trf.reader import parse_trf, read_trf
from swissdesk.trf.writer import format_trf, write_trf

__all__ = [
    "TrfError",
    "format_trf",
    "parse_trf",
    "read_json_state",
    "read_tournament",
    "read_trf",
    "write_trf",
]
