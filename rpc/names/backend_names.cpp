#include "rpc/names/backend_names.h"

namespace staccato::rpc {

std::optional<v1::PortConfig::Backend> backendFromName(const std::string& name) {
  if (name == "auto") return v1::PortConfig::BACKEND_AUTO;
  if (name == "pcap") return v1::PortConfig::PCAP;
  if (name == "turbo") return v1::PortConfig::TURBO;
  if (name == "turbo-zerocopy") return v1::PortConfig::TURBO_ZEROCOPY;
  if (name == "turbo-copy") return v1::PortConfig::TURBO_COPY;
  if (name == "turbo-xdp") return v1::PortConfig::TURBO_XDP;
  return std::nullopt;
}

std::optional<v1::PortConfig::RxBackend> rxBackendFromName(const std::string& name) {
  if (name == "auto") return v1::PortConfig::RX_AUTO;
  if (name == "pcap") return v1::PortConfig::RX_PCAP;
  if (name == "turbo") return v1::PortConfig::RX_TURBO;
  if (name == "xdp-count") return v1::PortConfig::RX_XDP_COUNT;
  if (name == "tc-count") return v1::PortConfig::RX_TC_COUNT;
  return std::nullopt;
}

std::optional<v1::PortConfig::Reflect> reflectFromName(const std::string& name) {
  if (name == "off") return v1::PortConfig::REFLECT_OFF;
  if (name == "l2") return v1::PortConfig::REFLECT_L2;
  if (name == "l3") return v1::PortConfig::REFLECT_L3;
  if (name == "l4") return v1::PortConfig::REFLECT_L4;
  return std::nullopt;
}

std::string reflectName(v1::PortConfig::Reflect how) {
  switch (how) {
    case v1::PortConfig::REFLECT_L2: return "l2";
    case v1::PortConfig::REFLECT_L3: return "l3";
    case v1::PortConfig::REFLECT_L4: return "l4";
    default: return "off";
  }
}

}  // namespace staccato::rpc
