"""contrarius: the command-line oracle for Contrarius, the automated opponent of
*Concordia: Solitaria*.

The rules live in plain modules that know nothing of the terminal: :mod:`.board` (the
map graph), :mod:`.snapshot` (the game state), :mod:`.build` ("Where does Contrarius
build?"), :mod:`.reactions` (one turn), :mod:`.setup` (a new game), :mod:`.scoring`
(final scoring). :mod:`.cli` parses, calls them, renders and writes.
"""

__version__ = "0.1.0"
