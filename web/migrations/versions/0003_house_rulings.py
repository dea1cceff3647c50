"""The player's own rulings (a clarification with its source, or a house ruling), each tied to
rule ids of one game and perhaps picking a reading of a registered ambiguity (web/rulings.py).

Revision ID: 0003_rulings
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa

from web.migrations.kept import create_kept_for_a_game, drop_kept_for_a_game

revision = "0003_rulings"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    create_kept_for_a_game(
        "house_rulings",
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("source", sa.Text, nullable=False),
        sa.Column("ambiguity", sa.String(64), nullable=True),
        sa.Column("reading", sa.String(64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    drop_kept_for_a_game("house_rulings")
