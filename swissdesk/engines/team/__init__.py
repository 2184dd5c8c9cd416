"""The Team Pairing System (FIDE C.04.6, applied from 1 February 2026), registered as ``team``.

Teams are paired by their primary score (match points by default, art. 1.2), the match
coloured by its first board (art. 1.6.1). The engine follows art. 3.3.2 step by step:

1. the PAB (art. 3.4) if the number of teams is odd: a drawn match by default (art. 1.4);
2. the top-scoregroup with its set of upfloaters (art. 3.5, [C4]-[C7]);
3. the bracket's pairing (art. 3.6, [C1], [C8]-[C10]), repeated until all are paired;
4. colours (art. 4: first-team 4.2, steps 4.3.1-4.3.9), then board order (C.04.2 art. 3.6).

Every "first in the text's order that complies best" is computed exactly by one maximum
weighted matching with lexicographic bit-field weights (``engine.py`` explains each field),
so a round of 200 or 500 teams needs a handful of matchings, no enumeration. Baku
acceleration (C.04.7 art. 1, virtual match points) enters through the pairing score. An
independent check of [C1]/[C2] and completeness (``verify.py``) runs after every pairing.

Readings (``../shared/corpus/readings.md``, "Double-Swiss and Team"): D-C4, D-C5, D-C6 (a),
D-C6C7-CHOICE (a), D-FLOAT, D-PLAYED, D-TB-MILD (a), D-TB-ORDER (a), D-T-PREF, D-T-C8C9,
D-T-PAB-GP, D-T-PRIMARY, D-BOARD, D-LAST, D-C2-FPB, D-IMPOSSIBLE. Documentation with the
measured agreement and speed: ``docs/engines/team.md``.
"""

from swissdesk.engines.base import register
from swissdesk.engines.team.engine import TeamEngine

__all__ = ["TeamEngine"]

register("team", TeamEngine)
