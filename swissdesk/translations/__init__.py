"""The message catalogs of every language swissdesk speaks (issue 38) and the toolchain that
keeps them (Babel): ``python -m swissdesk.translations extract|update|compile|check``.

``<area>.pot`` (``gui``, ``reports``, ``venue``, ``cli``, ``storage``, ``core``: one per area
of the source, so translators of different areas never edit one file) is the template
extracted from the source (every ``_()``, ``ngettext``, ``pgettext``, ``npgettext`` and ``N_``
in ``swissdesk/`` and every ``{{ _("...") }}`` / ``{% trans %}`` in the venue's templates); ``<ll>/LC_MESSAGES/<area>.po`` holds a
language's translations and ``<area>.mo`` beside it the compiled form that
:mod:`swissdesk.i18n` reads at run time. Files are written sorted and without source
locations, so two branches adding messages rarely touch the same lines.
"""

from swissdesk.i18n import install_number_formats
from swissdesk.translations.formats import BabelNumbers

install_number_formats(BabelNumbers())
