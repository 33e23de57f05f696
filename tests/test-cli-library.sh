#!/usr/bin/env bash
# djenon-cli library, explore, find and generate as a user types them, on a
# library of its own (DJENON_LIBRARY_DIR), never the user's.  TAP.
set -u
. "$(dirname "$0")/tap.sh"
cli=${DJENON_CLI:?DJENON_CLI must name the built djenon-cli}
export DJENON_LIBRARY_DIR="$tmp/library"
games="$tmp/my games"
mkdir -p "$games"

not () { ! "$@"; }
check () {  # check NAME COMMAND… : ok when the command succeeds
  local name=$1; shift
  if "$@"; then ok "$name"; else not_ok "$name" "$(cat "$tmp/out" "$tmp/err" 2>/dev/null)"; fi
}

# generate: reproducible with --seed, different without the same seed
"$cli" generate aboure --games 40 --seed 7 "$games/aboure.djn" >"$tmp/out" 2>"$tmp/err"
"$cli" generate aboure --games 40 --seed 7 "$tmp/again.djn"
"$cli" generate aboure --games 40 --seed 8 "$tmp/other.djn"
check "generate: the same seed gives the same games" cmp -s "$games/aboure.djn" "$tmp/again.djn"
check "generate: another seed other games" not cmp -s "$games/aboure.djn" "$tmp/other.djn"
check "generate: 40 games with players and results" \
  test "$(grep -c '^\[South ' "$games/aboure.djn")" = 40 -a "$(grep -c '^\[Score ' "$games/aboure.djn")" = 40
"$cli" validate "$games/aboure.djn" >"$tmp/out" 2>"$tmp/err"
check "generate: the games are valid" test $? = 0
"$cli" generate aboure --games 3 "$games/aboure.djn" >"$tmp/out" 2>"$tmp/err"
check "generate: refuses to replace a file (exit 2)" test $? = 2 -a -s "$tmp/err"
check "generate: the file is left as it was" cmp -s "$games/aboure.djn" "$tmp/again.djn"
"$cli" generate abe --games 25 --seed 3 "$games/abe.djenon"
printf '[Variant "aboure"]\n\n1. a A 2. q *\n' >"$games/bad.djn"

# library add: indexes at once; a bad file is reported (file:line) and skipped
"$cli" library add "$games" >"$tmp/out" 2>"$tmp/err"
status=$?
check "library add: exit 1 when a file cannot be read" test $status = 1
check "library add: the bad file's error names file and line" grep -q "^$games/bad.djn:3:" "$tmp/err"
check "library add: the rest indexed" grep -q '^files 3 indexed 3 unchanged 0 removed 0 failed 1 games 65 ' "$tmp/out"
"$cli" library list >"$tmp/out" 2>"$tmp/err"
check "library list: folder, files, errors, totals" \
  test "$(sed -n 1p "$tmp/out")" = "folder $games" -a \
       "$(grep -c "^file $games/a.*games " "$tmp/out")" = 2 -a \
       "$(grep -c "^file $games/bad.djn error $games/bad.djn:3:" "$tmp/out")" = 1 -a \
       "$(tail -n 1 "$tmp/out" | cut -d' ' -f1,2)" = "games 65"
"$cli" library update >"$tmp/out" 2>"$tmp/err"
check "library update: nothing changed, nothing read" grep -q ' indexed 0 unchanged 3 ' "$tmp/out"

# explore: the move, then the number of games; they add up to every game
"$cli" explore aboure --no-values >"$tmp/out" 2>"$tmp/err"
check "explore: the start's moves add up to the 40 games" \
  test "$(awk '{ n += $2 } END { print n }' "$tmp/out")" = 40 -a ! -s "$tmp/err"
check "explore: one line per move, most played first" \
  test "$(awk '{ print $2 }' "$tmp/out" | sort -rn | tr '\n' ' ')" = "$(awk '{ print $2 }' "$tmp/out" | tr '\n' ' ')"
# find agrees with explore, move by move
agree=1
while read -r move played rest; do
  got=$("$cli" find aboure --no-update "$move" | wc -l)
  [ "$got" = "$played" ] || { agree=0; echo "# $move: explore $played, find $got"; }
done <"$tmp/out"
check "find: as many games as explore counts, for each first move" test $agree = 1
"$cli" find aboure >"$tmp/out" 2>"$tmp/err"
check "find: every game at the start, file and game number first" \
  test "$(cut -f1 "$tmp/out" | sort -u)" = "$games/aboure.djn" -a \
       "$(cut -f2 "$tmp/out" | sort -n | tr '\n' ' ')" = "$(seq 1 40 | tr '\n' ' ')"
"$cli" find aboure --limit 5 >"$tmp/out" 2>"$tmp/err"
check "find --limit: 5 shown, and how many there are" \
  test "$(wc -l <"$tmp/out")" = 5 -a "$(cat "$tmp/err")" = "5 of 40 games shown (--limit)"

# The perfect-play values: e is best at the start (+4), played or not
"$cli" explore aboure >"$tmp/out" 2>"$tmp/err"
check "explore: values, the best move marked" grep -Eq '^e [0-9]+ .*value 4 exact best$' "$tmp/out"
check "explore: a poor move's value" grep -Eq '^b [0-9]+ .*value -10 exact$' "$tmp/out"
"$cli" explore aboure --player 'Nobody At All' >"$tmp/out" 2>"$tmp/err"
check "explore --player: no games of a stranger, only the best moves never played" \
  test "$(cut -d' ' -f2,3 "$tmp/out" | sort -u)" = "0 never-played"
"$cli" explore aboure --no-values q >"$tmp/out" 2>"$tmp/err"
check "explore: a bad move is refused (exit 2)" test $? = 2 -a -s "$tmp/err"

# A damaged database is rebuilt with a message, the answers unchanged
"$cli" find abe >"$tmp/before"
echo "this is not a database" >"$DJENON_LIBRARY_DIR/library.sqlite"
"$cli" find abe >"$tmp/out" 2>"$tmp/err"
check "damaged database: rebuilt with a message" grep -q 'rebuilt from the game files' "$tmp/err"
check "damaged database: the same games found" cmp -s "$tmp/before" "$tmp/out"

# A changed file is read again
"$cli" generate aboure --games 10 --seed 9 --force "$games/aboure.djn"
"$cli" library update >"$tmp/out" 2>"$tmp/err"
check "library update: one changed file read again" grep -q ' indexed 1 unchanged 2 .* games 10 ' "$tmp/out"
"$cli" explore aboure --no-values >"$tmp/out"
check "explore: the changed file's games" test "$(awk '{ n += $2 } END { print n }' "$tmp/out")" = 10

# library remove: the folder's games are forgotten
"$cli" library remove "$games" >"$tmp/out" 2>"$tmp/err"
"$cli" find abe >"$tmp/out" 2>"$tmp/err"
check "library remove: no games left" test ! -s "$tmp/out"
"$cli" library remove "$games" >"$tmp/out" 2>"$tmp/err"
check "library remove: a folder not in the library (exit 2)" test $? = 2 -a -s "$tmp/err"
"$cli" library frobnicate >"$tmp/out" 2>"$tmp/err"
check "library: an unknown action (exit 2)" test $? = 2

done_testing
