// staccato-cli rate PORT --scale X | --stream ID (--pps N | --load PCT | --bps N): a sending
// port's rates changed live (SetRate), without stopping it.
#include <cstdlib>
#include <limits>
#include <iostream>

#include "client/cli/args.h"
#include "client/cli/commands.h"
#include "client/cli/drone_call.h"
#include "client/cli/drone_options.h"

namespace staccato::cli {
namespace {

/// The drone checks a rate's and a scale's range (and says it); here only that they are above 0.
constexpr double kUnbounded = std::numeric_limits<double>::infinity();

constexpr const char* kUsage =
    "usage: staccato-cli rate PORT --scale X | rate PORT --stream ID (--pps N | --load PCT | --bps N) "
    "[--stream ID ...]";

}  // namespace

int rateCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, withDroneOptions({"--scale", "--stream", "--pps", "--load", "--bps"}), withDroneFlags({}));
  if (!args) return fail(args.error().toString(), 2);
  if (args->positional.size() != 1) return fail(kUsage, 2);
  v1::SetRateRequest req;
  req.set_port(args->positional[0]);
  req.set_client_id(client::DroneConnection::clientId());
  if (auto scale = args->get("--scale")) {
    auto v = decimalOption("--scale", *scale, 0, kUnbounded, true);
    if (!v) return fail(v.error().toString(), 2);
    req.set_scale(*v);
  }
  // --stream ID then its rate: pairs in order (the last rate option names the unit).
  const auto ids = args->every("--stream");
  std::vector<std::pair<v1::Rate::Unit, std::string>> rates;
  for (auto [option, unit] : {std::pair{"--pps", v1::Rate::PPS}, {"--load", v1::Rate::LOAD_PERCENT}, {"--bps", v1::Rate::BPS_L1}})
    for (const std::string& v : args->every(option)) rates.emplace_back(unit, v);
  if (ids.size() != rates.size()) return fail("give each --stream ID one rate (--pps N, --load PCT or --bps N)", 2);
  for (size_t i = 0; i < ids.size(); ++i) {
    char* end = nullptr;
    const unsigned long id = std::strtoul(ids[i].c_str(), &end, 10);
    if (ids[i].empty() || *end || id > 0xffffffffUL) return fail("--stream: '" + ids[i] + "' is not a stream id", 2);
    auto v = decimalOption("--stream " + ids[i], rates[i].second, 0, kUnbounded, true);
    if (!v) return fail(v.error().toString(), 2);
    v1::StreamRate* r = req.add_streams();
    r->set_stream_id(static_cast<uint32_t>(id));
    r->mutable_rate()->set_unit(rates[i].first);
    r->mutable_rate()->set_value(*v);
  }
  if (req.scale() == 0 && req.streams().empty()) return fail(kUsage, 2);
  auto conn = connect(*args);
  if (!conn) return fail(conn.error().toString());
  if (!callDrone<v1::SetRateRequest, v1::SetRateReply>(**conn, &v1::Drone::Stub::SetRate, req)) return 1;
  std::cout << "rate changed on " << req.port() << "\n";
  return 0;
}

}  // namespace staccato::cli
