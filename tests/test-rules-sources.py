#!/usr/bin/env python3
# The rules pages and their sources (TAP).
#
# - Every rules page, in every language of the help, says in its first
#   paragraph whether it is the text of the Mancala World source or a
#   translation of it, and ends with the source, its licence and the page's.
# - Each of the four pages written in the language of a source document
#   (../shared/sources, copied into tests/sources) keeps that document word
#   for word, except for the corrections it marks and the layout changes the
#   page "How Djenon reads the rules" lists.
# - The corrections marked in those pages are exactly the ones listed in the
#   table of that page, in every language.
#
# The translated pages are made here as help/meson.build makes them
# (msgfmt, then itstool), from DJENON_SRCDIR.

import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

from tap import done, ok

TOP = os.environ.get('DJENON_SRCDIR') or os.path.join(os.path.dirname(__file__), '..')
M = '{http://projectmallard.org/1.0/}'
IF = '{http://projectmallard.org/if/1.0/}'
PAGES = ('rules-aboure', 'rules-abe')
SOURCE_TITLE = {'rules-aboure': 'Djenon Aboure', 'rules-abe': 'Djenon Abe'}

# (source file, language, page): the source documents and the pages that are
# their text.  Every other combination is a translation.
SOURCES = [
    ('000_06302a0567521d9f.txt', 'eu', 'rules-aboure'),
    ('001_cdbaa0aad3cfffcd.txt', 'ne', 'rules-aboure'),
    ('002_0ae253e0fd8935c6.txt', 'nl', 'rules-abe'),
    ('004_e871aeafe0230bd3.txt', 'ur', 'rules-abe'),
]
IS_SOURCE = {(ll, page) for _, ll, page in SOURCES}

# How each language says "this is the text of" and "translated from".
PHRASES = {
    'C':  ('This is the text of', 'These rules are translated from'),
    'eu': ('Hau da', 'itzuli dira'),
    'ne': ('पाठ हो', 'अनुवाद गरिएका'),
    'nl': ('Dit is de tekst van', 'vertaald uit'),
    'ur': ('کا متن ہے', 'ترجمہ کیے گئے'),
}

# The layout changes listed on the page "How Djenon reads the rules"
# (section "corrections"): labels that do not fit their bullet (left out, or
# in Urdu replaced by the bullet's own label, in order), the English values
# of the board lists, in the page's language.
LABELS = {
    'eu': ['Pasatzen: '] * 5,
    'ne': ['पास: '] * 5,
    'nl': [],
    'ur': [('لازمی کھلانے: ', 'ریلے بوائی: '), ('لازمی کھلانے: ', 'باری کا اختتام: ')],
}
BOARD_WORDS = {
    'eu': [(': Two', ': bi'), (': None', ': bat ere ez'), (' seeds', ' hazi')],
    'ne': [(': Two', ': दुई'), (': None', ': छैन'), (' seeds', ' बीउ')],
    'nl': [('Stores:', 'Voorraadkuilen:')],
    'ur': [(': Two', ': دو'), (': None', ': کوئی نہیں'), (' seeds', ' بیج')],
}
LANGUAGE_NAMES = {'Basque': 'eu', 'Nepali': 'ne', 'Dutch': 'nl', 'Urdu': 'ur'}


def text_of(elem):
    return re.sub(r'\s+', ' ', ''.join(elem.itertext())).strip()


def space_sentences(s):
    # The sources often glue sentences together ("bilduta.Gutxi"); the pages
    # do not.  Compare both with one space after each stop.
    s = re.sub(r'(?<=\D)([.;।۔])(?=\S)', r'\1 ', s)
    return re.sub(r'\s+', ' ', s).strip()


def source_text(elem, marks, ll):
    """The text of a block with each marked correction replaced by the word
    of the source that its note gives; the marks go into @marks."""
    out = [elem.text or '']
    children = list(elem)
    i = 0
    while i < len(children):
        child = children[i]
        if child.tag == M + 'em' and child.get('style') == 'correction':
            note = children[i + 1] if i + 1 < len(children) else None
            word = None
            if (note is not None and note.tag == M + 'span' and
                    note.get('style') == 'correction-note' and
                    (child.tail or '').strip() == ''):
                for span in note.iter(M + 'span'):
                    if span.get('style') == 'source-word':
                        word = text_of(span)
            if word is None:
                raise ValueError('a correction without its note: ' + text_of(child))
            marks.add((ll, word, text_of(child)))
            out.append(word)
            out.append(note.tail or '')
            i += 2
            continue
        out.append(source_text(child, marks, ll))
        out.append(child.tail or '')
        i += 1
    return ''.join(out)


def page_blocks(root, marks, ll):
    """The titles and paragraphs of the sections taken from the source."""
    blocks = []
    for sec in root.findall(M + 'section'):
        if sec.get('id') in ('example', 'example-chain', 'interpretation', 'source'):
            continue
        for elem in sec.iter():
            # Djenon's worked examples: their words and the link for other help readers.
            if elem.get('style') == 'example-caption' or elem.get(IF + 'test'):
                continue
            if elem.tag in (M + 'title', M + 'p'):
                blocks.append(space_sentences(source_text(elem, marks, ll)))
    return blocks


def document_blocks(path, ll):
    with open(path, encoding='utf-8') as f:
        lines = [l.strip() for l in f.read().split('\n')]
    # Title, the English "type" summary, and the "Source:" line are not rules text.
    lines = [l for l in lines[2:] if l and not l.startswith('Source:')]
    labels = list(LABELS[ll])
    blocks = []
    for line in lines:
        if line.startswith('- '):
            line = line[2:]
        for label in list(labels):
            old, new = label if isinstance(label, tuple) else (label, '')
            if line.startswith(old):
                line = new + line[len(old):]
                labels.remove(label)
                break
        if re.match(r'^[^:]+: (Two|None|\d+ seeds)$', line) or line.startswith('Stores:'):
            for old, new in BOARD_WORDS[ll]:
                line = line.replace(old, new)
        # Two sub-bullets on one line ("١ - … ١ - …").
        parts = [p.strip() for p in re.split(r'(?:^|\s)١ - ', line) if p.strip()]
        blocks.extend(space_sentences(p) for p in parts)
    return blocks, labels


def build_pages(tmp):
    """{language: {page: root}}, English as 'C'."""
    pages = {'C': {}}
    for page in PAGES + ('rules-interpretation',):
        pages['C'][page] = ET.parse(os.path.join(TOP, 'help', 'C', page + '.page')).getroot()
    with open(os.path.join(TOP, 'help', 'LINGUAS')) as f:
        languages = f.read().split('#')[0].split()
    for ll in languages:
        mo = os.path.join(tmp, ll + '.mo')
        out = os.path.join(tmp, ll)
        os.mkdir(out)
        subprocess.run(['msgfmt', '-o', mo, os.path.join(TOP, 'help', ll, ll + '.po')], check=True)
        subprocess.run(['itstool', '-m', mo, '--lang', ll, '-o', out + '/'] +
                       [os.path.join(TOP, 'help', 'C', p + '.page')
                        for p in PAGES + ('rules-interpretation',)], check=True)
        pages[ll] = {p: ET.parse(os.path.join(out, p + '.page')).getroot()
                     for p in PAGES + ('rules-interpretation',)}
    return pages


def check_credits(pages):
    for ll, book in pages.items():
        for page in PAGES:
            root = book[page]
            first = root.find(M + 'p')
            line = text_of(first) if first is not None else ''
            is_source = (ll, page) in IS_SOURCE
            said, other = PHRASES[ll] if is_source else PHRASES[ll][::-1]
            ok(said in line and other not in line and 'Mancala World' in line and
               SOURCE_TITLE[page] in line,
               '%s %s: the first paragraph says it is %s Mancala World text' %
               (ll, page, 'the' if is_source else 'a translation of the'), line)

            source = [s for s in root.findall(M + 'section') if s.get('id') == 'source']
            text = text_of(source[0]) if source else ''
            hrefs = [l.get('href') for l in source[0].iter(M + 'link')] if source else []
            ok(SOURCE_TITLE[page] in text and 'Mancala World' in text and
               'CC BY-SA 3.0' in text and 'CC BY-SA 4.0' in text and
               'https://creativecommons.org/licenses/by-sa/3.0/' in hrefs and
               'https://creativecommons.org/licenses/by-sa/4.0/' in hrefs and
               'https://mancala.fandom.com/' in hrefs,
               '%s %s: the source section names the source, its site and both licences' %
               (ll, page), text)

            lic = root.find(M + 'info/' + M + 'license')
            ok(lic is not None and
               lic.get('href') == 'https://creativecommons.org/licenses/by-sa/4.0/' and
               'CC BY-SA 4.0' in text_of(lic),
               '%s %s: the page licence is CC BY-SA 4.0' % (ll, page))


def listed_corrections(root):
    rows = []
    for sec in root.iter(M + 'section'):
        if sec.get('id') != 'corrections':
            continue
        for tr in list(sec.iter(M + 'tr'))[1:]:
            cells = tr.findall(M + 'td')
            words = [cell.find('.//' + M + 'em') for cell in cells[1:3]]
            rows.append((text_of(cells[0]), tuple(text_of(w) if w is not None else ''
                                                  for w in words)))
    return rows


def check_sources(pages):
    marks = set()
    for name, ll, page in SOURCES:
        path = os.path.join(TOP, 'tests', 'sources', name)
        want, unused = document_blocks(path, ll)
        ok(not unused, '%s: every label the page leaves out is in the source' % name, unused)
        try:
            got = page_blocks(pages[ll][page], marks, ll)
        except ValueError as e:
            ok(False, '%s %s: every correction has its note' % (ll, page), e)
            continue
        detail = ''
        if got != want:
            import difflib
            detail = '\n'.join(difflib.unified_diff(want, got, 'source', 'page', lineterm='', n=0))
        ok(got == want, '%s %s: the page is the text of %s, but for the marked corrections' %
           (ll, page, name), detail)

    rows = listed_corrections(pages['C']['rules-interpretation'])
    listed = set()
    for language, (source_word, page_word) in rows:
        ll = LANGUAGE_NAMES.get(language.split(',')[0])
        listed.add((ll, source_word, page_word))
    ok(len(rows) > 0 and listed == marks,
       'the corrections listed on "How Djenon reads the rules" are the ones marked in the pages',
       'listed, not marked: %s\nmarked, not listed: %s' %
       (sorted(listed - marks), sorted(marks - listed)))

    for ll, book in pages.items():
        if ll == 'C':
            continue
        words = [w for _, w in listed_corrections(book['rules-interpretation'])]
        ok(words == [w for _, w in rows],
           '%s: the table of corrections quotes the sources\' words unchanged' % ll,
           words)


def check_type_lines(pages):
    """Each source's first line after the title gives the type of the game; the
    pages leave it out, so "How Djenon reads the rules" must say so, in every
    language, naming each source's label."""
    for name, ll, page in SOURCES:
        with open(os.path.join(TOP, 'tests', 'sources', name), encoding='utf-8') as f:
            line = f.read().split('\n')[1].strip()
        label = line.split(':', 1)[0]
        on_page = any(line.split(':', 1)[1].strip()[:40] in text_of(p)
                      for p in pages[ll][page].iter(M + 'p'))
        for lang, book in pages.items():
            listed = ' '.join(text_of(sec) for sec in book['rules-interpretation'].iter(M + 'section')
                              if sec.get('id') == 'corrections')
            ok(on_page or ('“%s”' % label) in listed,
               '%s: the type line of %s (“%s”) is on its page or listed among the layout changes' %
               (lang, name, label), listed[-400:])


def main():
    with tempfile.TemporaryDirectory() as tmp:
        pages = build_pages(tmp)
        check_credits(pages)
        check_sources(pages)
        check_type_lines(pages)
    return done()


if __name__ == '__main__':
    sys.exit(main())
