#include "generator/slurm_workflow.hpp"

#include <sstream>
#include <stdexcept>

#include "core/table_names.hpp"
#include "generator/generate.hpp"

namespace xq::gen {

namespace {

// Single-quoted for bash (a quote inside becomes '\'').
std::string quoted(const std::string& s) {
  std::string out = "'";
  for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Whether s holds a control character (a newline would end the script's comment lines, and
// the jobs' command lines are quoted for sh, which has no escape for them).
bool has_control(const std::string& s) {
  for (const char c : s)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return true;
  return false;
}

// The script's fixed part: settings, then submit(), which every table's line calls.
constexpr const char* kSubmitFunction = R"sh(mkdir -p "$dir/logs"
declare -A job
submitted=0 reused=0 present=0

# sh_quote STRING: STRING single-quoted for sh, which runs the jobs' --wrap command lines.
sh_quote() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }

# submit MATERIAL CPUS MEMORY_MIB TABLE_FILE [SUB-TABLE...]: a job for the table unless its file
# is there or a job of this workflow (same name, same directory) is queued or running for it.
submit() {
  local material=$1 cpus=$2 memory=$3 file=$4 deps="" sub id
  shift 4
  job[$material]=""
  if [ -e "$file" ]; then
    present=$((present + 1))
    return
  fi
  id=$(squeue --noheader --name="xqtb-$material" --format='%i|%k' \
         --states=PENDING,CONFIGURING,RUNNING,COMPLETING |
       dir=$dir awk -F'|' '$2 == ENVIRON["dir"] { print $1; exit }')
  if [ -n "$id" ]; then
    echo "$material: job $id already queued or running"
    job[$material]=$id
    reused=$((reused + 1))
    return
  fi
  for sub in "$@"; do
    [ -n "${job[$sub]:-}" ] && deps="$deps:${job[$sub]}"
  done
  id=$(sbatch --parsable --job-name="xqtb-$material" --comment="$dir" \
         --cpus-per-task="$cpus" --mem="${memory}M" --kill-on-invalid-dep=yes \
         ${deps:+--dependency=afterok$deps} --output="$dir/logs/$material.%j.log" \
         --wrap="exec $(sh_quote "$xqtb") gen $material --only --dir $(sh_quote "$dir") --rules $rules --threads $cpus")
  id=${id%%;*}
  echo "$material: job $id${deps:+ after${deps//:/ }}"
  job[$material]=$id
  submitted=$((submitted + 1))
}

)sh";

}  // namespace

uint64_t slurm_memory_mib(const Material& m, RuleSet rules) {
  const uint64_t mib = 1 << 20;
  return (memory_estimate(m, 1, 0, rules) * 5 / 4 + mib - 1) / mib + 64;
}

std::string slurm_workflow(const std::vector<Material>& order, const SlurmOptions& o) {
  if (has_control(o.dir))
    throw std::invalid_argument(
        "--dir: a directory name with a control character (newline, "
        "tab...) cannot go into a Slurm script");
  if (has_control(o.xqtb))
    throw std::invalid_argument(
        "the xqtb binary's path has a control character: it cannot go "
        "into a Slurm script");
  std::ostringstream s;
  s << "#!/usr/bin/env bash\n"
    << "# xqtb workflow: " << order.size() << " tables into " << o.dir << ", one Slurm job per\n"
    << "# table, each held until the jobs of the tables it captures into have succeeded.\n"
    << "# Made by: " << o.command_line << "\n"
    << "# Run it where sbatch works; run it again after a failed or cancelled job: tables in the\n"
    << "# directory get no job, this workflow's queued or running jobs are reused, and each job\n"
    << "# locks its table, so nothing is built twice. Partition, account, time limit: sbatch's\n"
    << "# environment (SBATCH_PARTITION, SBATCH_ACCOUNT, SBATCH_TIMELIMIT, ...).\n"
    << "set -euo pipefail\n"
    << "xqtb=" << quoted(o.xqtb) << "\n"
    << "dir=" << quoted(o.dir) << "\n"
    << "rules=" << rule_set_name(o.rules) << "\n"
    << kSubmitFunction;
  for (const Material& m : order) {
    s << "submit " << m.name() << " " << o.threads << " " << slurm_memory_mib(m, o.rules) << " "
      << quoted(table_path(o.dir, m, TableKind::Wdl, o.rules));
    for (const Material& sub : capture_targets(m))
      if (sub != m) s << " " << sub.name();
    s << "\n";
  }
  s << "echo \"xqtb workflow: $submitted jobs submitted, $reused reused, $present tables "
       "present\"\n";
  return s.str();
}

}  // namespace xq::gen
