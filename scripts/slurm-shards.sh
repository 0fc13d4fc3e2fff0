#!/usr/bin/env bash
# Runs docs/scaling.md's Slurm recipe on this machine: starts a single-node
# Slurm (Debian's slurm-wlm, installed if missing; needs root), submits an
# array job of 4 tasks, each `m5 explore --shard "$SLURM_ARRAY_TASK_ID/4"
# --json`, waits for it, and merges the 4 results with `m5 merge`. Stops
# the daemons it started. Not part of the test suite.
#
# usage: scripts/slurm-shards.sh [M5] [-- EXPLORE ARGS...]
#   M5           the m5 binary (default: target/release/m5)
#   EXPLORE ARGS what to search (default: the finite Apprentice 3 x 3)
# Exit code: m5 merge's (0 ok, 1 violation, 3 incomplete), 2 if Slurm or a
# shard failed.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
m5=$(realpath "${1:-$here/target/release/m5}")
shift || true
[ "${1:-}" = "--" ] && shift
if [ $# -eq 0 ]; then
	set -- --classpath "$here/classfiles/finite-apprentice" FiniteApprentice 3 3
fi
shards=4

if ! command -v slurmctld >/dev/null; then
	echo "== installing slurm-wlm"
	DEBIAN_FRONTEND=noninteractive apt-get install -y slurm-wlm >/dev/null
fi

work=$(mktemp -d /tmp/m5-slurm.XXXXXX)
mkdir -p "$work/state" "$work/spool" "$work/results"
node=$(hostname -s)
cpus=$(nproc)
memory=$(awk '/MemTotal/ { print int($2 / 1024 * 0.8) }' /proc/meminfo)
export SLURM_CONF=$work/slurm.conf
# No cgroups (a container may not delegate them): Linux process tracking,
# no task plugin; consumable cores, so array tasks share the node.
cat >"$SLURM_CONF" <<EOF
ClusterName=m5
SlurmctldHost=$node
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
NodeName=$node CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=debug Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF

started=()
stop() {
	scontrol shutdown >/dev/null 2>&1 || true
	sleep 1
	for pid in "${started[@]}"; do
		kill "$pid" 2>/dev/null || true
	done
}
trap stop EXIT

echo "== munge"
if ! munge -n </dev/null >/dev/null 2>&1; then
	if [ ! -s /etc/munge/munge.key ]; then
		mungekey --create --keyfile=/etc/munge/munge.key 2>/dev/null ||
			dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 2>/dev/null
		chown munge:munge /etc/munge/munge.key
		chmod 400 /etc/munge/munge.key
	fi
	mkdir -p /run/munge && chown munge:munge /run/munge
	runuser -u munge -- /usr/sbin/munged
	started+=("$(cat /run/munge/munged.pid)")
fi
munge -n </dev/null | unmunge >/dev/null
echo "== slurmctld and slurmd on $node ($cpus CPUs)"
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
for d in slurmctld slurmd; do
	# (The daemon writes its pid file just after it detaches.)
	for _ in $(seq 50); do [ -s "$work/$d.pid" ] && break; sleep 0.1; done
	started+=("$(cat "$work/$d.pid")")
done
for _ in $(seq 30); do
	sinfo -h -N -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)' && break
	sleep 1
done
sinfo

# The recipe of docs/scaling.md: one array task per shard.
cat >"$work/shard.sbatch" <<EOF
#!/bin/bash
#SBATCH --job-name=m5-shards
#SBATCH --array=0-$((shards - 1))
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=1
#SBATCH --output=$work/results/shard-%a.log
"$m5" explore --shard "\$SLURM_ARRAY_TASK_ID/$shards" --json $(printf '%q ' "$@") > "$work/results/shard-\$SLURM_ARRAY_TASK_ID.json"
code=\$?
# 0 ok in its part, 1 violation, 3 incomplete: a result either way.
case \$code in 0|1|3) exit 0 ;; *) exit \$code ;; esac
EOF
echo "== sbatch --wait (array of $shards tasks)"
sbatch --wait "$work/shard.sbatch" || {
	echo "a shard failed:"
	cat "$work"/results/*.log
	exit 2
}
sacct >/dev/null 2>&1 || true
for f in "$work"/results/shard-*.log; do
	[ -s "$f" ] && { echo "-- $f"; cat "$f"; }
done
echo "== results"
ls -l "$work"/results/*.json
grep -h -o '"shard":{"command":"explore","completed":[a-z]*,"count":[0-9]*' "$work"/results/*.json || true
echo "== m5 merge"
set +e
"$m5" merge "$work"/results/shard-*.json
code=$?
echo "(m5 merge exit code $code; results in $work)"
exit $code
