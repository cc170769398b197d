"""Draws boat.png, the picture the sliding-puzzle sample cuts into tiles.

Run from this folder: `python draw_boat.py`. Strong light/dark areas, so every tile
of a 3×3 or 4×4 cut still shows something recognisable when printed in grey.
"""

from pathlib import Path

from PIL import Image, ImageDraw

SIZE = 480


def draw() -> Image.Image:
    picture = Image.new("RGB", (SIZE, SIZE))
    pen = ImageDraw.Draw(picture)
    for y in range(SIZE * 6 // 10):  # sky, lighter towards the horizon
        shade = 120 + y * 120 // (SIZE * 6 // 10)
        pen.line([(0, y), (SIZE, y)], fill=(shade, shade + 10, 255))
    pen.ellipse((340, 40, 430, 130), fill=(255, 230, 90), outline=(120, 90, 0), width=4)  # sun
    pen.polygon([(0, 288), (SIZE, 288), (SIZE, SIZE), (0, SIZE)], fill=(20, 60, 120))  # sea
    for row, y in enumerate(range(310, SIZE, 34)):  # waves
        for x in range(-40 + (row % 2) * 30, SIZE, 60):
            pen.arc((x, y, x + 60, y + 24), 200, 340, fill=(200, 220, 255), width=4)
    pen.polygon([(90, 270), (390, 270), (340, 340), (140, 340)], fill=(110, 50, 20), outline=(0, 0, 0))  # hull
    pen.rectangle((236, 70, 246, 272), fill=(60, 30, 10))  # mast
    pen.polygon([(250, 80), (250, 255), (380, 255)], fill=(250, 250, 250), outline=(0, 0, 0))  # main sail
    pen.polygon([(232, 100), (232, 255), (120, 255)], fill=(230, 80, 60), outline=(0, 0, 0))  # jib
    pen.polygon([(246, 70), (300, 84), (246, 98)], fill=(230, 80, 60))  # flag
    for x in range(165, 330, 45):  # portholes
        pen.ellipse((x, 290, x + 22, 312), fill=(240, 240, 200), outline=(0, 0, 0), width=3)
    return picture


if __name__ == "__main__":
    draw().save(Path(__file__).with_name("boat.png"), optimize=True)
