#!/usr/bin/env bash
# djenon-cli analyse, bestmove and solve as a user types them: exact values,
# lines to the end of the game, a huge --time.  TAP.
set -u
. "$(dirname "$0")/tap.sh"
cli=${DJENON_CLI:?DJENON_CLI must name the built djenon-cli}

# expect NAME STATUS EXPECTED-STDOUT-WITHOUT-THE-NODES-LINE -- ARGS...
expect () {
  local name=$1 status=$2 out=$3; shift 4
  "$cli" "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  grep -v '^nodes ' "$tmp/out" | sed 's/ nodes [0-9]*$//' >"$tmp/values"
  if [ "$got" != "$status" ]; then
    not_ok "$name" "exit status $got, expected $status" "stderr: $(cat "$tmp/err")"
  elif [ "$(cat "$tmp/values")" != "$out" ]; then
    not_ok "$name" "stdout:" "$(cat "$tmp/out")" "expected:" "$out"
  elif [ -s "$tmp/err" ]; then
    not_ok "$name" "unexpected stderr:" "$(cat "$tmp/err")"
  else
    ok "$name"
  fi
}

# The start of Djenon-aboure: e is best (+4), b and a the worst (−10).
"$cli" analyse aboure >"$tmp/out" 2>&1
if grep -q '^e value 4 exact ' "$tmp/out" && grep -q '^b value -10 exact ' "$tmp/out" &&
   grep -q '^a value -10 exact ' "$tmp/out" && grep -q '^f value 2 exact ' "$tmp/out"; then
  ok "analyse the aboure start"
else
  not_ok "analyse the aboure start" "$(cat "$tmp/out")"
fi

# A huge --time is no limit, never an overflow that stops the search at once.
expect "bestmove with the largest --time" 0 "bestmove e value 4 exact" -- \
  bestmove aboure --time 9223372036854775807
"$cli" analyse aboure --time 9223372036854775000 >"$tmp/out" 2>&1
if [ "$(grep -c ' exact ' "$tmp/out")" = 6 ]; then
  ok "analyse with a huge --time: every value exact"
else
  not_ok "analyse with a huge --time: every value exact" "$(cat "$tmp/out")"
fi

# South: e=2 f=2, 22-22 captured (Djenon-abe).  e: seeds to f (3) and A (1,
# it was empty): the move ends.  North's only move A puts its seed in B.
# South's f sows A, B, C: C was empty, the move ends.  North's A makes three
# in B: relay to C (2), D, E (1, empty): ends.  South's row is empty and
# nothing North can play reaches it: the game ends, North gives one of its
# four seeds (the terminal gift): 23-25, value -2 for South.
expect "bestmove names the best move of that endgame" 0 "bestmove e value -2 exact" -- \
  bestmove abe --setup "0 0 0 0 2 2 0 0 0 0 0 0 22 22 S"

# Out of budget at once (a middle game position, past the opening book, is
# not proven in a millisecond): still a legal move, and "bound", never
# "exact".
"$cli" bestmove abe --time 1 --setup "1 0 11 1 2 2 1 9 0 1 10 2 4 4 N" >"$tmp/out" 2>&1
if grep -Eq '^bestmove [A-F] value -?[0-9]+ bound nodes [0-9]+$' "$tmp/out"; then
  ok "bestmove out of time names a move and says it is not proven"
else
  not_ok "bestmove out of time names a move and says it is not proven" "$(cat "$tmp/out")"
fi

expect "solve prints the line to the end of the game" 0 \
"value -2 exact
line e A f A
end 23 25 starved" -- solve abe --setup "0 0 0 0 2 2 0 0 0 0 0 0 22 22 S"

expect "solve the aboure start" 0 \
"value 4 exact
line e C f E e C d A c C b E a pass d pass b
end 26 22 no-moves" -- solve aboure


# Damaged data files are not believed, and the user is told (issue 21):
# a value edited in the opening book, a pipe or /dev/zero in place of the
# book or the tables.  The analysis stays exact.
data=$tmp/data
mkdir "$data"
for f in "$DJENON_TABLES_DIR"/*.djtb "$DJENON_TABLES_DIR"/*.djbook; do ln -s "$f" "$data/"; done
rm "$data/abe.djbook"
sed 's/^4 4 4 4 4 4 4 4 4 4 4 4 S -2$/4 4 4 4 4 4 4 4 4 4 4 4 S 6/' "$DJENON_TABLES_DIR/abe.djbook" >"$data/abe.djbook"
if cmp -s "$data/abe.djbook" "$DJENON_TABLES_DIR/abe.djbook"; then
  not_ok "an edited opening book is refused" "the start position is not in the book"
else
  DJENON_TABLES_DIR=$data timeout 120 "$cli" bestmove abe >"$tmp/out" 2>"$tmp/err"
  if grep -q "^bestmove [a-f] value -2 exact" "$tmp/out" &&
     grep -q "warning: Opening book damaged: analysis exact but slower" "$tmp/err" &&
     grep -q "abe.djbook: Damaged opening book (its checksum does not match)" "$tmp/err"; then
    ok "an edited opening book is refused"
  else
    not_ok "an edited opening book is refused" "$(cat "$tmp/out" "$tmp/err")"
  fi
fi
rm "$data/abe.djbook" "$data/abe.djtb" "$data/aboure.djbook"
mkfifo "$data/abe.djbook" "$data/abe.djtb"
ln -s /dev/zero "$data/aboure.djbook"
for v in abe aboure; do
  DJENON_TABLES_DIR=$data timeout 60 "$cli" analyse $v --setup "0 0 0 0 2 2 0 0 0 0 0 0 22 22 S" >"$tmp/out" 2>"$tmp/err"
  status=$?
  if [ "$status" = 0 ] && grep -q "not a regular file" "$tmp/err" && grep -q "damaged: analysis exact but slower" "$tmp/err" &&
     grep -q " exact " "$tmp/out"; then
    ok "$v: a pipe or /dev/zero as a data file is refused at once"
  else
    not_ok "$v: a pipe or /dev/zero as a data file is refused at once" "status $status" "$(cat "$tmp/err")"
  fi
done

# Without tables (an empty folder): the commands whose speed depends on them
# say so once, on standard error, and still answer exactly.
mkdir "$tmp/none"
puzzles=$(dirname "$0")/../data/puzzles/aboure.djenon
for cmd in "analyse aboure" "bestmove aboure" "puzzles --check $puzzles" "bench --puzzles $puzzles"; do
  # shellcheck disable=SC2086
  DJENON_TABLES_DIR=$tmp/none timeout 300 "$cli" $cmd >"$tmp/out" 2>"$tmp/err"
  status=$?
  if [ "$status" = 0 ] && [ "$(grep -c "no usable endgame tables at $tmp/none/aboure.djtb" "$tmp/err")" = 1 ]; then
    ok "$cmd without tables says so once"
  else
    not_ok "$cmd without tables says so once" "status $status" "$(cat "$tmp/err")"
  fi
done

done_testing
