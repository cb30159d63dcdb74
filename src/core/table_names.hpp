// Where a material's tables live: DIR/MATERIAL[.RULES].xqw (WDL), .xqd (DTM) and .xqc (DTC),
// MATERIAL the canonical name and RULES the rule set's tag (docs/format.md "File names"). The
// one place that spells these names: the generator writes, the probe library scans for and the
// CLI opens exactly these paths.
// Tables of every rule set of one material coexist in one directory. The perpetual-check set,
// the generator's historic default, has no tag (KRKN.xqw), so that check trees built before the
// chase rules keep their names; the others are tagged (KRKN.none.xqw, KRKN.asian.xqw,
// KRKN.chinese.xqw). The file's header records the rule set as well; the probe refuses a file
// whose header disagrees with its name (a none table of an old tree under the untagged name).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "core/material.hpp"
#include "core/table_file.hpp"
#include "core/values.hpp"

namespace xq {

// The file holding m's table of `kind` under `rules` in dir (under m's canonical name).
std::string table_path(const std::string& dir, const Material& m, TableKind kind, RuleSet rules);

// What a file's name says it holds.
struct TableName {
  Material material;  // canonical
  RuleSet rules;
};

// The canonical material and rule set whose table of `kind` the file is, judged by its name
// alone (the file is not opened); nullopt for any other file (another extension, a name that
// is not a material, a material's name in the non-canonical orientation, an unknown tag).
std::optional<TableName> table_name(const std::filesystem::path& file, TableKind kind);

// The material whose table of `kind` under `rules` the file is, by its name alone (as
// table_name, nullopt for another rule set's table too).
std::optional<Material> table_material(const std::filesystem::path& file, TableKind kind,
                                       RuleSet rules);

}  // namespace xq
