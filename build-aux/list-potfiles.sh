#!/usr/bin/env bash
# Prints, sorted, every source, .ui and data file that holds translatable text:
# what po/POTFILES.in must list.  Run from the top of the tree.
set -euo pipefail
{
  grep -lE '\b(N_|_|C_|NC_|g_dngettext|ngettext)\s*\(' src --include='*.c' -r || true
  grep -l 'translatable="yes"' ui --include='*.ui' -r 2>/dev/null || true
  ls data/*.desktop.in data/*.metainfo.xml.in data/*.mime.xml.in data/*.gschema.xml 2>/dev/null || true
} | LC_ALL=C sort -u
