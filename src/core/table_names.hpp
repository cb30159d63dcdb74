// Where a material's tables live: DIR/MATERIAL.xqw (WDL) and DIR/MATERIAL.xqd (DTM), MATERIAL
// the canonical name (docs/format.md). The one place that spells these names: the generator
// writes, the probe library scans for and the CLI opens exactly these paths.
// Tables of several rule sets side by side (the chase rules) will put the rule set in the name:
// it becomes a further argument of both functions, and no caller has to change its own code.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "core/material.hpp"
#include "core/table_file.hpp"

namespace xq {

// The file holding m's table of `kind` in dir (under m's canonical name).
std::string table_path(const std::string& dir, const Material& m, TableKind kind);

// The canonical material whose table of `kind` the file is, judged by its name alone (the
// file is not opened); nullopt for any other file (another extension, a name that is not a
// material, or a material's name in the non-canonical orientation).
std::optional<Material> table_material(const std::filesystem::path& file, TableKind kind);

}  // namespace xq
