#!/usr/bin/env bash
# A single-host Slurm cluster for tests and trials: munged, slurmctld and slurmd on this machine,
# all state (keys, sockets, spool, logs, slurm.conf) in one directory, nothing in /etc touched.
# Usage: scripts/cluster/slurm-local.sh start STATE_DIR   (prints `export SLURM_CONF=...`)
#        scripts/cluster/slurm-local.sh stop STATE_DIR
# Needs root (the daemons run as root) and Debian's slurm-wlm and munge (scripts/setup.sh).
set -euo pipefail

cmd=${1:?usage: slurm-local.sh start|stop STATE_DIR}
state=$(realpath -m "${2:?usage: slurm-local.sh start|stop STATE_DIR}")
conf=$state/slurm.conf

stop() {
  for pidfile in "$state"/slurmd.pid "$state"/slurmctld.pid "$state"/munged.pid; do
    [ -f "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
    rm -f "$pidfile"
  done
}

wait_for() {  # wait_for SECONDS DESCRIPTION COMMAND...
  local limit=$1 what=$2
  shift 2
  for _ in $(seq $((limit * 10))); do
    "$@" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "slurm-local: $what did not come up within $limit s; logs in $state" >&2
  tail -n 5 "$state"/*.log >&2 || true
  return 1
}

case "$cmd" in
  stop)
    stop
    exit 0
    ;;
  start) ;;
  *)
    echo "slurm-local: unknown command $cmd (start|stop)" >&2
    exit 2
    ;;
esac

[ "$(id -u)" -eq 0 ] || { echo "slurm-local: must run as root" >&2; exit 1; }
for tool in munged slurmctld slurmd sinfo; do
  command -v "$tool" >/dev/null || { echo "slurm-local: $tool not found (scripts/setup.sh)" >&2; exit 1; }
done
stop  # a previous run's daemons in the same directory
mkdir -p "$state"/munge "$state"/ctld "$state"/spool
chmod 700 "$state"/munge

# munge: a key of our own and a private socket, so a system munged (if any) is left alone.
[ -f "$state"/munge/munge.key ] || dd if=/dev/urandom of="$state"/munge/munge.key bs=1024 count=1 2>/dev/null
chmod 400 "$state"/munge/munge.key
munged --force --socket="$state"/munge/socket --key-file="$state"/munge/munge.key \
  --pid-file="$state"/munged.pid --log-file="$state"/munged.log --seed-file="$state"/munge/seed

host=$(hostname -s)
cpus=$(nproc)
mem_mib=$(awk '/MemTotal/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)
# Ports: Slurm's defaults plus an offset, so that a system Slurm on this machine keeps its own.
cat >"$conf" <<CONF
ClusterName=xqtb-local
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$state/munge/socket
CredType=cred/munge
SlurmctldPort=16817
SlurmdPort=16818
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
SlurmdTimeout=60
InactiveLimit=0
KillWait=5
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem_mib State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

export SLURM_CONF=$conf
slurmctld -f "$conf"
wait_for 30 slurmctld scontrol ping
slurmd -f "$conf"
wait_for 30 "the node" bash -c "sinfo -h -o %t | grep -qE '^(idle|mix|alloc)'"
echo "export SLURM_CONF=$conf"
