"""The error a malformed Tournament Report File gives: where it is and what is wrong."""

from __future__ import annotations

from swissdesk.errors import InputError


class TrfError(InputError):
    """A TRF the reader refuses, located as ``FILE:LINE:COL: what is wrong`` (exit code 2).

    ``line`` and ``column`` are 1-based; either is ``None`` when the problem concerns the
    whole file (for example a file that cannot be read at all).
    """

    def __init__(
        self,
        reason: str,
        *,
        source: str = "<input>",
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.reason = reason
        self.source = source
        self.line = line
        self.column = column
        where = source
        if line is not None:
            where += f":{line}"
            if column is not None:
                where += f":{column}"
        super().__init__(f"{where}: {reason}")
