"""The venue: the tournament on every phone and every screen in the hall, from the
arbiter's laptop, live, with no internet (issue 34).

A web server of its own process (Starlette on uvicorn, Jinja2 templates and the static
files shipped with the package; no CDN, nothing fetched at run time) that reads the
tournament files (and writes only the players' check-ins and result reports the arbiter
opened, :mod:`swissdesk.venue.phones`), through the storage read models and the wall lists' computation the
PDFs use (:mod:`swissdesk.lists`). Layer: beside :mod:`swissdesk.reports`, below the GUI
and the command line; never imports either.

- :mod:`.data`: what the pages show of one tournament, read once per change.
- :mod:`.source`: the files served, their sections, change detection.
- :mod:`.pages`: which address shows what; links on the server and in an export.
- :mod:`.render`: the templates, rendered once per page and change.
- :mod:`.display`: the hall's display mode (rotating pages, announcement, clock).
- :mod:`.app`: the web application: pages, live updates (Server-Sent Events), safety.
- :mod:`.server`: binding, limits against slow and greedy clients, running uvicorn.
- :mod:`.publish`: the same pages as a static site (a folder or a zip).
- :mod:`.qr`: QR codes of the address (segno).
"""

import swissdesk.translations  # noqa: F401  (installs CLDR's number formats: swissdesk.i18n)
