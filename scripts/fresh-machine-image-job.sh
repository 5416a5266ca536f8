#!/usr/bin/env bash
# Run inside the image's root by scripts/fresh-machine-check, with the runtime stage's packages
# alone and the static `segue` on PATH: what the Kubernetes job does, on media made here.
set -euo pipefail
cd "$(mktemp -d)"
segue --version
segue samples --out media
ffmpeg -v error -f lavfi -i testsrc2=size=320x180:rate=30:duration=2 -f lavfi -i sine=frequency=440:duration=2 \
  -c:v libx264 -pix_fmt yuv420p -c:a aac -shortest media/clip.mp4
picture=$(ls media/*.png | head -1)
other=$(ls media/*.png | tail -1)

# A transition between two pictures, as frames and as a video.
segue render --from "$picture" --to "$other" --effect wipeleft --frames 10 --size 320x180 --out frames
[[ $(ls frames/*.png | wc -l) -ge 10 ]] || { echo "render: fewer than 10 frames" >&2; exit 1; }
segue render --from "$picture" --to "$other" --effect fade --duration 1 --size 320x180 --out fade.mp4

# An edit: a picture, a clip with sound and a transition between them, whole and as two chunks joined.
cat >media/edit.json <<EOF
{"size": "320x180", "fps": 30,
 "items": [{"picture": "$(basename "$picture")", "duration": 1.5}, {"clip": "clip.mp4", "from": 0, "to": 2}],
 "transitions": [{"effect": "circleopen", "duration": 0.5}]}
EOF
segue edit media/edit.json --out edit.mp4
segue edit media/edit.json --chunk 0/2 --out part0.mp4
segue edit media/edit.json --chunk 1/2 --out part1.mp4
segue join part0.mp4 part1.mp4 --out joined.mp4

for video in fade.mp4 edit.mp4 joined.mp4; do
  frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$video")
  [[ $frames -gt 0 ]] || { echo "$video: no frames" >&2; exit 1; }
  echo "$video: $frames frames"
done
edit_frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 edit.mp4)
[[ $edit_frames -eq 90 ]] || { echo "edit.mp4: $edit_frames frames, expected 90 (1.5 s + 2 s - 0.5 s at 30 fps)" >&2; exit 1; }
echo "image job: render (frames, mp4), edit (whole and 2 chunks joined) passed with the runtime packages alone"
