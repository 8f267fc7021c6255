"""Every staccato-cli command takes --help (and -h): that command's part of the usage, exit 0
(`staccato-cli rate --help` once said "--help: unknown option")."""
import os
import re
import subprocess

import pytest

CLI = os.environ.get("CLI")
pytestmark = pytest.mark.skipif(not CLI, reason="set CLI to staccato-cli")


def commands():
    usage = subprocess.run([CLI, "help"], capture_output=True, text=True).stdout
    return sorted({m.group(1) for m in re.finditer(r"^  ([a-z][a-z-]*)\b", usage, re.M)} - {"help"})


def test_the_usage_names_the_commands():
    assert {"run", "rate", "start", "benchmark", "fleet", "ports"} <= set(commands())


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_every_command_takes_help(flag):
    for command in commands():
        r = subprocess.run([CLI, command, flag], capture_output=True, text=True, timeout=30)
        assert r.returncode == 0, f"{command} {flag}: exit {r.returncode}: {r.stderr}"
        assert f"  {command}" in r.stdout and "unknown option" not in r.stdout + r.stderr, f"{command}: {r.stdout}"
    r = subprocess.run([CLI, "rate", "--help"], capture_output=True, text=True)
    assert "--scale" in r.stdout and "benchmark" not in r.stdout  # its own part, not the whole usage
    r = subprocess.run([CLI, "nosuch", "--help"], capture_output=True, text=True)
    assert r.returncode == 2 and "unknown command 'nosuch'" in r.stderr
