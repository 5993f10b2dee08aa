#!/bin/bash
# Records compute-sanitizer's text and XML output for each planted bug.
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-/tmp/out}; mkdir -p "$out"
w=/tmp/sanprobe_work; rm -rf "$w"; mkdir -p "$w/logs"; cd "$w"
cs=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
{ nvidia-smi; nvcc --version; "$cs" --version; "$cs" --help; } > logs/env.txt 2>&1
cp "$here/probe.cu" .
nvcc -std=c++17 -arch=sm_90 -lineinfo -o probe probe.cu > logs/build.txt 2>&1 || { cat logs/build.txt; }
run() { # tool case extra...
  local tool=$1 c=$2; shift 2
  local t0=$(date +%s.%N)
  timeout -s KILL 25 "$cs" --tool "$tool" "$@" ./probe "$c" > "logs/$tool.$c.txt" 2>&1; local rc=$?
  local t1=$(date +%s.%N)
  timeout -s KILL 25 "$cs" --tool "$tool" "$@" --xml --save "logs/$tool.$c.xml" ./probe "$c" > "logs/$tool.$c.xmlrun.txt" 2>&1; local rc2=$?
  echo "$tool $c rc=$rc xmlrc=$rc2 time=$(awk "BEGIN{print $t1 - $t0}")" | tee -a logs/summary.txt
}
for c in shared_race shared_rbw global_race global_between correct; do run racecheck $c; done
run racecheck shared_race --racecheck-report all
mv logs/racecheck.shared_race.txt logs/racecheck.shared_race.all.txt 2>/dev/null
run racecheck shared_race --racecheck-report hazard
mv logs/racecheck.shared_race.txt logs/racecheck.shared_race.hazard.txt; mv logs/racecheck.shared_race.xml logs/racecheck.shared_race.hazard.xml
run racecheck shared_race
for c in divergent divergent_two correct shared_race; do run synccheck $c; done
for c in oob_write oob_read host correct uninit; do run memcheck $c; done
for c in uninit correct oob_read; do run initcheck $c; done
run memcheck oob_write --error-exitcode 7
run memcheck host --check-api-memory-access yes --show-backtrace no
mv logs/memcheck.host.txt logs/memcheck.host.nobt.txt
run memcheck host
# plain run without the sanitizer, for time
t0=$(date +%s.%N); ./probe correct > logs/plain.txt 2>&1; t1=$(date +%s.%N); echo "plain correct time=$(awk "BEGIN{print $t1 - $t0}")" >> logs/summary.txt
tar czf "$out/sanitizer_outputs.tgz" logs
cat logs/summary.txt
head -c 3000 logs/racecheck.shared_race.txt; head -c 1500 logs/synccheck.divergent.txt; head -c 1500 logs/initcheck.uninit.txt
