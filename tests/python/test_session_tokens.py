"""Tokens go only where the user meant (issue 23.3). Before, `staccato-cli run SESSION
--token-file T` sent `authorization: Bearer <token>` to every drone address the session file
named, in clear text: a shared session naming a fake drone collected the real token. Now a bare
--token-file goes only to drones the user typed (--drone, a --map target); a drone only the file
names gets a token when named (--token-file ADDRESS=FILE), and never in clear text across the
network unless --plaintext-token says so."""
import json
import os
import subprocess

import grpc
import pytest

import staccato
import staccato.tokens

from drone_stand_in import serving
from staccato.v1 import drone_pb2_grpc

CLI = os.environ.get("CLI")
pytestmark = pytest.mark.skipif(not CLI, reason="set CLI to the staccato-cli binary")
TOKEN = "Zq8vN2kLw5pR7tXy3cVb9mHd4fGj6sAe"


class TokenCollector(drone_pb2_grpc.DroneServicer):
    """A drone a session file points at: records the headers of the first call, then refuses."""

    def __init__(self):
        self.headers = []

    def ListPorts(self, request, context):
        self.headers.append(dict(context.invocation_metadata()))
        context.abort(grpc.StatusCode.UNAVAILABLE, "not a real drone")

    GetVersion = ListPorts


def session_naming(path, address):
    path.write_text(json.dumps({"format_version": 1, "drones": [{"address": address, "ports": [{"name": "p0"}]}]}))
    return path


def token_file(tmp_path):
    t = tmp_path / "token"
    t.write_text(TOKEN + "\n")
    t.chmod(0o600)
    return t


def run(*args):
    return subprocess.run([CLI, *args], capture_output=True, text=True, timeout=60)


def test_a_bare_token_file_does_not_go_to_a_drone_only_the_file_names(tmp_path):
    with serving(TokenCollector(), tmp_path / "collector.sock") as fake:
        session = session_naming(tmp_path / "s.json", fake.address)
        run("run", str(session), "--token-file", str(token_file(tmp_path)))
    assert fake.headers, "the CLI never called the session's drone"
    assert all("authorization" not in h for h in fake.headers), f"the token reached {fake.address}: {fake.headers}"


@pytest.mark.parametrize("how", ["named", "typed"])
def test_a_drone_named_for_the_token_gets_it(tmp_path, how):
    with serving(TokenCollector(), tmp_path / "collector.sock") as fake:
        session = session_naming(tmp_path / "s.json", fake.address)
        t = token_file(tmp_path)
        extra = ["--token-file", f"{fake.address}={t}"] if how == "named" else ["--drone", fake.address, "--token-file", str(t)]
        run("run", str(session), *extra)
    assert fake.headers and fake.headers[0].get("authorization") == f"Bearer {TOKEN}"


def test_a_token_is_not_sent_in_clear_text_to_another_host(tmp_path):
    # 192.0.2.1 (TEST-NET-1): never contacted, the CLI refuses before it opens a connection.
    session = session_naming(tmp_path / "s.json", "192.0.2.1:7878")
    r = run("run", str(session), "--token-file", f"192.0.2.1:7878={token_file(tmp_path)}")
    assert r.returncode != 0
    assert "the access token would cross the network in clear text" in r.stderr, r.stderr
    assert "--plaintext-token" in r.stderr


@pytest.mark.parametrize("target", ["127.0.0.1.lab-a.example:9998", "127.example:7878", "localhost.example:7878"])
def test_a_name_that_only_looks_local_is_not_loopback(tmp_path, target):
    """Loopback is decided from the address, never from how a name begins: these are hosts
    elsewhere (the CLI refuses before it resolves or contacts anything), in the CLI and Python."""
    r = run("--drone", target, "--token-file", str(token_file(tmp_path)), "ports")
    assert r.returncode != 0
    assert "the access token would cross the network in clear text" in r.stderr, r.stderr
    with pytest.raises(staccato.DroneError, match="cross the network in clear text"):
        staccato.Drone(target, token="x" * 32)
    for local in ["127.0.0.1:7878", "127.9.9.9:1", "[::1]:7878", "localhost:7878"]:
        assert staccato.tokens.is_local_address(local), local


def test_a_token_file_that_is_not_a_token_is_refused_with_its_name(tmp_path):
    binary = tmp_path / "binary"
    binary.write_bytes(b"\x01\xff" * 20)
    binary.chmod(0o600)
    for bad, says in [("/dev/zero", "not a regular file"), (str(binary), "character 1 of the token is the byte 0x01"),
                      (str(tmp_path / "missing"), "cannot read the token file")]:
        r = run("--drone", "unix:/nonexistent.sock", "ports", "--token-file", bad)
        assert r.returncode not in (0, -6, 134), f"{bad}: exit {r.returncode}"
        assert bad in r.stderr and says in r.stderr, r.stderr
