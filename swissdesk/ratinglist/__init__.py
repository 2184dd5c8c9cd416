"""The FIDE rating list offline: import once at home, look players up at the venue.

:mod:`~swissdesk.ratinglist.parse` streams FIDE's XML and TXT lists (zipped or not),
:mod:`~swissdesk.ratinglist.store` keeps them in a SQLite database in the user's data folder
and answers lookups by name prefix (accents and case ignored) or FIDE ID in milliseconds.
"""

from __future__ import annotations

import os
from pathlib import Path

from swissdesk.ratinglist.names import search_key
from swissdesk.ratinglist.parse import (
    RATING_KINDS,
    ImportCancelled,
    ListedPlayer,
    RatingListError,
)
from swissdesk.ratinglist.store import (
    DEFAULT_SOURCE,
    ImportSummary,
    Match,
    RatingList,
    SourceInfo,
)

DATABASE_VARIABLE = "SWISSDESK_RATING_LIST"
"""Environment variable naming another rating list database (tests, several lists)."""
DATABASE_NAME = "rating-list.sqlite"


def default_database_path() -> Path:
    """Where the rating list lives: ``$SWISSDESK_RATING_LIST``, the portable ``settings``
    folder, else the user's data folder (never inside a tournament file)."""
    override = os.environ.get(DATABASE_VARIABLE)
    if override:
        return Path(override)
    from swissdesk.paths import portable_settings_directory

    portable = portable_settings_directory()
    if portable is not None:
        return portable / DATABASE_NAME
    import platformdirs

    return Path(platformdirs.user_data_dir("swissdesk", appauthor=False)) / DATABASE_NAME


def default_rating_list() -> RatingList:
    """The rating list at :func:`default_database_path`."""
    return RatingList(default_database_path())


__all__ = [
    "DEFAULT_SOURCE",
    "RATING_KINDS",
    "ImportCancelled",
    "ImportSummary",
    "ListedPlayer",
    "Match",
    "RatingList",
    "RatingListError",
    "SourceInfo",
    "default_database_path",
    "default_rating_list",
    "search_key",
]
