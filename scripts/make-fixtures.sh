#!/usr/bin/env bash
# Regenerates the committed sample tree `sample/` of small real files (audio, video, images,
# documents, code, archives, an ELF binary). Only maintainers run this: it needs ffmpeg, gcc and the
# Python packages Pillow, piexif, reportlab, python-docx, python-pptx, openpyxl, odfpy. The tests
# and `make run` use the committed files and need none of these generators.
set -euo pipefail
cd "$(dirname "$0")/.."
out=sample
rm -rf "$out"
mkdir -p "$out"/{Music,Movies,Pictures,Documents,Code,Archives,bin}
ff() { ffmpeg -nostdin -loglevel error -y "$@"; }

# Audio: a 3-second tone, tagged, in every format the extractors must read.
tone=(-f lavfi -i "sine=frequency=440:duration=3:sample_rate=22050")
meta=(-metadata "title=Intro à Paris" -metadata "artist=Steve Reich" -metadata "album=Été à Paris"
      -metadata "genre=Minimal" -metadata "composer=Philip Glass" -metadata "date=2024")
ff "${tone[@]}" "${meta[@]}" -ac 1 -c:a libmp3lame -b:a 32k "$out/Music/intro-paris.mp3"
ff "${tone[@]}" "${meta[@]}" -ac 1 -c:a libmp3lame -b:a 32k -write_xing 0 "$out/Music/no-xing.mp3"
ff "${tone[@]}" -metadata "title=Variable" -metadata "artist=Steve Lacy" -ac 1 -c:a libmp3lame -q:a 9 "$out/Music/vbr.mp3"
ff "${tone[@]}" "${meta[@]}" -ac 2 -c:a aac -b:a 24k "$out/Music/tone.m4a"
ff "${tone[@]}" -metadata "title=Flac Tone" -metadata "artist=Ana Müller" -ac 1 -c:a flac "$out/Music/tone.flac"
ff "${tone[@]}" -metadata "title=Vorbis Tone" -ac 1 -c:a libvorbis -q:a 0 "$out/Music/tone.ogg"
ff -f lavfi -i "sine=frequency=440:duration=3:sample_rate=48000" -metadata "title=Opus Tone" -ac 1 -c:a libopus -b:a 8k "$out/Music/tone.opus"
ff -f lavfi -i "sine=frequency=440:duration=3:sample_rate=8000" -metadata "title=Wave Tone" -ac 1 -c:a pcm_u8 "$out/Music/tone.wav"
ff -f lavfi -i "sine=frequency=440:duration=3:sample_rate=8000" -ac 1 -c:a pcm_s16be "$out/Music/tone.aiff"
# An MP3 that claims to be text.
cp "$out/Music/intro-paris.mp3" "$out/Documents/song-notes.txt"

# Video: one second, 160x120, with a tone; every container the extractors must read.
vid=(-f lavfi -i "testsrc=size=160x120:rate=10:duration=1" -f lavfi -i "sine=frequency=660:duration=1:sample_rate=22050")
ff "${vid[@]}" -metadata "title=Test Pattern" -metadata "artist=Steve McQueen" -c:v libx264 -pix_fmt yuv420p -crf 40 -c:a aac -b:a 16k -ac 1 "$out/Movies/clip.mp4"
ff "${vid[@]}" -metadata "title=QuickTime Clip" -c:v libx264 -pix_fmt yuv420p -crf 40 -c:a aac -b:a 16k -ac 1 "$out/Movies/clip.mov"
ff "${vid[@]}" -metadata "title=Matroska Clip" -c:v libx264 -pix_fmt yuv420p -crf 40 -c:a libvorbis -q:a 0 -ac 1 "$out/Movies/clip.mkv"
ff "${vid[@]}" -metadata "title=WebM Clip" -c:v libvpx -b:v 20k -c:a libvorbis -q:a 0 -ac 1 "$out/Movies/clip.webm"
ff "${vid[@]}" -metadata "title=AVI Clip" -c:v mpeg4 -q:v 20 -c:a libmp3lame -b:a 32k -ac 1 "$out/Movies/clip.avi"

# Images, documents, archives: Python writers.
python3 scripts/make-fixtures.py "$out"

# Code and a real ELF binary.
cat > "$out/Code/hello.c" <<'C'
#include <stdio.h>

/* Prints a greeting; compiled into sample/bin/hello. */
int main(void) {
    puts("hello from fsfind's sample tree");
    return 0;
}
C
cat > "$out/Code/script.py" <<'PY'
#!/usr/bin/env python3
"""Counts to three."""
for i in range(3):
    print(i)
PY
printf '#!/bin/sh\necho "paris"\n' > "$out/Code/run.sh"
chmod +x "$out/Code/run.sh" "$out/Code/script.py"
gcc -Os -s -o "$out/bin/hello" "$out/Code/hello.c"

(cd "$out" && zip -q -X Archives/bundle.zip Code/hello.c Code/script.py)
tar --sort=name --owner=0 --group=0 --mtime=2024-01-01 -C "$out" -czf "$out/Archives/bundle.tar.gz" Code
: > "$out/empty.txt"
echo "a hidden note about paris" > "$out/.hidden-note.txt"
du -sh "$out"
