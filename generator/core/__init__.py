"""The lowest layer: errors, units, the project, traces, processes and safe file access."""
