"""The Consul.

Base rules (refresher): "The Consul buys one card and ignores the goods beneath the
position."

"Solo Personality Cards", Senator and Consul: "Reaction of Contrarius: Contrarius builds 1
house: Roll the white Senator/Consul die to determine the goods type of the city the
house is built in." (the Senator's reaction, :func:`contrarius.rules.personalities.senator.react`).

What the player records: at most 1 card bought.
"""

from __future__ import annotations

from contrarius.material.cards import Reaction
from contrarius.rules.personalities import senator
from contrarius.rules.personalities.statement import Statement

react = senator.react

STATEMENT = Statement(Reaction.CONSUL, "Consul", '"Solo Personality Cards", Senator and Consul', buys=1, react=react)
