#include "catalogue/grouping.hpp"

#include <iterator>
#include <tuple>

namespace xq {

namespace {

// Attacking pieces in the order players name them: rook, horse, cannon, pawn.
constexpr PieceType kAttackers[] = {Rook, Horse, Cannon, Pawn};
constexpr char kLetters[] = {'R', 'N', 'C', 'P'};
const char* const kChinese[] = {"车", "马", "炮", "兵"};

int attackers(const Material& m, Color c) {
  int n = 0;
  for (const PieceType t : kAttackers) n += m.count[c][t];
  return n;
}

// A side's attackers as digits, rook first, so that stronger sets sort first: "R" before "N".
std::string attack_key(const Material& m, Color c) {
  std::string key;
  for (const PieceType t : kAttackers) key += char('9' - m.count[c][t]);
  return key;
}

auto order_key(const Material& m) {
  const auto& red = m.count[Red];
  const auto& black = m.count[Black];
  const int red_attackers = attackers(m, Red);
  // Endings without an attacking piece last: they are all draws by material.
  return std::make_tuple(red_attackers == 0 ? 99 : red_attackers, attack_key(m, Red),
                         attackers(m, Black), attack_key(m, Black),
                         black[Advisor] + black[Elephant], black[Advisor], black[Elephant],
                         red[Advisor] + red[Elephant], red[Advisor], red[Elephant]);
}

}  // namespace

std::string attack_group(const Material& m) {
  std::string group;
  for (size_t i = 0; i < std::size(kAttackers); ++i)
    group += std::string(m.count[Red][kAttackers[i]], kLetters[i]);
  return group;
}

std::string attack_group_title(const std::string& group) {
  if (group.empty()) return "no attacking piece 无攻子";
  std::string zh;
  for (const char c : group)
    for (size_t i = 0; i < std::size(kLetters); ++i)
      if (c == kLetters[i]) zh += kChinese[i];
  return group + " " + zh;
}

bool catalogue_before(const Material& a, const Material& b) {
  return order_key(a) < order_key(b);
}

}  // namespace xq
