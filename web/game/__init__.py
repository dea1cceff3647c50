"""A game of Phantom Fury as an event log: actions (pydantic), pure moves, the state they fold
into, and the reminders each Phase draws from the rules. No I/O here: :mod:`web.store` keeps
the log in the database."""
