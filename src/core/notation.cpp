#include "core/notation.hpp"

#include <cstdlib>

namespace xq {

namespace {

// ---- Text helpers ----

std::string_view trim(std::string_view s) {
  const auto blank = [](char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n'; };
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

// The text in quotes, control characters replaced, so that messages stay on one line.
std::string quoted(std::string_view s) {
  std::string out = "'";
  for (const char ch : s) out += (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f) ? '?' : ch;
  return out + "'";
}

[[noreturn]] void fail(const std::string& what, std::string_view text) {
  throw NotationError(what + " " + quoted(text));
}

void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += char(c);
  } else if (c < 0x800) {
    out += char(0xC0 | (c >> 6));
    out += char(0x80 | (c & 0x3F));
  } else {  // the notation uses no characters beyond the basic multilingual plane
    out += char(0xE0 | (c >> 12));
    out += char(0x80 | ((c >> 6) & 0x3F));
    out += char(0x80 | (c & 0x3F));
  }
}

// Decodes UTF-8 (up to 4-byte sequences); false when the bytes are not well-formed.
bool decode_utf8(std::string_view s, std::u32string& out) {
  for (size_t i = 0; i < s.size();) {
    const unsigned char lead = s[i];
    const int extra = lead < 0x80       ? 0
                      : lead >> 5 == 6  ? 1
                      : lead >> 4 == 14 ? 2
                      : lead >> 3 == 30 ? 3
                                        : -1;
    if (extra < 0 || i + extra >= s.size()) return false;
    char32_t c = extra == 0 ? lead : lead & (0x3F >> extra);
    for (int k = 1; k <= extra; ++k) {
      const unsigned char cont = s[i + k];
      if (cont >> 6 != 2) return false;
      c = c << 6 | (cont & 0x3F);
    }
    out += c;
    i += extra + 1;
  }
  return true;
}

// ---- Geometry from the mover's view ----

// File number 1..9 counted from the right of colour c.
int file_number(Color c, int file) {
  return c == Red ? kFiles - file : file + 1;
}

// Rank counted from colour c's own back rank.
int own_rank(Color c, Square s) {
  return c == Red ? rank_of(s) : kRanks - 1 - rank_of(s);
}

// Direction '+', '-' or '=' and the figure written after it.
struct Motion {
  char dir;
  int num;
};

Motion motion_of(Color c, PieceType t, Move m) {
  const int dr = own_rank(c, m.to) - own_rank(c, m.from);
  const char dir = dr > 0 ? '+' : dr < 0 ? '-' : '=';
  const bool diagonal = t == Advisor || t == Elephant || t == Horse;
  return {dir, dir == '=' || diagonal ? file_number(c, file_of(m.to)) : std::abs(dr)};
}

// Place of a piece among the like pieces (same colour and kind) on its file.
struct Tandem {
  int count = 0;          // like pieces on the file, itself included
  int index = 0;          // 0 = front-most, from the owner's view
  int stacked_files = 0;  // files holding two or more like pieces
};

Tandem tandem_of(const Position& pos, Square from) {
  const Piece p = pos.at(from);
  const Color c = color_of(p);
  Tandem td;
  for (int f = 0; f < kFiles; ++f) {
    int n = 0;
    for (int r = 0; r < kRanks; ++r) {
      const Square s = make_square(f, r);
      if (pos.at(s) != p) continue;
      ++n;
      if (f == file_of(from)) {
        ++td.count;
        if (own_rank(c, s) > own_rank(c, from)) ++td.index;
      }
    }
    if (n >= 2) ++td.stacked_files;
  }
  return td;
}

// Advisors and elephants sharing a file need no marker: one can only advance, the other
// only retreat.
bool needs_marker(PieceType t, const Tandem& td) {
  return td.count >= 2 && t != Advisor && t != Elephant;
}

// Everything the writers need to know about a move.
struct Described {
  Color colour;
  PieceType type;
  int file;  // origin file number from the mover's right
  Motion motion;
  Tandem tandem;
};

Described describe(const Position& pos, Move m) {
  const Piece p = pos.at(m.from);
  if (p == kNoPiece) fail("no piece to move for", to_iccs(m));
  const Color c = color_of(p);
  return {c, type_of(p), file_number(c, file_of(m.from)), motion_of(c, type_of(p), m),
          tandem_of(pos, m.from)};
}

// ---- Chinese characters ----

constexpr char32_t kRedNames[] = U"帅仕相马车炮兵";
constexpr char32_t kBlackNames[] = U"将士象马车炮卒";
constexpr char32_t kNumerals[] = U"一二三四五六七八九";
constexpr char32_t kFront = U'前', kMiddle = U'中', kRear = U'后';

// Red writes file numbers and distances in Chinese numerals, Black in ASCII digits.
char32_t numeral(Color c, int n) {
  return c == Red ? kNumerals[n - 1] : char32_t(U'0' + n);
}

char32_t chinese_dir(char dir) {
  return dir == '+' ? U'进' : dir == '-' ? U'退' : U'平';
}

// ---- Parsing into a move description ----

// Which of the like pieces on a file a marker selects.
enum class Select : uint8_t {
  Unmarked,  // file number only: the middle one of three or five, else any
  Plus,      // WXF "+": the front one of two or three, the second of four or five
  Minus,     // WXF "-": the rear one of two or three, the second-last of four or five
  Middle,    // 中, WXF "55"
  Nth,       // 前, 一..五, WXF "++": counted from the front
  Last,      // 后, WXF "--"
};

struct Spec {
  PieceType type = Pawn;
  int file = 0;  // origin file number from the mover's right; 0 = not given
  Select select = Select::Unmarked;
  int nth = 0;  // index from the front, for Select::Nth
  char dir = 0;
  int num = 0;
};

bool selects(const Spec& spec, const Tandem& td) {
  const int n = td.count, i = td.index;
  switch (spec.select) {
    case Select::Unmarked:
      return n % 2 == 0 || i == n / 2;
    case Select::Plus:
      return n >= 2 && i == (n >= 4 ? 1 : 0);
    case Select::Minus:
      return n >= 2 && i == (n >= 4 ? n - 2 : n - 1);
    case Select::Middle:
      return n >= 3 && n % 2 == 1 && i == n / 2;
    case Select::Nth:
      return n >= 2 && i == spec.nth;
    case Select::Last:
      return n >= 2 && i == n - 1;
  }
  return false;
}

// The one legal move that fits the description.
Move resolve(const Position& pos, const Spec& spec, std::string_view text) {
  const Color us = pos.side_to_move();
  Move found;
  int matches = 0;
  for (const Move m : pos.legal_moves()) {
    const PieceType t = type_of(pos.at(m.from));
    if (t != spec.type) continue;
    if (spec.file != 0 && file_number(us, file_of(m.from)) != spec.file) continue;
    const Motion mo = motion_of(us, t, m);
    if (mo.dir != spec.dir || mo.num != spec.num) continue;
    if (!selects(spec, tandem_of(pos, m.from))) continue;
    found = m;
    ++matches;
  }
  if (matches == 0) fail("no legal move matches", text);
  if (matches > 1) fail(std::to_string(matches) + " legal moves match", text);
  return found;
}

int digit_value(char ch) {
  return ch >= '1' && ch <= '9' ? ch - '0' : 0;
}

// WXF piece letters, with the FEN letters B and N accepted; -1 for others.
int wxf_piece(char ch) {
  switch (ch) {
    case 'K':
      return King;
    case 'A':
      return Advisor;
    case 'E':
    case 'B':
      return Elephant;
    case 'H':
    case 'N':
      return Horse;
    case 'R':
      return Rook;
    case 'C':
      return Cannon;
    case 'P':
      return Pawn;
    default:
      return -1;
  }
}

Spec parse_wxf(std::string_view text) {
  std::string s;
  for (const char ch : text) s += ch == '.' ? '=' : (ch >= 'a' && ch <= 'z') ? char(ch - 32) : ch;
  const auto bad = [&] { fail("malformed WXF move", text); };
  if (s.size() != 4) bad();
  Spec spec;
  if (const int t = wxf_piece(s[0]); t >= 0) {
    spec.type = PieceType(t);
    spec.file = digit_value(s[1]);
    if (spec.file == 0) {
      if (s[1] != '+' && s[1] != '-') bad();
      spec.select = s[1] == '+' ? Select::Plus : Select::Minus;
    }
  } else if ((s[0] == '+' || s[0] == '-') && s[1] == s[0]) {  // "++" / "--": 4-5 pawns
    spec.select = s[0] == '+' ? Select::Nth : Select::Last;
  } else if (digit_value(s[0]) != 0) {  // pawns stacked on two files: "7+", "7-", "55"
    spec.file = digit_value(s[0]);
    if (s[1] == '+' || s[1] == '-')
      spec.select = s[1] == '+' ? Select::Plus : Select::Minus;
    else if (s[1] == s[0])
      spec.select = Select::Middle;
    else
      bad();
  } else {
    bad();
  }
  if (s[2] != '+' && s[2] != '-' && s[2] != '=') bad();
  spec.dir = s[2];
  spec.num = digit_value(s[3]);
  if (spec.num == 0) bad();
  return spec;
}

int chinese_piece(char32_t c) {
  switch (c) {
    case U'帅':
    case U'帥':
    case U'将':
    case U'將':
      return King;
    case U'仕':
    case U'士':
      return Advisor;
    case U'相':
    case U'象':
      return Elephant;
    case U'马':
    case U'馬':
    case U'傌':
      return Horse;
    case U'车':
    case U'車':
    case U'俥':
      return Rook;
    case U'炮':
    case U'砲':
      return Cannon;
    case U'兵':
    case U'卒':
      return Pawn;
    default:
      return -1;
  }
}

// 1..9 for a Chinese numeral, ASCII or full-width digit; 0 for others.
int chinese_number(char32_t c) {
  for (int n = 1; n <= 9; ++n)
    if (c == kNumerals[n - 1] || c == U'0' + char32_t(n) || c == U'０' + char32_t(n)) return n;
  return 0;
}

char chinese_dir_of(char32_t c) {
  return c == U'进' || c == U'進' ? '+' : c == U'退' ? '-' : c == U'平' ? '=' : 0;
}

// Sets the selection for 前/中/后; false for other characters.
bool chinese_marker(char32_t c, Spec& spec) {
  if (c == kFront)
    spec.select = Select::Nth;
  else if (c == kMiddle)
    spec.select = Select::Middle;
  else if (c == kRear || c == U'後')
    spec.select = Select::Last;
  else
    return false;
  return true;
}

Spec parse_chinese(std::string_view text) {
  std::u32string s;
  const auto bad = [&] { fail("malformed Chinese move", text); };
  if (!decode_utf8(text, s) || s.size() != 4) bad();
  Spec spec;
  if (const int t = chinese_piece(s[0]); t >= 0) {  // 车二 / 车前
    spec.type = PieceType(t);
    spec.file = chinese_number(s[1]);
    if (spec.file == 0 && !chinese_marker(s[1], spec)) bad();
  } else if (chinese_marker(s[0], spec)) {  // 前车 / 前七 (pawns stacked on two files)
    if (const int t2 = chinese_piece(s[1]); t2 >= 0)
      spec.type = PieceType(t2);
    else if ((spec.file = chinese_number(s[1])) == 0)
      bad();
  } else if (const int k = chinese_number(s[0]); k >= 1 && k <= 5 && chinese_piece(s[1]) >= 0) {
    spec.type = PieceType(chinese_piece(s[1]));  // 一兵 .. 五兵: 4-5 pawns on a file
    spec.select = Select::Nth;
    spec.nth = k - 1;
  } else {
    bad();
  }
  spec.dir = chinese_dir_of(s[2]);
  spec.num = chinese_number(s[3]);
  if (spec.dir == 0 || spec.num == 0) bad();
  return spec;
}

}  // namespace

std::string square_name(Square s) {
  return {char('a' + file_of(s)), char('0' + rank_of(s))};
}

std::string piece_name(Piece p, Lang lang) {
  if (lang == Lang::En) return std::string(1, piece_to_fen(p));
  std::string out;
  append_utf8(out, (color_of(p) == Red ? kRedNames : kBlackNames)[type_of(p)]);
  return out;
}

std::string chinese_point(Piece p, Square s) {
  const Color c = color_of(p);
  const int line = own_rank(c, s) + 1;  // 1..10
  std::string out = piece_name(p, Lang::Zh);
  append_utf8(out, numeral(c, file_number(c, file_of(s))));
  out += "路";
  if (line < 10)
    append_utf8(out, numeral(c, line));
  else
    out += c == Red ? "十" : "10";
  return out + "线";
}

std::string to_iccs(Move m) {
  return {char('a' + file_of(m.from)), char('0' + rank_of(m.from)), char('a' + file_of(m.to)),
          char('0' + rank_of(m.to))};
}

Move parse_iccs(std::string_view text) {
  std::string compact(trim(text));
  if (compact.size() == 5 && compact[2] == '-') compact.erase(2, 1);
  const auto point = [&](char f, char r) {
    if (f >= 'A' && f <= 'I') f = char(f - 'A' + 'a');
    if (f < 'a' || f > 'i' || r < '0' || r > '9') fail("malformed ICCS move", text);
    return uint8_t(make_square(f - 'a', r - '0'));
  };
  if (compact.size() != 4) fail("malformed ICCS move", text);
  const Move m{point(compact[0], compact[1]), point(compact[2], compact[3])};
  if (m.from == m.to) fail("ICCS move to its own point", text);
  return m;
}

std::string to_wxf(const Position& pos, Move m) {
  const Described d = describe(pos, m);
  const char letter = "KAEHRCP"[d.type];
  const char file = char('0' + d.file);
  const int n = d.tandem.count, i = d.tandem.index;
  std::string head;
  if (!needs_marker(d.type, d.tandem))
    head = {letter, file};
  else if (d.type == Pawn && d.tandem.stacked_files == 2)
    head = {file, i == 0 ? '+' : i == n - 1 ? '-' : file};
  else if (n <= 3)
    head = {letter, i == 0 ? '+' : i == n - 1 ? '-' : file};
  else if (i == 0 || i == n - 1)
    head = std::string(2, i == 0 ? '+' : '-');
  else
    head = {letter, i == 1 ? '+' : i == n - 2 ? '-' : file};
  return head + d.motion.dir + char('0' + d.motion.num);
}

std::string to_chinese(const Position& pos, Move m) {
  const Described d = describe(pos, m);
  const char32_t name = (d.colour == Red ? kRedNames : kBlackNames)[d.type];
  const int n = d.tandem.count, i = d.tandem.index;
  const char32_t marker = i == 0 ? kFront : i == n - 1 ? kRear : kMiddle;
  std::u32string s;
  if (!needs_marker(d.type, d.tandem))
    s = {name, numeral(d.colour, d.file)};
  else if (d.type == Pawn && d.tandem.stacked_files == 2)
    s = {marker, numeral(d.colour, d.file)};
  else if (n <= 3)
    s = {marker, name};
  else
    s = {kNumerals[i], name};
  s += chinese_dir(d.motion.dir);
  s += numeral(d.colour, d.motion.num);
  std::string out;
  for (const char32_t c : s) append_utf8(out, c);
  return out;
}

Move parse_move(const Position& pos, std::string_view text) {
  const std::string_view s = trim(text);
  const bool iccs = (s.size() == 4 && ((s[2] | 0x20) >= 'a' && (s[2] | 0x20) <= 'z')) ||
                    (s.size() == 5 && s[2] == '-');
  if (iccs) {
    const Move m = parse_iccs(s);
    if (!pos.is_legal_move(m)) fail("illegal move", text);
    return m;
  }
  bool ascii = true;
  for (const char ch : s) ascii = ascii && static_cast<unsigned char>(ch) < 0x80;
  return resolve(pos, ascii ? parse_wxf(s) : parse_chinese(s), text);
}

}  // namespace xq
