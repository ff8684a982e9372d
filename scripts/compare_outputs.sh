#!/usr/bin/env bash
# Compares the outputs of two warpnet binaries on one configuration: the reference binary runs
# sequentially; the candidate sequentially and optimistically on 1, 2 and 4 ranks. Checks that
# the --stats-json figures ("figures" and "model_summary": doubles are printed to round-trip),
# every dataset outside /run (h5diff) and every attribute outside /run (/summary included) are
# the reference's. Used for the "same output" checks of docs/performance.md.
#
#   scripts/compare_outputs.sh REF_BIN NEW_BIN NAME CONFIG [--set key=value ...]
#
# Writes into ${WARPNET_COMPARE_DIR:-/tmp/warpnet-compare}/NAME. The root attribute git_revision
# is ignored (a reference built from `git archive` says "unknown"); h5diff's "not comparable"
# notes about empty datasets are not differences. Exit status 1 when anything differs.
set -u
ref=$1; new=$2; name=$3; shift 3
d="${WARPNET_COMPARE_DIR:-/tmp/warpnet-compare}/$name"
rm -rf "$d"; mkdir -p "$d"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
status=0
"$ref" run "$@" --no-progress --output "$d/ref.h5" --stats-json "$d/ref.json" > "$d/ref.out" 2>&1 \
  || { echo "$name: the reference failed"; exit 1; }
"$new" run "$@" --no-progress --output "$d/seq.h5" --stats-json "$d/seq.json" > "$d/seq.out" 2>&1 \
  || { echo "$name: the sequential run failed"; status=1; }
for n in 1 2 4; do
  mpiexec -np $n "$new" run "$@" --engine optimistic --no-progress --output "$d/np$n.h5" \
    --stats-json "$d/np$n.json" < /dev/null > "$d/np$n.out" 2>&1 || { echo "$name: np$n failed"; status=1; }
done
for k in seq np1 np2 np4; do
  h5diff --exclude-path /run "$d/ref.h5" "$d/$k.h5" > "$d/h5diff-$k.txt" 2>&1
  if grep -v -e "git_revision of" -e "differences found" -e "not comparable" -e "^---" \
       -e "Some objects are not comparable" -e "Use -c for" "$d/h5diff-$k.txt" | grep -q .; then
    echo "$name $k: datasets DIFFER (h5diff-$k.txt)"; status=1
  fi
done
/usr/bin/python3 - "$d" <<'PY' || status=1
import json, sys
import h5py, numpy as np

d = sys.argv[1]

def attributes(path):
    found = {}
    with h5py.File(path) as f:
        def visit(name, obj):
            if name.startswith("run"):
                return
            for k, v in obj.attrs.items():
                if name == "" and k == "git_revision":
                    continue
                found[name + "@" + k] = v.tolist() if isinstance(v, np.ndarray) else v
        visit("", f)
        f.visititems(visit)
    return found

ref_json = json.load(open(f"{d}/ref.json"))
ref_attrs = attributes(f"{d}/ref.h5")
bad = False
for k in ("seq", "np1", "np2", "np4"):
    j = json.load(open(f"{d}/{k}.json"))
    for part in ("figures", "model_summary"):
        if j[part] != ref_json[part]:
            bad = True
            print(f"{d} {k}: {part} DIFFER")
    a = attributes(f"{d}/{k}.h5")
    diff = sorted(x for x in set(a) | set(ref_attrs) if a.get(x) != ref_attrs.get(x))
    if diff:
        bad = True
        print(f"{d} {k}: attributes DIFFER {diff[:5]}")
print(f"{d}: {len(ref_json['figures'])} figures, {len(ref_attrs)} attributes",
      "DIFFER" if bad else "identical on seq, np1, np2, np4")
sys.exit(1 if bad else 0)
PY
exit $status
