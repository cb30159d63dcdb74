#include "generator/plain_solver.hpp"

#include <atomic>
#include <stdexcept>

#include "core/retro.hpp"
#include "generator/pass_setup.hpp"

namespace xq::gen {

namespace {

// Working codes, one per slot and side to move:
//   0            illegal slot
//   2 + d        decided: won (d odd) or lost (d even) in d plies
//   kOpen | ...  not decided yet, with a summary of the captures (decided at init):
//                kind 0: every capture loses, the worst in k plies (k = 0: no capture)
//                kind 1: a capture wins in k plies
//                kind 2: a capture draws; k holds its draw_hint capture bits (>> 8)
//                and, for kinds 0 and 2 (the would-be draws), kOpenCheck when the side to
//                move is in check, for the draw hint
// Positions still open after the last ply are draws.
constexpr uint16_t kIllegalCode = 0, kOpen = 0x8000, kOpenCheck = 0x1000;
constexpr uint16_t kCapLoss = 0, kCapWin = 1, kCapDraw = 2;
constexpr unsigned kMaxDistance = 0x3fff, kMaxOpenK = 0xfff;

constexpr uint16_t decided(unsigned d) {
  return uint16_t(2 + d);
}
constexpr uint16_t open_code(uint16_t kind, unsigned k, bool check = false) {
  return uint16_t(kOpen | kind << 13 | (check ? kOpenCheck : 0) | k);
}
constexpr bool is_open(uint16_t c) {
  return c & kOpen;
}
constexpr uint16_t open_kind(uint16_t c) {
  return (c >> 13) & 3;
}
constexpr unsigned open_k(uint16_t c) {
  return c & kMaxOpenK;
}

struct PlainSolver : PassSetup {
  SolvedTable& t;
  const CaptureTargets targets;  // the sub-tables that captures lead to
  // The rank's share of the slots (PassSetup): the arrays below hold them, by slot -
  // share.begin; the marks are idempotent and the counts commutative.
  std::array<SlotArray<uint16_t>, 2> code;
  // Per open slot whose captures do not win: the weighted number (move_weight) of quiet moves
  // not yet known to lose. Reaching 0 decides the slot lost when its captures lose too; for a
  // draw it ends as its number of quiet moves into draws (draw_hint::kMoves). The counts live
  // in t.wdl, whose storage then takes the values without extra memory.
  std::array<SlotArray<Wdl>, 2>& moves_left;
  // The DTC stage's capture hints (SolvedTable::capture_hints), written by init: a block of
  // kBlock slots is whole words, so each word has one writer.
  static_assert(kBlock % 64 == 0);
  std::array<SlotArray<uint64_t>, 2> capture_hints;

  PlainSolver(SolvedTable& table, const TableSet& set, Partition& partition)
      : PassSetup(table.index.size(), partition),
        t(table),
        targets(table.material, set),
        moves_left(table.wdl) {
    for (int side = 0; side < 2; ++side) {
      code[side].resize(n);  // unwritten until init, which writes every slot of both
      moves_left[side].resize(n);
      filled_slots(capture_hints[side], (n + 63) / 64, uint64_t(0));
    }
  }

  // Stores decided(ply) as the code of (side, slot) and marks its block; slot is local.
  void decide(int side, uint64_t slot, unsigned ply) {
    relaxed_store(code[side][slot], decided(ply));
    mark(side, slot, ply);
  }

  // Initial code of the loaded position (legal, its side to move set, safety =
  // pos.king_safety(side to move)), its weighted quiet move count, and its capture hint
  // (SolvedTable::capture_hints) and whether a capture leads into a CursedWin; `quiet` and
  // `captures` are scratch.
  uint16_t initial_code(Position& pos, const Position::KingSafety& safety, MoveList& quiet,
                        MoveList& captures, Wdl& quiet_left, bool& hint, bool& into_cursed) const {
    hint = into_cursed = false;
    quiet_left = Wdl(0);
    captures.size = 0;
    pos.pseudo_captures(captures);
    const Color us = pos.side_to_move();
    // Captures first: with one that wins, the quiet moves need not be counted (a quiet move
    // that wins sooner decides the position in the ply passes; the count serves losses and
    // draws only).
    int best_win = -1, worst_loss = 0;
    uint16_t draw_bits = 0;  // draw_hint capture bits of the captures that do not lose
    bool draw = false, any_capture = false;
    for (const Move m : captures) {
      const bool sure = pos.surely_legal(m, safety);
      const Piece cap = pos.make(m);
      if (!sure && pos.in_check(us)) {
        pos.unmake(m, cap);
        continue;
      }
      const Outcome o = targets.probe(pos, cap);
      pos.unmake(m, cap);
      any_capture = true;
      into_cursed |= o.wdl == Wdl::CursedWin;
      hint |= o.wdl == Wdl::Loss || o.wdl == Wdl::CursedWin;
      // A plain loss of the opponent in d is our win in d + 1, within the natural limit or not
      // (classes 3 and 7); rule values are plain draws.
      if (is_forced(o.wdl) && is_loss(o.wdl)) {
        best_win = best_win < 0 ? o.distance + 1 : std::min<int>(best_win, o.distance + 1);
      } else if (is_forced(o.wdl) && is_win(o.wdl)) {
        worst_loss = std::max<int>(worst_loss, o.distance + 1);
      } else {
        // Values the chase rules decided are draws for the check-rule stage, so that RuleWin
        // means won by the perpetual-check rule alone (check tables hold none of them).
        draw = true;
        if (is_loss(o.wdl) && !is_chase_decided(o.wdl)) draw_bits |= draw_hint::kCaptureWins;
        if (!is_win(o.wdl) || is_chase_decided(o.wdl)) draw_bits |= draw_hint::kCaptureHolds;
      }
    }
    if (std::max(best_win, worst_loss) > int(kMaxOpenK))
      throw std::runtime_error("a capture's DTM exceeds the working code's 12 bits");
    if (best_win >= 0) return open_code(kCapWin, best_win);
    const unsigned count = weighted_quiet_count(pos, safety, quiet);
    if (!any_capture && count == 0) return decided(0);  // mated or stalemated
    if (count > draw_hint::kMoves) throw std::runtime_error("more quiet moves than counts hold");
    quiet_left = Wdl(count);
    if (draw) return open_code(kCapDraw, draw_bits >> 8, safety.check);  // a draw at least
    return count == 0 ? decided(worst_loss) : open_code(kCapLoss, worst_loss, safety.check);
  }

  unsigned init() {
    unsigned max_k = 0;
    bool into_cursed = false;
#pragma omp parallel reduction(max : max_k) reduction(|| : into_cursed)
    {
      SlotCursor cur(t.index);
      MoveList quiet, captures;
#pragma omp for schedule(dynamic, 8)
      for (uint64_t block = 0; block < blocks; ++block) {
        uint64_t plies[2] = {0, 0};
        for (uint64_t slot = block * kBlock; slot < std::min(n, (block + 1) * kBlock); ++slot) {
          // One decoding serves both sides to move, and so does one check test per side.
          const bool placed = cur.load(share.begin + slot, Red);
          Position& pos = cur.pos();
          Position::KingSafety safety[2];
          if (placed) safety[Red] = pos.king_safety(Red), safety[Black] = pos.king_safety(Black);
          for (const Color side : {Red, Black}) {
            uint16_t c = kIllegalCode;
            moves_left[side][slot] = Wdl(0);
            if (placed && !safety[~side].check) {  // the side not to move must not be in check
              pos.set_side_to_move(side);
              bool hint, cursed;
              c = initial_code(pos, safety[side], quiet, captures, moves_left[side][slot], hint,
                               cursed);
              capture_hints[side][slot / 64] |= uint64_t(hint) << slot % 64;
              into_cursed |= cursed;
            }
            code[side][slot] = c;
            if (is_open(c) && open_kind(c) != kCapDraw) max_k = std::max(max_k, open_k(c));
            if (!is_open(c) && c != kIllegalCode)
              plies[side] |= ply_bit(c - 2);
            else if (is_open(c) && open_kind(c) == kCapWin)
              plies[side] |= ply_bit(open_k(c));
          }
        }
        plies_in_block[block] = plies[Red];
        plies_in_block[blocks + block] = plies[Black];
      }
    }
    t.capture_into_cursed = into_cursed;
    return max_k;
  }

  // Applies the updates that other ranks posted for the share, in parallel (an update is
  // applied as if the pass had made it here). Returns whether one decided a slot.
  template <class Apply>
  bool apply_mail(Apply apply) {
    const std::vector<uint64_t> inbox = mail.deliver();
    bool any = false;
#pragma omp parallel for schedule(static) reduction(|| : any)
    for (uint64_t i = 0; i < inbox.size(); ++i) any |= apply(inbox[i]);
    return any;
  }

  // Within a parallel region: shares out the slots of both sides whose code is a or b (never
  // 0), in the blocks marked with a bit of `plies` (ply_bit of the plies a and b are decided
  // at), and calls visit(side, slot, code) for each (slot local). The codes are tested four at a
  // time (in the lanes of a word), as the passes look for a few among many.
  template <class Visit>
  void for_codes(uint16_t a, uint16_t b, uint64_t plies, Visit visit) {
    constexpr uint64_t kLanes = 0x0001000100010001, kTops = 0x8000800080008000;
    auto has = [](uint64_t quad, uint16_t v) {  // whether a lane of quad equals v
      const uint64_t x = quad ^ (v * kLanes);
      return ((x - kLanes) & ~x & kTops) != 0;
    };
#pragma omp for schedule(dynamic, 16)
    for (uint64_t i = 0; i < 2 * blocks; ++i) {
      if (!(relaxed_load(plies_in_block[i]) & plies)) continue;
      const int side = i >= blocks;
      const uint16_t* c = code[side].data();
      const uint64_t begin = (i - side * blocks) * kBlock, end = std::min(begin + kBlock, n);
      for (uint64_t slot = begin; slot < end; slot += 4) {
        const uint64_t lanes = std::min<uint64_t>(4, end - slot);
        uint64_t quad = 0;  // missing lanes hold 0
        for (uint64_t k = 0; k < lanes; ++k) quad |= uint64_t(relaxed_load(c[slot + k])) << 16 * k;
        if (!has(quad, a) && !has(quad, b)) continue;
        for (uint64_t k = 0; k < lanes; ++k) {
          const uint16_t v = uint16_t(quad >> 16 * k);
          if (v == a || v == b) visit(side, slot + k, v);
        }
      }
    }
  }

  // The passes walk pseudo un-moves: an illegal predecessor's code is kIllegalCode, never open.
  // Positions lost in d plies make their open predecessors won in d + 1; open positions whose
  // best capture wins in d + 1 are won in d + 1. Writes are idempotent (every writer stores the
  // same value), and no read's outcome depends on a write of this pass. A predecessor of
  // another rank is posted as slot << 1 | side.
  bool win_pass(unsigned d) {
    bool any = false;
#pragma omp parallel reduction(|| : any)
    {
      SlotCursor cur(t.index);
      MoveList unmoves;
      std::array<uint64_t, MoveList::kCapacity> preds;
      // A capture win in d + 1 fits the open code's 12 bits; beyond, none can be.
      const uint16_t capture_win = d + 1 <= kMaxOpenK ? open_code(kCapWin, d + 1) : decided(d);
      const uint64_t plies = ply_bit(d) | ply_bit(d + 1);
      for_codes(decided(d), capture_win, plies, [&](int side, uint64_t slot, uint16_t c) {
        if (c != decided(d)) {  // a capture wins in d + 1
          decide(side, slot, d + 1);
          any = true;
          return;
        }
        cur.load(share.begin + slot, Color(side));
        retro_pseudo_moves(cur.pos(), unmoves);
        predecessor_slots(cur, unmoves, share, code[1 - side].data(), moves_left[1 - side].data(),
                          preds);
        for (int i = 0; i < unmoves.size; ++i) {
          if (!share.holds(preds[i])) {
            mail.post(shares.owner(preds[i]), preds[i] << 1 | uint64_t(1 - side));
            continue;
          }
          const uint64_t p = preds[i] - share.begin;
          if (is_open(relaxed_load(code[1 - side][p]))) {
            decide(1 - side, p, d + 1);
            any = true;
          }
        }
      });
    }
    return apply_mail([&](uint64_t msg) {
             const int side = int(msg & 1);
             const uint64_t p = (msg >> 1) - share.begin;
             if (!is_open(relaxed_load(code[side][p]))) return false;
             decide(side, p, d + 1);
             return true;
           }) ||
           any;
  }

  // Positions won in d + 1 plies take one quiet move off the count of each open predecessor
  // whose captures do not win. One whose captures all lose is lost when its count reaches 0:
  // in d + 2 plies, or later if a capture resists longer. The counts only fall (atomically),
  // so exactly one writer sees a count reach 0, whatever the order. A predecessor of another
  // rank is posted as slot << 3 | side << 2 | weight.
  bool loss_pass(unsigned d) {
    bool any = false;
#pragma omp parallel reduction(|| : any)
    {
      SlotCursor cur(t.index);
      MoveList unmoves;
      std::array<uint64_t, MoveList::kCapacity> preds;
      for_codes(
          decided(d + 1), decided(d + 1), ply_bit(d + 1), [&](int side, uint64_t slot, uint16_t) {
            cur.load(share.begin + slot, Color(side));
            Position& pos = cur.pos();
            const bool symmetric = pos.mirror_symmetric();
            retro_pseudo_moves(pos, unmoves);
            predecessor_slots(cur, unmoves, share, code[1 - side].data(),
                              moves_left[1 - side].data(), preds);
            for (int i = 0; i < unmoves.size; ++i) {
              if (share.holds(preds[i])) {
                const uint64_t p = preds[i] - share.begin;
                if (!is_open(relaxed_load(code[1 - side][p]))) continue;  // as below, cheaply
                any |= take_move(1 - side, p, unmove_weight(pos, symmetric, unmoves[i]), d);
              } else {
                const uint8_t w = unmove_weight(pos, symmetric, unmoves[i]);
                mail.post(shares.owner(preds[i]), preds[i] << 3 | uint64_t(1 - side) << 2 | w);
              }
            }
          });
    }
    return apply_mail([&](uint64_t msg) {
             return take_move(int(msg >> 2 & 1), (msg >> 3) - share.begin, unsigned(msg & 3), d);
           }) ||
           any;
  }

  // A quiet move of weight w from the local slot p of `side` turns out to lose (in d + 1): off
  // its count when p is open and its captures do not win; returns whether p is then decided.
  bool take_move(int side, uint64_t p, unsigned w, unsigned d) {
    const uint16_t pc = relaxed_load(code[side][p]);
    if (!is_open(pc) || open_kind(pc) == kCapWin) return false;
    if (add_count(moves_left[side][p], -int(w)) != 0 || open_kind(pc) != kCapLoss) return false;
    decide(side, p, std::max(d + 2, open_k(pc)));
    return true;
  }

  void run(const Progress& progress) {
    const unsigned max_k = unsigned(part.max(init()));
    progress("init", 0);
    for (unsigned d = 0;; d += 2) {
      if (d + 2 > kMaxDistance) throw std::runtime_error("DTM exceeds the 16-bit range");
      const bool wins = win_pass(d);
      const bool losses = loss_pass(d);
      progress("plies", int(d + 2));
      if (!part.any(wins || losses) && d + 2 >= max_k) break;
    }
    finish();
  }

  // Turns codes and counts into values in place: the code arrays become the distances, the
  // count arrays the value classes. A draw's distance is its draw_hint.
  void finish() {
    for (int side = 0; side < 2; ++side) {
      auto& c = code[side];
      auto& wdl = t.wdl[side];
#pragma omp parallel for schedule(static)
      for (uint64_t slot = 0; slot < n; ++slot) {
        const uint16_t v = c[slot];
        if (v == kIllegalCode) {
          wdl[slot] = Wdl::Illegal;
        } else if (is_open(v)) {
          const uint16_t capture_bits = open_kind(v) == kCapDraw ? open_k(v) << 8 : 0;
          const uint16_t check = v & kOpenCheck ? draw_hint::kInCheck : 0;
          c[slot] = uint16_t(check | capture_bits | uint8_t(wdl[slot]));
          wdl[slot] = Wdl::Draw;
        } else {
          wdl[slot] = (v - 2) % 2 ? Wdl::Win : Wdl::Loss;
          c[slot] = uint16_t(v - 2);
        }
      }
      t.distance[side] = std::move(c);
    }
    t.first = share.begin;
    t.draw_hints = true;
    t.capture_hints = std::move(capture_hints);
  }
};

}  // namespace

void solve_plain(SolvedTable& table, const TableSet& set, const Progress& progress) {
  SerialPartition whole;
  solve_plain(table, set, progress, whole);
}

void solve_plain(SolvedTable& table, const TableSet& set, const Progress& progress,
                 Partition& part) {
  PlainSolver(table, set, part).run(progress);
}

}  // namespace xq::gen
