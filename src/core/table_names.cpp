#include "core/table_names.hpp"

namespace xq {

std::string table_path(const std::string& dir, const Material& m, TableKind kind) {
  return (std::filesystem::path(dir) / (m.canonical().name() + table_extension(kind))).string();
}

std::optional<Material> table_material(const std::filesystem::path& file, TableKind kind) {
  if (file.extension() != table_extension(kind)) return std::nullopt;
  const std::string name = file.stem().string();
  try {
    const Material m = Material::parse(name);
    if (m.canonical().name() == name) return m;
  } catch (const MaterialError&) {
  }
  return std::nullopt;  // not a table of ours
}

}  // namespace xq
