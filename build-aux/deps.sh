#!/usr/bin/env bash
# Installs the Debian 12 packages Djenon needs to build, run and test, if any is missing.
# Sourced by build-aux/run and build-aux/test.
set -euo pipefail

DJENON_PACKAGES=(
  build-essential meson ninja-build pkg-config gettext itstool
  libglib2.0-dev libgtk-4-dev libadwaita-1-dev libxml2-dev libxml2-utils libsqlite3-dev
  yelp-tools appstream desktop-file-utils
  reuse xvfb xauth dbus at-spi2-core python3-gi gir1.2-atspi-2.0 imagemagick poppler-utils
  fonts-dejavu-core fonts-lohit-deva fonts-noto-ui-core fonts-noto-core
  help2man bash-completion
)

djenon_install_deps () {
  local missing=()
  for p in "${DJENON_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing: ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
}
