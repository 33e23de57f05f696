/* dj-xml.h: the Djenon XML game format (.djenon, application/x-djenon+xml)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dj-collection.h"
#include "dj-format-error.h"
#include "dj-safe-save.h"

G_BEGIN_DECLS

#define DJ_XML_NAMESPACE   "http://djenon.org/ns/game/1"
#define DJ_XML_VERSION     1
#define DJ_XML_MIME_TYPE   "application/x-djenon+xml"
#define DJ_XML_EXTENSION   ".djenon"

/* Whether the first @len bytes of a game file (or stream) begin as XML
 * does: "<" after a byte order mark and white space.  FALSE while only
 * white space has been seen: more bytes are needed, and an input with
 * nothing else goes to the XML reader, which says what is wrong. */
gboolean      dj_xml_sniff          (const guint8   *data,
                                     gsize           len,
                                     gboolean       *is_xml);

/* Reading: the schema is checked as the file streams in, then every move is
 * played by the engine.  Errors are DJ_FORMAT_ERROR and name @display_name
 * (the file's parse name when NULL) and the line.  The games come back not
 * modified, with an empty undo history, current node at the root. */
DjCollection *dj_xml_load_file      (GFile          *file,
                                     GCancellable   *cancellable,
                                     GError        **error);
DjCollection *dj_xml_load_stream    (GInputStream   *stream,
                                     const char     *display_name,
                                     GCancellable   *cancellable,
                                     GError        **error);
/* Starts libxml2 and compiles the schema: call it once from the main thread
 * before reading files in worker threads. */
void          dj_xml_init           (void);
DjCollection *dj_xml_load_data      (const char     *data,
                                     gsize           len,
                                     const char     *display_name,
                                     GError        **error);

/* Checks a file and reports every problem found (schema errors go on; a game
 * stops being checked at its first illegal move; an XML syntax error ends
 * the check).  Returns TRUE when there is none; else @problems (if not NULL)
 * gets GError * elements, each message "FILE:LINE: message". */
gboolean      dj_xml_validate_file  (GFile          *file,
                                     GPtrArray     **problems);
/* The same for a stream, with messages naming @display_name. */
gboolean      dj_xml_validate_stream (GInputStream  *stream,
                                      const char    *display_name,
                                      GPtrArray    **problems);

/* Writing: canonical output (same tree, same bytes).  save_file saves
 * through dj_safe_save() (see dj-safe-save.h: links followed, permissions
 * kept, never a partial file), keeping the previous version as
 * NAME.djenon~. */
gboolean      dj_xml_write_stream   (DjCollection   *collection,
                                     GOutputStream  *stream,
                                     GCancellable   *cancellable,
                                     GError        **error);
gboolean      dj_xml_save_file      (DjCollection   *collection,
                                     GFile          *file,
                                     GCancellable   *cancellable,
                                     GError        **error);
/* The same with the flags of dj_safe_save() (DJ_SAFE_SAVE_BACKUP for the
 * NAME.djenon~ above, DJ_SAFE_SAVE_FORCE to replace a read-only file). */
gboolean      dj_xml_save_file_full (DjCollection     *collection,
                                     GFile            *file,
                                     DjSafeSaveFlags   flags,
                                     GCancellable     *cancellable,
                                     GError          **error);
/* The whole document in memory (for tests and copy). */
char         *dj_xml_to_string      (DjCollection   *collection,
                                     gsize          *len);

/* The RELAX NG schema, compiled in (same text as data/djenon-game.rng). */
GBytes       *dj_xml_get_schema     (void);

G_END_DECLS
