"""Maximum-weight general matching with warm starts (see :mod:`.computer`)."""

from swissdesk.engines.matching.computer import MatchingComputer

__all__ = ["MatchingComputer"]
