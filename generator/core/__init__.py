"""The ground floor: errors, units, where the project is, output folders written whole, the build
timeline and worker processes. Imports nothing else of the generator."""
