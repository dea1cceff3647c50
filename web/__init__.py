"""Presentation layer: the ``fallujah`` command line and the web companion."""
