import Foundation

/// What a window manager and other applications do to a window, done by the session itself:
/// Xvfb runs no window manager, and xdotool has no command that sends a close request (its
/// `windowclose` destroys the window, `windowkill` kills its client). A short libX11 client
/// (python3's ctypes) does it.
extension XvfbSession {
    /// A request the X client could not carry out; `said` is what it printed.
    public struct ClientRequestFailed: Error, CustomStringConvertible {
        public let request: String
        public let said: String
        public var description: String { "the X client could not \(request): \(said.isEmpty ? "it said nothing" : said)" }
    }

    /// Asks `window` (an X id, as xdotool prints it) to close as a window manager does when its
    /// close button is clicked: an ICCCM `WM_PROTOCOLS` message carrying `WM_DELETE_WINDOW`. The
    /// application decides what to do; the window is not destroyed for it.
    public func requestClose(window: String) throws {
        try runClient(["delete", window], expecting: "sent", request: "send WM_DELETE_WINDOW to \(window)")
    }

    /// Maps a small window of another client in the screen's bottom-right corner and gives it
    /// the input focus, as a click on another application does: the window that had the focus
    /// loses it (a FocusOut event). The other window is gone when this returns; the focus then
    /// goes back to the root window, not to the window that lost it.
    public func takeInputFocus() throws {
        try runClient(
            ["focus", "\(screenWidth - 8)", "\(screenHeight - 8)"], expecting: "focused", request: "take the input focus")
    }

    private func runClient(_ arguments: [String], expecting answer: String, request: String) throws {
        guard Self.which("python3") != nil else { throw MissingTool(tool: "python3") }
        let said = String(decoding: try run("python3", ["-c", Self.clientScript] + arguments), as: UTF8.self)
        guard said.trimmingCharacters(in: .whitespacesAndNewlines) == answer else {
            throw ClientRequestFailed(request: request, said: said)
        }
    }

    /// `delete WINDOW`: sends the close request, prints "sent". `focus X Y`: maps an 8×8 window
    /// at (X, Y), waits until it is viewable, gives it the focus, prints "focused" once the X
    /// server says the focus is there.
    static let clientScript = """
        import ctypes, sys
        from ctypes import byref, c_char_p, c_int, c_long, c_uint, c_ulong, c_void_p
        lib = ctypes.CDLL("libX11.so.6")
        def function(name, result, *arguments):
            f = getattr(lib, name); f.restype = result; f.argtypes = list(arguments); return f
        XOpenDisplay = function("XOpenDisplay", c_void_p, c_char_p)
        XInternAtom = function("XInternAtom", c_ulong, c_void_p, c_char_p, c_int)
        XSendEvent = function("XSendEvent", c_int, c_void_p, c_ulong, c_int, c_long, c_void_p)
        XSync = function("XSync", c_int, c_void_p, c_int)
        XDefaultRootWindow = function("XDefaultRootWindow", c_ulong, c_void_p)
        XCreateSimpleWindow = function(
            "XCreateSimpleWindow", c_ulong, c_void_p, c_ulong, c_int, c_int, c_uint, c_uint, c_uint, c_ulong, c_ulong)
        XSelectInput = function("XSelectInput", c_int, c_void_p, c_ulong, c_long)
        XMapWindow = function("XMapWindow", c_int, c_void_p, c_ulong)
        XNextEvent = function("XNextEvent", c_int, c_void_p, c_void_p)
        XSetInputFocus = function("XSetInputFocus", c_int, c_void_p, c_ulong, c_int, c_ulong)
        XGetInputFocus = function("XGetInputFocus", c_int, c_void_p, ctypes.POINTER(c_ulong), ctypes.POINTER(c_int))
        class ClientMessage(ctypes.Structure):
            _fields_ = [("type", c_int), ("serial", c_ulong), ("send_event", c_int), ("display", c_void_p),
                        ("window", c_ulong), ("message_type", c_ulong), ("format", c_int), ("data", c_long * 5)]
        class Event(ctypes.Union):
            _fields_ = [("type", c_int), ("xclient", ClientMessage), ("pad", c_long * 24)]
        display = XOpenDisplay(None)
        if not display:
            sys.exit("cannot open the display")
        event = Event()
        if sys.argv[1] == "delete":
            window = int(sys.argv[2], 0)
            event.xclient.type = 33  # ClientMessage
            event.xclient.window = window
            event.xclient.message_type = XInternAtom(display, b"WM_PROTOCOLS", 0)
            event.xclient.format = 32
            event.xclient.data[0] = XInternAtom(display, b"WM_DELETE_WINDOW", 0)
            event.xclient.data[1] = 0  # CurrentTime
            XSendEvent(display, window, 0, 0, byref(event))  # to the window's own client, no event mask
            XSync(display, 0)
            sys.stdout.write("sent\\n")
        elif sys.argv[1] == "focus":
            window = XCreateSimpleWindow(display, XDefaultRootWindow(display), int(sys.argv[2]), int(sys.argv[3]), 8, 8, 0, 0, 0)
            XSelectInput(display, window, 1 << 17)  # StructureNotifyMask
            XMapWindow(display, window)
            while event.type != 19:  # MapNotify: only a viewable window may take the focus
                XNextEvent(display, byref(event))
            XSetInputFocus(display, window, 2, 0)  # RevertToParent, CurrentTime
            XSync(display, 0)
            focus, revert = c_ulong(), c_int()
            XGetInputFocus(display, byref(focus), byref(revert))
            sys.stdout.write("focused\\n" if focus.value == window else "focus is on %d\\n" % focus.value)
        """
}
