#include "core/geometry.hpp"

namespace xq::geo {

namespace {

constexpr bool on_board(int f, int r) {
  return f >= 0 && f < kFiles && r >= 0 && r < kRanks;
}

constexpr void build_rays(Geometry& g, Square s) {
  constexpr int df[4] = {0, 0, -1, 1}, dr[4] = {1, -1, 0, 0};
  for (int d = 0; d < 4; ++d) {
    int f = file_of(s) + df[d], r = rank_of(s) + dr[d];
    for (; on_board(f, r); f += df[d], r += dr[d]) {
      g.rays[s][d][g.ray_len[s][d]++] = uint8_t(make_square(f, r));
      g.ray_set[s][d].set(make_square(f, r));
      g.lines[s].set(make_square(f, r));
    }
  }
}

constexpr void build_horse(Geometry& g, Square s) {
  constexpr int df[8] = {1, 2, 2, 1, -1, -2, -2, -1}, dr[8] = {2, 1, -1, -2, -2, -1, 1, 2};
  const int f = file_of(s), r = rank_of(s);
  for (int i = 0; i < 8; ++i) {
    if (!on_board(f + df[i], r + dr[i])) continue;
    const Square to = make_square(f + df[i], r + dr[i]);
    // The leg is the orthogonal neighbour of the horse in the long direction.
    const bool long_rank = dr[i] == 2 || dr[i] == -2;
    const Square leg = long_rank ? make_square(f, r + dr[i] / 2) : make_square(f + df[i] / 2, r);
    g.horse[s][g.horse_count[s]++] = {uint8_t(to), uint8_t(leg)};
    g.horse_attackers[to][g.horse_attacker_count[to]++] = {uint8_t(s), uint8_t(leg)};
  }
}

constexpr void build_colour_steps(Geometry& g, Color c, Square s) {
  const int f = file_of(s), r = rank_of(s);
  constexpr int od[4][2] = {{0, 1}, {0, -1}, {-1, 0}, {1, 0}};
  constexpr int dd[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  for (const auto& d : od) {
    const int nf = f + d[0], nr = r + d[1];
    if (can_stand_on(c, King, s) && on_board(nf, nr) && can_stand_on(c, King, make_square(nf, nr)))
      g.king[c][s][g.king_count[c][s]++] = uint8_t(make_square(nf, nr));
  }
  for (const auto& d : dd) {
    int nf = f + d[0], nr = r + d[1];
    if (can_stand_on(c, Advisor, s) && on_board(nf, nr) &&
        can_stand_on(c, Advisor, make_square(nf, nr)))
      g.advisor[c][s][g.advisor_count[c][s]++] = uint8_t(make_square(nf, nr));
    nf = f + 2 * d[0], nr = r + 2 * d[1];
    if (can_stand_on(c, Elephant, s) && on_board(nf, nr) &&
        can_stand_on(c, Elephant, make_square(nf, nr)))
      g.elephant[c][s][g.elephant_count[c][s]++] = {uint8_t(make_square(nf, nr)),
                                                    uint8_t(make_square(f + d[0], r + d[1]))};
  }
  if (!can_stand_on(c, Pawn, s)) return;
  const int fwd = c == Red ? 1 : -1;
  const bool crossed = c == Red ? r >= 5 : r <= 4;
  auto add_pawn = [&](int nf, int nr) {
    if (!on_board(nf, nr)) return;
    const Square to = make_square(nf, nr);
    g.pawn[c][s][g.pawn_count[c][s]++] = uint8_t(to);
    g.pawn_from[c][to][g.pawn_from_count[c][to]++] = uint8_t(s);
  };
  add_pawn(f, r + fwd);
  if (crossed) {
    add_pawn(f - 1, r);
    add_pawn(f + 1, r);
  }
}

constexpr Geometry build() {
  Geometry g;
  for (Square s = 0; s < kSquares; ++s) {
    build_rays(g, s);
    build_horse(g, s);
    for (Color c : {Red, Black}) build_colour_steps(g, c, s);
  }
  return g;
}

}  // namespace

// Constant-initialized: no run-time construction and no initialization guard on access.
constexpr Geometry kGeometry = build();

}  // namespace xq::geo
