"""Named, ordered migrations: 0001_event_log, ..."""
