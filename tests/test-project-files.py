#!/usr/bin/env python3
"""What packagers read: NEWS, the metainfo's releases, the .doap file and
meson's version in step; the metainfo as software centres want it
(appstreamcli --pedantic); D-Bus activation; the Flatpak manifest; file
access through the portals.  TAP.

Usage: test-project-files.py SRCDIR METAINFO DESKTOP SERVICE

SPDX-License-Identifier: GPL-3.0-or-later
"""
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tap import ok, done  # noqa: E402

srcdir, metainfo_path, desktop_path, service_path = sys.argv[1:5]
BASE_ID = 'org.djenon.Djenon'


def words(text):
    return ' '.join(text.split())


def read_news():
    """[(version, date, text)] from NEWS, newest first."""
    entries = []
    text = open(os.path.join(srcdir, 'NEWS'), encoding='utf-8').read()
    heads = list(re.finditer(r'^Djenon (\S+) \((\d{4}-\d{2}-\d{2})\)\n=+\n', text, re.M))
    for i, m in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        body = text[m.end():end]
        # Paragraphs and "- " items, each as plain words.
        items = [words(re.sub(r'^- ', '', part.strip())) for part in re.split(r'\n\s*\n|\n(?=- )', body)
                 if part.strip()]
        entries.append((m.group(1), m.group(2), items))
    return entries


def metainfo_releases(path):
    root = ET.parse(path).getroot()
    out = []
    for rel in root.iter('release'):
        desc = rel.find('description')
        items = []
        if desc is not None:
            for el in desc.iter():
                if el.tag in ('p', 'li') and el.get('{http://www.w3.org/XML/1998/namespace}lang') is None:
                    items.append(words(''.join(el.itertext())))
        out.append((rel.get('version'), rel.get('date'), items))
    return root, out


news = read_news()
ok(len(news) > 0, 'NEWS has release entries ("Djenon VERSION (DATE)")')

meson_build = open(os.path.join(srcdir, 'meson.build'), encoding='utf-8').read()
project_version = re.search(r"version:\s*'([^']+)'", meson_build).group(1)
ok(news and news[0][0] == project_version, 'the newest NEWS entry is the project version',
   'NEWS %s, meson.build %s' % (news[0][0] if news else None, project_version))

source_root, source_releases = metainfo_releases(
    os.path.join(srcdir, 'data', BASE_ID + '.metainfo.xml.in'))
ok(source_releases == news, "the metainfo's <releases> are NEWS's entries, text included",
   'NEWS: %r\nmetainfo: %r' % (news, source_releases))

doap = ET.parse(os.path.join(srcdir, 'djenon.doap')).getroot()
ns = '{http://usefulinc.com/ns/doap#}'
doap_releases = [(v.findtext(ns + 'revision'), v.findtext(ns + 'created'))
                 for v in doap.iter(ns + 'Version')]
ok(doap_releases == [(v, d) for v, d, _ in news], "djenon.doap's releases are NEWS's",
   'doap: %r' % doap_releases)

# The metainfo as installed.
root, _ = metainfo_releases(metainfo_path)
app_id = root.findtext('id')
dev = root.find('developer')
ok(dev is not None and dev.get('id') and dev.findtext('name'),
   'the metainfo names its developer with <developer id=…><name>')
ok(root.find('developer_name') is None, 'no deprecated <developer_name>')
colours = {c.get('scheme_preference'): c.text for c in root.findall('branding/color')
           if c.get('type') == 'primary'}
ok(set(colours) == {'light', 'dark'} and all(re.fullmatch(r'#[0-9a-fA-F]{6}', v) for v in colours.values()),
   'branding colours for light and dark', repr(colours))
binaries = [b.text for b in root.findall('provides/binary')]
ok('djenon' in binaries and 'djenon-cli' in binaries, 'provides both binaries', repr(binaries))
shots = [i.text for i in root.iter('image')]
ok(len(shots) > 0 and all(re.search(r'/data/screenshots/[^/]+\.png$', s) and os.path.isfile(
    os.path.join(srcdir, 'data', 'screenshots', os.path.basename(s))) for s in shots),
   "every screenshot is one of the repository's (data/screenshots)", repr(shots))

# appstreamcli --pedantic: nothing beyond what this appstream cannot help.
#  cid-contains-uppercase-letter: the id is org.djenon.Djenon, as GNOME's ids are;
#  unknown-tag developer: <developer> is newer than appstream 0.16.
allowed = {('cid-contains-uppercase-letter', None), ('unknown-tag', 'developer')}
res = subprocess.run(['appstreamcli', 'validate', '--pedantic', '--no-net', '--no-color',
                      metainfo_path], capture_output=True, text=True)
issues = re.findall(r'^[EWIP]: [^:]+:(?:\d+:)? (\S+)(?: (.*))?$', res.stdout, re.M)
unexpected = [i for i in issues if (i[0], None) not in allowed and (i[0], i[1] or None) not in allowed]
ok(res.returncode == 0 and not unexpected, 'appstreamcli validate --pedantic finds nothing unexpected',
   res.stdout + res.stderr)

# D-Bus activation.
desktop = open(desktop_path, encoding='utf-8').read()
ok(os.path.basename(desktop_path) == app_id + '.desktop', 'the desktop file is named after the app id')
ok(re.search(r'^DBusActivatable=true$', desktop, re.M), 'the desktop file says DBusActivatable=true')
service = open(service_path, encoding='utf-8').read()
ok(re.search(r'^Name=%s$' % re.escape(app_id), service, re.M)
   and re.search(r'^Exec=/\S*/djenon --gapplication-service$', service, re.M)
   and os.path.basename(service_path) == app_id + '.service',
   'the D-Bus service file starts the application as a service under its id', service)

# The Flatpak manifest.
manifest_path = os.path.join(srcdir, 'build-aux', 'flatpak', BASE_ID + '.json')
try:
    manifest = json.load(open(manifest_path, encoding='utf-8'))
except ValueError as e:
    manifest = None
    ok(False, 'the Flatpak manifest parses', str(e))
if manifest is not None:
    ok(True, 'the Flatpak manifest parses')
    ok(manifest.get('id') == BASE_ID and manifest.get('command') == 'djenon',
       'the manifest builds org.djenon.Djenon and runs djenon')
    ok(manifest.get('runtime') == 'org.gnome.Platform' and manifest.get('sdk') == 'org.gnome.Sdk'
       and int(manifest.get('runtime-version', '0')) >= 43,
       'a GNOME runtime with GTK ≥ 4.8 and libadwaita ≥ 1.2 (43 or later)')
    finish = manifest.get('finish-args', [])
    minimal = {'--share=ipc', '--socket=fallback-x11', '--socket=wayland', '--device=dri'}
    ok(set(finish) <= minimal and not any(a.startswith('--filesystem') for a in finish),
       'finish-args are minimal: no file system access beyond the portals', repr(finish))
    module = [m for m in manifest.get('modules', []) if isinstance(m, dict) and m.get('name') == 'djenon']
    opts = module[0].get('config-opts', []) if module else []
    ok(module and module[0].get('buildsystem') == 'meson' and '--buildtype=release' in opts
       and '-Dtests=false' in opts, "the djenon module is a meson release build without tests",
       repr(module))

# Inside the sandbox files are reached through the portals: every file
# chooser is a GtkFileChooserNative (the FileChooser portal in Flatpak).
app_dir = os.path.join(srcdir, 'src', 'app')
sources = {n: open(os.path.join(app_dir, n), encoding='utf-8').read()
           for n in sorted(os.listdir(app_dir)) if n.endswith('.c')}
direct = [n for n, s in sources.items()
          if re.search(r'gtk_file_chooser_(dialog|widget)_new|GtkFileChooser(Dialog|Widget)\b', s)]
natives = [n for n, s in sources.items() if 'gtk_file_chooser_native_new' in s]
ok(not direct and natives, 'the application opens and saves files through GtkFileChooserNative only',
   'direct choosers in: %r' % direct)

sys.exit(done())
