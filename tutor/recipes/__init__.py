"""Step builders, one module per recipe of the notes; topics compose them."""
