/* dj-perft.h: counting move-tree leaves, the engine's regression measure
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dj-play.h"

G_BEGIN_DECLS

#define DJ_PERFT_MAX_DEPTH 64

/* Fills leaves[d] for d = 1..depth: the paths of d moves (a pass is a move),
 * where a finished game is a leaf that is not expanded. */
void         dj_perft                  (const DjRules    *rules,
                                        const DjPosition *pos,
                                        guint             depth,
                                        guint64          *leaves);

G_END_DECLS
