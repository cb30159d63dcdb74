#include "rules/game_record.hpp"

#include "core/notation.hpp"

namespace xq {

namespace {

bool blank(char ch) {
  return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '\f' || ch == '\v';
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
    if (blank(text[i])) {
      ++i;
    } else if (text[i] == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else {
      const size_t start = i;
      while (i < text.size() && !blank(text[i]) && text[i] != '#') ++i;
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
