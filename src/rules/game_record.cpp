#include "rules/game_record.hpp"

#include "core/notation.hpp"

namespace xq {

namespace {

bool blank(char ch) {
  return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '\f' || ch == '\v';
}

// The bytes of a separator at text[i], 0 if none: ASCII blanks and commas, and the separators of
// Chinese text (ideographic space and comma, full-width comma and semicolon, a byte order mark),
// which no move notation uses.
size_t separator_length(std::string_view text, size_t i) {
  if (blank(text[i]) || text[i] == ',' || text[i] == ';') return 1;
  static constexpr std::string_view kWide[] = {
      "\xEF\xBB\xBF",  // U+FEFF byte order mark (files saved by Windows editors)
      "\xE3\x80\x80",  // U+3000 ideographic space
      "\xE3\x80\x81",  // U+3001 、
      "\xEF\xBC\x8C",  // U+FF0C ，
      "\xEF\xBC\x9B",  // U+FF1B ；
  };
  for (const std::string_view sep : kWide)
    if (text.substr(i, sep.size()) == sep) return sep.size();
  return 0;
}

bool digit(char ch) {
  return ch >= '0' && ch <= '9';
}

// The text with a leading move number ("12.", "12...") removed; "55.4" (WXF) is kept whole.
std::string_view without_move_number(std::string_view word) {
  size_t i = 0;
  while (i < word.size() && digit(word[i])) ++i;
  if (i == 0 || i == word.size() || word[i] != '.') return word;
  size_t j = i;
  while (j < word.size() && word[j] == '.') ++j;
  if (j < word.size() && digit(word[j])) return word;
  return word.substr(j);
}

[[noreturn]] void fail_at(size_t ply, const Position& pos, const std::string& why) {
  throw GameError("ply " + std::to_string(ply) + " (" +
                  (pos.side_to_move() == Red ? "Red" : "Black") + " to move): " + why);
}

}  // namespace

std::vector<std::string> move_texts(std::string_view text) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < text.size()) {
    if (const size_t sep = separator_length(text, i)) {
      i += sep;
    } else if (text[i] == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else {
      const size_t start = i;
      while (i < text.size() && !separator_length(text, i) && text[i] != '#') ++i;
      const std::string_view move = without_move_number(text.substr(start, i - start));
      if (!move.empty()) out.emplace_back(move);
    }
  }
  return out;
}

std::vector<Move> read_moves(const Position& start, const std::vector<std::string>& texts) {
  std::vector<Move> moves;
  Position pos = start;
  for (const std::string& text : texts) {
    Move m;
    try {
      m = parse_move(pos, text);
    } catch (const NotationError& e) {
      fail_at(moves.size() + 1, pos, e.what());
    }
    pos.make(m);
    moves.push_back(m);
  }
  return moves;
}

void check_moves(const Position& start, std::span<const Move> moves) {
  Position pos = start;
  for (size_t i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    if (m.from >= kSquares || m.to >= kSquares || m.from == m.to)
      fail_at(i + 1, pos,
              "not a move: points " + std::to_string(m.from) + " and " + std::to_string(m.to) +
                  " (they must differ and be below 90)");
    if (!pos.is_legal_move(m)) fail_at(i + 1, pos, "illegal move '" + to_iccs(m) + "'");
    pos.make(m);
  }
}

}  // namespace xq
