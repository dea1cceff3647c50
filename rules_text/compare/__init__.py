"""Compare the English and French rulebooks: alignment, automatic finder, register, report."""
