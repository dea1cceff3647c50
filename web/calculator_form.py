"""The calculator's form, generated from a situation's input model (its JSON Schema).

Each field of the adjudicator's pydantic model becomes one control: a select for a choice
(``Literal``), a number with its range, a checkbox for a yes/no, a list of numbers. A die is
known from the schema (``json_schema_extra={"die": "d10"}``), not from its bounds: dice, and
everything under ``rolls``, go apart, in the "roll" part of the page, entered after the odds
have been read (with what the game's companion adds there, such as a drawn counter's value).
The form holds values only; the adjudicator stays the one judge of what is allowed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import games as registry


@dataclass(frozen=True)
class Field:
    """One control of the form: ``path`` is the dotted JSON path (``shooter.cf``)."""

    path: str
    kind: str  #: select, number, checkbox, tristate (yes, no, not said), numbers, text, json
    required: bool
    options: tuple[str, ...] = ()
    nullable: bool = False
    minimum: int | None = None
    maximum: int | None = None
    default: Any = None
    #: a die the app may roll for the player ("d10", "d6"), as the schema marks it
    die: str | None = None
    #: entered after the odds: a die or a drawn counter's CF
    roll: bool = False
    value: Any = None
    #: required once other fields hold one of these values (the schema's ``required_when``, by
    #: sibling name, here by path): a value asked for only in some cases
    required_when: dict[str, tuple[Any, ...]] = field(default_factory=dict)

    @property
    def face(self) -> bool:
        """A die's face (the app may roll it)."""
        return self.die is not None

    @property
    def name(self) -> str:
        return self.path.rsplit(".", 1)[-1]

    @property
    def id(self) -> str:
        return "f-" + self.path.replace(".", "-")


@dataclass(frozen=True)
class Group:
    """The fields of one sub-model (``shooter``, ``target``, ``rolls``) or of the situation itself."""

    name: str  #: "" for the situation's own fields
    fields: list[Field] = field(default_factory=list)


def _resolve(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in node:
        found: dict[str, Any] = schema["$defs"][node["$ref"].rsplit("/", 1)[-1]]
        return found
    return node


def die_of(node: dict[str, Any]) -> str | None:
    """The die a schema node holds (``"die": "d10"``), looking inside ``anyOf`` (an optional die)."""
    for option in [node, *node.get("anyOf", ())]:
        if isinstance(option.get("die"), str):
            return str(option["die"])
    return None


@dataclass(frozen=True)
class Hints:
    """What a game's companion adds to its forms: the options of a field the schema leaves free
    (a table's keys), and the fields entered after the odds besides dice."""

    options: dict[str, tuple[str, ...]] = field(default_factory=dict)
    after_odds: frozenset[str] = frozenset()


def hints(game: str) -> Hints:
    """The hints of a game's companion (none for a game without one)."""
    if not registry.has_companion(game):
        return Hints()
    hooks = registry.companion(game).calculator
    return Hints(options=dict(hooks.options()), after_odds=frozenset(hooks.after_odds))


def _field(path: str, node: dict[str, Any], required: bool, in_rolls: bool, given: Hints) -> Field:
    options = node.get("anyOf") or [node]
    nullable = any(o.get("type") == "null" for o in options)
    main: dict[str, Any] = next((o for o in options if o.get("type") != "null"), {})
    name = path.rsplit(".", 1)[-1]
    die = die_of(node)
    roll = in_rolls or die is not None or name in given.after_odds
    parent = path.rpartition(".")[0]
    when = {(f"{parent}.{sibling}" if parent else sibling): tuple(values)
            for sibling, values in (node.get("required_when") or {}).items()}
    common: dict[str, Any] = {"path": path, "required": required, "nullable": nullable,
                              "default": node.get("default"), "roll": roll, "required_when": when}
    if "enum" in main:
        return Field(kind="select", options=tuple(main["enum"]), **common)
    if name in given.options:
        return Field(kind="select", options=given.options[name], **common)
    if main.get("type") == "boolean":
        #: a yes/no the player may leave unknown (None) is a three-way select
        return Field(kind="tristate" if nullable else "checkbox", **common)
    if main.get("type") == "array":
        items = main.get("items") or {}
        #: a list of objects (defenders, areas) or of anything but numbers: its JSON, edited as text
        if "$ref" in items or items.get("type") not in ("integer", "number"):
            return Field(kind="json", **common)
        return Field(kind="numbers", **common)
    if "$ref" in main or main.get("type") in ("object", None) and "minimum" not in main:
        return Field(kind="json", **common)
    if main.get("type") == "string":
        return Field(kind="text", **common)
    return Field(kind="number", minimum=main.get("minimum"), maximum=main.get("maximum"), die=die, **common)


def form(schema: dict[str, Any], game: str) -> list[Group]:
    """The groups of fields of a situation's input schema, in the model's order; the ruleset is
    left out (a page-wide switch)."""
    given = hints(game)
    top = Group("")
    groups = [top]
    required = set(schema.get("required", ()))
    for name, node in schema["properties"].items():
        if name == "ruleset":
            continue
        ref = node if "$ref" in node else next((o for o in node.get("anyOf", []) if "$ref" in o), None)
        sub = _resolve(schema, ref) if ref else node
        if sub.get("type") == "object" and "properties" in sub:
            group = Group(name)
            inner = set(sub.get("required", ()))
            for child, child_node in sub["properties"].items():
                group.fields.append(_field(f"{name}.{child}", child_node, child in inner, name == "rolls", given))
            groups.append(group)
        else:
            top.fields.append(_field(name, node, name in required, False, given))
    return groups


def _lookup(data: dict[str, Any], path: str) -> Any:
    node: Any = data
    for key in path.split("."):
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
    return node


def split(groups: list[Group]) -> tuple[list[Group], list[Field]]:
    """The situation's groups without the dice, and the dice (and drawn CFs) of every group."""
    rolls = [f for g in groups for f in g.fields if f.roll]
    kept = [Group(g.name, [f for f in g.fields if not f.roll]) for g in groups]
    return [g for g in kept if g.fields], rolls


def with_values(groups: list[Group], data: dict[str, Any]) -> list[Group]:
    """The same groups, each field holding its prefilled value, else its default."""
    out = []
    for group in groups:
        fields = []
        for f in group.fields:
            value = _lookup(data, f.path)
            fields.append(Field(**{**f.__dict__, "value": f.default if value is None else value}))
        out.append(Group(group.name, fields))
    return out
