"""The tools FIDE's verification of a tournament program asks for (C.02, checklist Q19-39).

Standard library only, above :mod:`swissdesk.trf` and :mod:`swissdesk.tiebreaks`:

* :mod:`.check` - the Pairing and Tie-break Checker (PTC, ``swissdesk check``): every round of
  a file against the rules of its system, and its rank column against its tie-break list;
* :mod:`.generator` - the Random Tournament Generator (RTG, ``swissdesk generate``);
* :mod:`.pairings`, :mod:`.standings` - the two halves of the check.

Each system plugs in its own pairing check and its own generation
(:func:`.check.register_pairing_checker`, :func:`.generator.register_generator`); the Swiss
systems share the default ones, which pair every round with the system's engine.
"""
