#pragma once
/// A port's capture from a drone (FetchCapture: a pcapng file in chunks) into a file: the CLI's
/// `capture PORT fetch` and the GUI's "View capture" / "Save capture" fetch through this call.
#include <cstdint>
#include <string>

#include "client/core/drone_connection.h"
#include "common/core/result.h"

namespace staccato::client {

struct FetchedCapture {
  uint64_t bytes = 0;    ///< of the pcapng file
  uint64_t packets = 0;
};

/// Writes the port's capture to `path`, chunk by chunk (never whole in memory), through a
/// temporary file renamed at the end: `path` is the whole capture or untouched. What the drone
/// sends is checked: chunks of at most rpc::kCaptureChunkBytes, adding up to the size it announced.
Result<FetchedCapture> fetchCaptureToFile(DroneConnection& drone, grpc::ClientContext& ctx, const std::string& port,
                                          const std::string& path);

}  // namespace staccato::client
