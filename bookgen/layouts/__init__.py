"""Page templates (YAML), shipped with the package as bookgen.layouts."""
