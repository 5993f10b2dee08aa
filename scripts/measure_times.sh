#!/usr/bin/env bash
# Measures how long the README's two commands take from a fresh clone of this repository (each in its
# own clone, one after the other, nothing else of Tessera's running), and writes the times with the
# machine, the date and the commit to docs/times.md, which the README quotes.
#   scripts/measure_times.sh [--only main|test]
# Run it on a quiet machine: another build on the same cores makes both numbers meaningless.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
only="${2:-}"
[ "${1:-}" = "--only" ] || only=""
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
commit="$(git -C "$here" rev-parse --short HEAD)"
[ -z "$(git -C "$here" status --porcelain --untracked-files=no)" ] || echo "note: uncommitted changes are not measured (a clone has $commit only)" >&2

measure() {  # name command -> "<seconds> <status>"
  local name="$1" cmd="$2" clone="$work/$1" t0 t1 rc=0
  git clone --quiet --no-local "$here" "$clone"
  t0=$(date +%s)
  (cd "$clone" && $cmd) >"$work/$name.log" 2>&1 || rc=$?
  t1=$(date +%s)
  cp "$work/$name.log" "$here/build-times-$name.log" 2>/dev/null || true
  echo "$((t1 - t0)) $rc"
}
minutes() { printf '%d min %02d s' $(($1 / 60)) $(($1 % 60)); }

load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
rows=""
for entry in "main:scripts/main.sh" "test:scripts/test.sh"; do
  name="${entry%%:*}"
  if [ -n "$only" ] && [ "$only" != "$name" ]; then
    rows+="| \`${entry#*:}\` | not measured | left out of this run (--only $only) |"$'\n'
    continue
  fi
  read -r seconds rc < <(measure "$name" "${entry#*:}")
  verdict="exit status $rc"
  [ "$rc" -eq 0 ] && verdict="passed"
  rows+="| \`${entry#*:}\` | $(minutes "$seconds") | $verdict |"$'\n'
  echo "${entry#*:}: $(minutes "$seconds") ($verdict)"
done

load_after="$(cut -d' ' -f1-3 /proc/loadavg)"
load_note=""
if awk -v a="${load_before%% *}" -v b="${load_after%% *}" -v n="$(nproc)" 'BEGIN {exit !(a > n || b > n)}'; then
  load_note=" (above the core count: other work shared the cores, so the times are longer than on a quiet machine)"
fi
nvcc_text="absent"
command -v nvcc >/dev/null 2>&1 && nvcc_text="$(nvcc --version | tail -1)"
[ -x /usr/local/cuda/bin/nvcc ] && nvcc_text="$(/usr/local/cuda/bin/nvcc --version | tail -1)"
gpu_text="none"
command -v nvidia-smi >/dev/null 2>&1 && gpu_text="$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1 || echo none)"
cat >"$here/docs/times.md" <<MD
# How long the two commands take

Written by \`scripts/measure_times.sh\`: each command from its own fresh clone of commit \`$commit\`,
one after the other, wall time including the build.

- date: $(date -u +%Y-%m-%d)
- machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo) memory
- compilers: $(g++ --version | head -1); nvcc: $nvcc_text; GPU: $gpu_text
- load average (1, 5, 15 min) before: $load_before; after: $load_after$load_note

| command | time | result |
|---|---:|---|
$rows
MD
echo "wrote $here/docs/times.md"
