// Builds the tree iteratively from libyaml's events (a stack of open nodes, no recursion), so a
// deeply nested file is refused at maxDepth instead of exhausting the stack.
#include "client/core/fleet/yaml_tree.h"

#include <yaml.h>

#include <optional>
#include <unordered_set>

namespace staccato::client {
namespace {

/// RAII over libyaml's parser.
class Parser {
 public:
  explicit Parser(const std::string& text) {
    yaml_parser_initialize(&p_);
    yaml_parser_set_input_string(&p_, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  }
  ~Parser() { yaml_parser_delete(&p_); }
  Parser(const Parser&) = delete;
  Parser& operator=(const Parser&) = delete;
  yaml_parser_t* get() { return &p_; }

 private:
  yaml_parser_t p_;
};

/// RAII over one event.
struct Event {
  yaml_event_t e{};
  bool held = false;
  ~Event() {
    if (held) yaml_event_delete(&e);
  }
};

std::string where(const yaml_mark_t& m) {
  return "line " + std::to_string(m.line + 1) + ", column " + std::to_string(m.column + 1);
}

/// An open mapping or sequence and, for a mapping, the key waiting for its value.
struct Open {
  YamlNode node;
  bool haveKey = false;
  std::string key;
  std::unordered_set<std::string> keys;  ///< a mapping's keys so far: a duplicate is found in one look
};

}  // namespace

const char* kindName(YamlNode::Kind kind) {
  switch (kind) {
    case YamlNode::Kind::kMapping: return "a mapping";
    case YamlNode::Kind::kSequence: return "a list";
    case YamlNode::Kind::kScalar: break;
  }
  return "a value";
}

Result<YamlNode> parseYaml(const std::string& text, const YamlLimits& limits) {
  if (text.size() > limits.maxBytes)
    return makeError("", "larger than " + std::to_string(limits.maxBytes) + " bytes");
  Parser parser(text);
  std::vector<Open> stack;
  std::optional<YamlNode> root;
  size_t nodes = 0;
  bool documentSeen = false;

  // Puts a finished node into its parent (or makes it the root).
  auto place = [&](YamlNode node, const yaml_mark_t& mark) -> Status {
    if (++nodes > limits.maxNodes) return makeError("", "more than " + std::to_string(limits.maxNodes) + " values");
    if (stack.empty()) {
      root = std::move(node);
      return Ok{};
    }
    Open& parent = stack.back();
    if (parent.node.kind == YamlNode::Kind::kSequence) {
      parent.node.items.push_back(std::move(node));
    } else if (!parent.haveKey) {
      if (node.kind != YamlNode::Kind::kScalar) return makeError("", where(mark) + ": a key must be plain text");
      if (!parent.keys.insert(node.scalar).second)
        return makeError("", where(mark) + ": '" + node.scalar + "' appears twice in one mapping");
      parent.key = std::move(node.scalar);
      parent.haveKey = true;
    } else {
      parent.node.entries.emplace_back(std::move(parent.key), std::move(node));
      parent.haveKey = false;
    }
    return Ok{};
  };

  for (;;) {
    Event ev;
    if (!yaml_parser_parse(parser.get(), &ev.e)) {
      const yaml_parser_t* p = parser.get();
      return makeError("", where(p->problem_mark) + ": not valid YAML (" + (p->problem ? p->problem : "?") + ")");
    }
    ev.held = true;
    const yaml_event_t& e = ev.e;
    switch (e.type) {
      case YAML_STREAM_END_EVENT:
        if (!root) root = YamlNode{};
        return std::move(*root);
      case YAML_DOCUMENT_START_EVENT:
        if (documentSeen) return makeError("", where(e.start_mark) + ": one document only (no second '---')");
        documentSeen = true;
        break;
      case YAML_ALIAS_EVENT:
        return makeError("", where(e.start_mark) + ": aliases (*name) are not allowed");
      case YAML_SCALAR_EVENT:
      case YAML_SEQUENCE_START_EVENT:
      case YAML_MAPPING_START_EVENT: {
        const unsigned char* anchor = e.type == YAML_SCALAR_EVENT ? e.data.scalar.anchor
                                      : e.type == YAML_SEQUENCE_START_EVENT ? e.data.sequence_start.anchor
                                                                            : e.data.mapping_start.anchor;
        const unsigned char* tag = e.type == YAML_SCALAR_EVENT ? e.data.scalar.tag
                                   : e.type == YAML_SEQUENCE_START_EVENT ? e.data.sequence_start.tag
                                                                         : e.data.mapping_start.tag;
        if (anchor) return makeError("", where(e.start_mark) + ": anchors (&name) are not allowed");
        if (tag) return makeError("", where(e.start_mark) + ": tags (!name) are not allowed");
        YamlNode node;
        node.line = static_cast<int>(e.start_mark.line) + 1;
        if (e.type == YAML_SCALAR_EVENT) {
          node.scalar.assign(reinterpret_cast<const char*>(e.data.scalar.value), e.data.scalar.length);
          node.quoted = e.data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
                        e.data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE;
          if (auto s = place(std::move(node), e.start_mark); !s) return s.error();
          break;
        }
        if (static_cast<int>(stack.size()) >= limits.maxDepth)
          return makeError("", where(e.start_mark) + ": nested deeper than " + std::to_string(limits.maxDepth) + " levels");
        node.kind = e.type == YAML_MAPPING_START_EVENT ? YamlNode::Kind::kMapping : YamlNode::Kind::kSequence;
        stack.push_back({std::move(node)});
        break;
      }
      case YAML_SEQUENCE_END_EVENT:
      case YAML_MAPPING_END_EVENT: {
        YamlNode done = std::move(stack.back().node);
        stack.pop_back();
        if (auto s = place(std::move(done), e.start_mark); !s) return s.error();
        break;
      }
      default:
        break;
    }
  }
}

}  // namespace staccato::client
