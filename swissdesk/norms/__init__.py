"""Title norms: which players made a GM, IM, WGM or WIM norm, what the others still need,
and the data of the norm certificate (FIDE Title Regulations effective from 1 January 2024).

Standard library only, below storage: the window, the norm report PDF and ``swissdesk
norms`` show the one computation :func:`evaluate_norms` makes. Storage only keeps the
arbiter's declaration (:class:`NormSettings`).
"""

from swissdesk.norms.evaluate import (
    NormCheck,
    NormForecast,
    NormGame,
    NormReport,
    NormResult,
    NormSettings,
    PlayerNorms,
    SwissExemption,
    describe_forecast,
    evaluate_norms,
    predetermined,
    report_dict,
    result_dict,
)
from swissdesk.norms.regulations import (
    EVENT_EXEMPTIONS,
    REQUIREMENTS,
    TITLE_REGULATIONS,
    NormRequirement,
    NormTitle,
    norms_sought,
)

__all__ = [
    "EVENT_EXEMPTIONS",
    "REQUIREMENTS",
    "TITLE_REGULATIONS",
    "NormCheck",
    "NormForecast",
    "NormGame",
    "NormReport",
    "NormRequirement",
    "NormResult",
    "NormSettings",
    "NormTitle",
    "PlayerNorms",
    "SwissExemption",
    "describe_forecast",
    "evaluate_norms",
    "norms_sought",
    "predetermined",
    "report_dict",
    "result_dict",
]
