"""One exporter per profile kind (sheets, PNG, print shop, TTS, proof, rulebook) and the registry that
maps a kind to its exporter."""
