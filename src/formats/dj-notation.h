/* dj-notation.h: the text notation, for copy and paste and quick entry
 *
 *   [Variant "aboure"]
 *   [South "A. Diallo"]
 *   [North "B. Keita"]
 *
 *   1. c D 2. a (2. b!? {a quiet move} E) B {three relay laps} 3. pass *
 *
 * Header lines [Key "value"] (Variant, Feeding, Setup, South, North, Event,
 * Site, Date, Round, Result, Termination, EndReason, Score, Annotator,
 * Recorder, Source, Notes, any other key kept as a free pair), then moves
 * with optional numbers ("3." for South, "3..." for North), comments in
 * braces, variations in parentheses, glyphs (! ? !! ?? !? ?!), assessments
 * (= ~ += =+ +/- -/+ +- -+ or $NAG), and a result (1-0 0-1 1/2-1/2 *) that
 * ends a game.  Several games follow each other.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dj-collection.h"
#include "dj-format-error.h"
#include "dj-safe-save.h"

G_BEGIN_DECLS

/* The text notation as a file of its own, registered with the desktop in
 * data/org.djenon.Djenon.mime.xml (".txt" is read as text too). */
#define DJ_TEXT_MIME_TYPE  "text/x-djenon"
#define DJ_TEXT_EXTENSION  ".djn"

/* Parses one or more games.  Errors (DJ_FORMAT_ERROR) say
 * "NAME:LINE:COLUMN: message". */
DjCollection *dj_notation_parse            (const char    *text,
                                            gssize         len,
                                            const char    *display_name,
                                            GError       **error);

/* Reads a whole stream or file (at most DJ_FORMAT_MAX_FILE_BYTES; a NUL
 * byte is refused as soon as it is read) and parses it.  Errors name
 * @display_name (the file's parse name for load_file). */
DjCollection *dj_notation_load_stream      (GInputStream  *stream,
                                            const char    *display_name,
                                            GCancellable  *cancellable,
                                            GError       **error);
DjCollection *dj_notation_load_file        (GFile         *file,
                                            GCancellable  *cancellable,
                                            GError       **error);

/* How the notation writes @result: "1-0", "0-1", "1/2-1/2", or "*" while
 * it is not known. */
const char   *dj_notation_result_token     (DjResult       result);

char         *dj_notation_write_game       (DjGame        *game);
char         *dj_notation_write_collection (DjCollection  *collection);

/* Saves through dj_safe_save() (see dj-safe-save.h): links followed,
 * permissions kept, special files refused, never a partial file; with
 * DJ_SAFE_SAVE_BACKUP the previous version is kept as NAME~, as the
 * application keeps it for both formats.  Marks the collection not
 * modified. */
gboolean      dj_notation_save_file        (DjCollection     *collection,
                                            GFile            *file,
                                            DjSafeSaveFlags   flags,
                                            GCancellable     *cancellable,
                                            GError          **error);

/* Parses move text (no header; numbers, comments, glyphs and nested
 * variations allowed) and adds it after @node as one undo step ("Paste
 * Moves").  Moves already in the tree are followed, not duplicated.
 * Returns the first node of the pasted line, or NULL with an error naming
 * line and column (the game is then unchanged). */
DjNode       *dj_notation_paste            (DjGame        *game,
                                            DjNode        *node,
                                            const char    *text,
                                            GError       **error);

G_END_DECLS
