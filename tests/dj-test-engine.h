/* dj-test-engine.h: what the engine's tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dj-position.h"

/* The position @text writes ("4 4 4 4 4 4 4 4 4 4 4 4 0 0 S"); the test
 * fails if it does not parse. */
static G_GNUC_UNUSED DjPosition
parse (const char *text)
{
  g_autoptr(GError) error = NULL;
  DjPosition pos;

  g_assert_true (dj_position_parse (text, &pos, &error));
  g_assert_no_error (error);
  return pos;
}
