#include "report/probe_gather.hpp"

namespace xq::report {

namespace {

// A material the probe needs has no table: the position's own, or (Capture) the material a
// capture leads to, under `rules`.
MissingTable missing(const Material& m, MissingTable::Need need, std::optional<RuleSet> rules) {
  const bool capture = need == MissingTable::Need::Capture;
  return MissingTable(m.name(), need, rules,
                      std::string("no table for this material") +
                          (capture ? ", which a capture leads to" : "") +
                          (rules ? std::string(" (rule set ") + rule_set_name(*rules) + ")" : ""));
}

}  // namespace

ProbeFacts gather_probe(const Tablebase& tb, const Position& pos, int counter,
                        const GatherOptions& o) {
  const auto limit = tb.probe(pos, counter);
  if (!limit)
    throw missing(Material::of(pos).canonical(), MissingTable::Need::Own, o.requested_rules);
  RootReport report = tb.root_report(pos, counter);
  ProbeFacts f{*tb.rules(Material::of(pos)), *limit, report.limited, {}, {}, {}, {}};
  const ProbeResult& r = limit->unlimited;
  RootMoves& root = report.unlimited;
  if (root.missing)
    throw missing(*root.missing,
                  root.status == RootStatus::NoSubTable ? MissingTable::Need::Capture
                                                        : MissingTable::Need::Own,
                  f.rules);
  f.moves = std::move(root.moves);
  if (o.pv && f.decided()) f.pv = tb.principal_variation(pos);
  if (o.pv && limit->limited.verdict != LimitVerdict::Draw)
    f.pv_limit = tb.limit_line(pos, counter);
  // Refuse to answer a line shortened by a missing table as if it were the whole one.
  for (const Line* line : {&f.pv, &f.pv_limit})
    if (!line->complete())
      throw MissingTable(line->missing->name(), MissingTable::Need::Line, f.rules,
                         std::string("no table of the rule set ") + rule_set_name(f.rules) +
                             " for this material: the line stops after " +
                             std::to_string(line->moves.size()) + " plies");
  f.ending = o.memo ? o.memo->ending_of(tb, pos, r) : ending_of(tb, pos, r);
  return f;
}

}  // namespace xq::report
