"""The shared step builders, one module per recipe of the notes that several topics use (kernel
matrix, centring, eigenpairs, PCA, feature space); a topic's own steps are its recipe.py."""
