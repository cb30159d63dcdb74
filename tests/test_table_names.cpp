// Table file names (core/table_names.hpp): the one spelling the generator, the probe library
// and the CLI share.
#include <catch2/catch.hpp>

#include "core/table_names.hpp"

using namespace xq;

namespace {
constexpr RuleSet kAllRules[] = {RuleSet::None, RuleSet::Check, RuleSet::Asian, RuleSet::Chinese};
}

TEST_CASE("table paths are DIR/CANONICAL[.RULES].xqw, .xqd and .xqc", "[names]") {
  const Material krkn = Material::parse("KRKN");
  // The check rule's tables keep the names they had before the rule sets were tagged.
  CHECK(table_path("tables", krkn, TableKind::Wdl, RuleSet::Check) == "tables/KRKN.xqw");
  CHECK(table_path("/t/", krkn, TableKind::Dtm, RuleSet::Check) == "/t/KRKN.xqd");
  CHECK(table_path("t", krkn, TableKind::Dtc, RuleSet::None) == "t/KRKN.none.xqc");
  CHECK(table_path("t", krkn, TableKind::Wdl, RuleSet::Asian) == "t/KRKN.asian.xqw");
  CHECK(table_path("t", krkn, TableKind::Dtm, RuleSet::Chinese) == "t/KRKN.chinese.xqd");
  // A material given in the other orientation names the table of its colour pair.
  CHECK(table_path("t", Material::parse("KNKR"), TableKind::Wdl, RuleSet::Chinese) ==
        "t/KRKN.chinese.xqw");
}

TEST_CASE("only canonical names of the kind's extension are tables", "[names]") {
  const auto krkn = table_material("some/dir/KRKN.xqw", TableKind::Wdl, RuleSet::Check);
  REQUIRE(krkn);
  CHECK(*krkn == Material::parse("KRKN"));
  CHECK(table_material("KRKN.xqd", TableKind::Dtm, RuleSet::Check) == Material::parse("KRKN"));
  CHECK_FALSE(table_material("KRKN.xqd", TableKind::Wdl, RuleSet::Check));
  CHECK_FALSE(table_material("KRKN.json", TableKind::Wdl, RuleSet::Check));
  CHECK_FALSE(table_material("KNKR.xqw", TableKind::Wdl, RuleSet::Check));  // non-canonical
  CHECK_FALSE(table_material("krkn.xqw", TableKind::Wdl, RuleSet::Check));  // not the name
  CHECK_FALSE(table_material("notes.xqw", TableKind::Wdl, RuleSet::Check));
  CHECK_FALSE(table_material("KRKN.xqw.tmp", TableKind::Wdl, RuleSet::Check));
  CHECK_FALSE(table_name("KRKN.xqw.tmp", TableKind::Wdl));
  CHECK_FALSE(table_name("KNKR.chinese.xqw", TableKind::Wdl));
  CHECK_FALSE(table_name("KRKN.CHINESE.xqw", TableKind::Wdl));  // tags are lower case
  CHECK_FALSE(table_name("KRKN.check.xqw", TableKind::Wdl));    // the check rule has no tag
  CHECK_FALSE(table_name("KRKN.xiangqi.xqw", TableKind::Wdl));
  CHECK_FALSE(table_name(".chinese.xqw", TableKind::Wdl));
}

TEST_CASE("a name says its rule set, and one rule set's name is no other's", "[names]") {
  const auto n = table_name("d/KRKCAABB.chinese.xqw", TableKind::Wdl);
  REQUIRE(n);
  CHECK(n->material == Material::parse("KRKCAABB"));
  CHECK(n->rules == RuleSet::Chinese);
  CHECK(table_name("KRKN.none.xqd", TableKind::Dtm)->rules == RuleSet::None);
  CHECK(table_name("KRKN.asian.xqc", TableKind::Dtc)->rules == RuleSet::Asian);
  CHECK(table_name("KRKN.xqw", TableKind::Wdl)->rules == RuleSet::Check);
  CHECK_FALSE(table_material("KRKN.chinese.xqw", TableKind::Wdl, RuleSet::Asian));
  CHECK_FALSE(table_material("KRKN.chinese.xqw", TableKind::Wdl, RuleSet::Check));
}

TEST_CASE("every material's paths name it and its rule set back", "[names]") {
  for (const Material& m : materials_up_to(3, 2))
    for (const TableKind kind : {TableKind::Wdl, TableKind::Dtm, TableKind::Dtc})
      for (const RuleSet rules : kAllRules) {
        INFO(m.name() << " " << rule_set_name(rules));
        const auto n = table_name(table_path("d", m, kind, rules), kind);
        REQUIRE(n);
        CHECK(n->material == m);
        CHECK(n->rules == rules);
        for (const RuleSet other : kAllRules)
          CHECK(table_material(table_path("d", m, kind, rules), kind, other).has_value() ==
                (other == rules));
      }
}
