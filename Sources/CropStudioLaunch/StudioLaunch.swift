/// What `cropsim studio` hands to `cropsim-studio`, the program that runs the studio's server:
/// options already checked by the command line, as one JSON argument.
///
/// The server is a program of its own so that nothing it links loads with every other command:
/// an HTTP library can bring a whole network stack (FoundationNetworking, with libcurl, TLS and
/// Kerberos, is 30 shared libraries and ~7 MiB at start; docs/studio.md, docs/imaging.md "The
/// process baseline").
public struct StudioLaunch: Codable, Equatable, Sendable {
    /// TCP port on 127.0.0.1; 0 for any free port.
    public var port: Int
    /// The view of new recordings, in points, and its screen scale.
    public var viewWidth: Double
    public var viewHeight: Double
    public var screenScale: Double
    /// A device preset's name: new recordings name it instead of the explicit view.
    public var device: String?
    public var photo: String?
    public var scenarios: String
    public var open: String?
    /// `--model`: a command speaking the model protocol, recorded against instead of the
    /// reference editor (docs/model-protocol.md), and its per-request deadline.
    public var model: String?
    public var modelTimeout: Double?

    public init(port: Int, viewWidth: Double, viewHeight: Double, screenScale: Double, device: String?, photo: String?,
                scenarios: String, open: String?, model: String? = nil, modelTimeout: Double? = nil) {
        self.port = port
        self.viewWidth = viewWidth
        self.viewHeight = viewHeight
        self.screenScale = screenScale
        self.device = device
        self.photo = photo
        self.scenarios = scenarios
        self.open = open
        self.model = model
        self.modelTimeout = modelTimeout
    }

    /// The server program's name; `cropsim studio` looks for it next to itself.
    public static let executableName = "cropsim-studio"
}
