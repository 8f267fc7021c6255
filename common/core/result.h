#pragma once
/// Result<T>: a value or an Error carrying a field path and a message that says what to fix.
#include <string>
#include <utility>
#include <variant>

namespace staccato {

/// What kind of failure, for mapping to RPC status codes at the boundary.
enum class ErrorKind { kInvalid, kNotFound, kBusy, kDenied, kUnavailable, kExhausted, kInternal };

struct Error {
  std::string path;     ///< e.g. "layers[1].ip.ttl"; empty when the error is not about one field
  std::string message;  ///< e.g. "300 exceeds 8 bits (allowed 0..255)"
  ErrorKind kind = ErrorKind::kInvalid;

  std::string toString() const { return path.empty() ? message : path + ": " + message; }
  /// Prefixes the path, e.g. withPrefix("streams[2]") on "layers[1].ip.ttl".
  Error withPrefix(const std::string& prefix) const {
    return {path.empty() ? prefix : prefix + "." + path, message, kind};
  }
  /// Names the file the error is in: "lab.json: drones[0].address: ...".
  Error inFile(const std::string& file) const { return {path.empty() ? file : file + ": " + path, message, kind}; }
};

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}
  Result(Error error) : v_(std::move(error)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

/// Result<void> equivalent.
struct Ok {};
using Status = Result<Ok>;

inline Error makeError(std::string path, std::string message, ErrorKind kind = ErrorKind::kInvalid) {
  return Error{std::move(path), std::move(message), kind};
}

}  // namespace staccato
