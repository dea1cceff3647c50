"""The player's own copy of a game: facts its components print and its rulebook does not (a map's
areas, counters' values), keyed once and offered to every later game (web/copies.py).

Revision ID: 0004_game_copies
Revises: 0003_rulings
"""

from __future__ import annotations

import sqlalchemy as sa

from web.migrations.kept import create_kept_for_a_game, drop_kept_for_a_game

revision = "0004_game_copies"
down_revision = "0003_rulings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    create_kept_for_a_game(
        "game_copies",
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game", "name", name="uq_game_copies_game_name"),
    )


def downgrade() -> None:
    drop_kept_for_a_game("game_copies")
