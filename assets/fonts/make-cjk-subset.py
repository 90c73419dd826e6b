#!/usr/bin/env python3
"""Makes the Japanese fallback fonts in this folder from Debian's fonts-noto-cjk.

    apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb noto
    pip install fonttools
    python3 assets/fonts/make-cjk-subset.py noto/usr/share/fonts/opentype/noto assets/fonts

Takes face 0 (Noto Sans CJK JP) of NotoSansCJK-Regular.ttc and NotoSansCJK-Bold.ttc and keeps
only the characters listed by `characters()`; see README.md in this folder.
"""

import sys
import unicodedata
from pathlib import Path

from fontTools import subset


def characters():
    """Every character of Windows-31J (JIS X 0208: level 1 and 2 kanji, kana, symbols, plus
    the NEC and IBM extensions such as 髙 and 﨑 seen in names), the kanji of JIS X 0213
    plane 1, and whole blocks of CJK
    punctuation, Hiragana, Katakana (with its phonetic extensions) and half/full-width forms.
    ASCII and Latin-1 stay with DejaVu Sans and are left out."""
    chars = set()
    leads = list(range(0x81, 0xA0)) + list(range(0xE0, 0xFD))
    trails = list(range(0x40, 0x7F)) + list(range(0x80, 0xFD))
    for lead in leads:
        for trail in trails:
            try:
                chars.update(bytes([lead, trail]).decode("cp932"))
            except UnicodeDecodeError:
                pass
    # JIS X 0213 plane 1 (level 3) kanji: the 2010 jōyō additions such as 𠮟 塡 剝 頰 and
    # name kanji such as 鷗 that JIS X 0208 lacks.
    for row in range(0xA1, 0xFF):
        for cell in range(0xA1, 0xFF):
            try:
                text = bytes([row, cell]).decode("euc_jis_2004")
            except UnicodeDecodeError:
                continue
            chars.update(c for c in text if unicodedata.name(c, "").startswith("CJK"))
    for first, last in [
        (0x3000, 0x303F),  # CJK symbols and punctuation
        (0x3040, 0x309F),  # Hiragana
        (0x30A0, 0x30FF),  # Katakana
        (0x31F0, 0x31FF),  # Katakana phonetic extensions
        (0xFF00, 0xFFEF),  # Half-width and full-width forms
    ]:
        chars.update(chr(c) for c in range(first, last + 1))
    # Private-use and unassigned code points (Windows-31J's user-defined area) have no glyphs.
    return sorted(
        c
        for c in chars
        if ord(c) > 0xFF and unicodedata.category(c) not in ("Co", "Cn")
    )


def main(src, out):
    unicodes = ",".join("U+%04X" % ord(c) for c in characters())
    for weight in ["Regular", "Bold"]:
        subset.main(
            [
                str(Path(src) / f"NotoSansCJK-{weight}.ttc"),
                "--font-number=0",  # Noto Sans CJK JP
                f"--unicodes={unicodes}",
                "--no-hinting",  # resvg draws outlines unhinted
                "--layout-features=kern,palt,halt,locl,ccmp",
                "--drop-tables+=VORG,vhea,vmtx,BASE",  # horizontal text only
                "--name-IDs=*",
                "--name-languages=*",
                f"--output-file={Path(out) / f'NotoSansCJKjp-{weight}-subset.otf'}",
            ]
        )
    print(f"{len(characters())} characters")


if __name__ == "__main__":
    main(*sys.argv[1:3])
