// What a probe of one position answers (docs/probe-json.md), gathered once for the three that
// show it: `xqtb probe` as text, `xqtb probe --json` and `xqtb serve`'s /api/v1/probe.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "probe/tablebase.hpp"
#include "report/ending.hpp"

namespace xq::report {

// A material the answer needs has no table: the position's own, one a capture leads to, or
// one a line reaches. `material` is its canonical name; `rules` the rule set the missing
// table would need to have (the one asked for, for the position's own); what() says which.
class MissingTable : public std::runtime_error {
 public:
  enum class Need { Own, Capture, Line };
  MissingTable(std::string material, Need need, std::optional<RuleSet> rules,
               const std::string& why)
      : std::runtime_error(why), material_(std::move(material)), need_(need), rules_(rules) {}
  const std::string& material() const { return material_; }
  Need need() const { return need_; }
  // A legal capture leads to it (rather than the position itself, or a line).
  bool sub_table() const { return need_ == Need::Capture; }
  std::optional<RuleSet> rules() const { return rules_; }

 private:
  std::string material_;
  Need need_;
  std::optional<RuleSet> rules_;
};

struct GatherOptions {
  bool pv = false;                         // the line by DTM and the line under the limit
  std::optional<RuleSet> requested_rules;  // the rule set asked for (named when missing)
  EndingMemo* memo = nullptr;              // the position's `ending`, remembered across probes
};

// A position's probe: its value without and under the limit, every legal move by both
// measures, and (GatherOptions::pv) the two lines.
struct ProbeFacts {
  RuleSet rules;                 // of the position's table
  LimitProbe limit;              // the position's value at the counter
  RootProbe engine;              // every legal move under the limit, ranked
  std::vector<MoveValue> moves;  // every legal move without the limit, best first (empty:
                                 // mated or stalemated)
  Line pv, pv_limit;             // empty unless asked for and decided
  std::optional<Ending> ending;  // how best play ends, for a plain win or loss
  bool decided() const { return limit.unlimited.wdl != Wdl::Draw; }
};

// The probe at the counter (0..120). Throws MissingTable rather than answer part of it.
ProbeFacts gather_probe(const Tablebase& tb, const Position& pos, int counter,
                        const GatherOptions& o);

}  // namespace xq::report
