#!/usr/bin/env bash
# Translations: po/POTFILES.in lists every file with translatable text; every
# language of the interface and of the help is complete, clean and valid. TAP.
set -u
top=${DJENON_SRCDIR:?}
cd "$top"
n=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); fail=1; echo "not ok $n - $1"; shift; printf '%s\n' "$@" | sed 's/^/# /'; }

if diff <(build-aux/list-potfiles.sh) <(grep -v '^#' po/POTFILES.in | sed '/^$/d') >"$tmp/diff"; then
  ok "po/POTFILES.in lists every file with translatable text, sorted"
else
  not_ok "po/POTFILES.in lists every file with translatable text, sorted" \
    "< files with translatable text, > POTFILES.in:" "$(cat "$tmp/diff")"
fi

check_po () {
  local what=$1 po=$2
  if [ ! -f "$po" ]; then
    not_ok "$what: $po exists"
    return
  fi
  local stats
  if ! stats=$(LC_ALL=C msgfmt -c --statistics -o "$tmp/out.mo" "$po" 2>&1); then
    not_ok "$what: msgfmt -c $po" "$stats"
  elif echo "$stats" | grep -qE 'untranslated|fuzzy'; then
    not_ok "$what: $po is complete" "$stats"
  else
    ok "$what: $po is complete and clean ($stats)"
  fi
}

# The template, made as the build's djenon-pot target makes it (glib preset).
xgettext --files-from=po/POTFILES.in --directory="$top" --from-code=UTF-8 --add-comments \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 --keyword=g_dngettext:2,3 \
  --keyword=ngettext:1,2 -o "$tmp/djenon.pot" 2>"$tmp/xg" ||
  not_ok "xgettext reads every file of POTFILES.in" "$(cat "$tmp/xg")"

for ll in $(grep -v '^#' po/LINGUAS); do
  check_po "interface" "po/$ll.po"
  # Every message of today's sources is in the translation.
  if msgcmp "po/$ll.po" "$tmp/djenon.pot" >"$tmp/cmp" 2>&1; then
    ok "interface: po/$ll.po covers every string of the sources"
  else
    not_ok "interface: po/$ll.po covers every string of the sources" "$(head -20 "$tmp/cmp")"
  fi
done

pages=(help/C/*.page)
if yelp-check validate "${pages[@]}" >"$tmp/v" 2>&1; then
  ok "help/C validates"
else
  not_ok "help/C validates" "$(cat "$tmp/v")"
fi
# The help's template, as yelp.build's -pot target makes it.
itstool -o "$tmp/help.pot" "${pages[@]}" 2>"$tmp/its" ||
  not_ok "itstool reads every help page" "$(cat "$tmp/its")"
for ll in $(grep -v '^#' help/LINGUAS); do
  check_po "help" "help/$ll/$ll.po"
  # Every paragraph of today's pages is in the translation.
  if msgcmp "help/$ll/$ll.po" "$tmp/help.pot" >"$tmp/cmp" 2>&1; then
    ok "help: help/$ll/$ll.po covers every paragraph of the pages"
  else
    not_ok "help: help/$ll/$ll.po covers every paragraph of the pages" "$(head -20 "$tmp/cmp")"
  fi
  mkdir -p "$tmp/$ll"
  if msgfmt -o "$tmp/$ll.mo" "help/$ll/$ll.po" 2>/dev/null &&
     itstool -m "$tmp/$ll.mo" -o "$tmp/$ll/" "${pages[@]}" >"$tmp/v" 2>&1 &&
     yelp-check validate "$tmp/$ll"/*.page >>"$tmp/v" 2>&1; then
    ok "help/$ll: translated pages validate"
  else
    not_ok "help/$ll: translated pages validate" "$(cat "$tmp/v")"
  fi
done

echo "1..$n"
exit $fail
