"""Write EvalplotsTestCJK-Regular.ttf: the CJK font the tests embed, on any machine.

CI may have no CJK font installed; the tests point ``EVALPLOTS_FONT_PATH`` at
this file, so the path that embeds an installed CJK font is exercised
everywhere. It holds the glyphs of ``CHARS`` only, taken from Noto Sans CJK SC
Regular (SIL Open Font License 1.1, see OFL.txt) with the report's own subset
function (evalplots.report._fonts.truetype_subset: PostScript outlines become
TrueType ones), and is renamed, as the licence asks of a modified font.

Run from the repository root on a machine with the font installed
(``apt-get install fonts-noto-cjk``)::

    python tests/fonts/regenerate.py
"""

import io
import pathlib

from fontTools.ttLib import TTFont

from evalplots.report._fonts import truetype_subset

SOURCE = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
SOURCE_FACE = 2  # Noto Sans CJK SC
#: the characters of the tests' names: Chinese, Japanese kana and Korean Hangul
CHARS = "中文模型猫数据类别かな한국어"
FAMILY = "Evalplots Test CJK"
NAMES = {1: FAMILY, 2: "Regular", 3: "EvalplotsTestCJK-Regular", 4: f"{FAMILY} Regular",
         6: "EvalplotsTestCJK-Regular", 16: FAMILY, 17: "Regular"}
TARGET = pathlib.Path(__file__).with_name("EvalplotsTestCJK-Regular.ttf")


def main():
    font = TTFont(io.BytesIO(truetype_subset(SOURCE, SOURCE_FACE, CHARS)))
    table = font["name"]
    table.names = [r for r in table.names if r.nameID not in NAMES]
    for name_id, text in NAMES.items():
        table.setName(text, name_id, 3, 1, 0x409)  # Windows, Unicode BMP, English
    font.recalcTimestamp = False
    font.save(TARGET)
    print(f"{TARGET}: {TARGET.stat().st_size} bytes, {len(CHARS)} characters")


if __name__ == "__main__":
    main()
