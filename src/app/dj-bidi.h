/* dj-bidi.h: left-to-right runs inside right-to-left text
 *
 * A position text ("4 4 … 0 0 S"), a move with its glyph ("c!?"), a key
 * combination ("Ctrl+."), a signed value ("−22") is written left to right
 * in every language.  Inside an Urdu sentence the Unicode bidirectional
 * algorithm would reorder its neutral characters ("S 0 0 … 4 4", ".+Ctrl",
 * "?!c", "22−"); wrapped in a left-to-right isolate (LRI … PDI) it keeps its
 * order and is placed as one unit.  Text that may be in either direction (a
 * translated button label) goes in a first-strong isolate (FSI … PDI).  The
 * isolates are invisible, and change nothing in left-to-right text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define DJ_LRI "\xe2\x81\xa6"   /* U+2066 LEFT-TO-RIGHT ISOLATE */
#define DJ_FSI "\xe2\x81\xa8"   /* U+2068 FIRST STRONG ISOLATE */
#define DJ_PDI "\xe2\x81\xa9"   /* U+2069 POP DIRECTIONAL ISOLATE */
#define DJ_RLM "\xe2\x80\x8f"   /* U+200F RIGHT-TO-LEFT MARK */

/* @text as a left-to-right run: a new string. */
static inline char *
dj_bidi_ltr (const char *text)
{
  return g_strconcat (DJ_LRI, text, DJ_PDI, NULL);
}

G_END_DECLS
