/* dj-cli-json.h: the --json output of djenon-cli's commands
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A small writer: objects, arrays, strings (escaped as RFC 8259 asks, any
 * UTF-8 kept), integers, booleans and null, with commas where they belong.
 * The shapes of each command's output are documented in the README.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define DJ_JSON_MAX_DEPTH 16

typedef struct
{
  GString  *out;
  guint     depth;
  gboolean  has_items[DJ_JSON_MAX_DEPTH];
  gboolean  after_key;
} DjJson;

void  dj_json_init          (DjJson     *json);
/* The document, with a final newline; @json is reset. */
char *dj_json_finish        (DjJson     *json);

void  dj_json_begin_object  (DjJson     *json);
void  dj_json_end_object    (DjJson     *json);
void  dj_json_begin_array   (DjJson     *json);
void  dj_json_end_array     (DjJson     *json);
void  dj_json_key           (DjJson     *json,
                             const char *key);
void  dj_json_string        (DjJson     *json,
                             const char *value);   /* NULL: null */
void  dj_json_int           (DjJson     *json,
                             gint64      value);
void  dj_json_double        (DjJson     *json,
                             double      value);
void  dj_json_bool          (DjJson     *json,
                             gboolean    value);
void  dj_json_null          (DjJson     *json);

/* A key and its value at once. */
void  dj_json_member_string (DjJson     *json,
                             const char *key,
                             const char *value);
void  dj_json_member_int    (DjJson     *json,
                             const char *key,
                             gint64      value);
void  dj_json_member_bool   (DjJson     *json,
                             const char *key,
                             gboolean    value);

G_END_DECLS
