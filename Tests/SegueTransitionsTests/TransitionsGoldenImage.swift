import SegueTesting

/// This target's goldens (`Goldens/` beside this file).
let TransitionsGoldenImage = GoldenStore(besideFile: #filePath)
