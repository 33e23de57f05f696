#!/usr/bin/env python3
"""help-figure.py DJENON-CLI LANG ID OUT PAGE…: draws the position of the help's
worked example ID (a <dj:example> of the pages) as a PNG, its caption in LANG.

SPDX-License-Identifier: GPL-3.0-or-later
"""
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

DJ = '{http://djenon.org/ns/help/1}'


def main():
    cli, lang, wanted, out, pages = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
    for page in pages:
        for ex in ET.parse(page).getroot().iter(DJ + 'example'):
            if ex.get('id') != wanted:
                continue
            args = [cli, 'diagram', ex.get('variant'), '--caption', '--size', '480',
                    '--output', out]
            if ex.get('feeding'):
                args[3:3] = ['--feeding', ex.get('feeding')]
            if ex.get('setup'):
                args[3:3] = ['--setup', ex.get('setup')]
            env = dict(os.environ, LANGUAGE=lang if lang != 'C' else 'en', LANG='C.UTF-8')
            env.pop('LC_ALL', None)
            return subprocess.run(args, env=env).returncode
    print('%s: no example %s in the help pages' % (sys.argv[0], wanted), file=sys.stderr)
    return 1


if __name__ == '__main__':
    sys.exit(main())
