#!/usr/bin/env python3
"""install-help-figures.py DJENON-CLI LOCALEDIR HELPDIR PROJECT LANGUAGES EXAMPLES PAGE…

Draws the pictures of the help's worked examples and installs them as
HELPDIR/LL/PROJECT/figures/ID.png under the install prefix (DESTDIR
respected): for each language LL of LANGUAGES (comma-separated, C first) and
each example ID of EXAMPLES (comma-separated), the position of the
<dj:example id="ID"> of the PAGEs, drawn by `DJENON-CLI diagram` with its
caption in LL (the translations taken from LOCALEDIR, the build's po folder).

Run by `meson install` only: the figures are for help readers other than
Djenon's own, so a build that is only run (build-aux/run) or tested does not
make them.

SPDX-License-Identifier: GPL-3.0-or-later
"""
import concurrent.futures
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

DJ = '{http://djenon.org/ns/help/1}'


def examples_of(pages):
    """{id: <dj:example> element} of the pages."""
    found = {}
    for page in pages:
        for ex in ET.parse(page).getroot().iter(DJ + 'example'):
            found.setdefault(ex.get('id'), ex)
    return found


def diagram_command(cli, ex, out):
    args = [cli, 'diagram', ex.get('variant')]
    if ex.get('setup'):
        args += ['--setup', ex.get('setup')]
    if ex.get('feeding'):
        args += ['--feeding', ex.get('feeding')]
    return args + ['--caption', '--size', '480', '--output', out]


def main():
    if len(sys.argv) < 8:
        print(__doc__.split('\n\n')[0], file=sys.stderr)
        return 2
    cli, localedir, helpdir, project, languages, wanted = sys.argv[1:7]
    pages = sys.argv[7:]
    prefix = os.environ.get('MESON_INSTALL_DESTDIR_PREFIX') or os.environ['MESON_INSTALL_PREFIX']
    quiet = bool(os.environ.get('MESON_INSTALL_QUIET'))
    examples = examples_of(pages)

    jobs = []
    for lang in languages.split(','):
        dest = os.path.join(prefix, helpdir, lang, project, 'figures')
        os.makedirs(dest, exist_ok=True)
        env = dict(os.environ, LANGUAGE=lang if lang != 'C' else 'en', LANG='C.UTF-8',
                   DJENON_LOCALEDIR=localedir)
        env.pop('LC_ALL', None)
        for ex_id in wanted.split(','):
            if ex_id not in examples:
                print('%s: no example %s in the help pages %s' % (sys.argv[0], ex_id, ' '.join(pages)),
                      file=sys.stderr)
                return 1
            out = os.path.join(dest, ex_id + '.png')
            jobs.append((diagram_command(cli, examples[ex_id], out), env, out))

    def draw(job):
        args, env, out = job
        done = subprocess.run(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True)
        return out, done.returncode, done.stderr

    status = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        for out, rc, err in pool.map(draw, jobs):
            if rc != 0:
                print('%s: drawing %s failed (exit %d): %s' % (sys.argv[0], out, rc, err.strip()),
                      file=sys.stderr)
                status = 1
            elif not quiet:
                print('Installing help figure %s' % out)
    return status


if __name__ == '__main__':
    sys.exit(main())
