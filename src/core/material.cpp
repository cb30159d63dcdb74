// Material signatures: parsing of letter and Chinese names, naming, canonical orientation and
// the capture closure. The accepted forms and the strength order are in docs/material.md.
#include "core/material.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>

#include "core/position.hpp"

namespace xq {

namespace {

using SideCounts = std::array<uint8_t, kPieceTypes>;
// Parsing accumulates in int so that absurd inputs (30 rooks) are reported, not wrapped.
using RawCounts = std::array<int, kPieceTypes>;

// Non-king kinds in name order (R N C P A B). Values are in half points (rook 9 = 18) so the
// cannon's 4.5 stays an integer; attackers are the kinds that can cross the river.
struct Kind {
  PieceType type;
  char letter;
  const char* chinese;
  const char* plural;
  int max;
  int value;
  bool attacker;
};
constexpr std::array<Kind, 6> kKinds = {{
    {Rook, 'R', "车", "rooks", 2, 18, true},
    {Horse, 'N', "马", "horses", 2, 8, true},
    {Cannon, 'C', "炮", "cannons", 2, 9, true},
    {Pawn, 'P', "兵", "pawns", 5, 2, true},
    {Advisor, 'A', "士", "advisors", 2, 4, false},
    {Elephant, 'B', "象", "elephants", 2, 4, false},
}};

const char* side_name(Color c) {
  return c == Red ? "Red's side" : "Black's side";
}

// ---- UTF-8 ----------------------------------------------------------------------------------

std::u32string decode_utf8(std::string_view text) {
  std::u32string out;
  for (size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const int extra = lead < 0x80       ? 0
                      : lead >> 5 == 6  ? 1
                      : lead >> 4 == 14 ? 2
                      : lead >> 3 == 30 ? 3
                                        : -1;
    if (extra < 0 || i + extra >= text.size()) throw MaterialError("invalid UTF-8 text");
    char32_t c = extra == 0 ? lead : lead & (0x3f >> extra);
    for (int k = 1; k <= extra; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if (next >> 6 != 2) throw MaterialError("invalid UTF-8 text");
      c = c << 6 | (next & 0x3f);
    }
    out += c;
    i += 1 + extra;
  }
  return out;
}

std::string encode_utf8(char32_t c) {
  if (c < 0x80) return std::string(1, char(c));
  if (c < 0x800) return {char(0xc0 | c >> 6), char(0x80 | (c & 0x3f))};
  if (c < 0x10000)
    return {char(0xe0 | c >> 12), char(0x80 | (c >> 6 & 0x3f)), char(0x80 | (c & 0x3f))};
  return {char(0xf0 | c >> 18), char(0x80 | (c >> 12 & 0x3f)), char(0x80 | (c >> 6 & 0x3f)),
          char(0x80 | (c & 0x3f))};
}

std::string quoted(char32_t c) {
  return "'" + encode_utf8(c) + "'";
}

// ---- Chinese vocabulary -----------------------------------------------------------------------

// Piece names (simplified, traditional, red/black variants) and count words.
constexpr std::array<std::pair<PieceType, std::u32string_view>, 7> kChinesePieces = {{
    {Rook, U"车車俥"},
    {Horse, U"马馬傌"},
    {Cannon, U"炮砲包"},
    {Pawn, U"兵卒"},
    {Advisor, U"士仕"},
    {Elephant, U"象相"},
    {King, U"将將帅帥"},
}};
constexpr std::array<std::u32string_view, 6> kChineseCounts = {U"",   U"单單一", U"双雙二两兩",
                                                               U"三", U"四",     U"五"};

// kPieceTypes if c names no piece.
PieceType chinese_piece(char32_t c) {
  for (const auto& [type, names] : kChinesePieces)
    if (names.find(c) != std::u32string_view::npos) return type;
  return kPieceTypes;
}

// 0 if c is no count word.
int chinese_count(char32_t c) {
  for (int n = 1; n < int(kChineseCounts.size()); ++n)
    if (kChineseCounts[n].find(c) != std::u32string_view::npos) return n;
  return 0;
}

// 将, 单将 or 光将 (any king name): a side with the king alone.
bool is_bare_king(std::u32string_view s) {
  if (s.empty() || chinese_piece(s.back()) != King) return false;
  return s.size() == 1 || (s.size() == 2 && (s[0] == U'光' || chinese_count(s[0]) == 1));
}

// Defence groups that do not read piece by piece: 士象全 (AABB), 单缺士 (ABB), 单缺象 (AAB).
// Adds the group to n and returns its length, or returns 0 when s does not start with one.
size_t read_defence_group(std::u32string_view s, RawCounts& n) {
  if (s.size() < 3) return 0;
  const PieceType first = chinese_piece(s[0]), second = chinese_piece(s[1]);
  if (first == Advisor && second == Elephant && s[2] == U'全') {
    n[Advisor] += 2;
    n[Elephant] += 2;
    return 3;
  }
  const PieceType missing = chinese_piece(s[2]);
  if (chinese_count(s[0]) == 1 && s[1] == U'缺' && (missing == Advisor || missing == Elephant)) {
    n[Advisor] += missing == Advisor ? 1 : 2;
    n[Elephant] += missing == Elephant ? 1 : 2;
    return 3;
  }
  return 0;
}

// ---- Sides ----------------------------------------------------------------------------------

RawCounts read_letters(std::u32string_view s, Color side) {
  RawCounts n{};
  for (const char32_t c : s) {
    const Piece p = c < 0x80 ? piece_from_fen(char(c)) : kNoPiece;
    if (p == kNoPiece)
      throw MaterialError("unknown piece letter " + quoted(c) + " on " + side_name(side));
    ++n[type_of(p)];
  }
  if (n[King] == 0) throw MaterialError(std::string("missing king on ") + side_name(side));
  if (n[King] > 1) throw MaterialError(std::string("two kings on ") + side_name(side));
  return n;
}

RawCounts read_chinese(std::u32string_view s, Color side) {
  RawCounts n{};
  n[King] = 1;
  if (is_bare_king(s)) return n;
  for (size_t i = 0; i < s.size();) {
    if (const size_t len = read_defence_group(s.substr(i), n)) {
      i += len;
      continue;
    }
    const int count = chinese_count(s[i]);
    const size_t at = count ? i + 1 : i;
    if (at == s.size())
      throw MaterialError("count " + quoted(s[i]) + " without a piece on " + side_name(side));
    const PieceType t = chinese_piece(s[at]);
    if (t == kPieceTypes)
      throw MaterialError("unexpected character " + quoted(s[at]) + " on " + side_name(side));
    if (t == King)
      throw MaterialError(quoted(s[at]) + " (king) with other pieces on " + side_name(side) +
                          "; 单将 alone names a bare king");
    n[t] += count ? count : 1;
    i = at + 1;
  }
  return n;
}

SideCounts read_side(std::u32string_view s, Color side) {
  if (s.empty()) throw MaterialError(std::string(side_name(side)) + " is empty");
  const bool letters = std::any_of(s.begin(), s.end(), [](char32_t c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  });
  if (letters && std::any_of(s.begin(), s.end(), [](char32_t c) { return c >= 0x80; }))
    throw MaterialError(std::string(side_name(side)) + " mixes letters and Chinese characters");
  const RawCounts n = letters ? read_letters(s, side) : read_chinese(s, side);
  SideCounts out{};
  out[King] = 1;
  for (const Kind& k : kKinds) {
    if (n[k.type] > k.max)
      throw MaterialError("more than " + std::to_string(k.max) + " " + k.plural + " on " +
                          side_name(side));
    out[k.type] = uint8_t(n[k.type]);
  }
  return out;
}

// ---- Splitting into sides -----------------------------------------------------------------

bool is_space(char32_t c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == U'\u3000';
}

// Splits at 对, 對 and v, vs, vs. in any case ('v' and 's' are no piece letters).
std::vector<std::u32string> split_at_separators(std::u32string_view s) {
  std::vector<std::u32string> sides(1);
  for (size_t i = 0; i < s.size(); ++i) {
    const bool v = s[i] == 'v' || s[i] == 'V';
    if (v && i + 1 < s.size() && (s[i + 1] == 's' || s[i + 1] == 'S')) ++i;
    if (v && i + 1 < s.size() && s[i + 1] == '.') ++i;
    if (v || s[i] == U'对' || s[i] == U'對')
      sides.emplace_back();
    else
      sides.back() += s[i];
  }
  return sides;
}

// Without a separator, letter names start each side with K (KRKCAABB).
std::vector<std::u32string> split_at_kings(std::u32string_view s) {
  const auto is_king = [](char32_t c) { return c == 'K' || c == 'k'; };
  if (!is_king(s[0]))
    throw MaterialError(s[0] < 0x80 ? "missing king: without a separator each side starts with K"
                                    : "missing separator (对 or vs) between the sides");
  std::vector<std::u32string> sides;
  for (const char32_t c : s) {
    if (is_king(c)) sides.emplace_back();
    sides.back() += c;
  }
  return sides;
}

Material read_material(std::u32string s) {
  std::erase_if(s, is_space);
  if (s.empty()) throw MaterialError("empty material");
  std::vector<std::u32string> sides = split_at_separators(s);
  const bool split_by_kings = sides.size() == 1;
  if (split_by_kings) sides = split_at_kings(s);
  if (sides.size() > 2)
    throw MaterialError(split_by_kings ? "more than two kings (each K starts a side)"
                                       : "more than two sides");
  if (sides.size() < 2) {
    read_side(sides[0], Red);  // a bad letter is the likelier mistake ("KZZ"): name it first
    throw MaterialError("only one side; separate the sides with 对 or vs");
  }
  Material m;
  m.count = {read_side(sides[0], Red), read_side(sides[1], Black)};
  return m;
}

// Control characters would break the one-line error message.
std::string printable(std::string_view text) {
  std::string out(text);
  std::replace_if(
      out.begin(), out.end(), [](char c) { return c >= 0 && c < ' '; }, ' ');
  return out;
}

// ---- Naming and strength ------------------------------------------------------------------

bool has_attacker(const SideCounts& n) {
  return std::any_of(kKinds.begin(), kKinds.end(),
                     [&](const Kind& k) { return k.attacker && n[k.type] > 0; });
}

int pieces(const SideCounts& n) {
  int total = 0;
  for (const Kind& k : kKinds) total += n[k.type];
  return total;
}

// Advisors and elephants by their usual group names, indexed [advisors][elephants].
constexpr const char* kDefenceNames[3][3] = {
    {"", "单象", "双象"}, {"单士", "单士象", "单缺士"}, {"双士", "单缺象", "士象全"}};
constexpr const char* kCountWords[6] = {"", "", "双", "三", "四", "五"};

// A lone attacker facing no attacker is written 单车 (单车对双士), otherwise plain (车对马双士).
std::string chinese_side(const SideCounts& n, bool opponent_attacks) {
  const int total = pieces(n);
  if (total == 0) return "单将";
  std::string out = total == 1 && has_attacker(n) && !opponent_attacks ? "单" : "";
  for (const Kind& k : kKinds)
    if (k.attacker && n[k.type] > 0) out += std::string(kCountWords[n[k.type]]) + k.chinese;
  return out + kDefenceNames[n[Advisor]][n[Elephant]];
}

// Larger is stronger (docs/material.md): attacking value, total value, then counts R N C P A B.
std::array<int, 8> strength(const SideCounts& n) {
  int attack = 0, total = 0;
  for (const Kind& k : kKinds) {
    total += k.value * n[k.type];
    if (k.attacker) attack += k.value * n[k.type];
  }
  return {attack, total, n[Rook], n[Horse], n[Cannon], n[Pawn], n[Advisor], n[Elephant]};
}

}  // namespace

Material Material::parse(std::string_view text) {
  try {
    return read_material(decode_utf8(text));
  } catch (const MaterialError& e) {
    throw MaterialError("material \"" + printable(text) + "\": " + e.what());
  }
}

Material Material::of(const Position& pos) {
  Material m{pos.counts()};
  m.count[Red][King] = m.count[Black][King] = 1;  // also on a board without kings
  return m;
}

std::string Material::name() const {
  std::string out;
  for (const auto& side : count) {
    out += 'K';
    for (const Kind& k : kKinds) out.append(side[k.type], k.letter);
  }
  return out;
}

std::string Material::chinese_name() const {
  for (const auto& side : count)
    for (const Kind& k : kKinds)
      if (side[k.type] > k.max) throw MaterialError("no Chinese name for " + name());
  return chinese_side(count[Red], has_attacker(count[Black])) + "对" +
         chinese_side(count[Black], has_attacker(count[Red]));
}

Material Material::flipped() const {
  Material m;
  m.count = {count[Black], count[Red]};
  return m;
}

bool Material::is_canonical() const {
  return strength(count[Red]) >= strength(count[Black]);
}

int Material::piece_count() const {
  return pieces(count[Red]) + pieces(count[Black]);
}

int Material::side_piece_count(Color c) const {
  return pieces(count[c]);
}

namespace {

// A capture removes a piece, so fewer pieces first is a dependency order; names break ties.
// Removes duplicates.
void sort_in_dependency_order(std::vector<Material>& materials) {
  const auto before = [](const Material& a, const Material& b) {
    const int pa = a.piece_count(), pb = b.piece_count();
    return pa != pb ? pa < pb : a.name() < b.name();
  };
  std::sort(materials.begin(), materials.end(), before);
  materials.erase(std::unique(materials.begin(), materials.end()), materials.end());
}

}  // namespace

std::vector<Material> capture_closure(const Material& m) {
  // Every sub-material (each non-king count from 0 up to m's, both sides), as an odometer over
  // the 12 (colour, kind) digits.
  std::vector<Material> out;
  Material sub = m;
  for (auto& side : sub.count)
    for (const Kind& k : kKinds) side[k.type] = 0;
  for (;;) {
    out.push_back(sub.canonical());
    size_t digit = 0;
    for (; digit < 2 * kKinds.size(); ++digit) {
      const Color c = Color(digit / kKinds.size());
      const PieceType t = kKinds[digit % kKinds.size()].type;
      if (sub.count[c][t] < m.count[c][t]) {
        ++sub.count[c][t];
        break;
      }
      sub.count[c][t] = 0;
    }
    if (digit == 2 * kKinds.size()) break;
  }
  sort_in_dependency_order(out);
  return out;
}

std::set<Material> capture_targets(const Material& m) {
  std::set<Material> out;
  for (const Color c : {Red, Black})
    for (const Kind& k : kKinds)
      if (m.count[c][k.type] > 0) {
        Material sub = m;
        --sub.count[c][k.type];
        out.insert(sub.canonical());
      }
  return out;
}

std::vector<Material> materials_up_to(int max_pieces, int max_attackers) {
  // An odometer over the 12 (colour, kind) digits, each up to its kind's maximum, pruned by
  // the totals (a digit past the limits resets, carrying into the next).
  std::vector<Material> out;
  Material m;
  const auto attackers = [&m] {
    int n = 0;
    for (const auto& side : m.count)
      for (const Kind& k : kKinds) n += k.attacker ? side[k.type] : 0;
    return n;
  };
  for (;;) {
    if (m.is_canonical()) out.push_back(m);
    size_t digit = 0;
    for (; digit < 2 * kKinds.size(); ++digit) {
      const Color c = Color(digit / kKinds.size());
      const Kind& k = kKinds[digit % kKinds.size()];
      if (m.count[c][k.type] < k.max) {
        ++m.count[c][k.type];
        if (m.piece_count() <= max_pieces && attackers() <= max_attackers) break;
      }
      m.count[c][k.type] = 0;
    }
    if (digit == 2 * kKinds.size()) break;
  }
  sort_in_dependency_order(out);
  return out;
}

}  // namespace xq
