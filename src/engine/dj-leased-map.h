/* dj-leased-map.h: a data file mapped under a read lease (internal)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The whole of the regular file open on @fd (read-only), mapped read-only
 * under a read lease, so that it stays what it was when it was checked:
 * before any process may open the file for writing or cut it short, the
 * kernel tells this one, which first copies the mapping into memory of
 * its own, at the same address, then gives the lease up.  The file must
 * be @length bytes long.  Returns the handle of the mapping (0 or more)
 * and sets @data, or -1 where a lease cannot be had (a file of another
 * user, as installed data is; a file open for writing; a system without
 * leases): read the file instead.  Takes @fd on success; the caller
 * closes it otherwise.  Thread-safe. */
int           dj_leased_map      (int            fd,
                                  gsize          length,
                                  const guint8 **data);

/* Unmaps the mapping of @handle and gives its lease up (closes its file). */
void          dj_leased_unmap    (int            handle);

/* TRUE when the file of @handle was about to change and its mapping was
 * copied into memory of this process's own (for tests). */
gboolean      dj_leased_copied   (int            handle);

G_END_DECLS
