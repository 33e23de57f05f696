#!/usr/bin/python3
# test-include-cycles.py: no two files of a folder of sources include each
# other, directly or around a loop (a module is NAME.c with NAME.h, and
# NAME-PART.c files that include NAME-private.h)
#
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)\.h"', re.M)


def graph(folder):
    modules = {}
    for name in sorted(os.listdir(folder)):
        base, ext = os.path.splitext(name)
        if ext not in ('.c', '.h'):
            continue
        base = base.removesuffix('-private')
        with open(os.path.join(folder, name), encoding='utf-8') as f:
            text = f.read()
        includes = INCLUDE.findall(text)
        # A part of a class in a file of its own (dj-window-actions.c with
        # dj-window-private.h) is that class: what it includes, the class does.
        for i in includes:
            owner = i.removesuffix('-private')
            if i.endswith('-private') and base.startswith(owner + '-'):
                base = owner
        deps = modules.setdefault(base, set())
        deps.update(i.removesuffix('-private') for i in includes)
        deps.discard(base)
    return {m: {d for d in deps if d in modules} for m, deps in modules.items()}


def find_cycle(modules):
    """A loop of includes, or None (depth-first, with a stack of its own)."""
    state = {}
    for start in modules:
        if start in state:
            continue
        stack = [(start, iter(sorted(modules[start])))]
        path = [start]
        state[start] = 'open'
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                path.pop()
                state[node] = 'done'
            elif state.get(child) == 'open':
                return path[path.index(child):] + [child]
            elif child not in state:
                state[child] = 'open'
                path.append(child)
                stack.append((child, iter(sorted(modules[child]))))
    return None


def main():
    print('1..%d' % (len(sys.argv) - 1))
    failed = False
    for i, folder in enumerate(sys.argv[1:], 1):
        cycle = find_cycle(graph(folder))
        if cycle:
            failed = True
            print('not ok %d %s: %s' % (i, os.path.basename(folder), ' -> '.join(cycle)))
        else:
            print('ok %d %s' % (i, os.path.basename(folder)))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
