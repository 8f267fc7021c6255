#pragma once
/// A small, bounded YAML reader for configuration files (the fleet file): libyaml's event parser
/// builds a tree of mappings, sequences and scalars, within limits on size, depth and node count.
/// Anchors, aliases, tags and documents after the first are refused: a configuration file needs
/// none of them, and aliases are how a small file becomes a huge tree.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "common/core/result.h"

namespace staccato::client {

struct YamlLimits {
  size_t maxBytes = size_t{1} << 20;
  int maxDepth = 16;
  size_t maxNodes = 100'000;
};

struct YamlNode {
  enum class Kind { kScalar, kMapping, kSequence };
  Kind kind = Kind::kScalar;
  std::string scalar;  ///< kScalar: its text
  bool quoted = false;  ///< kScalar: written in quotes (so "true" is text, not a boolean)
  std::vector<std::pair<std::string, YamlNode>> entries;  ///< kMapping, in file order (keys are scalars, unique)
  std::vector<YamlNode> items;                            ///< kSequence
  int line = 0;                                           ///< 1-based, where the node starts
};

/// Parses `text` (one document; an empty one is a null scalar). Errors name the line and column.
Result<YamlNode> parseYaml(const std::string& text, const YamlLimits& limits = {});

/// "mapping", "sequence" or "text": what a node is, for error messages.
const char* kindName(YamlNode::Kind kind);

}  // namespace staccato::client
