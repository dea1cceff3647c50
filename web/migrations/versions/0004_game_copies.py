"""The player's own copy of a game: facts its components print and its rulebook does not (a map's
areas, counters' values), keyed once and offered to every later game (web/copies.py).

Revision ID: 0004_game_copies
Revises: 0003_rulings
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_game_copies"
down_revision = "0003_rulings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_copies",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game", "name", name="uq_game_copies_game_name"),
    )
    op.create_index("ix_game_copies_game", "game_copies", ["game"])


def downgrade() -> None:
    op.drop_index("ix_game_copies_game", table_name="game_copies")
    op.drop_table("game_copies")
