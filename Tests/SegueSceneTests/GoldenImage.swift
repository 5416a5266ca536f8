import SegueTesting

/// This target's goldens (`Goldens/` beside this file).
let GoldenImage = GoldenStore(besideFile: #filePath)
