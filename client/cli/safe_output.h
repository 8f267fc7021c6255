#pragma once
/// Text from drones and files (client ids, stream names, error messages) reaches the terminal
/// only as text: control characters (C0 except newline and tab, DEL, and UTF-8-encoded C1) are
/// written as \xNN, so that nobody can move the cursor, clear the screen or retitle a window
/// through `staccato-cli ports`. JSON output is not changed (its strings escape them already).
#include <ostream>
#include <string>
#include <string_view>

namespace staccato::cli {

/// Escapes control characters in everything later written to std::cout and std::cerr.
void escapeControlCharacters();

/// printf-style text as a string, to print through the escaping streams (never printf itself:
/// tests/security/cli_output_paths.sh looks for any other way to the terminal).
std::string formatText(const char* format, ...) __attribute__((format(printf, 1, 2)));

/// Writes the CLI's own terminal control sequences (progress line, screen refresh) unescaped.
void writeControl(std::ostream& out, std::string_view sequence);

}  // namespace staccato::cli
