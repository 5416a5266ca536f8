import Foundation

/// editly's `contain-blur`: the picture contained in the frame over a copy of itself scaled to
/// cover it and blurred, so a portrait photo in a landscape frame has soft colour, not black,
/// beside it.
package enum BlurredBackdrop {
    /// The backdrop is blurred at an eighth of the frame's size (a box blur three times, close
    /// to a Gaussian), then scaled up: as soft as a wide blur at a sixty-fourth of its cost.
    package static func reducedSize(width: Int, height: Int) -> (Int, Int) {
        (max(4, (width / 8) & ~1), max(4, (height / 8) & ~1))
    }
}

extension ClipDecoder {
    /// `contain-blur` for a clip, as `BlurredBackdrop` does it for a picture: the frame split,
    /// one copy covering the frame, reduced, box-blurred three times and scaled back, the other
    /// contained and laid over it, centred.
    static func containBlurFilters(width: Int, height: Int, format: String) -> String {
        let (smallWidth, smallHeight) = BlurredBackdrop.reducedSize(width: width, height: height)
        let radius = max(1, min(smallWidth, smallHeight) / 8)
        let chroma = max(1, min(radius, min(smallWidth, smallHeight) / 4))
        return "format=\(format),split[segue_main][segue_back];"
            + "[segue_back]scale=\(width):\(height):force_original_aspect_ratio=increase:eval=frame,crop=\(width):\(height),"
            + "scale=\(smallWidth):\(smallHeight),boxblur=luma_radius=\(radius):luma_power=3:chroma_radius=\(chroma):chroma_power=3,"
            + "scale=\(width):\(height)[segue_blurred];"
            + "[segue_main]scale=\(width):\(height):force_original_aspect_ratio=decrease:eval=frame[segue_front];"
            + "[segue_blurred][segue_front]overlay=(W-w)/2:(H-h)/2,format=\(format)"
    }
}
