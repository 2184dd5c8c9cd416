"""What the wall lists show, computed once for every place that shows them: the printed
documents (:mod:`swissdesk.reports`), the window and the venue's web pages
(:mod:`swissdesk.venue`).

Standard library only (above :mod:`swissdesk.model` and :mod:`swissdesk.tiebreaks`):
the boards of a round in publishing order and who has no board (:mod:`.board_order`),
the standings with their tie-break columns and the round to rank after (:mod:`.standings`),
the cross table's cells (:mod:`.crosstable`) and a round robin's square table
(:mod:`.round_robin_grid`).
"""
