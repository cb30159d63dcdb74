// A xiangqi position: mailbox board, king points and side to move, with FEN input/output,
// legal move generation, check queries and make/unmake (docs/rules.md "Movement", "End of the
// game").
#pragma once

#include <array>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/geometry.hpp"
#include "core/types.hpp"

namespace xq {

// Raised for malformed FEN text or an illegal position; what() is a one-line reason that names
// the problem (and the FEN character offset where there is one).
class FenError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Fixed-capacity move list (no allocation in the hot paths).
// Constructing one zeroes it: hot loops keep theirs.
struct MoveList {
  static constexpr int kCapacity = 192;
  std::array<Move, kCapacity> moves;
  int size = 0;
  void push(Move m) { moves[size++] = m; }
  const Move* begin() const { return moves.data(); }
  const Move* end() const { return moves.data() + size; }
  const Move& operator[](int i) const { return moves[i]; }
};

class Position {
 public:
  Position();  // empty board, Red to move (no kings: not a playable position)

  // Parses FEN and checks legality (see legality_error). Throws FenError.
  static Position from_fen(std::string_view fen);
  // Parses FEN syntax only (pieces on their own points, counts and kings not checked), for
  // tools that must show an illegal position. Throws FenError on malformed text.
  static Position from_fen_raw(std::string_view fen);
  // Board and side to move, followed by " - - 0 1".
  std::string fen() const;

  // Empty string when the position is legal (docs/rules.md "End of the game"): exactly one king a
  // side in its palace, every piece on a point its kind may stand on, at most the pieces a side
  // owns (2 A, 2 B, 2 N, 2 R, 2 C, 5 P), kings not facing, side not to move not in check.
  // Otherwise a one-line description of the first problem found.
  std::string legality_error() const;

  Piece at(Square s) const { return board_[s]; }
  Color side_to_move() const { return stm_; }
  void set_side_to_move(Color c) { stm_ = c; }
  Square king_square(Color c) const { return king_[c]; }
  // Points holding a piece of colour c.
  const geo::SquareSet& occupied(Color c) const { return occupied_[c]; }
  // Places or removes a piece (keeps the king points up to date).
  void put(Square s, Piece p);
  void clear(Square s) { put(s, kNoPiece); }
  // Empties the board, then places pieces[i] on squares[i] for i < count (side to move kept).
  void place(const Square* squares, const Piece* pieces, int count);

  // True when the king of colour c is attacked, or the two kings face each other (flying
  // general counts as an attack, docs/rules.md "Movement").
  bool in_check(Color c) const;
  bool kings_facing() const;
  // Whether the king of colour c (on the board) is in check (in_check(c)), and the points whose
  // occupancy decides whether the other colour's pieces, where they stand, attack it (facing
  // kings included): each line from the king up to the farthest rook, cannon or king of the
  // other colour on it, and the legs of that colour's horses that reach it. Moving other pieces
  // between points outside `lines` adds no such attack. `danger`: the points between the king
  // and a cannon of the other colour with no screen between them, where a piece put gives
  // check. One pass over the other colour's pieces.
  struct KingSafety {
    bool check = false;
    geo::SquareSet lines, danger;
  };
  KingSafety king_safety(Color c) const;

  // Whether the side to move's king, stepping to `to` (taking what stands there), would be
  // attacked there: the attack test with the king lifted from its point.
  bool king_step_attacked(Square to) const;

  // Appends the pseudo-legal moves of the side to move (piece movement rules only) to out.
  void pseudo_moves(MoveList& out) const;
  // Appends the pseudo-legal captures of the side to move to out.
  void pseudo_captures(MoveList& out) const;
  // Number of legal non-capturing moves of the side to move, given safety = king_safety(side
  // to move), without listing them: only the moves of the king, of a piece whose removal
  // uncovers an attack, and (in check) of a piece on or onto safety.lines are tested one by one.
  int quiet_move_count(const KingSafety& safety) const;
  // Legal moves: pseudo-legal moves after which the mover's king is not in check.
  void legal_moves(MoveList& out) const;
  // Whether the pseudo-legal move m of the side to move leaves its king safe, given
  // safety = king_safety(side to move): made and tested only unless surely_legal.
  bool pseudo_move_legal(Move m, const KingSafety& safety) const {
    return surely_legal(m, safety) || safe_after(m);
  }
  // True when m is legal without a test: the king is not in check and a piece other than the
  // king moves from a point off safety.lines (lifting it uncovers nothing) to a point off
  // safety.danger (there it screens no cannon; elsewhere on a line it only blocks more, and a
  // capture leaves its point occupied). False says nothing.
  bool surely_legal(Move m, const KingSafety& safety) const {
    return !safety.check && m.from != king_[stm_] && !safety.lines.test(m.from) &&
           !safety.danger.test(m.to);
  }
  MoveList legal_moves() const {
    MoveList l;
    legal_moves(l);
    return l;
  }
  bool is_legal_move(Move m) const;  // m need not be pseudo-legal
  // Whether the legal move m leaves the opponent's king attacked.
  bool gives_check(Move m) const;
  // The position after the legal move m (this one is left as it is).
  Position after(Move m) const;
  bool is_capture(Move m) const { return board_[m.to] != kNoPiece; }

  // Make returns the captured piece (kNoPiece if none); unmake needs it back.
  Piece make(Move m);
  void unmake(Move m, Piece captured);

  // Images of the position: left-right mirror, and colour flip (ranks flipped, colours and
  // side to move swapped).
  Position mirrored() const;
  Position colour_flipped() const;

  // Whether the position equals its left-right mirror image.
  bool mirror_symmetric() const;

  bool operator==(const Position& o) const { return board_ == o.board_ && stm_ == o.stm_; }
  // Pieces on the board by colour and kind, kings included.
  const std::array<std::array<uint8_t, kPieceTypes>, 2>& counts() const { return count_; }

 private:
  // A piece of the attacking colour seen elsewhere than it stands: the piece on `from` is on
  // `to` instead, or gone when `to` is kNoSquare (captured). Shift{} changes nothing.
  struct Shift {
    Square from = kNoSquare, to = kNoSquare;
  };
  // Whether the pieces of colour `by` attack the point s (in the other colour's palace), with
  // `occupied` as the points that screen lines and block horse legs and `by`'s pieces shifted
  // by `shift`: rooks, cannons, horses, pawns, and the king of `by` facing s on an open file
  // (docs/rules.md "Movement"). Lets legality and check tests see the board after a move without
  // making it, so that the const queries never modify the position.
  bool attacked(Square s, const geo::SquareSet& occupied, Color by, Shift shift) const;
  // Whether the side to move's king is safe after the pseudo-legal move m (a king step by the
  // attack test with the king lifted, any other move by the attack test on the board after it).
  bool safe_after(Move m) const;
  // Calls quiet(to) for each pseudo-legal non-capturing move of the side to move's piece on
  // `from` and capture(to) for each capture, in a fixed order.
  template <class Quiet, class Capture>
  void piece_moves(Square from, Quiet quiet, Capture capture) const;

  std::array<Piece, kSquares> board_;
  std::array<Square, 2> king_;
  std::array<geo::SquareSet, 2> occupied_{};  // by colour: move generation visits only these
  std::array<std::array<uint8_t, kPieceTypes>, 2> count_{};  // attack tests skip absent kinds
  Color stm_ = Red;
};

// Node count of the legal move tree to the given depth (depth 0 = 1).
uint64_t perft(Position& pos, int depth);

}  // namespace xq
