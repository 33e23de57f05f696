/* dj-app-pch.h: the precompiled header of the application library (meson's
 * c_pch, used when configured with -Dpch=true, as build-aux/run does).
 * GTK's and libadwaita's headers are more than half of the time to compile
 * each file of src/app; precompiled once, a fresh build of the application
 * takes about half the processor time.  Only system headers belong here:
 * every file still includes what it uses.  (No #pragma once: the compiler
 * takes this file as its main file.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
