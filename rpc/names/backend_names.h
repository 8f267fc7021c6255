#pragma once
/// The names users type for a port's transmit and receive backends (CLI, drone flags, GUI), one place.
#include <optional>
#include <string>

#include "staccato/v1/drone.pb.h"

namespace staccato::rpc {

inline constexpr const char* kBackendChoices = "auto, pcap, turbo, turbo-zerocopy, turbo-xdp, turbo-copy";

/// "auto", "pcap", "turbo", "turbo-zerocopy", "turbo-xdp", "turbo-copy"; nullopt for anything else.
std::optional<v1::PortConfig::Backend> backendFromName(const std::string& name);

inline constexpr const char* kRxBackendChoices = "auto, pcap, turbo, xdp-count, tc-count";

/// "auto", "pcap", "turbo", "xdp-count", "tc-count"; nullopt for anything else.
std::optional<v1::PortConfig::RxBackend> rxBackendFromName(const std::string& name);

inline constexpr const char* kReflectChoices = "off, l2, l3, l4";

/// "off", "l2", "l3", "l4"; nullopt for anything else.
std::optional<v1::PortConfig::Reflect> reflectFromName(const std::string& name);
/// The name reflectFromName takes.
std::string reflectName(v1::PortConfig::Reflect how);
/// What a reflector swaps unless told: MAC and IP addresses, so that frames return through a
/// router on the way (the CLI's --reflect-swap, the GUI's reflector choice, the executors).
inline constexpr v1::PortConfig::Reflect kDefaultReflect = v1::PortConfig::REFLECT_L3;

}  // namespace staccato::rpc
