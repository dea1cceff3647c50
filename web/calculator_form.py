"""The calculator's form, generated from a situation's input model (its JSON Schema).

Each field of the adjudicator's pydantic model becomes one control: a select for a choice
(``Literal``), a number with its range, a checkbox for a yes/no, a list of numbers, and a list of
objects (defenders, supporting units, areas) as rows the player adds and removes, one control per
field of the object; a nested object's fields are the group's own (``state.advantage.owner``).
Never a JSON text box. A die is
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
    kind: str  #: select, number, checkbox, tristate (yes, no, not said), numbers, words, text, auto (a number or a word), rows
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
    #: a list of objects (``rows``): the controls of one row, paths relative to the row
    columns: tuple[Field, ...] = ()
    #: the rows holding the prefilled list, each its controls with their whole paths
    #: (``defenders.0.cf``); ``blank`` is a new row's, numbered ``__i__`` until added
    rows: tuple[tuple[Field, ...], ...] = ()
    blank: tuple[Field, ...] = ()
    #: rows sent as an object, each row's ``key`` naming its ``value`` (a die rolled per area)
    mapping: bool = False

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


def _object(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any] | None:
    """The object schema a node holds (through ``$ref`` and an optional ``anyOf``), else None."""
    for option in [node, *node.get("anyOf", ())]:
        found = _resolve(schema, option)
        if found.get("type") == "object" and "properties" in found:
            return found
    return None


def _fields(schema: dict[str, Any], prefix: str, node: dict[str, Any], in_rolls: bool, given: Hints) -> list[Field]:
    """The controls of an object's fields, a nested object's flattened into them (dotted paths)."""
    out: list[Field] = []
    required = set(node.get("required", ()))
    for name, child in node["properties"].items():
        path = f"{prefix}.{name}" if prefix else name
        inner = _object(schema, child)
        if inner is not None:
            out.extend(_fields(schema, path, inner, in_rolls, given))
        else:
            out.append(_field(schema, path, child, name in required, in_rolls, given))
    return out


def _field(schema: dict[str, Any], path: str, node: dict[str, Any], required: bool, in_rolls: bool,
           given: Hints) -> Field:
    options = node.get("anyOf") or [node]
    nullable = any(o.get("type") == "null" for o in options)
    kept = [o for o in options if o.get("type") != "null"]
    main: dict[str, Any] = kept[0] if kept else {}
    name = path.rsplit(".", 1)[-1]
    die = die_of(node)
    roll = in_rolls or die is not None or name in given.after_odds
    parent = path.rpartition(".")[0]
    when = {(f"{parent}.{sibling}" if parent else sibling): tuple(values)
            for sibling, values in (node.get("required_when") or {}).items()}
    common: dict[str, Any] = {"path": path, "required": required, "nullable": nullable,
                              "default": node.get("default"), "roll": roll, "required_when": when}
    if kept and all("enum" in o for o in kept):  # a choice, or a choice among several lists (a unit's type)
        return Field(kind="select", options=tuple(v for o in kept for v in o["enum"]), **common)
    if "enum" in main or any("enum" in o for o in kept):  # a number or a named place (a unit's location)
        return Field(kind="auto", **common)
    if name in given.options:
        return Field(kind="select", options=given.options[name], **common)
    if main.get("type") == "boolean":
        #: a yes/no the player may leave unknown (None) is a three-way select
        return Field(kind="tristate" if nullable else "checkbox", **common)
    if main.get("type") == "array":
        items = main.get("items") or {}
        item = _object(schema, items)
        if item is not None:  # a list of objects: rows the player adds and removes
            return Field(kind="rows", columns=tuple(_fields(schema, "", item, in_rolls, given)), **common)
        if items.get("type") == "string":  # card names: words separated by commas
            return Field(kind="words", **common)
        return Field(kind="numbers", die=die_of(items), **common)
    if main.get("type") == "object" and isinstance(main.get("additionalProperties"), dict):
        value = _field(schema, "value", main["additionalProperties"], True, in_rolls, given)
        key = Field(path="key", kind="text", required=True, roll=roll)
        return Field(kind="rows", columns=(key, value), mapping=True, **common)
    if main.get("type") == "string":
        return Field(kind="text", **common)
    if main.get("type") not in ("integer", "number"):  # anything (an override's choice): a number or a word
        return Field(kind="auto", **common)
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
        sub = _object(schema, node)
        if sub is not None:
            groups.append(Group(name, _fields(schema, name, sub, name == "rolls", given)))
        else:
            top.fields.append(_field(schema, name, node, name in required, False, given))
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


def _filled(f: Field, value: Any) -> Field:
    """``f`` holding ``value`` (else its default); a list of objects, its rows."""
    value = f.default if value is None else value
    if f.kind != "rows":
        return Field(**{**f.__dict__, "value": value})
    if f.mapping and isinstance(value, dict):
        value = [{"key": k, "value": v} for k, v in value.items()]
    items = [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []
    rows = tuple(_row(f, str(i), item) for i, item in enumerate(items))
    if not rows and f.required:  # a list that needs one item opens with one row to fill in
        rows = (_row(f, "0", {}),)
    return Field(**{**f.__dict__, "value": None, "rows": rows, "blank": _row(f, "__i__", {})})


def _row(f: Field, index: str, item: dict[str, Any]) -> tuple[Field, ...]:
    return tuple(_filled(Field(**{**c.__dict__, "path": f"{f.path}.{index}.{c.path}"}), _lookup(item, c.path))
                 for c in f.columns)


def with_values(groups: list[Group], data: dict[str, Any]) -> list[Group]:
    """The same groups, each field holding its prefilled value, else its default."""
    return [Group(group.name, [_filled(f, _lookup(data, f.path)) for f in group.fields]) for group in groups]
