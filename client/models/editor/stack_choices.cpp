#include "client/models/editor/stack_choices.h"

#include "client/models/editor/qt_text.h"
#include "common/packet/registry.h"

namespace staccato::client {
namespace {

/// "None", then the protocols offered at this quick layer, in registry order, by display name.
std::vector<StackOption> quickOptions(QuickLayer layer) {
  std::vector<StackOption> out{{QStringLiteral("None"), {}}};
  for (const ProtocolSpec* p : ProtocolRegistry::builtin().all())
    if (p->quickLayer == layer) out.push_back({toQString(p->displayName), {std::string(p->name)}});
  return out;
}

bool canSitOn(const ProtocolSpec& upper, const ProtocolSpec* below) {
  if (!below) return upper.role != LayerRole::kHeader || upper.startsFrame;
  if (below->role == LayerRole::kTrailer) return false;
  if (below->role == LayerRole::kPayload) return upper.role == LayerRole::kTrailer;
  if (upper.role != LayerRole::kHeader || below->role == LayerRole::kRaw) return true;
  return ProtocolRegistry::builtin().binding(below->name, upper) != nullptr;
}

}  // namespace

const std::vector<StackOption>& StackChoices::l2Options() {
  static const std::vector<StackOption> kOptions{
      {QStringLiteral("Ethernet"), {"eth"}},
      {QStringLiteral("Ethernet + VLAN"), {"eth", "vlan"}},
      {QStringLiteral("Ethernet + QinQ"), {"eth", "ieee8021ad", "vlan"}},
  };
  return kOptions;
}

const std::vector<StackOption>& StackChoices::l3Options() {
  static const std::vector<StackOption> kOptions = quickOptions(QuickLayer::kLayer3);
  return kOptions;
}

const std::vector<StackOption>& StackChoices::l4Options() {
  static const std::vector<StackOption> kOptions = quickOptions(QuickLayer::kLayer4);
  return kOptions;
}

std::vector<std::string> StackChoices::protocols(const StackChoice& c) {
  std::vector<std::string> out;
  for (const auto* option : {&l2Options()[static_cast<size_t>(c.l2)], &l3Options()[static_cast<size_t>(c.l3)],
                             &l4Options()[static_cast<size_t>(c.l4)]})
    out.insert(out.end(), option->protocols.begin(), option->protocols.end());
  if (c.payload) out.push_back("payload");
  if (c.signature) out.push_back("signature");
  return out;
}

std::optional<StackChoice> StackChoices::fromLayers(const google::protobuf::RepeatedPtrField<v1::Layer>& layers) {
  std::vector<std::string> have;
  for (const v1::Layer& l : layers) have.push_back(l.protocol());
  // A few hundred combinations at most: compare each one's protocol list.
  StackChoice c;
  for (c.l2 = 0; c.l2 < static_cast<int>(l2Options().size()); ++c.l2)
    for (c.l3 = 0; c.l3 < static_cast<int>(l3Options().size()); ++c.l3)
      for (c.l4 = 0; c.l4 < static_cast<int>(l4Options().size()); ++c.l4)
        for (int extras = 0; extras < 4; ++extras) {
          c.payload = extras & 1;
          c.signature = extras & 2;
          if (protocols(c) == have) return c;
        }
  return std::nullopt;
}

google::protobuf::RepeatedPtrField<v1::Layer> StackChoices::toLayers(
    const StackChoice& choice, const google::protobuf::RepeatedPtrField<v1::Layer>& current) {
  google::protobuf::RepeatedPtrField<v1::Layer> out;
  std::vector<bool> used(static_cast<size_t>(current.size()), false);
  for (const std::string& protocol : protocols(choice)) {
    v1::Layer* layer = out.Add();
    layer->set_protocol(protocol);
    for (int i = 0; i < current.size(); ++i) {
      if (used[static_cast<size_t>(i)] || current[i].protocol() != protocol) continue;
      *layer = current[i];
      used[static_cast<size_t>(i)] = true;
      break;
    }
  }
  return out;
}

bool StackChoices::isAllowed(const StackChoice& choice) {
  const ProtocolRegistry& reg = ProtocolRegistry::builtin();
  const ProtocolSpec* below = nullptr;
  for (const std::string& protocol : protocols(choice)) {
    const ProtocolSpec* spec = reg.find(protocol);
    if (!spec || !canSitOn(*spec, below)) return false;
    below = spec;
  }
  return true;
}

QStringList StackChoices::allowedAbove(const std::string& lowerProtocol) {
  const ProtocolRegistry& reg = ProtocolRegistry::builtin();
  const ProtocolSpec* below = lowerProtocol.empty() ? nullptr : reg.find(lowerProtocol);
  if (!lowerProtocol.empty() && !below) return {};
  QStringList out;
  for (const ProtocolSpec* p : reg.all())
    if (canSitOn(*p, below)) out << toQString(p->name);
  return out;
}

}  // namespace staccato::client
