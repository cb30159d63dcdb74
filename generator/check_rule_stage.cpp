#include "generator/check_rule_stage.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <stdexcept>
#include <utility>

#include "core/retro.hpp"
#include "generator/bitmap.hpp"
#include "generator/memory_headroom.hpp"
#include "generator/pass_setup.hpp"

namespace xq::gen {

namespace {

// The plain draws of the slots a table holds (a rank's share) as a bitmap of local ids
// side * m + slot - t.first (m slots per side). The stage walks pseudo un-moves
// (retro_pseudo_moves): an illegal predecessor is never a draw, so membership drops it.
// Each word keeps the number of draws before it, so that a draw's rank among the draws
// indexes arrays that hold a byte per draw only (about half the slots are draws).
class RankedDraws {
 public:
  explicit RankedDraws(const SolvedTable& t) : n_(t.wdl[0].size()), words_((2 * n_ + 63) / 64) {
    for (int side = 0; side < 2; ++side)
#pragma omp parallel for schedule(static)
      for (uint64_t w = 0; w < (n_ + 63) / 64; ++w) {
        uint64_t word = 0;
        for (uint64_t b = 0; b < 64 && w * 64 + b < n_; ++b)
          if (t.wdl[side][w * 64 + b] == Wdl::Draw) word |= uint64_t(1) << b;
        bits_word_or(side * n_ + w * 64, word);
      }
    for (Word& w : words_) {
      w.before = size_;
      size_ += uint64_t(std::popcount(w.bits));
    }
  }
  bool contains(uint64_t l) const {
    return words_[l / 64].bits >> (l % 64) & 1;
  }
  // The number of draws with a smaller local id than l (l < 2 m; the bits and the count share
  // a cache line).
  uint64_t rank(uint64_t l) const {
    const Word& w = words_[l / 64];
    return w.before + uint64_t(std::popcount(w.bits & ((uint64_t(1) << (l % 64)) - 1)));
  }
  // The same for any l up to 2 m (the end of a side's ids).
  uint64_t rank_below(uint64_t l) const {
    return l / 64 < words_.size() ? rank(l) : size_;
  }
  // For parallel loops over the draws: word w holds the ids w * 64 + b of its set bits b.
  uint64_t words() const {
    return words_.size();
  }
  uint64_t word(uint64_t w) const {
    return words_[w].bits;
  }

 private:
  // Sets the bits of `word` starting at global id g (g need not be 64-aligned).
  void bits_word_or(uint64_t g, uint64_t word) {
    if (!word) return;
    std::atomic_ref<uint64_t>(words_[g / 64].bits).fetch_or(word << (g % 64));
    // Only when bits spill over: for the last word of the bitmap the next one does not exist
    // (an OR of 0 there was a write past the end, found by scripts/tsan.sh).
    const uint64_t spill = g % 64 ? word >> (64 - g % 64) : 0;
    if (spill) std::atomic_ref<uint64_t>(words_[g / 64 + 1].bits).fetch_or(spill);
  }
  struct Word {
    uint64_t bits = 0, before = 0;  // before: the draws of the earlier words
  };
  uint64_t n_, size_ = 0;
  std::vector<Word> words_;
};

// During the rule stage the value entries of a draw are free, and hold its state: the distance
// holds flags and its layer in the current X, the class byte a count (see Arena::left).
enum : uint16_t {
  kLayer = 0x3ff,        // layer in the current X (0 = not in X)
  kInCheck = 1u << 10,   // the side to move is in check: every move into it is a check
  kChecks = 1u << 11,    // it has a non-capturing move into a draw where the opponent is in check
  kSinkWon = 1u << 12,   // it has a move into a sink won by its side to move
  kSinkHeld = 1u << 13,  // it has a move into a sink not won by its opponent
  kInY = 1u << 14,       // member of the current Y
  kInZ = 1u << 15,       // member of Z (won under the rule)
};

// What a parallel pass gathers, per thread and then in total (the counts of this rank; the
// passes sum them over the ranks where they decide).
struct Tally {
  uint64_t size = 0, open = 0, stay = 0, waiting = 0;
  uint64_t reached = 0;  // draws put into the next frontier
  void add(const Tally& o) {
    size += o.size;
    open += o.open;
    stay += o.stay;
    waiting += o.waiting;
    reached += o.reached;
  }
};

// The game arena, shared by both would-be winners: the draws, with what is known of their
// moves. Sinks are final: a non-capturing move from a draw out of the draws goes to a plain
// win of the opponent, so only captures (the draw hints of solve_plain) lead to other sinks.
//
// Over MPI ranks each rank holds the draws of its share of the slots (generator/partition.hpp).
// The passes walk un-moves only: an update of a predecessor another rank owns is posted to it
// (global id << 16 | a 16-bit payload) and applied there when the pass is over, and the one
// forward read of the serial stage (whether a loser's checks all go into X) is a count of
// checks not yet in X, lowered through the un-moves of the checked draws as they enter X.
// Updates are commutative counts or flags, so the values do not depend on the rank count.
struct Arena {
  SolvedTable& t;
  Partition& part;
  const ShareMap shares;
  const Share share;
  const RankedDraws draws;
  const uint64_t n, m;  // slots per side of the table, and of the share
  // The tables' arrays (the share's), by side; they keep their storage throughout.
  const std::array<uint16_t*, 2> distance;
  const std::array<Wdl*, 2> wdl;
  // The rank (RankedDraws::rank) of the first draw of each side to move, and one past the last.
  const std::array<uint64_t, 3> side_rank;
  // By rank among the draws (both sides): the potential of a draw won under the rule, 0 while
  // it is not (a potential's round is 1 or more). Filled by the games' grow_z, read by the end
  // of the stage: two bytes per draw, not a list of the won ones (8 bytes each), which held
  // the stage's peak.
  SlotArray<uint16_t> potential;
  Mailbox mail;

  // Global ids are side * n + slot; local ids side * m + slot - share.begin.
  Color side_of(uint64_t g) const { return Color(g >= n); }
  uint64_t slot_of(uint64_t g) const { return g >= n ? g - n : g; }
  bool owns(uint64_t g) const { return share.holds(slot_of(g)); }
  uint64_t local(uint64_t g) const { return side_of(g) * m + slot_of(g) - share.begin; }
  uint64_t global(uint64_t l) const {
    const uint64_t side = l >= m;
    return side * n + share.begin + l - side * m;
  }
  bool is_draw(uint64_t g) const { return draws.contains(local(g)); }  // g owned
  // The number of draws of a side to move, and the place of draw g among those of its side:
  // arrays with a byte per draw of one side (CheckRuleGame) are indexed by it.
  uint64_t draws_of(Color c) const { return side_rank[c + 1] - side_rank[c]; }
  uint64_t draw_index(uint64_t g) const { return draws.rank(local(g)) - side_rank[side_of(g)]; }
  uint16_t& state(uint64_t g) const { return distance[side_of(g)][slot_of(g) - share.begin]; }
  uint16_t& potential_of(uint64_t g) { return potential[draws.rank(local(g))]; }
  // The class byte holds the loser's count of the draw: the weighted (move_weight) number of
  // its non-capturing moves into draws not in check (priority 3 moves when the side to move is
  // the loser) that are not into Z, plus one for a sink not won by the opponent. CPre holds
  // for the loser when it is 0 and the checks are good.
  Wdl& left(uint64_t g) const { return wdl[side_of(g)][slot_of(g) - share.begin]; }
  void load_draw(SlotCursor& cur, uint64_t g) const { cur.load(slot_of(g), side_of(g)); }

  Arena(SolvedTable& table, Partition& partition)
      : t(table),
        part(partition),
        shares(table.index.size(), partition.ranks(), share_alignment()),
        share(shares.of(partition.rank())),
        draws(table),
        n(table.index.size()),
        m(share.size()),
        distance{table.distance[0].data(), table.distance[1].data()},
        wdl{table.wdl[0].data(), table.wdl[1].data()},
        side_rank{0, draws.rank_below(m), draws.rank_below(2 * m)},
        mail(partition) {
    if (table.first != share.begin || table.wdl[0].size() != m)
      throw std::logic_error("the rule stage needs the rank's share of the table");
    // What the stage allocates from here on (kRuleBytesPerDraw), now that its draws are
    // counted. `gen`'s plan bounds it as if every slot were a draw; a run let past that bound
    // (--memory-limit 0) learns here, not from the kernel, that it does not fit.
    require_memory(kRuleBytesPerDraw * side_rank[2] + kRuleBitmaps * 2 * m / 8,
                   table.material.name() + ": the check rule stage of " +
                       std::to_string(side_rank[2]) + " draws");
    filled_slots(potential, side_rank[2], uint16_t(0));
  }

  // Calls body(g, cursor, un-move list) for every draw g of the share, in parallel; the
  // cursor and the list are the thread's own.
  template <class Body>
  void for_each_draw(Body body) const {
#pragma omp parallel
    {
      SlotCursor cur(t.index);
      MoveList unmoves;
#pragma omp for schedule(dynamic, 64)
      for (uint64_t w = 0; w < draws.words(); ++w)
        for (const int bit : SetBits(draws.word(w))) body(global(w * 64 + bit), cur, unmoves);
    }
  }

  // Applies update(g, payload, tally) to draw g: here if the rank owns g (and it is a draw),
  // else posted to its owner (see deliver).
  template <class Update>
  void send(uint64_t g, uint16_t payload, Tally& tally, Update& update) {
    if (!owns(g))
      mail.post(shares.owner(slot_of(g)), g << 16 | payload);
    else if (is_draw(g))
      update(g, payload, tally);
  }
  // Collective, after a pass: applies the updates that other ranks posted here, in parallel.
  // Returns what they gathered.
  template <class Update>
  Tally deliver(Update& update) {
    const std::vector<uint64_t> inbox = mail.deliver();
    Tally total;
#pragma omp parallel
    {
      Tally mine;
#pragma omp for schedule(static) nowait
      for (uint64_t i = 0; i < inbox.size(); ++i) {
        const uint64_t g = inbox[i] >> 16;
        if (is_draw(g)) update(g, uint16_t(inbox[i]), mine);
      }
#pragma omp critical
      total.add(mine);
    }
    return total;
  }

  // Takes the draw hints of solve_plain out of the distances and sets up the states and counts
  // (the loser's checks are each game's: CheckRuleGame::count_checks).
  void prepare() {
    bool overflow = false;
#pragma omp parallel for schedule(dynamic, 64) reduction(|| : overflow)
    for (uint64_t w = 0; w < draws.words(); ++w)
      for (const int bit : SetBits(draws.word(w))) {
        const uint64_t g = global(w * 64 + bit);
        const uint16_t hint = state(g);
        const bool held = hint & draw_hint::kCaptureHolds;
        overflow |= (hint & draw_hint::kMoves) == draw_hint::kMoves;  // room for a sink
        left(g) = Wdl((hint & draw_hint::kMoves) + held);
        state(g) =
            uint16_t((hint & draw_hint::kInCheck ? kInCheck : 0) |
                     (hint & draw_hint::kCaptureWins ? kSinkWon : 0) | (held ? kSinkHeld : 0));
      }
    if (part.any(overflow)) throw std::runtime_error("more quiet moves than the rule counts hold");
  }
};

// One would-be winner's game over the draws. Its positions won under the rule get their
// potentials in Arena::potential, to be written when both games are done. Its sets (Y, the
// cornered draws, the frontiers) are bitmaps over the rank's local ids, an eighth of a byte per
// slot and side each, whatever their size; sizes that decide are summed over ranks.
struct CheckRuleGame {
  Arena& a;
  const Color winner;
  // The arrays below hold a byte per draw of one side (by Arena::draw_index), and live for
  // this game only: the peak of the stage.
  // By draw of the winner's side: its priority-2 moves into Y, weighted, plus one for a sink it
  // wins (its good moves, checks aside).
  SlotArray<uint8_t> count;
  // By draw of the loser's side: the weighted number of its non-capturing moves into draws in
  // check (its checks), set by count_checks.
  SlotArray<uint8_t> checks;
  // By draw of the loser's side: in cornered, its count of moves out of the attractor; in each
  // attractor, the weighted number of its checks not yet into X (`checks` when it starts).
  SlotArray<uint8_t> pending;
  // By draw of the winner's side: its counts at the start of every round (see start_round),
  // once counted (a flag of its own: a rank's share of the cornered draws may be empty, and
  // all ranks must agree).
  SlotArray<uint8_t> start_count;
  bool start_counted = false;
  // By draw of the winner's side: its counts after the last round's first shrink, and the
  // draws that shrink dropped from the cornered ones (bits by local id), once a round had one.
  // The first X of a round (over the cornered draws) only grows from round to round, as it is
  // monotone in Z, so a round's first shrink drops a subset of the last one's: its counts are
  // these plus the moves into the open losers that came back (see shrink_again). Allocated
  // at the first such shrink, and only when `incremental` (see solve_check_rule).
  const bool incremental;
  SlotArray<uint8_t> first_count;
  Bitmap first_left{0};
  bool have_first = false;
  // What Z gives every X for free (see attractor's `warm`), kept up to date by grow_z: by draw
  // of the loser's side, the weighted number of its checks not into Z; by local id of the
  // winner's draws, a bit for a check into Z.
  SlotArray<uint8_t> checks_off_z;
  Bitmap checks_z;

  // The cornered draws (see cornered), and the current Y (its members are also flagged kInY):
  // the cornered draws at the start of a round, then shrinking. Bits by local id.
  Bitmap cornered_set, y;
  // Z (its members are also flagged kInZ), bits by local id, with the number of the rank's
  // draws in it and of its members that are open_loser. Z lies inside every Y of a round and
  // inside each of its X (see attractor's `warm`), so the passes that only sort Y into X and
  // the rest skip it: from round to round they grow with Y \ Z, not with Y.
  Bitmap z_set;
  uint64_t z_size = 0, z_open = 0;
  // The frontiers of an attractor (or of the cornered set) by layer: the newest layer's members
  // whose un-moves are still to walk, and the members the walk adds (see advance).
  Bitmap frontier, next;
  uint64_t y_size = 0, y_open = 0;  // |Y|, and its members that are open_loser (all ranks)

  CheckRuleGame(Arena& arena, Color c, bool incremental_shrinks)
      : a(arena),
        winner(c),
        incremental(incremental_shrinks),
        checks_z(64 * a.draws.words()),
        cornered_set(64 * a.draws.words()),
        y(64 * a.draws.words()),
        z_set(64 * a.draws.words()),
        frontier(64 * a.draws.words()),
        next(64 * a.draws.words()) {
    filled_slots(count, a.draws_of(c), uint8_t(0));
    filled_slots(checks, a.draws_of(~c), uint8_t(0));
    filled_slots(pending, a.draws_of(~c), uint8_t(0));
  }

  bool winner_to_move(uint64_t g) const { return a.side_of(g) == winner; }
  // The winner's count of draw g (the winner to move), the loser's checks and pending count
  // (the loser to move).
  uint8_t& wcount(uint64_t g) { return count[a.draw_index(g)]; }
  uint8_t& checks_of(uint64_t g) { return checks[a.draw_index(g)]; }
  uint8_t& pcount(uint64_t g) { return pending[a.draw_index(g)]; }
  bool checks_into_z(uint64_t g) const { return checks_z.test(a.local(g)); }
  uint16_t state(uint64_t g) const { return relaxed_load(a.state(g)); }
  void set_state(uint64_t g, uint16_t s) { relaxed_store(a.state(g), s); }
  // The moves into a loser position not in check are the winner's quiet moves (priority 2).
  bool open_loser(uint64_t g, uint16_t s) const { return !winner_to_move(g) && !(s & kInCheck); }

  // Calls visit(g, cursor, un-move list, tally) for each member of Y (the bitmap y), in
  // parallel; the cursor, the list and the tally are the thread's own. Returns the tallies' sum.
  // A word of y is the thread's own while it visits the word's members (see shrink_y).
  template <class Visit>
  Tally over_y(Visit visit) {
    return over_members(false, visit);
  }
  // The same for the members of Y \ Z.
  template <class Visit>
  Tally over_y_outside_z(Visit visit) {
    return over_members(true, visit);
  }
  template <class Visit>
  Tally over_members(bool outside_z, Visit& visit) {
    Tally total;
#pragma omp parallel
    {
      SlotCursor cur(a.t.index);
      MoveList unmoves;
      Tally mine;
#pragma omp for schedule(dynamic, 8) nowait
      for (uint64_t w = 0; w < y.words(); ++w)
        for (const int bit : SetBits(y.word(w) & ~(outside_z ? z_set.word(w) : 0)))
          visit(a.global(w * 64 + uint64_t(bit)), cur, unmoves, mine);
#pragma omp critical
      total.add(mine);
    }
    return total;
  }

  // One layer of an attractor: calls visit(g, cursor, un-move list, tally) for each member of
  // the frontier in parallel (as over_y), clearing its bits (the word is the visiting thread's
  // own), then applies the updates other ranks posted here; the updates set the members they
  // reach in `next` (counted in Tally::reached), which becomes the frontier. Returns what the
  // visits and the updates gathered on this rank.
  template <class Visit, class Update>
  Tally advance(Visit visit, Update& update) {
    Tally total;
#pragma omp parallel
    {
      SlotCursor cur(a.t.index);
      MoveList unmoves;
      Tally mine;
#pragma omp for schedule(dynamic, 16) nowait
      for (uint64_t w = 0; w < frontier.words(); ++w) {
        const uint64_t bits = frontier.word(w);
        frontier.word(w) = 0;
        for (const int bit : SetBits(bits))
          visit(a.global(w * 64 + uint64_t(bit)), cur, unmoves, mine);
      }
#pragma omp critical
      total.add(mine);
    }
    total.add(a.deliver(update));
    std::swap(frontier, next);
    return total;
  }
  // Sets draw g in `next`.
  void reach(uint64_t g, Tally& t) {
    if (next.set(a.local(g))) ++t.reached;
  }

  // Adds a signed weight (the payload) to the count of draw p, the winner's or the loser's.
  void add_to_count(uint64_t p, uint16_t d, Tally&) {
    if (winner_to_move(p))
      add_count(wcount(p), int16_t(d));
    else
      add_count(a.left(p), int16_t(d));
  }
  // Adds sign * move_weight to the count of each draw that reaches draw g by an un-move; g
  // must not be in check, so those moves are of priority 2 (g loser to move) or 3. Updates for
  // other ranks wait for deliver_counts.
  void count_predecessors(SlotCursor& cur, MoveList& unmoves, uint64_t g, int sign) {
    a.load_draw(cur, g);
    Position& pos = cur.pos();
    const bool symmetric = pos.mirror_symmetric();
    const uint64_t pred_side = uint64_t(~pos.side_to_move());
    retro_pseudo_moves(pos, unmoves);
    auto update = [&](uint64_t p, uint16_t d, Tally& t) { add_to_count(p, d, t); };
    Tally unused;
    for (const Move mv : unmoves) {
      const uint64_t p = pred_side * a.n + cur.slot_with_move(mv.to, mv.from);
      a.send(p, uint16_t(int16_t(sign * unmove_weight(pos, symmetric, mv))), unused, update);
    }
  }
  void deliver_counts() {
    auto update = [&](uint64_t p, uint16_t d, Tally& t) { add_to_count(p, d, t); };
    a.deliver(update);
  }

  // Least fixpoint X for the current Y and Z, layer by layer; returns |X| and the number of
  // its members that are open_loser (stay), over all ranks. X stays inside Y (monotonicity),
  // so only members of Y enter. Layer 1 is read off the counts; layer j + 1 holds the members
  // of Y that a check into layer j puts into CPre: the winner to move at once, the loser to
  // move (its other moves good: its count is 0) when that was the last of its checks not yet
  // into X (pcount). The members of each layer are admitted after the layer's pass, each once
  // (compare-exchange), so the result is order-independent.
  //
  // `warm`: X's members only, not its layers (every member gets layer 1 or more). X is the least
  // fixpoint of an inflationary step, and Z is inside it: within a round Y shrinks towards the
  // round's greatest fixpoint, which contains the last round's (that fixpoint is monotone in
  // Z, and Z is the last round's fixpoint), and X contains Y's fixpoint as X is monotone in Y.
  // A least fixpoint iterated from below any set under it gives the same set (Knaster-Tarski:
  // the iterates stay under it and end at a pre-fixpoint). So the members of Z start in X, with
  // their checks already counted (checks_off_z, checks_z), and only the others are un-moved.
  // Nor are they visited: start_round put them into layer 1, and their share of the sizes is
  // known (z_size, z_open).
  uint64_t attractor(uint64_t& stay, bool warm) {
    const auto layer_one = [&](uint64_t g, SlotCursor&, MoveList&, Tally& t) {
      const uint16_t s = state(g);
      const bool loser_ready = !winner_to_move(g) && a.left(g) == Wdl(0);
      if (!winner_to_move(g)) pcount(g) = warm ? checks_off_z[a.draw_index(g)] : checks_of(g);
      const bool in = winner_to_move(g) ? wcount(g) != 0 || (warm && checks_into_z(g))
                                        : loser_ready && (warm ? pcount(g) == 0 : !(s & kChecks));
      set_state(g, uint16_t((s & ~kLayer) | (in ? 1 : 0)));
      t.open += open_loser(g, s);
      t.waiting += !in && loser_ready;  // losers of Y outside layer 1 that may yet enter
      if (!in) return;
      ++t.size;
      t.stay += open_loser(g, s);
      // The frontier: members of the newest layer in check.
      if ((s & kInCheck) && frontier.set(a.local(g))) ++t.reached;
    };
    Tally x = warm ? over_y_outside_z(layer_one) : over_y(layer_one);
    if (warm) {
      x.size += z_size;
      x.open += z_open;
      x.stay += z_open;
    }
    y_open = a.part.sum(x.open);
    const bool waiting = a.part.sum(x.waiting) != 0;
    x.size = a.part.sum(x.size);
    x.stay = a.part.sum(x.stay);
    bool more = a.part.any(x.reached != 0);
    for (uint16_t j = 1; more; ++j) {
      // A check of weight w into layer j from draw p of Y outside X.
      auto admit = [&](uint64_t p, uint16_t w, Tally& t) {
        uint16_t s = state(p);
        if (!(s & kInY) || (s & kLayer) != 0) return;
        if (!winner_to_move(p) && (add_count(pcount(p), -int(w)) != 0 || a.left(p) != Wdl(0)))
          return;
        if (!std::atomic_ref<uint16_t>(a.state(p))
                 .compare_exchange_strong(s, uint16_t(s | (j + 1)), std::memory_order_relaxed))
          return;
        ++t.size;
        t.stay += open_loser(p, s);
        if (s & kInCheck) reach(p, t);
      };
      const Tally layer = advance(
          [&](uint64_t g, SlotCursor& cur, MoveList& unmoves, Tally& t) {
            if (!waiting && winner_to_move(g)) return;  // preds are all losers
            a.load_draw(cur, g);
            Position& pos = cur.pos();
            const bool symmetric = pos.mirror_symmetric();
            const uint64_t pred_side = uint64_t(~pos.side_to_move());
            retro_pseudo_moves(pos, unmoves);
            for (const Move mv : unmoves)
              a.send(pred_side * a.n + cur.slot_with_move(mv.to, mv.from),
                     unmove_weight(pos, symmetric, mv), t, admit);
          },
          admit);
      const uint64_t joined = a.part.sum(layer.size);
      if (joined && j + 1 == kLayer)
        throw std::runtime_error("perpetual-check attractor deeper than the potential packing");
      x.size += joined;
      x.stay += a.part.sum(layer.stay);
      more = a.part.any(layer.reached != 0);
    }
    stay = x.stay;
    return x.size;
  }

  // Takes member g (state s) out of Y, from inside a pass over Y: g's word of y is the
  // visiting thread's own.
  void drop_from_y(uint64_t g, uint16_t s) {
    set_state(g, uint16_t(s & ~kInY));
    const uint64_t l = a.local(g);
    y.word(l / 64) &= ~(uint64_t(1) << (l % 64));
  }

  // Y := X (stay of its members open_loser). Draws leaving Y are no longer good
  // targets of the winner's quiet moves: the winner's counts lose their moves into them, or,
  // when fewer open losers stay than leave, are counted afresh from those that stay (the same
  // numbers).
  void shrink_y(uint64_t stay) {
    const bool recount = stay < y_open - stay;
    const auto leave = [&](uint64_t g, SlotCursor& cur, MoveList& unmoves, Tally&) {
      const uint16_t s = state(g);
      if (recount && winner_to_move(g)) wcount(g) = s & kSinkWon ? 1 : 0;
      if ((s & kLayer) != 0) return;
      drop_from_y(g, s);
      if (!recount && open_loser(g, s)) count_predecessors(cur, unmoves, g, -1);
    };
    // Z's members stay (they are in X): only a recount has something to do there.
    recount ? over_y(leave) : over_y_outside_z(leave);
    deliver_counts();
    if (!recount) return;
    over_y([&](uint64_t g, SlotCursor& cur, MoveList& unmoves, Tally&) {
      if (open_loser(g, state(g))) count_predecessors(cur, unmoves, g, +1);
    });
    deliver_counts();
  }

  // The first shrink of a round after a round that had one: Y := X as shrink_y makes it, the
  // winner's counts from the last round's first shrink (first_count) rather than from the
  // cornered draws', so that only the draws that came back are un-moved, not all that leave.
  void shrink_again() {
    std::copy(first_count.begin(), first_count.end(), count.begin());
    std::atomic<bool> grew{false};  // a draw left that stayed in the last round: X shrank
    over_y_outside_z([&](uint64_t g, SlotCursor& cur, MoveList& unmoves, Tally&) {
      const uint16_t s = state(g);
      const bool left_before = first_left.test(a.local(g));
      if ((s & kLayer) != 0) {
        if (left_before && open_loser(g, s)) count_predecessors(cur, unmoves, g, +1);
        return;
      }
      if (!left_before) grew.store(true, std::memory_order_relaxed);
      drop_from_y(g, s);
    });
    deliver_counts();
    if (a.part.any(grew.load()))
      throw std::logic_error("the rule stage's first X shrank from one round to the next");
  }
  // Keeps the counts and the dropped draws of a round's first shrink, for shrink_again.
  void remember_first_shrink() {
    if (!incremental) return;
    if (first_left.words() == 0) first_left = Bitmap(64 * a.draws.words());
    first_count = count;
    for (uint64_t w = 0; w < y.words(); ++w) first_left.word(w) = cornered_set.word(w) & ~y.word(w);
    have_first = true;
  }

  // A check of weight w from draw p into a member of Z.
  void check_into_z(uint64_t p, uint16_t w) {
    if (!winner_to_move(p)) {
      add_count(checks_off_z[a.draw_index(p)], -int(w));
      return;
    }
    checks_z.set(a.local(p));
  }
  // The same for every draw that reaches draw g, in check and new in Z, by an un-move; updates
  // for other ranks wait for a delivery.
  void count_checks_into_z(SlotCursor& cur, MoveList& unmoves, uint64_t g) {
    a.load_draw(cur, g);
    Position& pos = cur.pos();
    const bool symmetric = pos.mirror_symmetric();
    const uint64_t pred_side = uint64_t(~pos.side_to_move());
    retro_pseudo_moves(pos, unmoves);
    auto update = [&](uint64_t p, uint16_t w, Tally&) { check_into_z(p, w); };
    Tally unused;
    for (const Move mv : unmoves)
      a.send(pred_side * a.n + cur.slot_with_move(mv.to, mv.from),
             unmove_weight(pos, symmetric, mv), unused, update);
  }

  // Z := Y (= X) after round k: new members (Y \ Z) get their potential (k, layer); they are
  // good targets of the loser's quiet moves from now on. Returns how many joined (all ranks).
  uint64_t grow_z(unsigned k) {
    std::atomic<bool> both{false};  // a new member already won by the other game's winner
    Tally z = over_y_outside_z([&](uint64_t g, SlotCursor& cur, MoveList& unmoves, Tally& t) {
      const uint16_t s = state(g);
      set_state(g, s | kInZ);
      ++t.size;
      t.open += open_loser(g, s);
      uint16_t& potential = a.potential_of(g);
      if (potential) both.store(true, std::memory_order_relaxed);
      potential = pack_rule_potential(k, s & kLayer);
      if (winner_to_move(g) && !(s & kInCheck)) count_predecessors(cur, unmoves, g, -1);
    });
    if (a.part.any(both.load()))
      throw std::logic_error("a position won under the rule by both sides");
    deliver_counts();
    // The checks into the new members (those of round k).
    over_y_outside_z([&](uint64_t g, SlotCursor& cur, MoveList& unmoves, Tally&) {
      if (state(g) & kInCheck) count_checks_into_z(cur, unmoves, g);
    });
    auto update = [&](uint64_t p, uint16_t w, Tally&) { check_into_z(p, w); };
    a.deliver(update);
    for (uint64_t w = 0; w < y.words(); ++w) z_set.word(w) |= y.word(w);
    z_size += z.size;
    z_open += z.open;
    return a.part.sum(z.size);
  }

  // The draws where the loser cannot make quiet moves forever without leaving the draws for a
  // sink won by the winner: the winner's attractor to "the loser checks or loses", of which
  // the rest of the draws (the loser's safe set) is the complement. The loser to move joins
  // when its count (Arena::left: quiet moves into draws not in check, plus a held sink) of
  // moves out of the attractor is 0, the winner to move when it has a move into it or a won
  // sink. Every position the winner wins under the rule is cornered (from the safe set the
  // loser makes a quiet move on each of its turns: priority 3 infinitely often), so each
  // round's greatest fixpoint Y may start from the cornered draws instead of all of them
  // (docs/metrics.md). Clears the game marks of every draw on the way; uses `pending` for the
  // losers' counts. Leaves the rank's cornered draws in cornered_set.
  void cornered() {
    auto join = [&](uint64_t g, Tally& t) {
      if (cornered_set.set(a.local(g))) reach(g, t);
    };
    Tally seeds;
#pragma omp parallel
    {
      Tally mine;
#pragma omp for schedule(dynamic, 64) nowait
      for (uint64_t w = 0; w < a.draws.words(); ++w)
        for (const int bit : SetBits(a.draws.word(w))) {
          const uint64_t g = a.global(w * 64 + bit);
          const uint16_t s = uint16_t(state(g) & ~(kLayer | kInY | kInZ));
          set_state(g, s);
          const bool seed = winner_to_move(g) ? (s & kSinkWon) != 0 : a.left(g) == Wdl(0);
          if (!winner_to_move(g)) pcount(g) = uint8_t(a.left(g));
          if (seed) join(g, mine);
        }
#pragma omp critical
      seeds.add(mine);
    }
    // A move of weight w (0: a check) into the attractor from draw p.
    auto enter = [&](uint64_t p, uint16_t w, Tally& t) {
      if (winner_to_move(p) || (w != 0 && add_count(pcount(p), -int(w)) == 0)) join(p, t);
    };
    std::swap(frontier, next);  // the seeds, the first frontier
    for (bool more = a.part.any(seeds.reached != 0); more;) {
      const Tally layer = advance(
          [&](uint64_t g, SlotCursor& cur, MoveList& unmoves, Tally& t) {
            a.load_draw(cur, g);
            Position& pos = cur.pos();
            const bool symmetric = pos.mirror_symmetric();
            const bool check = state(g) & kInCheck;  // then the moves into g are checks
            const uint64_t pred_side = uint64_t(~pos.side_to_move());
            retro_pseudo_moves(pos, unmoves);
            for (const Move mv : unmoves)
              a.send(pred_side * a.n + cur.slot_with_move(mv.to, mv.from),
                     check ? 0 : unmove_weight(pos, symmetric, mv), t, enter);
          },
          enter);
      more = a.part.any(layer.reached != 0);
    }
  }

  // Y := the cornered draws: flagged kInY, out of X but for Z's members (in layer 1, as every
  // warm attractor finds them), the winner's counts set to its priority-2
  // moves into them (weighted) plus one for a won sink. Those counts depend on the cornered set
  // alone, not on Z, so they are counted through un-moves in the first round and copied back
  // from `start_count` in the others.
  void start_round() {
    for (uint64_t w = 0; w < y.words(); ++w) y.word(w) = cornered_set.word(w);
    const bool first = !start_counted;
    start_counted = true;
    if (first) filled_slots(start_count, count.size(), uint8_t(0));
    over_y([&](uint64_t g, SlotCursor&, MoveList&, Tally&) {
      const uint16_t s = state(g);
      set_state(g, uint16_t((s & ~kLayer) | kInY | (s & kInZ ? 1 : 0)));
      if (winner_to_move(g))
        wcount(g) = first ? (s & kSinkWon ? 1 : 0) : start_count[a.draw_index(g)];
    });
    if (!first) return;
    over_y([&](uint64_t g, SlotCursor& cur, MoveList& unmoves, Tally&) {
      if (open_loser(g, state(g))) count_predecessors(cur, unmoves, g, +1);
    });
    deliver_counts();
    over_y([&](uint64_t g, SlotCursor&, MoveList&, Tally&) {
      if (winner_to_move(g)) start_count[a.draw_index(g)] = wcount(g);
    });
  }

  // The moves into draws in check are checks (priority 1), not quiet: for the loser's draws
  // (the moves into draws with the winner to move), out of its count, into `checks`, flagged.
  void count_checks() {
    auto check = [&](uint64_t p, uint16_t w, Tally&) {
      add_count(a.left(p), -int(w));
      add_count(checks_of(p), int(w));
      std::atomic_ref<uint16_t>(a.state(p)).fetch_or(kChecks, std::memory_order_relaxed);
    };
    a.for_each_draw([&](uint64_t g, SlotCursor& cur, MoveList& unmoves) {
      if (!winner_to_move(g) || !(state(g) & kInCheck)) return;
      a.load_draw(cur, g);
      Position& pos = cur.pos();
      const bool symmetric = pos.mirror_symmetric();
      const uint64_t pred_side = uint64_t(~pos.side_to_move());
      retro_pseudo_moves(pos, unmoves);
      Tally unused;
      for (const Move mv : unmoves)
        a.send(pred_side * a.n + cur.slot_with_move(mv.to, mv.from),
               unmove_weight(pos, symmetric, mv), unused, check);
    });
    a.deliver(check);
  }

  // Rounds until Z is stable.
  void solve(const Progress& progress) {
    count_checks();
    checks_off_z = checks;
    cornered();
    const uint64_t start_size = a.part.sum(cornered_set.count());
    for (unsigned k = 1;; ++k) {
      start_round();
      y_size = start_size;
      bool first_shrink = true;
      while (y_size != 0) {  // greatest fixpoint Y (an empty Y is one: X stays inside Y)
        // From round 2 on, X's members are found from Z up (attractor's `warm`); the potentials
        // need the layers of the last X, computed afresh once Y is the fixpoint.
        uint64_t stay;
        const uint64_t x_size = attractor(stay, k > 1);
        if (x_size == y_size) {
          if (k > 1 && attractor(stay, false) != y_size)
            throw std::logic_error("the rule stage's warm attractor differs from the layered one");
          break;
        }
        if (first_shrink) {
          have_first ? shrink_again() : shrink_y(stay);
          remember_first_shrink();
        } else {
          shrink_y(stay);
        }
        first_shrink = false;
        y_size = x_size;
      }
      if (first_shrink) have_first = false;  // X was the cornered draws: nothing to start from
      const uint64_t added = grow_z(k);
      progress(winner == Red ? "check rule (Red)" : "check rule (Black)", int(k));
      if (!added) return;
      if (k + 1 >= 64)
        throw std::runtime_error("perpetual-check rounds exceed the potential packing");
    }
  }
};

// A side none of whose pieces can ever give check (only king, advisors, elephants) never
// checks perpetually, here or in any sub-table: the other side wins nothing by the rule.
bool can_check(const Material& m, Color c) {
  return m.count[c][Rook] + m.count[c][Horse] + m.count[c][Cannon] + m.count[c][Pawn] != 0;
}

}  // namespace

void solve_check_rule(SolvedTable& table, const Progress& progress, bool targets_held) {
  SerialPartition whole;
  solve_check_rule(table, progress, whole, targets_held);
}

void solve_check_rule(SolvedTable& table, const Progress& progress, Partition& part,
                      bool targets_held) {
  if (!table.draw_hints) throw std::logic_error("the rule stage needs solve_plain's draw hints");
  table.draw_hints = false;
  Arena arena(table, part);
  const bool game[2] = {can_check(table.material, Black), can_check(table.material, Red)};
  if (game[Red] || game[Black]) arena.prepare();
  // Each game reads and writes the counts (Arena::left) of its loser's draws only, so the other
  // game's start as prepare left them. The last game's Z keeps its flag kInZ (every game's
  // cornered clears the earlier one's): it tells the two winners' potentials apart.
  Color last = Red;
  for (Color winner : {Red, Black}) {
    if (!game[winner]) continue;
    CheckRuleGame g(arena, winner, !targets_held);
    g.solve(progress);
    last = winner;
  }
  arena.for_each_draw([&](uint64_t g, SlotCursor&, MoveList&) {
    const uint16_t potential = arena.potential_of(g);
    const Color winner = arena.state(g) & kInZ ? last : ~last;
    arena.left(g) = !potential                   ? Wdl::Draw
                    : arena.side_of(g) == winner ? Wdl::RuleWin
                                                 : Wdl::RuleLoss;
    arena.state(g) = potential;
  });
}

}  // namespace xq::gen
