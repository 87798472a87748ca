"""kg: a research knowledge graph of authors, papers and methods."""
from pathlib import Path

__version__ = "0.1.0"

#: The project's ontology folder (kg.ttl, shapes.ttl and the methods lexicon).
ONTOLOGY_DIR = Path(__file__).resolve().parent.parent / "ontology"
