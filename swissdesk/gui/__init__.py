"""The swissdesk desktop application (PySide6, model/view).

The GUI talks only to the storage service (:mod:`swissdesk.storage`), the tie-breaks (for
the standings view) and the reports (for printing). Pairing engines run only inside the
pairing worker (:mod:`swissdesk.gui.pairing`), on a plain :class:`~swissdesk.model.Tournament`
snapshot, never on the database.

This package module imports no Qt so that the engine child process started by the pairing
worker (:mod:`swissdesk.gui.engine_job`) stays light; import :mod:`swissdesk.gui.app` for
:func:`~swissdesk.gui.app.run_app` and :mod:`swissdesk.gui.mainwindow` for the window.
"""
