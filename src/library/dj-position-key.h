/* dj-position-key.h: a position and its rule set packed into one integer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dj-position.h"

G_BEGIN_DECLS

/* An exact, reversible packing (no hash, so no collisions to verify): the
 * 48 seeds spread over 12 pits and 2 captures are ranked in the combinatorial
 * number system (fewer than C(61,13) < 2^44 ways), then the side to move,
 * the feeding move owed and the rule set (dj_rules_get_index()) are added.  Every key is below
 * 2^48, so SQLite stores it in 6 bytes. */
typedef gint64 DjPositionKey;

/* @pos must pass dj_position_check(). */
DjPositionKey  dj_position_key        (const DjRules    *rules,
                                       const DjPosition *pos);
/* Unpacks a key; FALSE if it is not one dj_position_key() can give. */
gboolean       dj_position_key_decode (DjPositionKey     key,
                                       DjRules          *rules,
                                       DjPosition       *pos);

G_END_DECLS
