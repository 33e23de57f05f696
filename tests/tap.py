"""TAP for the Python tests: ok() for each check, then done() for the plan.

SPDX-License-Identifier: GPL-3.0-or-later
"""

_count = 0
_failed = False


def ok(cond, what, detail=''):
    """One check: "ok N - what", or "not ok N - what" with @detail as comments."""
    global _count, _failed
    _count += 1
    print('%s %d - %s' % ('ok' if cond else 'not ok', _count, what))
    if not cond:
        _failed = True
        for line in str(detail).splitlines():
            print('# ' + line)


def done():
    """Prints the plan; returns the exit status (1 if a check failed)."""
    print('1..%d' % _count)
    return 1 if _failed else 0
