/* dj-move-time.h: the time spent on a move, as people write it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* "m:ss", "h:mm:ss", with tenths when there are any ("0:07.5"). */
char     *dj_move_time_format (gint64       time_ms);
/* Reads what dj_move_time_format() writes, and plain seconds ("12",
 * "12.5"); spaces around are ignored. */
gboolean  dj_move_time_parse  (const char  *text,
                               gint64      *time_ms);

G_END_DECLS
