"""swissdesk: a Swiss-system chess tournament manager for arbiters."""

__version__ = "0.1.0"
