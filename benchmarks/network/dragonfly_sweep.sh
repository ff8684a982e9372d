#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The load sweeps of docs/reproduction/dragonfly.md: minimal, Valiant, UGAL-L, UGAL-G and PAR
# under group shift (k = 1) and uniform traffic on a dragonfly, seeds 1-3, with `warpnet sweep`
# (one directory per sweep, each with its index.csv). notebooks/dragonfly_study.py reads them
# (`report`) and draws docs/figures/dragonfly-*.png.
#
#   benchmarks/network/dragonfly_sweep.sh big   OUT   # 1,056 terminals (examples/dragonfly-1056.toml)
#                                         (big-shift, big-uniform: one pattern of it)
#   benchmarks/network/dragonfly_sweep.sh small OUT   # 72 terminals (examples/dragonfly.toml, 12 VCs)
#   benchmarks/network/dragonfly_sweep.sh drb   OUT   # DRB and PR-DRB on the 72-terminal one
#   benchmarks/network/dragonfly_sweep.sh vcs   OUT   # 4, 8, 12 VCs (72 terminals); big-vcs: 4 VCs, 1,056
#   benchmarks/network/dragonfly_sweep.sh big-backlog OUT  # ugal.queue_estimate = backlog, 1,056
#
# WARPNET_BIN (default build/app/warpnet) and JOBS (default 2) may be set. The big size took about
# an hour with 2 jobs on 2 cores shared with other work (69 runs; 20-70 s of CPU each).
set -eu
size=${1:?big, big-shift, big-uniform, big-backlog, small, drb, vcs or big-vcs}
out=${2:?output directory}
bin=${WARPNET_BIN:-build/app/warpnet}
jobs=${JOBS:-2}
seeds=simulation.seed=1,2,3
mkdir -p "$out"

sweep() {  # sweep NAME CONFIG ARGS...
  name=$1; config=$2; shift 2
  nice -n 10 "$bin" sweep "$config" --jobs "$jobs" --force --output-dir "$out/$name" "$@" \
    --set "$seeds" > "$out/$name.txt"
}

case $size in
big|big-shift|big-uniform)
  cfg=examples/dragonfly-1056.toml
  if [ "$size" != big-uniform ]; then
    sweep big-shift-min "$cfg" --set traffic.pattern=group_shift \
      --set network.routing=dragonfly_minimal --set traffic.load=0.1
    sweep big-shift "$cfg" --set traffic.pattern=group_shift \
      --set network.routing=dragonfly_valiant,ugal_local,ugal_global,par \
      --set traffic.load=0.2,0.4,0.55
  fi
  if [ "$size" != big-shift ]; then
    # 3,000 cycles (2,000 measured): uniform runs carry more flits per cycle.
    sweep big-uniform "$cfg" --set traffic.pattern=uniform --set simulation.end_time=3000 \
      --set network.routing=dragonfly_minimal,dragonfly_valiant,ugal_local,ugal_global,par \
      --set traffic.load=0.3,0.9
  fi
  ;;
small)
  cfg=examples/dragonfly.toml
  fixed="--set router.vcs=12 --set simulation.end_time=6000 --set traffic.warmup_cycles=1500 --set metrics.window_cycles=500"
  # shellcheck disable=SC2086
  sweep small-shift "$cfg" $fixed --set traffic.pattern=group_shift \
    --set network.routing=dragonfly_minimal,dragonfly_valiant,ugal_local,ugal_global,par \
    --set traffic.load=0.05,0.2,0.35,0.5,0.6
  # shellcheck disable=SC2086
  sweep small-uniform "$cfg" $fixed --set traffic.pattern=uniform \
    --set network.routing=dragonfly_minimal,dragonfly_valiant,ugal_local,ugal_global,par \
    --set traffic.load=0.2,0.5,0.7,0.9
  ;;
drb)
  cfg=examples/dragonfly.toml
  fixed="--set router.vcs=12 --set simulation.end_time=6000 --set traffic.warmup_cycles=1500 --set metrics.window_cycles=500 --set drb.max_width=4"
  # shellcheck disable=SC2086
  sweep drb-shift "$cfg" $fixed --set traffic.pattern=group_shift --set network.routing=drb,prdrb \
    --set traffic.load=0.05,0.2,0.35,0.5
  # shellcheck disable=SC2086
  sweep drb-uniform "$cfg" $fixed --set traffic.pattern=uniform --set network.routing=drb,prdrb \
    --set traffic.load=0.2,0.5,0.7,0.9
  ;;
vcs)
  # The VC ablation: 4, 8 and 12 VCs of 16 flits under the shift past every knee (0.6), on the
  # 72-terminal dragonfly; 4 VCs is one VC per class for Valiant, UGAL and par.
  cfg=examples/dragonfly.toml
  sweep vcs-shift "$cfg" --set simulation.end_time=6000 --set traffic.warmup_cycles=1500 \
    --set metrics.window_cycles=500 --set traffic.pattern=group_shift --set traffic.load=0.6 \
    --set network.routing=dragonfly_valiant,ugal_local,ugal_global,par --set router.vcs=4,8,12
  ;;
big-vcs)
  # The same at 1,056 terminals for Valiant and UGAL-G with 4 VCs (12 are in big-shift).
  sweep big-vcs "examples/dragonfly-1056.toml" --set router.vcs=4 --set traffic.load=0.55 \
    --set network.routing=dragonfly_valiant,ugal_global
  ;;
big-backlog)
  # ugal.queue_estimate = backlog on 1,056 terminals (docs/reproduction/dragonfly.md, "The queue
  # estimate"): the adaptive routings past their knees under the shift, UGAL-G under uniform
  # traffic, UGAL-G with Valiant at 0.5 (near both knees), and the adaptive routings at 0.2
  # and 0.4 under the shift (intermediate latency). 36 runs, about 40 min with 2 jobs here.
  cfg=examples/dragonfly-1056.toml
  sweep big-backlog-shift "$cfg" --set traffic.pattern=group_shift --set ugal.queue_estimate=backlog \
    --set network.routing=ugal_global,ugal_local,par --set traffic.load=0.55
  sweep big-backlog-uniform "$cfg" --set traffic.pattern=uniform --set simulation.end_time=3000 \
    --set ugal.queue_estimate=backlog --set network.routing=ugal_global --set traffic.load=0.9
  sweep big-backlog-knee "$cfg" --set traffic.pattern=group_shift --set ugal.queue_estimate=backlog \
    --set network.routing=dragonfly_valiant,ugal_global --set traffic.load=0.5
  sweep big-backlog-low "$cfg" --set traffic.pattern=group_shift --set ugal.queue_estimate=backlog \
    --set network.routing=ugal_local,ugal_global,par --set traffic.load=0.2,0.4
  ;;
*) echo "dragonfly_sweep.sh: unknown size '$size'; allowed: big, big-shift, big-uniform, big-backlog, small, drb, vcs, big-vcs" >&2; exit 2 ;;
esac
