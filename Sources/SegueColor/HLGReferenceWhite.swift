/// Where HLG's reference white (HDR Reference White: 75 % HLG signal, 203 cd/m² on BT.2100's
/// 1000-nit reference display) lands when an HLG clip is tone-mapped to SDR.
public enum HLGReferenceWhite: String, Sendable, Hashable, CaseIterable {
    /// ITU-R BT.2408's mapping between HDR and SDR: HDR reference white is SDR's reference white,
    /// 100 % signal (R'G'B' 1.0, code 255 in full range, 235 in limited). The display light is
    /// taken relative to 203 cd/m² (reference white 1, the 1000-nit peak 1000/203 ≈ 4.93) and the
    /// operator's curve scaled so that reference white stays at 1: what is darker keeps the
    /// operator's shape (with `clip`, light alone, as BT.2408's display-referred mapping), what
    /// is brighter (speculars, a bright sky: up to 2.3 stops above) clips at SDR white. HLG footage
    /// then sits as bright as SDR footage cut beside it. Segue's default for edits that mix HLG with
    /// SDR (clips, pictures or title cards).
    case bt2408
    /// ffmpeg's `tonemap`: light relative to 100 cd/m², the operator's curve scaled so that the
    /// 1000-nit peak is SDR white. The highlights keep their detail, and reference white lands at
    /// 75 % (193 of 255 with `hable`), a stop darker than SDR footage's white. The default otherwise.
    case ffmpeg

    /// HDR reference white, in cd/m² (BT.2408).
    public static let referenceWhiteNits = 203.0

    /// The light the operator sees, per unit of `TransferCharacteristic.toLinear`'s (100 cd/m²).
    public var lightScale: Double { self == .bt2408 ? 100 / Self.referenceWhiteNits : 1 }

    /// The brightest light in the operator's units: HLG's 1000 cd/m².
    public var peak: Double { self == .bt2408 ? HLG.displayPeak / Self.referenceWhiteNits : ToneMapOperator.defaultPeak }

    /// What the operator's result is multiplied by: 1 / curve(reference white) for `bt2408`,
    /// which puts reference white at 1; 1 for `ffmpeg`.
    public func gain(_ toneMap: ToneMapOperator) -> Double {
        self == .bt2408 ? 1 / toneMap.curve(1, peak: peak) : 1
    }

    /// The default for an edit: `bt2408` where HLG clips are cut with SDR material, so both have
    /// the same white; `ffmpeg` (as ffmpeg's own conversion) where nothing SDR is beside them.
    public static func defaultFor(hasHLG: Bool, hasSDR: Bool) -> HLGReferenceWhite {
        hasHLG && hasSDR ? .bt2408 : .ffmpeg
    }
}
