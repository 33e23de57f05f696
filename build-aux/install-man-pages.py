#!/usr/bin/env python3
"""install-man-pages.py HELP2MAN LOCALEDIR SCHEMADIR MANDIR LANGUAGES NAME PROGRAM DESCRIPTION [NAME PROGRAM DESCRIPTION…]

Makes the manual page NAME(1) of each built PROGRAM with help2man, from the
program's own --help and --version, in each language of LANGUAGES
(comma-separated; C is English), and installs it under the install prefix
(DESTDIR respected) as MANDIR/man1/NAME.1, or MANDIR/LL/man1/NAME.1 for a
translation.  The programs read their translations from LOCALEDIR (the
build's po folder) and the application its settings schema from SCHEMADIR.

Run by `meson install` only: a build that is only run (build-aux/run) or
tested does not make them.

SPDX-License-Identifier: GPL-3.0-or-later
"""
import os
import shlex
import subprocess
import sys
import tempfile


def main():
    if len(sys.argv) < 9 or (len(sys.argv) - 6) % 3:
        print(__doc__.split('\n\n')[0], file=sys.stderr)
        return 2
    help2man, localedir, schemadir, mandir, languages = sys.argv[1:6]
    pages = [sys.argv[i:i + 3] for i in range(6, len(sys.argv), 3)]
    prefix = os.environ.get('MESON_INSTALL_DESTDIR_PREFIX') or os.environ['MESON_INSTALL_PREFIX']
    quiet = bool(os.environ.get('MESON_INSTALL_QUIET'))

    env = dict(os.environ, LC_ALL='C.UTF-8', DJENON_LOCALEDIR=localedir,
               GSETTINGS_BACKEND='memory', GSETTINGS_SCHEMA_DIR=schemadir)
    for lang in languages.split(','):
        dest = os.path.join(prefix, mandir, 'man1' if lang == 'C' else os.path.join(lang, 'man1'))
        os.makedirs(dest, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            for name, program, description in pages:
                # help2man runs the program with LANGUAGE unset: a wrapper of
                # the program's name gives it the language.
                wrapper = os.path.join(tmp, os.path.basename(program))
                with open(wrapper, 'w', encoding='utf-8') as f:
                    f.write('#!/bin/sh\nLANGUAGE=%s exec %s "$@"\n'
                            % (shlex.quote('en' if lang == 'C' else lang), shlex.quote(program)))
                os.chmod(wrapper, 0o755)
                out = os.path.join(dest, name + '.1')
                done = subprocess.run([help2man, '--no-info', '--no-discard-stderr', '--section=1',
                                       '--locale=C.UTF-8', '--name=' + description,
                                       '--output=' + out, wrapper],
                                      env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                      text=True)
                if done.returncode != 0:
                    print('%s: help2man %s (%s) failed: %s' % (sys.argv[0], program, lang,
                                                              done.stderr.strip()), file=sys.stderr)
                    return 1
                os.chmod(out, 0o644)
                if not quiet:
                    print('Installing manual page %s' % out)
    return 0


if __name__ == '__main__':
    sys.exit(main())
