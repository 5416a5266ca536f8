// Blend modes (being written).
