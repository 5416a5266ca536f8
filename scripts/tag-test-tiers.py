#!/usr/bin/env python3
"""Tags every test suite by what it costs (pure, gl, window, ffmpeg) from what its file uses,
and marks suites that run ffmpeg with .requiresFFmpeg. Idempotent: suites already tagged are
left alone. Run from the repository root after adding test files."""
import re, sys, pathlib

GL = re.compile(r'HeadlessEGLContext|withDevice|HeadlessStage|GLDevice|Compositor\(|CommandRunner|ExampleRunner|SeedPorts|'
                r'makeTexture|TransitionSnapshots|TransitionRenderer|GLTransitionEffect|PixelDissolve\(|EffectRenderer|'
                r'TransitionSoak|GestureStress|renderFrame|Label\(|GLContext|BuiltProgram')
WINDOW = re.compile(r'Xvfb|WindowSession|xdotool')
FFMPEG = re.compile(r'VideoReader|FFmpegXfade|FFmpegTools|TransitionExporter|TimelineExporter|ReferenceTool|EditPlan|'
                    r'"ffmpeg"|"ffprobe"|"edit"|"join"|--sections", "(export|edit)|"--out", "[^"]*\.(mp4|webm|gif)"')

def code_only(text):
    # Comments name tools they do not run (a doc line mentioning ffmpeg is not a dependency).
    return re.sub(r'//[^\n]*', '', text)

def tiers(text):
    text = code_only(text)
    t = []
    if WINDOW.search(text): t.append('.window')
    if GL.search(text) or WINDOW.search(text): t.append('.gl')
    if FFMPEG.search(text): t.append('.ffmpeg')
    return t or ['.pure']

changed = 0
for path in sorted(list(pathlib.Path('Tests').rglob('*.swift')) + list(pathlib.Path('CLI/Tests').rglob('*.swift'))):
    text = path.read_text()
    if '@Test' not in text or 'Support' in path.parts: continue
    t = tiers(text)
    traits = '.tags(' + ', '.join(t) + ')' + (', .requiresFFmpeg' if '.ffmpeg' in t else '')
    def add(m):
        head, args = m.group(1), m.group(2)
        if args is not None and '.tags(' in args: return m.group(0)
        if args is None or args.strip() == '': return f'{head}({traits})'
        return f'{head}({args}, {traits})'
    new = re.sub(r'^(\s*@Suite)(?:\((.*)\))?(?=\s|$)', add, text, flags=re.M)
    if new != text:
        if 'import SegueTesting' not in new:
            new = re.sub(r'^(import Testing)$', r'\1\nimport SegueTesting', new, count=1, flags=re.M)
        path.write_text(new)
        changed += 1
print(f'tagged suites in {changed} files')
