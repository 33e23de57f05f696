#!/usr/bin/env bash
# Djenon as a package installs it: the tree is configured with the Flatpak
# manifest's meson options (a release build without tests), installed with
# DESTDIR into a staging folder, unpacked into a temporary prefix as a
# package would be, and run from there with nothing pointing back at the
# source or build folders: djenon-cli finds its endgame tables and
# translations, the application its schema and starts (under a display), the
# help and the desktop files are in place, and no installed binary holds a
# path of the source or build folders.  TAP.
#
# Environment: DJENON_SRCDIR, DJENON_TABLES (this build's endgame tables,
# taken prebuilt), DISPLAY for the application.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
. "$(dirname "$0")/tap.sh"
src=${DJENON_SRCDIR:?}
tables=${DJENON_TABLES:?}
build=$tmp/build
stage=$tmp/stage
prefix=$tmp/prefix
app_id=org.djenon.Djenon

# The manifest's options, as flatpak-builder passes them (it adds --prefix=/app).
if opts=$(python3 -c '
import json, sys
m = json.load(open(sys.argv[1]))
print("\n".join(next(x for x in m["modules"] if isinstance(x, dict) and x["name"] == "djenon")["config-opts"]))
' "$src/build-aux/flatpak/$app_id.json"); then
  ok "the Flatpak manifest gives its meson options"
else
  not_ok "the Flatpak manifest gives its meson options"
  done_testing
fi
mapfile -t config_opts <<<"$opts"

if meson setup "$build" "$src" "${config_opts[@]}" --prefix="$prefix" \
     -Dprebuilt_tables="$tables" >"$tmp/setup.log" 2>&1 &&
   ninja -C "$build" >"$tmp/build.log" 2>&1; then
  ok "the manifest's options (${config_opts[*]}) configure and build the tree"
else
  not_ok "the manifest's options (${config_opts[*]}) configure and build the tree" \
    "$(tail -30 "$tmp/setup.log" "$tmp/build.log" 2>/dev/null)"
  done_testing
fi
if [ ! -e "$build/tests" ] || [ -z "$(find "$build/tests" -type f -perm -u+x 2>/dev/null)" ]; then
  ok "-Dtests=false builds no test program"
else
  not_ok "-Dtests=false builds no test program" "$(find "$build/tests" -type f -perm -u+x | head)"
fi

if DESTDIR="$stage" meson install -C "$build" --no-rebuild >"$tmp/install.log" 2>&1; then
  ok "meson install with DESTDIR"
else
  not_ok "meson install with DESTDIR" "$(tail -30 "$tmp/install.log")"
  done_testing
fi
# Unpacked where it was meant to be, as a package manager does.
mkdir -p "$prefix" && cp -a "$stage$prefix/." "$prefix/"
# What the distribution's triggers do after installing.
glib-compile-schemas "$prefix/share/glib-2.0/schemas"

missing=()
for f in bin/djenon bin/djenon-cli \
         share/applications/$app_id.desktop share/metainfo/$app_id.metainfo.xml \
         share/dbus-1/services/$app_id.service share/glib-2.0/schemas/$app_id.gschema.xml \
         share/mime/packages/$app_id.mime.xml \
         share/icons/hicolor/scalable/apps/$app_id.svg share/icons/hicolor/48x48/apps/$app_id.png \
         share/icons/hicolor/symbolic/apps/$app_id-symbolic.svg \
         share/djenon/tables/aboure.djtb share/djenon/tables/abe.djtb \
         share/djenon/tables/abe-immediate.djtb share/djenon/tables/abe.djbook \
         share/djenon/samples/abe-sample.djenon share/djenon/djenon-game.rng \
         share/djenon/puzzles/aboure.djenon share/djenon/puzzles/abe-immediate.djenon \
         share/help/C/djenon/index.page; do
  [ -e "$prefix/$f" ] || missing+=("$f")
done
for ll in $(grep -v '^#' "$src/po/LINGUAS"); do
  [ -e "$prefix/share/locale/$ll/LC_MESSAGES/djenon.mo" ] || missing+=("share/locale/$ll/LC_MESSAGES/djenon.mo")
done
for ll in $(grep -v '^#' "$src/help/LINGUAS"); do
  [ -e "$prefix/share/help/$ll/djenon/index.page" ] || missing+=("share/help/$ll/djenon/index.page")
done
if [ ${#missing[@]} -eq 0 ]; then
  ok "everything is installed: programs, desktop files, schema, icons, tables, translations, help"
else
  not_ok "everything is installed" "missing: ${missing[*]}"
fi

# The file types' comments in every language of the interface, as a file
# manager shows them: merged from po/ into the installed MIME file, compiled
# by update-mime-database (the distribution's trigger) and read through GIO.
mime_file=$prefix/share/mime/packages/$app_id.mime.xml
if report=$(python3 - "$mime_file" $(grep -v '^#' "$src/po/LINGUAS") <<'PY'
import sys
import xml.etree.ElementTree as ET
MI = '{http://www.freedesktop.org/standards/shared-mime-info}'
LANG = '{http://www.w3.org/XML/1998/namespace}lang'
problems = []
for mt in ET.parse(sys.argv[1]).getroot().iter(MI + 'mime-type'):
    comments = {c.get(LANG): c.text for c in mt.iter(MI + 'comment')}
    english = comments.get(None)
    for ll in sys.argv[2:]:
        if not comments.get(ll) or comments[ll] == english:
            problems.append('%s: no comment of its own in %s (has %s)' % (mt.get('type'), ll, sorted(k for k in comments if k)))
print('\n'.join(problems))
sys.exit(1 if problems else 0)
PY
); then
  ok "the installed MIME file has each file type's comment in every language of po/LINGUAS"
else
  not_ok "the installed MIME file has each file type's comment in every language of po/LINGUAS" "$report"
fi
if ! command -v update-mime-database >/dev/null; then
  echo "ok $((n + 1)) - GIO names the file types in Urdu # SKIP no update-mime-database"
  n=$((n + 1))
elif XDG_DATA_DIRS="$prefix/share" update-mime-database "$prefix/share/mime" >"$tmp/mime.log" 2>&1 &&
     [ ! -s "$tmp/mime.log" ] &&
     report=$(env -i PATH="$PATH" XDG_DATA_HOME="$tmp/nodata" XDG_DATA_DIRS="$prefix/share" \
       LANG=C.UTF-8 LANGUAGE=ur /usr/bin/python3 - "$mime_file" <<'PY'
import sys
import xml.etree.ElementTree as ET
from gi.repository import Gio
MI = '{http://www.freedesktop.org/standards/shared-mime-info}'
LANG = '{http://www.w3.org/XML/1998/namespace}lang'
urdu = {mt.get('type'): c.text for mt in ET.parse(sys.argv[1]).getroot().iter(MI + 'mime-type')
        for c in mt.iter(MI + 'comment') if c.get(LANG) == 'ur'}
problems = []
for name, wanted in (('game.djenon', 'application/x-djenon+xml'), ('game.djn', 'text/x-djenon')):
    ctype, _uncertain = Gio.content_type_guess(name, None)
    described = Gio.content_type_get_description(ctype)
    if ctype != wanted or not urdu.get(wanted) or described != urdu[wanted]:
        problems.append('%s: %s, "%s" (the MIME file: %s, "%s")' % (name, ctype, described, wanted, urdu.get(wanted)))
print('\n'.join(problems))
sys.exit(1 if problems else 0)
PY
); then
  ok "update-mime-database takes the MIME file without a complaint, and GIO names .djenon and .djn files in Urdu"
else
  not_ok "update-mime-database takes the MIME file without a complaint, and GIO names .djenon and .djn files in Urdu" \
    "$(cat "$tmp/mime.log")" "${report:-}"
fi

# The help's pictures of its worked examples (drawn when installing), in
# every language of the help: each one a page names is there, as a PNG, and
# the translations' pictures carry their own captions.
figure_problems=()
names=$(grep -oh 'src="figures/[^"]*"' "$prefix/share/help/C/djenon/"*.page 2>/dev/null | sed 's|src="figures/||; s|"$||' | sort -u)
[ -n "$names" ] || figure_problems+=("no page of share/help/C/djenon names a figure")
for ll in C $(grep -v '^#' "$src/help/LINGUAS"); do
  figs=$prefix/share/help/$ll/djenon/figures
  for name in $names; do
    if [ "$(head -c 8 "$figs/$name" 2>/dev/null | od -An -tx1 | tr -d ' \n')" != 89504e470d0a1a0a ]; then
      figure_problems+=("$ll/djenon/figures/$name: missing or not a PNG")
    elif [ "$ll" != C ] && cmp -s "$figs/$name" "$prefix/share/help/C/djenon/figures/$name"; then
      figure_problems+=("$ll/djenon/figures/$name: the English picture")
    fi
  done
done
if [ ${#figure_problems[@]} -eq 0 ]; then
  ok "the help's pictures are installed, each that a page shows, in every language ($(echo $names | wc -w) a language)"
else
  not_ok "the help's pictures are installed, each that a page shows, in every language" \
    "${figure_problems[@]:0:10}"
fi

# The manual pages (made by help2man when installing), English and translated.
if ! command -v help2man >/dev/null; then
  echo "ok $((n + 1)) - manual pages # SKIP no help2man"
  n=$((n + 1))
else
  man_problems=()
  for prog in djenon djenon-cli; do
    english=$prefix/share/man/man1/$prog.1
    grep -q "^\.TH \"\?$(echo "$prog" | tr a-z A-Z)\"\? \"\?1" "$english" 2>/dev/null ||
      man_problems+=("share/man/man1/$prog.1: missing or no .TH line")
    for ll in $(grep -v '^#' "$src/po/LINGUAS"); do
      page=$prefix/share/man/$ll/man1/$prog.1
      if ! grep -q '^\.TH ' "$page" 2>/dev/null; then
        man_problems+=("share/man/$ll/man1/$prog.1: missing or no .TH line")
      elif cmp -s "$page" "$english"; then
        man_problems+=("share/man/$ll/man1/$prog.1: the English page")
      fi
    done
  done
  if [ ${#man_problems[@]} -eq 0 ]; then
    ok "manual pages djenon(1) and djenon-cli(1) installed, in English and translated"
  else
    not_ok "manual pages djenon(1) and djenon-cli(1) installed, in English and translated" "${man_problems[@]}"
  fi
fi

service_exec=$(sed -n 's/^Exec=\([^ ]*\).*/\1/p' "$prefix/share/dbus-1/services/$app_id.service")
if [ "$service_exec" = "$prefix/bin/djenon" ]; then
  ok "the D-Bus service starts the installed program"
else
  not_ok "the D-Bus service starts the installed program" "Exec=$service_exec"
fi

# No path of the source or build folder in an installed program.
leaks=()
for f in "$prefix"/bin/*; do
  if grep -aqF -e "$(cd "$src" && pwd -P)" -e "$build" -e "$stage" "$f"; then
    leaks+=("$(basename "$f"): $(grep -aoF -e "$(cd "$src" && pwd -P)" -e "$build" -e "$stage" "$f" | sort -u | head -3 | tr '\n' ' ')")
  fi
done
if [ ${#leaks[@]} -eq 0 ]; then
  ok "no installed program holds a path of the source, build or staging folder"
else
  not_ok "no installed program holds a path of the source, build or staging folder" "${leaks[@]}"
fi

# Run as a user would: nothing of the build tree in the environment.
clean_env=(env -u DJENON_TABLES_DIR -u DJENON_LOCALEDIR -u DJENON_SAMPLES_DIR
           -u GSETTINGS_SCHEMA_DIR -u G_TEST_SRCDIR -u G_TEST_BUILDDIR
           XDG_DATA_DIRS="$prefix/share:/usr/local/share:/usr/share" LANG=C.UTF-8)
cli=$prefix/bin/djenon-cli

if out=$("${clean_env[@]}" "$cli" analyse abe 2>"$tmp/err") && [ ! -s "$tmp/err" ] &&
   echo "$out" | grep -q 'exact'; then
  ok "installed djenon-cli analyse abe: exact, its endgame tables found (nothing on stderr)"
else
  not_ok "installed djenon-cli analyse abe: exact, its endgame tables found" "$out" "$(cat "$tmp/err")"
fi

if "${clean_env[@]}" DJENON_TABLES_DIR="$tmp/nowhere" "$cli" analyse aboure >/dev/null 2>"$tmp/err" &&
   grep -qF "$tmp/nowhere/aboure.djtb" "$tmp/err"; then
  ok "without its endgame tables djenon-cli says where it looked, on stderr"
else
  not_ok "without its endgame tables djenon-cli says where it looked, on stderr" "$(cat "$tmp/err")"
fi

# A message of djenon-cli in Dutch, as po/nl.po has it.
dutch=$(python3 - "$src/po/nl.po" <<'PY'
import re, sys
po = open(sys.argv[1], encoding='utf-8').read()
m = re.search(r'msgid "Unknown command “%s”\\n"\nmsgstr ((?:".*"\n)+)', po)
print(''.join(re.findall(r'"(.*)"', m.group(1))).replace('\\n', '').replace('%s', 'frobnicate') if m else '')
PY
)
if [ -n "$dutch" ] && "${clean_env[@]}" LANGUAGE=nl "$cli" frobnicate 2>&1 | grep -qF "$dutch"; then
  ok "installed djenon-cli speaks Dutch with LANGUAGE=nl (its translations found)"
else
  not_ok "installed djenon-cli speaks Dutch with LANGUAGE=nl" "expected: $dutch" \
    "$("${clean_env[@]}" LANGUAGE=nl "$cli" frobnicate 2>&1 | head -3)"
fi

version=$(sed -n "s/^ *version: '\([^']*\)'.*/\1/p" "$src/meson.build" | head -1)
if [ "$("${clean_env[@]}" "$prefix/bin/djenon" --version 2>&1)" = "djenon $version" ]; then
  ok "installed djenon --version"
else
  not_ok "installed djenon --version" "$("${clean_env[@]}" "$prefix/bin/djenon" --version 2>&1)"
fi

if [ -z "${DISPLAY:-}" ]; then
  echo "ok $((n + 1)) - the installed application starts # SKIP no display"
  n=$((n + 1))
else
  # Its own home, so that no draft or setting of the user's is read; the
  # schema as installed (the memory backend still needs it).
  home=$tmp/home
  mkdir -p "$home"
  if "${clean_env[@]}" HOME="$home" XDG_CONFIG_HOME="$home/.config" XDG_DATA_HOME="$home/.local/share" \
       XDG_CACHE_HOME="$home/.cache" XDG_STATE_HOME="$home/.local/state" \
       GSETTINGS_BACKEND=memory GSK_RENDERER=cairo GTK_A11Y=none \
       timeout 120 "$prefix/bin/djenon" --benchmark-first-frame >"$tmp/app.out" 2>"$tmp/app.err" &&
     [ ! -s "$tmp/app.err" ]; then
    ok "the installed application starts, shows its first frame and quits, without a warning"
  else
    not_ok "the installed application starts, shows its first frame and quits, without a warning" \
      "$(cat "$tmp/app.out" "$tmp/app.err" | head -20)"
  fi
fi

done_testing
