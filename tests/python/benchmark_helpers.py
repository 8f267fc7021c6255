"""What the benchmark tests share (test_benchmark.py, test_y1564.py): `_mirror` holds the
package's result dataclasses to the JSON Schema the CLI prints for the file they mirror
(`staccato-cli benchmark schema`, `benchmark y1564 --result-schema`), member for member (a member
added on one side only, or of another kind, fails with its path); `stand_in` is a stand-in CLI."""
import dataclasses
import sys
import textwrap
import typing


def _json_kind(annotation):
    """What a member annotated so is in the file: "number", "array of X", "object" ..."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Union:  # Optional[X]
        return _json_kind(next(a for a in args if a is not type(None)))
    if origin in (list, typing.List):
        return ("array", args[0])
    if origin in (dict, typing.Dict) or dataclasses.is_dataclass(annotation):
        return ("object", annotation)
    return ({float: "number", int: "integer", bool: "boolean", str: "string"}[annotation], None)


def _schema_kind(schema):
    if "enum" in schema or "const" in schema:
        return "string"
    return schema["type"]


def _mirror_member(annotation, member, where):
    """The member annotated `annotation` is of the schema `member`'s kind, to the last item of an
    array of arrays and the last member of a nested object."""
    kind, inner = _json_kind(annotation)
    assert kind == _schema_kind(member), f"{where}: Python {kind}, the file {_schema_kind(member)}"
    if kind == "array":
        _mirror_member(inner, member["items"], f"{where}[]")
    elif kind == "object" and dataclasses.is_dataclass(inner):
        _mirror(inner, member, where)


def _mirror(cls, schema, where):
    """Holds dataclass `cls` to the schema's object `schema`, member for member, recursively (a
    field's member is its ``metadata["json"]`` where the file's name is a Python keyword)."""
    hints = typing.get_type_hints(cls)
    fields = {f.metadata.get("json", f.name): f.name for f in dataclasses.fields(cls) if f.name != "raw"}
    ours, theirs = set(fields), set(schema["properties"])
    assert ours == theirs, f"{where}: only in Python {sorted(ours - theirs)}, only in the file {sorted(theirs - ours)}"
    for name, member in schema["properties"].items():
        _mirror_member(hints[fields[name]], member, f"{where}.{name}")


def stand_in(tmp_path, body):
    """A stand-in staccato-cli: writes its arguments to args.json, then runs `body` (Python with
    `args`, `opt(name)` and `sample` defined)."""
    path = tmp_path / "fake-cli"
    path.write_text(f"#!{sys.executable}\n" + textwrap.dedent("""\
        import json, os, shutil, sys, time
        args = sys.argv[1:]
        json.dump(args, open(os.path.join(os.path.dirname(sys.argv[0]), "args.json"), "w"))
        def opt(name):
            return args[args.index(name) + 1]
        sample = os.environ.get("SAMPLE_JSON", "")
        """) + textwrap.dedent(body))
    path.chmod(0o755)
    return str(path)
