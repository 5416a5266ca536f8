/// The gallery's `index.html`: a grid of cards, each a looping, muted clip (`autoplay muted loop
/// playsinline`, which browsers let start without a click) with the transition's name, what it
/// does and its parameters. Self-contained: no scripts, no fonts or styles from elsewhere.
public enum GalleryPage {
    /// The page for `cards` of clips between the pictures named `from` and `to` (file names,
    /// shown in the title), each clip `width`×`height`, transitions of `duration` seconds with
    /// `hold` seconds between them.
    public static func html(cards: [TransitionGallery.Card], from: String, to: String, width: Int, height: Int,
                     duration: Double, hold: Double) -> String {
        let seconds = { (value: Double) in value == value.rounded() ? String(Int(value)) : String(value) }
        let figures = cards.map { card in
            let parameters = card.parameters.isEmpty
                ? "<p class=\"none\">no parameters</p>"
                : "<ul>" + card.parameters.map { "<li><code>\(escape($0))</code></li>" }.joined() + "</ul>"
            return """
                <figure id="\(escape(card.clip))">
                <video src="\(escape(card.clip))" width="\(width)" height="\(height)" autoplay muted loop playsinline></video>
                <figcaption><h2>\(escape(card.title))</h2><p>\(escape(card.summary))</p>\(parameters)</figcaption>
                </figure>
                """
        }.joined(separator: "\n")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Segue transitions: \(escape(from)) → \(escape(to))</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; background: #f4f4f4; color: #222; }
            header p { color: #555; }
            main { display: grid; grid-template-columns: repeat(auto-fill, minmax(\(max(width, 200))px, 1fr)); gap: 14px; }
            figure { margin: 0; background: #fff; border-radius: 6px; padding: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
            video { width: 100%; height: auto; display: block; background: #000; border-radius: 3px; }
            h2 { font-size: 16px; margin: 6px 0 2px; }
            figcaption p { margin: 2px 0; color: #444; }
            ul { margin: 4px 0 0; padding-left: 18px; }
            code { font-size: 12px; }
            .none { color: #888; }
            </style>
            </head>
            <body>
            <header><h1>\(cards.count) transitions</h1>
            <p>\(escape(from)) → \(escape(to)) and back, \(seconds(duration)) s each (ease-in-out) with \(seconds(hold)) s holds, \
            \(width)x\(height). Each card names the transition as <code>segue render --effect</code> and edit specs take it, \
            with its parameters and the values it runs with.</p></header>
            <main>
            \(figures)
            </main>
            </body>
            </html>

            """
    }

    /// `text` safe inside HTML text and attribute values.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
