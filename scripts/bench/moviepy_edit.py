#!/usr/bin/env python3
"""The edit of `segue bench --sections edit`, made with MoviePy 2 for comparison.

Clips in order, each overlapping the next by TRANSITION seconds with a crossfade of the
pictures (CrossFadeIn on the later clip) and of the sound (fade out / fade in), music under
all at VOLUME, encoded with libx264 CRF 23 and AAC 192k at the preset asked for. The bench
runs it with FFMPEG_BINARY set to the same ffmpeg Segue uses, so both encode with the same
x264 and AAC encoder.

usage: moviepy_edit.py OUT.mp4 --clips A.mp4 B.mp4 C.mp4 --music M.wav
       [--transition 1] [--volume 0.5] [--fps 30] [--preset medium] [--crf 23]
"""
import argparse
import os

from moviepy import AudioFileClip, CompositeAudioClip, CompositeVideoClip, VideoFileClip, afx, vfx


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--clips", nargs="+", required=True)
    parser.add_argument("--music", required=True)
    parser.add_argument("--transition", type=float, default=1.0)
    parser.add_argument("--volume", type=float, default=0.5)
    parser.add_argument("--fps", type=int, default=30)
    parser.add_argument("--preset", default="medium")
    parser.add_argument("--crf", type=int, default=23)
    args = parser.parse_args()

    fade = args.transition
    placed = []
    start = 0.0
    for index, path in enumerate(args.clips):
        clip = VideoFileClip(path)
        video_effects = []
        audio_effects = []
        if index > 0:
            video_effects.append(vfx.CrossFadeIn(fade))
            audio_effects.append(afx.AudioFadeIn(fade))
        if index < len(args.clips) - 1:
            audio_effects.append(afx.AudioFadeOut(fade))
        if clip.audio is not None and audio_effects:
            clip = clip.with_audio(clip.audio.with_effects(audio_effects))
        placed.append(clip.with_effects(video_effects).with_start(start))
        start += clip.duration - fade
    video = CompositeVideoClip(placed)
    length = video.duration
    music = AudioFileClip(args.music).with_effects([afx.MultiplyVolume(args.volume)])
    music = music.with_duration(min(music.duration, length))
    video = video.with_audio(CompositeAudioClip([video.audio, music]).with_duration(length))
    video.write_videofile(
        args.out, fps=args.fps, codec="libx264", audio_codec="aac", audio_bitrate="192k",
        preset=args.preset, ffmpeg_params=["-crf", str(args.crf)], pixel_format="yuv420p", logger=None,
        # MoviePy's temporary sound file goes beside the output, not into the working directory.
        temp_audiofile_path=os.path.dirname(os.path.abspath(args.out)))


if __name__ == "__main__":
    main()
