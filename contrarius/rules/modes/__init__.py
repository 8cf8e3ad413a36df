"""The modes of play: solo (Contrarius's reactions), two players taking turns, team play, Contrarius as a third player."""
