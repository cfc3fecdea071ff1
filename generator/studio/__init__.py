"""The live studio: a local web page of an edition's pieces, repainted as its files are saved."""
