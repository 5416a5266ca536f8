import Logging

/// The module's log (`segue.rendering`): what its whole renders did, for a program that turns
/// its log level up (the CLI's `SEGUE_LOG_LEVEL`).
enum RenderingLog {
    static let logger = Logger(label: "segue.rendering")
}
