// Table file names (core/table_names.hpp): the one spelling the generator, the probe library
// and the CLI share.
#include <catch2/catch.hpp>

#include "core/table_names.hpp"

using namespace xq;

TEST_CASE("table paths are DIR/CANONICAL.xqw and .xqd", "[names]") {
  const Material krkn = Material::parse("KRKN");
  CHECK(table_path("tables", krkn, TableKind::Wdl) == "tables/KRKN.xqw");
  CHECK(table_path("/t/", krkn, TableKind::Dtm) == "/t/KRKN.xqd");
  // A material given in the other orientation names the table of its colour pair.
  CHECK(table_path("t", Material::parse("KNKR"), TableKind::Wdl) == "t/KRKN.xqw");
}

TEST_CASE("only canonical names of the kind's extension are tables", "[names]") {
  const auto krkn = table_material("some/dir/KRKN.xqw", TableKind::Wdl);
  REQUIRE(krkn);
  CHECK(*krkn == Material::parse("KRKN"));
  CHECK(table_material("KRKN.xqd", TableKind::Dtm) == Material::parse("KRKN"));
  CHECK_FALSE(table_material("KRKN.xqd", TableKind::Wdl));
  CHECK_FALSE(table_material("KRKN.json", TableKind::Wdl));
  CHECK_FALSE(table_material("KNKR.xqw", TableKind::Wdl));  // the non-canonical orientation
  CHECK_FALSE(table_material("krkn.xqw", TableKind::Wdl));  // parses, but is not the name
  CHECK_FALSE(table_material("notes.xqw", TableKind::Wdl));
  CHECK_FALSE(table_material("KRKN.xqw.tmp", TableKind::Wdl));
}

TEST_CASE("every material's paths name it back", "[names]") {
  for (const Material& m : materials_up_to(3, 2))
    for (const TableKind kind : {TableKind::Wdl, TableKind::Dtm}) {
      INFO(m.name());
      CHECK(table_material(table_path("d", m, kind), kind) == m);
    }
}
