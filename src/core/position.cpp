#include "core/position.hpp"

#include <algorithm>

#include "core/geometry.hpp"

namespace xq {

namespace {

using geo::geometry;

// Largest number of pieces of each kind a side owns (king, advisor, ..., pawn).
constexpr int kMaxCount[kPieceTypes] = {1, 2, 2, 2, 2, 2, 5};
constexpr const char* kTypeNames[kPieceTypes] = {"king", "advisor", "elephant", "horse",
                                                 "rook", "cannon",  "pawn"};

std::string colour_name(Color c) {
  return c == Red ? "Red" : "Black";
}

std::string square_name(Square s) {
  return std::string(1, char('a' + file_of(s))) + char('0' + rank_of(s));
}

}  // namespace

Position::Position() {
  board_.fill(kNoPiece);
  king_ = {kNoSquare, kNoSquare};
}

void Position::put(Square s, Piece p) {
  const Piece old = board_[s];
  if (old != kNoPiece) {
    if (type_of(old) == King && king_[color_of(old)] == s) king_[color_of(old)] = kNoSquare;
    occupied_[color_of(old)].reset(s);
    --count_[color_of(old)][type_of(old)];
  }
  board_[s] = p;
  if (p != kNoPiece) {
    if (type_of(p) == King) king_[color_of(p)] = s;
    occupied_[color_of(p)].set(s);
    ++count_[color_of(p)][type_of(p)];
  }
}

void Position::place(const Square* squares, const Piece* pieces, int count) {
  for (const Color c : {Red, Black})
    for (const Square s : occupied_[c]) board_[s] = kNoPiece;
  occupied_ = {};
  count_ = {};
  king_ = {kNoSquare, kNoSquare};
  for (int i = 0; i < count; ++i) {
    const Square s = squares[i];
    const Piece p = pieces[i];
    board_[s] = p;
    occupied_[color_of(p)].set(s);
    ++count_[color_of(p)][type_of(p)];
    if (type_of(p) == King) king_[color_of(p)] = s;
  }
}

Position Position::from_fen_raw(std::string_view fen) {
  // Surrounding white space (a pasted line, a CRLF file) is not part of the FEN.
  const size_t first = fen.find_first_not_of(" \t\r\n");
  fen = first == std::string_view::npos ? std::string_view{} : fen.substr(first);
  fen = fen.substr(0, fen.find_last_not_of(" \t\r\n") + 1);
  Position pos;
  size_t i = 0;
  int rank = 9, file = 0;
  auto fail = [&](const std::string& why) {
    throw FenError("bad FEN at character " + std::to_string(i + 1) + ": " + why);
  };
  for (; i < fen.size() && fen[i] != ' '; ++i) {
    const char ch = fen[i];
    // "41" is not "5": a FEN writes a run of empty files as one digit (as chess FEN does).
    if (ch >= '1' && ch <= '9' && i > 0 && fen[i - 1] >= '0' && fen[i - 1] <= '9')
      fail("two digits in a row: write a run of empty files as one digit");
    if (ch == '/') {
      if (file != kFiles)
        fail("rank " + std::to_string(rank) + " has " + std::to_string(file) +
             " files, expected 9");
      if (--rank < 0) fail("more than 10 ranks");
      file = 0;
    } else if (ch >= '1' && ch <= '9') {
      file += ch - '0';
      if (file > kFiles) fail("rank " + std::to_string(rank) + " is longer than 9 files");
    } else {
      if (static_cast<unsigned char>(ch) >= 0x80)  // a byte of a UTF-8 character, not a letter
        fail("non-ASCII character (FEN uses the letters KABNRCP, kabnrcp and digits)");
      const Piece p = piece_from_fen(ch);
      if (p == kNoPiece) fail(std::string("unknown piece letter '") + ch + "'");
      if (file >= kFiles) fail("rank " + std::to_string(rank) + " is longer than 9 files");
      pos.put(make_square(file++, rank), p);
    }
  }
  if (rank != 0 || file != kFiles) fail("the board must have 10 ranks of 9 files");
  while (i < fen.size() && fen[i] == ' ') ++i;
  if (i >= fen.size()) fail("missing side to move (w or b)");
  const char side = fen[i];
  if (side == 'w' || side == 'r' || side == 'W' || side == 'R')
    pos.stm_ = Red;
  else if (side == 'b' || side == 'B')
    pos.stm_ = Black;
  else
    fail(std::string("side to move must be w, r or b, not '") + side + "'");
  if (i + 1 < fen.size() && fen[i + 1] != ' ') fail("side to move must be a single letter");
  // The optional fields after it, as engines write them: "- - halfmoves fullmoves" or
  // "halfmoves fullmoves" (no castling or en passant in xiangqi; the counters are not used).
  // Anything else is an error rather than silently ignored.
  ++i;
  int dashes = 0, numbers = 0;
  for (;;) {
    while (i < fen.size() && fen[i] == ' ') ++i;
    if (i >= fen.size()) return pos;
    const size_t end = std::min(fen.find(' ', i), fen.size());
    const std::string_view text = fen.substr(i, end - i);
    if (text == "-" && dashes < 2 && numbers == 0)
      ++dashes;
    else if (text.find_first_not_of("0123456789") == std::string_view::npos && numbers < 2)
      ++numbers;
    else if (numbers == 2)
      break;
    else
      fail("unexpected '" + std::string(text) + "' after the side to move (expected - - 0 1)");
    i = end;
  }
  if (i < fen.size()) fail("unexpected text after the move counters");
  return pos;
}

Position Position::from_fen(std::string_view fen) {
  Position pos = from_fen_raw(fen);
  if (std::string why = pos.legality_error(); !why.empty())
    throw FenError("illegal position: " + why);
  return pos;
}

std::string Position::fen() const {
  std::string out;
  for (int r = 9; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < kFiles; ++f) {
      const Piece p = board_[make_square(f, r)];
      if (p == kNoPiece) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      out += piece_to_fen(p);
    }
    if (empty) out += char('0' + empty);
    if (r) out += '/';
  }
  out += stm_ == Red ? " w" : " b";
  out += " - - 0 1";
  return out;
}

std::string Position::legality_error() const {
  // Every probe checks legality, so this visits the pieces only and takes the counts that put
  // and make keep.
  for (const Square s : occupied_[Red] | occupied_[Black]) {
    const Piece p = board_[s];
    if (!can_stand_on(color_of(p), type_of(p), s))
      return colour_name(color_of(p)) + " " + kTypeNames[type_of(p)] + " on " + square_name(s) +
             ", a point it can never stand on";
  }
  for (const Color c : {Red, Black}) {
    for (int t = 0; t < kPieceTypes; ++t)
      if (count_[c][t] > kMaxCount[t])
        return colour_name(c) + " has more than " + std::to_string(kMaxCount[t]) + " " +
               kTypeNames[t] + (kMaxCount[t] > 1 ? "s" : "");
    if (count_[c][King] == 0) return colour_name(c) + " has no king";
  }
  if (kings_facing()) return "the kings face each other on an open file";
  if (in_check(~stm_)) return colour_name(~stm_) + " (not to move) is in check";
  return {};
}

bool Position::kings_facing() const {
  const Square r = king_[Red], b = king_[Black];
  if (r == kNoSquare || b == kNoSquare || file_of(r) != file_of(b) || r > b) return false;
  return (geo::between(r, b, 0) & (occupied_[Red] | occupied_[Black])).empty();
}

bool Position::attacked(Square s, const geo::SquareSet& occupied, Color by, Shift shift) const {
  const auto& g = geometry();
  const auto& count = count_[by];
  // The piece of `by` on a point as the shifted board has it.
  auto piece_on = [&](Square q) {
    if (q == shift.from) return kNoPiece;
    return q == shift.to ? board_[shift.from] : board_[q];
  };
  // Lines: a rook with no piece between, a cannon with exactly one (a piece on s is passed
  // over: it is the one attacked, or taken).
  if (count[Rook] + count[Cannon] != 0) {
    auto line_attack = [&](Square q) {
      const PieceType t = type_of(board_[q]);
      if (t != Rook && t != Cannon) return false;
      if (q == shift.from) q = shift.to;
      if (q == kNoSquare) return false;
      const int d = geo::direction(s, q);
      if (d < 0) return false;
      const geo::SquareSet screens = geo::between(s, q, d) & occupied;
      return t == Rook ? screens.empty() : !screens.empty() && screens.at_most_one();
    };
    // Only a piece on s's file or rank can, and the shifted one from its new point: the others
    // are not visited (a probe's check test had visited every piece).
    geo::SquareSet candidates = g.lines[s];
    if (shift.from != kNoSquare) candidates.set(shift.from);
    for (const Square q : occupied_[by] & candidates)
      if (line_attack(q)) return true;
  }
  if (count[Horse] != 0) {
    const Piece horse = make_piece(by, Horse);
    for (int i = 0; i < g.horse_attacker_count[s]; ++i) {
      const auto& st = g.horse_attackers[s][i];
      if (piece_on(st.to) == horse && !occupied.test(st.block)) return true;
    }
  }
  if (count[Pawn] != 0) {
    const Piece pawn = make_piece(by, Pawn);
    for (int i = 0; i < g.pawn_from_count[by][s]; ++i)
      if (piece_on(g.pawn_from[by][s][i]) == pawn) return true;
  }
  // The flying general: the other king on s's file with nothing between. Its advisors and
  // elephants never leave their own half.
  const Square k = king_[by] == shift.from ? shift.to : king_[by];
  const int d = k == kNoSquare || file_of(k) != file_of(s) ? -1 : geo::direction(s, k);
  return d >= 0 && (geo::between(s, k, d) & occupied).empty();
}

Position::KingSafety Position::king_safety(Color c) const {
  KingSafety k;
  const Square s = king_[c];
  const Color by = ~c;
  const auto& g = geometry();
  const geo::SquareSet occupied = occupied_[Red] | occupied_[Black];
  for (const Square q : occupied_[by]) {
    const PieceType t = type_of(board_[q]);
    if (t == Rook || t == Cannon || t == King) {  // a rook or king with no screen, a cannon one
      const int d = geo::direction(s, q);
      if (d < 0) continue;
      const geo::SquareSet line = geo::between(s, q, d), screens = line & occupied;
      k.lines |= line;
      k.lines.set(q);
      if (t == Cannon ? !screens.empty() && screens.at_most_one() : screens.empty()) k.check = true;
      if (t == Cannon && screens.empty()) k.danger |= line;
    } else if (t == Horse) {
      for (int i = 0; i < g.horse_count[q]; ++i) {
        if (g.horse[q][i].to != s) continue;
        k.lines.set(g.horse[q][i].block);
        if (board_[g.horse[q][i].block] == kNoPiece) k.check = true;
      }
    } else if (t == Pawn) {
      for (int i = 0; i < g.pawn_count[by][q]; ++i)
        if (g.pawn[by][q][i] == s) k.check = true;
    }
  }
  return k;
}

bool Position::in_check(Color c) const {
  return king_[c] != kNoSquare && attacked(king_[c], occupied_[Red] | occupied_[Black], ~c, {});
}

template <class Quiet, class Capture>
void Position::piece_moves(Square s, Quiet quiet, Capture capture) const {
  const auto& g = geometry();
  const Color us = stm_;
  auto step = [&](Square to) {  // to an empty point or onto a piece of the other colour
    if (board_[to] == kNoPiece)
      quiet(to);
    else if (color_of(board_[to]) != us)
      capture(to);
  };
  switch (type_of(board_[s])) {
    case King:
      for (int i = 0; i < g.king_count[us][s]; ++i) step(g.king[us][s][i]);
      break;
    case Advisor:
      for (int i = 0; i < g.advisor_count[us][s]; ++i) step(g.advisor[us][s][i]);
      break;
    case Elephant:
      for (int i = 0; i < g.elephant_count[us][s]; ++i) {
        const auto& st = g.elephant[us][s][i];
        if (board_[st.block] == kNoPiece) step(st.to);
      }
      break;
    case Horse:
      for (int i = 0; i < g.horse_count[s]; ++i) {
        const auto& st = g.horse[s][i];
        if (board_[st.block] == kNoPiece) step(st.to);
      }
      break;
    case Rook:
    case Cannon: {
      const geo::SquareSet occupied = occupied_[Red] | occupied_[Black];
      const bool rook = type_of(board_[s]) == Rook;
      for (int d = 0; d < 4; ++d) {
        int blocker;
        const int run = geo::empty_run(s, d, occupied, blocker);
        for (int i = 0; i < run; ++i) quiet(g.rays[s][d][i]);
        if (blocker < 0) continue;
        // A rook takes the first piece, a cannon the next one past it (its screen).
        const int target = rook ? blocker : geo::nearest(g.ray_set[blocker][d] & occupied, d);
        if (target >= 0 && color_of(board_[target]) != us) capture(target);
      }
      break;
    }
    case Pawn:
      for (int i = 0; i < g.pawn_count[us][s]; ++i) step(g.pawn[us][s][i]);
      break;
    default:
      break;
  }
}

void Position::pseudo_moves(MoveList& out) const {
  for (const Square s : occupied_[stm_]) {
    auto add = [&](Square to) { out.push({uint8_t(s), uint8_t(to)}); };
    piece_moves(s, add, add);
  }
}

void Position::pseudo_captures(MoveList& out) const {
  for (const Square s : occupied_[stm_])
    piece_moves(
        s, [](Square) {},
        [&](Square to) {
          out.push({uint8_t(s), uint8_t(to)});
        });
}

int Position::quiet_move_count(const KingSafety& safety) const {
  const Color us = stm_;
  const Square k = king_[us];
  const geo::SquareSet occupied = occupied_[Red] | occupied_[Black];
  int count = 0;
  for (const Square s : occupied_[us]) {
    auto ignore = [](Square) {};
    if (s == k) {
      piece_moves(
          s, [&](Square to) { count += !king_step_attacked(to); }, ignore);
      continue;
    }
    auto tested = [&](Square to) { count += safe_after({uint8_t(s), uint8_t(to)}); };
    if (safety.check) {
      // Off the attack lines a move changes no attack, so the king stays in check.
      if (safety.lines.test(s))
        piece_moves(s, tested, ignore);
      else
        piece_moves(
            s,
            [&](Square to) {
              if (safety.lines.test(to)) tested(to);
            },
            ignore);
      continue;
    }
    // Not in check: unless lifting the piece uncovers an attack (then only a move along the
    // uncovered line can be legal), a move is legal unless it screens a cannon: surely_legal's
    // rule, which holds on the lines too when lifting uncovers nothing (every cannon line then
    // keeps 0 or 2+ screens).
    geo::SquareSet lifted = occupied;
    lifted.reset(s);
    const PieceType t = type_of(board_[s]);
    if (safety.lines.test(s) && attacked(k, lifted, ~us, {})) {
      piece_moves(s, tested, ignore);
    } else if ((t == Rook || t == Cannon) && safety.danger.empty()) {
      for (int d = 0; d < 4; ++d) {
        int blocker;
        count += geo::empty_run(s, d, occupied, blocker);
      }
    } else {
      piece_moves(
          s, [&](Square to) { count += !safety.danger.test(to); }, ignore);
    }
  }
  return count;
}

bool Position::king_step_attacked(Square to) const {
  geo::SquareSet occupied = occupied_[Red] | occupied_[Black];
  occupied.reset(king_[stm_]);
  return attacked(to, occupied, ~stm_, {});
}

bool Position::safe_after(Move m) const {
  const Color us = stm_;
  if (m.from == king_[us]) return !king_step_attacked(m.to);
  // The board after m, seen by the attack test: m.from empty, m.to occupied, and a piece
  // captured on m.to no longer attacks.
  geo::SquareSet occupied = occupied_[Red] | occupied_[Black];
  occupied.reset(m.from);
  occupied.set(m.to);
  const Shift captured = is_capture(m) ? Shift{m.to, kNoSquare} : Shift{};
  return !attacked(king_[us], occupied, ~us, captured);
}

void Position::legal_moves(MoveList& out) const {
  out.size = 0;
  pseudo_moves(out);
  if (king_[stm_] == kNoSquare) return;
  const KingSafety safety = king_safety(stm_);
  int legal = 0;
  for (const Move m : out)
    if (pseudo_move_legal(m, safety)) out.moves[legal++] = m;
  out.size = legal;
}

bool Position::is_legal_move(Move m) const {
  if (m.from >= kSquares || m.to >= kSquares) return false;
  MoveList l;
  legal_moves(l);
  for (Move x : l)
    if (x == m) return true;
  return false;
}

bool Position::gives_check(Move m) const {
  const Color us = stm_;
  geo::SquareSet occupied = occupied_[Red] | occupied_[Black];
  occupied.reset(m.from);
  occupied.set(m.to);
  return attacked(king_[~us], occupied, us, Shift{m.from, m.to});
}

Position Position::after(Move m) const {
  Position next = *this;
  next.make(m);
  return next;
}

Piece Position::make(Move m) {
  const Piece moving = board_[m.from], captured = board_[m.to];
  board_[m.to] = moving;
  board_[m.from] = kNoPiece;
  occupied_[stm_].reset(m.from);
  occupied_[stm_].set(m.to);
  if (captured != kNoPiece) {
    occupied_[~stm_].reset(m.to);
    --count_[~stm_][type_of(captured)];
  }
  if (type_of(moving) == King) king_[stm_] = m.to;
  stm_ = ~stm_;
  return captured;
}

void Position::unmake(Move m, Piece captured) {
  stm_ = ~stm_;
  const Piece moving = board_[m.to];
  board_[m.from] = moving;
  board_[m.to] = captured;
  occupied_[stm_].reset(m.to);
  occupied_[stm_].set(m.from);
  if (captured != kNoPiece) {
    occupied_[~stm_].set(m.to);
    ++count_[~stm_][type_of(captured)];
  }
  if (type_of(moving) == King) king_[stm_] = m.from;
}

bool Position::mirror_symmetric() const {
  // A king off the middle file is the common, cheap refutation.
  for (const Square k : king_)
    if (k != kNoSquare && file_of(k) != 4) return false;
  for (const Color c : {Red, Black})
    for (const Square s : occupied_[c])
      if (board_[mirror_lr(s)] != board_[s]) return false;
  return true;
}

Position Position::mirrored() const {
  Position out;
  for (Square s = 0; s < kSquares; ++s)
    if (board_[s] != kNoPiece) out.put(mirror_lr(s), board_[s]);
  out.stm_ = stm_;
  return out;
}

Position Position::colour_flipped() const {
  Position out;
  for (Square s = 0; s < kSquares; ++s)
    if (board_[s] != kNoPiece)
      out.put(flip_ranks(s), make_piece(~color_of(board_[s]), type_of(board_[s])));
  out.stm_ = ~stm_;
  return out;
}

uint64_t perft(Position& pos, int depth) {
  if (depth == 0) return 1;
  MoveList moves;
  pos.legal_moves(moves);
  if (depth == 1) return uint64_t(moves.size);
  uint64_t nodes = 0;
  for (Move m : moves) {
    const Piece cap = pos.make(m);
    nodes += perft(pos, depth - 1);
    pos.unmake(m, cap);
  }
  return nodes;
}

}  // namespace xq
