"""The situations of Battle for Fallujah, as the kernel's registry reads them."""

from __future__ import annotations

from ..registry import Procedure
from . import dice_pool, operation, render
from .examples import EXAMPLES

#: What the rulebook says of its dice, for bad-input messages (7.0).
DIE_NOTES: dict[str, tuple[str, str | None]] = {"d6": ("faces numbering 1 to 6", "7")}

RENDER = render.render


def _procedure(name: str, title: str, rule: str, module, input_model, result_model, run,
               cites: tuple[str, ...] = ()) -> Procedure:
    return Procedure(
        name=name, title=title, rule=rule, input_model=input_model, result_model=result_model,
        run=run, cites=cites, examples=tuple(EXAMPLES.get(name, ())),
    )


SITUATIONS: dict[str, Procedure] = {
    p.name: p
    for p in (
        _procedure("dice-pool", "A Dice Pool's successes (7.2-7.4)", "7.2", dice_pool,
                   dice_pool.DicePoolInput, dice_pool.DicePoolAnswer, dice_pool.adjudicate),
        _procedure("operation", "An Operation: Assault, Raid, Search or Strike (17.0-21.0)", "17",
                   operation, operation.OperationInput, operation.OperationAnswer, operation.adjudicate),
    )
}
