#!/bin/sh
# Fails if anything under pdes/ includes a header of a higher layer (models/, io/, partition/, app/).
set -eu
root="$1"
[ -d "$root/pdes" ] || { echo "no pdes/ under $root"; exit 1; }
bad=$(grep -rnE '#[[:space:]]*include[[:space:]]*[<"](models|io|partition|app|benchmarks)/' "$root/pdes" || true)
if [ -n "$bad" ]; then
  echo "pdes/ must not include higher layers:"; echo "$bad"; exit 1
fi
count=$(find "$root/pdes" -name '*.hpp' -o -name '*.cpp' | wc -l)
echo "checked $count files under pdes/: no includes of models/, io/, partition/, app/"
