// Where do the chase rules change values? A hidden case (not in CTest: `[.]`) that runs the
// chase reference on the materials of XQTB_SURVEY (comma-separated, default KRKN) under
// XQTB_SURVEY_RULES (chinese, the default, or asian) and prints a
// TSV line per material of the closure: positions, chase-decided ones (values that differ from
// the `check` tables), rule- or chase-decided ones (differ from `none`), moves by class, seconds
// and an example FEN of a chase-decided position. docs/rule-sets.md records its output.
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "reference/chase_ref.hpp"

using namespace xq;

TEST_CASE("chase reference: survey of changed values", "[.][survey]") {
  const char* env = std::getenv("XQTB_SURVEY");
  std::istringstream list(env ? env : "KRKN");
  for (std::string name; std::getline(list, name, ',');) {
    const auto start = std::chrono::steady_clock::now();
    const char* rules = std::getenv("XQTB_SURVEY_RULES");
    const ref::ChaseRef r(
        name, rules && std::string(rules) == "asian" ? RuleSet::Asian : RuleSet::Chinese);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    for (const ref::RefMaterial& m : r.materials()) {
      const ref::ChaseRefCounts c = r.counts(m.name());
      std::string example = "-";
      for (size_t i = 0; i < r.size() && example == "-"; ++i)
        if (is_chase_decided(r.value(i)) && r.material(i) == m) example = r.position(i).fen();
      std::cout << "survey\t" << name << '\t' << m.name() << '\t' << c.legal[0] + c.legal[1] << '\t'
                << c.chase_decided[0] << '\t' << c.chase_decided[1] << '\t'
                << c.differ_from_none[0] + c.differ_from_none[1] << "\tchecks "
                << c.moves[size_t(MoveClass::Check)] << " kills "
                << c.moves[size_t(MoveClass::Kill)] << " chases "
                << c.moves[size_t(MoveClass::Chase)] << " idle " << c.moves[size_t(MoveClass::Idle)]
                << '\t' << seconds << "s game " << r.game_size() << '\t' << example << std::endl;
    }
  }
}
