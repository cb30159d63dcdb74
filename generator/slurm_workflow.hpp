// A Slurm workflow for a generation plan: a bash script that submits one batch job per table,
// each held until the jobs of the tables it captures into have succeeded (docs/generation.md
// "On clusters").
#pragma once

#include <string>
#include <vector>

#include "core/material.hpp"
#include "core/values.hpp"

namespace xq::gen {

struct SlurmOptions {
  std::string xqtb;  // absolute path of the xqtb binary the jobs run
  std::string dir;   // absolute path of the shared table directory
  RuleSet rules = RuleSet::Check;
  int threads = 1;           // CPUs per job (`--cpus-per-task`, `gen --threads`)
  std::string command_line;  // how the script was made, quoted in its header
};

// Memory to ask of Slurm for a job building m under `rules`: memory_estimate with a quarter's
// margin and the process's own 64 MiB (binary, OpenMP, writer buffers), in MiB. The rule set
// matters: the chase stages keep the sub-tables beside the rule stage's arrays.
uint64_t slurm_memory_mib(const Material& m, RuleSet rules);

// The script for the tables of `order` (a plan: every table after those it captures into).
std::string slurm_workflow(const std::vector<Material>& order, const SlurmOptions& o);

}  // namespace xq::gen
