#!/usr/bin/python3
# test-atspi.py: the built application driven from outside, as assistive
# technology drives it: pits found by role and name and pressed through their
# action, the game saved with the Save button, the file checked with
# djenon-cli; a draft left by a killed process offered back and restored.
#
# Runs itself again inside dbus-run-session (a private session bus with its
# own accessibility bus) under the current X display.  Prints TAP.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

GAME = """<?xml version="1.0" encoding="UTF-8"?>
<djenon xmlns="http://djenon.org/ns/game/1" version="1">
  <game>
    <info>
      <south>Awa</south>
      <north>Kofi</north>
    </info>
    <rules variant="aboure"/>
    <moves>
      <move pit="c"/>
    </moves>
  </game>
</djenon>
"""

BROKEN = """<?xml version="1.0" encoding="UTF-8"?>
<djenon xmlns="http://djenon.org/ns/game/1" version="1">
  <game>
    <rules variant="aboure"/>
    <moves>
      <move pit="c"/>
      <move pit="c"/>
    </moves>
  </game>
</djenon>
"""

# Djenon-abe, no moves yet: the game the fast-entry tests record into.
EMPTY_ABE = """<?xml version="1.0" encoding="UTF-8"?>
<djenon xmlns="http://djenon.org/ns/game/1" version="1">
  <game>
    <rules variant="abe"/>
    <moves/>
  </game>
</djenon>
"""

# Thirty moves of Djenon-abe and the starved pass they force (after f, South
# has no seeds and passes): djenon-cli checks below that every one is legal.
FAST_GAME = ("d C e F d B e A c D c E f C a D f E a B b A e C c F f pass c A a").split()

count = 0
failed = False


def tap(ok, what, detail=None):
    global count, failed
    count += 1
    if not ok:
        failed = True
    print(("ok" if ok else "not ok") + " %d - %s" % (count, what), flush=True)
    if detail and not ok:
        for line in str(detail).splitlines():
            print("# " + line, flush=True)


def reexec_in_session():
    if os.environ.get("DJENON_ATSPI_SESSION") == "1":
        # TAP goes to the test's real standard output, kept on its own
        # descriptor; what the session's daemons print goes to stderr.
        tap_fd = os.environ.get("DJENON_TAP_FD")
        if tap_fd is not None:
            sys.stdout = os.fdopen(int(tap_fd), "w", buffering=1)
        return
    if "DISPLAY" not in os.environ:
        print("1..0 # SKIP no X display")
        sys.exit(0)
    if shutil.which("dbus-run-session") is None:
        print("1..0 # SKIP dbus-run-session is missing")
        sys.exit(0)
    sys.stdout.flush()
    tap_fd = os.dup(1)
    os.set_inheritable(tap_fd, True)
    os.dup2(2, 1)
    env = dict(os.environ, DJENON_ATSPI_SESSION="1", DJENON_TAP_FD=str(tap_fd))
    os.execvpe("dbus-run-session", ["dbus-run-session", "--", sys.executable] + sys.argv, env)


reexec_in_session()

import gi  # noqa: E402

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402


class App:
    """The built application in a home of its own."""

    def __init__(self, home, args):
        env = dict(os.environ)
        env.pop("GTK_A11Y", None)
        env.pop("NO_AT_BRIDGE", None)
        env.pop("G_DEBUG", None)
        env["HOME"] = home
        env["XDG_DATA_HOME"] = os.path.join(home, "data")
        env["XDG_CONFIG_HOME"] = os.path.join(home, "config")
        env["XDG_CACHE_HOME"] = os.path.join(home, "cache")
        env["XDG_STATE_HOME"] = os.path.join(home, "state")
        env["GSETTINGS_BACKEND"] = "keyfile"
        env["ADW_DISABLE_PORTAL"] = "1"
        self.log = open(os.path.join(home, "app.log"), "a")
        self.process = subprocess.Popen([os.environ["DJENON"]] + args, env=env,
                                        stdout=self.log, stderr=self.log)

    def kill(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def make_home(base, name, speed="off"):
    """A home; its animation speed @speed ("off" by default, so that each
    move lands at once; None leaves the default)."""
    home = os.path.join(base, name)
    os.makedirs(os.path.join(home, "config", "glib-2.0", "settings"))
    with open(os.path.join(home, "config", "glib-2.0", "settings", "keyfile"), "w") as f:
        f.write("[org/djenon/Djenon]\n")
        if speed is not None:
            f.write("animation-speed='%s'\n" % speed)
    return home


def walk(node, depth=0):
    if node is None or depth > 40:
        return
    yield node
    try:
        n = node.get_child_count()
    except Exception:
        return
    for i in range(n):
        try:
            child = node.get_child_at_index(i)
        except Exception:
            continue
        yield from walk(child, depth + 1)


def app_roots(pid):
    desktop = Atspi.get_desktop(0)
    for attempt in range(2):
        found = []
        for i in range(desktop.get_child_count()):
            app = desktop.get_child_at_index(i)
            try:
                if app is not None and app.get_process_id() == pid:
                    found.append(app)
            except Exception:
                continue
        if found:
            yield from found
            return
        # The desktop's list of applications is kept up to date by the
        # registry's events; one missed (the registry just started, the
        # machine busy) would hide the application for good: ask again.
        desktop.clear_cache()


def find(pid, role, pattern, timeout=15.0):
    """The first accessible of @role whose name matches @pattern."""
    rx = re.compile(pattern)
    end = time.time() + timeout
    while time.time() < end:
        for root in app_roots(pid):
            for node in walk(root):
                try:
                    # Without the invisible bidirectional isolates
                    # (U+2066 to U+2069) around moves and keys.
                    name = re.sub("[\u2066-\u2069]", "", node.get_name() or "")
                    if node.get_role() == role and rx.search(name):
                        return node
                except Exception:
                    continue
        time.sleep(0.2)
    return None


def names(pid, role):
    out = []
    for root in app_roots(pid):
        for node in walk(root):
            try:
                if node.get_role() == role:
                    out.append(node.get_name())
            except Exception:
                pass
    return out


def press(node):
    action = node.get_action_iface() if hasattr(node, "get_action_iface") else node
    return action.do_action(0)


def play(pid, side, letter):
    pit = find(pid, Atspi.Role.PUSH_BUTTON, r"^%s pit %s," % (side, letter))
    if pit is None:
        return False
    press(pit)
    time.sleep(0.3)
    return True


def xml_main_line(path):
    """The main line's moves, read from the file itself."""
    import xml.etree.ElementTree as ET
    ns = "{http://djenon.org/ns/game/1}"
    game = ET.parse(path).getroot().find(ns + "game")
    depth = 0
    moves = []
    for el in game.find(ns + "moves"):
        if el.tag == ns + "variation-start":
            depth += 1
        elif el.tag == ns + "variation-end":
            depth -= 1
        elif el.tag == ns + "move" and depth == 0:
            moves.append(el.get("pit"))
    return " ".join(moves)


def cli_moves(path):
    """djenon-cli show's account of the file; the file read directly where
    this djenon-cli has no show command."""
    out = subprocess.run([os.environ["DJENON_CLI"], "show", path],
                         capture_output=True, text=True)
    if out.returncode != 0 and "Unknown command" in out.stderr:
        try:
            return 0, "(read from the XML) " + xml_main_line(path)
        except Exception as e:
            return 1, str(e)
    return out.returncode, out.stdout + out.stderr


def wait_for(predicate, timeout=10.0):
    end = time.time() + timeout
    while time.time() < end:
        if predicate():
            return True
        time.sleep(0.2)
    return False


def test_record_and_save(base):
    home = make_home(base, "record")
    path = os.path.join(home, "game.djenon")
    with open(path, "w") as f:
        f.write(GAME)
    before = os.stat(path).st_mtime_ns

    app = App(home, [path])
    pid = app.process.pid
    try:
        frame = find(pid, Atspi.Role.FRAME, r"game\.djenon", timeout=40)
        tap(frame is not None, "the window of the game file appears, named after the file",
            names(pid, Atspi.Role.FRAME))
        if frame is None:
            # Nothing else can be found either: say what was there, and
            # leave the time to the other tests.
            apps = Atspi.get_desktop(0)
            print("# applications on the desktop: %s" % ", ".join(
                "%s (%s)" % (apps.get_child_at_index(i).get_name(),
                             apps.get_child_at_index(i).get_process_id())
                for i in range(apps.get_child_count())), flush=True)
            print("# the application %s" % ("runs" if app.process.poll() is None
                                            else "exited with %s" % app.process.returncode),
                  flush=True)
            return

        # The file holds c and opens at its start; go to its end, where
        # North answers A and South plays d.
        end = find(pid, Atspi.Role.PUSH_BUTTON, r"^Go to the End")
        tap(end is not None, "the replay button Go to the End is found",
            names(pid, Atspi.Role.PUSH_BUTTON))
        if end is not None:
            press(end)
            time.sleep(0.3)
        tap(play(pid, "North", "A"), "North's pit A is found by role and name and pressed",
            names(pid, Atspi.Role.PUSH_BUTTON))
        tap(play(pid, "South", "d"), "South's pit d is pressed")

        # The notation pane reads out the moves as they were played.
        row = find(pid, Atspi.Role.LABEL, r"^1\. c A 2\. d\b")
        tap(row is not None, "the notation pane's row reads 1. c A 2. d",
            names(pid, Atspi.Role.LABEL))

        modified = find(pid, Atspi.Role.FRAME, r"^• game\.djenon")
        tap(modified is not None, "the title marks the unsaved changes",
            names(pid, Atspi.Role.FRAME))

        save = find(pid, Atspi.Role.PUSH_BUTTON, r"^_?Save( |$)")
        tap(save is not None, "the Save button is found", names(pid, Atspi.Role.PUSH_BUTTON))
        if save is not None:
            press(save)
        saved = wait_for(lambda: os.stat(path).st_mtime_ns != before)
        tap(saved, "Save writes the file")
        tap(find(pid, Atspi.Role.FRAME, r"^game\.djenon") is not None,
            "the title no longer marks changes", names(pid, Atspi.Role.FRAME))

        code, out = cli_moves(path)
        tap(code == 0 and re.search(r"\bc\b.*\bA\b.*\bd\b", out, re.S) is not None,
            "djenon-cli show reads the moves c A d from the saved file", out + open(path).read())

        # A pit that cannot be played says why.
        pit = find(pid, Atspi.Role.PUSH_BUTTON, r"^South pit a,")
        if pit is not None:
            press(pit)
        toast = find(pid, Atspi.Role.LABEL, r"belongs to the other player", timeout=5)
        tap(toast is not None, "a refused pit is explained in a toast",
            names(pid, Atspi.Role.LABEL))
    finally:
        app.stop()


def test_draft_after_kill(base):
    home = make_home(base, "draft")
    path = os.path.join(home, "crash.djenon")
    with open(path, "w") as f:
        f.write(GAME)
    drafts = os.path.join(home, "data", "djenon", "drafts")

    app = App(home, [path])
    pid = app.process.pid
    try:
        find(pid, Atspi.Role.FRAME, r"crash\.djenon")
        end = find(pid, Atspi.Role.PUSH_BUTTON, r"^Go to the End")
        if end is not None:
            press(end)
            time.sleep(0.3)
        ok = play(pid, "North", "A") and play(pid, "South", "d") and play(pid, "North", "C")
        tap(ok, "three moves are played")
        written = wait_for(lambda: os.path.isdir(drafts)
                           and any(n.endswith(".djenon") for n in os.listdir(drafts)),
                           timeout=6)
        tap(written, "a draft is written a few seconds after the changes")
    finally:
        app.kill()

    app = App(home, [])
    pid = app.process.pid
    try:
        dialog_button = find(pid, Atspi.Role.PUSH_BUTTON, r"^_?Restore\b", timeout=20)
        heading = find(pid, Atspi.Role.LABEL, r"Restore Unsaved Game\?", timeout=5)
        tap(dialog_button is not None and heading is not None,
            "after kill -9, the next start offers the unsaved game back",
            names(pid, Atspi.Role.PUSH_BUTTON) + names(pid, Atspi.Role.LABEL))
        if dialog_button is not None:
            press(dialog_button)
        # Not walking the tree while the dialog is being destroyed: GTK 4.8's
        # AT-SPI bridge can then hand out an object without a path and crash.
        time.sleep(1.5)
        tap(find(pid, Atspi.Role.PUSH_BUTTON, r"^_?Restore\b", timeout=0.5) is None,
            "Restore closes the question")
        frame = find(pid, Atspi.Role.FRAME, r"^• crash\.djenon")
        tap(frame is not None, "the restored game is the file's, with unsaved changes",
            names(pid, Atspi.Role.FRAME))
        save = find(pid, Atspi.Role.PUSH_BUTTON, r"^_?Save( |$)")
        if save is not None:
            press(save)
        tap(find(pid, Atspi.Role.FRAME, r"^crash\.djenon") is not None,
            "Save saves the restored game to its file", names(pid, Atspi.Role.FRAME))
        wait_for(lambda: not any(n.endswith(".djenon") for n in os.listdir(drafts)))
        code, out = cli_moves(path)
        tap(code == 0 and re.search(r"\bc\b.*\bA\b.*\bd\b.*\bC\b", out, re.S) is not None,
            "saved after restoring, the file holds every move: c A d C", out)
        tap(not any(n.endswith(".djenon") for n in os.listdir(drafts)),
            "saving removes the draft", os.listdir(drafts))
    finally:
        app.stop()


def window_origin(title):
    """Where the X window named @title starts on the screen (GTK 4.8 gives
    accessibles' positions in window coordinates only)."""
    try:
        out = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True,
                             text=True).stdout
    except OSError:
        return 0, 0
    for line in out.splitlines():
        if title in line:
            m = re.search(r"\d+x\d+[+-]-?\d+[+-]-?\d+\s+\+(-?\d+)\+(-?\d+)", line)
            if m:
                return int(m.group(1)), int(m.group(2))
    return 0, 0


def pit_pattern(letter):
    return r"^%s pit %s," % ("South" if letter.islower() else "North", letter)


def test_fast_game_is_legal():
    out = subprocess.run([os.environ["DJENON_CLI"], "play", "abe"] + FAST_GAME,
                         capture_output=True, text=True)
    lines = out.stdout.splitlines()
    tap(out.returncode == 0 and len(lines) == len(FAST_GAME)
        and "| pass |" in lines[FAST_GAME.index("pass") - 1],
        "the game entered fast is legal and forces a pass where it says", out.stdout + out.stderr)


def test_fast_entry(base, speed, how):
    """FAST_GAME entered with no pause between the moves: by the pits'
    actions, by mouse clicks or by letter keys, all sent before the board has
    shown the first move; the file saved afterwards holds the game entered."""
    label = speed or "default"
    home = make_home(base, "fast-%s-%s" % (label, how), speed)
    path = os.path.join(home, "fast.djenon")
    with open(path, "w") as f:
        f.write(EMPTY_ABE)
    app = App(home, [path])
    pid = app.process.pid
    what = "30 moves entered by %s with no pause, animation %s: recorded move by move" % (
        how, label)
    try:
        if find(pid, Atspi.Role.FRAME, r"fast\.djenon", timeout=40) is None:
            tap(False, what, "no window: " + ", ".join(names(pid, Atspi.Role.FRAME)))
            return
        pits = {}
        for letter in "abcdefABCDEF":
            pits[letter] = find(pid, Atspi.Role.PUSH_BUTTON, pit_pattern(letter))
        save = find(pid, Atspi.Role.PUSH_BUTTON, r"^_?Save( |$)")
        if save is None or None in pits.values():
            tap(False, what, names(pid, Atspi.Role.PUSH_BUTTON))
            return
        x0, y0 = window_origin("fast.djenon")
        centre = {}
        for letter, pit in pits.items():
            e = Atspi.Component.get_extents(pit, Atspi.CoordType.WINDOW)
            centre[letter] = (x0 + e.x + e.width // 2, y0 + e.y + e.height // 2)
        if how == "keys":
            # The board takes letters while it has the focus: a click on the
            # other player's pit (refused, with a toast) gives it.
            Atspi.generate_mouse_event(centre["A"][0], centre["A"][1], "b1c")
            wait_for(lambda: find(pid, Atspi.Role.LABEL, r"belongs to the other player",
                                  timeout=0.5) is not None, timeout=5)
        for move in FAST_GAME:
            if move == "pass":
                continue
            if how == "mouse":
                Atspi.generate_mouse_event(centre[move][0], centre[move][1], "b1c")
            elif how == "keys":
                Atspi.generate_keyboard_event(ord(move.lower()), None, Atspi.KeySynthType.SYM)
            else:
                press(pits[move])

        expected = " ".join(FAST_GAME)
        saved = [""]

        def saved_game():
            # The events may still be on their way: save until the file
            # holds as many moves as were entered, then compare.
            press(save)
            time.sleep(0.5)
            try:
                saved[0] = xml_main_line(path)
            except Exception as e:
                saved[0] = str(e)
            return len(saved[0].split()) >= len(FAST_GAME)

        wait_for(saved_game, timeout=30)
        tap(saved[0] == expected, what, "entered: %s\nsaved:   %s" % (expected, saved[0]))
    finally:
        app.stop()


def test_unreadable_file(base):
    home = make_home(base, "broken")
    path = os.path.join(home, "broken.djenon")
    with open(path, "w") as f:
        f.write(BROKEN)
    app = App(home, [path])
    pid = app.process.pid
    try:
        # The heading names the file, the body the line (not the path again).
        message = find(pid, Atspi.Role.LABEL, r"^Line \d+: ", timeout=15)
        tap(message is not None, "an unreadable file opens nothing and explains why, with the line",
            names(pid, Atspi.Role.LABEL))
        # The explanation stands over a window the user can go on working in
        # (test-window plays in it once the error is closed).
        tap(find(pid, Atspi.Role.PUSH_BUTTON, r"^South pit c,", timeout=5) is not None,
            "a game window stays under the explanation",
            names(pid, Atspi.Role.PUSH_BUTTON))
    finally:
        app.stop()


def test_markup_read_out(base):
    """Marks and arrows on the board are read out as the pits' descriptions."""
    home = make_home(base, "markup")
    path = os.path.join(home, "markup.djenon")
    shutil.copy(os.path.join(os.environ["G_TEST_SRCDIR"], "markup", "markup.djenon"), path)
    app = App(home, [path])
    pid = app.process.pid
    try:
        # The file opens at its start: a green circle on c, a green arrow to E.
        pit = find(pid, Atspi.Role.PUSH_BUTTON, r"^South pit c,", timeout=40)
        said = pit.get_description() if pit is not None else None
        tap(said == "Green circle. Arrow to pit E (Green).",
            "pit c's description reads its mark and its arrow", said)
        pit = find(pid, Atspi.Role.PUSH_BUTTON, r"^North pit E,")
        said = pit.get_description() if pit is not None else None
        tap(said == "Arrow from pit c (Green).", "pit E's description reads the arrow to it", said)
        pit = find(pid, Atspi.Role.PUSH_BUTTON, r"^South pit d,")
        said = pit.get_description() if pit is not None else None
        tap(not said, "an unmarked pit has no description", said)
    finally:
        app.stop()


def main():
    for var in ("DJENON", "DJENON_CLI"):
        if var not in os.environ:
            print("1..0 # SKIP %s is not set" % var)
            return 0
    base = tempfile.mkdtemp(prefix="djenon-atspi-")
    # Start the accessibility registry before any application, so that the
    # first one's arrival is seen like the others'.
    Atspi.get_desktop(0).get_child_count()
    try:
        test_record_and_save(base)
        test_draft_after_kill(base)
        test_unreadable_file(base)
        test_fast_game_is_legal()
        # Every input is played, in order, however fast it comes, at every
        # animation speed (None: the default).
        test_fast_entry(base, None, "action")
        for speed in (None, "off", "fast", "slow"):
            for how in ("mouse", "keys"):
                test_fast_entry(base, speed, how)
        test_markup_read_out(base)
    finally:
        if failed:
            for root, _, files in os.walk(base):
                for name in files:
                    if name == "app.log":
                        with open(os.path.join(root, name)) as f:
                            for line in f.read().splitlines()[-20:]:
                                print("# " + root + ": " + line)
        shutil.rmtree(base, ignore_errors=True)
    print("1..%d" % count)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
