#!/usr/bin/env bash
# djenon-cli as a user types it: exact output lines, exit statuses and messages. TAP.
set -u
. "$(dirname "$0")/tap.sh"
cli=${DJENON_CLI:?DJENON_CLI must name the built djenon-cli}

# expect NAME STATUS STDOUT STDERR-SUBSTRING -- ARGS...
expect () {
  local name=$1 status=$2 out=$3 err=$4; shift 5
  "$cli" "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" != "$status" ]; then
    not_ok "$name" "exit status $got, expected $status" "stderr: $(cat "$tmp/err")"
  elif [ "$(cat "$tmp/out")" != "$out" ]; then
    not_ok "$name" "stdout:" "$(cat "$tmp/out")" "expected:" "$out"
  elif [ -z "$err" ] && [ -s "$tmp/err" ]; then
    not_ok "$name" "unexpected stderr:" "$(cat "$tmp/err")"
  elif [ -n "$err" ] && ! grep -qF -- "$err" "$tmp/err"; then
    not_ok "$name" "stderr lacks '$err':" "$(cat "$tmp/err")"
  else
    ok "$name"
  fi
}

expect "aboure c from the start" 0 \
  "c | 5 1 2 6 6 0 5 5 5 1 5 5 | 2 0 | N | A B C E F | -" "" -- play aboure c

expect "abe c from the start" 0 \
  "c | 6 6 2 7 1 6 1 6 6 6 0 1 | 0 0 | N | A B C D F | -" "" -- play abe c

expect "illegal singleton after the lines played" 2 \
  "c | 5 1 2 6 6 0 5 5 5 1 5 5 | 2 0 | N | A B C E F | -" "illegal move D (singleton)" -- \
  play aboure c D

expect "pass and the end of a Djenon-aboure game" 0 \
"pass | 1 0 1 0 0 0 2 0 0 0 0 0 | 20 24 | N | A | -
A | 1 0 1 0 0 0 1 1 0 0 0 0 | 20 24 | S | - | over 22 26 N no-moves" "" -- \
  play aboure --setup "1 0 1 0 0 0 2 0 0 0 0 0 20 24 S" pass A

expect "starved pass, then feeding owed" 0 \
"pass | 0 0 0 0 0 0 1 0 0 0 0 2 | 20 25 | N | F | -" "" -- \
  play abe --setup "0 0 0 0 0 0 1 0 0 0 0 2 20 25 S" pass

expect "a move that does not feed is refused" 2 \
"pass | 0 0 0 0 0 0 1 0 0 0 0 2 | 20 25 | N | F | -" "illegal move A (does-not-feed)" -- \
  play abe --setup "0 0 0 0 0 0 1 0 0 0 0 2 20 25 S" pass A

expect "immediate feeding option" 0 \
"f | 1 1 0 0 0 0 1 0 0 0 0 0 | 22 23 | N | A | -" "" -- \
  play abe --feeding immediate --setup "1 1 0 0 0 1 0 0 0 0 0 0 22 23 S" f
expect "immediate: a move that leaves the opponent empty is refused" 0 "a 1 does-not-feed
b 1 does-not-feed
c 0 empty
d 0 empty
e 0 empty
f 1 legal" "" -- why abe --feeding immediate --setup "1 1 0 0 0 1 0 0 0 0 0 0 22 23 S"
expect "on-starved-turn: the same position owes nothing yet" 0 \
"a | 0 0 0 0 0 1 0 0 0 0 0 0 | 24 23 | N | pass | -" "" -- \
  play abe --setup "1 1 0 0 0 1 0 0 0 0 0 0 22 23 S" a

expect "starved end with the terminal gift" 0 \
"A | 0 0 0 0 0 0 0 1 1 0 0 0 | 22 24 | S | - | over 23 25 N starved" "" -- \
  play abe --setup "0 0 0 0 0 0 1 0 1 0 0 0 22 24 N" A

expect "trace line" 0 \
"c | 5 1 2 6 6 0 5 5 5 1 5 5 | 2 0 | N | A B C E F | -
# lap 1: c 4 -> c d e f (f=5); lap 2: f 5 -> f A B C D (D=5); lap 3: D 5 -> D E F a b (b=5); lap 4: b 5 -> b c d e f (f=2); capture f:2 total 2" \
  "" -- play aboure --trace c

expect "setup with too few fields" 2 "" "15 or 16 fields" -- play aboure --setup "4 4 4"
expect "setup not adding to 48" 2 "" "there must be 48" -- \
  play aboure --setup "4 4 4 4 4 4 4 4 4 4 4 4 1 0 S"
expect "setup with a non-number" 2 "" "not “x”" -- \
  play aboure --setup "4 4 4 4 4 4 4 4 4 4 4 x 0 0 S"
expect "unknown variant" 2 "" "Unknown variant" -- play oware c
expect "unknown feeding option" 2 "" "Unknown feeding option" -- play abe --feeding sometimes c
expect "not a move" 2 "" "not a move" -- play aboure z
expect "unknown command" 2 "" "Unknown command" -- dance

expect "perft" 0 "1 6
2 27
3 120
4 512" "" -- perft aboure 4

expect "perft of a finished game is one leaf" 0 "1 1
2 1" "" -- perft abe 2 --setup "0 0 1 0 0 0 0 0 0 1 0 0 23 23 S"

expect "why" 0 "a 1 singleton
b 0 empty
c 1 singleton
d 0 empty
e 0 empty
f 0 empty
pass legal" "" -- why aboure --setup "1 0 1 0 0 0 2 0 0 0 0 0 20 24 S"

# A perft too deep to finish is refused at once, with how long it would take.
start=$(date +%s)
expect "perft 64 is refused, not run for ever" 2 "" \
  "perft to depth 64 would take more than a thousand years; use --force" -- perft aboure 64
if [ $(( $(date +%s) - start )) -gt 10 ]; then not_ok "perft 64 is refused at once"; else ok "perft 64 is refused at once"; fi
expect "perft 20 of Djenon-abe is refused" 2 "" "use --force to run it anyway" -- perft abe 20
expect "perft with --force runs a shallow depth as ever" 0 "1 6
2 27" "" -- perft aboure 2 --force

# As both file readers decide: a feeding move is owed only in Djenon-abe.
expect "--setup with feed in Djenon-aboure is refused" 2 "" \
  "a feeding move can be owed only in Djenon-abe" -- \
  why aboure --setup "0 0 0 0 0 0 1 0 0 0 0 2 20 25 S feed"

expect "the exit statuses are in the usage" 2 "" "3 the output could not be saved"

done_testing
