"""Loaded once in the composer's fork server (bookgen.serve.builder), before any build:
what every preview build would otherwise load or work out again in its own process, so
a build forked from the server starts with it (the first page of a class set is then
shown in a fraction of a second, not after a second of set-up): bookgen.build's
load_ahead (the types, their generator versions, the default fonts, the built-in
layouts) and Pillow's image formats. Nothing is written anywhere.
"""

from __future__ import annotations

from PIL import Image

from bookgen.build import load_ahead

load_ahead()
Image.preinit()
