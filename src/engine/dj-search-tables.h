/* dj-search-tables.h: history-free bounds for positions with few seeds (internal)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dj-play.h"

G_BEGIN_DECLS

/* Positions with at most this many seeds on the board have tables. */
#define DJ_TABLES_MAX_SEEDS 8

typedef struct _DjTables DjTables;

/* The tables of @rules, built on first use (a fraction of a second) and kept
 * for the life of the process; thread-safe. */
const DjTables *dj_tables_get          (const DjRules    *rules);

/* For @pos (captures ignored) with at most DJ_TABLES_MAX_SEEDS seeds: bounds on
 * its future value from South's view, lo_s <= value <= hi_s, valid for the
 * position at the start of a line (no history).  lo_s is what South can force
 * when endless play counts as the worst for South, hi_s what North can force
 * when it counts as the best for South: see dj-search-tables.c. */
gboolean        dj_tables_lookup       (const DjTables   *tables,
                                        const DjPosition *pos,
                                        int              *lo_s,
                                        int              *hi_s);

/* Builds the tables of @rules up to @max_seeds seeds afresh, not shared (for
 * tests and the table tool); free with dj_tables_free(). */
DjTables       *dj_tables_build        (const DjRules    *rules,
                                        guint             max_seeds);
void            dj_tables_free         (DjTables         *tables);

G_END_DECLS
