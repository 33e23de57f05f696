/* dj-move-label.c: a move as the interface shows it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dj-move-label.h"

const char *
dj_move_label (DjMove move)
{
  /* Translators: a move that passes the turn, in the notation, the analysis
   * and the status line */
  return move == DJ_PASS ? C_("move", "pass") : dj_move_to_string (move);
}
