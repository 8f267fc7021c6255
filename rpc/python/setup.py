"""Build hook: generates the staccato.v1 protobuf and gRPC modules into the build tree.

The .proto files live outside this directory (rpc/proto and common/model), shared with the C++
build; pip builds this directory in place, so the relative paths below reach them.
"""
import os
import shutil
import subprocess
from importlib.metadata import version
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
MODEL_ROOT = (HERE / ".." / ".." / "common" / "model").resolve()  # staccato/v1/stream.proto, flow.proto
RPC_ROOT = (HERE / ".." / "proto").resolve()  # staccato/v1/drone.proto, session.proto
MESSAGES = [MODEL_ROOT / "staccato/v1/stream.proto", MODEL_ROOT / "staccato/v1/flow.proto",
            RPC_ROOT / "staccato/v1/drone.proto", RPC_ROOT / "staccato/v1/session.proto"]
SERVICES = [RPC_ROOT / "staccato/v1/drone.proto"]
# Distribution packages (debian/rules) generate with the system's protoc and grpc_python_plugin,
# which match the system's python3-protobuf and python3-grpcio; pip builds use grpcio-tools.
SYSTEM_PROTOC = os.environ.get("STACCATO_SYSTEM_PROTOC") == "1"


def protoc(*args):
    if SYSTEM_PROTOC:
        plugin = shutil.which("grpc_python_plugin") or "/usr/bin/grpc_python_plugin"
        argv = ["protoc", f"-I{MODEL_ROOT}", f"-I{RPC_ROOT}", f"--plugin=protoc-gen-grpc_python={plugin}",
                *map(str, args)]
        if subprocess.run(argv).returncode != 0:
            raise SystemExit(f"staccato: protoc failed: {' '.join(argv)}")
        return
    import grpc_tools
    from grpc_tools import protoc as tool

    well_known = Path(grpc_tools.__file__).parent / "_proto"
    argv = ["protoc", f"-I{MODEL_ROOT}", f"-I{RPC_ROOT}", f"-I{well_known}", *map(str, args)]
    if tool.main(argv) != 0:
        raise SystemExit(f"staccato: protoc failed: {' '.join(argv)}")


class GenerateProtos(build_py):
    def run(self):
        super().run()
        missing = [str(p) for p in MESSAGES if not p.is_file()]
        if missing:
            raise SystemExit("staccato: the .proto files are missing: " + ", ".join(missing) + ". Build the "
                             "package from a Staccato source tree: pip install ./rpc/python (from the repository root)")
        out = Path(self.build_lib)
        protoc(f"--python_out={out}", *MESSAGES)
        protoc(f"--grpc_python_out={out}", *SERVICES)
        (out / "staccato" / "v1" / "__init__.py").write_text('"""Generated from staccato/v1/*.proto."""\n')


# Generated code refuses an older runtime than the one it was generated for: require at least
# the grpcio and protobuf that this build's generator comes with (grpcio-tools, or the system's).
setup(cmdclass={"build_py": GenerateProtos},
      install_requires=[f"grpcio>={version('grpcio' if SYSTEM_PROTOC else 'grpcio-tools')}",
                        f"protobuf>={version('protobuf')}"])
