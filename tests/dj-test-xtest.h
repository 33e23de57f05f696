/* dj-test-xtest.h: real input events for UI tests, through XTest under Xvfb
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libXtst is loaded at run time (the tests link no X library of their own):
 * xtest_load() is FALSE without an X display or without XTest, and the test
 * then skips.
 */
#pragma once

#include <dlfcn.h>
#include <gdk/x11/gdkx.h>

typedef int (*FakeKeyFunc) (Display *, unsigned int, int, unsigned long);
typedef int (*FakeMotionFunc) (Display *, int, int, int, unsigned long);
typedef int (*FakeButtonFunc) (Display *, unsigned int, int, unsigned long);

static FakeKeyFunc fake_key;
static FakeMotionFunc fake_motion;
static FakeButtonFunc fake_button;
static Display *xdisplay;

/* FALSE when events cannot be sent (no X display, no XTest). */
static G_GNUC_UNUSED gboolean
xtest_load (void)
{
  GdkDisplay *display = gdk_display_get_default ();
  void *lib;

  if (display == NULL || !GDK_IS_X11_DISPLAY (display))
    return FALSE;
  lib = dlopen ("libXtst.so.6", RTLD_NOW);
  if (lib == NULL)
    return FALSE;
  fake_key = (FakeKeyFunc) dlsym (lib, "XTestFakeKeyEvent");
  fake_motion = (FakeMotionFunc) dlsym (lib, "XTestFakeMotionEvent");
  fake_button = (FakeButtonFunc) dlsym (lib, "XTestFakeButtonEvent");
  xdisplay = gdk_x11_display_get_xdisplay (display);
  return fake_key != NULL && fake_motion != NULL && fake_button != NULL;
}

/* A key going down (@down) or up. */
static G_GNUC_UNUSED void
xtest_send_key (KeySym   keysym,
                gboolean down)
{
  fake_key (xdisplay, XKeysymToKeycode (xdisplay, keysym), down, 0);
  XFlush (xdisplay);
}

/* One key, with @mods (keysyms of modifiers, 0-terminated; may be NULL) held. */
static G_GNUC_UNUSED void
xtest_press (KeySym        keysym,
             const KeySym *mods)
{
  for (guint i = 0; mods != NULL && mods[i] != 0; i++)
    xtest_send_key (mods[i], TRUE);
  xtest_send_key (keysym, TRUE);
  xtest_send_key (keysym, FALSE);
  for (guint i = 0; mods != NULL && mods[i] != 0; i++)
    xtest_send_key (mods[i], FALSE);
}
