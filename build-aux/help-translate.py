#!/usr/bin/env python3
"""help-translate.py ITSTOOL LL OUTDIR MO PAGE…: the help pages PAGE… translated
into language LL with itstool from the compiled catalogue MO, written as
OUTDIR/help-LL-PAGE (the names help/meson.build gives them): one itstool run
for all the pages of a language instead of one a page.

SPDX-License-Identifier: GPL-3.0-or-later
"""
import os
import shutil
import subprocess
import sys
import tempfile


def main():
    if len(sys.argv) < 6:
        print(__doc__.split('\n\n')[0], file=sys.stderr)
        return 2
    itstool, lang, outdir, mo = sys.argv[1:5]
    pages = sys.argv[5:]
    with tempfile.TemporaryDirectory(dir=outdir) as tmp:
        done = subprocess.run([itstool, '-m', mo, '--lang', lang, '-o', tmp + os.sep] + pages)
        if done.returncode != 0:
            return done.returncode
        for page in pages:
            name = os.path.basename(page)
            shutil.move(os.path.join(tmp, name), os.path.join(outdir, 'help-%s-%s' % (lang, name)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
