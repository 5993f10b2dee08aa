#!/bin/sh
# A stand-in for NVIDIA's compute-sanitizer, for the sanitizer pass's test on machines without a GPU: it
# takes the real tool's arguments, runs the program it is given (the executor's --sanitized-case child),
# and writes XML in the real tool's format (tests/conformance/sanitizer_outputs/) naming lines of
# selftest_sanitizer_cases.cpp, keyed on the case: FAKE_SANITIZER_SOURCE is that file's path.
tool=""; xml=""
while [ $# -gt 0 ]; do
  case "$1" in
    --tool) tool="$2"; shift 2 ;;
    --save) xml="$2"; shift 2 ;;
    --xml) shift ;;
    --*) shift 2 ;;
    *) break ;;
  esac
done
echo "========= COMPUTE-SANITIZER"
race_text() {  # first-line second-line
  echo "========= Error: Race reported between Write access at k(int *)+0xc0 in $FAKE_SANITIZER_SOURCE:$1"
  echo "=========     and Read access at k(int *)+0xf0 in $FAKE_SANITIZER_SOURCE:$2 [4 hazards]"
  echo "========= "
}
if [ -z "$xml" ]; then
  # A batch (no XML): the program's lines pass through, with findings printed inside the lines of the case
  # they belong to, as the real tool prints a kernel's findings before its launch returns; it hangs inside
  # one case, as a kernel that never finishes would; and under memcheck the device is lost after one case,
  # as the executor says it when a fault ended the program's GPU work.
  "$@" | while IFS= read -r line; do
    echo "$line"
    if [ "$tool:$line" = "memcheck:tessera-sanitized-case-ends: selftest.correct_kernel_is_clean" ]; then
      echo "tessera-sanitized-device-lost: an illegal memory access was encountered"
      break
    fi
    [ "$tool:$line" = "synccheck:tessera-sanitized-case-begins: selftest.planted_divergence_hangs" ] && sleep 60
    [ "$tool" = racecheck ] || continue
    case "$line" in
      "tessera-sanitized-case-begins: selftest.correct_with_a_false_alarm") race_text 71 71 ;;
      "tessera-sanitized-case-begins: selftest.planted_race_is_caught") race_text 15 16 ;;
      "tessera-sanitized-case-begins: selftest.planted_race_found_elsewhere") race_text 23 23 ;;
      "tessera-sanitized-case-begins: selftest.planted_race_a_batch_stops_in") sleep 60 ;;
    esac
  done
  echo "========= ERROR SUMMARY: 0 errors"
  exit 0
fi
"$@"
case_id=""
prev=""
for a in "$@"; do [ "$prev" = "--sanitized-case" ] && case_id="$a"; prev="$a"; done
race() {  # first-line second-line
  cat >"$xml" <<XML
<?xml version="1.0" encoding="utf-8"?>
<ComputeSanitizerOutput>
  <record>
    <kind>Analysis</kind>
    <level>Error</level>
    <what>
      <text>Race condition</text>
      <source><direction>Write</direction><where><func>tiled_entry</func><path>$FAKE_SANITIZER_SOURCE</path><line>$1</line><pc>0xc0</pc></where></source>
      <destination><direction>Read</direction><where><func>tiled_entry</func><path>$FAKE_SANITIZER_SOURCE</path><line>$2</line><pc>0xf0</pc></where><count>8</count></destination>
    </what>
  </record>
</ComputeSanitizerOutput>
XML
}
case "$tool:$case_id" in
  racecheck:*planted_race_is_caught) race 15 16 ;;
  racecheck:*planted_race_found_elsewhere) race 23 23 ;;
  synccheck:*planted_divergence_hangs | racecheck:*planted_race_a_batch_stops_in) echo "========= (hanging)"; sleep 60 ;;
  *) printf '<?xml version="1.0" encoding="utf-8"?>\n<ComputeSanitizerOutput/>\n' >"$xml" ;;
esac
echo "========= ERROR SUMMARY: 0 errors"
