#pragma once
/// Access tokens: strong enough to be worth checking, and a way to make one.
#include <string>

#include "common/core/result.h"

namespace staccato::drone {

/// The shortest token accepted: 22 characters hold 128 bits in base64, the least worth guessing.
inline constexpr size_t kMinTokenChars = 22;

/// Refuses tokens too short or too repetitive to hold 128 bits of chance ("FILE: the token is
/// only 6 characters (use at least 22 random characters; staccato-drone --generate-token FILE
/// makes one)").
Status checkTokenStrength(const std::string& token, const std::string& file);

/// The token in the first line of `file`, if it is strong enough.
Result<std::string> readAccessToken(const std::string& file);

/// Writes a new random token (32 bytes from the kernel's generator, base64url: 43 characters)
/// to `file`, readable by its owner only (the user behind sudo, if any). Refuses to overwrite.
Status generateTokenFile(const std::string& file);

}  // namespace staccato::drone
