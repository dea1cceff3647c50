"""Each game row names the game it plays; the rows written before are games of Phantom Fury,
the only game the companion served until then.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # ADD COLUMN with a default fills the existing rows in place, on SQLite and PostgreSQL alike
    # (no table copy: on SQLite a copy would drop the old table and cascade to its events).
    op.add_column(
        "games",
        sa.Column("game", sa.String(64), nullable=False, server_default="phantom-fury"),
    )


def downgrade() -> None:
    op.drop_column("games", "game")  # SQLite >= 3.35 drops a column in place
