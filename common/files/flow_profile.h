#pragma once
/// Flow profile files (docs/flows.md): a FlowProfile message in protobuf's JSON mapping, with a
/// format version, checked member by member like stream files and then value by value: every
/// size, count, rate and time in its range, addresses that parse, names that are unique. An
/// error names the member ("templates[1].http.path") and what it allows.
#include <optional>
#include <string>
#include <string_view>

#include "common/core/result.h"
#include "staccato/v1/flow.pb.h"

namespace staccato {

inline constexpr uint32_t kFlowProfileFormat = 1;

/// Limits a profile is held to (a drone runs it on one port pair; the file is shared).
inline constexpr size_t kMaxFlowTemplates = 64;
inline constexpr uint64_t kMaxExchangeBytes = uint64_t{1} << 30;  ///< a request or response body
inline constexpr uint32_t kMaxRounds = 1'000'000;
inline constexpr uint32_t kMaxThinkMs = 600'000;
inline constexpr uint32_t kMaxFlowHosts = 65'536;
inline constexpr double kMaxConnectionsPerSecond = 10'000'000;
inline constexpr uint64_t kMaxConcurrent = 10'000'000;
inline constexpr double kMaxPhaseSeconds = 7 * 86'400;
/// A tls template's certificate_pem and key_pem, each (a certificate chain or key is a few KiB).
inline constexpr size_t kMaxPemBytes = size_t{64} << 10;
/// A pcap template's session: its turns, and its payload bytes both ways together.
inline constexpr size_t kMaxPcapTurns = 1024;
inline constexpr uint64_t kMaxPcapPayloadBytes = uint64_t{3} << 20;
/// What a profile carries of files (certificates, keys, sessions' turns) together: it travels in
/// one StartFlows request, at most 4 MiB (rpc/message_limits.h), with room for the rest.
inline constexpr uint64_t kMaxProfileContentBytes = uint64_t{3} << 20;

/// Parses and checks a profile; nothing is returned half-checked.
Result<v1::FlowProfile> parseFlowProfile(std::string_view json);
/// Reads a file (at most the data file size limit), parses it and reads the files it names
/// into it (resolveFlowProfileFiles, relative names from the file's folder): what every client
/// sends a drone. Errors start with its name. Defined in flow_profile_files.cpp.
Result<v1::FlowProfile> loadFlowProfile(const std::string& path);

/// The values' checks alone (parseFlowProfile runs them).
Status checkFlowProfile(const v1::FlowProfile& profile);

/// A host block's values, defaults filled in: count hosts from `first` (host order).
struct FlowHostBlock {
  uint32_t first = 0, count = 1, prefixLength = 24, vlan = 0;
  std::optional<uint32_t> gateway;
};
/// Checks the block as checkFlowProfile does (errors under `at`, e.g. "clients") and gives its values.
Result<FlowHostBlock> flowHostBlock(const v1::FlowHosts& hosts, const std::string& at);

/// "http-get: HTTP/1.1 GET / (0 B up, 1024 B down), 1 a connection, close, to port 80".
std::string flowTemplateText(const v1::FlowTemplate& t);
/// Several lines: the mix with its shares, the load's target and phases, the hosts.
std::string flowProfileText(const v1::FlowProfile& profile);

}  // namespace staccato
