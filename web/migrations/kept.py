"""The tables of what a player keeps for one game (their rulings, their copy of its components),
as the migrations create and drop them: a row's own id, the game's id (indexed), then the
table's own columns. The app declares the same shape once for its queries
(:func:`web.db.kept_for_a_game`).

Applied migrations call these functions: changing what they create would change the schema of
revisions already applied. A new shape is a new function.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.sql.schema import SchemaItem


def create_kept_for_a_game(name: str, *items: SchemaItem) -> None:
    """Create the table ``name``: ``id``, ``game``, then ``items`` (columns, constraints), and
    its index on ``game`` (``ix_<name>_game``)."""
    op.create_table(
        name,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(64), nullable=False),
        *items,
    )
    op.create_index(f"ix_{name}_game", name, ["game"])


def drop_kept_for_a_game(name: str) -> None:
    """Drop the table ``name`` and its index on ``game``."""
    op.drop_index(f"ix_{name}_game", table_name=name)
    op.drop_table(name)
