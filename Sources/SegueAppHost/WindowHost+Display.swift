import SegueGLFW

/// The window as the window system shows it: its title, fullscreen, the monitor's refresh rate.
extension WindowHost {
    /// The window's title (the window manager's title bar, `xdotool search --name`).
    public var title: String {
        get { titleStorage }
        set {
            titleStorage = newValue
            context.setTitle(newValue)
        }
    }

    /// True while the window fills its monitor. Setting it fills the primary monitor at its
    /// current video mode, or puts the window back where and as large as it was; the window
    /// follows the new size as it follows any resize (`Window.resize(to:)`).
    public var isFullscreen: Bool {
        get { context.isFullscreen }
        set {
            guard newValue != context.isFullscreen else { return }
            context.setFullscreen(newValue)
            followSurface()
        }
    }

    /// The refresh rate (Hz) of the monitor the window is on (the primary one while windowed),
    /// as the window system reports it; nil when it reports none. What frame statistics compare
    /// their intervals with to tell whether frames waited for the display.
    public var monitorRefreshRate: Double? { context.monitorRefreshRate }
}
