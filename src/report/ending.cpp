#include "report/ending.hpp"

namespace xq::report {

namespace {

// A position as the line by DTM sees it: the board and the side to move (not the counters).
std::string board_key(const Position& pos) {
  std::string fen = pos.fen();
  const size_t board = fen.find(' ');
  return fen.substr(0, fen.find(' ', board + 1));
}

}  // namespace

std::optional<Ending> line_ending(const Position& start, const std::vector<Move>& line) {
  Position pos = start;
  for (const Move m : line) pos.make(m);
  if (pos.legal_moves().size > 0) return std::nullopt;
  return pos.in_check(pos.side_to_move()) ? Ending::Checkmate : Ending::Stalemate;
}

std::optional<Ending> ending_of(const Tablebase& tb, const Position& pos, const ProbeResult& r) {
  if (!is_forced(r.wdl)) return std::nullopt;
  const Line line = tb.principal_variation(pos);
  if (line.end != LineEnd::NoLegalMove) return std::nullopt;  // cut short by a missing table
  return line_ending(pos, line.moves);
}

std::optional<Ending> ending_after(const Tablebase& tb, const Position& pos, Move m,
                                   const ProbeResult& r) {
  if (!is_forced(r.wdl)) return std::nullopt;
  Position next = pos;
  next.make(m);
  const Line line = tb.principal_variation(next);
  if (line.end != LineEnd::NoLegalMove) return std::nullopt;
  return line_ending(next, line.moves);
}

const char* ending_name(Ending e) {
  return e == Ending::Stalemate ? "stalemate" : "checkmate";
}

std::optional<Ending> EndingMemo::ending_of(const Tablebase& tb, const Position& pos,
                                            const ProbeResult& r) {
  if (!is_forced(r.wdl)) return std::nullopt;
  const std::string key = board_key(pos);
  {
    const std::lock_guard lock(mutex_);
    if (const auto it = known_.find(key); it != known_.end()) return it->second;
  }
  const Line line = tb.principal_variation(pos);
  if (line.end != LineEnd::NoLegalMove) return std::nullopt;
  const std::optional<Ending> ending = line_ending(pos, line.moves);
  if (!ending) return ending;
  // A forced line's DTM falls by one each ply (no repetition), and each position's best move
  // depends on that position alone: every position on it has the rest of it as its own line.
  std::vector<std::string> keys{key};
  Position at = pos;
  for (const Move m : line.moves) {
    at.make(m);
    keys.push_back(board_key(at));
  }
  const std::lock_guard lock(mutex_);
  if (known_.size() + keys.size() > max_positions_) known_.clear();
  for (std::string& k : keys) known_.emplace(std::move(k), *ending);
  return ending;
}

}  // namespace xq::report
