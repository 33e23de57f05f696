/* dj-move-label.h: a move as the interface shows it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dj-rules.h"

G_BEGIN_DECLS

/* "c", "D", or "pass" in the user's language: in the notation, the analysis,
 * the status line and undo labels. */
const char *dj_move_label (DjMove move);

G_END_DECLS
