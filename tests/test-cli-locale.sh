#!/usr/bin/env bash
# djenon-cli speaks the language of $LANGUAGE (its messages, not its
# machine-readable output), from the build tree's translations. TAP.
set -u
. "$(dirname "$0")/tap.sh"
cli=${DJENON_CLI:?}

# LANGUAGE, text expected on the standard error of "play aboure c D",
# of "nonsense" and of "play" with no variant.
check () {
  local ll=$1 illegal=$2 unknown=$3 variant=$4 out err
  out=$(LANGUAGE=$ll "$cli" play aboure c D 2>"$tmp/err")
  err=$(cat "$tmp/err")
  if [ "$out" = "c | 5 1 2 6 6 0 5 5 5 1 5 5 | 2 0 | N | A B C E F | -" ] &&
     [[ "$err" == *"$illegal"* ]]; then
    ok "$ll: an illegal move is refused in the language, the output stays as it is"
  else
    not_ok "$ll: an illegal move is refused in the language" "out: $out" "err: $err"
  fi
  err=$(LANGUAGE=$ll "$cli" nonsense 2>&1 >/dev/null)
  if [[ "$err" == *"$unknown"* ]]; then
    ok "$ll: an unknown command is named in the language"
  else
    not_ok "$ll: an unknown command is named in the language" "$err"
  fi
  err=$(LANGUAGE=$ll "$cli" play 2>&1 >/dev/null)
  if [[ "$err" == *"$variant"* ]]; then
    ok "$ll: a missing variant is asked for in the language"
  else
    not_ok "$ll: a missing variant is asked for in the language" "$err"
  fi
}

check C  "illegal move D (singleton)" "Unknown command “nonsense”" "A variant is needed"
check eu "legez kanpoko D mugimendua (singleton)" "Komando ezezaguna" "Modalitate bat behar da"
check ne "अवैध चाल D (singleton)" "अज्ञात आदेश" "खेलको प्रकार चाहिन्छ"
check nl "illegale zet D (singleton)" "Onbekende opdracht" "Er is een variant nodig"
check ur "غیر قانونی چال D (singleton)" "نامعلوم کمانڈ" "ایک قسم درکار ہے"

done_testing
