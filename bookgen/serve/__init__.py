"""`bookgen serve`: a local page on which a teacher composes a book and watches it take
shape. The page's form is made from the options the spec declares (bookgen.options,
the spec's BookOptions, SectionOptions, each type's Params) and what it offers is what
`check` accepts, asked of the spec itself; the preview is the real PDF, rasterised.

    spectext.py  the page's state <-> the spec's YAML text
    form.py      the form, from the declarations, with each choice offered or why not
    builder.py   one build at a time per page, in a child process a newer request stops
    server.py    HTTP on the loopback address: the page, its API, its downloads
    page/        the page itself: HTML, CSS and JavaScript, no build step, nothing fetched
"""
