/* dj-example-uri.h: djenon: links that open a position (and a move) in Djenon
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The help's worked examples carry a link of the form
 *   djenon:play?variant=abe&feeding=immediate&setup=3+0+2+…+S&move=d
 * that any help reader hands to Djenon (the desktop file registers the
 * scheme).  Such a link comes from outside: everything in it is checked, and
 * a link that is not one of these is refused with a translated reason.
 */
#pragma once

#include "dj-play.h"

G_BEGIN_DECLS

#define DJ_EXAMPLE_URI_SCHEME "djenon"
/* Longer links are refused unread: the longest real one is about 120 bytes. */
#define DJ_EXAMPLE_URI_MAX    1024

typedef struct
{
  DjRules    rules;
  DjPosition start;
  DjMove     move;       /* DJ_NO_MOVE when the link names none */
} DjExampleLink;

gboolean  dj_example_uri_parse  (const char     *uri,
                                 DjExampleLink  *link,
                                 GError        **error);
/* The link for a position and a move (DJ_NO_MOVE for none); @start NULL: the
 * usual start. */
char     *dj_example_uri_build  (const DjRules    *rules,
                                 const DjPosition *start,
                                 DjMove            move);

G_END_DECLS
