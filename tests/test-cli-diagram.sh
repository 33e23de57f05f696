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
refused "diagram: unwritable output" "cannot write the file" \
  "$cli" diagram aboure --output "$tmp/no/such/dir/refused.png"

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

done_testing
