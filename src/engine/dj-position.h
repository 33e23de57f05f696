/* dj-position.h: a position of either game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dj-rules.h"

G_BEGIN_DECLS

/* 16 bytes, plain data: copy with =, compare with dj_position_equal(). */
typedef struct
{
  guint8 pits[DJ_N_PITS];
  guint8 captured[2];     /* indexed by DjSide */
  guint8 to_move;         /* DjSide */
  guint8 feed_owed;       /* Djenon-abe: the side to move must feed (the opponent passed starved) */
} DjPosition;

G_STATIC_ASSERT (sizeof (DjPosition) == 16);

void         dj_position_init_start    (DjPosition       *pos);
gboolean     dj_position_equal         (const DjPosition *a,
                                        const DjPosition *b);
guint        dj_position_hash          (const DjPosition *pos);
guint        dj_position_row_seeds     (const DjPosition *pos,
                                        DjSide            side);
/* TRUE when the 12 pits and two captures add up to 48 and the fields are in range. */
gboolean     dj_position_check         (const DjPosition *pos,
                                        GError          **error);

/* Text form: "p0 … p11 capS capN S|N [feed]" (15 or 16 tokens). */
gboolean     dj_position_parse         (const char       *text,
                                        DjPosition       *pos,
                                        GError          **error);
char        *dj_position_to_string     (const DjPosition *pos);

G_END_DECLS
