#!/usr/bin/env python3
# Menu access keys (TAP): within one menu (its sections together, a submenu
# being a menu of its own), no two items share an access key, in English and
# in every language of po/LINGUAS, as the translations of po/*.po give them.
# And in a right-to-left translation, every key combination of a message
# ("Ctrl+.", "F9") and every glyph or assessment sign ("?!", "+=") is in a
# left-to-right isolate, so that it does not read ".+Ctrl", "!?" or "=+".

import gettext
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

from tap import done, ok

TOP = os.environ.get('DJENON_SRCDIR') or os.path.join(os.path.dirname(__file__), '..')

RIGHT_TO_LEFT = {'ur', 'ar', 'fa', 'he'}
LRI = '\u2066'
PDI = '\u2069'
# "Ctrl+.", "Ctrl+Shift+Z", "F9" as they are written in messages.
KEYS = re.compile(r'(?:(?:Ctrl|Shift|Alt)\+)+(?:[^\s)\u2069]+)|\bF\d+\b')

# Glyphs and assessment signs of two or three characters: "?!", "??",
# "+=", "-/+" (not "--from").
MARKS = re.compile(r'(?<![\w\-])[!?=+~/\-]{2,3}(?![\w\-])')
MENU_MARK = re.compile(r'^[!?=+~/\-]+(  \S|$)')


def isolated(text, start, end):
    """Whether text[start:end] is inside a left-to-right isolate."""
    opened = text.rfind(LRI, 0, start)
    return opened >= 0 and text.rfind(PDI, 0, start) < opened and PDI in text[end:]


def access_key(label):
    """The character after the first single underscore, lowered; None."""
    i = 0
    while i < len(label) - 1:
        if label[i] == '_':
            if label[i + 1] == '_':
                i += 2
                continue
            return label[i + 1].lower()
        i += 1
    return None


def label_of(elem, translate):
    for attr in elem.findall('attribute'):
        if attr.get('name') == 'label':
            text = attr.text or ''
            if attr.get('translatable') == 'yes':
                text = translate(attr.get('context'), text)
            return text
    return None


def menu_levels(menu, name):
    """(name, [labels]) for @menu and each submenu under it, without recursion."""
    levels = []
    pending = [(name, menu)]
    while pending:
        level_name, level = pending.pop()
        items = []
        stack = [level]
        while stack:
            node = stack.pop()
            for child in reversed(list(node)):
                if child.tag == 'section':
                    stack.append(child)
                elif child.tag in ('item', 'submenu'):
                    items.append(child)
                    if child.tag == 'submenu':
                        pending.append(('%s > %s' % (level_name, label_of(child, lambda c, t: t)),
                                        child))
        levels.append((level_name, items))
    return levels


def main():
    menus = []
    for ui in sorted(os.listdir(os.path.join(TOP, 'ui'))):
        if not ui.endswith('.ui'):
            continue
        root = ET.parse(os.path.join(TOP, 'ui', ui)).getroot()
        for menu in root.iter('menu'):
            menus.extend(menu_levels(menu, '%s: %s' % (ui, menu.get('id'))))

    with open(os.path.join(TOP, 'po', 'LINGUAS')) as f:
        languages = [l for l in f.read().split() if not l.startswith('#')]

    with tempfile.TemporaryDirectory() as tmp:
        for ll in ['C'] + languages:
            if ll == 'C':
                def translate(context, text):
                    return text
            else:
                mo = os.path.join(tmp, ll + '.mo')
                subprocess.run(['msgfmt', '-o', mo, os.path.join(TOP, 'po', ll + '.po')],
                               check=True)
                with open(mo, 'rb') as f:
                    catalog = gettext.GNUTranslations(f)

                def translate(context, text, catalog=catalog):
                    return catalog.pgettext(context, text) if context else catalog.gettext(text)

            for name, items in menus:
                seen = {}
                for item in items:
                    label = label_of(item, translate)
                    key = access_key(label or '')
                    if key is not None:
                        seen.setdefault(key, []).append(label)
                dupes = {k: v for k, v in seen.items() if len(v) > 1}
                ok(not dupes, '%s: %s has no access key twice' % (ll, name),
                   '\n'.join('%s: %s' % (k, ', '.join(v)) for k, v in sorted(dupes.items())))
    for ll in languages:
        if ll not in RIGHT_TO_LEFT:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            mo = os.path.join(tmp, ll + '.mo')
            subprocess.run(['msgfmt', '-o', mo, os.path.join(TOP, 'po', ll + '.po')], check=True)
            with open(mo, 'rb') as f:
                catalog = gettext.GNUTranslations(f)
        bare = []
        bare_marks = []
        for msgid, msgstr in catalog._catalog.items():
            texts = msgstr if isinstance(msgstr, list) else [msgstr]
            msgid = (msgid[0] if isinstance(msgid, tuple) else msgid).split('\x04')[-1]
            for text in texts:
                for m in KEYS.finditer(text):
                    if not (text[:m.start()].endswith(LRI) and text[m.end():].startswith(PDI)):
                        bare.append('%s: %s' % (m.group(0), text))
                # A menu item's leading mark ("!?  Interesting move") and the
                # glyph button's "!?" are isolated by the notation view itself.
                if not msgid or MENU_MARK.match(msgid):
                    continue
                for m in MARKS.finditer(text):
                    if not isolated(text, m.start(), m.end()):
                        bare_marks.append('%s: %s' % (m.group(0), text))
        ok(not bare, '%s: every key combination is a left-to-right isolate' % ll, '\n'.join(bare))
        ok(not bare_marks, '%s: every glyph and assessment sign ("?!", "+=") is in a '
           'left-to-right isolate' % ll, '\n'.join(bare_marks))
    return done()


if __name__ == '__main__':
    sys.exit(main())
