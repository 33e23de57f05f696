/* dj-format-private.h: helpers shared by the readers and writers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dj-collection.h"
#include "dj-format-error.h"

G_BEGIN_DECLS

/* The opaque foreign XML of a move or start position is
 * "ATTRIBUTES\001ELEMENTS": the other-namespace attributes as written in the
 * start tag (each with a leading space, namespace declarations first), then
 * the other-namespace elements, serialized.  U+0001 cannot occur in XML. */
#define DJ_FOREIGN_SEPARATOR '\001'

/* Sets @error to "NAME:LINE: message" ("NAME: message" for line 0). */
void      dj_format_set_error    (GError       **error,
                                  DjFormatError  code,
                                  const char    *name,
                                  guint          line,
                                  const char    *format,
                                  ...) G_GNUC_PRINTF (5, 6);

/* Opens @file for either reader; *@name gets its parse name, which messages
 * use.  NULL with "NAME: cannot open the file: …" when it cannot be read. */
GInputStream *dj_format_open_file (GFile         *file,
                                   char         **name,
                                   GCancellable  *cancellable,
                                   GError       **error);

/* Appends @text escaped for XML element content (attribute: also quotes and
 * whitespace).  Characters that XML 1.0 cannot hold become U+FFFD. */
void      dj_format_append_escaped (GString     *out,
                                    const char  *text,
                                    gboolean     attribute);

/* A value quoted in a message, on one line (tabs and line breaks become
 * spaces): at most DJ_FORMAT_QUOTE_CHARS characters of
 * @text (@len bytes, or to its NUL for -1), "…" marking a cut. */
#define DJ_FORMAT_QUOTE_CHARS 80
char     *dj_format_quote        (const char   *text,
                                  gssize        len);
/* The same with another bound: for whole messages of libxml2 and the
 * engine, which may quote a value of any length. */
#define DJ_FORMAT_MESSAGE_CHARS 240
char     *dj_format_shorten      (const char   *text,
                                  gssize        len,
                                  guint         max_chars);

/* FALSE with a DJ_FORMAT_ERROR_LIMIT error naming @name when @collection
 * holds more than the readers take (dj-format-error.h); the writers' save
 * functions check it before writing. */
gboolean  dj_format_check_limits (DjCollection  *collection,
                                  const char    *name,
                                  GError       **error);

/* TRUE for a Unicode character that XML 1.0 allows. */
gboolean  dj_format_char_is_xml  (gunichar      c);

/* Where a game lies in a file: its first byte and the byte after its last
 * (the XML <game> element; the text notation's headers to its result). */
typedef struct
{
  gsize start;
  gsize end;
} DjGameSpan;

/* dj_notation_parse() that also appends each game's DjGameSpan to @spans
 * (offsets in @text). */
DjCollection *dj_notation_parse_spans (const char  *text,
                                       gssize       len,
                                       const char  *display_name,
                                       GArray      *spans,
                                       GError     **error);

G_END_DECLS
