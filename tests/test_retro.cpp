// Property tests of un-move generation against forward move generation, both directions.
#include <algorithm>
#include <catch2/catch.hpp>

#include "core/random_position.hpp"
#include "core/retro.hpp"

using namespace xq;

namespace {

bool contains(const MoveList& l, Move m) {
  return std::find(l.begin(), l.end(), m) != l.end();
}

void check_unmoves(const Position& pos) {
  // Each pseudo un-move undoes a non-capture; its predecessor is either illegal only because
  // the side to move here would be in check there (the generator drops those by their slots)
  // or a legal position in which the move is legal.
  MoveList unmoves;
  retro_pseudo_moves(pos, unmoves);
  for (Move m : unmoves) {
    Position pred = pos;
    pred.unmake(m, kNoPiece);  // undoes the un-move: the predecessor
    INFO(pos.fen() << " un-move to " << pred.fen());
    REQUIRE_FALSE(pred.is_capture(m));
    if (pred.legality_error().empty())
      REQUIRE(contains(pred.legal_moves(), m));
    else
      REQUIRE(pred.in_check(pos.side_to_move()));
    pred.make(m);
    REQUIRE(pred == pos);
  }
  // Every legal non-capture successor lists this position among its un-moves.
  Position p = pos;
  for (Move m : pos.legal_moves()) {
    if (pos.is_capture(m)) continue;
    p.make(m);
    MoveList back;
    retro_pseudo_moves(p, back);
    INFO(pos.fen() << " move to " << p.fen());
    REQUIRE(contains(back, m));
    p.unmake(m, kNoPiece);
  }
}

}  // namespace

TEST_CASE("un-moves and forward moves agree on random positions", "[retro]") {
  std::mt19937_64 rng(20261129);
  for (const char* pieces : {"KRkcaabb", "KNPkab", "KCCkaa", "KRNCPPkaabbrncpp", "KPPPkaabb",
                             "KAABBRkaabbr", "KNNkpp"}) {
    for (int i = 0; i < 3000; ++i) check_unmoves(random_position(pieces, i % 2 ? Black : Red, rng));
  }
}
