#include "generator/plain_solver.hpp"

#include <atomic>
#include <stdexcept>

#include "core/retro.hpp"

namespace xq::gen {

namespace {

// Working codes, one per slot and side to move:
//   0            illegal slot
//   1            draw (only after the last ply)
//   2 + d        decided: won (d odd) or lost (d even) in d plies
//   kOpen | ...  not decided yet, with a summary of the captures (decided at init):
//                kind 0: every capture loses, the worst in k plies (k = 0: no capture)
//                kind 1: a capture wins in k plies; kind 2: a capture draws.
constexpr uint16_t kIllegalCode = 0, kDrawCode = 1, kOpen = 0x8000;
constexpr uint16_t kCapLoss = 0, kCapWin = 1, kCapDraw = 2;
constexpr unsigned kMaxDistance = 0x3fff;

constexpr uint16_t decided(unsigned d) {
  return uint16_t(2 + d);
}
constexpr uint16_t open_code(uint16_t kind, unsigned k) {
  return uint16_t(kOpen | kind << 13 | k);
}
constexpr bool is_open(uint16_t c) {
  return c & kOpen;
}
constexpr uint16_t open_kind(uint16_t c) {
  return (c >> 13) & 3;
}
constexpr unsigned open_k(uint16_t c) {
  return c & 0x1fff;
}
constexpr bool is_decided_win(uint16_t c) {
  return c >= 2 && !is_open(c) && (c - 2) % 2 == 1;
}

uint16_t load(const uint16_t& c) {
  return std::atomic_ref<const uint16_t>(c).load(std::memory_order_relaxed);
}
void store(uint16_t& c, uint16_t v) {
  std::atomic_ref<uint16_t>(c).store(v, std::memory_order_relaxed);
}

struct Solver {
  SolvedTable& t;
  const CaptureTargets captures;
  std::array<std::vector<uint16_t>, 2> code;
  uint64_t n;

  Solver(SolvedTable& table, const TableSet& set)
      : t(table), captures(table.material, set), n(table.index.size()) {
    code[0].assign(n, kIllegalCode);
    code[1].assign(n, kIllegalCode);
  }

  bool decode(int side, uint64_t slot, Position& pos) const {
    if (!t.index.decode(slot, pos)) return false;
    pos.set_side_to_move(Color(side));
    return true;
  }

  // Plain value of the position after a capture, for the capturing side, as a distance
  // from the capturing side's view: win in d (odd), loss in d (even), or -1 for a draw.
  int capture_value(const Position& after, Piece captured) const {
    const Outcome o = captures.probe(after, captured);
    // The parity of the distance tells the winner: the opponent's loss in d is our win in d + 1.
    if (o.wdl == Wdl::Loss || o.wdl == Wdl::Win) return o.distance + 1;
    return -1;  // draw, or decided only by the rule: a plain draw
  }

  uint16_t initial_code(int side, uint64_t slot) const {
    Position pos;
    if (!decode(side, slot, pos) || pos.in_check(~Color(side))) return kIllegalCode;
    MoveList moves;
    pos.legal_moves(moves);
    if (moves.size == 0) return decided(0);
    int quiet = 0;
    int best_win = -1, worst_loss = 0;
    bool draw = false;
    for (Move m : moves) {
      if (!pos.is_capture(m)) {
        ++quiet;
        continue;
      }
      const Piece cap = pos.make(m);
      const int d = capture_value(pos, cap);
      pos.unmake(m, cap);
      if (d < 0)
        draw = true;
      else if (d % 2 == 1)
        best_win = best_win < 0 ? d : std::min(best_win, d);
      else
        worst_loss = std::max(worst_loss, d);
    }
    if (quiet == 0)  // every move captures: the value is known now
      return best_win >= 0 ? decided(best_win) : draw ? kDrawCode : decided(worst_loss);
    if (best_win >= 0) return open_code(kCapWin, best_win);
    return draw ? open_code(kCapDraw, 0) : open_code(kCapLoss, worst_loss);
  }

  // True when every quiet move of pos leads to a position won by the opponent within
  // `max_win` plies (the captures were checked against the same bound already).
  bool all_quiet_moves_lose(Position& pos, unsigned max_win) const {
    MoveList moves;
    pos.legal_moves(moves);
    const int other = ~pos.side_to_move();
    for (Move m : moves) {
      if (pos.is_capture(m)) continue;
      pos.make(m);
      const uint16_t c = load(code[other][t.index.encode(pos)]);
      pos.unmake(m, kNoPiece);
      if (!is_decided_win(c) || unsigned(c - 2) > max_win) return false;
    }
    return true;
  }

  // Positions lost in d plies make their predecessors won in d + 1.
  bool win_pass(unsigned d) {
    bool any = false;
#pragma omp parallel for schedule(dynamic, 4096) reduction(|| : any)
    for (uint64_t g = 0; g < 2 * n; ++g) {
      const int side = int(g / n);
      const uint64_t slot = g % n;
      const uint16_t c = load(code[side][slot]);
      if (is_open(c) && open_kind(c) == kCapWin && open_k(c) == d + 1) {
        store(code[side][slot], decided(d + 1));
        any = true;
      }
      if (c != decided(d)) continue;
      Position pos;
      decode(side, slot, pos);
      MoveList unmoves;
      retro_moves(pos, unmoves);
      for (Move m : unmoves) {
        unmake_retro(pos, m);
        uint16_t& pred = code[1 - side][t.index.encode(pos)];
        if (is_open(load(pred))) {
          store(pred, decided(d + 1));
          any = true;
        }
        pos.make(m);
      }
    }
    return any;
  }

  // Positions won in d + 1 plies make predecessors whose every move loses lost in d + 2.
  bool loss_pass(unsigned d) {
    bool any = false;
    const unsigned loss = d + 2;
#pragma omp parallel for schedule(dynamic, 4096) reduction(|| : any)
    for (uint64_t g = 0; g < 2 * n; ++g) {
      const int side = int(g / n);
      const uint64_t slot = g % n;
      const uint16_t c = load(code[side][slot]);
      Position pos;
      if (is_open(c) && open_kind(c) == kCapLoss && open_k(c) == loss) {
        decode(side, slot, pos);
        if (all_quiet_moves_lose(pos, d + 1)) {
          store(code[side][slot], decided(loss));
          any = true;
        }
      }
      if (c != decided(d + 1)) continue;
      decode(side, slot, pos);
      MoveList unmoves;
      retro_moves(pos, unmoves);
      for (Move m : unmoves) {
        unmake_retro(pos, m);
        uint16_t& pred = code[1 - side][t.index.encode(pos)];
        const uint16_t pc = load(pred);
        if (is_open(pc) && open_kind(pc) == kCapLoss && open_k(pc) <= loss &&
            all_quiet_moves_lose(pos, d + 1)) {
          store(pred, decided(loss));
          any = true;
        }
        pos.make(m);
      }
    }
    return any;
  }

  unsigned init() {
    unsigned max_k = 0;
#pragma omp parallel for schedule(dynamic, 4096) reduction(max : max_k)
    for (uint64_t g = 0; g < 2 * n; ++g) {
      const uint16_t c = initial_code(int(g / n), g % n);
      code[g / n][g % n] = c;
      if (is_open(c)) max_k = std::max(max_k, open_k(c));
    }
    return max_k;
  }

  void run(const Progress& progress) {
    const unsigned max_k = init();
    progress("init", 0);
    for (unsigned d = 0;; d += 2) {
      if (d + 2 > kMaxDistance) throw std::runtime_error("DTM exceeds the 16-bit range");
      const bool wins = win_pass(d);
      const bool losses = loss_pass(d);
      progress("plies", int(d + 2));
      if (!wins && !losses && d + 2 >= max_k) break;
    }
    finish();
  }

  void finish() {
    for (int side = 0; side < 2; ++side) {
      t.wdl[side].assign(n, Wdl::Illegal);
      t.distance[side].assign(n, 0);
#pragma omp parallel for schedule(static)
      for (uint64_t slot = 0; slot < n; ++slot) {
        const uint16_t c = code[side][slot];
        if (c == kIllegalCode) continue;
        if (c == kDrawCode || is_open(c)) {
          t.wdl[side][slot] = Wdl::Draw;
          continue;
        }
        const unsigned d = c - 2;
        t.wdl[side][slot] = d % 2 ? Wdl::Win : Wdl::Loss;
        t.distance[side][slot] = uint16_t(d);
      }
      std::vector<uint16_t>().swap(code[side]);
    }
  }
};

}  // namespace

void solve_plain(SolvedTable& table, const TableSet& set, const Progress& progress) {
  Solver(table, set).run(progress);
}

}  // namespace xq::gen
