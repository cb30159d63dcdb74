#include "cli/adjudication_report.hpp"

#include <sstream>

#include "core/notation.hpp"

namespace xq::cli {

namespace {

// The text report's words for a side's series.
const char* violation_english(Violation v) {
  switch (v) {
    case Violation::None:
      return "allowed";
    case Violation::Check:
      return "perpetual check";
    case Violation::Chase:
      return "perpetual chase";
    case Violation::PinnedRookChase:
      return "perpetual chase of a rook held on a horse's leg";
    case Violation::Kill:
      return "perpetual mate threat";
    case Violation::Mixed:
      break;
  }
  return "perpetual attack, mixed";
}

// "c1 (r)" lists for the text report ("车七路二线" in Chinese).
std::string pieces_line(const Position& at, const geo::SquareSet& points, Lang lang) {
  std::string out;
  for (const Square p : points) {
    if (!out.empty()) out += lang == Lang::Zh ? "、" : ", ";
    out += lang == Lang::Zh ? chinese_point(at.at(p), p)
                            : square_name(p) + " (" + piece_name(at.at(p), lang) + ")";
  }
  return out;
}

}  // namespace

std::string adjudication_text(const Adjudication& a, Lang lang) {
  const bool zh = lang == Lang::Zh;
  std::ostringstream out;
  if (!a.repetition) {
    out << (zh ? adjudication_reason_chinese(a) : adjudication_reason(a)) << " (" << a.plies
        << (zh ? " 步" : " plies") << ")\n";
    return out.str();
  }
  const Repetition& r = *a.repetition;
  const std::string where = r.first == 0
                                ? (zh ? "开始局面" : "the start position")
                                : (zh ? "第 " + std::to_string(r.first) + " 步后的局面"
                                      : "the position after ply " + std::to_string(r.first));
  if (zh)
    out << "循环：第 " << r.first + 1 << "–" << r.last << " 步回到" << where << "（"
        << side_name(a.cycle_start.side_to_move(), lang) << "方走），第 " << r.occurrences()
        << " 次出现\n";
  else
    out << "Cycle: plies " << r.first + 1 << "-" << r.last << " bring back " << where << " ("
        << side_name(a.cycle_start.side_to_move(), lang) << " to move): occurrence "
        << r.occurrences() << "\n";
  Position pos = a.cycle_start;
  int ply = r.first;
  for (const CyclePly& c : a.cycle) {
    out << "  " << ++ply << ". " << to_iccs(c.move) << "  " << to_chinese(pos, c.move) << "  "
        << side_name(c.mover, lang) << "  "
        << (zh ? move_class_chinese(c.cls) : move_class_name(c.cls));
    pos.make(c.move);
    if (!c.facts.chased.empty())
      out << (zh ? "  被捉 " : "  chases ") << pieces_line(pos, c.facts.chased, lang);
    out << "\n";
  }
  for (const Color side : {Red, Black}) {
    const SideRecord& s = a.judgement.sides[side];
    out << side_name(side, lang) << (zh ? "方：" : ": ")
        << (zh ? violation_chinese(s) : violation_english(s.violation));
    if (!s.chased_always.empty())
      out << (zh ? "，每着都捉 " : "; chased on every move: ")
          << pieces_line(a.cycle_start, s.chased_always, lang);
    out << "\n";
  }
  out << (zh ? adjudication_reason_chinese(a) : adjudication_reason(a)) << "\n";
  if (r.followed_to > r.last)
    out << (zh ? "对局继续重复此循环至第 " : "The game goes round the cycle again up to ply ")
        << r.followed_to << (zh ? " 步\n" : "\n");
  if (r.followed_to < a.plies)
    out << (zh ? "对局在第 " : "The game leaves the cycle at ply ") << r.followed_to + 1
        << (zh ? " 步离开此循环；其后的着法不再裁决\n" : "; later moves are not adjudicated\n");
  return out.str();
}

}  // namespace xq::cli
