"""Resolve: records to papers and persons, one record at a time (``Resolver``), or a whole batch
(``resolve(documents) -> Corpus``); ``MethodRegistry`` gives methods one key across batches.

``display_name`` and ``name_key`` say how names are shown and matched; ``title_key`` and
``abstract_key`` how papers are matched (see ``kg.resolve.resolve`` for the identity rules).
"""
from kg.resolve.methods import MethodRegistry
from kg.resolve.names import display_name, name_key
from kg.resolve.resolve import Change, PaperState, Resolver, abstract_key, person_key, resolve, title_key

__all__ = ["Change", "MethodRegistry", "PaperState", "Resolver", "abstract_key", "display_name", "name_key",
           "person_key", "resolve", "title_key"]
