#!/usr/bin/env python3
"""Counts the test cases of a meson test run from its JSON log and prints
'N passed, N failed' (with skipped ones) as the run's closing line."""
import json
import re
import sys

passed = failed = skipped = 0
with open(sys.argv[1], encoding="utf-8") as log:
    for line in log:
        entry = json.loads(line)
        cases = case_failures = 0
        for out in entry.get("stdout", "").splitlines():
            m = re.match(r"(not ok|ok)\b(.*)", out)
            if not m:
                continue
            cases += 1
            if "# SKIP" in m.group(2):
                skipped += 1
            elif m.group(1) == "ok" or "# TODO" in m.group(2):
                passed += 1
            else:
                failed += 1
                case_failures += 1
        if cases == 0:
            # A suite without TAP lines counts as one case by its result.
            result = entry.get("result", "")
            if result in ("OK", "EXPECTEDFAIL"):
                passed += 1
            elif result == "SKIP":
                skipped += 1
            else:
                failed += 1
        elif entry.get("result") not in ("OK", "EXPECTEDFAIL", "SKIP") and case_failures == 0:
            # A suite that crashed after its last TAP line.
            failed += 1
print(f"{passed} passed, {failed} failed, {skipped} skipped")
sys.exit(1 if failed else 0)
