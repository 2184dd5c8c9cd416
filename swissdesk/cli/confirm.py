"""The warning levels on the command line (:mod:`swissdesk.storage.levels`).

An action whose warnings need the arbiter's confirmation (Level 2, 3 or 4) is refused with
its facts on standard error and exit code 4, nothing changed; ``--yes-i-know LEVEL``
confirms every warning up to ``LEVEL`` (scripts). At a terminal without the option the
command asks instead: once for Level 2 and 3, twice for Level 4 (the facts, then the
consequences). Level 5 (refused in FIDE mode) is an error like any refused action (exit 2).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Callable
from typing import Any, TypeVar

from swissdesk.errors import SwissdeskError
from swissdesk.i18n import _, pgettext

_T = TypeVar("_T")

CONFIRMATION_EXIT_CODE = 4


class NotConfirmed(SwissdeskError):
    """The action needs a confirmation the command line did not give (exit code 4)."""

    exit_code = CONFIRMATION_EXIT_CODE


def add_confirm_option(parser: argparse.ArgumentParser) -> None:
    """``--yes-i-know LEVEL`` on a command that runs an arbiter's action."""
    parser.add_argument(
        "--yes-i-know",
        type=int,
        choices=(1, 2, 3, 4),
        default=0,
        metavar="LEVEL",
        help=_(
                 "confirm the action's warnings up to LEVEL (2: confirm, 3: confirm with the "
                 "facts, 4: double confirmation); without it a warning stops the action (exit "
                 "4), or at a terminal it is asked"
             ),
    )


def confirmed_level(args: argparse.Namespace) -> int:
    return int(getattr(args, "yes_i_know", 0) or 0)


def execute(tf: Any, action: Any, args: argparse.Namespace) -> Any:
    """Run ``action`` on the open tournament ``tf`` with the confirmation the command line
    gives (or the arbiter answers at the terminal)."""
    level = confirmed_level(args)
    return confirming(
        lambda confirmed: tf.execute(dataclasses.replace(action, confirmed=confirmed)), level
    )


def confirming(run: Callable[[int], _T], level: int) -> _T:
    """``run(level)``; when it asks for a higher confirmation, ask at a terminal (and run
    again with the level answered) or explain and stop."""
    from swissdesk.storage import ConfirmationRequired

    try:
        return run(level)
    except ConfirmationRequired as exc:
        show(exc)
        if level == 0 and _interactive() and ask(exc):
            return run(int(exc.level))
        raise NotConfirmed(
            _("{refusal}. Nothing was changed: repeat with --yes-i-know {level} to confirm").format(
                refusal=exc, level=int(exc.level)
            )
        ) from None


def show(exc: Any) -> None:
    """The warnings with their level, on standard error."""
    level = int(exc.level)
    heading = (
        _("swissdesk: Level {level} warning (double confirmation needed):")
        if level == 4
        else _("swissdesk: Level {level} warning (confirmation needed):")
    )
    print(heading.format(level=level), file=sys.stderr)
    for item in exc.items:
        print(
            _("  - [Level {level}] {text}").format(level=int(item.level), text=item.shown),
            file=sys.stderr,
        )
    if exc.consequences:
        print(f"  {exc.consequences}", file=sys.stderr)


def _interactive() -> bool:
    return sys.stdin.isatty() and sys.stderr.isatty()


def ask(exc: Any) -> bool:
    """At a terminal: once ("yes", or the arbiter's language's word), and for Level 4 a
    second time."""
    word = yes_word()
    if not _yes(_("Go on? Type '{yes}' to confirm: ").format(yes=word)):
        return False
    if int(exc.level) >= 4:
        return _yes(
            _(
                "Second confirmation (Level 4), it cannot be taken back. Type '{yes}' again: "
            ).format(yes=word)
        )
    return True


def yes_word() -> str:
    """The word that confirms at the terminal, in the arbiter's language ("yes" always
    works too)."""
    return pgettext("the answer typed to confirm", "yes")


def _yes(prompt: str) -> bool:
    print(prompt, end="", file=sys.stderr, flush=True)
    answer = sys.stdin.readline().strip().lower()
    return answer in ("yes", yes_word().lower())
