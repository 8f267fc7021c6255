"""Stream files and session files: the JSON documents the GUI and staccato-cli read and write
(protobuf's JSON mapping with proto field names, versioned by ``format_version``)."""
import json
import os
import re
import subprocess
from importlib.metadata import version
from typing import Callable, Iterable, Mapping, Optional, Type, Union

from google.protobuf import json_format
from google.protobuf.message import Message

from staccato.benchmark_cli import BenchmarkError, find_cli  # the one way the package finds staccato-cli
from staccato.convert import from_value
from staccato.errors import FileFormatError
from staccato.streams import StreamLike, as_streams
from staccato.v1 import flow_pb2, session_pb2, stream_pb2

# The newest formats read (kStreamFileFormat, kSessionFileFormat in the C++ code). Stream format
# 2 added replay streams; a stream file is written in the oldest format that holds it, so older
# Staccato versions still read files without replays.
STREAM_FILE_FORMAT = 2
SESSION_FILE_FORMAT = 1
FLOW_PROFILE_FORMAT = 1  # kFlowProfileFormat (docs/flows.md)
MAX_PEM_BYTES = 64 << 10  # kMaxPemBytes: a tls template's certificate or key file
_WHERE = " (a relative name is from the profile file's folder)"

FlowProfileLike = Union[flow_pb2.FlowProfile, Mapping, str, os.PathLike]


def save_streams(path: Union[str, os.PathLike], streams: Iterable[StreamLike]) -> None:
    """Writes a stream file (``StreamFile``) that staccato-cli and the GUI read: format_version 1,
    or 2 when a stream is a replay."""
    streams = as_streams(streams)
    oldest = 2 if any(s.HasField("replay") for s in streams) else 1
    _save(path, stream_pb2.StreamFile(format_version=oldest, streams=streams))


def load_streams(path: Union[str, os.PathLike]) -> list:
    """The ``staccato.v1.Stream`` messages of a stream file. Raises FileFormatError for bad JSON,
    unknown fields, a missing or newer ``format_version``."""
    return list(_load(path, stream_pb2.StreamFile, STREAM_FILE_FORMAT, "stream file", _stream_file_hint).streams)


def save_session(path: Union[str, os.PathLike], session: Union[session_pb2.SessionFile, Mapping]) -> None:
    """Writes a session file (``SessionFile``: drones by address, their ports' config and streams).
    The format has no place for a token or key: secrets are never written."""
    file = from_value(session, session_pb2.SessionFile, "session")
    file.format_version = SESSION_FILE_FORMAT
    file.saved_by = f"staccato-python {version('staccato')}"
    _save(path, file)


def load_session(path: Union[str, os.PathLike]) -> session_pb2.SessionFile:
    """The ``staccato.v1.SessionFile`` message of a session file (checked as load_streams does)."""
    return _load(path, session_pb2.SessionFile, SESSION_FILE_FORMAT, "session file")


def load_flow_profile(path: Union[str, os.PathLike], cli: Optional[str] = None) -> flow_pb2.FlowProfile:
    """The ``staccato.v1.FlowProfile`` of a flow profile file (docs/flows.md), read as
    load_streams reads (FileFormatError for bad JSON, unknown members, a missing or newer
    ``format_version``), with the files its templates name read into it as staccato-cli reads
    them, relative names from the profile file's folder (a drone never opens a file a profile
    names): a tls template's certificate and key into ``certificate_pem`` and ``key_pem``, a pcap
    template's TCP session into its ``turns``. The turns come from ``staccato-cli flows resolve``
    (one home for the reassembly; `cli`, else $STACCATO_CLI, the PATH or the build tree), which
    also checks every value; otherwise the values (ranges, addresses) are the drone's to check
    when it starts the profile, or ``staccato-cli flows check``'s."""
    profile = _load(path, flow_pb2.FlowProfile, FLOW_PROFILE_FORMAT, "flow profile")
    return _resolve_files(profile, os.path.dirname(os.fspath(path)), os.fspath(path), cli)


def as_flow_profile(profile: FlowProfileLike, cli: Optional[str] = None) -> flow_pb2.FlowProfile:
    """A FlowProfile from a message (copied), a dict of a profile file's content, the JSON text
    of one (a string starting with ``{``), or the path of a profile file; checked and its files
    read as load_flow_profile does (FileFormatError, a ValueError), the relative names of a
    message, dict or text from the current folder."""
    if isinstance(profile, flow_pb2.FlowProfile):
        copy = flow_pb2.FlowProfile()
        copy.CopyFrom(profile)
        return _resolve_files(copy, "", "profile", cli)
    if isinstance(profile, Mapping):
        parsed = _parse(dict(profile), flow_pb2.FlowProfile, FLOW_PROFILE_FORMAT, "flow profile", "profile")
        return _resolve_files(parsed, "", "profile", cli)
    if isinstance(profile, str) and profile.lstrip().startswith("{"):
        try:
            data = json.loads(profile)
        except json.JSONDecodeError as e:
            raise FileFormatError(f"profile: not a valid flow profile: {e}") from None
        parsed = _parse(data, flow_pb2.FlowProfile, FLOW_PROFILE_FORMAT, "flow profile", "profile")
        return _resolve_files(parsed, "", "profile", cli)
    if isinstance(profile, (str, os.PathLike)):
        if not os.fspath(profile):
            raise ValueError("profile: empty (give a profile file's path, its JSON text or a dict)")
        try:
            return load_flow_profile(profile, cli)
        except OSError as e:
            raise FileFormatError(f"{os.fspath(profile)}: cannot read the flow profile: {e.strerror}") from None
    raise TypeError(f"profile: expected a dict, JSON text, a path or a staccato.v1.FlowProfile, "
                    f"got {type(profile).__name__}")


def _resolve_files(profile: flow_pb2.FlowProfile, folder: str, where: str, cli: Optional[str]) -> flow_pb2.FlowProfile:
    """Reads what the templates name (relative names from `folder`, "" = the current one) into
    them; a template carrying the contents already keeps them (as the C++ loader does)."""
    if any(t.HasField("pcap") and not t.pcap.turns for t in profile.templates):
        return _resolved_by_cli(profile, folder, where, cli)
    for i, t in enumerate(profile.templates):
        tls = t.tls
        if t.HasField("tls") and tls.certificate and tls.key and not (tls.certificate_pem or tls.key_pem):
            tls.certificate_pem = _read_pem(where, f"templates[{i}].tls.certificate", folder, tls.certificate, False)
            tls.key_pem = _read_pem(where, f"templates[{i}].tls.key", folder, tls.key, True)
    return profile


def _read_pem(where: str, at: str, folder: str, name: str, key: bool) -> bytes:
    """A PEM file's bytes, as the C++ loader reads them: at most MAX_PEM_BYTES, holding a
    certificate, or an unencrypted private key."""
    path = os.path.join(folder, name) if folder else name
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_PEM_BYTES + 1)
    except OSError as e:
        raise FileFormatError(f"{where}: {at}: cannot read {path}: {e.strerror}; name a PEM file of at most "
                              f"{MAX_PEM_BYTES} bytes{_WHERE}") from None
    if len(data) > MAX_PEM_BYTES:
        raise FileFormatError(f"{where}: {at}: cannot read {path}: larger than the {MAX_PEM_BYTES} bytes a PEM file "
                              f"may be{_WHERE}")
    if not key and b"-----BEGIN CERTIFICATE-----" not in data:
        raise FileFormatError(f"{where}: {at}: {path} holds no PEM certificate (-----BEGIN CERTIFICATE-----): "
                              "name the server's certificate")
    if key and (b"-----BEGIN ENCRYPTED PRIVATE KEY-----" in data or b"Proc-Type: 4,ENCRYPTED" in data):
        raise FileFormatError(f"{where}: {at}: {path} holds an encrypted key, which a drone cannot open: give it "
                              "unencrypted (openssl pkey -in KEY -out PLAIN.pem)")
    if key and not re.search(rb"-----BEGIN [A-Z ]*PRIVATE KEY-----", data):
        raise FileFormatError(f"{where}: {at}: {path} holds no PEM private key (-----BEGIN PRIVATE KEY-----): "
                              "name the certificate's key")
    return data


def _resolved_by_cli(profile: flow_pb2.FlowProfile, folder: str, where: str, cli: Optional[str]) -> flow_pb2.FlowProfile:
    """The profile as ``staccato-cli flows resolve -`` reads it in `folder`: pcap sessions are
    found and reassembled in one place, the C++ code every interface shares."""
    text = json_format.MessageToJson(profile, preserving_proto_field_name=True)
    why = f"{where}: its pcap templates' captures are read by staccato-cli"
    try:
        command = [find_cli(cli), "flows", "resolve", "-"]
        done = subprocess.run(command, input=text, capture_output=True, text=True, cwd=folder or None, timeout=120)
    except BenchmarkError as e:
        raise FileFormatError(f"{why}: {e}") from None
    except OSError as e:
        raise FileFormatError(f"{why}: cannot run {command[0]}: {e.strerror} (pass cli=PATH, or set STACCATO_CLI)") from None
    if done.returncode != 0:
        message = done.stderr.strip().removeprefix("staccato-cli: ").removeprefix("stdin: ")
        raise FileFormatError(f"{where}: {message}")
    return _parse(json.loads(done.stdout), flow_pb2.FlowProfile, FLOW_PROFILE_FORMAT, "flow profile", where)


def _save(path, message: Message) -> None:
    text = json_format.MessageToJson(message, preserving_proto_field_name=True, indent=2) + "\n"
    tmp = f"{os.fspath(path)}.tmp"
    with open(tmp, "w", encoding="utf-8") as out:
        out.write(text)
    os.replace(tmp, path)  # readers never see half a file


def _stream_file_hint(data: dict) -> str:
    """What a stream file with this content starts with (as the C++ loader says it): replay
    streams need format 2, others 1; a lone stream needs the file around it."""
    if "layers" in data and "streams" not in data:
        return ('this looks like one stream, not a stream file: a stream file is '
                '{"format_version": 1, "streams": [STREAM, ...]}')
    streams = data.get("streams")
    if isinstance(streams, list) and any(isinstance(s, dict) and "replay" in s for s in streams):
        return 'a stream file with replay streams starts with {"format_version": 2, ...}'
    return 'a stream file starts with {"format_version": 1, ...} (2 only when a stream is a replay)'


def _load(path, cls: Type[Message], newest: int, kind: str, hint: Optional[Callable[[dict], str]] = None) -> Message:
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise FileFormatError(f"{path}: not a valid {kind}: {e}") from None
    return _parse(data, cls, newest, kind, path, hint)


def _parse(data, cls: Type[Message], newest: int, kind: str, path, hint: Optional[Callable[[dict], str]] = None) -> Message:
    if not isinstance(data, dict):
        raise FileFormatError(f"{path}: not a valid {kind}: expected a JSON object")
    # Checked before the fields: a newer file's unknown fields are explained by its version.
    found = data.get("format_version")
    example = hint(data) if hint else f'a {kind} starts with {{"format_version": {newest}, ...}}'
    if found is None:
        raise FileFormatError(f"{path}: format_version: missing; {example}")
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        raise FileFormatError(f"{path}: format_version: expected a whole number from 1; {example}")
    if found > newest:
        raise FileFormatError(f"{path}: format_version: the file is format {found}, written by a newer Staccato; "
                              f"this version reads formats up to {newest} (upgrade Staccato)")
    try:
        return json_format.ParseDict(data, cls(), ignore_unknown_fields=False)
    except json_format.ParseError as e:
        raise FileFormatError(f"{path}: not a valid {kind}: {e}") from None
