#!/usr/bin/env python3
# The help names only labels the program has (TAP): every <gui> of the
# English pages is a message of the windows (ui/ and src/app/, as xgettext
# finds them; access keys and "…" aside, or the fixed start of a message such
# as "estimate %s"), and each translated page calls it what the interface's
# translation calls it.  The example of an error message is the program's, in
# each language, and the translators are credited in their language.

import gettext
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

from tap import done, ok

TOP = os.environ.get('DJENON_SRCDIR') or os.path.join(os.path.dirname(__file__), '..')
M = '{http://projectmallard.org/1.0/}'


def plain(label):
    """A label as the eye reads it: no access key, no trailing "…"."""
    return re.sub(r'_(?=\S)', '', label).rstrip('…').strip()


def gui_labels(path):
    root = ET.parse(path).getroot()
    return [re.sub(r'\s+', ' ', ''.join(e.itertext())).strip() for e in root.iter(M + 'gui')]


def main():
    pages = sorted(p for p in os.listdir(os.path.join(TOP, 'help', 'C')) if p.endswith('.page'))
    with open(os.path.join(TOP, 'help', 'LINGUAS')) as f:
        languages = [l for l in f.read().split() if not l.startswith('#')]

    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, 'djenon.pot')
        subprocess.run(['xgettext', '--files-from=po/POTFILES.in', '--directory=' + TOP,
                        '--from-code=UTF-8', '--keyword=_', '--keyword=N_',
                        '--keyword=C_:1c,2', '--keyword=NC_:1c,2', '--keyword=g_dngettext:2,3',
                        '--keyword=ngettext:1,2', '-o', pot], check=True, cwd=TOP)
        # The English messages, as labels: msgid (and its context) by plain text.
        with open(pot, encoding='utf-8') as f:
            pot_text = f.read()
        messages = {}
        for block in pot_text.split('\n\n'):
            ctx = re.search(r'^msgctxt "(.*)"$', block, re.M)
            mid = re.search(r'^msgid ((?:".*"\n?)+)', block, re.M)
            if not mid:
                continue
            msgid = ''.join(re.findall(r'"((?:[^"\\]|\\.)*)"', mid.group(1)))
            msgid = msgid.encode('latin-1', 'backslashreplace').decode('unicode_escape')
            refs = re.findall(r'^#: (.*)$', block, re.M)
            # What the program shows as a label: its windows (ui/) and
            # application (src/app/), not the engine's or the record's
            # messages (an undo step such as "Move Variation Up").
            shown = any(r.startswith(('ui/', 'src/app/')) for line in refs for r in line.split())
            if msgid and shown:
                messages.setdefault(plain(msgid), (ctx.group(1) if ctx else None, msgid))

        def find(label):
            if label in messages:
                return messages[label]
            for key, value in messages.items():
                # "estimate %s": a label followed by a value.
                if key.startswith(label + ' %') or key.startswith(label + ' %s'):
                    return value
            return None

        english = {}
        for page in pages:
            missing = []
            for label in gui_labels(os.path.join(TOP, 'help', 'C', page)):
                found = find(plain(label))
                english.setdefault(page, []).append((label, found))
                if found is None:
                    missing.append(label)
            ok(not missing, 'C %s: every label it names is in the interface' % page,
               '\n'.join(missing))

        for ll in languages:
            mo = os.path.join(tmp, ll + '.mo')
            help_mo = os.path.join(tmp, 'help-' + ll + '.mo')
            out = os.path.join(tmp, ll)
            os.mkdir(out)
            subprocess.run(['msgfmt', '-o', mo, os.path.join(TOP, 'po', ll + '.po')], check=True)
            subprocess.run(['msgfmt', '-o', help_mo, os.path.join(TOP, 'help', ll, ll + '.po')],
                           check=True)
            subprocess.run(['itstool', '-m', help_mo, '--lang', ll, '-o', out + '/'] +
                           [os.path.join(TOP, 'help', 'C', p) for p in pages], check=True)
            with open(mo, 'rb') as f:
                catalog = gettext.GNUTranslations(f)
            # The example of the program's output is what the program says
            # in that language.
            example = ET.parse(os.path.join(out, 'file-format.page')).getroot()
            blocks = [e.text or '' for e in example.iter(M + 'code') if 'game.djenon:14:' in (e.text or '')]
            want = 'game.djenon:14: ' + catalog.gettext('illegal move %s: %s') % (
                'D', catalog.gettext('A single seed cannot be moved in Djenon-aboure'))
            ok(blocks == [want], '%s: the example error message is the program\'s, translated' % ll,
               'page: %s\nprogram: %s' % (blocks, want))
            # The help's translators are credited in the language.
            with open(help_mo, 'rb') as f:
                help_catalog = gettext.GNUTranslations(f)
            credits = help_catalog.pgettext('_', 'translator-credits')
            ok(credits not in ('translator-credits', 'The Djenon developers'),
               '%s: the help credits its translators in the language' % ll, credits)

            for page in pages:
                shown = set(plain(l) for l in gui_labels(os.path.join(out, page)))
                wrong = []
                for label, found in english.get(page, []):
                    if found is None:
                        continue
                    ctx, msgid = found
                    translated = catalog.pgettext(ctx, msgid) if ctx else catalog.gettext(msgid)
                    want = plain(translated)
                    if '%' in msgid:
                        want = plain(translated.split('%')[0]) or plain(translated.split('%s')[-1])
                    if want not in shown and not any(want and want in s for s in shown):
                        wrong.append('%s: the interface says “%s”' % (label, want))
                ok(not wrong, '%s %s: every label is the interface\'s translation' % (ll, page),
                   '\n'.join(wrong))
    return done()


if __name__ == '__main__':
    sys.exit(main())
