/* dj-tables-builder.h: deeper endgame tables made in the background
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "dj-rules.h"

G_BEGIN_DECLS

#define DJ_TYPE_TABLES_BUILDER (dj_tables_builder_get_type ())
G_DECLARE_FINAL_TYPE (DjTablesBuilder, dj_tables_builder, DJ, TABLES_BUILDER, GObject)

/* The process's builder: the tables it makes serve every search of the
 * process (dj-search-tables.h), so there is one, like the tables. */
DjTablesBuilder *dj_tables_builder_get_default (void);

/* Asks for the deeper tables of @rules: made on a worker thread of the
 * lowest priority unless they are loaded, being made, not wanted, or
 * failed earlier in this process (the reason is then in "message").
 * Another rule set's request waits for the build in progress. */
void        dj_tables_builder_want         (DjTablesBuilder *self,
                                            const DjRules   *rules);
/* TRUE while tables are being made. */
gboolean    dj_tables_builder_get_building (DjTablesBuilder *self);
/* How far the build in progress is, 0 .. 1. */
double      dj_tables_builder_get_fraction (DjTablesBuilder *self);
/* What the user is told: "Making endgame tables for faster analysis…",
 * or why they were not made or are made again; NULL when there is nothing
 * to say. */
const char *dj_tables_builder_get_message  (DjTablesBuilder *self);
/* TRUE when the message is a failure (the tables were not made). */
gboolean    dj_tables_builder_get_failed   (DjTablesBuilder *self);
/* Stops a build in progress (at quit); nothing is saved. */
void        dj_tables_builder_cancel       (DjTablesBuilder *self);

G_END_DECLS
