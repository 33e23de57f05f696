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
