#!/usr/bin/env bash
# djenon-cli diagram and sheet, as a user types them. TAP.
set -u
. "$(dirname "$0")/tap.sh"
cli=${DJENON_CLI:?DJENON_CLI must name the built djenon-cli}
src=${G_TEST_SRCDIR:?G_TEST_SRCDIR must name the tests directory}
samples=$src/../data/samples

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

# refused NAME MESSAGE-PART COMMAND...: exit status 2, the message on stderr, no file written
refused () {
  local name=$1 message=$2; shift 2
  rm -f "$tmp"/refused.*
  if check "$name" 2 "$@"; then
    if ! grep -qF -- "$message" "$tmp/err"; then
      not_ok "$name" "expected “$message” in:" "$(cat "$tmp/err")"
    elif ls "$tmp"/refused.* >/dev/null 2>&1; then
      not_ok "$name" "a file was written"
    else
      ok "$name"
    fi
  fi
}

png_size () {
  # width and height from the IHDR chunk
  od -An -tu1 -j16 -N8 "$1" | awk '{ print $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }'
}

# A PNG of the sample's position after 12 moves, 800 pixels wide.
if check "diagram of a game file as PNG" 0 "$cli" diagram "$samples/aboure-sample.djenon" \
     --move 12 --size 800 --caption --output "$tmp/a.png"; then
  size=$(png_size "$tmp/a.png")
  w=${size% *}; h=${size#* }
  if [ "$w" = 800 ] && [ "$h" -gt 290 ] && [ "$h" -lt 340 ]; then
    ok "diagram of a game file as PNG"
  else
    not_ok "diagram of a game file as PNG" "size $size"
  fi
fi

# VARIANT --setup: the SVG holds the position given, pit by pit.
pos="0 2 2 3 1 3 2 2 12 6 0 1 6 8 S"
if check "diagram of a set-up position as SVG" 0 "$cli" diagram aboure --setup "$pos" \
     --output "$tmp/b.svg"; then
  seeds=$(xmllint --xpath '//*[local-name()="pit"]/@seeds' "$tmp/b.svg" 2>/dev/null |
          tr '\n' ' ' | sed 's/[^0-9 ]//g' | tr -s ' ' | sed 's/^ //; s/ $//')
  width=$(xmllint --xpath 'string(/*/@width)' "$tmp/b.svg")
  if [ "$seeds" = "0 2 2 3 1 3 2 2 12 6 0 1" ] && [ "$width" = 640px ]; then
    ok "diagram of a set-up position as SVG"
  else
    not_ok "diagram of a set-up position as SVG" "seeds: $seeds" "width: $width"
  fi
fi

# The position at the end of the main line by default, a game chosen by --game.
if check "diagram: the last position by default" 0 "$cli" diagram "$samples/abe-sample.djenon" \
     --output "$tmp/c.svg" &&
   check "diagram: the last position by default" 0 "$cli" show "$samples/abe-sample.djenon"; then
  last=$(tail -1 "$tmp/out" | awk -F' [|] ' '{ print $2 }')
  seeds=$(xmllint --xpath '//*[local-name()="pit"]/@seeds' "$tmp/c.svg" 2>/dev/null |
          tr '\n' ' ' | sed 's/[^0-9 ]//g' | tr -s ' ' | sed 's/^ //; s/ $//')
  if [ "$seeds" = "$last" ]; then
    ok "diagram: the last position by default"
  else
    not_ok "diagram: the last position by default" "svg: $seeds" "show: $last"
  fi
fi

# A move path through the tree (the sample's variation 1… B?).
if check "diagram: a move path into a variation" 0 "$cli" diagram \
     "$samples/aboure-sample.djenon" --move "1. b B" --output "$tmp/d.svg" &&
   check "diagram: a move path into a variation" 0 "$cli" play aboure b B; then
  want=$(tail -1 "$tmp/out" | awk -F' [|] ' '{ print $2 }')
  seeds=$(xmllint --xpath '//*[local-name()="pit"]/@seeds' "$tmp/d.svg" 2>/dev/null |
          tr '\n' ' ' | sed 's/[^0-9 ]//g' | tr -s ' ' | sed 's/^ //; s/ $//')
  last=$(xmllint --xpath 'string(//*[local-name()="position"]/@last-move)' "$tmp/d.svg")
  if [ "$seeds" = "$want" ] && [ "$last" = B ]; then
    ok "diagram: a move path into a variation"
  else
    not_ok "diagram: a move path into a variation" "svg: $seeds ($last)" "play: $want"
  fi
fi

refused "diagram: no output" "Usage: djenon-cli diagram" \
  "$cli" diagram aboure
refused "diagram: unknown picture type" "unknown picture type" \
  "$cli" diagram aboure --output "$tmp/refused.jpg"
refused "diagram: size too small" "not 10" \
  "$cli" diagram aboure --size 10 --output "$tmp/refused.png"
refused "diagram: size too large" "not 100000" \
  "$cli" diagram aboure --size 100000 --output "$tmp/refused.png"
refused "diagram: bad set-up" "Invalid set-up position" \
  "$cli" diagram aboure --setup "4 4 4" --output "$tmp/refused.png"
refused "diagram: --move with a variant" "--move needs a game file" \
  "$cli" diagram abe --move 3 --output "$tmp/refused.png"
refused "diagram: a move the game does not have" "no move F after move 2" \
  "$cli" diagram "$samples/aboure-sample.djenon" --move "b F F" --output "$tmp/refused.png"
refused "diagram: past the end of the main line" "The main line has 21 moves, not 99" \
  "$cli" diagram "$samples/aboure-sample.djenon" --move 99 --output "$tmp/refused.png"
refused "diagram: no such game" "there is no game 3" \
  "$cli" diagram "$samples/aboure-sample.djenon" --game 3 --output "$tmp/refused.png"
refused "diagram: not a number" "Cannot parse integer" \
  "$cli" diagram aboure --size big --output "$tmp/refused.png"
if check "diagram: unwritable output exits 3" 3 "$cli" diagram aboure --output "$tmp/no/such/dir/refused.png"; then
  if grep -q "refused.png: cannot save the file" "$tmp/err"; then ok "diagram: unwritable output exits 3"; else not_ok "diagram: unwritable output exits 3" "$(cat "$tmp/err")"; fi
fi

if check "diagram: a file that is not a game" 1 "$cli" diagram "$src/hostile/not-xml.djenon" \
     --output "$tmp/refused.png" && grep -q "not-xml.djenon:1:" "$tmp/err" &&
   ! [ -e "$tmp/refused.png" ]; then
  ok "diagram: a file that is not a game"
else
  not_ok "diagram: a file that is not a game" "$(cat "$tmp/err")"
fi

# The sheet: pages and text read back with poppler.
if command -v pdftotext >/dev/null && command -v pdfinfo >/dev/null; then
  if check "sheet as PDF" 0 "$cli" sheet "$samples/aboure-sample.djenon" --every 10 \
       --diagram "1. b B" --output "$tmp/s.pdf"; then
    pages=$(pdfinfo "$tmp/s.pdf" | awk '/^Pages:/ { print $2 }')
    size=$(pdfinfo "$tmp/s.pdf" | awk '/^Page size:/ { print $3 "x" $5 }')
    pdftotext "$tmp/s.pdf" "$tmp/s.txt"
    if [ "$pages" = 2 ] && [ "$size" = 595.276x841.89 ] &&
       grep -q "Aminata Koné – Ibrahim Sanogo" "$tmp/s.txt" &&
       grep -q "1… B? ·" "$tmp/s.txt" && grep -q "page 2 of 2" "$tmp/s.txt"; then
      ok "sheet as PDF"
    else
      not_ok "sheet as PDF" "pages $pages, size $size" "$(head -20 "$tmp/s.txt")"
    fi
  fi
  if check "sheet on letter paper, second game" 0 "$cli" sheet "$samples/abe-sample.djenon" \
       --game 1 --paper letter --output "$tmp/l.pdf"; then
    size=$(pdfinfo "$tmp/l.pdf" | awk '/^Page size:/ { print $3 "x" $5 }')
    if [ "$size" = 612x792 ]; then ok "sheet on letter paper, second game"
    else not_ok "sheet on letter paper, second game" "size $size"; fi
  fi
else
  ok "sheet as PDF # SKIP poppler-utils is not installed"
  ok "sheet on letter paper # SKIP poppler-utils is not installed"
fi

refused "sheet: not a PDF" "is written as PDF" \
  "$cli" sheet "$samples/aboure-sample.djenon" --output "$tmp/refused.png"
refused "sheet: no output" "Usage: djenon-cli sheet" \
  "$cli" sheet "$samples/aboure-sample.djenon"
refused "sheet: bad --every" "is not a number of moves" \
  "$cli" sheet "$samples/aboure-sample.djenon" --every -2 --output "$tmp/refused.pdf"
refused "sheet: bad --diagram" "not a move" \
  "$cli" sheet "$samples/aboure-sample.djenon" --diagram "b x" --output "$tmp/refused.pdf"
refused "sheet: bad paper" "is not a4 or letter" \
  "$cli" sheet "$samples/aboure-sample.djenon" --paper a3 --output "$tmp/refused.pdf"
refused "sheet: no such game" "there is no game 2" \
  "$cli" sheet "$samples/aboure-sample.djenon" --game 2 --output "$tmp/refused.pdf"

# Every file written goes through the safe save (issue 21): a pipe is
# refused at once, a failed save exits 3 and leaves the old file whole,
# "-" writes to the standard output.
mkfifo "$tmp/pipe.png" "$tmp/pipe.pdf"
for cmd in "diagram aboure --output $tmp/pipe.png" "sheet $samples/aboure-sample.djenon --output $tmp/pipe.pdf"; do
  # shellcheck disable=SC2086
  timeout 20 "$cli" $cmd >"$tmp/out" 2>"$tmp/err"
  status=$?
  if [ "$status" = 3 ] && grep -q "cannot save the file: it is a pipe" "$tmp/err"; then
    ok "${cmd%% *} to a pipe is refused"
  else
    not_ok "${cmd%% *} to a pipe is refused" "status $status" "$(cat "$tmp/err")"
  fi
done
if check "diagram to the standard output" 0 "$cli" diagram aboure --format svg --output -; then
  if grep -q "<svg" "$tmp/out"; then ok "diagram to the standard output"; else not_ok "diagram to the standard output" "$(head -c 200 "$tmp/out")"; fi
fi
if check "sheet to the standard output" 0 "$cli" sheet "$samples/aboure-sample.djenon" --output -; then
  if [ "$(head -c 5 "$tmp/out")" = "%PDF-" ]; then ok "sheet to the standard output"; else not_ok "sheet to the standard output"; fi
fi
printf 'old\n' >"$tmp/ro.png"
chmod 444 "$tmp/ro.png"
if check "diagram refuses a read-only file" 3 "$cli" diagram aboure --output "$tmp/ro.png"; then
  if grep -q "it is read-only" "$tmp/err" && [ "$(cat "$tmp/ro.png")" = old ]; then
    ok "diagram refuses a read-only file"
  else
    not_ok "diagram refuses a read-only file" "$(cat "$tmp/err")"
  fi
fi
# A full disk: a small file system of our own, where root may mount one.
mkdir "$tmp/full"
if mount -t tmpfs -o size=2m tmpfs "$tmp/full" 2>/dev/null; then
  "$cli" diagram aboure --output "$tmp/full/old.png" && "$cli" diagram aboure --output "$tmp/full/old.svg" &&
    "$cli" sheet "$samples/aboure-sample.djenon" --output "$tmp/full/old.pdf" ||
    not_ok "pictures and a sheet on a small file system" "$(ls -l "$tmp/full")"
  cp "$tmp/full/old.png" "$tmp/full/old.svg" "$tmp/full/old.pdf" "$tmp"
  dd if=/dev/zero of="$tmp/full/filler" bs=1k 2>/dev/null
  for cmd in "diagram aboure --size 1200 --output $tmp/full/old.png" "diagram abe --size 1200 --output $tmp/full/old.svg" \
             "sheet $samples/abe-sample.djenon --output $tmp/full/old.pdf"; do
    out=${cmd##* }
    # shellcheck disable=SC2086
    "$cli" $cmd >"$tmp/out" 2>"$tmp/err"
    status=$?
    if [ "$status" = 3 ] && cmp -s "$out" "$tmp/$(basename "$out")" && grep -q "cannot save the file" "$tmp/err"; then
      ok "${cmd%% *} on a full disk: exit 3, $(basename "$out") unchanged"
    else
      not_ok "${cmd%% *} on a full disk: exit 3, $(basename "$out") unchanged" "status $status" "$(cat "$tmp/err")" "$(ls -l "$tmp/full")"
    fi
  done
  umount "$tmp/full"
else
  echo "# skipped the full disk: cannot mount a small tmpfs here"
fi

done_testing
