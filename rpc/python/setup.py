"""Build hook: generates the staccato.v1 protobuf and gRPC modules into the build tree.

The .proto files live outside this directory (rpc/proto and common/model), shared with the C++
build; pip builds this directory in place, so the relative paths below reach them.
"""
from importlib.metadata import version
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
MODEL_ROOT = (HERE / ".." / ".." / "common" / "model").resolve()  # staccato/v1/stream.proto
RPC_ROOT = (HERE / ".." / "proto").resolve()  # staccato/v1/drone.proto, session.proto
MESSAGES = [MODEL_ROOT / "staccato/v1/stream.proto", RPC_ROOT / "staccato/v1/drone.proto",
            RPC_ROOT / "staccato/v1/session.proto"]
SERVICES = [RPC_ROOT / "staccato/v1/drone.proto"]


def protoc(*args):
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
# the grpcio and protobuf that this build's grpcio-tools comes with.
setup(cmdclass={"build_py": GenerateProtos},
      install_requires=[f"grpcio>={version('grpcio-tools')}", f"protobuf>={version('protobuf')}"])
