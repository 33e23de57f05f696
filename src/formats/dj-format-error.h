/* dj-format-error.h: errors of the file readers and writers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define DJ_FORMAT_ERROR (dj_format_error_quark ())

/* Every message names the file (or "<stdin>") and the line. */
typedef enum
{
  DJ_FORMAT_ERROR_IO,            /* cannot read or write the file */
  DJ_FORMAT_ERROR_SYNTAX,        /* not well-formed XML, bad text notation, bad UTF-8 */
  DJ_FORMAT_ERROR_FORBIDDEN,     /* a DOCTYPE, an entity, an external reference */
  DJ_FORMAT_ERROR_NOT_DJENON,    /* another kind of XML (wrong root or namespace) */
  DJ_FORMAT_ERROR_NEWER_VERSION, /* made by a newer version of Djenon */
  DJ_FORMAT_ERROR_SCHEMA,        /* does not follow the RELAX NG schema */
  DJ_FORMAT_ERROR_STRUCTURE,     /* unbalanced variations and similar */
  DJ_FORMAT_ERROR_ILLEGAL_MOVE,  /* a move the rules do not allow */
  DJ_FORMAT_ERROR_POSITION,      /* a set-up position that cannot exist */
  DJ_FORMAT_ERROR_VALUE,         /* a bad date, result, score … */
  DJ_FORMAT_ERROR_LIMIT,         /* too large: comments, moves, games, file */
  DJ_FORMAT_ERROR_READ_ONLY,     /* the file to replace is read-only (dj_safe_save) */
} DjFormatError;

GQuark      dj_format_error_quark    (void);

/* Stable names of the codes ("syntax", "illegal-move" …), for test tables. */
const char *dj_format_error_to_string (DjFormatError code);

/* Limits of the readers: one set for both formats and every way in (a
 * file, standard input, the clipboard), documented in README.md ("Limits").
 * The writers write nothing a reader would refuse. */
#define DJ_FORMAT_MAX_FILE_BYTES  ((goffset) 1 << 30)   /* 1 GiB */
#define DJ_FORMAT_MAX_NODES       (5 * 1000 * 1000)     /* per file */
#define DJ_FORMAT_MAX_GAMES       100000
#define DJ_FORMAT_MAX_TEXT_BYTES  (100 * 1000)          /* a comment, a note, a name, a tag */
#define DJ_FORMAT_MAX_TAGS        1000                  /* free key/value pairs per game */
#define DJ_FORMAT_MAX_INFO_BYTES  (1000 * 1000)         /* all the information of a game */
#define DJ_FORMAT_MAX_FOREIGN_BYTES (64 * 1024)         /* other-namespace XML per move or game */
/* Other-namespace XML kept for a whole file: at most this many times the
 * file's size (plus DJ_FORMAT_MAX_FOREIGN_BYTES). */
#define DJ_FORMAT_FOREIGN_GROWTH  4

G_END_DECLS
