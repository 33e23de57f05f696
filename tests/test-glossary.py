#!/usr/bin/env python3
# The glossaries (po/glossary/LL.tsv): each language's chosen word for a term
# is used wherever the interface or the help says that term, and the words the
# glossary rules out are nowhere in Djenon's own text (TAP).
#
# A glossary row is: term, match, chosen, avoid, note (tab-separated).
# - match: a regular expression over the English message (markup left out);
#   every message it finds must be translated with one of the chosen words
#   (|-separated stems).  Empty: the row only rules words out.
# - avoid: |-separated words that no translation may hold, except where the
#   rules pages quote their source documents: the text of a source (kept word
#   for word) and the source's word inside a marked correction.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import ast
import os
import re
import sys

from tap import done, ok

TOP = os.environ.get('DJENON_SRCDIR') or os.path.join(os.path.dirname(__file__), '..')

# The rules page of each language that is the text of a source document.
SOURCE_PAGES = {'eu': ('rules-aboure', '000_06302a0567521d9f.txt'),
                'ne': ('rules-aboure', '001_cdbaa0aad3cfffcd.txt'),
                'nl': ('rules-abe', '002_0ae253e0fd8935c6.txt'),
                'ur': ('rules-abe', '004_e871aeafe0230bd3.txt')}


def read_po(path):
    """[(msgid, [msgstr…], [file…])] of a .po file, obsolete entries left out."""
    entries = []
    with open(path, encoding='utf-8') as f:
        blocks = f.read().split('\n\n')
    for block in blocks:
        fields = {}
        files = []
        key = None
        for line in block.split('\n'):
            if line.startswith('#:'):
                files += [ref.rsplit(':', 1)[0] for ref in line[2:].split()]
                continue
            if line.startswith('#'):
                key = None
                continue
            m = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) (".*")$', line)
            if m:
                key = m.group(1)
                fields[key] = ast.literal_eval(m.group(2))
            elif line.startswith('"') and key:
                fields[key] += ast.literal_eval(line)
        if fields.get('msgid'):
            strs = [v for k, v in sorted(fields.items()) if k.startswith('msgstr')]
            entries.append((fields['msgid'], strs, files))
    return entries


def plain(text):
    return re.sub(r'\s+', ' ', re.sub(r'<[^>]*>', '', text)).strip()


LITERAL = re.compile(r'<(code|screen|cmd|sys|input|output|var|key|file)\b[^>]*>.*?</\1>', re.S)


def said(msgid):
    """What an English message says in words: code, file names and keys left
    out, and so are words it only quotes (“lap”) or glosses (<em>x</em> (…))."""
    text = LITERAL.sub(' ', msgid)
    text = re.sub(r'<em>[^<]*</em>\s*\([^)]*\)', ' ', text)
    text = re.sub(r'“[^”]*”', ' ', text)
    return plain(text)


NOTE = re.compile(r'<em style="correction">(.*?)</em>\s*<span style="correction-note">.*?'
                  r'<span style="source-word">(.*?)</span>.*?</span>', re.S)


def source_side(text):
    """A rules-page message as its source has it: each correction replaced by the source's word."""
    return plain(NOTE.sub(lambda m: m.group(2), text))


def in_source(text, source):
    """Whether a page's message is the text of its source, but for a bullet's
    label that the page changes (a layout change the rules page lists)."""
    text = re.sub(r'\s', '', source_side(text))
    return text in source or text.split(':', 1)[-1] in source


def own_text(text):
    """What Djenon wrote: the correction notes (the sources' words) left out."""
    return plain(NOTE.sub(lambda m: m.group(1), text))


def read_glossary(path):
    rows = []
    with open(path, encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip('\n')
            if not line or line.startswith('#'):
                continue
            cells = line.split('\t')
            if len(cells) != 5:
                raise ValueError('%s:%d: %d cells, not 5' % (path, n, len(cells)))
            rows.append((n, *cells))
    return rows


def main():
    with open(os.path.join(TOP, 'po', 'LINGUAS')) as f:
        languages = [l for l in f.read().split() if not l.startswith('#')]
    for ll in languages:
        path = os.path.join(TOP, 'po', 'glossary', ll + '.tsv')
        ok(os.path.exists(path), '%s: po/glossary/%s.tsv exists' % (ll, ll))
        if not os.path.exists(path):
            continue
        try:
            rows = read_glossary(path)
        except ValueError as e:
            ok(False, '%s: the glossary reads' % ll, e)
            continue
        ok(len(rows) >= 5, '%s: the glossary has at least five terms' % ll)

        page, source_name = SOURCE_PAGES.get(ll, (None, None))
        source = ''
        if source_name:
            with open(os.path.join(TOP, 'tests', 'sources', source_name), encoding='utf-8') as f:
                source = re.sub(r'\s', '', f.read())
        messages = []   # (where, msgid, [translations as Djenon wrote them])
        for where, po in (('interface', os.path.join(TOP, 'po', ll + '.po')),
                          ('help', os.path.join(TOP, 'help', ll, ll + '.po'))):
            for msgid, strs, files in read_po(po):
                if not any(strs):
                    continue
                quoted = (page and
                          any(f.endswith('/%s.page' % page) for f in files) and
                          all(in_source(s, source) for s in strs))
                if quoted:
                    continue    # the text of a source document, kept word for word
                if msgid.startswith(('&lt;', '[')):
                    continue    # a file shown as it is
                messages.append((where, msgid, [own_text(s) for s in strs]))

        for n, term, match, chosen, avoid, note in rows:
            if match:
                rx = re.compile(match)
                stems = [w for w in chosen.split('|') if w]
                missing = ['%s: %s\n    %s' % (where, plain(msgid), ' | '.join(strs))
                           for where, msgid, strs in messages
                           if rx.search(said(msgid)) and
                           not all(any(w.lower() in s.lower() for w in stems) for s in strs)]
                found = sum(1 for _, msgid, _ in messages if rx.search(said(msgid)))
                ok(found > 0 and not missing,
                   '%s: “%s” is “%s” wherever it is said (%d messages)' % (ll, term, chosen, found),
                   '\n'.join(missing[:20]) if found else 'no message says “%s”' % term)
            for word in [w for w in avoid.split('|') if w]:
                used = ['%s: %s\n    %s' % (where, plain(msgid), ' | '.join(strs))
                        for where, msgid, strs in messages
                        if word not in msgid and any(word in s for s in strs)]
                ok(not used, '%s: “%s” is not used for “%s”' % (ll, word, term), '\n'.join(used[:20]))
    return done()


if __name__ == '__main__':
    sys.exit(main())
