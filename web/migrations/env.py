"""Alembic environment: run programmatically by :func:`web.db.upgrade` on the app's connection."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run the migrations through web.db.upgrade (the app does it at start)")

context.configure(connection=connection, target_metadata=None, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
