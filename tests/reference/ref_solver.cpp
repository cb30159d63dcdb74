#include "ref_solver.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <stdexcept>
#include <utility>

#include "reference/flat_index.hpp"
#include "reference/parity_game.hpp"

namespace xq::ref {

namespace {

// Points a piece kind may stand on (docs/rules.md "Movement"), from Red's side: (file, rank).
constexpr std::array<std::pair<int, int>, 5> kAdvisorPoints{
    {{3, 0}, {5, 0}, {4, 1}, {3, 2}, {5, 2}}};
constexpr std::array<std::pair<int, int>, 7> kElephantPoints{
    {{2, 0}, {6, 0}, {0, 2}, {4, 2}, {8, 2}, {2, 4}, {6, 4}}};

bool may_stand(Color c, PieceType t, Square s) {
  const int f = file_of(s), r = c == Red ? rank_of(s) : 9 - rank_of(s);  // own-side rank
  const auto on = [&](const auto& points) {
    return std::find(points.begin(), points.end(), std::pair{f, r}) != points.end();
  };
  switch (t) {
    case King:
      return f >= 3 && f <= 5 && r <= 2;
    case Advisor:
      return on(kAdvisorPoints);
    case Elephant:
      return on(kElephantPoints);
    case Pawn:
      return r >= 5 || (r >= 3 && f % 2 == 0);
    default:
      return true;
  }
}

// Node key: for each occupied point in increasing order a digit (point << 4 | piece, 1..1438)
// in base kRadix, then the side to move as the lowest bit. Digits are never 0 (a piece is
// 1..15), so the key is unique across materials; 6 pieces stay below 2 * 1439^6 < 2^64.
constexpr uint64_t kRadix = 89 * 16 + 15;
static_assert(RefSolver::kMaxPieces <= 6, "keys of more pieces overflow 64 bits");

uint64_t encode(const Position& pos) {
  uint64_t k = 0;
  for (Square s = 0; s < kSquares; ++s)
    if (Piece p = pos.at(s)) k = k * kRadix + (uint64_t(s) << 4 | p);
  return k << 1 | pos.side_to_move();
}

// Calls f(point, piece) for each piece of the key, in decreasing point order.
template <class F>
void for_each_piece(uint64_t key, F f) {
  for (key >>= 1; key; key /= kRadix) f(uint32_t(key % kRadix >> 4), Piece(key % kRadix & 15));
}

Position decode(uint64_t k) {
  Position pos;
  pos.set_side_to_move(Color(k & 1));
  for_each_piece(k, [&](uint32_t s, Piece p) { pos.put(Square(s), p); });
  return pos;
}

// Key after a move: the piece on m.from goes to m.to (replacing any piece there), sides swap.
uint64_t key_after(uint64_t key, Move m) {
  std::array<uint32_t, RefSolver::kMaxPieces> digits{};
  int n = 0;
  for_each_piece(key, [&](uint32_t s, Piece p) {
    if (s == m.from)
      digits[n++] = uint32_t(m.to) << 4 | p;
    else if (s != m.to)
      digits[n++] = s << 4 | p;
  });
  for (int i = 1; i < n; ++i)  // ascending points
    for (int j = i; j > 0 && digits[j - 1] > digits[j]; --j) std::swap(digits[j - 1], digits[j]);
  uint64_t k = 0;
  for (int i = 0; i < n; ++i) k = k * kRadix + digits[i];
  return k << 1 | ~Color(key & 1);
}

std::string iccs(Square s) {
  return {char('a' + file_of(s)), char('0' + rank_of(s))};
}

RefMaterial material_of_key(uint64_t k) {
  RefMaterial m;
  for_each_piece(k, [&](uint32_t, Piece p) { ++m.count[color_of(p)][type_of(p)]; });
  return m;
}

int piece_count(const Position& pos) {
  int n = 0;
  for (Square s = 0; s < kSquares; ++s) n += pos.at(s) != kNoPiece;
  return n;
}

// The material followed by every material reachable from it by captures.
std::vector<RefMaterial> closure(const RefMaterial& m) {
  std::vector<RefMaterial> out{m};
  std::set<RefMaterial> seen{m};
  for (size_t i = 0; i < out.size(); ++i) {
    for (int c = 0; c < 2; ++c) {
      for (int t = Advisor; t < kPieceTypes; ++t) {
        RefMaterial sub = out[i];
        if (sub.count[c][t] == 0) continue;
        --sub.count[c][t];
        if (seen.insert(sub).second) out.push_back(sub);
      }
    }
  }
  return out;
}

// Appends the key of every legal position of m, both sides to move. Identical pieces are placed
// in increasing domain order (combinations).
void enumerate(const RefMaterial& m, std::vector<uint64_t>& out) {
  struct Slot {
    Piece piece;
    std::vector<Square> domain;
  };
  std::vector<Slot> slots;
  for (int c = 0; c < 2; ++c) {
    for (int t = 0; t < kPieceTypes; ++t) {
      for (int n = 0; n < m.count[c][t]; ++n) {
        Slot slot{make_piece(Color(c), PieceType(t)), {}};
        for (Square s = 0; s < kSquares; ++s)
          if (may_stand(Color(c), PieceType(t), s)) slot.domain.push_back(s);
        slots.push_back(std::move(slot));
      }
    }
  }
  Position pos;
  std::vector<size_t> chosen(slots.size());
  const auto place = [&](const auto& self, size_t j) -> void {
    if (j == slots.size()) {
      for (Color c : {Red, Black}) {
        pos.set_side_to_move(c);
        if (pos.legality_error().empty()) out.push_back(encode(pos));
      }
      return;
    }
    const bool same = j > 0 && slots[j - 1].piece == slots[j].piece;
    for (size_t d = same ? chosen[j - 1] + 1 : 0; d < slots[j].domain.size(); ++d) {
      const Square s = slots[j].domain[d];
      if (pos.at(s) != kNoPiece) continue;
      chosen[j] = d;
      pos.put(s, slots[j].piece);
      self(self, j + 1);
      pos.clear(s);
    }
  };
  place(place, 0);
}

}  // namespace

RefMaterial RefMaterial::parse(std::string_view text) {
  RefMaterial m;
  int side = -1;
  for (char ch : text) {
    PieceType t;
    switch (std::toupper(static_cast<unsigned char>(ch))) {
      case 'K':
        t = King;
        break;
      case 'A':
        t = Advisor;
        break;
      case 'B':
      case 'E':
        t = Elephant;
        break;
      case 'N':
      case 'H':
        t = Horse;
        break;
      case 'R':
        t = Rook;
        break;
      case 'C':
        t = Cannon;
        break;
      case 'P':
        t = Pawn;
        break;
      default:
        throw std::invalid_argument("bad material letter in '" + std::string(text) + "'");
    }
    if (t == King && ++side > 1)
      throw std::invalid_argument("more than two kings in '" + std::string(text) + "'");
    if (side < 0)
      throw std::invalid_argument("material must start with K: '" + std::string(text) + "'");
    ++m.count[side][t];
  }
  if (side != 1)
    throw std::invalid_argument("material needs two kings: '" + std::string(text) + "'");
  for (const auto& c : m.count)
    for (int t = Advisor; t < kPieceTypes; ++t)
      if (c[t] > (t == Pawn ? 5 : 2))
        throw std::invalid_argument("too many pieces in '" + std::string(text) + "'");
  return m;
}

std::string RefMaterial::name() const {
  std::string s;
  for (int c = 0; c < 2; ++c) {
    s += 'K';
    for (auto [t, letter] : {std::pair{Rook, 'R'},
                             {Horse, 'N'},
                             {Cannon, 'C'},
                             {Pawn, 'P'},
                             {Advisor, 'A'},
                             {Elephant, 'B'}})
      s.append(size_t(count[c][t]), letter);
  }
  return s;
}

int RefMaterial::pieces() const {
  int n = 0;
  for (const auto& c : count)
    for (int k : c) n += k;
  return n;
}

RefSolver::RefSolver(std::string_view material, int limit_plies, bool keep_graph) {
  const RefMaterial m = RefMaterial::parse(material);
  if (m.pieces() > kMaxPieces)
    throw std::invalid_argument("reference solver takes at most " + std::to_string(kMaxPieces) +
                                " pieces: " + m.name());
  materials_ = closure(m);
  for (const RefMaterial& sub : materials_) enumerate(sub, keys_);
  std::sort(keys_.begin(), keys_.end());
  build_graph();
  solve_plain();
  solve_rule();
  solve_limit(limit_plies);
  if (keep_graph) return;
  offset_ = {};
  succ_ = {};
}

// Vertices 0..n-1 are the positions (keys_ order); n + c is a sink won by colour c, with a
// self-loop. A position without legal moves has the single edge to the sink won by its opponent.
void RefSolver::build_graph() {
  const size_t n = keys_.size();
  FlatIndex index(n);
  for (uint32_t i = 0; i < n; ++i) index.insert(keys_[i], i);
  checked_.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const Position pos = decode(keys_[i]);
    checked_[i] = pos.in_check(pos.side_to_move());
  }
  offset_.assign(n + 3, 0);
  for (size_t i = 0; i < n; ++i) {
    const Position pos = decode(keys_[i]);
    const MoveList moves = pos.legal_moves();
    if (moves.size == 0) succ_.push_back(uint32_t(n + ~pos.side_to_move()));
    std::array<uint64_t, MoveList::kCapacity> after;
    for (int j = 0; j < moves.size; ++j) {
      after[j] = key_after(keys_[i], moves[j]);
      index.prefetch(after[j]);
    }
    for (int j = 0; j < moves.size; ++j) {
      // The edge's check flag must agree with the target (side to move in check there): it is
      // then a property of the target, which lets the parity game put it on the vertex.
      const Move m = moves[j];
      const uint64_t k = after[j];
      const uint32_t t = index.find(k);
      if (t == FlatIndex::kMissing || pos.gives_check(m) != bool(checked_[t]))
        throw std::logic_error(
            (t == FlatIndex::kMissing ? "move leads to an illegal position: "
                                      : "gives_check disagrees with in_check: ") +
            pos.fen() + " move " + iccs(m.from) + iccs(m.to) + " -> " + decode(k).fen());
      succ_.push_back(t);
    }
    offset_[i + 1] = uint32_t(succ_.size());
  }
  for (uint32_t sink = uint32_t(n); sink < n + 2; ++sink) {
    succ_.push_back(sink);
    offset_[sink + 1] = uint32_t(succ_.size());
  }
}

// Stage 0: no legal move = loss in 0. Stage k odd: undecided positions with a move to a loss in
// k-1 are wins in k. Stage k even: undecided positions all of whose moves reach wins are losses
// in k (their longest win is then k-1, else they would be decided earlier). The first stage
// that decides nothing ends the iteration; the rest are draws.
void RefSolver::solve_plain() {
  const size_t n = keys_.size();
  plain_.assign(n, int8_t(Wdl::Draw));
  dtm_.assign(n, -1);
  const auto terminal = [&](size_t i) { return succ_[offset_[i]] >= n; };
  for (size_t i = 0; i < n; ++i) {
    if (terminal(i)) {
      plain_[i] = int8_t(Wdl::Loss);
      dtm_[i] = 0;
    }
  }
  for (int k = 1;; ++k) {
    std::vector<uint32_t> fresh;
    for (uint32_t i = 0; i < n; ++i) {
      if (dtm_[i] >= 0) continue;
      const auto first = succ_.begin() + offset_[i], last = succ_.begin() + offset_[i + 1];
      const bool hit =
          k % 2 == 1 ? std::any_of(first, last,
                                   [&](uint32_t s) {
                                     return dtm_[s] == k - 1 && plain_[s] == int8_t(Wdl::Loss);
                                   })
                     : std::all_of(first, last, [&](uint32_t s) {
                         return s < n && dtm_[s] >= 0 && plain_[s] == int8_t(Wdl::Win);
                       });
      if (hit) fresh.push_back(i);
    }
    if (fresh.empty()) break;
    for (uint32_t i : fresh) {
      plain_[i] = int8_t(k % 2 == 1 ? Wdl::Win : Wdl::Loss);
      dtm_[i] = int16_t(k);
    }
  }
}

// The parity game of docs/rules.md "What the tables compute", once with Red and once with Black as
// the would-be winner W (player 0). Priorities sit on moves: 1 = any check, 2 = a quiet move by
// W, 3 = a quiet move by the opponent. Every move into a position has the same priority (it is a
// check exactly when the side to move there is in check, verified in build_graph, and its mover
// is the opponent of that side), so the textbook split of each move by a vertex carrying its
// priority merges into the target vertex: the priorities seen infinitely often are the same.
// Sinks: the one won by W has priority 2, the other 3.
void RefSolver::solve_rule() {
  const size_t n = keys_.size(), vertices = n + 2;
  std::vector<uint32_t> pred_offset, pred;
  build_predecessors(vertices, offset_, succ_, pred_offset, pred);
  std::array<std::vector<uint8_t>, 2> wins;  // wins[c][v]: colour c wins the game where it is W
  for (Color w : {Red, Black}) {
    std::vector<uint8_t> priority(vertices), owner(vertices, 0);
    for (size_t v = 0; v < n; ++v) {
      const Color stm = Color(keys_[v] & 1);
      owner[v] = stm != w;
      priority[v] = checked_[v] ? 1 : ~stm == w ? 2 : 3;
    }
    priority[n + w] = 2;
    priority[n + ~w] = 3;
    std::vector<uint8_t> winner =
        ParityGame(offset_, succ_, pred_offset, pred, std::move(priority), std::move(owner))
            .solve();
    for (uint8_t& x : winner) x = x == 0;
    wins[w] = std::move(winner);
  }
  rule_.assign(n, int8_t(Wdl::Draw));
  for (size_t v = 0; v < n; ++v) {
    const Color stm = Color(keys_[v] & 1);
    if (wins[stm][v] && wins[~stm][v])
      throw std::logic_error("both sides win under the rule: " + decode(keys_[v]).fen());
    if (wins[stm][v]) rule_[v] = int8_t(Wdl::Win);
    if (wins[~stm][v]) rule_[v] = int8_t(Wdl::Loss);
  }
}

// A state is a position and the plies r left before the natural limit (r = 120 - the plies since
// the last capture). Lost with r left: no legal move (r = 0 allowed: a mate on the 120th ply
// counts), or r >= 1 and every move either captures into a position `converts` calls won for
// its side to move, or is quiet and reaches a position won with r - 1 left. Won with r left:
// r >= 1 and some move captures into a position lost for its side to move, or reaches one lost
// with r - 1 left. Both are monotone in r, so each node keeps the least r. Quiet moves stay in
// the level; captures leave it for a level already solved. Only plain wins and losses are
// examined: a conversion with any number of plies left is a forced value.
template <class Converts>
void RefSolver::solve_counter(int pieces, int cap, std::vector<int16_t>& win_at,
                              std::vector<int16_t>& loss_at, Converts converts) const {
  const size_t n = keys_.size();
  std::vector<uint32_t> nodes;
  for (uint32_t i = 0; i < n; ++i)
    if (pieces_[i] == pieces && plain_[i] != int8_t(Wdl::Draw)) nodes.push_back(i);
  for (int r = 0; r <= cap; ++r) {
    bool any = false;
    for (const uint32_t i : nodes) {
      if (win_at[i] >= 0 || loss_at[i] >= 0) continue;
      const auto first = succ_.begin() + offset_[i], last = succ_.begin() + offset_[i + 1];
      if (*first >= n) {  // no legal move
        loss_at[i] = int16_t(r);
        any = true;
        continue;
      }
      if (r == 0) continue;
      const auto quiet = [&](uint32_t s) { return pieces_[s] == pieces; };
      const auto within = [&](int16_t at) { return at >= 0 && at <= r - 1; };
      if (std::any_of(first, last, [&](uint32_t s) {
            return quiet(s) ? within(loss_at[s]) : converts(s, false);
          })) {
        win_at[i] = int16_t(r);
        any = true;
      } else if (std::all_of(first, last, [&](uint32_t s) {
                   return quiet(s) ? within(win_at[s]) : converts(s, true);
                 })) {
        loss_at[i] = int16_t(r);
        any = true;
      }
    }
    if (!any && r >= 1) break;  // r + 1 would read the same values as r
  }
}

// Within the limit, a capture converts into a sub-table position won or lost within it (the
// capture resets the counter: 120 plies left); without it, into any plain win or loss.
void RefSolver::solve_limit(int limit_plies) {
  const size_t n = keys_.size();
  pieces_.resize(n);
  for (size_t i = 0; i < n; ++i) pieces_[i] = uint8_t(material_of_key(keys_[i]).pieces());
  std::vector<int16_t> lim_win(n, -1), lim_loss(n, -1), win(n, -1), loss(n, -1);
  for (int pieces = 2; pieces <= kMaxPieces; ++pieces) {
    solve_counter(pieces, limit_plies, lim_win, lim_loss,
                  [&](uint32_t s, bool won) { return (won ? lim_win[s] : lim_loss[s]) >= 0; });
    solve_counter(pieces, 1 << 14, win, loss, [&](uint32_t s, bool won) {
      return plain_[s] == int8_t(won ? Wdl::Win : Wdl::Loss);
    });
  }
  limited_.assign(n, -1);
  unlimited_.assign(n, -1);
  for (size_t i = 0; i < n; ++i) {
    const bool plain_win = plain_[i] == int8_t(Wdl::Win);
    if ((lim_win[i] >= 0 && !plain_win) || (lim_loss[i] >= 0 && plain_[i] != int8_t(Wdl::Loss)))
      throw std::logic_error("a conversion within the limit of a plain draw: " +
                             decode(keys_[i]).fen());
    limited_[i] = plain_win ? lim_win[i] : lim_loss[i];
    unlimited_[i] = plain_win ? win[i] : loss[i];
    if (plain_[i] != int8_t(Wdl::Draw) && unlimited_[i] < 0)
      throw std::logic_error("a plain win or loss without a conversion: " + decode(keys_[i]).fen());
  }
}

Position RefSolver::position(size_t i) const {
  return decode(keys_[i]);
}

RefValue RefSolver::value(size_t i) const {
  const bool within = limited_[i] >= 0;
  return {Wdl(plain_[i]),        dtm_[i], Wdl(rule_[i]),
          rule_[i] != plain_[i], within,  within ? limited_[i] : unlimited_[i]};
}

std::span<const uint32_t> RefSolver::successors(size_t i) const {
  if (offset_.empty()) throw std::logic_error("reference solver: the graph was not kept");
  if (succ_[offset_[i]] >= keys_.size()) return {};  // the edge to a sink
  return {succ_.data() + offset_[i], succ_.data() + offset_[i + 1]};
}

std::optional<size_t> RefSolver::index(const Position& pos) const {
  if (piece_count(pos) > kMaxPieces) return std::nullopt;
  const uint64_t k = encode(pos);
  const auto it = std::lower_bound(keys_.begin(), keys_.end(), k);
  if (it == keys_.end() || *it != k) return std::nullopt;
  return size_t(it - keys_.begin());
}

bool RefSolver::checked(size_t i) const {
  return checked_[i] != 0;
}

RefMaterial RefSolver::material(size_t i) const {
  return material_of_key(keys_[i]);
}

std::optional<RefValue> RefSolver::probe(const Position& pos) const {
  const std::optional<size_t> i = index(pos);
  if (!i) return std::nullopt;
  return value(*i);
}

RefCounts RefSolver::counts(std::string_view material) const {
  const RefMaterial m = RefMaterial::parse(material);
  if (std::find(materials_.begin(), materials_.end(), m) == materials_.end())
    throw std::invalid_argument("material not solved here: " + m.name());
  RefCounts out;
  for (size_t i = 0; i < keys_.size(); ++i) {
    if (!(material_of_key(keys_[i]) == m)) continue;
    const int stm = int(keys_[i] & 1);
    ++out.legal[stm];
    ++out.plain[stm][1 - plain_[i]];
    ++out.rule[stm][1 - rule_[i]];
    out.max_dtm = std::max(out.max_dtm, int(dtm_[i]));
  }
  return out;
}

}  // namespace xq::ref
