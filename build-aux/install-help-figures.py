#!/usr/bin/env python3
"""install-help-figures.py BUILDDIR HELPDIR PROJECT: installs the pictures of
the help's worked examples (help-figure-LL-ID.png, made by help/figures) as
HELPDIR/LL/PROJECT/figures/ID.png under the install prefix (and DESTDIR).

SPDX-License-Identifier: GPL-3.0-or-later
"""
import os
import re
import shutil
import sys


def main():
    builddir, helpdir, project = sys.argv[1:4]
    prefix = os.environ.get('MESON_INSTALL_DESTDIR_PREFIX') or os.environ['MESON_INSTALL_PREFIX']
    for name in sorted(os.listdir(builddir)):
        m = re.match(r'^help-figure-([A-Za-z_@]+)-(.+\.png)$', name)
        if not m:
            continue
        dest = os.path.join(prefix, helpdir, m.group(1), project, 'figures')
        os.makedirs(dest, exist_ok=True)
        shutil.copyfile(os.path.join(builddir, name), os.path.join(dest, m.group(2)))
        if not os.environ.get('MESON_INSTALL_QUIET'):
            print('Installing %s to %s' % (name, os.path.join(dest, m.group(2))))
    return 0


if __name__ == '__main__':
    sys.exit(main())
