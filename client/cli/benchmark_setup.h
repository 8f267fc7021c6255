#pragma once
/// What every `staccato-cli benchmark` test sets up the same way: report paths checked before the
/// run, and the drones its ports name, connected with the options' credentials.
#include <memory>
#include <string>
#include <vector>

#include "client/cli/args.h"
#include "client/core/benchmark_drone/bench_ports.h"

namespace staccato::cli {

/// What the reports name as their generator.
inline constexpr const char* kBenchmarkGenerator = "staccato " STACCATO_VERSION;

/// A report path whose folder does not exist (or cannot be written) fails now, not after the run.
Status checkWritable(const std::string& option, const std::string& path);

/// The drones the ports name, connected.
struct Drones {
  std::vector<std::unique_ptr<client::DroneConnection>> owned;
  bench::DroneMap map;
};
Result<Drones> connectAll(const Args& args, const std::vector<bench::Flow>& flows);

}  // namespace staccato::cli
