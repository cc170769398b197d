"""Pages: sections -> pages -> slots, then the answer key as a second pass over the same drawings."""
