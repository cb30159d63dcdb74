#include "generator/dtc_solver.hpp"

#include <array>
#include <atomic>
#include <stdexcept>

#include "core/retro.hpp"
#include "generator/pass_setup.hpp"

namespace xq::gen {

namespace {

// Working codes, one per slot and side to move, in table.dtc:
//   kKept | class   a class the stage keeps (Illegal, Draw, RuleWin, RuleLoss, ChaseWin, ChaseLoss)
//   kWin | d        a plain win, converted in d plies (kOpen: not yet)
//   d               a plain loss, converted in d plies (kOpen: not yet; kBlocked: never, as a
//                   capture leads into a sub-table value that is no conversion)
// Plain wins and losses are the only candidates: a conversion within any limit needs a forced
// value. The loss counts (weighted quiet moves not yet known to convert for the opponent) live
// in table.wdl meanwhile, as in the plain solver.
constexpr uint16_t kKept = 0x8000, kWin = 0x4000;
constexpr uint16_t kOpen = 0x3fff, kBlocked = 0x3ffe, kMaxDtc = 0x3ffd;

constexpr bool is_kept(uint16_t c) {
  return c & kKept;
}
constexpr bool is_win_code(uint16_t c) {
  return !is_kept(c) && (c & kWin);
}
constexpr uint16_t plies_of(uint16_t c) {
  return c & kOpen;
}
constexpr uint16_t win_code(unsigned d) {
  return uint16_t(kWin | d);
}
constexpr uint16_t loss_code(unsigned d) {
  return uint16_t(d);
}

// Which captures convert. Within the limit: a capture into a sub-table value won or lost
// within the limit from the fresh counter the capture starts (classes 2 and 3). Without it
// (the DTC of cursed wins and blessed losses): into any forced value (2, 3, 6, 7).
enum class Limit { Natural, None };

bool converts_for_winner(Wdl sub, Limit limit) {  // sub: the opponent's value after the capture
  return limit == Limit::Natural ? sub == Wdl::Loss : is_forced(sub) && is_loss(sub);
}
bool converts_for_loser(Wdl sub, Limit limit) {
  return limit == Limit::Natural ? sub == Wdl::Win : is_forced(sub) && is_win(sub);
}

struct DtcSolver : PassSetup {
  SolvedTable& t;
  const CaptureTargets targets;
  // The rank's share of the slots, as in the plain solver (PassSetup): the codes of a pass are
  // never read in it, the counts commute.
  std::array<SlotArray<uint16_t>, 2>& code;
  std::array<SlotArray<Wdl>, 2>& moves_left;  // the loss counts, in the class arrays

  DtcSolver(SolvedTable& table, const TableSet& set, Partition& partition)
      : PassSetup(table.index.size(), partition),
        t(table),
        targets(table.material, set),
        code(table.dtc),
        moves_left(table.wdl) {}

  // The code of a plain win or loss before any pass, and its loss count; `quiet` and
  // `captures` are scratch. Conversions in 0 (mate, stalemate) and 1 (a converting capture, or
  // a loss whose every move is one) are decided here.
  uint16_t initial_code(Position& pos, const Position::KingSafety& safety, bool win, Limit limit,
                        MoveList& quiet, MoveList& captures, Wdl& count) const {
    count = Wdl(0);
    captures.size = 0;
    pos.pseudo_captures(captures);
    const Color us = pos.side_to_move();
    bool any_capture = false;
    for (const Move m : captures) {
      const bool sure = pos.surely_legal(m, safety);
      const Piece cap = pos.make(m);
      if (!sure && pos.in_check(us)) {
        pos.unmake(m, cap);
        continue;
      }
      const Wdl sub = targets.probe(pos, cap).wdl;
      pos.unmake(m, cap);
      any_capture = true;
      if (win && converts_for_winner(sub, limit)) return win_code(1);
      if (!win && !converts_for_loser(sub, limit)) return loss_code(kBlocked);
    }
    if (win) return win_code(kOpen);
    const unsigned quiet_count = weighted_quiet_count(pos, safety, quiet);
    if (quiet_count > draw_hint::kMoves)
      throw std::runtime_error("more quiet moves than counts hold");
    count = Wdl(quiet_count);
    if (quiet_count > 0) return loss_code(kOpen);
    return loss_code(any_capture ? 1 : 0);  // every move a converting capture, or none at all
  }

  // The code of a plain loss before any pass, and its loss count, when no capture leads into
  // a sub-table value other than Win (the capture hint is clear): initial_code without probing
  // the captures, which all convert. `quiet` and `captures` are scratch.
  static uint16_t unblocked_loss_code(Position& pos, const Position::KingSafety& safety,
                                      MoveList& quiet, MoveList& captures, Wdl& count) {
    const unsigned quiet_count = weighted_quiet_count(pos, safety, quiet);
    if (quiet_count > draw_hint::kMoves)
      throw std::runtime_error("more quiet moves than counts hold");
    count = Wdl(quiet_count);
    if (quiet_count > 0) return loss_code(kOpen);
    captures.size = 0;
    pos.pseudo_captures(captures);
    for (const Move m : captures)
      if (pos.pseudo_move_legal(m, safety)) return loss_code(1);  // every move converts
    return loss_code(0);                                          // mated or stalemated
  }

  // The code that the capture hint of the plain win or loss c decides alone (the stage's
  // Natural limit: SolvedTable::capture_hints), or 0 when the position must be looked at:
  // a loss whose capture leads into a CursedWin is blocked; a win converts at ply 1 iff a
  // capture leads into a Loss, which its hint says unless some capture leads into a CursedWin.
  uint16_t hinted_code(uint16_t c, int side, uint64_t slot) const {
    const bool hint = t.capture_hints[side][slot / 64] >> slot % 64 & 1;
    if (!is_win_code(c)) return hint ? loss_code(kBlocked) : 0;
    if (!hint) return win_code(kOpen);
    return t.capture_into_cursed ? 0 : win_code(1);
  }

  // Codes of every slot from the plain classes in the codes (kKept | class, or kWin | kOpen /
  // kOpen for the plain wins and losses). With `hinted`, the capture hints decide what they can
  // (hinted_code), and the others' captures are probed.
  void init(Limit limit, bool hinted) {
    std::fill(plies_in_block.begin(), plies_in_block.end(), 0);
#pragma omp parallel
    {
      SlotCursor cur(t.index);
      MoveList quiet, captures;
#pragma omp for schedule(dynamic, 8)
      for (uint64_t block = 0; block < blocks; ++block) {
        for (uint64_t slot = block * kBlock; slot < std::min(n, (block + 1) * kBlock); ++slot) {
          // The sides whose position must be decoded: bit `side`.
          unsigned look = 0;
          for (const Color side : {Red, Black}) {
            uint16_t& c = code[side][slot];
            if (is_kept(c)) continue;
            const uint16_t h = hinted ? hinted_code(c, side, slot) : 0;
            if (h == 0) {
              look |= 1u << side;
              continue;
            }
            c = h;
            if (plies_of(c) <= 1) mark(side, slot, plies_of(c));
          }
          if (!look) continue;
          cur.load(share.begin + slot, Red);
          Position& pos = cur.pos();
          for (const Color side : {Red, Black}) {
            if (!(look >> side & 1)) continue;
            uint16_t& c = code[side][slot];
            pos.set_side_to_move(side);
            const Position::KingSafety safety = pos.king_safety(side);
            c = hinted && !is_win_code(c)
                    ? unblocked_loss_code(pos, safety, quiet, captures, moves_left[side][slot])
                    : initial_code(pos, safety, is_win_code(c), limit, quiet, captures,
                                   moves_left[side][slot]);
            if (plies_of(c) <= 1) mark(side, slot, plies_of(c));
          }
        }
      }
    }
  }

  // Within a parallel region: calls visit(side, slot, code) for every code won or lost in d
  // plies (slot local), shared out by blocks.
  template <class Visit>
  void for_decided(unsigned d, Visit visit) {
    const uint16_t a = win_code(d), b = loss_code(d);
#pragma omp for schedule(dynamic, 16)
    for (uint64_t i = 0; i < 2 * blocks; ++i) {
      if (!(relaxed_load(plies_in_block[i]) & ply_bit(d))) continue;
      const int side = i >= blocks;
      const uint64_t begin = (i - side * blocks) * kBlock, end = std::min(begin + kBlock, n);
      for (uint64_t slot = begin; slot < end; ++slot) {
        const uint16_t c = relaxed_load(code[side][slot]);
        if (c == a || c == b) visit(side, slot, c);
      }
    }
  }

  // Ply d: a position lost in d - 1 plies makes its open predecessors (plain wins) won in d; a
  // position won in d - 1 takes one quiet move off the count of its open predecessors (plain
  // losses), which are lost in d when it reaches 0. Codes of this pass are written as d, never
  // read as d - 1, and the counts only fall (atomically): the result does not depend on the
  // order, nor on whether an update is made here or posted to the predecessor's rank (as
  // slot << 3 | side << 2 | weight, weight 0 for a win) and applied after the pass.
  bool pass(unsigned d) {
    bool any = false;
#pragma omp parallel reduction(|| : any)
    {
      SlotCursor cur(t.index);
      MoveList unmoves;
      std::array<uint64_t, MoveList::kCapacity> preds;
      for_decided(d - 1, [&](int side, uint64_t slot, uint16_t c) {
        cur.load(share.begin + slot, Color(side));
        Position& pos = cur.pos();
        const bool symmetric = pos.mirror_symmetric();
        retro_pseudo_moves(pos, unmoves);
        const int pred_side = 1 - side;
        const bool won = is_win_code(c);
        // The counts matter only when the predecessors may be open losses.
        predecessor_slots(cur, unmoves, share, code[pred_side].data(),
                          won ? moves_left[pred_side].data() : nullptr, preds);
        for (int i = 0; i < unmoves.size; ++i) {
          const Move m = unmoves[i];
          const uint64_t p = preds[i];
          // Lost in d - 1: the predecessor wins in d (weight 0), else it loses a quiet move
          // (its weight computed only for an open local loss or a predecessor elsewhere).
          if (!share.holds(p)) {
            const unsigned w = won ? unmove_weight(pos, symmetric, m) : 0;
            mail.post(shares.owner(p), p << 3 | uint64_t(pred_side) << 2 | w);
          } else if (!won) {
            any |= update(pred_side, p - share.begin, 0, d);
          } else if (relaxed_load(code[pred_side][p - share.begin]) == loss_code(kOpen)) {
            any |= update(pred_side, p - share.begin, unmove_weight(pos, symmetric, m), d);
          }
        }
      });
    }
    const std::vector<uint64_t> inbox = mail.deliver();
#pragma omp parallel for schedule(static) reduction(|| : any)
    for (uint64_t i = 0; i < inbox.size(); ++i)
      any |=
          update(int(inbox[i] >> 2 & 1), (inbox[i] >> 3) - share.begin, unsigned(inbox[i] & 3), d);
    return part.any(any);
  }

  // A move from the local slot p of `side` leads to a position decided in d - 1: with w = 0 it
  // loses there, so an open plain win p is won in d; else it is a quiet move of weight w that
  // wins there, off the count of an open plain loss p, lost in d once the count reaches 0.
  // Returns whether p is decided.
  bool update(int side, uint64_t p, unsigned w, unsigned d) {
    uint16_t& pc = code[side][p];
    if (w == 0) {
      if (relaxed_load(pc) != win_code(kOpen)) return false;
      relaxed_store(pc, win_code(d));
    } else {
      if (relaxed_load(pc) != loss_code(kOpen)) return false;
      if (add_count(moves_left[side][p], -int(w)) != 0) return false;
      relaxed_store(pc, loss_code(d));
    }
    mark(side, p, d);
    return true;
  }

  // Passes from ply 1 until one decides nothing (from ply 2 on: ply 1's codes may all come
  // from init), or through ply `last`.
  void run_passes(unsigned last, const char* phase, const Progress& progress) {
    for (unsigned d = 1; d <= last; ++d) {
      if (d > kMaxDtc) throw std::runtime_error("DTC exceeds its working code's 14 bits");
      const bool any = pass(d);
      if (d % 8 == 0) progress(phase, int(d));
      if (!any && d >= 2) break;
    }
  }

  // Whether a code is still open (or blocked): not converted within the passes run.
  static bool unconverted(uint16_t c) {
    return !is_kept(c) && plies_of(c) >= kBlocked;
  }

  void run(const Progress& progress, unsigned limit_plies) {
    for (int side = 0; side < 2; ++side) {
      code[side].resize(n);
#pragma omp parallel for schedule(static)
      for (uint64_t slot = 0; slot < n; ++slot) {
        const Wdl w = t.wdl[side][slot];
        code[side][slot] = w == Wdl::Win    ? win_code(kOpen)
                           : w == Wdl::Loss ? loss_code(kOpen)
                                            : uint16_t(kKept | uint16_t(w));
      }
    }
    // The hints describe the captures of this share's slots under the limit of the sub-tables'
    // classes, which is the stage's: they serve the first run only, and are freed after it.
    const bool hinted = t.capture_hints[0].size() == (n + 63) / 64;
    init(Limit::Natural, hinted);
    t.capture_hints = {};
    run_passes(limit_plies, "dtc", progress);
    bool any_cursed = false;
    for (int side = 0; side < 2 && !any_cursed; ++side)
      for (uint64_t slot = 0; slot < n && !any_cursed; ++slot)
        any_cursed = unconverted(code[side][slot]);
    if (!part.any(any_cursed)) return finish({});
    // The DTC of the cursed wins and blessed losses: the same passes without the limit, with
    // captures into any forced value converting. The limited DTC of the others waits aside.
    std::array<SlotArray<uint8_t>, 2> limited;  // every slot written below
    for (int side = 0; side < 2; ++side) {
      limited[side].resize(n);
#pragma omp parallel for schedule(static)
      for (uint64_t slot = 0; slot < n; ++slot) {
        uint16_t& c = code[side][slot];
        limited[side][slot] = is_kept(c) || unconverted(c) ? kNone : uint8_t(plies_of(c));
        if (!is_kept(c)) c = is_win_code(c) ? win_code(kOpen) : loss_code(kOpen);
      }
    }
    init(Limit::None, false);
    run_passes(kMaxDtc, "unlimited dtc", progress);
    finish(limited);
  }

  static constexpr uint8_t kNone = 0xff;  // in `limited`: no DTC within the limit

  // Codes to classes (in the count arrays) and DTC (in the codes). With `limited` (the
  // unlimited passes ran), its DTC is the one of the positions converted within the limit.
  void finish(const std::array<SlotArray<uint8_t>, 2>& limited) {
    for (int side = 0; side < 2; ++side) {
      auto& c = code[side];
      auto& wdl = t.wdl[side];
      const uint8_t* lim = limited[side].empty() ? nullptr : limited[side].data();
      bool broken = false;
#pragma omp parallel for schedule(static) reduction(|| : broken)
      for (uint64_t slot = 0; slot < n; ++slot) {
        const uint16_t v = c[slot];
        if (is_kept(v)) {
          wdl[slot] = Wdl(v & ~kKept);
          c[slot] = 0;
          continue;
        }
        const bool win = is_win_code(v);
        const bool within = lim ? lim[slot] != kNone : !unconverted(v);
        wdl[slot] =
            win ? (within ? Wdl::Win : Wdl::CursedWin) : (within ? Wdl::Loss : Wdl::BlessedLoss);
        c[slot] = lim && within ? lim[slot] : plies_of(v);
        broken |= unconverted(v) && lim;  // without the limit, every forced value converts
      }
      if (broken) throw std::logic_error("a forced value without a conversion");
    }
  }
};

}  // namespace

void solve_dtc(SolvedTable& table, const TableSet& set, const Progress& progress,
               unsigned limit_plies) {
  SerialPartition whole;
  solve_dtc(table, set, progress, whole, limit_plies);
}

void solve_dtc(SolvedTable& table, const TableSet& set, const Progress& progress, Partition& part,
               unsigned limit_plies) {
  if (limit_plies >= 0xff) throw std::invalid_argument("natural limit above 254 plies");
  DtcSolver(table, set, part).run(progress, limit_plies);
}

}  // namespace xq::gen
