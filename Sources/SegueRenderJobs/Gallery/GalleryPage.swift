/// The gallery's `index.html`, for video makers: the cards grouped by family, each a looping,
/// muted clip (`autoplay muted loop playsinline`, which browsers let start without a click) with
/// the transition's name, what it looks like in plain words (`GalleryWording`), the edit-spec
/// entry to paste (with a copy button) and, folded away, its parameters. A search box filters
/// the cards; a click on a clip shows it larger. Self-contained: its script and styles are inline,
/// nothing comes from elsewhere.
public enum GalleryPage {
    /// The page for `cards` of clips between the pictures named `from` and `to` (file names,
    /// shown in the title), each clip `width`×`height`, transitions of `duration` seconds with
    /// `hold` seconds between them.
    public static func html(cards: [TransitionGallery.Card], from: String, to: String, width: Int, height: Int,
                     duration: Double, hold: Double) -> String {
        let seconds = { (value: Double) in value == value.rounded() ? String(Int(value)) : String(value) }
        let described = cards.map { (card: $0, wording: GalleryWording.describe($0)) }
        let sections = GalleryWording.families.compactMap { family -> String? in
            let members = described.filter { $0.wording.family == family }
            guard !members.isEmpty else { return nil }
            let figures = members.map { figure($0.card, words: $0.wording.words, family: family, width: width, height: height) }
            return "<section><h2>\(escape(family))</h2>\n<div class=\"grid\">\n" + figures.joined(separator: "\n") + "\n</div></section>"
        }.joined(separator: "\n")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Segue transitions: \(escape(from)) → \(escape(to))</title>
            <style>
            \(style(width: width))
            </style>
            </head>
            <body>
            <header><h1>\(cards.count) transitions</h1>
            <p>\(escape(from)) → \(escape(to)) and back, \(seconds(duration)) s each (ease-in-out) with \(seconds(hold)) s holds, \
            \(width)x\(height). Click a clip to see it larger. Copy a card's line into your edit spec's <code>"transitions"</code>; \
            <code>segue render --effect</code> takes the same names.</p>
            <input id="search" type="search" placeholder="Search transitions: wipe, zoom, blur, left…" autocomplete="off" aria-label="Search transitions">
            <p id="none" hidden>No transition matches.</p></header>
            <main>
            \(sections)
            </main>
            <script>
            \(script)
            </script>
            </body>
            </html>

            """
    }

    /// One card: the clip, the name, the words, the spec entry and its copy button, the parameters.
    static func figure(_ card: TransitionGallery.Card, words: String, family: String, width: Int, height: Int) -> String {
        let parameters = card.parameters.isEmpty
            ? "<p class=\"none\">no parameters</p>"
            : "<details><summary>Parameters</summary><ul>" + card.parameters.map { "<li><code>\(escape($0))</code></li>" }.joined()
                + "</ul></details>"
        let searchable = [card.title, words, family].joined(separator: " ").lowercased()
        return """
            <figure id="\(escape(card.clip))" data-search="\(escape(searchable))">
            <video src="\(escape(card.clip))" width="\(width)" height="\(height)" autoplay muted loop playsinline title="Click to see it larger"></video>
            <figcaption><h3>\(escape(card.title))</h3><p>\(escape(words))</p>
            <div class="snippet"><code>\(escape(GalleryWording.snippet(card)))</code><button type="button" class="copy">Copy</button></div>
            \(parameters)</figcaption>
            </figure>
            """
    }

    static func style(width: Int) -> String {
        """
        body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; background: #f4f4f4; color: #222; }
        header p { color: #555; }
        #search { font-size: 16px; padding: 6px 10px; width: min(480px, 100%); border: 1px solid #bbb; border-radius: 6px; }
        h2 { font-size: 18px; margin: 22px 0 8px; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(\(max(width, 200))px, 1fr)); gap: 14px; }
        figure { margin: 0; background: #fff; border-radius: 6px; padding: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
        figure.large { grid-column: 1 / -1; }
        figure.large video { max-width: 960px; margin: 0 auto; }
        video { width: 100%; height: auto; display: block; background: #000; border-radius: 3px; cursor: zoom-in; transition: transform .2s; }
        figure:not(.large) video:hover { transform: scale(1.04); }
        figure.large video { cursor: zoom-out; }
        h3 { font-size: 16px; margin: 6px 0 2px; }
        figcaption p { margin: 2px 0; color: #444; }
        .snippet { display: flex; gap: 6px; align-items: center; margin: 6px 0; background: #f0f0f4; border-radius: 4px; padding: 4px 6px; }
        .snippet code { flex: 1; white-space: pre-wrap; overflow-wrap: anywhere; }
        .copy { font-size: 12px; }
        ul { margin: 4px 0 0; padding-left: 18px; }
        code { font-size: 12px; }
        .none { color: #888; }
        """
    }

    /// The search (every word typed must appear in a card's name, words or family), the copy
    /// buttons (the clipboard, or a selected text area where the page may not write to it) and
    /// the larger clip on a click.
    static let script = """
        const search = document.getElementById('search');
        search.addEventListener('input', () => {
          const words = search.value.toLowerCase().split(/\\s+/).filter(w => w);
          let shown = 0;
          for (const section of document.querySelectorAll('section')) {
            let inSection = 0;
            for (const card of section.querySelectorAll('figure')) {
              const match = words.every(w => card.dataset.search.includes(w));
              card.hidden = !match;
              inSection += match;
            }
            section.hidden = inSection === 0;
            shown += inSection;
          }
          document.getElementById('none').hidden = shown > 0;
        });
        for (const button of document.querySelectorAll('.copy')) {
          button.addEventListener('click', () => {
            const text = button.parentElement.querySelector('code').textContent;
            const done = () => { button.textContent = 'Copied'; setTimeout(() => { button.textContent = 'Copy'; }, 1500); };
            const fallback = () => {
              const area = document.createElement('textarea');
              area.value = text; document.body.appendChild(area); area.select();
              if (document.execCommand('copy')) done();
              area.remove();
            };
            if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, fallback); else fallback();
          });
        }
        for (const video of document.querySelectorAll('video')) {
          video.addEventListener('click', () => video.closest('figure').classList.toggle('large'));
        }
        """

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
