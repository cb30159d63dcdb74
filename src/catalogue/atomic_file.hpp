// Writes a text file so that readers see the old file or the whole new one, never a part:
// PATH.tmp, fsync, rename over PATH.
#pragma once

#include <string>

namespace xq {

// std::runtime_error naming the path and the reason when any step fails (PATH.tmp removed).
void write_file_atomically(const std::string& path, const std::string& text);

}  // namespace xq
