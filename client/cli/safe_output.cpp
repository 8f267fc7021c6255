#include "client/cli/safe_output.h"

#include <cstdarg>
#include <cstdio>
#include <iostream>
#include <streambuf>

#include "client/cli/commands.h"

namespace staccato::cli {
namespace {

class EscapingBuf final : public std::streambuf {
 public:
  explicit EscapingBuf(std::streambuf* to) : to_(to) {}
  std::streambuf* target() const { return to_; }

 protected:
  int_type overflow(int_type ch) override {
    if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
    const auto c = static_cast<unsigned char>(ch);
    if (afterC2_) {  // U+0080..U+009F arrive as C2 80..C2 9F
      afterC2_ = false;
      if (c >= 0x80 && c <= 0x9f) return escape(0xc2) && escape(c) ? ch : traits_type::eof();
      if (to_->sputc(static_cast<char>(0xc2)) == traits_type::eof()) return traits_type::eof();
    }
    if (c == 0xc2) {
      afterC2_ = true;
      return ch;
    }
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) return escape(c) ? ch : traits_type::eof();
    return to_->sputc(static_cast<char>(c));
  }
  int sync() override {
    if (afterC2_ && to_->sputc(static_cast<char>(0xc2)) != traits_type::eof()) afterC2_ = false;
    return to_->pubsync();
  }

 private:
  bool escape(unsigned char c) {
    char text[5];
    std::snprintf(text, sizeof text, "\\x%02x", c);
    return to_->sputn(text, 4) == 4;
  }

  std::streambuf* to_;
  bool afterC2_ = false;
};

}  // namespace

std::string formatText(const char* format, ...) {
  va_list args, again;
  va_start(args, format);
  va_copy(again, args);
  const int n = std::vsnprintf(nullptr, 0, format, args);
  va_end(args);
  std::string text(n > 0 ? static_cast<size_t>(n) : 0, '\0');
  if (n > 0) std::vsnprintf(text.data(), text.size() + 1, format, again);
  va_end(again);
  return text;
}

int fail(const std::string& message, int code) {
  std::cerr << "staccato-cli: " << message << "\n";
  return code;
}

void escapeControlCharacters() {
  // Never destroyed: the streams are flushed after static objects go (std::ios_base::Init).
  static auto* out = new EscapingBuf(std::cout.rdbuf());
  static auto* err = new EscapingBuf(std::cerr.rdbuf());
  std::cout.rdbuf(out);
  std::cerr.rdbuf(err);
}

void writeControl(std::ostream& stream, std::string_view sequence) {
  stream.flush();
  auto* escaping = dynamic_cast<EscapingBuf*>(stream.rdbuf());
  std::streambuf* raw = escaping ? escaping->target() : stream.rdbuf();
  raw->sputn(sequence.data(), static_cast<std::streamsize>(sequence.size()));
}

}  // namespace staccato::cli
