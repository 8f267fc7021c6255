// Text for line-based application payloads (HTTP, SIP, RTSP...): UTF-8 lines with a chosen end
// of line, sent as typed when none is chosen. Staccato's own protocol; like raw, it goes on
// any layer and takes the rest of the packet.
#include <string>

#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr EnumName kEols[] = {{1, "crlf"}, {2, "lf"}, {3, "cr"}};

constexpr FieldSpec kFields[] = {
    {.name = "text.eol", .label = "End of line", .bits = 8, .format = FieldFormat::kEnum, .defaultValue = "crlf",
     .flags = kFieldOptional | kFieldNoVary, .enums = kEols,
     .help = "when set, every line break of text.lines is sent as CRLF, LF or CR (HTTP and SIP want crlf); unset: " "the text goes out as typed"},
    {.name = "text.lines", .label = "Text", .bits = 0, .format = FieldFormat::kText,
     .defaultValue = "Hello from Staccato\n", .flags = kFieldNoVary,
     .help = "UTF-8 lines, one per line break (end a header block with an empty line)"},
};

std::string_view eolText(uint64_t eol) {
  switch (eol) {
    case 1: return "\r\n";
    case 3: return "\r";
    default: return "\n";
  }
}

void encode(const LayerState& l, std::vector<uint8_t>& out) {
  const auto& t = l.value("text.lines").bytes;
  if (!l.isSet("text.eol")) {
    out.insert(out.end(), t.begin(), t.end());
    return;
  }
  const std::string_view eol = eolText(l.num("text.eol"));
  for (uint8_t c : t) {
    if (c == '\n')
      out.insert(out.end(), eol.begin(), eol.end());
    else
      out.push_back(c);
  }
}

// CRLF line breaks (and no other LF) read back as lines with text.eol crlf.
void decode(std::span<const uint8_t> tail, LayerState& l) {
  bool crlf = false, bareLf = false;
  for (size_t i = 0; i < tail.size(); ++i)
    if (tail[i] == '\n') (i > 0 && tail[i - 1] == '\r' ? crlf : bareLf) = true;
  std::vector<uint8_t> lines;
  if (crlf && !bareLf) {
    for (size_t i = 0; i < tail.size(); ++i)
      if (!(tail[i] == '\r' && i + 1 < tail.size() && tail[i + 1] == '\n')) lines.push_back(tail[i]);
    l.set("text.eol", {1, {}});
  } else {
    lines.assign(tail.begin(), tail.end());
  }
  l.set("text.lines", {0, std::move(lines)});
}

constexpr TailCodec kCodec{encode, nullptr, decode};  // wire size: the rest of the packet

constexpr ProtocolSpec kText{
    .name = "text",
    .displayName = "Text",
    .summary = "UTF-8 text lines with a chosen end of line (HTTP, SIP, RTSP...; Staccato's own protocol)",
    .role = LayerRole::kRaw,
    .fields = kFields,
    .order = 905,
    .tail = &kCodec,
};

const RegisterProtocol kRegisterText(kText);

}  // namespace

}  // namespace staccato
