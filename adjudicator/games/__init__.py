"""The games' adjudicator packs: one sub-package per game (``adjudicator.games.<package>``), each
found by the registry from its ``game.yaml`` ``package`` and never imported by the kernel."""
