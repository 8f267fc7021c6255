#pragma once
/// A Y.1564 config file: JSON, read, written and described (JSON Schema) by walking one list of
/// its members, as the RFC 2544 config is (json_fields.h).
#include <string>
#include <string_view>

#include "client/core/benchmark/y1564_config.h"

namespace staccato::bench {

/// The file's `format` member.
inline constexpr std::string_view kY1564Format = "staccato-y1564-config";

/// Reads a config; the first wrong member is the error, named by its JSON path ("services[1].cir_mbps").
Result<Y1564Config> parseY1564Config(std::string_view json);
std::string y1564ConfigJson(const Y1564Config& config);
std::string y1564ConfigSchema();

}  // namespace staccato::bench
