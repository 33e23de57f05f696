/* dj-collection.c: the games of one file, as a GListModel of DjGame
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dj-collection.h"

struct _DjCollection
{
  GObject    parent_instance;

  GPtrArray *games;          /* DjGame *, owned */
  gboolean   changed;        /* games were added or removed since saved */
  gboolean   modified;       /* last notified */
};

static void dj_collection_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (DjCollection, dj_collection, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      dj_collection_list_model_init))

enum {
  PROP_0,
  PROP_MODIFIED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GType
dj_collection_get_item_type (GListModel *model)
{
  return DJ_TYPE_GAME;
}

static guint
dj_collection_get_n_items (GListModel *model)
{
  return DJ_COLLECTION (model)->games->len;
}

static gpointer
dj_collection_get_item (GListModel *model,
                        guint       position)
{
  DjCollection *self = DJ_COLLECTION (model);

  if (position >= self->games->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->games, position));
}

static void
dj_collection_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = dj_collection_get_item_type;
  iface->get_n_items = dj_collection_get_n_items;
  iface->get_item = dj_collection_get_item;
}

static void
update_modified (DjCollection *self)
{
  gboolean modified = dj_collection_get_modified (self);

  if (modified != self->modified)
    {
      self->modified = modified;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
    }
}

static void
on_game_modified (DjGame       *game,
                  GParamSpec   *pspec,
                  DjCollection *self)
{
  update_modified (self);
}

static void
release_game (gpointer data,
              gpointer user_data)
{
  g_signal_handlers_disconnect_by_func (data, on_game_modified, user_data);
}

static void
dj_collection_dispose (GObject *object)
{
  DjCollection *self = (DjCollection *) object;

  if (self->games != NULL)
    {
      g_ptr_array_foreach (self->games, release_game, self);
      g_clear_pointer (&self->games, g_ptr_array_unref);
    }

  G_OBJECT_CLASS (dj_collection_parent_class)->dispose (object);
}

static void
dj_collection_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  DjCollection *self = DJ_COLLECTION (object);

  switch (prop_id)
    {
    case PROP_MODIFIED:
      g_value_set_boolean (value, dj_collection_get_modified (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_collection_class_init (DjCollectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dj_collection_dispose;
  object_class->get_property = dj_collection_get_property;

  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dj_collection_init (DjCollection *self)
{
  self->games = g_ptr_array_new_with_free_func (g_object_unref);
}

DjCollection *
dj_collection_new (void)
{
  return g_object_new (DJ_TYPE_COLLECTION, NULL);
}

DjCollection *
dj_collection_new_with_game (const DjRules *rules)
{
  DjCollection *self = dj_collection_new ();
  g_autoptr(DjGame) game = dj_game_new (rules, NULL);

  dj_collection_append (self, game);
  dj_collection_set_modified (self, FALSE);
  return self;
}

guint
dj_collection_get_n_games (DjCollection *self)
{
  g_return_val_if_fail (DJ_IS_COLLECTION (self), 0);
  return self->games->len;
}

DjGame *
dj_collection_get_game (DjCollection *self,
                        guint         position)
{
  g_return_val_if_fail (DJ_IS_COLLECTION (self), NULL);

  if (position >= self->games->len)
    return NULL;
  return g_ptr_array_index (self->games, position);
}

int
dj_collection_find (DjCollection *self,
                    DjGame       *game)
{
  guint index;

  g_return_val_if_fail (DJ_IS_COLLECTION (self), -1);

  if (!g_ptr_array_find (self->games, game, &index))
    return -1;
  return (int) index;
}

void
dj_collection_insert (DjCollection *self,
                      guint         position,
                      DjGame       *game)
{
  g_return_if_fail (DJ_IS_COLLECTION (self));
  g_return_if_fail (DJ_IS_GAME (game));
  g_return_if_fail (position <= self->games->len);

  g_ptr_array_insert (self->games, position, g_object_ref (game));
  g_signal_connect (game, "notify::modified", G_CALLBACK (on_game_modified), self);
  self->changed = TRUE;
  g_list_model_items_changed (G_LIST_MODEL (self), position, 0, 1);
  update_modified (self);
}

void
dj_collection_append (DjCollection *self,
                      DjGame       *game)
{
  g_return_if_fail (DJ_IS_COLLECTION (self));

  dj_collection_insert (self, self->games->len, game);
}

void
dj_collection_remove (DjCollection *self,
                      guint         position)
{
  DjGame *game;

  g_return_if_fail (DJ_IS_COLLECTION (self));
  g_return_if_fail (position < self->games->len);

  game = g_ptr_array_steal_index (self->games, position);
  release_game (game, self);
  self->changed = TRUE;
  g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 0);
  g_object_unref (game);
  update_modified (self);
}

gboolean
dj_collection_get_modified (DjCollection *self)
{
  g_return_val_if_fail (DJ_IS_COLLECTION (self), FALSE);

  if (self->changed)
    return TRUE;
  for (guint i = 0; i < self->games->len; i++)
    if (dj_game_get_modified (g_ptr_array_index (self->games, i)))
      return TRUE;
  return FALSE;
}

void
dj_collection_set_modified (DjCollection *self,
                            gboolean      modified)
{
  g_return_if_fail (DJ_IS_COLLECTION (self));

  self->changed = modified;
  if (!modified)
    for (guint i = 0; i < self->games->len; i++)
      dj_game_set_modified (g_ptr_array_index (self->games, i), FALSE);
  update_modified (self);
}
