"""Alembic migrations of the companion's database (run by web.db.upgrade)."""
