#include "core/table_names.hpp"

namespace xq {

namespace {

// The tag between the material and the extension: none for the check rule (see the header).
std::string rule_tag(RuleSet rules) {
  return rules == RuleSet::Check ? "" : std::string(".") + rule_set_name(rules);
}

}  // namespace

std::string table_path(const std::string& dir, const Material& m, TableKind kind, RuleSet rules) {
  return (std::filesystem::path(dir) /
          (m.canonical().name() + rule_tag(rules) + table_extension(kind)))
      .string();
}

std::optional<TableName> table_name(const std::filesystem::path& file, TableKind kind) {
  if (file.extension() != table_extension(kind)) return std::nullopt;
  const std::string stem = file.stem().string();
  for (const RuleSet rules : {RuleSet::Check, RuleSet::None, RuleSet::Asian, RuleSet::Chinese}) {
    const std::string tag = rule_tag(rules);
    if (stem.size() <= tag.size() || stem.compare(stem.size() - tag.size(), tag.size(), tag) != 0)
      continue;
    const std::string name = stem.substr(0, stem.size() - tag.size());
    // The material letters never include '.', so only the matching tag leaves a material.
    try {
      const Material m = Material::parse(name);
      if (m.canonical().name() == name) return TableName{m, rules};
    } catch (const MaterialError&) {
    }
  }
  return std::nullopt;  // not a table of ours
}

std::optional<Material> table_material(const std::filesystem::path& file, TableKind kind,
                                       RuleSet rules) {
  const std::optional<TableName> n = table_name(file, kind);
  if (!n || n->rules != rules) return std::nullopt;
  return n->material;
}

}  // namespace xq
