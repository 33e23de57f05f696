/* dj-action-host.c: what the print and study actions need from the view they act in
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dj-action-host.h"

G_DEFINE_INTERFACE (DjActionHost, dj_action_host, GTK_TYPE_WIDGET)

static void
dj_action_host_default_init (DjActionHostInterface *iface)
{
}

DjDocument *
dj_action_host_get_document (DjActionHost *self)
{
  g_return_val_if_fail (DJ_IS_ACTION_HOST (self), NULL);
  return DJ_ACTION_HOST_GET_IFACE (self)->get_document (self);
}

DjGame *
dj_action_host_get_game (DjActionHost *self)
{
  g_return_val_if_fail (DJ_IS_ACTION_HOST (self), NULL);
  return DJ_ACTION_HOST_GET_IFACE (self)->get_game (self);
}

DjBoard *
dj_action_host_get_board (DjActionHost *self)
{
  g_return_val_if_fail (DJ_IS_ACTION_HOST (self), NULL);
  return DJ_ACTION_HOST_GET_IFACE (self)->get_board (self);
}

void
dj_action_host_show_toast (DjActionHost *self,
                           const char   *text)
{
  g_return_if_fail (DJ_IS_ACTION_HOST (self));
  g_return_if_fail (text != NULL);
  DJ_ACTION_HOST_GET_IFACE (self)->show_toast (self, text);
}

void
dj_action_host_show_error (DjActionHost *self,
                           const char   *heading,
                           const char   *body)
{
  g_return_if_fail (DJ_IS_ACTION_HOST (self));
  g_return_if_fail (heading != NULL);
  DJ_ACTION_HOST_GET_IFACE (self)->show_error (self, heading, body);
}

void
dj_action_host_replace_game (DjActionHost     *self,
                             const DjRules    *rules,
                             const DjPosition *start)
{
  g_return_if_fail (DJ_IS_ACTION_HOST (self));
  g_return_if_fail (rules != NULL);
  DJ_ACTION_HOST_GET_IFACE (self)->replace_game (self, rules, start);
}
