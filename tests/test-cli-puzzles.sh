#!/usr/bin/env bash
# djenon-cli puzzles as a user runs it: a set from random games or from game
# files, reproducible with a seed, a valid game file, checked again exactly;
# a changed solution is found.  TAP.
set -u
. "$(dirname "$0")/tap.sh"
cli=${DJENON_CLI:?DJENON_CLI must name the built djenon-cli}
samples=$(dirname "$0")/../data/samples

# The same seed gives the same set, byte for byte; it validates and checks.
"$cli" puzzles --random 150 --seed 7 --output "$tmp/a.djenon" 2>"$tmp/err-a"
st_a=$?
"$cli" puzzles --random 150 --seed 7 >"$tmp/b.djenon" 2>"$tmp/err-b"
st_b=$?
count=$(grep -c '<game>' "$tmp/a.djenon" 2>/dev/null || echo 0)
if [ "$st_a" = 0 ] && [ "$st_b" = 0 ] && [ "$count" -ge 5 ] && cmp -s "$tmp/a.djenon" "$tmp/b.djenon"
then
  ok "--random 150 --seed 7 twice: the same $count puzzles in the file and on the standard output"
else
  not_ok "--random with a seed is reproducible" "status $st_a $st_b, $count puzzles" \
    "$(cat "$tmp/err-a")" "$(diff "$tmp/a.djenon" "$tmp/b.djenon" | head)"
fi
if grep -q '^[0-9]* puzzles from 150 positions' "$tmp/err-a"; then
  ok "the summary names the positions checked"
else
  not_ok "the summary names the positions checked" "$(cat "$tmp/err-a")"
fi

"$cli" puzzles --random 150 --seed 8 >"$tmp/c.djenon" 2>/dev/null
if ! cmp -s "$tmp/a.djenon" "$tmp/c.djenon"; then
  ok "another seed, other puzzles"
else
  not_ok "another seed, other puzzles"
fi

if "$cli" validate "$tmp/a.djenon" >"$tmp/out" 2>&1; then
  ok "the set is a valid game file"
else
  not_ok "the set is a valid game file" "$(cat "$tmp/out")"
fi
if "$cli" show --game 1 "$tmp/a.djenon" >"$tmp/out" 2>&1 && [ -s "$tmp/out" ]; then
  ok "a puzzle shows like any game"
else
  not_ok "a puzzle shows like any game" "$(cat "$tmp/out")"
fi

# Every puzzle: a set-up, a solution, a theme and a difficulty.
setups=$(grep -c '<setup ' "$tmp/a.djenon")
themes=$(grep -c '<tag key="PuzzleTheme">\(none\|capture-chain\|feeding\|starving\|endless-avoided\)<' "$tmp/a.djenon")
difficulties=$(grep -c '<tag key="PuzzleDifficulty">[1-9][0-9]*<' "$tmp/a.djenon")
solutions=$(grep -c '<moves>' "$tmp/a.djenon")
if [ "$setups" = "$count" ] && [ "$themes" = "$count" ] && [ "$difficulties" = "$count" ] &&
   [ "$solutions" = "$count" ]; then
  ok "each of the $count puzzles has a set-up, a solution, a theme and a difficulty"
else
  not_ok "each puzzle has a set-up, a solution, a theme and a difficulty" \
    "$count games, $setups set-ups, $solutions solutions, $themes themes, $difficulties difficulties"
fi

if "$cli" puzzles --check "$tmp/a.djenon" >"$tmp/out" 2>&1 &&
   grep -q "$count puzzles checked, every one exact" "$tmp/out"; then
  ok "--check: every puzzle exact"
else
  not_ok "--check: every puzzle exact" "$(cat "$tmp/out")"
fi

# Make the first solution another legal move alone: --check
# says which puzzle and why, and exits 1.
python3 - "$tmp/a.djenon" "$tmp/bad.djenon" "$cli" <<'PY'
import re, subprocess, sys
text = open(sys.argv[1]).read()
game = re.search(r'<game>.*?</game>', text, re.S)
setup = re.search(r'<setup pits="([^"]*)" south-captured="(\d+)" north-captured="(\d+)" to-move="(\w+)"', game.group(0))
rules = re.search(r'<rules variant="(\w+)"(?: feeding="([\w-]+)")?', game.group(0))
first = re.search(r'<move pit="(\w)"/>', game.group(0)).group(1)
pos = '%s %s %s %s' % (setup.group(1), setup.group(2), setup.group(3), 'S' if setup.group(4) == 'south' else 'N')
args = [sys.argv[3], 'analyse', rules.group(1), '--setup', pos]
if rules.group(2):
    args += ['--feeding', rules.group(2)]
out = subprocess.run(args, capture_output=True, text=True).stdout
other = [l.split()[0] for l in out.splitlines() if l.split() and l.split()[0] not in ('position', 'nodes', first)][0]
bad = re.sub(r'<moves>.*?</moves>', '<moves><move pit="%s"/></moves>' % other, game.group(0), count=1, flags=re.S)
open(sys.argv[2], 'w').write(text.replace(game.group(0), bad, 1))
PY
"$cli" puzzles --check "$tmp/bad.djenon" >"$tmp/out" 2>"$tmp/err"
st=$?
if [ "$st" = 1 ] && grep -q 'bad.djenon: puzzle 1: the solution starts with' "$tmp/err" &&
   [ "$(grep -c ': puzzle [0-9]*:' "$tmp/err")" = 1 ]; then
  ok "--check: a changed solution is named, exit 1"
else
  not_ok "--check: a changed solution is named, exit 1" "status $st" "$(cat "$tmp/err")"
fi

# A stricter rule than the set was made with: the tag says its own N.
sed 's/"PuzzleMinLoss">4</"PuzzleMinLoss">48</' "$tmp/a.djenon" >"$tmp/strict.djenon"
"$cli" puzzles --check "$tmp/strict.djenon" >"$tmp/out" 2>"$tmp/err"
if [ $? = 1 ] && grep -q "puzzle 1: not a puzzle: the second best move loses" "$tmp/err"; then
  ok "--check: each puzzle's own minimum loss"
else
  not_ok "--check: each puzzle's own minimum loss" "$(cat "$tmp/err")"
fi

# From game files: positions of the main lines, only the rules asked for.
"$cli" puzzles --from "$samples/aboure-sample.djenon" --variant aboure --min-loss 2 \
  --count 3 --output "$tmp/from.djenon" 2>"$tmp/err"
if [ $? = 0 ] && [ "$(grep -c '<game>' "$tmp/from.djenon")" = 3 ] &&
   grep -q '<source>aboure-sample.djenon, game 1, ply' "$tmp/from.djenon" &&
   "$cli" puzzles --check "$tmp/from.djenon" >/dev/null 2>&1; then
  ok "--from a sample game: 3 puzzles, each naming where it comes from"
else
  not_ok "--from a sample game" "$(cat "$tmp/err")" "$(head -20 "$tmp/from.djenon")"
fi
"$cli" puzzles --from "$samples/aboure-sample.djenon" --variant abe >"$tmp/none.djenon" 2>"$tmp/err"
if [ $? = 0 ] && ! grep -q '<game>' "$tmp/none.djenon" && grep -q '^0 puzzles from 0 positions' "$tmp/err"; then
  ok "--from with other rules: no puzzle"
else
  not_ok "--from with other rules: no puzzle" "$(cat "$tmp/err")"
fi

# Djenon-abe with the immediate feeding reading.
"$cli" puzzles --random 40 --variant abe --feeding immediate --seed 3 --output "$tmp/abe.djenon" 2>/dev/null
if [ $? = 0 ] && grep -q '<rules variant="abe" feeding="immediate"/>' "$tmp/abe.djenon" &&
   "$cli" puzzles --check "$tmp/abe.djenon" >/dev/null 2>&1; then
  ok "abe --feeding immediate: puzzles of those rules, checked"
else
  not_ok "abe --feeding immediate" "$(head -30 "$tmp/abe.djenon")"
fi

# Bad arguments: exit 2 with a message.
for args in "" "--random 5 --from x.djenon" "--random -1" "--random 5 --min-loss 0" \
            "--random 5 --variant chess" "--check a --random 3" "--random 5 extra"; do
  # shellcheck disable=SC2086
  "$cli" puzzles $args >"$tmp/out" 2>"$tmp/err"
  st=$?
  if [ "$st" = 2 ] && [ -s "$tmp/err" ] && [ ! -s "$tmp/out" ]; then
    ok "puzzles $args: exit 2 with a message"
  else
    not_ok "puzzles $args: exit 2 with a message" "status $st" "$(cat "$tmp/err")"
  fi
done

# An output that cannot be saved: exit 3, nothing left behind.
"$cli" puzzles --random 20 --output "$tmp/no/such/dir/p.djenon" >/dev/null 2>"$tmp/err"
if [ $? = 3 ] && [ -s "$tmp/err" ]; then
  ok "an output that cannot be saved: exit 3"
else
  not_ok "an output that cannot be saved: exit 3" "$(cat "$tmp/err")"
fi

done_testing
