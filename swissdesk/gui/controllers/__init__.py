"""The page controllers: each page's own actions, one module per page.

A controller holds the window (``self.w``) to reach the open file, the prompter, the shared
read state (settings, players, rounds paired) and the action lane
(:meth:`MainWindow.run_action <swissdesk.gui.mainwindow.MainWindow.run_action>`). Its
methods are the slots of the menu table (:mod:`swissdesk.gui.menus`), e.g.
``"players.add_player"``. Pairing is in :mod:`swissdesk.gui.pairing`, printing in
:mod:`swissdesk.gui.printing`.
"""
