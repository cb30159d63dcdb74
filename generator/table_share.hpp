// Moving a table built over MPI ranks between its shares and a whole copy on every rank: the
// rule stage is not partitioned yet (docs/generation.md), so it runs on the whole table.
#pragma once

#include "generator/partition.hpp"
#include "generator/solved_table.hpp"

namespace xq::gen {

// The share of t's slots that `part`'s rank owns (ShareMap(n, ranks, share_alignment())).
Share rank_share(const SolvedTable& t, const Partition& part);

// Collective: every rank's share of t (its arrays) becomes the whole table on every rank.
void gather_whole(SolvedTable& t, Partition& part);

// Drops every slot of a whole table outside `share`.
void keep_share(SolvedTable& t, const Share& share);

}  // namespace xq::gen
