"""The shared step builders, one module per recipe of the notes that several topics use (kernel
matrix, centring, eigenpairs, PCA, feature space), each step kind's payload class (a StepData)
beside the builder that fills it; a topic's own steps and payloads are its recipe.py."""
