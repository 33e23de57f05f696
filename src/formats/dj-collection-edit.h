/* dj-collection-edit.h: copying, moving and deleting games between files
 *
 * An edit splices the bytes of whole games: every other game of a touched
 * file, and everything around the games (other programs' XML, comments,
 * white space), stays byte-identical.  A game copied between files of the
 * same format keeps its bytes (an XML game gains the namespace declarations
 * it took from its old file's root); between formats it is written anew, and
 * refused when the text notation cannot hold all of it.  Each file is
 * written through dj_safe_save() once the whole new content has been read
 * back and checked: it parses, holds the expected games, and the kept games'
 * bytes are the old ones.
 *
 * A file is refused when its size or modification time differ from the
 * stamp it was listed with (another program changed it since), when it is
 * read-only, when the edit would leave it without a game, or when its games
 * cannot be told apart.  Nothing is written when an edit is refused; a move
 * whose second write fails puts the first file back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define DJ_COLLECTION_EDIT_ERROR (dj_collection_edit_error_quark ())

typedef enum
{
  DJ_COLLECTION_EDIT_ERROR_CHANGED,    /* the file changed on disk since it was listed */
  DJ_COLLECTION_EDIT_ERROR_NO_GAME,    /* no game of that number */
  DJ_COLLECTION_EDIT_ERROR_EMPTY,      /* the file would be left without a game */
  DJ_COLLECTION_EDIT_ERROR_SAME_FILE,  /* a move or merge of a file into itself */
  DJ_COLLECTION_EDIT_ERROR_LOSSY,      /* the target's format cannot hold the game */
  DJ_COLLECTION_EDIT_ERROR_UNCLEAR,    /* the games of the file cannot be told apart */
  DJ_COLLECTION_EDIT_ERROR_READ_ONLY,  /* the file cannot be written */
} DjCollectionEditError;

GQuark   dj_collection_edit_error_quark (void);

/* A file's size and modification time (microseconds since the epoch), as
 * the library's index records them. */
typedef struct
{
  goffset size;
  gint64  mtime;
} DjFileStamp;

gboolean dj_file_stamp_query (const char   *path,
                              DjFileStamp  *stamp,
                              GError      **error);

/* What an edit changed, to put back: every touched file's previous bytes
 * and its stamp after the edit. */
typedef struct _DjCollectionUndo DjCollectionUndo;

void        dj_collection_undo_free      (DjCollectionUndo *undo);
guint       dj_collection_undo_get_n_files (DjCollectionUndo *undo);
const char *dj_collection_undo_get_path  (DjCollectionUndo *undo,
                                          guint             index);
/* The file's stamp after the edit (after dj_collection_undo_apply(): after
 * the undo). */
void        dj_collection_undo_get_stamp (DjCollectionUndo *undo,
                                          guint             index,
                                          DjFileStamp      *stamp);
/* Puts every file back as it was before the edit, through dj_safe_save().
 * Refused (DJ_COLLECTION_EDIT_ERROR_CHANGED, nothing written) when a file
 * changed since the edit.  Once applied, an undo cannot be applied again. */
gboolean    dj_collection_undo_apply     (DjCollectionUndo  *undo,
                                          GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DjCollectionUndo, dj_collection_undo_free)

/* The games are numbered from 1 in file order; @numbers may come in any
 * order (a number twice counts once).  A NULL stamp is not checked.
 * @target's games come after its own, in the order of @numbers sorted. */
DjCollectionUndo *dj_collection_edit_copy   (const char         *source,
                                             const DjFileStamp  *source_stamp,
                                             const guint        *numbers,
                                             guint               n_numbers,
                                             const char         *target,
                                             const DjFileStamp  *target_stamp,
                                             GError            **error);
DjCollectionUndo *dj_collection_edit_move   (const char         *source,
                                             const DjFileStamp  *source_stamp,
                                             const guint        *numbers,
                                             guint               n_numbers,
                                             const char         *target,
                                             const DjFileStamp  *target_stamp,
                                             GError            **error);
/* As dj_collection_edit_copy() (or, when @move, dj_collection_edit_move()),
 * but @target's new games come right after its game @after (numbered from
 * 1; 0: before its first game; past its last: after it, as
 * dj_collection_edit_copy() puts them).  An XML game alone on its lines
 * gets the new games on lines of their own, indented as it is; in the text
 * notation a blank line sets each one apart. */
DjCollectionUndo *dj_collection_edit_insert (const char         *source,
                                             const DjFileStamp  *source_stamp,
                                             const guint        *numbers,
                                             guint               n_numbers,
                                             gboolean            move,
                                             const char         *target,
                                             const DjFileStamp  *target_stamp,
                                             guint               after,
                                             GError            **error);
/* Appends every game of @source to @target; @source is left as it is. */
DjCollectionUndo *dj_collection_edit_merge  (const char         *source,
                                             const DjFileStamp  *source_stamp,
                                             const char         *target,
                                             const DjFileStamp  *target_stamp,
                                             GError            **error);
DjCollectionUndo *dj_collection_edit_delete (const char         *path,
                                             const DjFileStamp  *stamp,
                                             const guint        *numbers,
                                             guint               n_numbers,
                                             GError            **error);

G_END_DECLS
