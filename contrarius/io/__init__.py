"""Layer 1, text and YAML: reading and writing text files and stdin, strict safe YAML, deterministic dumping."""
