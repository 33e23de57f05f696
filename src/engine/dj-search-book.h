/* dj-search-book.h: the opening book, exact values of the first plies (internal)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dj-play.h"

G_BEGIN_DECLS

/* The first line of a book file: the magic, then the variant, the feeding
 * option and the number of plies.  Then one position a line, sorted:
 * "p0 … p11 S|N [feed] VALUE", VALUE the seeds still to be won by the side
 * to move with perfect play (captures so far left out).  The last line is
 * "checksum fnv1a64 HHHHHHHHHHHHHHHH": the FNV-1a hash (64 bits, 16
 * lowercase hexadecimal digits) of every byte before that line, so that
 * any changed byte, a value edited by hand or a flipped bit, refuses the
 * book. */
#define DJ_BOOK_MAGIC "djenon-book-2"
/* A book is a few hundred kilobytes; a larger file is not read at all. */
#define DJ_BOOK_MAX_BYTES (16 << 20)

typedef struct _DjBook DjBook;

/* The book of @rules, loaded on first use from the directory of the endgame
 * tables (DJENON_TABLES_DIR, else PKGDATADIR/tables) and kept for the life of
 * the process; thread-safe.  NULL when there is none or it is not valid: the
 * search is then exact all the same, only slower at the start of a game. */
const DjBook *dj_book_get           (const DjRules    *rules);

DjBook       *dj_book_parse         (const DjRules    *rules,
                                     const char       *text,
                                     gsize             length,
                                     GError          **error);
void          dj_book_free          (DjBook           *book);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DjBook, dj_book_free)

/* The exact value of @pos (seeds still to be won, the mover's view): FALSE
 * when the book does not hold it. */
gboolean      dj_book_lookup        (const DjBook     *book,
                                     const DjPosition *pos,
                                     int              *value);
guint         dj_book_size          (const DjBook     *book);
/* The fewest seeds on the board of any of its positions. */
guint         dj_book_min_seeds     (const DjBook     *book);

/* The checksum line (with its newline) of a book whose other lines are the
 * @length bytes of @text. */
char         *dj_book_checksum_line (const char       *text,
                                     gsize             length);

/* Why the book of @rules was refused (damaged, not a regular file …), or
 * NULL: loaded, or no file at all. */
const GError *dj_book_refused       (const DjRules    *rules);

/* A position as the book writes it (captures left out). */
char         *dj_book_key_to_string (const DjPosition *pos);

const char   *dj_book_file_name     (const DjRules    *rules);

G_END_DECLS
