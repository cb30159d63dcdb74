// The page's files (web/), embedded into the binary at build time (cmake/EmbedAssets.cmake
// writes their definition): the service reads nothing from disk to serve them.
#pragma once

#include <string_view>

namespace xq::serve {

struct Asset {
  std::string_view path;  // "/index.html", "/app.js", ...
  std::string_view content_type;
  std::string_view bytes;
};

// The asset at exactly this path, or nullptr.
const Asset* find_asset(std::string_view path);

}  // namespace xq::serve
