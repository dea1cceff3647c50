"""Pure game math over the rulebook's tables: no I/O, inputs and outputs are pydantic models."""
