#!/usr/bin/env bash
# djenon-cli validate, convert and show, as a user types them. TAP.
set -u
. "$(dirname "$0")/tap.sh"
cli=${DJENON_CLI:?DJENON_CLI must name the built djenon-cli}
src=${G_TEST_SRCDIR:?G_TEST_SRCDIR must name the tests directory}
samples=$src/../data/samples
hostile=$src/hostile

# check NAME EXPECTED-STATUS COMMAND... ; stdout in $tmp/out, stderr in $tmp/err
check () {
  local name=$1 status=$2; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" != "$status" ]; then
    not_ok "$name" "exit status $got, expected $status" "stdout: $(head -5 "$tmp/out")" \
      "stderr: $(head -5 "$tmp/err")"
    return 1
  fi
  return 0
}

if check "validate the samples" 0 "$cli" validate "$samples/aboure-sample.djenon" \
     "$samples/abe-sample.djenon"; then
  if [ -s "$tmp/out" ] || [ -s "$tmp/err" ]; then
    not_ok "validate the samples" "unexpected output: $(cat "$tmp/out" "$tmp/err")"
  else
    ok "validate the samples"
  fi
fi

cp "$hostile/illegal-move.djenon" "$tmp/bad.djenon"
cp "$hostile/variation-not-closed.djenon" "$tmp/open.djenon"
if check "validate reports each problem as FILE:LINE: message" 1 "$cli" validate \
     "$samples/abe-sample.djenon" "$tmp/bad.djenon" "$tmp/open.djenon"; then
  expected="$tmp/bad.djenon:7: illegal move D: A single seed cannot be moved in Djenon-aboure
$tmp/open.djenon:9: the variation started at line 7 is not closed"
  if [ "$(cat "$tmp/out")" = "$expected" ]; then
    ok "validate reports each problem as FILE:LINE: message"
  else
    not_ok "validate reports each problem as FILE:LINE: message" "got:" "$(cat "$tmp/out")"
  fi
fi

if check "validate a text file" 1 "$cli" validate "$hostile/not-xml.djenon"; then
  if grep -q "not-xml.djenon:1: this is not an XML file" "$tmp/out"; then
    ok "validate a text file"
  else
    not_ok "validate a text file" "$(cat "$tmp/out")"
  fi
fi

if check "XML to text to XML" 0 "$cli" convert "$samples/abe-sample.djenon" "$tmp/abe.txt" &&
   check "XML to text to XML" 0 "$cli" convert "$tmp/abe.txt" "$tmp/abe.djenon"; then
  if cmp -s "$tmp/abe.djenon" "$samples/abe-sample.djenon" &&
     grep -q '^\[Variant "abe"\]$' "$tmp/abe.txt"; then
    ok "XML to text to XML"
  else
    not_ok "XML to text to XML" "$(diff "$samples/abe-sample.djenon" "$tmp/abe.djenon" | head)"
  fi
fi

if check "standard input and output: XML in, text out" 0 \
     "$cli" convert - - <"$samples/aboure-sample.djenon"; then
  if cmp -s "$tmp/out" <("$cli" convert "$samples/aboure-sample.djenon" -); then
    if head -1 "$tmp/out" | grep -q '^\[Variant "aboure"\]$'; then
      ok "standard input and output: XML in, text out"
    else
      not_ok "standard input and output: XML in, text out" "$(head -3 "$tmp/out")"
    fi
  else
    not_ok "standard input and output: XML in, text out" "differs from the file's conversion"
  fi
fi

printf '[Variant "aboure"]\n\n1. b F 2. d {good} A *\n' >"$tmp/short.txt"
if check "--from text --to xml" 0 "$cli" convert --from text --to xml - - <"$tmp/short.txt"; then
  if grep -q '<comment-after>good</comment-after>' "$tmp/out"; then
    ok "--from text --to xml"
  else
    not_ok "--from text --to xml" "$(cat "$tmp/out")"
  fi
fi

printf '[Variant "aboure"]\n\n1. b F 2. d\n{never closed\n' >"$tmp/broken.txt"
if check "a broken text file names its line and column" 1 "$cli" convert "$tmp/broken.txt" "$tmp/x.djenon"; then
  if grep -q "broken.txt:4:1: this comment is not closed" "$tmp/err" && [ ! -e "$tmp/x.djenon" ]; then
    ok "a broken text file names its line and column"
  else
    not_ok "a broken text file names its line and column" "$(cat "$tmp/err")"
  fi
fi

if check "unknown file type" 2 "$cli" convert "$samples/abe-sample.djenon" "$tmp/abe.pgn"; then
  ok "unknown file type"
fi

if check "show the main line" 0 "$cli" show "$samples/aboure-sample.djenon"; then
  last=$(tail -1 "$tmp/out")
  if [ "$(wc -l <"$tmp/out")" = 21 ] &&
     [ "$(head -1 "$tmp/out")" = "b | 1 2 6 6 0 5 5 5 1 5 5 5 | 2 0 | N | A B D E F | -" ] &&
     [ "$last" = "c | 0 0 1 0 0 1 1 0 1 0 1 1 | 20 22 | N | - | over 22 26 N no-moves" ]; then
    ok "show the main line"
  else
    not_ok "show the main line" "$(head -2 "$tmp/out")" "$last"
  fi
fi

# show gives the same lines as play for the same moves.
moves=$(sed 's/ .*//' "$tmp/out" | tr '\n' ' ')
# shellcheck disable=SC2086
if "$cli" play aboure $moves >"$tmp/play" && cmp -s "$tmp/out" "$tmp/play"; then
  ok "show prints what play prints"
else
  not_ok "show prints what play prints"
fi

"$cli" convert "$samples/abe-sample.djenon" "$tmp/one.txt" >/dev/null
cat "$tmp/one.txt" "$tmp/short.txt" >"$tmp/two.txt"
if check "show --game 2" 0 "$cli" show --game 2 "$tmp/two.txt"; then
  if [ "$(cat "$tmp/out" | wc -l)" = 4 ] && head -1 "$tmp/out" | grep -q '^b |'; then
    ok "show --game 2"
  else
    not_ok "show --game 2" "$(cat "$tmp/out")"
  fi
fi
if check "show --game 3 of two" 2 "$cli" show --game 3 "$tmp/two.txt"; then
  if grep -q "holds 2 games" "$tmp/err"; then ok "show --game 3 of two"; else not_ok "show --game 3 of two" "$(cat "$tmp/err")"; fi
fi

# Saving never destroys, and a failed save has its own exit status, 3.
if check "a failed save exits 3" 3 "$cli" convert "$samples/abe-sample.djenon" "$tmp/no/such/dir/x.djenon"; then
  if grep -q "x.djenon: cannot save the file: " "$tmp/err"; then ok "a failed save exits 3"; else not_ok "a failed save exits 3" "$(cat "$tmp/err")"; fi
fi
# A device like /dev/full, of our own where root may make one: a save that
# went wrong must never replace the system's.  Else a link to it.
mknod "$tmp/full" c 1 7 2>/dev/null || ln -s /dev/full "$tmp/full"
if [ -c "$tmp/full" ]; then
  if check "saving text to a device is refused" 3 "$cli" convert --to text "$samples/abe-sample.djenon" "$tmp/full"; then
    if grep -q "full: cannot save the file: it is a device, not a file" "$tmp/err" && [ -c "$tmp/full" ]; then
      ok "saving text to a device is refused"
    else
      not_ok "saving text to a device is refused" "$(cat "$tmp/err")" "$(ls -l "$tmp/full")"
    fi
  fi
fi
printf 'old\n' >"$tmp/target.txt"
chmod 600 "$tmp/target.txt"
ln -s target.txt "$tmp/link.txt"
if check "a text save through a link keeps the link and the permissions" 0 "$cli" convert "$samples/abe-sample.djenon" "$tmp/link.txt"; then
  if [ -L "$tmp/link.txt" ] && [ "$(stat -c %a "$tmp/target.txt")" = 600 ] &&
     grep -q '^\[Variant "abe"\]$' "$tmp/target.txt"; then
    ok "a text save through a link keeps the link and the permissions"
  else
    not_ok "a text save through a link keeps the link and the permissions" "$(ls -l "$tmp")"
  fi
fi
printf 'old\n' >"$tmp/one.djenon"
ln "$tmp/one.djenon" "$tmp/two.djenon"
if check "an XML save to a hard-linked file changes both names" 0 "$cli" convert "$samples/abe-sample.djenon" "$tmp/one.djenon"; then
  if cmp -s "$tmp/one.djenon" "$samples/abe-sample.djenon" && cmp -s "$tmp/two.djenon" "$samples/abe-sample.djenon"; then
    ok "an XML save to a hard-linked file changes both names"
  else
    not_ok "an XML save to a hard-linked file changes both names"
  fi
fi

# A read-only file is refused, whatever its links, unless --force (issue 21).
for mode in 444 000; do
  printf 'old\n' >"$tmp/ro-$mode.txt"
  chmod "$mode" "$tmp/ro-$mode.txt"
  if check "convert refuses a file of mode $mode" 3 "$cli" convert "$samples/abe-sample.djenon" "$tmp/ro-$mode.txt"; then
    if grep -q "ro-$mode.txt: cannot save the file: it is read-only" "$tmp/err" && grep -q -- "--force" "$tmp/err" &&
       [ "$(cat "$tmp/ro-$mode.txt")" = old ] && [ "$(stat -c %a "$tmp/ro-$mode.txt")" = "${mode#00}" ]; then
      ok "convert refuses a file of mode $mode"
    else
      not_ok "convert refuses a file of mode $mode" "$(cat "$tmp/err")"
    fi
  fi
done
printf 'old\n' >"$tmp/ro-one.djenon"
ln "$tmp/ro-one.djenon" "$tmp/ro-two.djenon"
chmod 444 "$tmp/ro-one.djenon"
if check "convert refuses a read-only file with two names" 3 "$cli" convert "$samples/abe-sample.djenon" "$tmp/ro-one.djenon"; then
  if grep -q "it is read-only" "$tmp/err" && [ "$(cat "$tmp/ro-two.djenon")" = old ]; then
    ok "convert refuses a read-only file with two names"
  else
    not_ok "convert refuses a read-only file with two names" "$(cat "$tmp/err")"
  fi
fi
if [ "$(id -u)" = 0 ]; then
  if check "convert --force replaces a read-only file" 0 "$cli" convert --force "$samples/abe-sample.djenon" "$tmp/ro-444.txt"; then
    if grep -q '^\[Variant "abe"\]$' "$tmp/ro-444.txt" && [ "$(stat -c %a "$tmp/ro-444.txt")" = 444 ]; then
      ok "convert --force replaces a read-only file"
    else
      not_ok "convert --force replaces a read-only file" "$(ls -l "$tmp/ro-444.txt")"
    fi
  fi
fi

# Standard input: text notation is recognised, and no input grows without bound.
if check "convert - detects text notation" 0 "$cli" convert - "$tmp/from-stdin.djenon" <"$tmp/short.txt"; then
  if grep -q '<comment-after>good</comment-after>' "$tmp/from-stdin.djenon"; then
    ok "convert - detects text notation"
  else
    not_ok "convert - detects text notation" "$(cat "$tmp/from-stdin.djenon")"
  fi
fi
for args in "validate -" "convert - $tmp/z.djenon" "convert --from text - $tmp/z.djenon" "convert --from xml - $tmp/z.txt"; do
  start=$(date +%s)
  # More zeros than the memory allowed: reading them all in would fail.
  # shellcheck disable=SC2086
  (ulimit -v 400000; head -c 1200000000 /dev/zero | "$cli" $args) >"$tmp/out" 2>"$tmp/err"
  status=$?
  if [ "$status" = 1 ] && [ $(( $(date +%s) - start )) -lt 20 ] && [ ! -e "$tmp/z.djenon" ] &&
     grep -q "^<stdin>:1: " "$tmp/out" "$tmp/err"; then
    ok "$args with /dev/zero is refused at once"
  else
    not_ok "$args with /dev/zero is refused at once" "status $status" "$(cat "$tmp/out" "$tmp/err" | head -c 300)"
  fi
done

done_testing
