# tap.sh: what the shell tests share, sourced by each (TAP output).
#
# A temporary folder $tmp, removed at exit; ok NAME and not_ok NAME DETAIL…
# for each check; done_testing at the end prints the plan and exits 1 if a
# check failed.
#
# SPDX-License-Identifier: GPL-3.0-or-later

n=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); fail=1; echo "not ok $n - $1"; shift; printf '%s\n' "$@" | sed 's/^/# /'; }

done_testing () {
  echo "1..$n"
  exit $fail
}
