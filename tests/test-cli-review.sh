#!/usr/bin/env bash
# djenon-cli review: Review Game and Clear Review on whole files. TAP.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
. "$(dirname "$0")/tap.sh"
cli=${DJENON_CLI:?DJENON_CLI must name the built djenon-cli}
src=${G_TEST_SRCDIR:?G_TEST_SRCDIR must name the tests directory}
samples=$src/../data/samples
schema=$src/../data/djenon-game.rng

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

# The person's annotations of a file, in order: moves, glyphs, assessments,
# comments and markers (the sample's comments are one line each).
human () {
  grep -oE '<move pit="[^"]*"|(glyph|assessment|time-ms)="[^"]*"|<comment-(before|after)>.*</comment-(before|after)>|<marker [^>]*>|<variation-(start|end)/>' "$1"
}

cp "$samples/abe-sample.djenon" "$tmp/game.djenon"
if check "review a file" 0 "$cli" review "$tmp/game.djenon" --output "$tmp/reviewed.djenon"; then
  if ! grep -q '<finding judgement="mistake" loss="4" before="6" after="2" line="B ' \
       "$tmp/reviewed.djenon"; then
    not_ok "review a file" "no finding that 1…F lost 4 seeds against B" \
      "$(grep -m3 '<finding' "$tmp/reviewed.djenon")"
  elif ! cmp -s "$tmp/game.djenon" "$samples/abe-sample.djenon"; then
    not_ok "review a file" "the input changed"
  else
    ok "review a file"
  fi
fi

# The human "?!" on 1…F and every comment stay as they were, byte for byte,
# and no prose is added: the findings are data.
human "$tmp/game.djenon" >"$tmp/human-before"
human "$tmp/reviewed.djenon" >"$tmp/human-after"
if [ "$(grep -c 'glyph="?!"' "$tmp/human-before")" -gt 0 ] &&
   cmp -s "$tmp/human-before" "$tmp/human-after"; then
  ok "the person's glyphs and comments are untouched"
else
  not_ok "the person's glyphs and comments are untouched" \
    "$(diff "$tmp/human-before" "$tmp/human-after" | head -10)"
fi
if grep '<finding ' "$tmp/reviewed.djenon" | grep -qiE 'best:|played|seeds'; then
  not_ok "findings hold no prose" "$(grep -m2 '<finding ' "$tmp/reviewed.djenon")"
else
  ok "findings hold no prose"
fi

if command -v xmllint >/dev/null; then
  if xmllint --noout --relaxng "$schema" "$tmp/reviewed.djenon" 2>"$tmp/err"; then
    ok "a reviewed file is valid by the schema"
  else
    not_ok "a reviewed file is valid by the schema" "$(head -5 "$tmp/err")"
  fi
fi

# Text notation keeps the findings as [%review …] commands.
if check "to text and back" 0 "$cli" convert "$tmp/reviewed.djenon" "$tmp/reviewed.djn" &&
   check "to text and back" 0 "$cli" convert "$tmp/reviewed.djn" "$tmp/back.djenon"; then
  if grep -q '\[%review mistake loss=4 before=6 after=2 line=B,' "$tmp/reviewed.djn" &&
     cmp -s "$tmp/reviewed.djenon" "$tmp/back.djenon"; then
    ok "to text and back"
  else
    not_ok "to text and back" "$(diff "$tmp/reviewed.djenon" "$tmp/back.djenon" | head -5)"
  fi
fi

# Clear Review gives back the file before the review, byte for byte.
if check "clear a review" 0 "$cli" review --clear "$tmp/reviewed.djenon" \
     --output "$tmp/cleared.djenon"; then
  if cmp -s "$tmp/cleared.djenon" "$samples/abe-sample.djenon"; then
    ok "clear a review"
  else
    not_ok "clear a review" "$(diff "$samples/abe-sample.djenon" "$tmp/cleared.djenon" | head -5)"
  fi
fi

# Thresholds: with a mistake from 5 seeds, the 4 seeds of 1…F are an
# inaccuracy; the thresholds used are in the file.  --clear over text, into
# the same name (safe save replaces it).
cp "$tmp/reviewed.djn" "$tmp/again.djn"
if check "thresholds" 0 "$cli" review --game 1 --inaccuracy 2 --mistake 5 --blunder 9 \
     "$tmp/again.djn" --output "$tmp/again.djn"; then
  if grep -q '\[%review inaccuracy loss=4 before=6 after=2 line=B,[^]]*thresholds=2,5,9\]' \
       "$tmp/again.djn"; then
    ok "thresholds"
  else
    not_ok "thresholds" "$(grep -o '\[%review[^]]*\]' "$tmp/again.djn" | head -3)"
  fi
fi

# Several files go into a folder, each under its own name.
mkdir "$tmp/out-dir"
cp "$tmp/reviewed.djenon" "$tmp/one.djenon"
cp "$tmp/reviewed.djn" "$tmp/two.djn"
if check "clear several files into a folder" 0 "$cli" review --clear "$tmp/one.djenon" \
     "$tmp/two.djn" --output "$tmp/out-dir"; then
  if cmp -s "$tmp/out-dir/one.djenon" "$samples/abe-sample.djenon" &&
     ! grep -q '%review' "$tmp/out-dir/two.djn"; then
    ok "clear several files into a folder"
  else
    not_ok "clear several files into a folder" "$(ls "$tmp/out-dir")"
  fi
fi

# Bad arguments: exit status 2, nothing written.
check "several files need a folder" 2 "$cli" review --clear "$tmp/one.djenon" "$tmp/two.djn" \
  --output "$tmp/x.djenon" && [ ! -e "$tmp/x.djenon" ] && ok "several files need a folder"
check "thresholds in order" 2 "$cli" review --mistake 7 --blunder 6 "$tmp/one.djenon" \
  --output "$tmp/x.djenon" && [ ! -e "$tmp/x.djenon" ] && ok "thresholds in order"
check "an output is needed" 2 "$cli" review "$tmp/one.djenon" && ok "an output is needed"
cp "$src/hostile/illegal-move.djenon" "$tmp/bad.djenon"
check "an invalid file: status 1" 1 "$cli" review --clear "$tmp/bad.djenon" \
  --output "$tmp/x.djenon" && [ ! -e "$tmp/x.djenon" ] && ok "an invalid file: status 1"

done_testing
