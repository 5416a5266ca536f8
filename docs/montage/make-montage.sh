#!/usr/bin/env bash
# The worked montage of docs/Export.md: makes its media with ffmpeg (pictures, two clips with
# sound, a voice-over, music), renders montage.json with `segue edit` and a contact sheet of the
# result (one frame a second). Usage: docs/montage/make-montage.sh [SEGUE] [OUT_DIR] (default ./montage-out)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
segue="${1:-segue}"
out="${2:-$PWD/montage-out}"
mkdir -p "$out"
cp "$here/montage.json" "$here/captions.srt" "$out/"
cd "$out"
ff() { ffmpeg -hide_banner -nostdin -loglevel error -y "$@"; }
ff -f lavfi -i "mandelbrot=s=1600x1200:end_pts=1,format=rgb24" -frames:v 1 harbour.jpg
ff -f lavfi -i "gradients=s=900x1400:c0=0xffd166:c1=0x3060ff:x0=0:y0=0:x1=900:y1=1400:nb_colors=2,format=rgba" -frames:v 1 tower.png
ff -f lavfi -i "testsrc2=s=1280x720:r=30:d=5,hue=h=180" -f lavfi -i "sine=f=330:d=5" \
   -c:v libx264 -preset veryfast -g 30 -pix_fmt yuv420p -c:a aac -shortest waves.mp4
ff -f lavfi -i "testsrc2=s=1280x720:r=30:d=5,hue=h=40" -f lavfi -i "sine=f=440:d=5" \
   -c:v libx264 -preset veryfast -g 30 -pix_fmt yuv420p -c:a aac -shortest street.mp4
# The voice-over: three spoken-length beeps; the music: two notes an octave apart, looped.
ff -f lavfi -i "sine=f=800:d=6,volume='if(lt(mod(t,2),1.2),1,0)':eval=frame" voice-over.wav
ff -f lavfi -i "aevalsrc='0.3*sin(2*PI*220*t)+0.2*sin(2*PI*440*t)':d=12" music.wav
"$segue" edit montage.json --out montage.mp4
ff -i montage.mp4 -vf "fps=1,scale=256:-2,tile=5x4:padding=4:color=white" -frames:v 1 montage-contact.png
echo "$out/montage.mp4 and $out/montage-contact.png"
