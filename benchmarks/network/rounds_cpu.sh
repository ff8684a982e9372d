#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
#
# One run of examples/mesh8x8.toml on another network, printing the GVT rounds per simulated
# cycle, the share of committed events that ran safe, the rollbacks, the digest and each rank's
# CPU time (user + system, /usr/bin/time around each rank): the figures of performance.md,
# session 16, which a loaded machine leaves usable where wall-clock times are not. Runs at
# nice 10. NP 0: the sequential engine.
#
#   benchmarks/network/rounds_cpu.sh BUILD NP CYCLES TOPOLOGY K LOAD [--set key=value ...]
#   benchmarks/network/rounds_cpu.sh build 2 1500 torus 32 0.1 --set kernel.gvt_rounds=eager
set -e
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
B=$1; NP=$2; C=$3; TOPO=$4; K=$5; LOAD=$6; shift 6
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
J=$(mktemp --suffix=.json); T=$(mktemp)
trap 'rm -f "$J" "$T"' EXIT
ARGS=(run "$ROOT/examples/mesh8x8.toml" --set network.topology="$TOPO" --set "network.dims=[$K,$K]"
      --set traffic.load="$LOAD" --set simulation.end_time="$C" --set traffic.warmup_cycles=0
      --no-output --no-progress --stats-json "$J")
if [ "$NP" = 0 ]; then
  nice -n 10 /usr/bin/time -f "CPU %U %S" -o "$T" "$B/app/warpnet" "${ARGS[@]}" "$@" >/dev/null
else
  nice -n 10 mpirun -np "$NP" /usr/bin/time -f "CPU %U %S" -a -o "$T" "$B/app/warpnet" \
      "${ARGS[@]}" --engine optimistic "$@" >/dev/null
fi
/usr/bin/python3 - "$J" "$T" "$C" "$B" "$NP" "$*" <<'PY'
import json, sys
stats = json.load(open(sys.argv[1]))
t = stats["total"]
cycles = int(sys.argv[3])
cpu = [float(l.split()[1]) + float(l.split()[2]) for l in open(sys.argv[2]) if l.startswith("CPU")]
print(f"{sys.argv[4]} np{sys.argv[5]} rounds/cycle {t['gvt_rounds'] / cycles:.3f} "
      f"safe {100 * t['events_safe'] / t['events_committed']:.1f} % "
      f"rolled back {t['events_rolled_back']} wall {t['wall_seconds']:.2f} s "
      f"CPU of the busier rank {max(cpu):.2f} s (ranks {' '.join(f'{c:.2f}' for c in cpu)}) "
      f"digest {t['event_digest']} {sys.argv[6]}")
PY
