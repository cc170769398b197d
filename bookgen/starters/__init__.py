"""Commented starter specs printed by `bookgen new`; each builds as it is."""
