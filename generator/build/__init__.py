"""Building a project: the pipeline of one edition, validation, freshness, build workers, engine
work started ahead, kept answers, the scaffold of a new game and the JSON Schemas."""
