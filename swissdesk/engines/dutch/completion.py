"""The completion criterion [C4] as a cardinality-matching check (C.04.3 art. 2.2).

The Dutch engine optimises each bracket on a small graph of the bracket's players only, and
asks this module whether the pairs it chose can be completed: can every other player still
to be paired be paired too, with at most one player left over who may take the PAB ([C2],
[C5])? The answer comes from a perfect matching of the remaining players plus, when their
number is odd, a dummy *PAB vertex* joined to every player who may take the bye.

The module keeps one complete pairing of the whole field and repairs it with augmenting
paths (Edmonds' blossom search, cardinality version) after each change, so a check costs
about as much as the few paths it needs, not a full matching.

The check itself is the one every engine shares
(:class:`swissdesk.engines.matching.cardinality.CompletionOracle`); this module names it for
the Dutch engine.
"""

from swissdesk.engines.matching.cardinality import UNMATCHED, CompletionOracle, row_typecode

__all__ = ["UNMATCHED", "CompletionOracle", "row_typecode"]
