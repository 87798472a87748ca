"""Ingest: documents in, ``Document``s (records + problems) out.

``read_document(path)`` reads one file; ``iter_documents(paths)`` reads files and folders;
``detect_format(text)`` names the reader a text needs, from its content.
"""
from kg.ingest.detect import detect_format
from kg.ingest.read import iter_documents, read_bytes, read_document

__all__ = ["detect_format", "iter_documents", "read_bytes", "read_document"]
