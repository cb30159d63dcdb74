#include "core/one_ply.hpp"

namespace xq {

uint16_t read_distance(const Index& index, const TableFile& wdl, const TableFile& file, int side,
                       uint64_t slot, Wdl w) {
  const auto entry = uint16_t(file.get(side, slot));
  const TableKind kind = file.header().kind;
  if (entry != 0 || side != file.header().omitted_side || !omissible(kind, w)) return entry;
  Position pos;
  index.decode(slot, pos);
  pos.set_side_to_move(Color(side));
  MoveList moves;
  const auto d = rebuild_distance(
      kind, pos, w, moves,
      [&](Move m) {
        const uint64_t s = index.encode(pos.after(m));
        return Successor{Wdl(wdl.get(1 - side, s)), s};
      },
      [&](uint64_t s) { return uint16_t(file.get(1 - side, s)); });
  if (!d) throw TableError(file.path(), "an omitted distance has no move that rebuilds it");
  return *d;
}

}  // namespace xq
