#!/usr/bin/env bash
# djenon-cli by the conventions of command-line tools: --version, --help on
# standard output for the tool and every command, `help COMMAND`, --json
# output that parses (with the shape the README documents), pictures to
# standard output, and bash completion of commands, options, variants and
# files. TAP.
set -u
. "$(dirname "$0")/tap.sh"
cli=${DJENON_CLI:?DJENON_CLI must name the built djenon-cli}
completion=${DJENON_COMPLETION:?DJENON_COMPLETION must name data/completions/djenon-cli}
samples=${DJENON_SAMPLES:?DJENON_SAMPLES must name data/samples}
py=$(command -v python3)

# --version and --help: standard output, exit 0, nothing on standard error.
if out=$("$cli" --version 2>"$tmp/err") && [[ $out =~ ^djenon-cli\ [0-9]+\.[0-9]+\.[0-9]+$ ]] && [ ! -s "$tmp/err" ]; then
  ok "--version prints the name and version on standard output"
else
  not_ok "--version prints the name and version on standard output" "$out" "$(cat "$tmp/err")"
fi
for args in "--help" "-h" "help"; do
  if "$cli" $args >"$tmp/out" 2>"$tmp/err" && grep -q "^Commands:" "$tmp/out" && [ ! -s "$tmp/err" ]; then
    ok "djenon-cli $args: the whole help on standard output"
  else
    not_ok "djenon-cli $args: the whole help on standard output" "$(cat "$tmp/err")"
  fi
done
if "$cli" >/dev/null 2>"$tmp/err"; then
  not_ok "no command: usage on standard error, exit 2"
elif [ $? -eq 2 ] && grep -q "Usage" "$tmp/err"; then
  ok "no command: usage on standard error, exit 2"
else
  not_ok "no command: usage on standard error, exit 2" "$(cat "$tmp/err")"
fi

commands=$("$cli" --help | sed -n 's/^  \([a-z]*\) .*/\1/p; s/^  \(bench\|validate\|show\|sheet\|convert\|diagram\)\b.*/\1/p' | sort -u)
[ "$(echo "$commands" | wc -l)" -ge 12 ] && ok "the help lists every command" || not_ok "the help lists every command" "$commands"
for c in $commands; do
  if "$cli" "$c" --help >"$tmp/out" 2>"$tmp/err" && grep -q "djenon-cli $c" "$tmp/out" && [ ! -s "$tmp/err" ]; then
    ok "$c --help: its usage on standard output"
  else
    not_ok "$c --help: its usage on standard output" "$(head -3 "$tmp/out")" "$(cat "$tmp/err")"
  fi
  if "$cli" help "$c" >"$tmp/out2" 2>/dev/null && cmp -s "$tmp/out" "$tmp/out2"; then
    ok "help $c is $c --help"
  else
    not_ok "help $c is $c --help"
  fi
done
# validate --help is not a file name any more.
if "$cli" validate --help >"$tmp/out" 2>&1 && ! grep -q "cannot open" "$tmp/out"; then
  ok "validate --help is the help, not a file"
else
  not_ok "validate --help is the help, not a file" "$(cat "$tmp/out")"
fi

# --json: each command's output parses, with the documented members.
check_json () {
  local name=$1 keys=$2; shift 2
  "$cli" "$@" >"$tmp/json" 2>"$tmp/err"
  local status=$?
  if "$py" - "$tmp/json" "$keys" <<'PY' 2>"$tmp/why"
import json, sys
doc = json.load(open(sys.argv[1], encoding='utf-8'))
want = sys.argv[2].split()
items = doc if isinstance(doc, list) else [doc]
assert items, 'empty'
for item in items:
    missing = [k for k in want if k not in item]
    assert not missing, 'missing %s in %s' % (missing, item)
PY
  then
    ok "$name: JSON with $keys (exit $status)"
  else
    not_ok "$name: JSON with $keys" "$(cat "$tmp/why")" "$(head -c 400 "$tmp/json")"
  fi
}
check_json "analyse --json" "variant feeding position over moves nodes time_s" analyse aboure c --json
check_json "bestmove --json" "variant position bestmove value exact lower upper nodes" bestmove abe --json
check_json "solve --json" "variant position over value exact line end repetition nodes" solve abe --setup "0 0 0 0 1 2 1 1 0 0 1 0 21 21 S" --json
check_json "why --json" "variant feeding position pits pass over" why aboure --setup "0 1 3 0 0 0 0 2 0 0 0 2 19 21 S" --json
check_json "show --json" "file game games variant start info moves" show "$samples/abe-sample.djenon" --json
check_json "validate --json" "file valid games problems" validate --json "$samples/abe-sample.djenon" "$samples/aboure-sample.djenon"

# The values in JSON are the ones of the plain output.
plain=$("$cli" analyse aboure c | sed -n 's/^\([a-fA-F]\) value \(-\?[0-9]*\) exact.*/\1 \2/p' | sort)
json=$("$cli" analyse aboure c --json | "$py" -c 'import json,sys; d=json.load(sys.stdin); print("\n".join("%s %d" % (m["move"], m["value"]) for m in d["moves"]))' | sort)
[ -n "$plain" ] && [ "$plain" = "$json" ] && ok "analyse --json gives the same values as analyse" \
  || not_ok "analyse --json gives the same values as analyse" "$plain" "--" "$json"
if "$cli" why aboure --setup "0 1 3 0 0 0 0 2 0 0 0 2 19 21 S" --json |
   "$py" -c 'import json,sys; d=json.load(sys.stdin); s={p["pit"]:p["status"] for p in d["pits"]}; sys.exit(0 if s["b"]=="singleton" and s["c"]=="legal" else 1)'; then
  ok "why --json: b is a single seed, c can be played"
else
  not_ok "why --json: b is a single seed, c can be played"
fi
# A file that is not valid: valid false, the line of the problem, exit 1.
printf '<djenon xmlns="http://djenon.org/ns/game/1" version="1">\n<game><rules variant="chess"/></game></djenon>\n' >"$tmp/bad.djenon"
"$cli" validate --json "$tmp/bad.djenon" >"$tmp/json"; status=$?
if [ $status -eq 1 ] && "$py" -c 'import json,sys; d=json.load(open(sys.argv[1])); p=d[0]; sys.exit(0 if not p["valid"] and p["problems"] and p["problems"][0]["line"]==2 else 1)' "$tmp/json"; then
  ok "validate --json: a bad file is not valid, the problem on line 2, exit 1"
else
  not_ok "validate --json: a bad file is not valid, the problem on line 2, exit 1" "exit $status" "$(cat "$tmp/json")"
fi
# Strings with quotes, backslashes and control characters stay valid JSON.
printf '[Variant "abe"]\n[Event "a \\"quoted\\" \\\\ event\\nwith a new line"]\n\n1. c *\n' >"$tmp/q.djn"
if "$cli" show --json "$tmp/q.djn" | "$py" -c 'import json,sys; d=json.load(sys.stdin); sys.exit(0 if d["info"]["event"]=="a \"quoted\" \\ event\nwith a new line" else 1)'; then
  ok "show --json escapes quotes, backslashes and new lines"
else
  not_ok "show --json escapes quotes, backslashes and new lines" "$("$cli" show --json "$tmp/q.djn" 2>&1 | head -c 300)"
fi

# diagram --output - writes the picture to standard output.
if "$cli" diagram abe --output - --format svg >"$tmp/d.svg" && head -c 200 "$tmp/d.svg" | grep -q "<svg"; then
  ok "diagram --output - --format svg writes SVG to standard output"
else
  not_ok "diagram --output - --format svg writes SVG to standard output"
fi
if "$cli" diagram abe --output - --format png | head -c 4 | od -An -c | grep -q "P   N   G"; then
  ok "diagram --output - --format png writes PNG to standard output"
else
  not_ok "diagram --output - --format png writes PNG to standard output"
fi

# bash completion
if [ -f /usr/share/bash-completion/bash_completion ]; then
  complete_words () {
    # complete_words WORD… : what completion offers for the last word
    bash -c '
      . /usr/share/bash-completion/bash_completion
      . "$1"; shift
      COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
      COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
      cd "$TMPDIR_FILES"
      _djenon_cli djenon-cli "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
      printf "%s\n" "${COMPREPLY[@]}" | sort' _ "$completion" "$@"
  }
  mkdir -p "$tmp/files/sub"; touch "$tmp/files/g.djenon" "$tmp/files/h.djn" "$tmp/files/notes.odt"
  export TMPDIR_FILES=$tmp/files
  got=$(complete_words djenon-cli an | tr '\n' ' ')
  [ "$got" = "analyse " ] && ok "completion: commands" || not_ok "completion: commands" "$got"
  got=$(complete_words djenon-cli analyse a | tr '\n' ' ')
  [ "$got" = "abe aboure " ] && ok "completion: variants" || not_ok "completion: variants" "$got"
  got=$(complete_words djenon-cli analyse abe --feeding "" | tr '\n' ' ')
  [ "$got" = "immediate on-starved-turn " ] && ok "completion: feeding rules" || not_ok "completion: feeding rules" "$got"
  got=$(complete_words djenon-cli analyse abe --j | tr '\n' ' ')
  [ "$got" = "--json " ] && ok "completion: options of a command" || not_ok "completion: options of a command" "$got"
  got=$(complete_words djenon-cli validate "" | tr '\n' ' ')
  [ "$got" = "g.djenon h.djn sub " ] && ok "completion: game files and folders, not other files" \
    || not_ok "completion: game files and folders, not other files" "$got"
  got=$(complete_words djenon-cli help sho | tr '\n' ' ')
  [ "$got" = "show " ] && ok "completion: help COMMAND" || not_ok "completion: help COMMAND" "$got"
else
  not_ok "bash-completion is installed (build-aux/deps.sh)"
fi

done_testing
