#include "client/core/capture_transfer.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "rpc/message_limits.h"

namespace staccato::client {
namespace {

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

}  // namespace

Result<FetchedCapture> fetchCaptureToFile(DroneConnection& drone, grpc::ClientContext& ctx, const std::string& port,
                                          const std::string& path) {
  const std::string tmp = path + ".part";
  std::unique_ptr<std::FILE, FileCloser> out(std::fopen(tmp.c_str(), "wb"));
  if (!out) return makeError(path, std::string("cannot write: ") + std::strerror(errno));
  auto fail = [&](Error e) -> Result<FetchedCapture> {
    ctx.TryCancel();
    out.reset();
    std::remove(tmp.c_str());
    return e;
  };
  v1::FetchCaptureRequest req;
  req.set_port(port);
  auto reader = drone.stub().FetchCapture(&ctx, req);
  v1::CaptureChunk chunk;
  FetchedCapture got;
  uint64_t total = 0;
  bool first = true;
  while (reader->Read(&chunk)) {
    const auto& data = chunk.data();
    if (data.size() > rpc::kCaptureChunkBytes || (!first && chunk.total_bytes() != total) ||
        got.bytes + data.size() > chunk.total_bytes()) {
      reader->Finish();
      return fail(makeError(port, "the drone sent a malformed capture (a chunk of " + std::to_string(data.size()) +
                                      " bytes at byte " + std::to_string(got.bytes) + " of " +
                                      std::to_string(chunk.total_bytes()) + ")",
                            ErrorKind::kInternal));
    }
    first = false;
    total = chunk.total_bytes();
    got.packets = chunk.packets();
    if (std::fwrite(data.data(), 1, data.size(), out.get()) != data.size()) {
      reader->Finish();
      return fail(makeError(path, std::string("write failed: ") + std::strerror(errno)));
    }
    got.bytes += data.size();
  }
  const grpc::Status status = reader->Finish();
  if (!status.ok()) return fail(makeError("", describe(status, drone.address().target)));
  if (got.bytes != total)
    return fail(makeError(port, "the capture ended after " + std::to_string(got.bytes) + " of " + std::to_string(total) +
                                    " bytes (connection lost?)",
                          ErrorKind::kUnavailable));
  if (std::fflush(out.get()) != 0) return fail(makeError(path, std::string("write failed: ") + std::strerror(errno)));
  out.reset();
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    return makeError(path, std::string("cannot replace: ") + std::strerror(errno));
  }
  return got;
}

}  // namespace staccato::client
