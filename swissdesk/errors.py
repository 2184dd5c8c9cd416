"""Errors an arbiter can cause, each with the exit code the command line gives for it.

Anything raised as a :class:`SwissdeskError` is shown as its message, never a traceback.
"""

from __future__ import annotations


class SwissdeskError(Exception):
    """An error with a message meant for the arbiter."""

    exit_code = 2


class InputError(SwissdeskError):
    """Bad input: a malformed file or an impossible request (exit code 2)."""

    exit_code = 2


class NoPairingError(SwissdeskError):
    """No valid pairing exists (exit code 1)."""

    exit_code = 1
