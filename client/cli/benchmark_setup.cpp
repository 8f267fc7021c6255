#include "client/cli/benchmark_setup.h"

#include <unistd.h>

#include <filesystem>

#include "client/cli/drone_options.h"

namespace staccato::cli {

Status checkWritable(const std::string& option, const std::string& path) {
  if (path.empty()) return Ok{};
  std::filesystem::path dir = std::filesystem::path(path).parent_path();
  if (dir.empty()) dir = ".";
  if (access(dir.c_str(), W_OK) != 0) return makeError(option, "cannot write into " + dir.string() + " (for " + path + ")");
  return Ok{};
}

Result<Drones> connectAll(const Args& args, const std::vector<bench::Flow>& flows) {
  Drones d;
  for (const std::string& address : bench::dronesOf(flows)) {
    auto conn = connectTo(args, address, args.has("--tls"), true);
    if (!conn) return conn.error();
    d.map[address] = conn->get();
    d.owned.push_back(std::move(*conn));
  }
  return d;
}

}  // namespace staccato::cli
