/* dj-long-line.h: a long legal line, for benchmarks and tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dj-play.h"

G_BEGIN_DECLS

/* A Djenon-abe line of @n legal moves from the start, the same every time:
 * a prefix, then a cycle of positions played again and again (repeated
 * positions do not end a game), found by a seeded random search that avoids
 * captures.  An array of DjMove; free with g_array_unref(). */
GArray      *dj_long_legal_line        (guint n);

G_END_DECLS
