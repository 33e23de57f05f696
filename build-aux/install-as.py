#!/usr/bin/env python3
"""install-as.py SOURCE DEST: installs the built file SOURCE as DEST (a path
under the install prefix), DESTDIR respected; for files whose installed name
differs from their name in the build tree (translated manual pages).

SPDX-License-Identifier: GPL-3.0-or-later
"""
import os
import shutil
import sys

source, dest = sys.argv[1], sys.argv[2]
prefix = os.environ.get('MESON_INSTALL_DESTDIR_PREFIX') or os.environ['MESON_INSTALL_PREFIX']
target = os.path.join(prefix, dest)
os.makedirs(os.path.dirname(target), exist_ok=True)
shutil.copyfile(source, target)
os.chmod(target, 0o644)
if not os.environ.get('MESON_INSTALL_QUIET'):
    print('Installing %s to %s' % (source, target))
