// The one-line rulings of adjudicate.hpp in English and Chinese, and the names of violations.
#include <vector>

#include "rules/adjudicate.hpp"

namespace xq {

namespace {

const char* const kEnglishPiece[kPieceTypes] = {"king", "advisor", "elephant", "horse",
                                                "rook", "cannon",  "pawn"};
// By colour: the pieces' own Chinese names (帅/将, 相/象, 兵/卒 differ).
const char* const kChinesePiece[2][kPieceTypes] = {{"帅", "仕", "相", "马", "车", "炮", "兵"},
                                                   {"将", "士", "象", "马", "车", "炮", "卒"}};

const char* side_en(Color c) {
  return c == Red ? "Red" : "Black";
}
const char* side_zh(Color c) {
  return c == Red ? "红方" : "黑方";
}

// The chased pieces in English ("the red rook and the red horse") or Chinese ("红车、红马").
std::string pieces_text(const Position& at, const geo::SquareSet& points, bool zh) {
  std::vector<std::string> names;
  for (const Square p : points) {
    const Piece piece = at.at(p);
    const Color c = color_of(piece);
    names.push_back(zh ? std::string(c == Red ? "红" : "黑") + kChinesePiece[c][type_of(piece)]
                       : std::string("the ") + (c == Red ? "red " : "black ") +
                             kEnglishPiece[type_of(piece)]);
  }
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += zh ? "、" : i + 1 == names.size() ? " and " : ", ";
    out += names[i];
  }
  return out;
}

// "X checks perpetually", "X chases the black rook perpetually", ... (offender X).
std::string offence_en(const Adjudication& a, Color x) {
  const SideRecord& s = a.judgement.sides[x];
  const std::string who = side_en(x);
  switch (s.violation) {
    case Violation::Check:
      return who + " checks perpetually";
    case Violation::Chase:
      if (s.chased_always.empty())
        return who + " chases " + (x == Red ? "black" : "red") +
               " pieces perpetually, one after another";
      return who + " chases " + pieces_text(a.cycle_start, s.chased_always, false) + " perpetually";
    case Violation::PinnedRookChase:
      return who + " chases " + pieces_text(a.cycle_start, s.pinned_rook_chased_always, false) +
             " perpetually, a rook held on a horse's leg";
    case Violation::Kill:
      return who + " threatens mate perpetually";
    case Violation::Mixed: {
      // The classes mixed, e.g. "checks and chases".
      std::vector<std::string> kinds;
      if (s.class_count[size_t(MoveClass::Check)] > 0) kinds.push_back("checks");
      if (s.class_count[size_t(MoveClass::Kill)] > 0) kinds.push_back("mate threats");
      if (s.class_count[size_t(MoveClass::Chase)] > 0) kinds.push_back("chases");
      std::string mix = kinds[0];
      for (size_t i = 1; i < kinds.size(); ++i)
        mix += (i + 1 == kinds.size() ? " and " : ", ") + kinds[i];
      return who + " attacks perpetually, mixing " + mix;
    }
    case Violation::None:
      break;
  }
  return who + " makes allowed moves";
}

std::string offence_zh(const Adjudication& a, Color x) {
  const SideRecord& s = a.judgement.sides[x];
  const std::string who = side_zh(x);
  switch (s.violation) {
    case Violation::Chase:
      if (s.chased_always.empty()) return who + "长捉" + (x == Red ? "黑方" : "红方") + "数子";
      return who + "长捉" + pieces_text(a.cycle_start, s.chased_always, true);
    case Violation::PinnedRookChase:
      return who + "长捉被马牵制的" + pieces_text(a.cycle_start, s.pinned_rook_chased_always, true);
    default:
      return who + violation_chinese(s);
  }
}

}  // namespace

const char* cycle_verdict_name(CycleVerdict v) {
  switch (v) {
    case CycleVerdict::NoCycle:
      return "no_cycle";
    case CycleVerdict::Draw:
      return "draw";
    case CycleVerdict::RedLoses:
      return "red_loses";
    case CycleVerdict::BlackLoses:
      break;
  }
  return "black_loses";
}

const char* violation_name(Violation v) {
  switch (v) {
    case Violation::None:
      return "none";
    case Violation::Check:
      return "check";
    case Violation::Chase:
      return "chase";
    case Violation::PinnedRookChase:
      return "pinned_rook_chase";
    case Violation::Kill:
      return "kill";
    case Violation::Mixed:
      break;
  }
  return "mixed";
}

std::string violation_chinese(const SideRecord& s) {
  switch (s.violation) {
    case Violation::None:
      return "允许着法";
    case Violation::Check:
      return "长将";
    case Violation::Chase:
    case Violation::PinnedRookChase:
      return "长捉";
    case Violation::Kill:
      return "长杀";
    case Violation::Mixed:
      break;
  }
  // 一将一杀, 一将一捉, 一杀一捉, 一将一杀一捉: the classes the series mixes.
  std::string out;
  for (const MoveClass c : {MoveClass::Check, MoveClass::Kill, MoveClass::Chase})
    if (s.class_count[size_t(c)] > 0) out += std::string("一") + move_class_chinese(c);
  return out;
}

std::string adjudication_reason(const Adjudication& a) {
  if (!a.repetition) return "No position recurs: no cycle";
  const bool done = a.is_final();
  if (const auto x = a.judgement.offender)
    return offence_en(a, *x) + "; " + side_en(*x) + (done ? " loses" : " must change");
  const SideRecord& red = a.judgement.sides[Red];
  const SideRecord& black = a.judgement.sides[Black];
  std::string why;
  if (red.violation == Violation::None)
    why = "Neither side makes forbidden moves";
  else if (red.violation == Violation::Check && black.violation == Violation::Check)
    why = "Both sides check perpetually";
  else
    why = "Both sides violate equally (Red: " + std::string(violation_name(red.violation)) +
          ", Black: " + violation_name(black.violation) + ")";
  return why + (done ? "; drawn by repetition" : "; a draw if neither side changes");
}

std::string adjudication_reason_chinese(const Adjudication& a) {
  if (!a.repetition) return "局面未重复，无循环";
  const bool done = a.is_final();
  if (const auto x = a.judgement.offender)
    return offence_zh(a, *x) + "，" + side_zh(*x) + (done ? "判负" : "须变着");
  const SideRecord& red = a.judgement.sides[Red];
  const SideRecord& black = a.judgement.sides[Black];
  std::string why;
  if (red.violation == Violation::None)
    why = "双方均为允许着法";
  else if (red.violation == Violation::Check && black.violation == Violation::Check)
    why = "双方长将";
  else
    why = "双方均为禁止着法（红方" + violation_chinese(red) + "，黑方" + violation_chinese(black) +
          "）";
  return why + (done ? "，判和" : "，不变作和");
}

}  // namespace xq
