"""The ground floor: errors, units, where the project is, safe file access, output folders written
whole, the build timeline, worker processes and the loading session. Imports nothing else of the
generator."""
