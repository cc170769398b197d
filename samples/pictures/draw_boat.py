"""Draws boat.png, the picture the sliding-puzzle sample cuts into tiles.

Run from this folder: `python draw_boat.py`. Strong light/dark areas, so every tile
of a 3×3 or 4×4 cut still shows something recognisable when printed in grey.
"""

from pathlib import Path

from PIL import Image, ImageDraw

# The drawing is made on a 480-unit square, drawn K pixels a unit: 1440 pixels, so a
# tile of the largest board the sample prints (3x3 on about 2.7 in) has over 300 pixels
# an inch, what a print shop asks (480 pixels gave 181).
UNITS, K = 480, 3
SIZE = UNITS * K


def _k(*values: float) -> tuple[float, ...]:
    return tuple(v * K for v in values)


def draw() -> Image.Image:
    picture = Image.new("RGB", (SIZE, SIZE))
    pen = ImageDraw.Draw(picture)
    for y in range(SIZE * 6 // 10):  # sky, lighter towards the horizon
        shade = 120 + y * 120 // (SIZE * 6 // 10)
        pen.line([(0, y), (SIZE, y)], fill=(shade, shade + 10, 255))
    pen.ellipse(_k(340, 40, 430, 130), fill=(255, 230, 90), outline=(120, 90, 0), width=4 * K)  # sun
    pen.polygon([_k(0, 288), _k(UNITS, 288), _k(UNITS, UNITS), _k(0, UNITS)], fill=(20, 60, 120))  # sea
    for row, y in enumerate(range(310, UNITS, 34)):  # waves
        for x in range(-40 + (row % 2) * 30, UNITS, 60):
            pen.arc(_k(x, y, x + 60, y + 24), 200, 340, fill=(200, 220, 255), width=4 * K)
    pen.polygon([_k(90, 270), _k(390, 270), _k(340, 340), _k(140, 340)], fill=(110, 50, 20), outline=(0, 0, 0), width=K)  # hull
    pen.rectangle(_k(236, 70, 246, 272), fill=(60, 30, 10))  # mast
    pen.polygon([_k(250, 80), _k(250, 255), _k(380, 255)], fill=(250, 250, 250), outline=(0, 0, 0), width=K)  # main sail
    pen.polygon([_k(232, 100), _k(232, 255), _k(120, 255)], fill=(230, 80, 60), outline=(0, 0, 0), width=K)  # jib
    pen.polygon([_k(246, 70), _k(300, 84), _k(246, 98)], fill=(230, 80, 60))  # flag
    for x in range(165, 330, 45):  # portholes
        pen.ellipse(_k(x, 290, x + 22, 312), fill=(240, 240, 200), outline=(0, 0, 0), width=3 * K)
    return picture


if __name__ == "__main__":
    draw().save(Path(__file__).with_name("boat.png"), optimize=True)
