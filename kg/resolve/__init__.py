"""Resolve: ``resolve(documents) -> Corpus``, one ``Paper`` per paper and one ``Person`` per person.

``display_name`` and ``name_key`` say how names are shown and matched; ``title_key`` and
``abstract_key`` how papers are matched (see ``kg.resolve.resolve`` for the identity rules).
"""
from kg.resolve.names import display_name, name_key
from kg.resolve.resolve import abstract_key, resolve, title_key

__all__ = ["abstract_key", "display_name", "name_key", "resolve", "title_key"]
