#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Submits a strong and/or weak scaling study: one job per (ranks, network size) cell, then a
# job that tabulates wall time, event rate, speedup and efficiency (docs/cluster.md).
#
#   cluster-scripts/submit-scaling.sh --key KEY [--strong "S1 S2 ..." --ranks "1 2 4 ..."]
#                                     [--weak "R1:S1 R2:S2 ..."] [--output-dir DIR]
#                                     [--name NAME] [--logs DIR] CONFIG [warpnet run options]
#
#   --key KEY     the configuration key that sets the size, e.g. phold.lps or network.dims
#   --strong      sizes run on every rank count of --ranks (fixed work, more ranks)
#   --weak        rank:size pairs, the size growing with the ranks (fixed work per rank)
#   --output-dir  results, statistics, cells.tsv and scaling.csv (default: scaling)
#
#   cluster-scripts/submit-scaling.sh --key phold.lps --strong "65536" --ranks "1 2 4 8" \
#       --weak "1:16384 2:32768 4:65536 8:131072" examples/phold.toml
#
# A cell on 1 rank runs the sequential engine (the reference), on more the optimistic one.
# Prints the cells' job ids and then the table job's id.
set -euo pipefail
WARPNET_SCRIPTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export WARPNET_SCRIPTS_DIR
source "$WARPNET_SCRIPTS_DIR/lib.sh"
unset WARPNET_CHECKPOINT_DIR   # cells are plain runs

key="" strong="" ranks="" weak="" out=scaling name=warpnet-scaling logs=slurm-logs
while [ $# -gt 0 ]; do
  case "$1" in
    --key) key=${2:?}; shift 2 ;;
    --strong) strong=${2:?}; shift 2 ;;
    --ranks) ranks=${2:?}; shift 2 ;;
    --weak) weak=${2:?}; shift 2 ;;
    --output-dir) out=${2:?}; shift 2 ;;
    --name) name=${2:?}; shift 2 ;;
    --logs) logs=${2:?}; shift 2 ;;
    -h|--help) sed -n '3,19p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || die "usage: submit-scaling.sh --key KEY [--strong SIZES --ranks RANKS] [--weak R:S...] CONFIG [options]"
[ -n "$key" ] || die "--key: name the configuration key that sets the network size"
[ -n "$strong$weak" ] || die "give --strong SIZES (with --ranks) and/or --weak RANKS:SIZE pairs"
[ -z "$strong" ] || [ -n "$ranks" ] || die "--strong needs --ranks"
config=$1; shift
[ -f "$config" ] || die "CONFIG: '$config' is not a file"

# Every cell: (study, ranks, size). Checked before anything is submitted.
cells=()
for s in $strong; do for r in $ranks; do cells+=("strong $r $s"); done; done
for pair in $weak; do
  [[ "$pair" == *:* ]] || die "--weak: '$pair' is not RANKS:SIZE"
  cells+=("weak ${pair%%:*} ${pair#*:}")
done
for cell in "${cells[@]}"; do
  read -r study r s <<<"$cell"
  [[ "$r" =~ ^[1-9][0-9]*$ ]] || die "$study: '$r' is not a rank count"
  "$WARPNET_BIN" validate "$config" --set "$key=$s" "$@" >/dev/null \
      || die "$study cell $key=$s does not validate (above)"
done

mkdir -p "$out" "$logs"
common_sbatch_args args
printf 'study\tranks\tsize\tstats\tjob\n' > "$out/cells.tsv"
ids=()
for cell in "${cells[@]}"; do
  read -r study r s <<<"$cell"
  stem="$study-$(printf '%s' "$s" | tr -c 'A-Za-z0-9_.-' '_')-r$r"
  engine=(--engine sequential)
  [ "$r" -gt 1 ] && engine=(--engine optimistic)
  id=$(submit "${args[@]}" --job-name="$name" --ntasks="$r" --output="$logs/%x-%j.out" \
              "$WARPNET_SCRIPTS_DIR/run.sbatch" "$config" --set "$key=$s" "${engine[@]}" "$@" \
              --stats-json "$out/$stem.json" --output "$out/$stem.h5" --force)
  printf '%s\t%s\t%s\t%s\t%s\n' "$study" "$r" "$s" "$stem.json" "$id" >> "$out/cells.tsv"
  ids+=("$id")
  echo "$id"
done
dependency=$(IFS=:; echo "afterany:${ids[*]}")
submit "${args[@]}" --job-name="$name-table" --ntasks=1 --dependency="$dependency" \
       --output="$logs/%x-%j.out" --wrap \
       "$(printf '%q ' "$WARPNET_PYTHON" "$WARPNET_SCRIPTS_DIR/scaling_table.py" "$out/cells.tsv" --csv "$out/scaling.csv")"
